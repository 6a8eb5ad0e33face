package wbengine_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbmatch"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/schema"
)

var (
	starterOnce sync.Once
	starterCat  *wbcatalog.Catalog
	starterErr  error
)

// loadContent loads the starter content (once per test binary when no
// extra file is given: tests only read the catalog).
func loadContent(t testing.TB, extra ...schema.File) *wbcatalog.Catalog {
	t.Helper()
	if len(extra) == 0 {
		starterOnce.Do(func() { starterCat, starterErr = wbschema.Load(content.FS, wbschema.Options{Root: "content"}) })
		if starterErr != nil {
			t.Fatal(starterErr)
		}
		return starterCat
	}
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content", Extra: extra})
	if err != nil {
		var list schema.Errors
		if errors.As(err, &list) {
			for _, d := range list {
				t.Log(d)
			}
		}
		t.Fatal(err)
	}
	return cat
}

// TestContentCheckGames plays every check game of the starter content.
func TestContentCheckGames(t *testing.T) {
	cat := loadContent(t)
	if len(cat.Checks) < 50 {
		t.Fatalf("only %d check games", len(cat.Checks))
	}
	for i := range cat.Checks {
		c := &cat.Checks[i]
		r := wbengine.RunCheck(cat, c)
		if r.Err != nil {
			t.Errorf("%s: check %s: %s", r.Err.Pos, c.ID, r.Err.Msg)
		}
		if f := r.Failure; f != nil {
			t.Errorf("%s: check %s: step %d (%s): %s", f.Pos, c.ID, f.Step, f.What, f.Msg)
		}
	}
}

// TestEveryRuleFamilyHasACheck: at least one check game pins each rule
// family of the Exploration format.
func TestEveryRuleFamilyHasACheck(t *testing.T) {
	cat := loadContent(t)
	seen := map[string]bool{}
	for _, c := range cat.Checks {
		for _, r := range c.Rules {
			parts := strings.Split(r, "-")
			seen[parts[0]+"-"+parts[1]] = true
		}
	}
	for _, fam := range []string{"R-DICE", "R-ACT", "R-TURN", "R-INIT", "R-ACTV", "R-MOVE", "R-SHOOT", "R-FIGHT", "R-END", "R-FORM", "R-WIN"} {
		if !seen[fam] {
			t.Errorf("no check game pins a rule of %s", fam)
		}
	}
}

// TestStarterCoverage: every starter card text is executable and every
// starter card has a check game that exercises it.
func TestStarterCoverage(t *testing.T) {
	cat := loadContent(t)
	for _, u := range wbengine.Manual(cat) {
		t.Errorf("%s: %s %s: %s", u.Pos, u.Kind, u.ID, u.Why)
	}
	var results []wbengine.CheckResult
	for i := range cat.Checks {
		results = append(results, wbengine.RunCheck(cat, &cat.Checks[i]))
	}
	for _, u := range wbengine.Untested(cat, results) {
		t.Errorf("%s: %s %s: %s", u.Pos, u.Kind, u.ID, u.Why)
	}
}

