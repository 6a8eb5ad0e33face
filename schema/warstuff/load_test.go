package warstuff

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/diag"
	starter "wbtool.dev/wbtool/games/warstuff/starter"
)

// tree is the starter's game.cue and reminders plus the given files.
func tree(t testing.TB, files map[string]string) fs.FS {
	t.Helper()
	m := fstest.MapFS{}
	for _, name := range []string{"game.cue", "i18n/reminders.cue"} {
		b, err := fs.ReadFile(starter.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: b}
	}
	for name, src := range files {
		m[name] = &fstest.MapFile{Data: []byte("package warstuff\n\n" + src)}
	}
	return m
}

func TestStarterLoads(t *testing.T) {
	cat, err := Load(starter.FS, Options{Root: "content/warstuff"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Profiles) < 10 || len(cat.Creatures) != 7 || len(cat.Hordes) != 4 || len(cat.Scenarios) < 3 {
		t.Errorf("starter: %d profiles, %d creatures, %d hordes, %d scenarios", len(cat.Profiles), len(cat.Creatures), len(cat.Hordes), len(cat.Scenarios))
	}
	formats := map[int]int{}
	for _, b := range cat.Bands {
		formats[b.Format]++
		if b.Total > b.Format || b.Count > b.MaxFigures {
			t.Errorf("band %s: %d points of %d, %d figures of %d", b.ID, b.Total, b.Format, b.Count, b.MaxFigures)
		}
	}
	if formats[50] < 3 || formats[100] < 2 {
		t.Errorf("want three 50-point sample bands (a three-player game fields three different ones) and two of 100, have %v", formats)
	}
	for _, r := range cat.Rules {
		if r.Name.EN == "" || r.Name.FR == "" || r.Reminder.EN == "" || r.Reminder.FR == "" {
			t.Errorf("rule %s lacks a name or a reminder: %+v", r.ID, r)
		}
	}
	if z := cat.Creature("zombie"); z == nil || z.Cost != -1 {
		t.Errorf("zombie: quality 5+ 1, Clumsy −1, Slow −1, Fearless free: want −1, got %+v", z)
	}
}

// TestProfileCosts: costs computed by the schema against sums made by hand
// (WS-BUILD-2), from the worked examples (WS-EX-8) and our own.
func TestProfileCosts(t *testing.T) {
	tests := []struct {
		id, src string
		cost    int
		parts   string // the labels and points, in order
		base    float64
	}{
		{"storm-seer", `{quality: 3, ranged: {range: 18, rules: ["precise", "piercing"]}, melee: ["powerful"], powers: ["lightning_bolt", "healing"], rules: ["agile", "slow"]}`,
			19, `quality 3+ 6, range 18" 3, Precise 1, Piercing 2, Powerful (melee) 1, Psyker (2 powers) 6, Agile 1, Slow -1`, 1},
		{"trooper", `{quality: 4, variable: [{range: 27, rules: ["precise"]}, {range: "flame", rules: ["powerful"]}], rules: ["tactician"]}`,
			11, `quality 4+ 3, Variable weapon (27" + Precise 5 or flame template + Powerful 5, dearer + 2) 7, Tactician 1`, 1},
		{"militia", `{quality: 5, ranged: range: 9}`, 3, `quality 5+ 1, range 9" 2`, 1},
		// The cheapest legal figure: 0 + 1.
		{"fanatic", `{quality: 6, rules: ["fearless"]}`, 1, `quality 6+ 0, Fearless 1`, 1},
		// A flame weapon may be Deadly and Powerful: 6 + 4 + 2 + 1.
		{"pyro", `{quality: 3, ranged: {range: "flame", rules: ["deadly", "powerful"]}}`, 13, `quality 3+ 6, range flame template 4, Deadly 2, Powerful 1`, 1},
		// Variable with unequal profiles: 3 + max(2, 4 + 1 + 2) + 2.
		{"hunter", `{quality: 4, variable: [{range: 9}, {range: 27, rules: ["precise", "deadly"]}]}`, 12, `quality 4+ 3, Variable weapon (9" 2 or 27" + Precise + Deadly 7, dearer + 2) 9`, 1},
		// Four powers: 5 + 3.
		{"hedge-witch", `{quality: 5, ranged: range: 9, powers: ["shock", "healing", "paralysis", "fireball"]}`, 11, `quality 5+ 1, range 9" 2, Psyker (4 powers) 8`, 1},
		// Every negative rule: 3 + 3 − 1 − 1 − 1 − 1 − 1.
		{"conscript", `{quality: 4, ranged: {range: 18, rules: ["risky"]}, rules: ["clumsy", "frenzied", "incapable", "slow"]}`, 1, `quality 4+ 3, range 18" 3, Risky -1, Clumsy -1, Frenzied -1, Incapable -1, Slow -1`, 1},
		// A rule bought for both attacks is paid twice: 3 + 3 + 2 + 2.
		{"lancer", `{quality: 4, ranged: {range: 18, rules: ["piercing"]}, melee: ["piercing"]}`, 10, `quality 4+ 3, range 18" 3, Piercing 2, Piercing (melee) 2`, 1},
		// Exactly the maximum: 10 + 4 + 2 + 2 + 2 + 3 + 2.
		{"paragon", `{quality: 2, ranged: {range: 27, rules: ["deadly", "piercing", "chaining"]}, rules: ["regeneration", "flying"]}`, 25, `quality 2+ 10, range 27" 4, Deadly 2, Piercing 2, Chaining 2, Regeneration 3, Flying 2`, 1},
		// Large Target costs nothing and takes a 2" base.
		{"ogre", `{quality: 4, ranged: range: 9, rules: ["large_target"]}`, 5, `quality 4+ 3, range 9" 2, Large Target 0`, 2},
	}
	var src strings.Builder
	for _, tt := range tests {
		src.WriteString("profiles: \"" + tt.id + "\": {name: {en: \"X\", fr: \"X\"}} & " + tt.src + "\n")
	}
	cat, err := Load(tree(t, map[string]string{"p.cue": src.String()}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		p := cat.Profile(tt.id)
		if p == nil {
			t.Errorf("%s: not loaded", tt.id)
			continue
		}
		var parts []string
		sum := 0
		for _, part := range p.Parts {
			parts = append(parts, part.Label+" "+strconv.Itoa(part.Points))
			sum += part.Points
		}
		if p.Cost != tt.cost || sum != tt.cost {
			t.Errorf("%s: cost %d (parts add up to %d), want %d", tt.id, p.Cost, sum, tt.cost)
		}
		if got := strings.Join(parts, ", "); got != tt.parts {
			t.Errorf("%s: parts\n got %s\nwant %s", tt.id, got, tt.parts)
		}
		if p.Base != tt.base {
			t.Errorf("%s: base %v, want %v", tt.id, p.Base, tt.base)
		}
	}
}

// TestBandLegality: totals and figure counts against the format
// (WS-BUILD-58): 30 % of the format, rounded down.
func TestBandLegality(t *testing.T) {
	const profiles = `profiles: {
	one: {name: {en: "One", fr: "Un"}, quality: 6, rules: ["fearless"]}
	ten: {name: {en: "Ten", fr: "Dix"}, quality: 4, ranged: {range: 18, rules: ["scoped"]}, rules: ["camouflage", "infiltrator"]}
}
`
	tests := []struct {
		name, band string
		want       string // "" when legal, else a part of the error
	}{
		{"exactly 50", `format: 50, figures: [{profile: "ten", count: 5}]`, ""},
		{"51 points", `format: 50, figures: [{profile: "ten", count: 5}, {profile: "one"}]`, "the band costs 51 points (5 × ten 50, one 1); its format is 50"},
		{"15 figures at 50", `format: 50, figures: [{profile: "one", count: 15}]`, ""},
		{"16 figures at 50", `format: 50, figures: [{profile: "one", count: 16}]`, "the band has 16 figures; a 50-point band may have at most 15"},
		{"30 figures at 100", `format: 100, figures: [{profile: "one", count: 30}]`, ""},
		{"31 figures at 100", `format: 100, figures: [{profile: "one", count: 31}]`, "a 100-point band may have at most 30"},
		{"22 figures at 75", `format: 75, figures: [{profile: "one", count: 22}]`, ""},
		{"23 figures at 75", `format: 75, figures: [{profile: "one", count: 23}]`, "a 75-point band may have at most 22"},
		{"100 points", `format: 100, figures: [{profile: "ten", count: 10}]`, ""},
		{"format above 100", `format: 101, figures: [{profile: "one"}]`, "bands.b.format"},
		{"unknown profile", `format: 50, figures: [{profile: "elevn"}]`, `no profile "elevn": declare it under ` + "`profiles`"},
		{"no figures", `format: 50, figures: []`, "bands.b.figures"},
		{"zero of a profile", `format: 50, figures: [{profile: "one", count: 0}]`, "bands.b.figures.0.count"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(tree(t, map[string]string{"p.cue": profiles, "b.cue": `bands: b: {name: {en: "B", fr: "B"}, ` + tt.band + "}\n"}), Options{})
			if tt.want == "" {
				if err != nil {
					t.Fatalf("legal band refused: %v", err)
				}
				return
			}
			list, ok := err.(diag.List)
			if !ok {
				t.Fatalf("want an error containing %q, got %v", tt.want, err)
			}
			if !strings.Contains(list.Text(), tt.want) {
				t.Errorf("want an error containing %q, got\n%s", tt.want, list.Text())
			}
			for _, d := range list {
				if d.Pos.File != "b.cue" || d.Pos.Line == 0 {
					t.Errorf("error not at the band: %s", d)
				}
			}
		})
	}
}
