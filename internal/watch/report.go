package watch

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/site"
)

// Report is what one rebuild did.
type Report struct {
	Seq     int
	Changed []string // content files, slash paths; [Everything] for the first build

	// Canceled: the session was stopped during the rebuild.
	Canceled bool
	// Budget is set when the content evaluation ran out of time or
	// memory; nothing else was done.
	Budget *budget.ExceededError
	// Errors are content errors with their file:line:col (validation,
	// rules pages, cards that do not fit), or another failure.
	Errors       []string
	ErrorSummary string

	Summary string // what the content holds, when it loaded
	Checks  struct {
		Passed, Failed int
		Rerun, Reused  int
		Failures       []string
	}
	// Unchanged: the content loaded to the same catalog as the last
	// build, so no output was rebuilt.
	Unchanged bool
	Images    struct{ Rendered, Reused int }
	// Outputs lists the output files or folders rewritten, relative to
	// the output folder.
	Outputs []string
	// Site is the built site (nil when it was not rebuilt), for a preview
	// server to swap in.
	Site site.Files

	removePrint []string // sheets of removed decks, to delete

	mu     sync.Mutex
	Stages []Stage
	Total  time.Duration
}

// Stage is the time one stage of a rebuild took.
type Stage struct {
	Name string
	Took time.Duration
}

func (r *Report) stage(name string, start time.Time) { r.stageAt(name, start, time.Since(start)) }

func (r *Report) stageAt(name string, _ time.Time, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Stages = append(r.Stages, Stage{name, d})
}

// OK reports whether the content loaded and every output was built.
func (r *Report) OK() bool { return !r.Canceled && r.Budget == nil && len(r.Errors) == 0 }

// Took returns the time of a stage, 0 if it did not run.
func (r *Report) Took(name string) time.Duration {
	for _, s := range r.Stages {
		if s.Name == name {
			return s.Took
		}
	}
	return 0
}

// ChangedText names the changed files for a designer.
func (r *Report) ChangedText() string {
	if changedEverything(r.Changed) {
		return "first build"
	}
	const most = 5
	names := r.Changed
	more := ""
	if len(names) > most {
		more = fmt.Sprintf(" and %d more", len(names)-most)
		names = names[:most]
	}
	return strings.Join(names, ", ") + more
}

// Format writes the report for the terminal: a header line naming the
// rebuild and the changed files, then errors or results, then the times
// when timings is set.
func (r *Report) Format(w io.Writer, timings bool) {
	fmt.Fprintf(w, "[%d] %s\n", r.Seq, r.ChangedText())
	switch {
	case r.Canceled:
		fmt.Fprintf(w, "  stopped\n")
		return
	case r.Budget != nil:
		fmt.Fprintf(w, "  %s: %s\n  the outputs of the last good build are kept; the next save rebuilds\n", r.Budget, r.ChangedText())
	case len(r.Errors) > 0:
		for _, e := range r.Errors {
			fmt.Fprintf(w, "  %s\n", e)
		}
		sum := r.ErrorSummary
		if sum == "" {
			sum = plural(len(r.Errors), "error")
		}
		fmt.Fprintf(w, "  %s; the outputs of the last good build are kept\n", sum)
	}
	if r.Summary != "" {
		if len(r.Errors) == 0 && r.Budget == nil {
			fmt.Fprintf(w, "  ok: %s\n", r.Summary)
		}
		for _, f := range r.Checks.Failures {
			fmt.Fprintf(w, "  %s\n", f)
		}
		fmt.Fprintf(w, "  checks: %d passed, %d failed (%d played, %d unchanged)\n",
			r.Checks.Passed, r.Checks.Failed, r.Checks.Rerun, r.Checks.Reused)
	}
	if r.OK() {
		switch {
		case r.Unchanged:
			fmt.Fprintf(w, "  outputs: unchanged\n")
		case len(r.Outputs) == 0:
			fmt.Fprintf(w, "  outputs: all up to date\n")
		default:
			fmt.Fprintf(w, "  outputs: %s\n", strings.Join(r.Outputs, ", "))
		}
		if r.Images.Rendered+r.Images.Reused > 0 {
			fmt.Fprintf(w, "  card images: %d rendered, %d reused\n", r.Images.Rendered, r.Images.Reused)
		}
	}
	if timings {
		var parts []string
		for _, s := range r.Stages {
			parts = append(parts, s.Name+" "+ms(s.Took))
		}
		fmt.Fprintf(w, "  time: %s; total %s\n", strings.Join(parts, ", "), ms(r.Total))
	}
}

func ms(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%dms", d.Milliseconds())
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
