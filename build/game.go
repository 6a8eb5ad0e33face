package build

import (
	"context"
	"sync"
	"time"

	"wbtool.dev/wbtool/build/ruleset"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/schema"
)

// gameOf reads the game the content declares (schema.Game) and finds its
// rules: nil for Warbound, whose stages are Run's own. A game.cue naming
// an unknown game is a content error.
func gameOf(opts Options) (ruleset.Ruleset, diag.List, error) {
	if opts.Catalog != nil || opts.Content == nil {
		return nil, nil, nil
	}
	game, pos, err := schema.Game(opts.Content, opts.Root)
	if list, ok := err.(diag.List); ok {
		return nil, list, nil
	}
	if err != nil || game == schema.DefaultGame {
		return nil, nil, err
	}
	rs, ok := ruleset.Lookup(game)
	if !ok {
		return nil, ruleset.Unknown(game, pos), nil
	}
	return rs, nil, nil
}

// runGame is Run for a game behind the ruleset seam: the same stages in
// the same order (load, then checks, layout and site at once, then data
// and print when the verdict has no error), the same diagnostics and
// outputs.
func runGame(ctx context.Context, rs ruleset.Ruleset, opts Options) (*Result, error) {
	r := &Result{Outputs: map[string]dist.Files{}, Game: rs.Game()}
	timed := func(s Stage, f func()) {
		t := time.Now()
		f()
		r.Times = append(r.Times, Timing{s, time.Since(t)})
	}
	var content ruleset.Content
	var err error
	timed(Load, func() {
		content, err = rs.Load(opts.Content, ruleset.LoadOptions{Root: opts.Root, Draft: opts.Draft, Extra: opts.Extra})
	})
	if list, ok := err.(diag.List); ok {
		r.Diagnostics = append(r.Diagnostics, list...)
		return r.finish(opts), nil
	}
	if err != nil {
		return r.finish(opts), err
	}
	r.Content = content
	r.Diagnostics = append(r.Diagnostics, content.Warnings()...)

	var keep func(id string) bool
	if opts.CheckFilter != nil {
		// Filters look at the id only (check --run).
		keep = func(id string) bool { return opts.CheckFilter(&catalog.CheckGame{ID: id}) }
	}
	verdict := []struct {
		stage Stage
		run   func() diag.List
	}{
		{Checks, func() diag.List {
			rep := content.Checks(keep)
			r.gamePassed, r.gameFailed = rep.Passed, rep.Failed
			return rep.Diagnostics
		}},
		{Layout, content.Layout},
		{Site, func() diag.List {
			files, err := content.Site(ruleset.SiteOptions{BaseURL: opts.BaseURL, Preview: opts.Preview})
			if list, ok := err.(diag.List); ok {
				return list
			}
			if err != nil {
				return diag.List{diag.Errorf(diag.Pos{File: opts.Root}, "", "site: %v", err)}
			}
			r.setOutput(SiteDir, files)
			return nil
		}},
	}
	diags := make([]diag.List, len(verdict))
	took := make([]time.Duration, len(verdict))
	var wg sync.WaitGroup
	for i, v := range verdict {
		if !opts.runs(v.stage) {
			continue
		}
		wg.Go(func() {
			t := time.Now()
			diags[i] = v.run()
			took[i] = time.Since(t)
		})
	}
	wg.Wait()
	for i, v := range verdict {
		if opts.runs(v.stage) {
			r.Diagnostics = append(r.Diagnostics, diags[i]...)
			r.Times = append(r.Times, Timing{v.stage, took[i]})
		}
	}
	if err := ctx.Err(); err != nil {
		return r.finish(opts), err
	}
	if r.Diagnostics.HasErrors(opts.Strict) {
		return r.finish(opts), nil
	}
	if opts.runs(Data) {
		timed(Data, func() {
			var files dist.Files
			if files, err = content.Data(); err == nil {
				r.setOutput(DataDir, files)
			}
		})
		if err != nil {
			return r.finish(opts), err
		}
	}
	if opts.runs(Print) {
		timed(Print, func() {
			var files dist.Files
			if files, err = content.Print(ruleset.PrintOptions{Version: opts.Version, Date: opts.Date}); err == nil {
				r.setOutput(PrintDir, files)
			}
		})
		if list, ok := err.(diag.List); ok {
			r.Diagnostics = append(r.Diagnostics, list...)
			r.Outputs = map[string]dist.Files{}
			err = nil
		}
		if err != nil {
			return r.finish(opts), err
		}
	}
	// As for Warbound, the site holds a copy of the sheets.
	if site, sheets := r.Outputs[SiteDir], r.Outputs[PrintDir]; site != nil && sheets != nil && !opts.Preview {
		for rel, b := range sheets {
			site[PrintDir+"/"+rel] = b
		}
	}
	return r.finish(opts), nil
}

// Summary is the one-line description of the valid content, for any game.
func (r *Result) Summary() string {
	if r.Content != nil {
		return r.Content.Summary()
	}
	if r.Catalog != nil {
		return Summary(r.Catalog)
	}
	return ""
}

// CheckCounts counts the check games that passed and failed, for any game.
func (r *Result) CheckCounts() (passed, failed int) {
	if r.Content != nil {
		return r.gamePassed, r.gameFailed
	}
	return CheckCounts(r.Checks)
}
