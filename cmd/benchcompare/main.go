//go:build unix

// Command benchcompare measures wbtool against the plain cue CLI with the
// same schema on the same content tree, as issue 13 asks: the CPU time
// (user + system, child processes included) and the peak resident memory
// of each command, run several times interleaved, with their medians and
// the ratios of the medians to `cue vet -c`.
//
//	make bench-compare
//	go run ./cmd/benchcompare -tree testdata/gen/out -n 5
//	go run ./cmd/benchcompare -game warstuff -tree testdata/gen/warstuff -n 5
//	go run ./cmd/benchcompare -before /tmp/wbtool-old   # before/after in one run
//	go run ./cmd/benchcompare -before /tmp/wbtool-old -before-load /tmp/benchcompare-old
//
// It generates the tree (1,000 Characters, 200 Upgrades, as `make gen`)
// when the folder holds no .cue file, builds wbtool and cue into a
// temporary folder, then runs in each round:
//
//   - cue: cue vet -c games/warbound/wbschema/cue/*.cue FILES
//   - load: wbschema.Load of the tree in a process of its own, in units of
//     files as `validate` loads it before its other checks (this command,
//     with -load)
//   - validate: wbtool validate --content TREE, the whole verdict (load,
//     check games, layout of every card, the site's checks)
//
// The environment is passed on: GOGC=400 make bench-compare measures
// with another collector setting.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/games/warstuff/wsgen"
	wsschema "wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/testtool"
)

// game and profiles select a Warstuff tree (-game warstuff); before is
// an earlier wbtool to compare with (-before), beforeLoad an earlier
// benchcompare whose -load is measured too (-before-load).
var (
	game       string
	profiles   int
	before     string
	beforeLoad string
)

func main() {
	tree := flag.String("tree", "testdata/gen/out", "content `DIR` to measure; generated when it holds no .cue file")
	n := flag.Int("n", 5, "rounds")
	chars := flag.Int("characters", 1000, "Characters of a generated tree")
	ups := flag.Int("upgrades", 200, "Upgrades of a generated tree")
	wbtool := flag.String("wbtool", "", "wbtool `BINARY` to measure (default: built from ./cmd/wbtool)")
	flag.StringVar(&before, "before", "", "another wbtool `BINARY` (an earlier build) whose validate is measured in the same rounds")
	flag.StringVar(&beforeLoad, "before-load", "", "an earlier benchcompare `BINARY` whose -load (wbschema.Load) is measured in the same rounds")
	load := flag.String("load", "", "internal: load content `DIR` with wbschema.Load and exit")
	flag.StringVar(&game, "game", "warbound", "the game of the tree: warbound, or warstuff (a tree of -profiles figure profiles)")
	flag.IntVar(&profiles, "profiles", 1000, "figure profiles of a generated Warstuff tree")
	flag.Parse()
	if *load != "" {
		os.Exit(loadOnly(*load))
	}
	if err := run(*tree, *n, *chars, *ups, *wbtool); err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		os.Exit(1)
	}
}

// loadOnly is the load measurement: the tree read and loaded as the
// budgeted child of a wbtool command loads it.
func loadOnly(dir string) int {
	cfs, err := contentfs.Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		return 1
	}
	defer cfs.Close()
	if game == "warstuff" {
		cat, err := wsschema.Load(cfs, wsschema.Options{Root: dir})
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchcompare:", err)
			return 1
		}
		fmt.Printf("%d profiles\n", len(cat.Profiles))
		return 0
	}
	// in units of files, as a one-shot command loads (pipeline.Options.OneShot;
	// its GOGC setting aside)
	cat, err := wbschema.Load(cfs, wbschema.Options{Root: dir, UnitSize: wbschema.OneShotUnitSize})
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		return 1
	}
	fmt.Printf("%d Characters\n", len(cat.Characters))
	return 0
}

type command struct {
	name string
	args []string
	cpu  []time.Duration
	rss  []int64 // bytes
}

