package budget

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime/debug"
	"syscall"
	"time"

	"wbtool.dev/wbtool/internal/artimg"
	"wbtool.dev/wbtool/internal/crash"
)

// Command is a whole program run by [Supervise]: for wbtool, the wbtool
// binary itself, re-executed with the same arguments.
type Command struct {
	Exe  string
	Args []string // the arguments after the program's name
	// Env is the child's whole environment; nil means this process's.
	Env            []string
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Limits         Limits // applied as given: a zero field is no budget of that kind
	// CrashEnv, when set, names the environment variable in which the
	// child finds the descriptor of a file for the runtime's report of a
	// fatal panic or error (RedirectCrashes), instead of its standard
	// error. The file has no name: nothing is left behind, however either
	// process ends (a crash's report file is written by whoever reports
	// it, from Outcome.Crash).
	CrashEnv string
}

// ErrNotStarted wraps the error of a child that could not be started.
var ErrNotStarted = errors.New("could not start the wbtool process")

// Outcome is how a supervised command ended.
type Outcome struct {
	Stats
	// ExitCode is the child's exit status, or 128+N when signal N ended
	// it (the shell's convention).
	ExitCode int
	// Signal is the signal that ended the child, 0 when it exited.
	Signal syscall.Signal
	// Crash is the runtime's report when the child died of a panic or
	// a fatal error (Command.CrashEnv), "" otherwise.
	Crash string
}

