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

	"golang.org/x/sys/unix"
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

// supervisedChildren lists the supervised children of parent: the
// processes parent started (their parent is parent) that run wbtool with
// the supervision marker naming parent. The marker alone is not enough:
// a process the child starts (git, or the Go runtime's pidfd probe) shows
// the child's environment, marker included, between its fork and its
// exec, and such a grandchild was once counted as a second child.
func supervisedChildren(parent int) []int {
	want := []byte(superviseEnv + "=" + strconv.Itoa(parent) + ":")
	ents, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || parentOf(pid) != parent {
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

// procStat is the fields of /proc/PID/stat after the command's name
// (field 3, the state, first); nil when the process is gone.
func procStat(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}

// parentOf is the parent process of pid, 0 when pid is gone.
func parentOf(pid int) int {
	f := procStat(pid)
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}

// cpuTicks is the user and system CPU time pid has used, in clock ticks.
func cpuTicks(pid int) int {
	f := procStat(pid)
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11])
	s, _ := strconv.Atoi(f[12])
	return u + s
}

// waitFor polls cond until it holds or the process waited on by exited
// ends first (then it fails the test): no deadline, the test's timeout
// bounds a wait that never ends, and a busy machine only makes it longer.
func waitFor(t *testing.T, exited <-chan struct{}, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-exited:
			if cond() {
				return
			}
			t.Fatalf("wbtool ended while waiting for %s", what)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// bomb is a running `wbtool validate` of the bomb content.
type bomb struct {
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	tmp    string // its TMPDIR
	child  int    // the supervised child
	// childFD is a pidfd of the child: it becomes readable when the
	// child has ended, whoever reaps it.
	childFD int
	// exited is closed when wbtool has ended, and err is then its
	// outcome.
	exited chan struct{}
	err    error
}

// startBomb starts `wbtool validate` on the bomb and waits until its
// supervised child is evaluating the content.
func startBomb(t *testing.T, group bool) *bomb {
	t.Helper()
	wbtool := wbtoolProgram(t)
	b := &bomb{cmd: exec.Command(wbtool, "validate", "--content", bombContent(t)), stderr: new(bytes.Buffer), tmp: t.TempDir(), exited: make(chan struct{})}
	b.cmd.Env = append(os.Environ(), "TMPDIR="+b.tmp)
	if group {
		// Its own process group, as a terminal's foreground job.
		b.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	}
	b.cmd.Stderr = b.stderr
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { b.err = b.cmd.Wait(); close(b.exited) }()
	t.Cleanup(func() { _ = b.cmd.Process.Kill(); <-b.exited })
	parent := b.cmd.Process.Pid
	var child []int
	waitFor(t, b.exited, "the supervised child", func() bool {
		child = supervisedChildren(parent)
		return len(child) > 0
	})
	if len(child) != 1 {
		t.Fatalf("supervised children of %d: %v, want one", parent, child)
	}
	b.child = child[0]
	fd, err := unix.PidfdOpen(b.child, 0)
	if err != nil {
		t.Fatalf("pidfd of the child %d: %v", b.child, err)
	}
	t.Cleanup(func() { unix.Close(fd) })
	b.childFD = fd
	// The child is evaluating once it has used a quarter of a second of
	// CPU time (loading the base content takes less; the bomb takes many
	// seconds): a busy machine makes this wait longer, not the test fail.
	waitFor(t, b.exited, "the evaluation", func() bool { return cpuTicks(b.child) >= 25 })
	return b
}

// leftNothing fails the test when wbtool left a file in its temporary
// folder (a crash file named in advance did, when wbtool was killed).
func (b *bomb) leftNothing(t *testing.T) {
	t.Helper()
	if left, _ := os.ReadDir(b.tmp); len(left) > 0 {
		t.Errorf("wbtool left %d files in its temporary folder, the first %s", len(left), left[0].Name())
	}
}

// childEnded reports whether the child has ended, without waiting.
func (b *bomb) childEnded(t *testing.T) bool {
	t.Helper()
	fds := []unix.PollFd{{Fd: int32(b.childFD), Events: unix.POLLIN}}
	n, err := unix.Poll(fds, 0)
	if err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// TestSuperviseSignals sends SIGINT, SIGTERM or SIGHUP to wbtool (the
// parent only, as kill(1) does; or, for Ctrl-C, to its whole process
// group, as a terminal does) during a long evaluation: it exits
// 128+signal, saying it was stopped, without waiting for the evaluation,
// and its child is gone (ended and reaped) by then. The time it took is
// logged, not judged: on a busy machine it can take longer than the
// second it takes on an idle one.
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
			b := startBomb(t, c.group)
			start := time.Now()
			pid := b.cmd.Process.Pid
			if c.group {
				pid = -pid
			}
			if err := syscall.Kill(pid, sig); err != nil {
				t.Fatal(err)
			}
			<-b.exited
			took := time.Since(start)
			var ee *exec.ExitError
			if !errors.As(b.err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Fatalf("exit: %v, want status %d; stderr:\n%s", b.err, 128+int(sig), b.stderr)
			}
			// The content line (which tree the command reads) comes first;
			// the stop is the one line after it.
			if want := fmt.Sprintf("content: content (Warbound)\nwbtool: stopped (%v)\n", sig); b.stderr.String() != want {
				t.Errorf("stderr %q, want %q", b.stderr, want)
			}
			if !b.childEnded(t) {
				t.Errorf("child %d still running", b.child)
			}
			if _, err := os.Stat(fmt.Sprintf("/proc/%d", b.child)); err == nil {
				t.Errorf("child %d still exists (not reaped)", b.child)
			}
			b.leftNothing(t)
			t.Logf("stopped in %v: %s", took.Round(time.Millisecond), strings.TrimSpace(b.stderr.String()))
		})
	}
}

// TestSupervisedChildDiesWithParent kills wbtool outright (SIGKILL: no
// chance to clean up): the kernel kills its child too. The test is a
// child subreaper while it runs, so the orphaned child becomes its child
// and the test waits for it and sees how it ended: killed by SIGKILL, not
// exiting after the evaluation (which a child outliving its parent would
// do, many seconds later).
func TestSupervisedChildDiesWithParent(t *testing.T) {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		t.Skipf("cannot become a child subreaper: %v", err)
	}
	t.Cleanup(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0) })
	b := startBomb(t, false)
	if err := b.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-b.exited
	// wbtool is reaped, so the child is the test's by now.
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(b.child, &ws, 0, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			t.Fatalf("waiting for the child %d: %v", b.child, err)
		}
		break
	}
	if !ws.Signaled() || ws.Signal() != unix.SIGKILL {
		t.Fatalf("child %d ended with status %#x (exited %v, code %d); want killed by SIGKILL", b.child, uint32(ws), ws.Exited(), ws.ExitStatus())
	}
	b.leftNothing(t)
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
