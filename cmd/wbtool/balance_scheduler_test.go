package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"wbtool.dev/wbtool/balance"
)

// schedulerRun is one run of the scheduler test's wbtool, in dir.
type schedulerRun struct {
	t      *testing.T
	wbtool string
	dir    string
}

// cmd is a wbtool command in the run's folder with env added to a
// scheduler-free environment (no index variable inherited).
func (s schedulerRun) cmd(env []string, args ...string) *exec.Cmd {
	c := exec.Command(s.wbtool, args...)
	c.Dir = s.dir
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(shardIndexEnv, name) && !strings.HasPrefix(name, "SLURM_") {
			c.Env = append(c.Env, kv)
		}
	}
	c.Env = append(c.Env, env...)
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return c
}

// run runs a wbtool command to its end and returns its exit code and
// output.
func (s schedulerRun) run(env []string, args ...string) (int, string) {
	s.t.Helper()
	c := s.cmd(env, args...)
	out, err := c.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		s.t.Fatalf("%v: %v", args, err)
	}
	return 0, string(out)
}

func (s schedulerRun) must(env []string, args ...string) string {
	s.t.Helper()
	code, out := s.run(env, args...)
	if code != 0 {
		s.t.Fatalf("wbtool %s: exit %d\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

// TestBalanceScheduler acts as the scheduler of a planned balance study:
// it runs each shard as a process with its index in the environment (as
// Kubernetes and SLURM give it, the SLURM array script itself for one
// shard), kills two shards, retries them as a retried SLURM task sees it
// (a count of 1), offers a shard twice and a shard changed after it was
// written, and checks that merge refuses each, reports what is missing,
// and that the complete merge is a single machine's run, byte for byte.
func TestBalanceScheduler(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a balance study in a dozen processes")
	}
	t.Parallel()
	s := schedulerRun{t, wbtoolProgram(t), t.TempDir()}
	const shards = 6
	opts := []string{"--format", "exploration", "--bot", "random", "--games", "4"}
	s.must(nil, append([]string{"balance", "plan", "--shards", fmt.Sprint(shards), "--out", "plan"}, opts...)...)
	s.must(nil, append([]string{"balance", "--out", "single"}, opts...)...)
	const manifest = "plan/balance/manifest.json"
	data, err := os.ReadFile(filepath.Join(s.dir, manifest))
	if err != nil {
		t.Fatal(err)
	}
	m, err := balance.ParseManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	merge := func(out string, args ...string) (int, string) {
		return s.run(nil, append([]string{"balance", "merge", "--manifest", manifest, "--out", out}, args...)...)
	}
	runArgs := func(i int) []string {
		return []string{"balance", "run", "--manifest", manifest, "--out", fmt.Sprintf("results/shard-%d", i)}
	}
	shardFile := func(i int) string {
		return filepath.Join(s.dir, "results", fmt.Sprintf("shard-%d", i), "balance", m.ShardFile(i))
	}

	// Shards 1 and 4 are killed (SIGKILL to the process group: the
	// supervisor and its child) as soon as they start; the others run:
	// 0 and 2 with Kubernetes' index, 3 with SLURM's (its array of 6),
	// 5 through the generated SLURM array script.
	killed := []int{1, 4}
	for _, i := range killed {
		c := s.cmd([]string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i)}, runArgs(i)...)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Kill(-c.Process.Pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		if err := c.Wait(); err == nil {
			t.Fatalf("shard %d: not killed", i)
		}
	}
	for _, i := range []int{0, 2} {
		s.must([]string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i)}, runArgs(i)...)
	}
	s.must([]string{"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_COUNT=6", "SLURM_ARRAY_TASK_MAX=5"}, runArgs(3)...)
	bin := filepath.Join(s.dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(s.wbtool, filepath.Join(bin, "wbtool")); err != nil {
		t.Fatal(err)
	}
	slurm := exec.Command("bash", "plan/balance/balance.slurm")
	slurm.Dir = s.dir
	slurm.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=5", "SLURM_ARRAY_TASK_COUNT=6", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := slurm.CombinedOutput(); err != nil {
		t.Fatalf("the SLURM script: %v\n%s", err, out)
	}

	// What a killed shard left: nothing, or (killed after it published)
	// its whole file. Merge names exactly the shards without a file.
	var missing []string
	for _, i := range killed {
		if _, err := os.Stat(shardFile(i)); err == nil {
			t.Logf("shard %d published before it was killed", i)
		} else {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	code, out := merge("merged", "results")
	if len(missing) > 0 {
		want := fmt.Sprintf("%d of %d shards missing: %s; play them again:", len(missing), shards, strings.Join(missing, ", "))
		if code != exitUsage || !strings.Contains(out, want) {
			t.Fatalf("merge with shards killed: exit %d, want %d and %q:\n%s", code, exitUsage, want, out)
		}
	}

	// The killed shards are retried as a retried SLURM task sees it: an
	// array of one task, whose count is never read.
	for _, i := range killed {
		s.must([]string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), "SLURM_ARRAY_TASK_COUNT=1", fmt.Sprintf("SLURM_ARRAY_TASK_MIN=%d", i), fmt.Sprintf("SLURM_ARRAY_TASK_MAX=%d", i)}, runArgs(i)...)
	}

	// A shard offered twice (a retry's copy kept beside the first).
	dup := filepath.Join(s.dir, "copy", m.ShardFile(0))
	copyFile(t, shardFile(0), dup)
	if code, out := merge("merged", "results", "copy"); code != exitUsage || !strings.Contains(out, "shard 0 is given twice") {
		t.Fatalf("a shard given twice: exit %d\n%s", code, out)
	}

	// A shard changed after it was written: a matchup's wins swapped,
	// which every count still allows; its digest does not.
	tamper(t, shardFile(2))
	if code, out := merge("merged", "results"); code != exitUsage || !strings.Contains(out, "shard-2-of-6.json: digest sha256:") || !strings.Contains(out, "the file was changed after wbtool wrote it") {
		t.Fatalf("a changed shard: exit %d\n%s", code, out)
	}
	// Played again (wbtool replaces no file changed by hand: it goes
	// first).
	if err := os.Remove(shardFile(2)); err != nil {
		t.Fatal(err)
	}
	s.must([]string{"JOB_COMPLETION_INDEX=2"}, runArgs(2)...)

	s.must(nil, "balance", "merge", "--manifest", manifest, "--out", "merged", "results")
	for _, name := range []string{"balance.json", "index.html"} {
		a, err1 := os.ReadFile(filepath.Join(s.dir, "single", "balance", name))
		b, err2 := os.ReadFile(filepath.Join(s.dir, "merged", "balance", name))
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		if string(a) != string(b) {
			t.Errorf("%s: the merged shards differ from one machine's run", name)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(to), 0o755)
	}
	if err == nil {
		err = os.WriteFile(to, b, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// tamper swaps the wins of the first matchup with unequal wins (else
// changes its first seat's VP) in a shard's file.
func tamper(t *testing.T, name string) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	ms := r["matchups"].([]any)
	done := false
	for _, x := range ms {
		mu := x.(map[string]any)
		w := mu["wins"].([]any)
		if w[0] != w[1] {
			w[0], w[1] = w[1], w[0]
			done = true
			break
		}
	}
	if !done {
		mu := ms[0].(map[string]any)
		mu["vp"].([]any)[0] = mu["vp"].([]any)[0].(float64) + 1
	}
	out, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
