package watch

import (
	"context"
	"errors"
	"fmt"
	"io"

	"wbtool.dev/wbtool/internal/budget"
)

// A rebuild does more than evaluate the content: it reads the earlier
// version of the errata (another evaluation), plays the check games, lays
// out the cards, decodes their art, draws the site and prints the sheets.
// Each of those can be made slow or hungry by content, and a goroutine
// cannot be stopped. So `wbtool watch` and `wbtool serve` run the whole
// Session in a worker process (budget.Worker, ServeSession) and the
// watching process only asks for rebuilds and shows their reports
// (Remote): the worker is killed when a step of a rebuild runs past the
// time budget or its process tree's memory grows past the memory budget,
// and the next save starts a fresh one. The outputs of the last good build
// stay: on disk (package dist publishes whole generations), and in the
// preview server's memory.

// The steps of a rebuild in a worker, each with the whole time budget:
// the content's evaluation (no name: the budget's message says it), then
// these.
const (
	StepChecks  = "the errata and check games"
	StepOutputs = "the outputs"
)

// The worker's progress reports: the content is loaded; the head of the
// report is known (the encoded Report follows).
const (
	progressLoaded = 'L'
	progressHead   = 'H'
)

// Remote runs rebuilds in a worker process that serves them
// (ServeSession), under the worker's budget.
type Remote struct {
	W *budget.Worker
	// OnChecked, when set, is called once per rebuild as soon as the head
	// of the report is known (Config.OnChecked).
	OnChecked func(*Report)
	seq       int
}

// Rebuild asks the worker for one rebuild of the changed files and
// returns its report. A rebuild stopped by the budget reports it (Budget,
// BudgetStep) and nothing else; a worker that failed reports its error.
func (rm *Remote) Rebuild(ctx context.Context, changed []string) *Report {
	rm.seq++
	fresh := func() *Report { return &Report{Seq: rm.seq, Changed: changed} }
	var head *Report
	step := ""
	req, err := budget.Marshal(changed)
	var out []byte
	var st budget.Stats
	if err == nil {
		out, st, err = rm.W.Call(ctx, req, func(p []byte) {
			switch {
			case len(p) == 1 && p[0] == progressLoaded:
				step = StepChecks
			case len(p) > 0 && p[0] == progressHead:
				r := fresh()
				if budget.Unmarshal(p[1:], r) != nil {
					return
				}
				r.Seq, r.Changed = rm.seq, changed
				head, step = r, StepOutputs
				if rm.OnChecked != nil {
					rm.OnChecked(r)
				}
			}
		})
	}
	r := fresh()
	var ex *budget.ExceededError
	switch {
	case err == nil:
		if err := budget.Unmarshal(out, r); err != nil {
			r = fresh()
			r.Errors = []string{fmt.Sprintf("read the rebuild's report: %v", err)}
		}
		r.Seq, r.Changed = rm.seq, changed
	case ctx.Err() != nil:
		r.Canceled = true
	case errors.As(err, &ex):
		if head != nil {
			r = head // what the head said stays true
		}
		r.Budget, r.BudgetStep, r.Total = ex, step, st.Elapsed
	default:
		r.Errors = []string{err.Error()}
	}
	if head == nil && rm.OnChecked != nil {
		rm.OnChecked(r)
	}
	return r
}

// Close stops the worker.
func (rm *Remote) Close() error { return rm.W.Close() }

// ServeSession is the worker side of Remote: it runs a Session of cfg,
// with load as its loader (budget.LoadHere, keeping a schema.Cache), and
// answers each rebuild request arriving on in with its report, written to
// out (budget.ServeCalls; the process caps its memory at mem bytes). It
// returns nil when in ends. The report of a session writing an output
// folder leaves the site out: it is on disk.
func ServeSession(in io.Reader, out io.Writer, mem int64, cfg Config, load func() (budget.Loaded, error)) error {
	var progress func([]byte)
	cfg.Loader = loaderFunc(func() (budget.Loaded, error) {
		ld, err := load()
		progress([]byte{progressLoaded})
		return ld, err
	})
	cfg.OnChecked = func(r *Report) {
		if b, err := budget.Marshal(r); err == nil {
			progress(append([]byte{progressHead}, b...))
		}
	}
	s := NewSession(cfg)
	return budget.ServeCalls(in, out, mem, func(req []byte, p func([]byte)) ([]byte, error) {
		progress = p
		var changed []string
		if err := budget.Unmarshal(req, &changed); err != nil {
			return nil, err
		}
		r := s.Rebuild(context.Background(), changed)
		if cfg.Out != "" {
			r.Site = nil
		}
		return budget.Marshal(r)
	})
}

// loaderFunc is a ContentLoader of a function.
type loaderFunc func() (budget.Loaded, error)

func (f loaderFunc) LoadContent(context.Context) (budget.Loaded, error) { return f() }
