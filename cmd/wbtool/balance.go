package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema/playtest"
)

const balanceDoc = `Balance plays every pairing of the content's decks on each scenario of
the format (both formats by default), in both seat orders on the same
seeds, with one bot on both sides, on all cores. It writes
OUT/balance/balance.json (the tallies and what they say) and
OUT/balance/index.html (also OUT/site/balance/ when the site is built), a
report with SVG charts: the matchup heat map, seat advantage, draws,
completion, game length, per-card figures and, with --variants, each
card's effect (the deck played without it against the same opponents on
the same seeds). It prints the summary and the alerts: a first seat
outside 45–55 %, a matchup beyond 60/40, a card effect beyond 5 points,
each only when its whole 95 % interval lies beyond.

--shard I/N plays the slice I (0 ≤ I < N) of the run and writes
OUT/balance/shard-I-of-N.json; 'wbtool balance merge' adds shards up into
the run's result and report (README: "Balance runs on many machines").
'wbtool balance plan' writes a run's manifest and the job files of
Kubernetes, SLURM and GitHub Actions; 'wbtool balance run' plays one of
its shards.

--bot A,B plays bot A on the first seat and B on the second.

--sprt ELO0,ELO1 (or win rates P0%,P1%) plays each pair of decks in
paired games (the same seed, the seats swapped), in batches, until a
sequential probability ratio test decides: a deck favoured by at least
ELO1 (H1), or the matchup balanced within ELO0 for either deck (H0), at
the error rates --sprt-alpha and --sprt-beta; --games is then the most
pairs. The summary and the report say for each pair how many games it
took and why it stopped.

Results depend only on the content, the seed and the options. With no
option it plays both formats of the content with the mcts:1 bot, 50 games
per matchup and seat order; its default time budget is 10 minutes
(--timeout).

Examples:
  wbtool balance --format exploration --games 4
  wbtool balance --format exploration --bot greedy --games 20
  wbtool balance --decks raiders-strike,clans-vigil --bot random --variants
  wbtool balance --format exploration --bot random --shard 0/2 --out dist-0
  wbtool balance --format exploration --bot random --shard 1/2 --out dist-1
  wbtool balance merge dist-0/balance/shard-0-of-2.json dist-1/balance/shard-1-of-2.json`

func newBalanceCmd(g *globalFlags) *cobra.Command {
	var bf balanceFlags
	o := &bf.o
	var shard, sprt, playtests string
	var noProgress bool
	st := balance.SPRT{Alpha: 0.05, Beta: 0.05, Batch: balance.DefaultSPRTBatch}
	cmd := &cobra.Command{
		Use:   "balance",
		Short: "Play every deck pairing and write a balance report with alerts",
		Long:  balanceDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// Counts no machine can run are refused before any work.
			if o.Games < 1 || o.Games > balance.MaxGames {
				return usagef("--games %d: expected 1 to %d games per matchup and seat order", o.Games, balance.MaxGames)
			}
			if shard != "" {
				s, err := parseShard(shard)
				if err != nil {
					return err
				}
				o.Shard = s
			}
			if sprt != "" {
				if shard != "" {
					return usagef("--sprt and --shard: a sequential run is not cut into shards (when each test stops depends on all its games)")
				}
				if err := parseSPRT(sprt, &st); err != nil {
					return err
				}
			}
			pts, err := readPlaytests(cmd, g, playtests)
			if err != nil {
				return err
			}
			ms, err := loadMatches(cmd, g)
			if err != nil {
				return err
			}
			if rr, ok := ms.(ruleset.Rules); ok {
				// an unfinished rulebook: the figures depend on the
				// Decisions standing in for the missing rules (as sim says)
				fmt.Fprintln(cmd.OutOrStdout(), rr.RuleStates().Opening)
			}
			lab := ms.Lab()
			if o.Settings, err = bf.settings(cmd, lab); err != nil {
				return err
			}
			if errw := cmd.ErrOrStderr(); !noProgress && termsafe.IsTerminal(errw) {
				o.Progress = balance.Progress(termsafe.Raw(errw), time.Now)
			}
			run := balance.Run
			if sprt != "" {
				o.SPRT, run = &st, balance.RunSPRT
			}
			r, err := run(cmd.Context(), lab, *o)
			var se *balance.ShardError
			if errors.As(err, &se) {
				return usagef("--shard %q: %s", shard, se.Msg)
			}
			if err != nil {
				return usagef("%v", err)
			}
			if playtests != "" {
				r.AddPlaytests(pts)
			}
			if o.Shard.N > 1 {
				return publishBalance(cmd, g, r, fmt.Sprintf("shard-%d-of-%d.json", o.Shard.I, o.Shard.N))
			}
			return publishBalance(cmd, g, r, "")
		},
	}
	bf.bind(cmd)
	f := cmd.Flags()
	f.StringVar(&shard, "shard", "", "play only the slice `I/N` of the run and write its partial result")
	f.StringVar(&sprt, "sprt", "", "play each pair of decks until a sequential test decides, `ELO0,ELO1` or win rates P0%,P1% (e.g. 0,35 or 50%,55%); --games is then the most pairs of games")
	f.Float64Var(&st.Alpha, "sprt-alpha", st.Alpha, "--sprt: the chance of finding a deck favoured when it is not")
	f.Float64Var(&st.Beta, "sprt-beta", st.Beta, "--sprt: the chance of missing a deck favoured by ELO1")
	f.IntVar(&st.Batch, "sprt-batch", st.Batch, "--sprt: pairs of games played between two looks")
	f.StringVar(&playtests, "playtests", "", "playtest logs (`FILE` or folder of .cue files) to set beside the bots' results")
	f.BoolVar(&noProgress, "no-progress", false, "no progress bar (there is none unless stderr is a terminal)")
	addScarcityFlag(cmd)
	cmd.PersistentFlags().StringVar(&g.out, "out", "dist", "output `DIR`; wbtool writes nowhere else")
	cmd.AddCommand(newBalanceMergeCmd(g), newBalancePlanCmd(g), newBalanceRunCmd(g))
	return cmd
}