// TestMalformedChecks: mistakes in a check game are content errors with a
// position, never panics. Schema mistakes (a tile off the board, a die
// out of 1–10, an unknown error code) fail the load with file:line:col;
// the others fail the check with the position of the check, side, unit or
// step at fault.
func TestMalformedChecks(t *testing.T) {
	const sides = `sides: {red: {orders: {raiders: 3}, units: [{id: "a", profile: {accuracy: near: 4}, at: "C3"}]}, blue: {units: [{id: "b", profile: {}, at: "C9"}]}}`
	check := func(id, body string) string {
		return "checks: \"" + id + "\": {\n\thand: \"red\"\n\thourglass: \"p1-run\"\n" + body + "\n}\n"
	}
	// Runner errors: all in one file, one load.
	runner := []struct{ id, body, want string }{
		{"bad-unit", "\t" + sides + "\n\tscript: [{side: \"red\", unit: \"ghost\", space: \"p1-move\", do: [{move: \"C4\"}]}]", `unknown unit "ghost"`},
		{"bad-target", "\t" + sides + "\n\tscript: [{side: \"red\", unit: \"a\", space: \"p1-shoot\", do: [{shoot: \"ghost\"}]}]", `unknown unit "ghost"`},
		{"bad-space", "\t" + sides + "\n\tscript: [{side: \"red\", unit: \"a\", space: \"nowhere\", do: [{move: \"C4\"}]}]", `unknown space "nowhere"`},
		{"bad-card", "\tsides: {red: {units: [{id: \"a\", card: \"nobody\", at: \"C3\"}]}, blue: {units: [{id: \"b\", profile: {}, at: \"C9\"}]}}\n\tscript: []", `unknown Character card "nobody"`},
		{"bad-small-board", "\tboard: {cols: 4, rows: 4}\n\tsides: {red: {units: [{id: \"a\", profile: {}, at: \"G3\"}]}, blue: {units: [{id: \"b\", profile: {}, at: \"C2\"}]}}\n\tscript: []", "not on the 4 × 4 board"},
		{"bad-formation", "\tsides: {red: {units: [{id: \"a\", profile: {}, upgrades: [\"formation\"], at: [\"C3\", \"C9\"]}]}, blue: {units: [{id: \"b\", profile: {}, at: \"E9\"}]}}\n\tscript: []", "not adjacent"},
		{"bad-one-tile-formation", "\tsides: {red: {units: [{id: \"a\", profile: {}, upgrades: [\"formation\"], at: \"C3\"}]}, blue: {units: [{id: \"b\", profile: {}, at: \"E9\"}]}}\n\tscript: []", "2 miniature(s) but 1 tile"},
		{"bad-same-tile", "\tsides: {red: {units: [{id: \"a\", profile: {}, at: \"C3\"}]}, blue: {units: [{id: \"b\", profile: {}, at: \"C3\"}]}}\n\tscript: []", "already holds"},
		{"bad-obstacle", "\tboard: terrain: [{at: \"C3\"}]\n\tsides: {red: {units: [{id: \"a\", profile: {}, at: \"C3\"}]}, blue: {units: [{id: \"b\", profile: {}, at: \"C9\"}]}}\n\tscript: []", "obstacle"},
		{"bad-side", "\t" + sides + "\n\tscript: [{side: \"green\", pass: true}]", `unknown side "green"`},
		{"bad-hand", "\t" + sides + "\n\tscript: []", `no side "green"`},
		{"bad-skill", "\t" + sides + "\n\tscript: [{side: \"red\", unit: \"a\", space: \"p1-move\", do: [{skill: \"ki-hai\"}]}]", `no skill or Equipment "ki-hai"`},
		{"bad-colour", "\t" + sides + "\n\tscript: [{side: \"red\", keep: \"purple\"}]", `"purple" is no Order colour`},
		{"bad-upgrade", "\tsides: {red: {units: [{id: \"a\", profile: {}, upgrades: [\"veteran\"], at: \"C3\"}]}, blue: {units: [{id: \"b\", profile: {}, at: \"C9\"}]}}\n\tscript: []", "no Equipment or Formation"},
		{"bad-expect", "\t" + sides + "\n\tscript: [{expect: units: ghost: wounds: 1}]", `unknown unit "ghost"`},
		{"bad-empty-step", "\t" + sides + "\n\tscript: [{side: \"red\"}]", "decides nothing"},
	}
	var src strings.Builder
	src.WriteString("package warbound\n\n")
	for _, c := range runner {
		src.WriteString(check(c.id, c.body))
	}
	text := strings.Replace(src.String(), "checks: \"bad-hand\": {\n\thand: \"red\"", "checks: \"bad-hand\": {\n\thand: \"green\"", 1)
	cat := loadContent(t, schema.File{Name: "extra/bad.cue", Src: []byte(text)})
	for _, c := range runner {
		t.Run(c.id, func(t *testing.T) {
			ch := cat.Check(c.id)
			if ch == nil {
				t.Fatal("not loaded")
			}
			r := wbengine.RunCheck(cat, ch)
			if r.Err == nil {
				t.Fatalf("no content error (failure: %+v)", r.Failure)
			}
			if !strings.Contains(r.Err.Msg, c.want) || r.Err.Pos.File != "extra/bad.cue" || r.Err.Pos.Line == 0 {
				t.Fatalf("got %s: %s; want %q at extra/bad.cue:line", r.Err.Pos, r.Err.Msg, c.want)
			}
		})
	}
	// Schema errors: each fails the load at its line, loaded with one
	// Cache (the starter's files evaluated once) and, unless -short, also
	// without one.
	cache := schema.NewCache()
	for _, tc := range []struct{ name, body string }{
		{"tile off the board", "\tsides: {red: {units: [{id: \"a\", profile: {}, at: \"H17\"}]}, blue: {units: [{id: \"b\", profile: {}, at: \"C9\"}]}}\n\tscript: []"},
		{"die out of range", "\t" + sides + "\n\tscript: [{side: \"red\", unit: \"a\", space: \"p1-shoot\", do: [{shoot: \"b\"}], dice: [11]}]"},
		{"unknown error code", "\t" + sides + "\n\tscript: [{side: \"red\", pass: true, fails: \"oops\"}]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := schema.File{Name: "extra/bad.cue", Src: []byte("package warbound\n\n" + check("bad", tc.body))}
			opts := []wbschema.Options{{Root: "content", Extra: []schema.File{file}, Cache: cache}}
			if !testing.Short() {
				opts = append(opts, wbschema.Options{Root: "content", Extra: []schema.File{file}})
			}
			for _, o := range opts {
				_, err := wbschema.Load(content.FS, o)
				var list schema.Errors
				if !errors.As(err, &list) {
					t.Fatalf("want a schema error, got %v", err)
				}
				if !slices.ContainsFunc(list, func(d diag.Diagnostic) bool { return d.Pos.File == "extra/bad.cue" && d.Pos.Line > 0 }) {
					t.Fatalf("no error in extra/bad.cue (cache %v): %v", o.Cache != nil, list)
				}
			}
		})
	}
}