func run(tree string, n, chars, ups int, wbtool string) error {
	files, err := cueFiles(tree)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		if err := generate(tree, chars, ups); err != nil {
			return err
		}
		if files, err = cueFiles(tree); err != nil {
			return err
		}
	}
	tmp, err := os.MkdirTemp("", "benchcompare")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cue := filepath.Join(tmp, "cue")
	if err := testtool.GoBuild(cue, "cuelang.org/go/cmd/cue"); err != nil {
		return err
	}
	if wbtool == "" {
		wbtool = filepath.Join(tmp, "wbtool")
		if err := testtool.GoBuild(wbtool, "./cmd/wbtool"); err != nil {
			return err
		}
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	schemaFiles, err := filepath.Glob(map[bool]string{false: "games/warbound/wbschema/cue/*.cue", true: "games/warstuff/wsschema/cue/*.cue"}[game == "warstuff"])
	if err != nil || len(schemaFiles) == 0 {
		return fmt.Errorf("no games/warbound/wbschema/cue/*.cue: run from the module root")
	}
	cmds := []*command{
		{name: "cue vet -c", args: append(append([]string{cue, "vet", "-c"}, schemaFiles...), files...)},
		{name: "wbschema.Load", args: []string{self, "-game", game, "-load", tree}},
		{name: "wbtool validate", args: []string{wbtool, "validate", "--content", tree}},
	}
	if beforeLoad != "" {
		cmds = append(cmds, &command{name: "load -before", args: []string{beforeLoad, "-game", game, "-load", tree}})
	}
	if before != "" {
		cmds = append(cmds, &command{name: "validate -before", args: []string{before, "validate", "--content", tree}})
	}
	fmt.Printf("%s: %d files; %d rounds, interleaved; GOGC=%q\n", tree, len(files), n, os.Getenv("GOGC"))
	for round := range n {
		for _, c := range cmds {
			cpu, rss, err := measure(c.args)
			if err != nil {
				return fmt.Errorf("%s (round %d): %w", c.name, round+1, err)
			}
			c.cpu = append(c.cpu, cpu)
			c.rss = append(c.rss, rss)
		}
	}
	base := cmds[0]
	fmt.Printf("%-16s %10s %10s %9s %9s\n", "median of each", "CPU", "peak RSS", "CPU ×", "RSS ×")
	for _, c := range cmds {
		cpu, rss := median(c.cpu), median(c.rss)
		fmt.Printf("%-16s %8dms %7.1fMiB %8.2f× %8.2f×\n", c.name, cpu.Milliseconds(), float64(rss)/(1<<20),
			float64(cpu)/float64(median(base.cpu)), float64(rss)/float64(median(base.rss)))
	}
	return nil
}

// measure runs args and returns its CPU time and peak RSS, the children it
// waited for included (wbtool validate loads in a child process).
func measure(args []string) (time.Duration, int64, error) {
	cmd := exec.Command(args[0], args[1:]...)
	var stderr strings.Builder
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%v\n%s", err, testtool.Tail(stderr.String()))
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, 0, fmt.Errorf("no resource usage on %s", runtime.GOOS)
	}
	rss := int64(ru.Maxrss)
	if runtime.GOOS != "darwin" {
		rss *= 1024 // KiB elsewhere, bytes on macOS
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss, nil
}

func median[T int64 | time.Duration](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// cueFiles lists the .cue files of the tree, sorted as `make cue-vet`
// lists the content's.
func cueFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if os.IsNotExist(err) && p == dir {
			return filepath.SkipAll
		}
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".cue") {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// generate writes the tree `make gen` writes.
func generate(dir string, chars, ups int) error {
	files := wbgen.Tree(wbgen.Options{Characters: chars, Upgrades: ups})
	if game == "warstuff" {
		files = wsgen.Tree(profiles)
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			return err
		}
	}
	if game == "warstuff" {
		fmt.Printf("generated %s (%d Warstuff profiles)\n", dir, profiles)
	} else {
		fmt.Printf("generated %s (%d Characters, %d Upgrades)\n", dir, chars, ups)
	}
	return nil
}
