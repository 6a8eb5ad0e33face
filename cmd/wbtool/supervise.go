package main

// Budgets for every command.
//
// CUE evaluation cannot be cancelled from inside the process, and every
// stage after it (check games, card layout, PDFs, the site) can be made
// slow or hungry by hostile or accidental content. So wbtool runs each
// one-shot content command (validate, build, check, print, deck, i18n,
// play, sim) in a child process: Main re-executes this very binary with
// the same arguments and the same standard streams, marked with the
// environment variable superviseEnv so that the child runs the command
// in-process. The parent (internal/budget.Supervise) enforces the time
// budget (--timeout, wall time) and the memory budget (--max-memory,
// resident memory of the child and its children, sampled every 10 ms), kills the child when it goes
// over, and says so:
//
//	wbtool: stopped: evaluation took too long (over 60s); if the content is right, raise --timeout
//
// with exit status 1. The child dies with the parent (Linux parent-death
// signal) and caps its own CPU time (2×timeout+5s) as a backstop.
//
// Signals: the parent handles SIGINT, SIGTERM and SIGHUP by killing the
// child at once and exiting 128+signal (130 for Ctrl-C). The child keeps
// Go's default action for them (die at once): the output folder is
// written through internal/dist, so a kill at any moment leaves the
// previous outputs or the new ones. Commands run in-process (watch,
// serve, hook, version, help) get a cancelled context on the first
// signal, exit 128+signal, and are stopped outright if they have not
// returned within a second (or at a second signal).
//
// sim runs under the memory budget, but under a time budget only when
// --timeout is given: self-play of many games is long by design, and
// Ctrl-C stops it. play plays one game with a step cap, so it has the
// normal budget. watch and serve run each rebuild in a budgeted worker
// process (internal/budget.Worker, internal/watch.Remote), by default 10 s
// for each step of a rebuild. The memory budget is always the child's
// process tree's (internal/budget's treeSampler).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/crash"
)

// superviseEnv marks the supervised child: "PARENTPID:TIMEOUT:MEMORY"
// (TIMEOUT a Go duration, 0 for none; MEMORY in bytes). A child runs its
// command in-process and caps itself with those limits.
const superviseEnv = "WBTOOL_SUPERVISED"

// crashFileEnv holds the descriptor of the file the supervised child sends
// the runtime's report of a fatal panic to (budget.RedirectCrashes): the
// parent then writes the report file, prints one diagnostic naming it,
// and exits 3, instead of a Go trace on the terminal.
const crashFileEnv = "WBTOOL_CRASH_FD"

// statsEnv, when set to 1, makes the parent print the child's elapsed
// time and peak resident memory to stderr (to measure budgets).
const statsEnv = "WBTOOL_BUDGET_STATS"

// Budget defaults of a whole command: a full build of a 1,200-card tree
// takes about 7 s and 400 MiB, so these stop only runaway content. watch
// and serve evaluate each change with budget.DefaultTime (10 s): a
// rebuild should be quick, and a stuck one should not hold up the next
// save.
const (
	defaultCommandTime = 60 * time.Second
	defaultMemoryMiB   = budget.DefaultMemory >> 20
	minMemoryMiB       = 64
)

// budgetedCommands are the top-level commands run under a budget, with
// their subcommands.
var budgetedCommands = map[string]bool{
	"validate": true, "build": true, "check": true, "print": true,
	"deck": true, "i18n": true, "play": true, "sim": true, "diff": true,
	"export": true, "balance": true,
}

// commandTimes are the commands whose default time budget is not
// defaultCommandTime: balance plays hundreds of search-bot games (about
// 40 s of two idle cores at its defaults for the starter content), so
// 60 s would stop it on a busy machine; 10 minutes still stops a runaway.
var commandTimes = map[string]time.Duration{"balance": 10 * time.Minute}

// untimedCommands have no time budget unless --timeout is given.
var untimedCommands = map[string]bool{"sim": true}

// graceAfterSignal is how long an in-process command has to return after
// the first signal before wbtool exits anyway.
const graceAfterSignal = 800 * time.Millisecond

