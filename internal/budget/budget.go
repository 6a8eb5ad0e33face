// Package budget runs wbtool's work in a child process with a time and
// memory budget, so that hostile or accidental content cannot hang wbtool:
// the content loads of `wbtool watch` and `wbtool serve` ([Worker], a
// process that lives across loads; [Runner.Load], one process per load),
// or a whole one-shot command such as `wbtool build` ([Supervise]).
//
// CUE evaluation cannot be cancelled from inside the process (its API takes
// no context), and a few lines of CUE can run for minutes
// (`x: list.Range(0, 2000000, 1)`, reliability notes 0.4) or eat all
// memory. So the parent re-executes its own binary with a hidden
// subcommand that loads the content and writes what it loaded to its
// standard output ([Child]); the parent ([Runner.Load]) kills the child
// when it runs past the time budget or its resident memory grows past the
// memory budget, and reports an [ExceededError]. The parent holds no CUE
// value, so its memory stays flat however many rebuilds a session does. A
// [Worker] keeps each file's evaluation between loads (schema.Cache) and is
// killed and replaced, cache and all, when a load breaks the budget.
package budget

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"wbtool.dev/wbtool/internal/crash"
)

// Defaults of the budget: generous for real content (the generated
// 1,000-card set loads in about 2 s and 250 MiB), small enough that a
// runaway evaluation is stopped while the designer is still looking.
const (
	DefaultTime   = 10 * time.Second
	DefaultMemory = 2 << 30
)

// Limits is a budget for one load. Zero fields mean the defaults.
type Limits struct {
	Time   time.Duration
	Memory int64 // bytes of resident memory
}

func (l Limits) withDefaults() Limits {
	if l.Time <= 0 {
		l.Time = DefaultTime
	}
	if l.Memory <= 0 {
		l.Memory = DefaultMemory
	}
	return l
}

// Resource names what a load ran out of.
type Resource string

// The resources of a budget.
const (
	Time   Resource = "time"
	Memory Resource = "memory"
)

// ExceededError reports a load stopped for going over its budget.
type ExceededError struct {
	Resource Resource
	Limit    Limits
}

func (e *ExceededError) Error() string {
	if e.Resource == Time {
		return fmt.Sprintf("evaluation took too long (over %s)", FormatDuration(e.Limit.Time))
	}
	return fmt.Sprintf("evaluation used too much memory (over %d MiB)", e.Limit.Memory>>20)
}

// Request says what the child loads.
type Request struct {
	Dir   string // content folder
	Root  string // shown before file names in positions (wbschema.Options.Root)
	Draft bool
	// Memory is the memory budget, passed on so that the child caps
	// itself too (GC target and address space).
	Memory int64
	// Time is the time budget, passed on so that the child caps its CPU
	// time too (see LimitSelf), in case the parent cannot stop it.
	Time time.Duration
	// Worker asks for a worker process that serves loads until its
	// standard input closes (see Worker), instead of one load.
	Worker bool
}

// Args encodes the request as command-line arguments for the child.
func (r Request) Args() []string {
	args := []string{"--dir", r.Dir, "--root", r.Root, "--memory", strconv.FormatInt(r.Memory, 10)}
	if r.Time > 0 {
		args = append(args, "--time", r.Time.String())
	}
	if r.Draft {
		args = append(args, "--draft")
	}
	if r.Worker {
		args = append(args, "--worker")
	}
	return args
}

// ParseArgs decodes the arguments made by Request.Args.
func ParseArgs(args []string) (Request, error) {
	var r Request
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "--draft":
			r.Draft = true
			continue
		case "--worker":
			r.Worker = true
			continue
		}
		if i+1 >= len(args) {
			return r, fmt.Errorf("%s needs a value", a)
		}
		v := args[i+1]
		i++
		switch a {
		case "--dir":
			r.Dir = v
		case "--root":
			r.Root = v
		case "--memory":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return r, fmt.Errorf("--memory %q: %w", v, err)
			}
			r.Memory = n
		case "--time":
			d, err := time.ParseDuration(v)
			if err != nil {
				return r, fmt.Errorf("--time %q: %w", v, err)
			}
			r.Time = d
		default:
			return r, fmt.Errorf("unknown argument %q", a)
		}
	}
	if r.Dir == "" {
		return r, errors.New("--dir is required")
	}
	return r, nil
}

// The child's answer: a magic, a kind byte, then the encoded value.
const magic = "wbtool-load-1\n"

const (
	kindErrors  = 'E'
	kindFailure = 'F'
	// kindCrash: the load panicked; the payload is the path of the
	// report the child wrote (package internal/crash).
	kindCrash = 'P'
)

// loadStage is the stage a load's panic is reported in.
const loadStage = "load"

// Main is the child side, for the hidden command that Runner and Worker
// start: a worker when req.Worker, else one load (Child).
func Main(r io.Reader, w io.Writer, req Request) error {
	if req.Worker {
		return ServeWorker(r, w, req)
	}
	return Child(w, req)
}

