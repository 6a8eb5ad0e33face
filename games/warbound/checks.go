package warbound

import (
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/internal/crash"
)

// PlayChecks plays check games on all cores; results keep the order of
// games.
func PlayChecks(cat *wbcatalog.Catalog, games []*wbcatalog.CheckGame) []wbengine.CheckResult {
	results := make([]wbengine.CheckResult, len(games))
	var g errgroup.Group
	var panics crash.Catcher // a panic is handed to the checks stage
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, c := range games {
		g.Go(func() error {
			defer panics.Catch()
			results[i] = wbengine.RunCheck(cat, c)
			return nil
		})
	}
	g.Wait()
	panics.Rethrow()
	return results
}

// CheckDiagnostics are the check games that failed or could not run, as
// errors at the step (or the line) the designer must look at.
func CheckDiagnostics(results []wbengine.CheckResult) diag.List {
	var out diag.List
	for _, r := range results {
		switch {
		case r.Err != nil:
			out = append(out, diag.Errorf(r.Err.Pos, "", "check %s: %s", r.ID, r.Err.Msg))
		case r.Failure != nil:
			f := r.Failure
			out = append(out, diag.Errorf(f.Pos, "", "check %s: step %d (%s): %s", r.ID, f.Step, f.What, f.Msg))
		}
	}
	return out
}

// MissingEffects warns about card texts the engine cannot execute: games
// (check games, sim) play them as blank.
func MissingEffects(cat *wbcatalog.Catalog) diag.List {
	var out diag.List
	for _, u := range wbengine.Manual(cat) {
		out = append(out, diag.Warnf(u.Pos, "", "%s %s has no effect the engine can play: check games and sim play its text as blank (give it an `effect:` to make it playable)", u.Kind, u.ID))
	}
	return out
}

// CheckCounts counts passed and failed games.
func CheckCounts(results []wbengine.CheckResult) (passed, failed int) {
	for i := range results {
		if results[i].Passed() {
			passed++
		} else {
			failed++
		}
	}
	return passed, failed
}

// Summary is the one-line description of a valid catalog, each count
// agreeing with its noun.
func Summary(cat *wbcatalog.Catalog) string {
	n := func(k int, one, many string) string {
		if k == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", k, many)
	}
	return strings.Join([]string{
		n(len(cat.Factions), "faction", "factions"),
		n(len(cat.Characters), "Character", "Characters"),
		n(len(cat.Leaders), "Leader", "Leaders"),
		n(len(cat.Equipment), "Equipment card", "Equipment cards"),
		n(len(cat.Formations), "Formation", "Formations"),
		n(len(cat.Vocations), "Vocation", "Vocations"),
		n(len(cat.References), "Reference card", "Reference cards"),
		n(len(cat.Objectives), "Objective card", "Objective cards"),
		n(len(cat.Skills), "skill", "skills"),
		n(len(cat.ActionBoards), "action board", "action boards"),
		n(len(cat.Scenarios), "scenario", "scenarios"),
		n(len(cat.Decks), "deck", "decks"),
		n(len(cat.Checks), "check game", "check games"),
		n(len(cat.Glossary), "glossary term", "glossary terms"),
		n(len(cat.Rules), "rules page", "rules pages"),
	}, ", ")
}
