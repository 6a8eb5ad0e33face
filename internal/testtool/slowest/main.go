// Command slowest runs `go test -json` and reports the slowest tests and
// packages, slowest first: where the suite's time goes (make test-slow).
//
//	go run ./internal/testtool/slowest [-top 20] [-json FILE] [-in FILE] [-- go test arguments]
//
// The go test arguments default to ./... (with -timeout 30m). -json keeps
// the raw event stream in FILE; -in reads such a file instead of running
// the tests, to report on an earlier run. A test's time is the one go test
// reports for it, subtests included in their parent's; a package's is its
// test binary's wall time. Failed tests are listed after the report, and
// the exit status is go test's (1 when a test failed).
//
// When it runs the tests, slowest also reports each test binary's CPU time
// (user + system, its waited-for children included: the wbtool processes
// of the testscripts, Chromium): on a machine other programs load, wall
// times grow with the load and CPU times do not, so the CPU column is the
// one to compare before and after a change. It gets them by running each
// test binary itself (go test -exec) and keeps them in -cpu FILE.
package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64 // seconds
	Output  string
}

// timing is a test's or a package's outcome.
type timing struct {
	Package, Test, Action string
	Elapsed               float64
}

// report gathers the events of one run.
type report struct {
	tests, packages []timing
	output          map[string]*strings.Builder // a failed test's output, by package and test
	cpu             map[string]float64          // each test binary's CPU seconds, by package (-exec runs)
}

func (r *report) add(e event) {
	key := e.Package + " " + e.Test
	switch e.Action {
	case "output":
		if r.output == nil {
			r.output = map[string]*strings.Builder{}
		}
		b := r.output[key]
		if b == nil {
			b = &strings.Builder{}
			r.output[key] = b
		}
		if b.Len() < 64<<10 {
			b.WriteString(e.Output)
		}
	case "pass", "fail", "skip":
		t := timing{Package: e.Package, Test: e.Test, Action: e.Action, Elapsed: e.Elapsed}
		if e.Test == "" {
			r.packages = append(r.packages, t)
		} else {
			r.tests = append(r.tests, t)
		}
		if e.Action != "fail" {
			delete(r.output, key)
		}
	}
}

// read adds every event of in; lines that are not events (a build
// failure's output) are copied to w, and so is each package's outcome as
// it comes.
func (r *report) read(in io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Fprintln(w, sc.Text())
			continue
		}
		r.add(e)
		if e.Test == "" && (e.Action == "pass" || e.Action == "fail") {
			fmt.Fprintf(w, "%-4s %s %.1fs\n", e.Action, e.Package, e.Elapsed)
		}
	}
	return sc.Err()
}

// bySlowest sorts ts slowest first, then by name for a stable report.
func bySlowest(ts []timing) {
	slices.SortStableFunc(ts, func(a, b timing) int {
		if c := cmp.Compare(b.Elapsed, a.Elapsed); c != 0 {
			return c
		}
		return cmp.Compare(a.Package+" "+a.Test, b.Package+" "+b.Test)
	})
}

func (r *report) print(w io.Writer, top int) {
	var tops []timing
	for _, t := range r.tests {
		if !strings.Contains(t.Test, "/") {
			tops = append(tops, t)
		}
	}
	bySlowest(tops)
	fmt.Fprintf(w, "\nslowest tests (of %d):\n", len(tops))
	for _, t := range tops[:min(top, len(tops))] {
		fmt.Fprintf(w, "%8.1fs  %-4s %s %s\n", t.Elapsed, t.Action, t.Package, t.Test)
	}
	var subs []timing
	for _, t := range r.tests {
		if strings.Contains(t.Test, "/") {
			subs = append(subs, t)
		}
	}
	bySlowest(subs)
	if len(subs) > 0 {
		fmt.Fprintf(w, "\nslowest subtests (of %d):\n", len(subs))
		for _, t := range subs[:min(top, len(subs))] {
			fmt.Fprintf(w, "%8.1fs  %-4s %s %s\n", t.Elapsed, t.Action, t.Package, t.Test)
		}
	}
	bySlowest(r.packages)
	var sum, cpuSum float64
	if r.cpu == nil {
		fmt.Fprintf(w, "\npackages (wall time of each test binary):\n")
	} else {
		fmt.Fprintf(w, "\npackages (wall time of each test binary, and its CPU time: user + system, children included):\n")
	}
	for _, p := range r.packages {
		sum += p.Elapsed
		cpu, ok := r.cpu[p.Package]
		cpuSum += cpu
		if p.Elapsed < 0.05 && cpu < 0.05 {
			continue
		}
		if ok {
			fmt.Fprintf(w, "%8.1fs %8.1fs cpu  %-4s %s\n", p.Elapsed, cpu, p.Action, p.Package)
		} else {
			fmt.Fprintf(w, "%8.1fs  %-4s %s\n", p.Elapsed, p.Action, p.Package)
		}
	}
	if r.cpu == nil {
		fmt.Fprintf(w, "%8.1fs  in all, %d packages (run side by side: the wall time is less)\n", sum, len(r.packages))
	} else {
		fmt.Fprintf(w, "%8.1fs %8.1fs cpu  in all, %d packages (run side by side: the wall time is less)\n", sum, cpuSum, len(r.packages))
	}
	var failed []timing
	for _, t := range append(r.tests, r.packages...) {
		if t.Action == "fail" {
			failed = append(failed, t)
		}
	}
	for _, t := range failed {
		fmt.Fprintf(w, "\n--- FAIL %s %s\n", t.Package, t.Test)
		if b := r.output[t.Package+" "+t.Test]; b != nil && t.Test != "" {
			fmt.Fprint(w, b.String())
		}
	}
}

