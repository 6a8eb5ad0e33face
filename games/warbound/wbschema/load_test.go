package wbschema

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/schema"
)

func mapFS(files map[string][]byte) fstest.MapFS {
	m := fstest.MapFS{}
	for k, v := range files {
		m[k] = &fstest.MapFile{Data: v}
	}
	return m
}

func TestStarterContentIsValid(t *testing.T) {
	cat, err := Load(content.FS, Options{Root: "content"})
	if err != nil {
		var list schema.Errors
		if errors.As(err, &list) {
			for _, d := range list {
				t.Error(d)
			}
		}
		t.Fatal(err)
	}
	if len(cat.Characters) < 12 || len(cat.Leaders) < 4 || len(cat.Decks) < 4 {
		t.Errorf("starter content too small: %d Characters, %d Leaders, %d decks", len(cat.Characters), len(cat.Leaders), len(cat.Decks))
	}
	for _, d := range cat.Decks {
		if p := cat.CheckDeck(&d); len(p) > 0 {
			t.Errorf("deck %s: %v", d.ID, p)
		}
	}
	c := cat.Character("copp")
	if c == nil {
		t.Fatal("no copp")
	}
	if c.Pos.File != "content/cards/raiders.cue" || c.Pos.Line == 0 {
		t.Errorf("copp position = %v, want a line in content/cards/raiders.cue", c.Pos)
	}
	if c.NameGroup == "" || c.Panic.Health == 0 {
		t.Errorf("copp decoded badly: %+v", c)
	}
}

// TestEveryErrorOfAFileIsReported pins the workaround for CUE's severity
// masking: a conflict in a card must not hide its missing fields or
// unknown fields.
func TestEveryErrorOfAFileIsReported(t *testing.T) {
	files := wbgen.Tree(wbgen.Options{Characters: 2})
	files["cards/bad.cue"] = []byte(`package warbound

characters: bad: {
	name: {en: "Bad"}
	faction: "raiders"
	attack: 12
	speed: 3
	colur: "red"
	cost: {raiders: 1}
	health: 3
	panic: {attack: 6, speed: 3, run: 2, cost: {raiders: 1}}
}
`)
	_, err := Load(mapFS(files), Options{})
	var list schema.Errors
	if !errors.As(err, &list) {
		t.Fatalf("Load = %v, want Errors", err)
	}
	want := []string{
		"cards/bad.cue:4:2: characters.bad.name.fr: missing French text",
		"cards/bad.cue:6:10: characters.bad.attack: 12 is out of range: it must be at most 10",
		`cards/bad.cue:8:2: characters.bad.colur: unknown field "colur"`,
		`characters.bad.run: missing required field "run"`,
		`characters.bad.panic.health: missing required field "health"`,
	}
	var all []string
	for _, d := range list {
		all = append(all, d.String())
	}
	got := strings.Join(all, "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("missing diagnostic %q in:\n%s", w, got)
		}
	}
	for _, d := range list {
		if d.Pos.File == "" || d.Pos.Line == 0 {
			t.Errorf("diagnostic without a position: %v", d)
		}
	}
}

func TestDraftModeFillsPlaceholders(t *testing.T) {
	files := wbgen.Tree(wbgen.Options{Characters: 1})
	files["cards/draft.cue"] = []byte("package warbound\n\nskills: x: {name: {en: \"X\"}, text: {fr: \"Y\"}}\n")
	cat, err := Load(mapFS(files), Options{Draft: true})
	if err != nil {
		t.Fatal(err)
	}
	s := cat.Skill("x")
	if s.Name.FR != schema.MissingFR || s.Text.EN != schema.MissingEN {
		t.Errorf("skill x = %+v, want placeholders", s)
	}
	if len(cat.Draft) != 2 {
		t.Fatalf("Draft = %v, want 2 missing texts", cat.Draft)
	}
	for _, m := range cat.Draft {
		if m.Pos.File != "cards/draft.cue" || m.Pos.Line != 3 {
			t.Errorf("missing text at %v, want cards/draft.cue:3", m.Pos)
		}
	}
	if _, err := Load(mapFS(files), Options{}); err == nil {
		t.Error("without draft mode, missing texts must be errors")
	}
}

func TestLoadIsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	a, err := Load(content.FS, Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(content.FS, Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Characters {
		if a.Characters[i].ID != b.Characters[i].ID || a.Characters[i].Pos != b.Characters[i].Pos {
			t.Fatalf("two loads differ at Character %d", i)
		}
	}
}

func TestEmptyTree(t *testing.T) {
	_, err := Load(fstest.MapFS{}, Options{Root: "x"})
	var list schema.Errors
	if !errors.As(err, &list) || !strings.Contains(list[0].Msg, "no .cue files") {
		t.Errorf("Load(empty) = %v", err)
	}
}

// FuzzLoad feeds arbitrary text as one content file next to a valid tree:
// Load must never panic, and every diagnostic must carry a position.
func FuzzLoad(f *testing.F) {
	base := wbgen.Tree(wbgen.Options{Characters: 2, Upgrades: 2})
	f.Add([]byte("package warbound\n\ncharacters: x: {attack: 12}\n"))
	f.Add([]byte("package warbound\nskills: y: {name: {en: \"a\"}, text: 3}\n"))
	f.Add([]byte("package warbound\ndecks: d: {name: {en: \"a\", fr: \"b\"}, format: \"exploration\", cards: [\"gen-char-0000\", \"gen-char-0000\"], attachments: [{upgrade: \"formation\", to: \"gen-leader-raiders\"}]}\n"))
	f.Add([]byte("package warbound\nscenarios: s: {terrain: [{at: \"Z99\"}]}\n"))
	f.Add([]byte("package warbound\n#X: {a: int}\ncharacters: q: #X\n"))
	f.Add([]byte("\xff\xfe"))
	f.Add([]byte(""))
	f.Add([]byte("package other\n"))
	f.Add([]byte("package warbound\nimport \"strings\"\nfoo: strings.Repeat(\"a\", 3)\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		files := map[string][]byte{}
		for k, v := range base {
			files[k] = v
		}
		files["cards/fuzz.cue"] = src
		cat, err := Load(mapFS(files), Options{})
		if err == nil {
			if cat == nil {
				t.Fatal("nil catalog without error")
			}
			return
		}
		var list schema.Errors
		if !errors.As(err, &list) {
			t.Fatalf("Load returned %T %v, want Errors", err, err)
		}
		for _, d := range list {
			if d.Pos.File == "" {
				t.Errorf("diagnostic without a file: %v", d)
			}
			if d.Msg == "" {
				t.Errorf("empty message: %v", d)
			}
		}
	})
}

func BenchmarkLoadStarter(b *testing.B) {
	noCompare(b)
	for b.Loop() {
		if _, err := Load(content.FS, Options{Root: "content"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadGenerated loads 1,000 Characters and 200 Upgrades (the
// issue's reference size).
func BenchmarkLoadGenerated(b *testing.B) {
	noCompare(b)
	fsys := mapFS(wbgen.Tree(wbgen.Options{Characters: 1000, Upgrades: 200}))
	b.ReportAllocs()
	for b.Loop() {
		cat, err := Load(fsys, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(cat.Characters) != 1000 {
			b.Fatalf("%d Characters", len(cat.Characters))
		}
	}
	_ = wbcatalog.SchemaVersion
}

// TestPositionsReachIntoMaps pins that values inside maps (check-game sides
// and their units) get their source positions too.
func TestPositionsReachIntoMaps(t *testing.T) {
	cat, err := Load(content.FS, Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cat.Checks {
		for side, s := range c.Sides {
			if s.Pos.Line == 0 {
				t.Errorf("check %s side %s has no position", c.ID, side)
			}
			for _, u := range s.Units {
				n++
				if u.Pos.Line == 0 || u.Pos.File != c.Pos.File {
					t.Errorf("check %s unit %s position %v", c.ID, u.ID, u.Pos)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no check-game units in the starter content")
	}
}

// TestNonStringLabelsDoNotPanic: definitions and unifications inside
// entities once made the unknown-field search panic.
func TestNonStringLabelsDoNotPanic(t *testing.T) {
	files := wbgen.Tree(wbgen.Options{Characters: 1})
	files["scenarios/checks/x.cue"] = []byte(`package warbound

checks: x: {#local: 1, hand: "red", sides: {red: {units: []}, blue: {units: []}}, script: [{side: "red", pass: true} & {side: "blue"}]}
`)
	_, err := Load(mapFS(files), Options{})
	if err == nil || !strings.Contains(err.Error(), `conflicting values "blue" and "red"`) {
		t.Fatalf("Load = %v, want the side conflict", err)
	}
}

// TestListTooLongDoesNotPanic: an element past a fixed list's end is
// reported, not a panic (the message looked for the list's fields, and
// the list's "fields" are its indexes); nor does a check game's error
// show its hidden fields.
func TestListTooLongDoesNotPanic(t *testing.T) {
	files := map[string][]byte{"s.cue": []byte(`package warbound

scenarios: s: {
	name: {en: "S", fr: "S"}
	format: "exploration"
	text: {en: "S", fr: "S"}
	board: {cols: 8, rows: 16}
	deployment: [{player: 1, from: "A1", to: "H2"}, {player: 2, from: "A15", to: "H16"}, {player: 1, from: "A1", to: "H2"}]
	scoring: []
	objectives: ["2"]
}

skills: k: {name: {en: "K", fr: "K", "2": "x"}, text: {en: "K", fr: "K"}}

checks: c: {
	hand: "red"
	sides: red: {}
	script: []
	board: {cols: 17}
}
`)}
	_, err := Load(mapFS(files), Options{})
	lines := errorLines(err)
	for _, want := range []string{"scenarios.s.deployment[2]: one entry too many", "checks.c.board.cols", `skills.k.name[2]: unknown field "2"`} {
		if !strings.Contains(lines, want) {
			t.Errorf("no error at %s in:\n%s", want, lines)
		}
	}
	if strings.Contains(lines, "_defaultCols") {
		t.Errorf("a hidden field shown to designers:\n%s", lines)
	}
}

// TestSetComponents: the set's counted tokens are read, and the set's
// name stays a text of the content (counted, a draft placeholder noted at
// its place) beside them.
func TestSetComponents(t *testing.T) {
	files := wbgen.Tree(wbgen.Options{Characters: 1})
	files["cards/set.cue"] = []byte("package warbound\n\nset: {name: {en: \"S\"}, components: {stressTokens: {printed: 30, rule: \"R-CARD-7\"}}}\n")
	cat, err := Load(mapFS(files), Options{Draft: true})
	if err != nil {
		t.Fatal(err)
	}
	c := cat.Set.Components
	if c == nil || c.StressTokens == nil || *c.StressTokens != (wbcatalog.Count{Printed: 30, Rule: "R-CARD-7"}) || c.WoundTokens != nil {
		t.Errorf("components = %+v", c)
	}
	if len(cat.Draft) != 1 || cat.Draft[0].Pos.File != "cards/set.cue" {
		t.Errorf("Draft = %v, want the set name's French", cat.Draft)
	}
}