// Child is the child side: it loads req.Dir and writes the outcome to w —
// the content, or the content errors, or the failure. It returns an error
// only when it could not write.
func Child(w io.Writer, req Request) error {
	if os.Getenv("GOGC") == "" {
		// The child lives for one load: collecting less often halves the
		// starter content's load time (GC was a quarter of it), and the
		// memory limit below still makes the GC work when memory runs low.
		debug.SetGCPercent(400)
	}
	LimitSelf(Limits{Time: req.Time, Memory: req.Memory})
	kind, payload := load(req, nil)
	var buf bytes.Buffer
	buf.WriteString(magic)
	buf.WriteByte(kind)
	buf.Write(payload)
	_, err := w.Write(buf.Bytes())
	return err
}

// Runner starts children and enforces their budget.
type Runner struct {
	// Exe and Args are the program and the leading arguments of the
	// child, e.g. os.Executable() and ["__load"]; the request's arguments
	// follow them.
	Exe  string
	Args []string
	// Env is added to the child's environment.
	Env    []string
	Limits Limits
}

// Stats describe one load.
type Stats struct {
	Elapsed time.Duration
	PeakRSS int64 // bytes, 0 when unknown
}

// pollEvery is how often the parent samples the child's memory.
const pollEvery = 10 * time.Millisecond

// Load runs one child for req and returns what it loaded. Content errors come
// back as schema.Errors, a blown budget as *ExceededError, a cancelled ctx
// as ctx.Err(); the child is always gone when Load returns.
func (r *Runner) Load(ctx context.Context, req Request) (Loaded, Stats, error) {
	lim := r.Limits.withDefaults()
	req.Memory = lim.Memory
	req.Time = lim.Time
	var st Stats
	cmd := exec.Command(r.Exe, append(append([]string(nil), r.Args...), req.Args()...)...)
	cmd.Env = append(os.Environ(), r.Env...)
	// The child dies with its parent, whatever kills the parent.
	dieWithParent(cmd)
	// The answer cannot sensibly be larger than the child's memory.
	stdout := &cappedBuffer{max: lim.Memory}
	stderr := &tailBuffer{max: 16 << 10}
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Loaded{}, st, fmt.Errorf("start the evaluation process: %w", err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.NewTimer(lim.Time)
	defer deadline.Stop()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	tree := &treeSampler{pid: cmd.Process.Pid}
	defer tree.close()
	kill := func(reason error) (Loaded, Stats, error) {
		killTree(cmd.Process)
		<-done
		st.Elapsed = time.Since(start)
		st.PeakRSS = max(st.PeakRSS, maxRSS(cmd.ProcessState))
		return Loaded{}, st, reason
	}
	var waitErr error
loop:
	for {
		select {
		case waitErr = <-done:
			break loop
		case <-ctx.Done():
			return kill(ctx.Err())
		case <-deadline.C:
			return kill(&ExceededError{Resource: Time, Limit: lim})
		case <-tick.C:
			rss := tree.sample()
			st.PeakRSS = max(st.PeakRSS, rss)
			if rss > lim.Memory {
				return kill(&ExceededError{Resource: Memory, Limit: lim})
			}
		}
	}
	st.Elapsed = time.Since(start)
	st.PeakRSS = max(st.PeakRSS, maxRSS(cmd.ProcessState))
	if stdout.over {
		return Loaded{}, st, &ExceededError{Resource: Memory, Limit: lim}
	}
	out := stdout.Bytes()
	if waitErr != nil || !bytes.HasPrefix(out, []byte(magic)) || len(out) == len(magic) {
		msg := stderr.String()
		if isOutOfMemory(msg) {
			return Loaded{}, st, &ExceededError{Resource: Memory, Limit: lim}
		}
		if crash.IsTrace(msg) {
			return Loaded{}, st, crash.WriteReport(loadStage, msg)
		}
		if waitErr == nil {
			waitErr = errors.New("no answer")
		}
		return Loaded{}, st, fmt.Errorf("the evaluation process failed (%v): %s", waitErr, crashSummary(msg))
	}
	ld, err := decodeAnswer(out[len(magic)], out[len(magic)+1:])
	return ld, st, err
}

func isOutOfMemory(stderr string) bool {
	return strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "cannot allocate memory")
}

// crashSummary keeps the useful part of a crashed child's output: the
// panic message and the first frames, or else its last lines.
func crashSummary(stderr string) string {
	if i := strings.Index(stderr, "panic: "); i >= 0 {
		lines := strings.Split(stderr[i:], "\n")
		return strings.Join(lines[:min(len(lines), 6)], "\n")
	}
	return lastLines(stderr, 5)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// cappedBuffer keeps up to max bytes and refuses more.
type cappedBuffer struct {
	bytes.Buffer
	max  int64
	over bool
}

var errTooLarge = errors.New("answer larger than the memory budget")

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if int64(c.Len())+int64(len(p)) > c.max {
		c.over = true
		return 0, errTooLarge
	}
	return c.Buffer.Write(p)
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string { return string(t.b) }