const balanceMergeDoc = `Merge adds up the results of 'wbtool balance --shard' (any number of
shards of one run, each once) and writes the run's balance.json and report
under OUT/balance/, as one run would. A missing shard is reported, and the
report says the result is partial.

With --manifest (the shards of 'wbtool balance run --manifest'), a
folder argument is searched for shard-I-of-N.json files, and merge
refuses a shard of another manifest, a shard given twice, a file changed
after it was written (its digest), and missing shards, naming them and
the commands that play them (--partial merges what there is).

Example:
  wbtool balance merge dist-0/balance/shard-0-of-2.json dist-1/balance/shard-1-of-2.json`

func newBalanceMergeCmd(g *globalFlags) *cobra.Command {
	var manifest, playtests string
	var partial bool
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Merge balance shards into one result and report",
		Long:  balanceMergeDoc,
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			pts, err := readPlaytests(cmd, g, playtests)
			if err != nil {
				return err
			}
			var m *balance.Manifest
			names := args
			if manifest != "" {
				var err error
				if m, err = readManifest(manifest); err != nil {
					return err
				}
				if names, err = shardFiles(args); err != nil {
					return usagef("%v", err)
				}
			}
			var parts []*balance.Result
			for _, name := range names {
				data, err := readArgFile(name)
				if err != nil {
					return usagef("%v", err)
				}
				p, err := balance.ParseResult(data, balanceFormats)
				if err != nil {
					return usagef("%s: %v", name, err)
				}
				p.Source = name
				parts = append(parts, p)
			}
			var r *balance.Result
			if m != nil {
				r, err = balance.MergeManifest(m, parts, partial)
				var me *balance.MissingError
				if errors.As(err, &me) {
					return usagef("%v; play them again:\n%s", err, missingCommands(manifest, me.Missing))
				}
			} else {
				r, err = balance.Merge(parts)
			}
			if err != nil {
				return usagef("%v", err)
			}
			if miss := r.Missing(); len(miss) > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "wbtool: %d of %d shards merged; the result is partial\n", len(r.Shards), r.Shards[0].N)
			}
			if playtests != "" {
				r.AddPlaytests(pts)
			}
			return publishBalance(cmd, g, r, "")
		},
	}
	f := cmd.Flags()
	f.StringVar(&manifest, "manifest", "", "merge the shards of this manifest (wbtool balance plan), `FILE`; a folder argument is searched for shard-I-of-N.json files")
	f.StringVar(&playtests, "playtests", "", "playtest logs (`FILE` or folder of .cue files) to set beside the bots' results")
	f.BoolVar(&partial, "partial", false, "with --manifest: merge even when shards are missing (a partial report)")
	addScarcityFlag(cmd)
	return cmd
}

