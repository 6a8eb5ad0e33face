package warstuff_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"

	"wbtool.dev/wbtool/games/warstuff/wsengine"
)

// loadChecks decodes the Warstuff check games of the starter content with
// the check-game schema (cue/checks.cue) into the engine's Check structs.
func loadChecks(t *testing.T) []wsengine.Check {
	t.Helper()
	ctx := cuecontext.New()
	schema, err := os.ReadFile("cue/checks.cue")
	if err != nil {
		t.Fatal(err)
	}
	game, err := os.ReadFile("../../content/warstuff/game.cue") // the limits the format is bounded by
	if err != nil {
		t.Fatal(err)
	}
	gv := ctx.CompileBytes(game, cue.Filename("content/warstuff/game.cue"))
	v := ctx.CompileBytes(schema, cue.Filename("schema/warstuff/cue/checks.cue"), cue.Scope(gv))
	files, _ := filepath.Glob("../../content/warstuff/scenarios/checks/*.cue")
	if len(files) == 0 {
		t.Fatal("no Warstuff check games")
	}
	pos := map[string]string{} // where each check is written
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fv := ctx.CompileBytes(b, cue.Filename(strings.TrimPrefix(f, "../../")))
		if fv.Err() != nil {
			t.Fatalf("%s: %v", f, fv.Err())
		}
		if it, err := fv.LookupPath(cue.ParsePath("checks")).Fields(); err == nil {
			for it.Next() {
				pos[it.Selector().Unquoted()] = it.Value().Pos().String()
			}
		}
		v = v.Unify(fv)
	}
	if err := v.Validate(cue.Concrete(true)); err != nil {
		t.Fatalf("check games do not fit the schema: %v", err)
	}
	it, err := v.LookupPath(cue.ParsePath("checks")).Fields()
	if err != nil {
		t.Fatal(err)
	}
	var out []wsengine.Check
	for it.Next() {
		var c wsengine.Check
		if err := it.Value().Decode(&c); err != nil {
			t.Fatalf("%s: %v", it.Selector(), err)
		}
		c.Pos = pos[c.ID]
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// TestCheckGames plays every Warstuff check game of the starter content.
func TestCheckGames(t *testing.T) {
	for _, r := range wsengine.RunChecks(loadChecks(t)) {
		if r.Err != nil {
			t.Errorf("%s (%s): cannot run: %v", r.ID, r.Pos, r.Err)
		} else if r.Failure != nil {
			t.Errorf("%s (%s): step %d: %s", r.ID, r.Pos, r.Failure.Step, r.Failure.Msg)
		}
	}
}

// TestCheckGamesCoverEveryRule: every special rule (attack, general,
// creature) and every power is pinned by at least one check game.
func TestCheckGamesCoverEveryRule(t *testing.T) {
	pinned := map[string]bool{}
	ws := map[string]bool{}
	for _, c := range loadChecks(t) {
		for _, r := range c.Rules {
			pinned[r] = true
			if strings.HasPrefix(r, "WS-") {
				ws[r] = true
			}
		}
	}
	var want []string
	for _, id := range wsengine.AttackRuleIDs {
		want = append(want, "rule:"+id)
	}
	want = append(want, "rule:variable")
	for _, id := range wsengine.RuleIDs {
		want = append(want, "rule:"+id)
	}
	for _, p := range wsengine.PowerSpecs {
		want = append(want, "power:"+p.ID)
	}
	for _, w := range want {
		if !pinned[w] && !setupOnly[w] {
			t.Errorf("no check game pins %s", w)
		}
	}
	t.Logf("%d WS rules pinned by check games", len(ws))
}

// setupOnly are rules of deployment, which check games (that place every
// figure) cannot show; Go tests cover them (engine/warstuff setup tests).
var setupOnly = map[string]bool{"rule:infiltrator": true}
