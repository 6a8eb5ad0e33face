package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/termsafe"
)

const balancePlanDoc = `Plan cuts a balance study into shards for machines wbtool does not
coordinate, and writes into OUT/balance/:

  manifest.json     the one source of truth: content hash, engine version,
                    bots per seat, matchups, seeds, shard count and size
  job.yaml          a Kubernetes Indexed Job (completions = shards, each
                    index retried alone: backoffLimitPerIndex)
  balance.slurm     a SLURM array script (sbatch balance.slurm)
  workflow.yml      a GitHub Actions workflow, matrices of at most 256 jobs
  commands.txt      one command line per shard (HTCondor, GNU parallel)

Each shard runs 'wbtool balance run --manifest M --shard I' and writes
RESULTS/shard-I/balance/shard-I-of-N.json; 'wbtool balance merge
--manifest M RESULTS' merges them into the report one machine writes,
byte for byte. The options are balance's; --shards or --shard-size cuts
the run.

Examples:
  wbtool balance plan --bot mcts:1 --games 100000 --shard-size 500 --results /mnt/results --out plan
  wbtool balance plan --format exploration --bot random --games 40 --shards 4 --out plan`

const balanceRunDoc = `Run plays one shard of a planned balance study (wbtool balance plan) and
writes OUT/balance/shard-I-of-N.json, sealed with its digest. The shard's
index is --shard, else the scheduler's variable: JOB_COMPLETION_INDEX
(Kubernetes), SLURM_ARRAY_TASK_ID (SLURM) or WBTOOL_SHARD_INDEX (a CI
matrix or anything else). The shard count is always the manifest's, never
the environment's: a retried SLURM task sees an array of one task. Content
whose hash differs from the manifest's, or another engine, is refused.

Examples:
  wbtool balance run --manifest plan/balance/manifest.json --shard 3 --out results/shard-3
  wbtool balance merge --manifest plan/balance/manifest.json --partial results`

// shardIndexEnv are the schedulers' variables that give a shard's index.
var shardIndexEnv = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "WBTOOL_SHARD_INDEX"}

// balanceFlags are the options of a balance run, shared by balance and
// balance plan.
type balanceFlags struct {
	o                        balance.Options
	format, scenarios, decks string
}

func (b *balanceFlags) bind(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&b.format, "format", "", "exploration or confrontation (default: both)")
	f.StringVar(&b.scenarios, "scenario", "", "scenario ids `A,B` (default: every scenario of the format)")
	f.StringVar(&b.decks, "decks", "", "deck ids `A,B,...` (default: every deck of the format)")
	f.StringVar(&b.o.Bot, "bot", "mcts:1", "bot for both players, or `A,B` for the first seat's and the second's: random, greedy, mcts or mcts:1 to mcts:3 (Warstuff: default greedy)")
	f.IntVar(&b.o.Games, "games", 50, "games per matchup and seat order")
	f.Uint64Var(&b.o.Seed, "seed", 1, "first seed; game i of every matchup uses seed+i")
	f.BoolVar(&b.o.Maintenance, "maintenance", false, "Confrontation: play with the Maintenance option (R-TURN-7)")
	f.BoolVar(&b.o.Variants, "variants", false, "also play each deck without each of its cards (but Leaders)")
	f.StringVar(&b.o.Gauntlet, "gauntlet", "", "play only this `DECK`'s games: against each other deck, in both seats")
}

// settings are the run's settings from the flags (the bot resolved).
func (b *balanceFlags) settings(cmd *cobra.Command, lab balance.Lab) (balance.Settings, error) {
	if b.o.Games < 1 || b.o.Games > balance.MaxGames {
		return balance.Settings{}, usagef("--games %d: expected 1 to %d games per matchup and seat order", b.o.Games, balance.MaxGames)
	}
	set := b.o.Settings
	if b.format != "" {
		set.Formats = []string{b.format}
	}
	set.Scenarios, set.Decks = splitList(b.scenarios), splitList(b.decks)
	if !cmd.Flags().Changed("bot") {
		set.Bot = lab.DefaultBot()
	}
	return set, nil
}

