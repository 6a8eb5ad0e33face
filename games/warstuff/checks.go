package warstuff

import (
	"encoding/json"
	"runtime"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/diag"
	engine "wbtool.dev/wbtool/games/warstuff/wsengine"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Checks plays the check games that keep (nil: all) with the Warstuff
// engine, on all cores; a failure is an error at the check game.
func (c *Content) Checks(keep func(id string) bool) ruleset.CheckReport {
	var games []int
	for i, g := range c.Catalog.Checks {
		if keep == nil || keep(g.ID) {
			games = append(games, i)
		}
	}
	results := make([]engine.CheckResult, len(games))
	var g errgroup.Group
	var panics crash.Catcher // a panic is handed to the checks stage
	g.SetLimit(runtime.GOMAXPROCS(0))
	for k, i := range games {
		src := c.Catalog.Checks[i]
		g.Go(func() error {
			defer panics.Catch()
			var check engine.Check
			if err := json.Unmarshal(src.JSON, &check); err != nil {
				results[k] = engine.CheckResult{ID: src.ID, Err: err}
				return nil
			}
			check.ID, check.Pos = src.ID, src.Pos.String()
			results[k] = engine.RunCheck(&check)
			return nil
		})
	}
	g.Wait()
	panics.Rethrow()
	var rep ruleset.CheckReport
	for k, r := range results {
		pos := c.Catalog.Checks[games[k]].Pos
		switch {
		case r.Err != nil:
			rep.Failed++
			rep.Diagnostics = append(rep.Diagnostics, diag.Errorf(pos, "", "check %s: %v", r.ID, r.Err))
		case r.Failure != nil:
			rep.Failed++
			rep.Diagnostics = append(rep.Diagnostics, diag.Errorf(pos, "", "check %s: step %d: %s", r.ID, r.Failure.Step, r.Failure.Msg))
		default:
			rep.Passed++
		}
	}
	return rep
}
