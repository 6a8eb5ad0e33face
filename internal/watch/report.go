package watch

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/site"
)

// Report is what one rebuild did.
type Report struct {
	Seq     int
	Changed []string // content files, slash paths; [Everything] for the first build

	// Canceled: the session was stopped during the rebuild.
	Canceled bool
	// Budget is set when the rebuild ran out of time or memory; nothing
	// else was done. BudgetStep is the step it ran out in: "" while the
	// content was evaluated, else StepChecks or StepOutputs (a rebuild
	// run in a worker process, Remote).
	Budget     *budget.ExceededError
	BudgetStep string
	// Errors are content errors with their file:line:col (validation,
	// rules pages, cards that do not fit), or another failure.
	Errors       []string
	ErrorSummary string
	// OutputErrors are the problems found while building the outputs
	// (a broken link in the rules, a card text too long for its box).
	OutputErrors []string
	// Warnings are what the build warns about (text shrunk below a
	// comfortable size, a card text the engine cannot play).
	Warnings []string

	Summary string // what the content holds, when it loaded
	// Changes are what this save changed in the content since the last
	// one that loaded, a line each ("copp: speed 3 → 4"); none on the
	// first build.
	Changes []string
	Drafts  int // missing translations shown as placeholders (draft mode)
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
	// Pages counts the site's card pages (one per card and language)
	// rendered anew and reused from the last build (site.PageCache).
	Pages struct{ Rendered, Reused int }
	// SheetPages counts the pages of the PDFs printed again whose
	// content was compressed anew, and those reused from the last build
	// (render.PageCache).
	SheetPages struct{ Compressed, Reused int }
	// Outputs lists the output files or folders rewritten, relative to
	// the output folder.
	Outputs []string
	// Site is the built site (nil when it was not rebuilt), for a preview
	// server to swap in.
	Site site.Files

	mu     sync.Mutex `budget:"-"`
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

// OK reports whether the content loaded, every check game passed and
// every output was built: what `wbtool build` would accept.
func (r *Report) OK() bool {
	return !r.Canceled && r.Budget == nil && len(r.Errors) == 0 && len(r.OutputErrors) == 0 && r.Checks.Failed == 0
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
	line(w, "[%d] %s", r.Seq, r.ChangedText())
	switch {
	case r.Canceled:
		line(w, "  stopped")
		return
	case r.Budget != nil && r.BudgetStep != StepOutputs:
		r.formatBudget(w)
		return
	case len(r.Errors) > 0:
		for _, e := range r.Errors {
			line(w, "  %s", e)
		}
		sum := r.ErrorSummary
		if sum == "" {
			sum = plural(len(r.Errors), "error")
		}
		line(w, "  %s; the outputs of the last good build are kept", sum)
		return
	}
	line(w, "  ok: %s", r.Summary)
	for _, c := range r.Changes {
		line(w, "  changed: %s", c)
	}
	if r.Drafts > 0 {
		line(w, "  draft: %s, shown as placeholders", plural(r.Drafts, "missing translation"))
	}
	for _, f := range r.Checks.Failures {
		line(w, "  %s", f)
	}
	line(w, "  checks: %d passed, %d failed (%d played, %d unchanged)",
		r.Checks.Passed, r.Checks.Failed, r.Checks.Rerun, r.Checks.Reused)
}

// FormatTail writes what the outputs stage did, and the time of each
// stage when timings is set.
func (r *Report) FormatTail(w io.Writer, timings bool) {
	if r.Canceled {
		return
	}
	if r.Budget != nil && r.BudgetStep == StepOutputs {
		r.formatBudget(w)
	}
	for _, wn := range r.Warnings {
		line(w, "  %s", wn)
	}
	switch {
	case len(r.OutputErrors) > 0:
		for _, e := range r.OutputErrors {
			line(w, "  %s", e)
		}
		line(w, "  %s building the outputs; the outputs of the last good build are kept", plural(len(r.OutputErrors), "error"))
	case r.Unchanged && r.Budget == nil && len(r.Errors) == 0:
		line(w, "  outputs: unchanged")
	case r.Checks.Failed > 0 && r.Budget == nil && len(r.Errors) == 0:
		line(w, "  %s failed: the outputs of the last good build are kept", plural(r.Checks.Failed, "check game"))
	case !r.OK():
	case len(r.Outputs) == 0:
		line(w, "  outputs: all up to date")
	default:
		line(w, "  outputs: %s", strings.Join(r.Outputs, ", "))
	}
	if im := r.Images; r.OK() && im.Rendered+im.Reused+im.FromDisk > 0 {
		if im.FromDisk > 0 {
			line(w, "  card images: %d rendered, %d reused, %d from the cache", im.Rendered, im.Reused, im.FromDisk)
		} else {
			line(w, "  card images: %d rendered, %d reused", im.Rendered, im.Reused)
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
		line(w, "  time: %s%sdone in %s", stages, checked, ms(r.Total))
	}
}

// formatBudget writes the budget that stopped the rebuild, and where.
func (r *Report) formatBudget(w io.Writer) {
	if r.BudgetStep == "" {
		line(w, "  %s: %s", r.Budget, r.ChangedText())
	} else {
		line(w, "  stopped in %s: %s: %s", r.BudgetStep, r.Budget, r.ChangedText())
	}
	line(w, "  the outputs of the last good build are kept; the next save rebuilds")
}

// line writes one line of a report. Its parts name content files and
// quote content (ids, texts, file names): every control character is
// written as a visible escape (termsafe), so a report can neither drive the
// terminal nor fake a line.
func line(w io.Writer, format string, args ...any) {
	fmt.Fprintln(w, termsafe.String(fmt.Sprintf(format, args...)))
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
