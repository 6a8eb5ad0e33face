package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/testtool"
)

// outputTree lists the output folder (wbtool's own records aside).
func outputTree(t *testing.T, out string) string {
	t.Helper()
	tree, err := testtool.Tree(out, dist.StateDir)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestKillDuringBuild kills `wbtool build` (the whole process group: the
// supervisor and its budgeted child) at random moments while it rebuilds
// an output folder from one of two content trees. After each kill, the
// next command's opening of the output folder (dist.Open) must leave the
// outputs of exactly one build: never a mix. The publication mechanism is
// tested at 60 kill points in internal/dist; this is the same promise end
// to end.
func TestKillDuringBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the content a dozen times")
	}
	t.Parallel()
	wbtool := wbtoolProgram(t)
	dir := t.TempDir()
	trees := []string{filepath.Join(dir, "a"), filepath.Join(dir, "b")}
	for _, tree := range trees {
		if err := copyTree(filepath.Join("testdata", "base"), tree); err != nil {
			t.Fatal(err)
		}
	}
	// b differs from a in one card name, seen by every output folder.
	raiders := filepath.Join(trees[1], "cards", "raiders.cue")
	src, err := os.ReadFile(raiders)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(raiders, []byte(strings.Replace(string(src), `en: "COPP"`, `en: "COPP Mk II"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	build := func(content, out string) (time.Duration, error) {
		start := time.Now()
		cmd := exec.Command(wbtool, "build", "--content", content, "--out", out)
		b, err := cmd.CombinedOutput()
		if err != nil {
			return 0, fmt.Errorf("%v\n%s", err, b)
		}
		return time.Since(start), nil
	}
	want := map[string]string{}
	var took time.Duration
	for i, tree := range trees {
		ref := filepath.Join(dir, fmt.Sprintf("ref%d", i))
		d, err := build(tree, ref)
		if err != nil {
			t.Fatal(err)
		}
		took = max(took, d)
		want[outputTree(t, ref)] = filepath.Base(tree)
	}
	if len(want) != 2 {
		t.Fatal("the two content trees build the same outputs")
	}
	out := filepath.Join(dir, "dist")
	if _, err := build(trees[0], out); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	seen := map[string]int{}
	for i := range 8 {
		cmd := exec.Command(wbtool, "build", "--content", trees[(i+1)%2], "--out", out)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Most of a build is computing; the kill lands anywhere in it,
		// the publication at its end included.
		time.Sleep(time.Duration(rng.Int64N(int64(took + took/4))))
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		if _, err := dist.Open(out, ""); err != nil {
			t.Fatalf("after kill %d: %v", i, err)
		}
		got := outputTree(t, out)
		which, ok := want[got]
		if !ok {
			t.Fatalf("after kill %d the outputs are not those of one build:\n%s", i, got)
		}
		seen[which]++
	}
	t.Logf("8 kills; outputs found after them: %v", seen)
}