// fail ends the program on an error of its own (not of a test).
func fail(err error) {
	fmt.Fprintln(os.Stderr, "slowest:", err)
	os.Exit(2)
}

// cpuEnv names the file a test binary's CPU time is appended to when
// slowest runs it (go test -exec).
const cpuEnv = "WBTOOL_SLOWEST_CPU"

// execTest runs a test binary as go test -exec does, then appends a line
// "SECONDS DIR" to file: the CPU time (user + system) of the binary and of
// the children it waited for, and the folder it ran in (its package's).
func execTest(file string, args []string) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fail(err)
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	dir, _ := os.Getwd()
	if f, ferr := os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); ferr == nil {
		fmt.Fprintf(f, "%.3f %s\n", cpu.Seconds(), dir)
		f.Close()
	}
	os.Exit(cmd.ProcessState.ExitCode())
}

// readCPU reads execTest's lines of file into r.cpu, by import path.
func (r *report) readCPU(file string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	mod, root := module()
	r.cpu = map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		secs, dir, ok := strings.Cut(line, " ")
		s, err := strconv.ParseFloat(secs, 64)
		if !ok || err != nil {
			continue
		}
		pkg := dir
		if rel, err := filepath.Rel(root, dir); err == nil && root != "" && !strings.HasPrefix(rel, "..") {
			pkg = strings.TrimSuffix(mod+"/"+filepath.ToSlash(rel), "/.")
		}
		r.cpu[pkg] += s
	}
	return nil
}

// module is the module path and root folder of the working directory
// ("" when go.mod is not found).
func module() (path, root string) {
	dir, err := os.Getwd()
	for err == nil {
		if b, rerr := os.ReadFile(filepath.Join(dir, "go.mod")); rerr == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return strings.Trim(strings.TrimSpace(m), `"`), dir
				}
			}
			return "", ""
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return "", ""
}

func main() {
	if file := os.Getenv(cpuEnv); file != "" && len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-") {
		execTest(file, os.Args[1:])
	}
	top := flag.Int("top", 20, "how many tests to list")
	keep := flag.String("json", "", "keep go test's JSON events in `file`")
	in := flag.String("in", "", "report on the JSON events of `file` instead of running go test")
	cpuFile := flag.String("cpu", "", "keep each test binary's CPU time in `file` (with -in: read it)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: slowest [-top N] [-json FILE] [-in FILE] [-- go test arguments]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	var r report
	if *in != "" {
		f, err := os.Open(*in)
		if err != nil {
			fail(err)
		}
		defer f.Close()
		if err := r.read(f, os.Stderr); err != nil {
			fail(err)
		}
		if *cpuFile != "" {
			if err := r.readCPU(*cpuFile); err != nil {
				fail(err)
			}
		}
		r.print(os.Stdout, *top)
		return
	}
	args := flag.Args()
	if len(args) == 0 {
		args = []string{"-timeout", "30m", "./..."}
	}
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	if *cpuFile == "" {
		tmp, err := os.CreateTemp("", "slowest-cpu-*.txt")
		if err != nil {
			fail(err)
		}
		tmp.Close()
		defer os.Remove(tmp.Name())
		*cpuFile = tmp.Name()
	} else if err := os.WriteFile(*cpuFile, nil, 0o644); err != nil {
		fail(err)
	}
	cmd := exec.Command("go", append([]string{"test", "-json", "-exec", self}, args...)...)
	cmd.Env = append(os.Environ(), cpuEnv+"="+*cpuFile)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fail(err)
	}
	var src io.Reader = out
	if *keep != "" {
		f, err := os.Create(*keep)
		if err != nil {
			fail(err)
		}
		defer f.Close()
		src = io.TeeReader(out, f)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	rerr := r.read(src, os.Stderr)
	werr := cmd.Wait()
	if err := r.readCPU(*cpuFile); err != nil {
		fail(err)
	}
	r.print(os.Stdout, *top)
	fmt.Printf("\ngo test %s: %s wall\n", strings.Join(args, " "), time.Since(start).Round(time.Second))
	if rerr != nil {
		fail(rerr)
	}
	if werr != nil {
		fmt.Fprintln(os.Stderr, "slowest:", werr)
		if ee, ok := werr.(*exec.ExitError); ok {
			os.Exit(ee.ExitCode())
		}
		os.Exit(2)
	}
}