// addBudgetFlags defines --timeout and --max-memory on the root command,
// for every command.
func addBudgetFlags(pf *pflag.FlagSet, g *globalFlags) {
	pf.DurationVar(&g.timeout, "timeout", 0, "time budget (default 60s for a command; balance: 10m; watch and serve: 10s for each step of a rebuild; sim: none)")
	pf.Int64Var(&g.maxMemory, "max-memory", defaultMemoryMiB, "memory budget, resident, of the process tree (`MiB`)")
}

// loadLimits is the budget of each step of a rebuild of watch and serve.
func loadLimits(g *globalFlags) (budget.Limits, error) {
	if g.timeout < 0 {
		return budget.Limits{}, usagef("--timeout %s: want a positive duration, e.g. 10s", g.timeout)
	}
	mem := g.maxMemory
	if mem == 0 {
		mem = defaultMemoryMiB // flags not parsed (a caller in Go)
	}
	if mem < minMemoryMiB {
		return budget.Limits{}, usagef("--max-memory %d: want at least %d (MiB)", mem, minMemoryMiB)
	}
	return budget.Limits{Time: g.timeout, Memory: mem << 20}, nil
}

// superviseMain runs wbtool with args: in a budgeted child when the
// command is a one-shot content command, in this process otherwise.
func superviseMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if v, ok := os.LookupEnv(superviseEnv); ok {
		return runChild(v, args, stdout, stderr)
	}
	lim, ok, err := commandBudget(args)
	if err != nil {
		fmt.Fprintf(stderr, "wbtool: %v\n", err)
		return exitUsage
	}
	if ok {
		if code, started := runSupervised(lim, args, stdin, stdout, stderr); started {
			return code
		}
	}
	return runInProcess(args, stdout, stderr)
}

// commandBudget decides whether args name a budgeted command and returns
// its limits. On any doubt (an unknown command, a flag error, --help) the
// command runs in-process, where cobra reports the mistake.
func commandBudget(args []string) (budget.Limits, bool, error) {
	root := newRootCmd()
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == nil || cmd == root {
		return budget.Limits{}, false, nil
	}
	top := topCommand(cmd)
	if !budgetedCommands[top.Name()] {
		return budget.Limits{}, false, nil
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return budget.Limits{}, false, nil
	}
	fl := cmd.Flags()
	for _, name := range []string{"help", "version"} {
		if f := fl.Lookup(name); f != nil && f.Changed {
			return budget.Limits{}, false, nil
		}
	}
	timeout, err1 := fl.GetDuration("timeout")
	mem, err2 := fl.GetInt64("max-memory")
	if err1 != nil || err2 != nil {
		return budget.Limits{}, false, nil
	}
	if timeout < 0 {
		return budget.Limits{}, false, usagef("--timeout %s: want a positive duration, e.g. 60s", timeout)
	}
	if mem < minMemoryMiB {
		return budget.Limits{}, false, usagef("--max-memory %d: want at least %d (MiB)", mem, minMemoryMiB)
	}
	if timeout == 0 && !untimedCommands[top.Name()] {
		timeout = defaultCommandTime
		if t, ok := commandTimes[top.Name()]; ok {
			timeout = t
		}
	}
	return budget.Limits{Time: timeout, Memory: mem << 20}, true, nil
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig syscall.Signal }

func (e signalError) Error() string { return "stopped (" + e.sig.String() + ")" }

