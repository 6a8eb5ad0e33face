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
	// OutputErrors are the problems found while building the outputs
	// (a broken link in the rules, a card text too long for its box).
	OutputErrors []string

	Summary string // what the content holds, when it loaded
	Drafts  int    // missing translations shown as placeholders (draft mode)
	Checks  struct {
		Passed, Failed int
		Rerun, Reused  int
		Failures       []string
	}
	// Unchanged: the content loaded to the same catalog as the last
	// build, so no output was rebuilt.
	Unchanged bool
	// Images counts the card images (one per card and language) drawn
	// anew, reused from memory, and read from the disk cache.
	Images struct{ Rendered, Reused, FromDisk int }
	// Outputs lists the output files or folders rewritten, relative to
	// the output folder.
	Outputs []string
	// Site is the built site (nil when it was not rebuilt), for a preview
	// server to swap in.
	Site site.Files

	removePrint []string // sheets of removed decks, to delete

	mu     sync.Mutex
	Stages []Stage
	// Checked is the time from the start of the rebuild to the end of
	// the checks (when the head of the report is known); Total to the end.
	Checked, Total time.Duration
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
func (r *Report) OK() bool {
	return !r.Canceled && r.Budget == nil && len(r.Errors) == 0 && len(r.OutputErrors) == 0
}

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
		if r.Seq <= 1 {
			return "first build"
		}
		return "every file (the watcher lost track of some changes)"
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

// Format writes the whole report for the terminal: FormatHead then
// FormatTail.
func (r *Report) Format(w io.Writer, timings bool) {
	r.FormatHead(w)
	r.FormatTail(w, timings)
}

// FormatHead writes what is known once the content is loaded and the
// check games played: the rebuild's number and changed files, then the
// content errors or the summary and the check results. `wbtool watch`
// prints it as soon as the checks are done (Config.OnChecked), before the
// outputs are built.
func (r *Report) FormatHead(w io.Writer) {
	fmt.Fprintf(w, "[%d] %s\n", r.Seq, r.ChangedText())
	switch {
	case r.Canceled:
		fmt.Fprintf(w, "  stopped\n")
		return
	case r.Budget != nil:
		fmt.Fprintf(w, "  %s: %s\n  the outputs of the last good build are kept; the next save rebuilds\n", r.Budget, r.ChangedText())
		return
	case len(r.Errors) > 0:
		for _, e := range r.Errors {
			fmt.Fprintf(w, "  %s\n", e)
		}
		sum := r.ErrorSummary
		if sum == "" {
			sum = plural(len(r.Errors), "error")
		}
		fmt.Fprintf(w, "  %s; the outputs of the last good build are kept\n", sum)
		return
	}
	fmt.Fprintf(w, "  ok: %s\n", r.Summary)
	if r.Drafts > 0 {
		fmt.Fprintf(w, "  draft: %s, shown as placeholders\n", plural(r.Drafts, "missing translation"))
	}
	for _, f := range r.Checks.Failures {
		fmt.Fprintf(w, "  %s\n", f)
	}
	fmt.Fprintf(w, "  checks: %d passed, %d failed (%d played, %d unchanged)\n",
		r.Checks.Passed, r.Checks.Failed, r.Checks.Rerun, r.Checks.Reused)
}

// FormatTail writes what the outputs stage did, and the time of each
// stage when timings is set.
func (r *Report) FormatTail(w io.Writer, timings bool) {
	if r.Canceled {
		return
	}
	switch {
	case len(r.OutputErrors) > 0:
		for _, e := range r.OutputErrors {
			fmt.Fprintf(w, "  %s\n", e)
		}
		fmt.Fprintf(w, "  %s building the outputs; the outputs of the last good build are kept\n", plural(len(r.OutputErrors), "error"))
	case !r.OK():
	case r.Unchanged:
		fmt.Fprintf(w, "  outputs: unchanged\n")
	case len(r.Outputs) == 0:
		fmt.Fprintf(w, "  outputs: all up to date\n")
	default:
		fmt.Fprintf(w, "  outputs: %s\n", strings.Join(r.Outputs, ", "))
	}
	if im := r.Images; r.OK() && im.Rendered+im.Reused+im.FromDisk > 0 {
		if im.FromDisk > 0 {
			fmt.Fprintf(w, "  card images: %d rendered, %d reused, %d from the cache\n", im.Rendered, im.Reused, im.FromDisk)
		} else {
			fmt.Fprintf(w, "  card images: %d rendered, %d reused\n", im.Rendered, im.Reused)
		}
	}
	if timings {
		var parts []string
		for _, s := range r.Stages {
			parts = append(parts, s.Name+" "+ms(s.Took))
		}
		checked := ""
		if r.Checked > 0 {
			checked = "checked in " + ms(r.Checked) + ", "
		}
		stages := ""
		if len(parts) > 0 {
			stages = strings.Join(parts, ", ") + "; "
		}
		fmt.Fprintf(w, "  time: %s%sdone in %s\n", stages, checked, ms(r.Total))
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