// missingCommands are the command lines of the missing shards, at most
// ten of them.
func missingCommands(manifest string, missing []int) string {
	var b strings.Builder
	for k, i := range missing {
		if k == 10 {
			fmt.Fprintf(&b, "  … and %d more (commands.txt has every shard's line)", len(missing)-10)
			break
		}
		if k > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  wbtool balance run --manifest %s --shard %d", balance.ShellQuote(manifest), i)
	}
	return b.String()
}

// readPlaytests reads the playtest logs of --playtests (a file, or every
// .cue file below a folder, in name order); a mistake in them is a
// content error, reported with every other at its position.
func readPlaytests(cmd *cobra.Command, g *globalFlags, name string) ([]balance.Playtest, error) {
	if name == "" {
		return nil, nil
	}
	st, err := statArg(name)
	if err != nil {
		return nil, usagef("--playtests: %v", err)
	}
	names := []string{name}
	if st.IsDir() {
		names = nil
		err := filepath.WalkDir(name, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".cue") {
				names = append(names, p)
			}
			return err
		})
		if err != nil {
			return nil, usagef("--playtests: %v", err)
		}
		if len(names) == 0 {
			return nil, usagef("--playtests %s: no .cue file in this folder", name)
		}
		slices.Sort(names)
	}
	var files []playtest.File
	for _, n := range names {
		data, err := readArgFile(n)
		if err != nil {
			return nil, usagef("--playtests: %v", err)
		}
		files = append(files, playtest.File{Name: n, Data: data})
	}
	pts, problems := playtest.Load(files)
	if len(problems) > 0 {
		e := cmd.ErrOrStderr()
		printDiagnostics(e, g, problems, nil)
		fmt.Fprintln(e, problems.Summary())
		return nil, errReported
	}
	return pts, nil
}

// balanceFormats are the formats a balance result of game may name (the
// game's ruleset.MatchRules); a game wbtool does not know, or without bot
// games, is refused.
func balanceFormats(game string) ([]string, error) {
	name := game
	if name == "" {
		name = ruleset.DefaultGame // Warbound's results name no game
	}
	r, _ := ruleset.Lookup(name)
	mr, ok := r.(ruleset.MatchRules)
	if !ok {
		return nil, fmt.Errorf("a result of game %q, which wbtool does not balance", name)
	}
	return mr.BalanceFormats(), nil
}

// parseShard reads --shard I/N: two decimal numbers, 0 ≤ I < N, N at
// most balance.MaxShards. Nothing is taken from the environment: a
// scheduler's index or count (SLURM_PROCID, JOB_COMPLETION_INDEX) must be
// written in the flag, and an unset variable that leaves I or N empty is
// refused, never read as 0.
func parseShard(v string) (balance.Shard, error) {
	is, ns, ok := strings.Cut(v, "/")
	if ok && (is == "" || ns == "") {
		return balance.Shard{}, usagef("--shard %q: I or N is empty (is the variable that gives it set?); expected I/N with 0 ≤ I < N, e.g. 0/4", v)
	}
	n, err := strconv.Atoi(ns)
	if isRange(err) || err == nil && n > balance.MaxShards {
		return balance.Shard{}, usagef("--shard %q: %s shards are more than a run can be cut into (at most %d)", v, ns, balance.MaxShards)
	}
	i, err2 := strconv.Atoi(is)
	if isRange(err2) {
		i, err2 = n, nil // beyond any N
	}
	s := balance.Shard{I: i, N: n}
	if !ok || err != nil || err2 != nil || balance.CheckShard(s) != nil {
		return s, usagef("--shard %q: expected I/N with 0 ≤ I < N, e.g. 0/4", v)
	}
	return s, nil
}

