// Package crash turns a panic — a bug of wbtool, never the content's
// fault — into one diagnostic and a report file, instead of a Go trace on
// the designer's terminal (issue 25):
//
//	wbtool: internal error in stage site; please report it with this file: /tmp/wbtool-crash-123.txt
//
// with exit status 3 ([ExitCode]). The stages of a build recover their
// panics ([Recover]); goroutines inside a stage hand theirs to the
// goroutine that waits for them ([Catcher]), so that the stage's guard
// sees it and names the stage. What still escapes (a goroutine without a
// guard, a fatal error of the runtime: a stack overflow, a concurrent map
// write) kills the process; the budgeted child processes write such a
// trace to a report file, which their parent names in the same one
// diagnostic (cmd/wbtool's supervisor, internal/budget's load worker).
//
// Tests make a stage panic with the environment variable WBTOOL_TEST_PANIC
// ([Trigger]); nothing else sets it.
package crash

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

// ExitCode is the exit status of a command stopped by an internal error.
const ExitCode = 3

// Error is a panic recovered in stage Stage, with the stack where it
// happened.
type Error struct {
	Stage string
	Value any
	Stack []byte
}

func (e *Error) Error() string { return fmt.Sprintf("panic in stage %s: %v", e.Stage, e.Value) }

// From makes the *Error of a recovered panic value v in stage: a value
// that is already one (handed on by a Catcher) keeps its stack, and its
// stage when it has one.
func From(stage string, v any) *Error {
	if e, ok := v.(*Error); ok {
		if e.Stage == "" {
			e.Stage = stage
		}
		return e
	}
	return &Error{Stage: stage, Value: v, Stack: debug.Stack()}
}

// Recover, deferred, turns a panic of the goroutine into an *Error in
// *err:
//
//	func() (err error) { defer crash.Recover("site", &err); … }
func Recover(stage string, err *error) {
	if v := recover(); v != nil {
		*err = From(stage, v)
	}
}

// Catcher hands the first panic of the goroutines it guards to the
// goroutine that waits for them, which panics with it again (its stack
// kept), where a stage's guard recovers it:
//
//	var c crash.Catcher
//	wg.Go(func() { defer c.Catch(); … })
//	wg.Wait()
//	c.Rethrow()
type Catcher struct {
	mu  sync.Mutex
	err *Error
}

// Catch, deferred in a goroutine, keeps its panic.
func (c *Catcher) Catch() {
	if v := recover(); v != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.err == nil {
			c.err = From("", v)
		}
	}
}

// Rethrow panics with the first panic caught, if any.
func (c *Catcher) Rethrow() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		panic(c.err)
	}
}

// Reported is an internal error whose report is written: its one
// diagnostic.
type Reported struct {
	Stage string
	Path  string // the report file
}

func (r *Reported) Error() string {
	return fmt.Sprintf("internal error in stage %s; please report it with this file: %s", r.Stage, r.Path)
}

// Version is wbtool's version, written in reports (set by the command).
var Version = "dev"

// Report writes e's report (the panic, its stack and what wbtool ran)
// to a new file in os.TempDir.
func Report(e *Error) *Reported {
	return WriteReport(e.Stage, fmt.Sprintf("panic: %v\n\n%s", e.Value, e.Stack))
}

// WriteReport writes a report of an internal error in stage, whose trace
// is trace, to a new file in os.TempDir. When it cannot, the diagnostic
// names the folder and why instead of a file.
func WriteReport(stage, trace string) *Reported {
	f, err := os.CreateTemp("", "wbtool-crash-*.txt")
	if err != nil {
		return &Reported{Stage: stage, Path: fmt.Sprintf("(none: %v)", err)}
	}
	defer f.Close()
	fmt.Fprintf(f, "wbtool %s: internal error in stage %s\ncommand: %s\n\n%s", Version, stage, strings.Join(os.Args, " "), trace)
	return &Reported{Stage: stage, Path: f.Name()}
}

// IsTrace reports whether a dead process's standard error holds the
// runtime's report of a panic or a fatal error.
func IsTrace(stderr string) bool {
	return strings.HasPrefix(stderr, "panic: ") || strings.Contains(stderr, "\npanic: ") ||
		strings.HasPrefix(stderr, "fatal error: ") || strings.Contains(stderr, "\nfatal error: ")
}

// TestPanicEnv names the stage a test wants to panic in (Trigger).
const TestPanicEnv = "WBTOOL_TEST_PANIC"

// Trigger panics when the tests ask stage to (WBTOOL_TEST_PANIC=stage),
// or, for WBTOOL_TEST_PANIC=stage:goroutine, panics in a goroutine no
// guard covers, which kills the process (the last resort of the budgeted
// child processes). It does nothing otherwise.
func Trigger(stage string) {
	v := os.Getenv(TestPanicEnv)
	if v == "" {
		return
	}
	switch v {
	case stage:
		panic("test panic (" + TestPanicEnv + "=" + v + ")")
	case stage + ":goroutine":
		done := make(chan struct{})
		go func() {
			defer close(done)
			panic("test panic in a goroutine (" + TestPanicEnv + "=" + v + ")")
		}()
		<-done
	}
}