// explorationDecks lists the starter Exploration decks.
func explorationDecks(cat *wbcatalog.Catalog) []string {
	var out []string
	for _, d := range cat.Decks {
		if d.Format == wbcatalog.Exploration {
			out = append(out, d.ID)
		}
	}
	return out
}

// TestSelfPlayInvariants plays random games of every pair of starter
// Exploration decks on the Exploration scenario and checks the invariants
// after every decision. A failing game is saved as a trace.
func TestSelfPlayInvariants(t *testing.T) {
	cat := loadContent(t)
	decks := explorationDecks(cat)
	games := 3000
	if testing.Short() {
		games = 200
	}
	n := 0
	for _, a := range decks {
		for _, b := range decks {
			su, err := wbengine.ScenarioSetup(cat, "salvage-field", [2]string{a, b})
			if err != nil {
				t.Fatal(err)
			}
			g, err := wbengine.Compile(cat, su)
			if err != nil {
				t.Fatal(err)
			}
			per := games / (len(decks) * len(decks))
			for seed := range uint64(per) {
				n++
				if err := playChecked(g, seed, [2]string{a, b}); err != nil {
					path := saveTrace(t, g, seed, [2]string{a, b})
					t.Fatalf("%s vs %s seed %d: %v (trace %s)", a, b, seed, err, path)
				}
			}
		}
	}
	t.Logf("%d games", n)
}

// playChecked plays one random game, checking invariants and that removed
// Characters never act.
func playChecked(g *wbengine.Game, seed uint64, decks [2]string) (err error) {
	return playCheckedStats(g, seed, nil)
}

// playCheckedStats is playChecked calling see after every decision.
func playCheckedStats(g *wbengine.Game, seed uint64, see func(s *wbengine.State, d wbengine.Decision, ev []wbengine.Event)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	s, _, err := wbengine.NewState(g, wbengine.Start{Seed: seed, Hand: -1})
	if err != nil {
		return err
	}
	bot := wbengine.NewRandomBot(seed)
	var buf []wbengine.Decision
	var ev []wbengine.Event
	for !s.Over() {
		if s.Steps() > 10000 {
			return fmt.Errorf("no end after 10000 decisions")
		}
		buf = wbengine.Legal(&s, buf)
		if len(buf) == 0 {
			return fmt.Errorf("no legal decision at step %d", s.Steps())
		}
		d := buf[bot.Choose(&s, buf)]
		if d.Kind == wbengine.Activate && s.Unit(int(d.Unit)).Removed {
			return fmt.Errorf("step %d: a removed Character is offered an activation", s.Steps())
		}
		before := s
		ev, err = s.Do(d, nil, ev[:0])
		if err != nil {
			return fmt.Errorf("step %d: legal decision %s refused: %v", s.Steps(), d.Format(g), err)
		}
		if err := s.Invariants(); err != nil {
			return fmt.Errorf("step %d after %s: %v", s.Steps(), d.Format(g), err)
		}
		if see != nil {
			see(&s, d, ev)
		}
		// Apply (the pure form) and DoLegal (the fast path) agree with Do.
		after, _, err := wbengine.Apply(before, d, nil)
		if err != nil || after != s {
			return fmt.Errorf("step %d: Apply and Do disagree", s.Steps())
		}
		fast := before
		fast.DoLegal(d, nil, nil)
		if fast != s {
			return fmt.Errorf("step %d: DoLegal and Do disagree on %s", s.Steps(), d.Format(g))
		}
	}
	if s.Turn() != g.Turns() || s.Winner() < 0 {
		return fmt.Errorf("ended on turn %d with winner %d", s.Turn(), s.Winner())
	}
	return nil
}