// Supervise runs c to its end, passing its standard streams through
// (a terminal stays a terminal), and enforces its budget: wall time from
// the start, and the resident memory of the child and the processes it
// started, sampled every 10 ms. Over the budget it
// kills the child and returns an [*ExceededError]; when ctx is done it
// kills the child and returns context.Cause(ctx). Otherwise the error is
// nil and the outcome says how the child ended. The child dies with this
// process (Linux: parent-death signal), and is always gone when
// Supervise returns.
//
// The child should call [LimitSelf] with the same limits: its CPU-time
// limit is the backstop when this process cannot act (stopped, starved);
// a child killed by it is reported as over the time budget.
func Supervise(ctx context.Context, c Command) (Outcome, error) {
	var out Outcome
	cmd := exec.Command(c.Exe, c.Args...)
	cmd.Env = c.Env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.Stdin, c.Stdout, c.Stderr
	dieWithParent(cmd)
	crashes := crashOutput(cmd, c.CrashEnv)
	if crashes != nil {
		defer crashes.Close()
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return out, fmt.Errorf("%w: %w", ErrNotStarted, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var deadline <-chan time.Time
	if c.Limits.Time > 0 {
		t := time.NewTimer(c.Limits.Time)
		defer t.Stop()
		deadline = t.C
	}
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	tree := &treeSampler{pid: cmd.Process.Pid}
	defer tree.close()
	finish := func() {
		out.Elapsed = time.Since(start)
		out.PeakRSS = max(out.PeakRSS, maxRSS(cmd.ProcessState))
	}
	kill := func(reason error) (Outcome, error) {
		killTree(cmd.Process)
		<-done
		finish()
		out.ExitCode, out.Signal = exitStatus(cmd.ProcessState)
		return out, reason
	}
	for {
		select {
		case <-done:
			finish()
			out.ExitCode, out.Signal = exitStatus(cmd.ProcessState)
			if trace := readCrash(crashes); out.ExitCode != 0 && crash.IsTrace(trace) {
				if isOutOfMemory(trace) { // past its address-space cap
					return out, &ExceededError{Resource: Memory, Limit: c.Limits}
				}
				out.Crash = trace
			}
			if out.Signal == syscall.SIGKILL && c.Limits.Time > 0 && cpuTime(cmd.ProcessState) >= float64(cpuLimit(c.Limits.Time))-1 {
				// Killed by its own CPU-time limit.
				return out, &ExceededError{Resource: Time, Limit: c.Limits}
			}
			return out, nil
		case <-ctx.Done():
			return kill(context.Cause(ctx))
		case <-deadline:
			return kill(&ExceededError{Resource: Time, Limit: c.Limits})
		case <-tick.C:
			rss := tree.sample()
			out.PeakRSS = max(out.PeakRSS, rss)
			if c.Limits.Memory > 0 && rss > c.Limits.Memory {
				return kill(&ExceededError{Resource: Memory, Limit: c.Limits})
			}
		}
	}
}

// exitStatus is the shell's view of how a child ended.
func exitStatus(ps *os.ProcessState) (code int, sig syscall.Signal) {
	if ps == nil {
		return -1, 0
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()), ws.Signal()
	}
	return ps.ExitCode(), 0
}

// cpuTime is the CPU time (user and system, all threads) an exited child
// used, in seconds.
func cpuTime(ps *os.ProcessState) float64 {
	if ps == nil {
		return 0
	}
	return (ps.UserTime() + ps.SystemTime()).Seconds()
}

// cpuLimit is the CPU-time limit, in whole seconds, of a child with time
// budget t: CPU time counts every thread, so a busy child on two cores
// spends it twice as fast as wall time; 2t+5s lets the parent's wall-time
// budget act first whenever the parent is alive and running.
func cpuLimit(t time.Duration) uint64 {
	return uint64(math.Ceil((2*t + 5*time.Second).Seconds()))
}

// LimitSelf is the child's side of a budget: it caps this process so that
// it cannot outlive the budget even when the parent cannot stop it, and
// makes the garbage collector work harder before the parent's memory
// limit is reached. A zero field of l sets no limit of that kind.
//
//   - Time: CPU time (RLIMIT_CPU) of 2×Time+5s, after which the kernel
//     kills the process;
//   - Memory: the collector's soft limit (SoftMemoryLimit, unless the
//     user set GOMEMLIMIT), an address-space cap (RLIMIT_AS) of Memory
//     plus 4 GiB of slack, past which allocation fails ("out of
//     memory"), and the art decoder's cap (a quarter of it,
//     artimg.MemoryCap).
//
// The limits are inherited by any program this process starts.
func LimitSelf(l Limits) {
	if l.Memory > 0 {
		// one picture's decode is refused from its header past a
		// quarter of the budget, by every command alike
		artimg.SetBudget(l.Memory)
		SetSoftMemoryLimit(l.Memory)
		limitAddressSpace(l.Memory)
	}
	if l.Time > 0 {
		limitCPU(cpuLimit(l.Time))
	}
}

// FormatDuration writes a budget the way a designer would type it: "60s",
// "1m30s", "500ms" (time.Duration's own form writes 60s as "1m0s").
func FormatDuration(d time.Duration) string {
	if d >= time.Second && d%time.Second == 0 && d < 10*time.Minute {
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return d.String()
}

// SoftMemoryLimit is the garbage collector's soft memory limit of a
// process whose memory budget is memory bytes: three quarters of it, so
// that the collector works harder only when the budget is near, never
// below what the work needs while the budget allows it. A fixed limit
// (1 GiB, 256 MiB for validate) made the collector run back to back on
// large trees: validate of 24,000 cards took 2.6 times the CPU of the
// same run under this limit (issue 35).
func SoftMemoryLimit(memory int64) int64 { return memory / 4 * 3 }

// SetSoftMemoryLimit sets the collector's soft limit of this process
// from its memory budget (SoftMemoryLimit), unless GOMEMLIMIT is set:
// the user's limit is kept.
func SetSoftMemoryLimit(memory int64) {
	if memory > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(SoftMemoryLimit(memory))
	}
}

// maxCrashReport bounds what is read of a child's crash report: the
// runtime's trace of every goroutine of a large build fits well inside.
const maxCrashReport = 64 << 20

// readCrash returns what a child wrote to its crash file f (nil: none).
func readCrash(f *os.File) string {
	if f == nil {
		return ""
	}
	b, _ := io.ReadAll(io.NewSectionReader(f, 0, maxCrashReport))
	return string(b)
}