func newBalancePlanCmd(g *globalFlags) *cobra.Command {
	var bf balanceFlags
	var shards, size int
	p := balance.JobParams{}
	cmd := &cobra.Command{
		Use:   "plan",
		Short: "Cut a balance study into shards: a manifest and job files for schedulers",
		Long:  balancePlanDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (shards == 0) == (size == 0) {
				return usagef("give --shards N or --shard-size GAMES (one of them)")
			}
			if shards < 0 || size < 0 {
				return usagef("--shards and --shard-size: expected a positive number")
			}
			if p.Retries < 0 || p.Parallel < 0 {
				return usagef("--retries and --parallel: expected 0 or more")
			}
			for _, f := range []struct{ flag, v string }{{"manifest-path", p.Manifest}, {"content-path", p.Content}, {"results", p.Results},
				{"image", p.Image}, {"claim", p.Claim}, {"install", p.Install}, {"job-timeout", p.Timeout}} {
				if !termsafe.Safe(f.v) || strings.ContainsAny(f.v, "\n\r") {
					return usagef("--%s %q: a control character has no place in a job file", f.flag, f.v)
				}
			}
			if p.Results == "" || p.Image == "" || p.Claim == "" {
				return usagef("--results, --image and --claim: expected a value")
			}
			ms, err := loadMatches(cmd, g)
			if err != nil {
				return err
			}
			lab := ms.Lab()
			set, err := bf.settings(cmd, lab)
			if err != nil {
				return err
			}
			m, err := balance.Plan(lab, set, shards, size)
			var se *balance.ShardError
			if errors.As(err, &se) {
				return usagef("%s", se.Msg)
			}
			if err != nil {
				return usagef("%v", err)
			}
			data, err := balance.MarshalManifest(m)
			if err != nil {
				return err
			}
			if p.Manifest == "" {
				p.Manifest = path.Join(filepath.ToSlash(g.out), balanceDir, "manifest.json")
			}
			if !cmd.Flags().Changed("content-path") {
				p.Content = filepath.ToSlash(g.content)
			}
			files := dist.Files{
				"manifest.json": data,
				"job.yaml":      []byte(m.KubernetesJob(p)),
				"balance.slurm": []byte(m.SlurmScript(p)),
				"workflow.yml":  []byte(m.GitHubWorkflow(p)),
				"commands.txt":  []byte(m.Commands(p)),
			}
			dir, err := openOut(g)
			if err != nil {
				return err
			}
			if _, err := dir.Publish(dist.Update{Dir: balanceDir, Files: files, Keep: true}); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "manifest %s: %d matchups × %d games = %d games (seeds %d to %d), bots %s / %s, %d shards of at most %d games\n",
				m.ID, len(m.Matchups), m.Settings.Games, m.Games, m.Seeds.First, m.Seeds.Last, m.Bots[0], m.Bots[1], m.Shards, m.ShardSize)
			names := make([]string, 0, len(files))
			for name := range files {
				names = append(names, name)
			}
			slices.Sort(names)
			for _, name := range names {
				fmt.Fprintf(w, "wrote %s\n", dir.Root()+"/"+balanceDir+"/"+name)
			}
			return nil
		},
	}
	bf.bind(cmd)
	f := cmd.Flags()
	f.IntVar(&shards, "shards", 0, "cut the run into `N` shards")
	f.IntVar(&size, "shard-size", 0, "cut the run into shards of at most `GAMES` games")
	f.StringVar(&p.Manifest, "manifest-path", "", "the manifest's `PATH` as the jobs see it (default: OUT/balance/manifest.json)")
	f.StringVar(&p.Content, "content-path", "", "the content folder's `PATH` as the jobs see it (default: --content as given)")
	f.StringVar(&p.Timeout, "job-timeout", "2h", "each shard's time budget (wbtool's --timeout)")
	f.StringVar(&p.Results, "results", "results", "the `PATH` the shards write into (a volume, or an object store mounted as one); shard I in PATH/shard-I")
	f.StringVar(&p.Image, "image", "wbtool:latest", "Kubernetes: the container `IMAGE` with wbtool on its PATH")
	f.StringVar(&p.Claim, "claim", "wbtool-balance", "Kubernetes: the persistent volume claim mounted at /work (manifest, content, results)")
	f.IntVar(&p.Parallel, "parallel", 0, "shards run at once (0: the scheduler's limit)")
	f.IntVar(&p.Retries, "retries", 3, "Kubernetes: retries of each shard (backoffLimitPerIndex)")
	f.StringVar(&p.Install, "install", "go install wbtool.dev/wbtool/cmd/wbtool@latest", "GitHub Actions: the `COMMAND` that puts wbtool on the PATH")
	return cmd
}

