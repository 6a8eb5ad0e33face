package budget_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/budget"
)

func testWorker(t testing.TB, dir string, lim budget.Limits) *budget.Worker {
	t.Helper()
	w := &budget.Worker{Runner: testRunner(t, lim), Request: budget.Request{Dir: dir, Root: "content"}}
	t.Cleanup(func() { w.Close() })
	return w
}

// TestWorkerLoadsLikeInProcess: one worker process serves load after load,
// edits included, each equal to a fresh in-process load.
func TestWorkerLoadsLikeInProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	dir := starterDir(t)
	w := testWorker(t, dir, roomy)
	raiders := filepath.Join(dir, "cards", "raiders.cue")
	src, err := os.ReadFile(raiders)
	if err != nil {
		t.Fatal(err)
	}
	edits := []string{
		string(src),
		strings.Replace(string(src), "rewired for looting", "rewired for plunder", 1),
		strings.Replace(string(src), "speed:  3", `speed:  "fast"`, 1), // content errors
		string(src),
	}
	for i, e := range edits {
		if err := os.WriteFile(raiders, []byte(e), 0o644); err != nil {
			t.Fatal(err)
		}
		got, st, gotErr := w.LoadContent(context.Background())
		want, wantErr := preloadHere(t, dir)
		sameLoad(t, fmt.Sprintf("load %d", i), got, gotErr, want, wantErr)
		if i == 2 && gotErr == nil {
			t.Fatalf("load %d: no content errors", i)
		}
		t.Logf("load %d: %v, RSS %d MiB", i, st.Elapsed, st.PeakRSS>>20)
	}
	if w.Started != 1 {
		t.Errorf("%d worker processes started, want 1", w.Started)
	}
}

// TestWorkerRestartsAfterBudget: an evaluation past the time budget kills
// the worker; the next load starts a fresh one and succeeds. The same for
// memory.
func TestWorkerRestartsAfterBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	cases := []struct {
		name     string
		src      string
		lim      budget.Limits
		resource budget.Resource
	}{
		{"time", slowCUE, budget.Limits{Time: 1500 * time.Millisecond}, budget.Time},
		{"memory", hugeCUE, budget.Limits{Time: time.Minute, Memory: 150 << 20}, budget.Memory},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.resource == budget.Memory && budget.ResidentBytes(os.Getpid()) == 0 {
				t.Skip("no resident-memory reading on this system")
			}
			dir := starterDir(t)
			w := testWorker(t, dir, c.lim)
			// A generous budget for the good loads (slow under -race).
			w.Runner.Limits.Time = time.Minute
			if _, _, err := w.LoadContent(context.Background()); err != nil {
				t.Fatal(err)
			}
			bad := filepath.Join(dir, "cards", "bad.cue")
			if err := os.WriteFile(bad, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			w.Runner.Limits.Time = c.lim.Time
			// ExceededError comes from the parent's timer and memory
			// sampler only (the child's own CPU-time cap would end in
			// "the evaluation process failed"): no wall clock needed.
			_, st, err := w.LoadContent(context.Background())
			var ex *budget.ExceededError
			if !errors.As(err, &ex) || ex.Resource != c.resource {
				t.Fatalf("want a blown %s budget, got %v", c.resource, err)
			}
			t.Logf("stopped after %v at %d MiB: %v", st.Elapsed, st.PeakRSS>>20, err)
			if err := os.Remove(bad); err != nil {
				t.Fatal(err)
			}
			w.Runner.Limits.Time = time.Minute
			if _, _, err := w.LoadContent(context.Background()); err != nil {
				t.Fatalf("after the budget: %v", err)
			}
			if w.Started != 2 {
				t.Errorf("%d worker processes started, want 2", w.Started)
			}
		})
	}
}

// TestWorkerCancelAndCrash: a cancelled load stops the worker, a worker
// that cannot load reports why, and the next load works.
func TestWorkerCancelAndCrash(t *testing.T) {
	dir := starterDir(t)
	slow := filepath.Join(dir, "cards", "slow.cue")
	if err := os.WriteFile(slow, []byte(slowCUE), 0o644); err != nil {
		t.Fatal(err)
	}
	w := testWorker(t, dir, budget.Limits{Time: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	if _, _, err := w.LoadContent(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if err := os.Remove(slow); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.LoadContent(context.Background()); err != nil {
		t.Fatalf("after a cancel: %v", err)
	}
	missing := testWorker(t, filepath.Join(t.TempDir(), "missing"), budget.Limits{})
	_, _, err := missing.LoadContent(context.Background())
	var ex *budget.ExceededError
	if err == nil || errors.As(err, &ex) {
		t.Fatalf("a missing folder: %v", err)
	}
}

// treeChild makes this test binary a child that starts a grandchild
// holding 200 MiB (treeHog) and waits for it: the memory of a tree whose
// own process is small.
func treeChild() {
	exe, err := os.Executable()
	if err != nil {
		os.Exit(2)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "WBTOOL_BUDGET_TREE=hog")
	// the grandchild's input ends when this process dies
	pr, pw, err := os.Pipe()
	if err != nil {
		os.Exit(2)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pr, os.Stdout, os.Stderr
	_ = cmd.Run()
	pw.Close()
	os.Exit(0)
}

// treeHog holds 200 MiB of resident memory until its input ends.
func treeHog() {
	b := make([]byte, 200<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
	runtime.KeepAlive(b)
	os.Exit(0)
}

// TestSuperviseBudgetsTheProcessTree: --max-memory is the whole tree's: a
// child that stays small while a process it started grows past the
// budget is stopped for memory (without counting the tree, it would run
// to its time budget), and the grandchild dies with it.
func TestSuperviseBudgetsTheProcessTree(t *testing.T) {
	if budget.ResidentBytes(os.Getpid()) == 0 {
		t.Skip("resident memory is not known on this system")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	lim := budget.Limits{Time: 60 * time.Second, Memory: 100 << 20}
	out, err := budget.Supervise(context.Background(), budget.Command{Exe: exe, Env: append(os.Environ(), "WBTOOL_BUDGET_TREE=child"), Limits: lim})
	var ex *budget.ExceededError
	if !errors.As(err, &ex) || ex.Resource != budget.Memory {
		t.Fatalf("Supervise: %v (after %v), want the memory budget exceeded", err, out.Elapsed)
	}
	if out.PeakRSS <= lim.Memory {
		t.Errorf("peak %d MiB, want the tree's, over %d MiB", out.PeakRSS>>20, lim.Memory>>20)
	}
	t.Logf("stopped after %v at %d MiB", out.Elapsed, out.PeakRSS>>20)
}
