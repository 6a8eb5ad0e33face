package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestCommandBudget(t *testing.T) {
	for _, c := range []struct {
		args     string
		budgeted bool
		time     time.Duration
		mem      int64 // MiB
	}{
		{"validate", true, 60 * time.Second, 2048},
		{"build --timeout 5s --max-memory 300", true, 5 * time.Second, 300},
		{"--timeout 5s check", true, 5 * time.Second, 2048},
		{"deck check raiders-strike", true, 60 * time.Second, 2048},
		{"print --deck x --lang fr", true, 60 * time.Second, 2048},
		{"i18n", true, 60 * time.Second, 2048},
		{"play --seed 3", true, 60 * time.Second, 2048},
		{"sim --games 10", true, 0, 2048},
		{"sim --timeout 1m", true, time.Minute, 2048},
		{"balance", true, 10 * time.Minute, 2048},
		{"balance merge a.json", true, 10 * time.Minute, 2048},
		{"balance --timeout 30s", true, 30 * time.Second, 2048},
		{"watch", false, 0, 0},
		{"watch __load --dir x", false, 0, 0},
		{"watch __session --content x", false, 0, 0},
		{"serve", false, 0, 0},
		{"hook install", false, 0, 0},
		{"version", false, 0, 0},
		{"", false, 0, 0},
		{"validate --help", false, 0, 0},
		{"validate -h", false, 0, 0},
		{"validate --no-such-flag", false, 0, 0},
		{"no-such-command", false, 0, 0},
		{"help validate", false, 0, 0},
	} {
		lim, ok, err := commandBudget(strings.Fields(c.args))
		if err != nil || ok != c.budgeted || lim.Time != c.time || lim.Memory != c.mem<<20 {
			t.Errorf("%q: budgeted %v, %v, %d MiB, %v; want %v, %v, %d MiB", c.args, ok, lim.Time, lim.Memory>>20, err, c.budgeted, c.time, c.mem)
		}
	}
	for _, args := range []string{"validate --timeout -1s", "build --max-memory 10"} {
		if _, _, err := commandBudget(strings.Fields(args)); err == nil {
			t.Errorf("%q: no usage error", args)
		}
	}
}

// bombCUE burns CPU for many seconds without growing: 36 million
// comprehension steps that keep nothing (the budget scripts' bomb). A
// long list no longer does: the loader evaluates two million elements in
// under a second, so validate could finish before the signal.
const bombCUE = "package warbound\n\nimport \"list\"\n\nstrings: \"bomb\": {en: \"\\(len([for i in list.Range(0, 6000, 1) for j in list.Range(0, 6000, 1) if i*j == -1 {i}]))\", fr: \"x\"}\n"

// wbtoolProgram is the wbtool command testscript.Main installed on the
// PATH (this test binary under the name wbtool).
func wbtoolProgram(t testing.TB) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("finds processes through /proc")
	}
	p, err := exec.LookPath("wbtool")
	if err != nil {
		t.Skip("no wbtool on the PATH")
	}
	return p
}

// bombContent is the frozen valid content tree plus the bomb.
func bombContent(t testing.TB) string {
	t.Helper()
	dir := baseContent(t)
	if err := os.WriteFile(filepath.Join(dir, "cards", "bomb.cue"), []byte(bombCUE), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// supervisedChildren lists the processes marked as the supervised child
// of parent.
func supervisedChildren(parent int) []int {
	want := []byte(superviseEnv + "=" + strconv.Itoa(parent) + ":")
	ents, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if bytes.HasPrefix(kv, want) {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// startBomb starts `wbtool validate` on the bomb and waits until its
// supervised child is running.
func startBomb(t *testing.T, group bool) (*exec.Cmd, *bytes.Buffer, int) {
	t.Helper()
	wbtool := wbtoolProgram(t)
	cmd := exec.Command(wbtool, "validate", "--content", bombContent(t))
	if group {
		// Its own process group, as a terminal's foreground job.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	var child []int
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if child = supervisedChildren(cmd.Process.Pid); len(child) > 0 {
			break
		}
	}
	if len(child) != 1 {
		t.Fatalf("supervised children of %d: %v, want one", cmd.Process.Pid, child)
	}
	// Let the evaluation run.
	time.Sleep(time.Second)
	return cmd, &stderr, child[0]
}

// TestSuperviseSignals sends SIGINT, SIGTERM or SIGHUP to wbtool (the
// parent only, as kill(1) does; or, for Ctrl-C, to its whole process
// group, as a terminal does) during a long evaluation: it exits
// 128+signal within a second and its child is gone.
func TestSuperviseSignals(t *testing.T) {
	for _, c := range []struct {
		sig   syscall.Signal
		group bool
	}{{syscall.SIGINT, false}, {syscall.SIGTERM, false}, {syscall.SIGHUP, false}, {syscall.SIGINT, true}} {
		sig := c.sig
		name := sig.String()
		if c.group {
			name += " to the group"
		}
		t.Run(name, func(t *testing.T) {
			cmd, stderr, child := startBomb(t, c.group)
			start := time.Now()
			pid := cmd.Process.Pid
			if c.group {
				pid = -pid
			}
			if err := syscall.Kill(pid, sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			took := time.Since(start)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Fatalf("exit: %v, want status %d; stderr:\n%s", err, 128+int(sig), stderr)
			}
			if took > time.Second {
				t.Errorf("wbtool took %v to stop", took)
			}
			if _, err := os.Stat(fmt.Sprintf("/proc/%d", child)); err == nil {
				t.Errorf("child %d still exists", child)
			}
			if left := supervisedChildren(cmd.Process.Pid); len(left) > 0 {
				t.Errorf("processes left: %v", left)
			}
			t.Logf("stopped in %v: %s", took.Round(time.Millisecond), strings.TrimSpace(stderr.String()))
		})
	}
}

// TestSupervisedChildDiesWithParent kills wbtool outright (SIGKILL: no
// chance to clean up): the kernel kills its child too.
func TestSupervisedChildDiesWithParent(t *testing.T) {
	cmd, _, child := startBomb(t, false)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if len(supervisedChildren(cmd.Process.Pid)) == 0 {
			return
		}
	}
	t.Fatalf("child %d outlived its parent", child)
}

// BenchmarkValidateStarter measures the budget's overhead on a normal
// validate of the embedded starter content: the same command run by a
// process as the supervised child does (in-process, no budget), and
// through the supervising parent.
//
//	go test ./cmd/wbtool/ -run '^$' -bench ValidateStarter -benchtime 20x
func BenchmarkValidateStarter(b *testing.B) {
	wbtool := wbtoolProgram(b)
	dir := b.TempDir() // no ./content: the embedded starter content
	for _, mode := range []struct {
		name string
		env  []string
	}{
		{"in-process", []string{superviseEnv + "=0:0s:0"}},
		{"supervised", nil},
	} {
		b.Run(mode.name, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(wbtool, "validate")
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), mode.env...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v\n%s", err, out)
				}
			}
		})
	}
}