func newBalanceRunCmd(g *globalFlags) *cobra.Command {
	var manifest, shard string
	var workers int
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Play one shard of a planned balance study",
		Long:  balanceRunDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			m, err := readManifest(manifest)
			if err != nil {
				return err
			}
			i, err := shardIndex(shard, cmd.Flags().Changed("shard"), os.Getenv, m.Shards)
			if err != nil {
				return err
			}
			ms, err := loadMatches(cmd, g)
			if err != nil {
				return err
			}
			r, err := balance.RunShard(cmd.Context(), ms.Lab(), m, i, workers)
			var me *balance.ManifestError
			if errors.As(err, &me) {
				return usagef("%s: %s", manifest, me.Msg)
			}
			if err != nil {
				return usagef("%v", err)
			}
			return publishBalance(cmd, g, r, m.ShardFile(i))
		},
	}
	f := cmd.Flags()
	f.StringVar(&manifest, "manifest", "", "the run's manifest (wbtool balance plan), `FILE`")
	f.StringVar(&shard, "shard", "", "the shard's index `I` (default: JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or WBTOOL_SHARD_INDEX)")
	f.IntVar(&workers, "workers", 0, "games played at once (0: every core)")
	_ = cmd.MarkFlagRequired("manifest")
	return cmd
}

// readManifest reads a run's manifest named on the command line.
func readManifest(name string) (*balance.Manifest, error) {
	data, err := readArgFile(name)
	if err != nil {
		return nil, usagef("%v", err)
	}
	m, err := balance.ParseManifest(data)
	if err != nil {
		return nil, usagef("%s: %v", name, err)
	}
	return m, nil
}

// shardIndex is a shard's index: the flag's, else the one scheduler
// variable that is set (two that disagree are refused). It is checked
// against the manifest's count n, the only count there is.
func shardIndex(flag string, given bool, getenv func(string) string, n int) (int, error) {
	src, v := "--shard", flag
	if !given {
		src = ""
		for _, name := range shardIndexEnv {
			x := getenv(name)
			if x == "" {
				continue
			}
			if src != "" && x != v {
				return 0, usagef("%s=%s and %s=%s disagree: give the shard with --shard I", src, v, name, x)
			}
			if src == "" {
				src, v = name, x
			}
		}
		if src == "" {
			return 0, usagef("no shard index: give --shard I, or run under a scheduler that sets %s", strings.Join(shardIndexEnv, ", "))
		}
	}
	i, err := strconv.Atoi(v)
	if err != nil || strings.TrimSpace(v) != v || strings.HasPrefix(v, "+") {
		return 0, usagef("%s %q: expected a shard index, 0 to %d", src, v, n-1)
	}
	if i < 0 || i >= n {
		return 0, usagef("%s %d: the manifest has shards 0 to %d", src, i, n-1)
	}
	return i, nil
}

// shardFileName is the name 'balance run' gives a shard's result.
var shardFileName = regexp.MustCompile(`^shard-[0-9]+-of-[0-9]+\.json$`)

// shardFiles lists the shard results named on the command line: files as
// given, and in a folder every shard-I-of-N.json below it, in name order.
func shardFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && shardFileName.MatchString(d.Name()) {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		slices.Sort(found)
		out = append(out, found...)
	}
	return out, nil
}