// stopSignals are the signals that stop wbtool.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// runSupervised runs args in a child under lim. started is false when the
// child could not be started (no path to this program): the caller then
// runs the command in-process, without a budget.
func runSupervised(lim budget.Limits, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int, started bool) {
	exe, err := selfExecutable()
	if err != nil {
		return 0, false
	}
	// Handle the signals before the child exists, so that none is lost.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, stopSignals...)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		select {
		case s := <-sigs:
			if sig, ok := s.(syscall.Signal); ok {
				cancel(signalError{sig})
			}
		case <-ctx.Done():
		}
	}()
	marker := fmt.Sprintf("%s=%d:%s:%d", superviseEnv, os.Getpid(), lim.Time, lim.Memory)
	env := append(os.Environ(), marker)
	out, err := budget.Supervise(ctx, budget.Command{
		Exe:      exe,
		Args:     args,
		Env:      env,
		Stdin:    stdin,
		Stdout:   stdout,
		Stderr:   stderr,
		Limits:   lim,
		CrashEnv: crashFileEnv,
	})
	if os.Getenv(statsEnv) == "1" {
		fmt.Fprintf(stderr, "wbtool: budget: ran %s, peak resident memory %d MiB (budget %s, %d MiB)\n",
			out.Elapsed.Round(time.Millisecond), out.PeakRSS>>20, budget.FormatDuration(lim.Time), lim.Memory>>20)
	}
	var ex *budget.ExceededError
	var se signalError
	switch {
	case err == nil:
	case errors.As(err, &ex):
		flag := "--timeout"
		if ex.Resource == budget.Memory {
			flag = "--max-memory"
		}
		fmt.Fprintf(stderr, "wbtool: stopped: %v; if the content is right, raise %s\n", ex, flag)
		return exitContent, true
	case errors.As(err, &se):
		fmt.Fprintf(stderr, "wbtool: %v\n", se)
		return 128 + int(se.sig), true
	case errors.Is(err, budget.ErrNotStarted):
		return 0, false
	default:
		fmt.Fprintf(stderr, "wbtool: %v\n", err)
		return exitContent, true
	}
	if out.Crash != "" {
		return reportInternal(stderr, crash.WriteReport(commandName(newRootCmd(), args), out.Crash)), true
	}
	switch out.Signal {
	case 0:
		return out.ExitCode, true
	case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP:
		// The child got the signal too (a terminal's Ctrl-C reaches the
		// whole process group) and died of it first.
		fmt.Fprintf(stderr, "wbtool: %v\n", signalError{out.Signal})
	default:
		fmt.Fprintf(stderr, "wbtool: the command was killed (%v)\n", out.Signal)
	}
	return out.ExitCode, true
}

// runChild is the supervised child: it caps itself with the limits of
// the marker, keeps the default action of SIGINT, SIGTERM and SIGHUP (die
// at once), and runs the command in-process.
func runChild(marker string, args []string, stdout, stderr io.Writer) int {
	// Nothing this process starts is the supervised child.
	os.Unsetenv(superviseEnv)
	if v, ok := os.LookupEnv(crashFileEnv); ok {
		os.Unsetenv(crashFileEnv)
		orig := os.Stderr // descriptor 2, from now on the crash file
		if fd, err := strconv.Atoi(v); err == nil && fd > 2 {
			if f, err := budget.RedirectCrashes(fd); err == nil && stderr == io.Writer(orig) {
				stderr = f
			}
		}
	}
	if lim, ok := parseMarker(marker); ok {
		budget.LimitSelf(lim)
	}
	return run(context.Background(), args, stdout, stderr)
}

func parseMarker(v string) (budget.Limits, bool) {
	f := strings.Split(v, ":")
	if len(f) != 3 {
		return budget.Limits{}, false
	}
	t, err1 := time.ParseDuration(f[1])
	m, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		return budget.Limits{}, false
	}
	return budget.Limits{Time: t, Memory: m}, true
}

// runInProcess runs args in this process. The first SIGINT, SIGTERM or
// SIGHUP cancels the command's context; the exit status is then
// 128+signal. A command that has not returned within graceAfterSignal,
// or a second signal, ends the process at once.
func runInProcess(args []string, stdout, stderr io.Writer) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got atomic.Int32
	finished := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			sig, _ := s.(syscall.Signal)
			got.Store(int32(sig))
			cancel()
		case <-finished:
			return
		}
		select {
		case <-sigs:
		case <-time.After(graceAfterSignal):
		case <-finished:
			return
		}
		os.Exit(128 + int(got.Load()))
	}()
	code := run(ctx, args, stdout, stderr)
	close(finished)
	if n := got.Load(); n != 0 {
		return 128 + int(n)
	}
	return code
}

// topCommand is the top-level command (a child of the root) that cmd is
// or is under.
func topCommand(cmd *cobra.Command) *cobra.Command {
	for cmd.HasParent() && cmd.Parent().HasParent() {
		cmd = cmd.Parent()
	}
	return cmd
}
