package ruleset

import (
	"runtime"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/internal/crash"
)

// The check games of an [Incremental] game, played through its [Memo]:
// every game collects the check games a filter keeps, keys each by what
// it reads, plays those whose key changed, each alone, and sums the
// reports. The keys are the game's; the rest is here.

// KeptItems are the items of xs whose id keep keeps (every item with a
// nil keep): their ids in order, and the items by id.
func KeptItems[T any](xs []T, id func(*T) string, keep func(string) bool) (ids []string, byID map[string]*T) {
	byID = map[string]*T{}
	for i := range xs {
		x := &xs[i]
		if k := id(x); keep == nil || keep(k) {
			byID[k] = x
			ids = append(ids, k)
		}
	}
	return ids, byID
}

// MemoChecks plays the check games ids through m: a game whose key(id)
// is the one it had is not played again, the others are played each
// alone by play (at once on every core when parallel: play must then be
// safe for concurrent use). It sums the reports in the order of ids.
func MemoChecks(m Memo, ids []string, key func(id string) string, play func(id string) CheckReport, parallel bool) CheckReport {
	runs := m.Checks(ids, func(id string, _ []string) string { return key(id) }, func(todo []string) []CheckRun {
		out := make([]CheckRun, len(todo))
		if !parallel {
			for i, id := range todo {
				out[i] = CheckRun{ID: id, Result: play(id)}
			}
			return out
		}
		var g errgroup.Group
		var panics crash.Catcher // handed to the checks stage
		g.SetLimit(runtime.GOMAXPROCS(0))
		for i, id := range todo {
			g.Go(func() error {
				defer panics.Catch()
				out[i] = CheckRun{ID: id, Result: play(id)}
				return nil
			})
		}
		g.Wait()
		panics.Rethrow()
		return out
	})
	var rep CheckReport
	for _, r := range runs {
		one := r.Result.(CheckReport)
		rep.Passed += one.Passed
		rep.Failed += one.Failed
		rep.Diagnostics = append(rep.Diagnostics, one.Diagnostics...)
	}
	return rep
}
