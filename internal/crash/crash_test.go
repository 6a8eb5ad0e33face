package crash

import (
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
)

// A goroutine's panic reaches the stage's guard through a Catcher, with
// the stack where it happened and the stage that waited for it; the report
// names the stage and holds the trace.
func TestCatcherHandsPanicToStage(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	stage := func() (err error) {
		defer Recover("site", &err)
		var wg sync.WaitGroup
		var c Catcher
		for i := range 3 {
			wg.Go(func() {
				defer c.Catch()
				if i == 1 {
					var s []int
					_ = s[:1] // slice bounds out of range, as in issue 25
				}
			})
		}
		wg.Wait()
		c.Rethrow()
		return nil
	}
	err := stage()
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("stage error = %v, want a *crash.Error", err)
	}
	if ce.Stage != "site" || !strings.Contains(string(ce.Stack), "TestCatcherHandsPanicToStage.func1.1") {
		t.Fatalf("stage %q, stack:\n%s", ce.Stage, ce.Stack)
	}
	r := Report(ce)
	if want := "internal error in stage site; please report it with this file: " + r.Path; r.Error() != want {
		t.Fatalf("diagnostic %q, want %q", r.Error(), want)
	}
	b, err := os.ReadFile(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "panic: runtime error: slice bounds out of range") {
		t.Fatalf("report:\n%s", b)
	}
}

func TestIsTrace(t *testing.T) {
	for s, want := range map[string]bool{
		"panic: boom\n\ngoroutine 1 [running]:":    true,
		"some output\nfatal error: stack overflow": true,
		"gc 1 @0.01s 2%: …":                        false,
		"":                                         false,
	} {
		if IsTrace(s) != want {
			t.Errorf("IsTrace(%q) = %v", s, !want)
		}
	}
}
