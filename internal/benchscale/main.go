//go:build unix

// Command benchscale prints wbtool's scale curve (issue 35): validate and
// build of generated Warbound trees of growing size, each command's CPU
// time (user + system, the supervised child and its workers included),
// wall time, peak resident memory and output bytes, and the CPU per card
// relative to the smallest tree. Linear cost is a last column near 1.0.
//
//	make bench-scale
//	go run ./internal/benchscale -cards 1200,5000,25000 -n 1
//	go run ./internal/benchscale -cards 1200,6000 -before /tmp/wbtool-old
//
// It builds wbtool (and the generator, testdata/gen) into a temporary
// folder, generates each tree there (five Characters to one Upgrade, as
// `make gen`), then runs each command n times and prints the medians. A
// command stopped by its budget (--max-memory, default the command's
// own 2 GiB) shows as "stopped" with what it had used. The environment
// is passed on (GOGC, GOMEMLIMIT).
package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"wbtool.dev/wbtool/internal/testtool"
)

func main() {
	cards := flag.String("cards", "1200,5000,25000", "tree sizes in cards, comma-separated; the first is the reference of the per-card column")
	n := flag.Int("n", 1, "runs of each command (the median is printed)")
	mem := flag.Int("max-memory", 0, "--max-memory of each command in `MiB` (0: the command's default)")
	before := flag.String("before", "", "an earlier wbtool `binary` measured the same way, on its own rows")
	keep := flag.String("work", "", "work `DIR` for the binaries, trees and outputs (default a temporary folder, removed)")
	flag.Parse()
	sizes, err := parseSizes(*cards)
	if err == nil && *n < 1 {
		err = fmt.Errorf("-n %d: want at least 1", *n)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchscale:", err)
		os.Exit(2)
	}
	if err := run(sizes, *n, *mem, *before, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "benchscale:", err)
		os.Exit(1)
	}
}

func parseSizes(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 12 {
			return nil, fmt.Errorf("-cards %q: want sizes of at least 12 cards, comma-separated", s)
		}
		out = append(out, v)
	}
	return out, nil
}

// point is one command on one tree: medians of its runs.
type point struct {
	cpu, wall time.Duration
	rss       int64 // bytes
	out       int64 // bytes written under the output folder
	stopped   string
}

func run(sizes []int, n, mem int, before, work string) error {
	if work == "" {
		d, err := os.MkdirTemp("", "benchscale-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		work = d
	}
	bins := map[string]string{"now": filepath.Join(work, "wbtool")}
	if err := testtool.GoBuild(bins["now"], "./cmd/wbtool"); err != nil {
		return err
	}
	gen := filepath.Join(work, "gen")
	if err := testtool.GoBuild(gen, "./testdata/gen"); err != nil {
		return err
	}
	versions := []string{"now"}
	if before != "" {
		bins["before"] = before
		versions = append([]string{"before"}, versions...)
	}
	// each row printed as soon as measured: fixed widths
	const row = "%-6s  %-8s  %6s  %16s  %8s  %8s  %9s  %17s\n"
	fmt.Printf(row, "wbtool", "command", "cards", "CPU s", "wall s", "peak MiB", "output MB", "CPU/card vs first")
	ref := map[string]float64{} // CPU per card of the first size, by version+command
	for _, size := range sizes {
		chars := size * 5 / 6
		ups := size - chars
		tree := filepath.Join(work, fmt.Sprintf("tree-%d", size))
		if _, err := os.Stat(tree); err != nil {
			cmd := exec.Command(gen, "-characters", strconv.Itoa(chars), "-upgrades", strconv.Itoa(ups), "-out", tree)
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("generate %d cards: %v\n%s", size, err, out)
			}
		}
		for _, v := range versions {
			for _, command := range []string{"validate", "build"} {
				// the curve is CPU and memory: a loaded machine's wall
				// time must not stop a run (the default budget is 60 s)
				args := []string{bins[v], command, "--content", tree, "--timeout", "30m"}
				out := filepath.Join(work, "out")
				if command == "build" {
					args = append(args, "--out", out)
				}
				if mem > 0 {
					args = append(args, "--max-memory", strconv.Itoa(mem))
				}
				var runs []point
				for range n {
					os.RemoveAll(out)
					p, err := measure(args)
					if err != nil {
						return err
					}
					if command == "build" && p.stopped == "" {
						p.out = folderBytes(out)
					}
					runs = append(runs, p)
				}
				p := medianPoint(runs)
				perCard := p.cpu.Seconds() / float64(size)
				key := v + " " + command
				if _, ok := ref[key]; !ok && p.stopped == "" {
					ref[key] = perCard
				}
				rel := "-"
				if r := ref[key]; r > 0 && p.stopped == "" {
					rel = fmt.Sprintf("%.2f", perCard/r)
				}
				cpu := fmt.Sprintf("%.2f", p.cpu.Seconds())
				if p.stopped != "" {
					cpu = p.stopped + " " + cpu
				}
				fmt.Printf(row, v, command, strconv.Itoa(size), cpu, fmt.Sprintf("%.2f", p.wall.Seconds()),
					strconv.FormatInt(p.rss>>20, 10), fmt.Sprintf("%.1f", float64(p.out)/1e6), rel)
			}
		}
	}
	return nil
}

// measure runs args once: CPU time and peak RSS of the process and the
// children it waited for (the supervised child, its load workers).
func measure(args []string) (point, error) {
	cmd := exec.Command(args[0], args[1:]...)
	var stderr strings.Builder
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	p := point{wall: time.Since(start)}
	if cmd.ProcessState == nil {
		return p, fmt.Errorf("%s: %v", strings.Join(args, " "), err)
	}
	if err != nil {
		if !strings.Contains(stderr.String(), "wbtool: stopped:") {
			return p, fmt.Errorf("%s: %v\n%s", strings.Join(args, " "), err, testtool.Tail(stderr.String()))
		}
		p.stopped = "stopped"
	}
	// RUSAGE_CHILDREN of this process would mix the runs: the process's
	// own usage covers the children it waited for.
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return p, fmt.Errorf("no resource usage here")
	}
	p.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	p.rss = int64(ru.Maxrss) * 1024 // KiB on Linux
	return p, nil
}

// folderBytes is the size of the files under dir, wbtool's own state
// folder left out.
func folderBytes(dir string) int64 {
	var total int64
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == ".wbtool" {
			return filepath.SkipDir
		}
		if info, err := d.Info(); err == nil && info.Mode().IsRegular() {
			total += info.Size()
		}
		return nil
	})
	return total
}

// medianPoint is the run of median CPU time.
func medianPoint(runs []point) point {
	s := slices.Clone(runs)
	slices.SortFunc(s, func(a, b point) int { return int(a.cpu - b.cpu) })
	return s[len(s)/2]
}