// saveTrace writes the game as a log under testdata/traces so that
// TestTraces replays it from then on.
func saveTrace(t *testing.T, g *wbengine.Game, seed uint64, decks [2]string) string {
	return saveTraceOn(t, g, "salvage-field", seed, decks)
}

// saveTraceOn is saveTrace on a given scenario.
func saveTraceOn(t *testing.T, g *wbengine.Game, scenario string, seed uint64, decks [2]string) string {
	l := &wbengine.Log{Header: wbengine.LogHeader{Engine: wbengine.Version, Seed: seed, Scenario: scenario, Decks: decks, Bots: [2]string{"random", "random"}}}
	bots := [2]wbengine.Bot{wbengine.NewRandomBot(seed), wbengine.NewRandomBot(seed)}
	func() {
		defer func() { recover() }()
		wbengine.Play(g, seed, bots, l, 10000)
	}()
	data, err := l.MarshalJSONL()
	if err != nil {
		t.Log(err)
		return ""
	}
	path := filepath.Join("..", "testdata", "traces", fmt.Sprintf("%s-%s-%d.jsonl", decks[0], decks[1], seed))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Log(err)
	}
	return path
}

// confrontationGame compiles a Confrontation game of two starter decks on
// a common scenario, with the Maintenance option as asked.
func confrontationGame(t testing.TB, cat *wbcatalog.Catalog, scenario string, decks [2]string, maintenance bool) *wbengine.Game {
	t.Helper()
	su, err := wbengine.ScenarioSetup(cat, scenario, decks)
	if err != nil {
		t.Fatal(err)
	}
	su.Maintenance = maintenance
	g, err := wbengine.Compile(cat, su)
	if err != nil {
		t.Fatal(err)
	}
	g.PrecomputeSight()
	return g
}

// TestConfrontationSelfPlayInvariants plays random Confrontation games of
// every pair of starter Confrontation decks on every common scenario,
// with and without Maintenance, and checks the invariants after every
// decision (R-FMT-1, R-HIDE, R-ACT-6, R-TURN-7, R-OBJ-3).
func TestConfrontationSelfPlayInvariants(t *testing.T) {
	cat := loadContent(t)
	decks := wbmatch.FormatDecks(cat, wbcatalog.Confrontation)
	var scenarios []string
	for _, sc := range cat.Scenarios {
		if sc.Format == wbcatalog.Confrontation {
			scenarios = append(scenarios, sc.ID)
		}
	}
	if len(decks) < 2 || len(scenarios) < 2 {
		t.Fatalf("%d Confrontation decks, %d scenarios", len(decks), len(scenarios))
	}
	games := 2000
	if testing.Short() {
		games = 300
	}
	combos := len(decks) * len(decks) * len(scenarios) * 2
	n := 0
	var seen struct{ cover, multi, maint, objective, hideOK int }
	for _, sc := range scenarios {
		for _, a := range decks {
			for _, b := range decks {
				for _, maint := range []bool{false, true} {
					g := confrontationGame(t, cat, sc, [2]string{a, b}, maint)
					for seed := range uint64(games/combos + 1) {
						n++
						if err := playCheckedStats(g, seed, func(s *wbengine.State, d wbengine.Decision, ev []wbengine.Event) {
							for _, e := range ev {
								switch e.Kind {
								case wbengine.EvCover:
									seen.cover++
								case wbengine.EvVPLost:
									seen.maint++
								case wbengine.EvObjective:
									seen.objective++
								}
							}
							if d.With > 0 {
								seen.multi++
							}
						}); err != nil {
							path := saveTraceOn(t, g, sc, seed, [2]string{a, b})
							t.Fatalf("%s, %s vs %s, maintenance %v, seed %d: %v (trace %s)", sc, a, b, maint, seed, err, path)
						}
					}
				}
			}
		}
	}
	t.Logf("%d games; %d Covers, %d Multiple activations, %d Maintenance losses, %d Objectives drawn", n, seen.cover, seen.multi, seen.maint, seen.objective)
	if seen.cover == 0 || seen.multi == 0 || seen.maint == 0 || seen.objective != 2*n {
		t.Fatalf("random games never exercised a Confrontation rule: %+v", seen)
	}
}