// parseSPRT reads --sprt ELO0,ELO1 or P0%,P1% (win rates, 0 < P < 100)
// into t's bounds and checks them with the error rates.
func parseSPRT(v string, t *balance.SPRT) error {
	a, b, ok := strings.Cut(v, ",")
	bad := usagef("--sprt %q: expected ELO0,ELO1 (e.g. 0,35) or win rates P0%%,P1%% (e.g. 50%%,55%%), ELO0 below ELO1", v)
	if !ok {
		return bad
	}
	var elo [2]float64
	for i, x := range []string{a, b} {
		x = strings.TrimSpace(x)
		pct := strings.HasSuffix(x, "%")
		f, err := strconv.ParseFloat(strings.TrimSuffix(x, "%"), 64)
		switch {
		case err != nil || math.IsNaN(f) || math.IsInf(f, 0):
			return bad
		case pct && (f <= 0 || f >= 100):
			return usagef("--sprt %q: a win rate %s is not between 0 and 100 %%", v, x)
		case pct:
			f = balance.Elo(f / 100)
		}
		elo[i] = f
	}
	t.Elo0, t.Elo1 = elo[0], elo[1]
	if err := t.Check(); err != nil {
		return usagef("--%v", err)
	}
	return nil
}

// isRange reports whether a number could not be read for being too large.
func isRange(err error) bool {
	var ne *strconv.NumError
	return errors.As(err, &ne) && ne.Err == strconv.ErrRange
}

// balanceDir is balance's folder under the output folder (and the site).
const balanceDir = "balance"

// publishBalance writes a result under OUT/balance: a shard's JSON alone
// (shardFile), or balance.json and the report, and prints the summary.
func publishBalance(cmd *cobra.Command, g *globalFlags, r *balance.Result, shardFile string) error {
	th := balance.DefaultThresholds
	if f := cmd.Flags().Lookup(scarcityFlag); f != nil {
		th.Scarcity, _ = cmd.Flags().GetFloat64(scarcityFlag)
	}
	r.Finish(th)
	data, err := balance.MarshalResult(r)
	if err != nil {
		return err
	}
	files := dist.Files{}
	if shardFile != "" {
		files[shardFile] = data
	} else {
		var page bytes.Buffer
		if err := balance.Report(&page, r); err != nil {
			return err
		}
		files["balance.json"], files["index.html"] = data, page.Bytes()
	}
	dir, err := openOut(g)
	if err != nil {
		return err
	}
	updates := []dist.Update{{Dir: balanceDir, Files: files, Keep: true}}
	if st, err := os.Stat(filepath.Join(dir.Root(), pipeline.SiteDir)); err == nil && st.IsDir() && shardFile == "" {
		// A built site: the report goes in its designers' part too.
		updates = append(updates, dist.Update{Dir: pipeline.SiteDir, Keep: true,
			Files: dist.Files{balanceDir + "/index.html": files["index.html"], balanceDir + "/balance.json": data}})
	}
	if _, err := dir.Publish(updates...); err != nil {
		return err
	}
	balance.WriteText(cmd.OutOrStdout(), r)
	for name := range files {
		if strings.HasSuffix(name, ".html") || shardFile != "" {
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", dir.Root()+"/"+balanceDir+"/"+name)
		}
	}
	if len(updates) > 1 {
		fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", dir.Root()+"/"+pipeline.SiteDir+"/"+balanceDir+"/index.html")
	}
	return nil
}

// scarcityFlag is the share of games (percent) in which a counted
// component may run out before it is flagged (sim, balance, merge).
const scarcityFlag = "scarcity"

// addScarcityFlag adds --scarcity PCT to cmd, checked before it runs.
func addScarcityFlag(cmd *cobra.Command) *float64 {
	pct := cmd.Flags().Float64(scarcityFlag, balance.DefaultScarcity, "flag a counted component (token, marker) that runs out in more than `PCT` % of games")
	cmd.PreRunE = func(*cobra.Command, []string) error {
		if *pct < 0 || *pct > 100 || math.IsNaN(*pct) {
			return usagef("--scarcity %g: expected a share of games from 0 to 100 (percent)", *pct)
		}
		return nil
	}
	return pct
}

// splitList splits a comma-separated flag value ("" is none).
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
