package cvschema

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/schema"
)

func starterCopy(t *testing.T) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS("../starter"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".cue") {
			return err
		}
		b, err := os.ReadFile("../starter/" + p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMistakes: each mistake is refused (or warned) at the designer's
// file:line:col, in words.
func TestMistakes(t *testing.T) {
	for _, tc := range []struct {
		name, file, old, new string
		want                 string // a line of the report
		warn                 bool
	}{
		{"misspelt field", "units.cue", `st: 2, en: 2, su: 1, cost: {wood: 1}`, `st: 2, en: 2, su: 1, cots: {wood: 1}`,
			`units.cue:7:73: units.spearman.cots: unknown field "cots" (did you mean "cost"?): check its spelling against the schema (wbtool doc)`, false},
		// a misspelling beside another mistake of the same entry, which
		// stops CUE before it reaches the misspelling
		{"misspelt field beside a wrong type", "heroes.cue", "story: {en: \"She saw the walls fall before they were raised.\", fr: \"Elle a vu tomber les murs avant qu’on les élève.\"}\n\t\tability: {kind: \"moveUnits\", amount: 5}",
			"stroy: {en: \"She saw the walls fall before they were raised.\", fr: \"Elle a vu tomber les murs avant qu’on les élève.\"}\n\t\tability: {kind: \"moveUnits\", amount: \"five\"}",
			`heroes.cue:8:3: heroes.oracle.stroy: unknown field "stroy" (did you mean "story"?): check its spelling against the schema (wbtool doc)`, false},
		{"a number in quotes", "heroes.cue", `ability: {kind: "moveUnits", amount: 5}`, `ability: {kind: "moveUnits", amount: "five"}`,
			`heroes.cue:9:32: heroes.oracle.ability.amount: wrong type: found "five" (a text in quotes), expected a whole number`, false},
		{"unknown section", "units.cue", "units: {", "unit: {", `units.cue:6:1: unknown section "unit" (did you mean "units"?)`, false},
		{"a broken unit reference", "city.cue", `trains: ["swordsman"]`, `trains: ["swordman"]`,
			`city.cue:14:31: buildings.barracks.levels.1.trains.0: no unit type "swordman" (did you mean "swordsman"?): declare it under ` + "`units`" + ` first`, false},
		{"a defined rule as placeholder", "resources.cue", `collect: 3, placeholders: ["C-COLL-2"]`, `collect: 3, placeholders: ["C-COLL-1"]`,
			"resources.cue:7:81: resources.wood.placeholders.0: C-COLL-1 is defined by the seed (p. 8): its values are not placeholders; drop it from `placeholders`", false},
		{"an unknown rule", "resources.cue", `collect: 3, placeholders: ["C-COLL-2"]`, `collect: 3, placeholders: ["C-COLL-9"]`,
			`resources.cue:7:81: resources.wood.placeholders.0: no rule "C-COLL-9" (did you mean "C-COLL-1"?): declare it under ` + "`rules`" + ` first`, false},
		{"a Decision removed (coverage)", "fortifications.cue", `placeholders: ["C-DITCH-3", "C-DITCH-6"]`, `placeholders: ["C-DITCH-6"]`,
			`rules/rules.cue:74:2: warning: rules.C-DITCH-3: C-DITCH-3 is to be defined (Construction pp. 10–11) and no entry fills it with a placeholder`, true},
		{"12 actions", "siege.cue", "actionsPerPlayer: 4}", "actionsPerPlayer: 5}",
			"siege.cue:36:39: players.rows.2.actionsPerPlayer: 3 players × 5 actions = 15, but a turn has 12 actions in all (C-ACT-4)", false},
		{"stage phase pinned", "siege.cue", `{number: 5, phase: "manoeuvre"`, `{number: 5, phase: "melee"`,
			"siege.cue:15:15: stages.list.4.phase: stage 5 belongs to the manoeuvre phase, given by the seed (C-TURN-2)", false},
		{"the research deck against the box", "technologies.cue", `	"winches": {`, `	// "winches": {`,
			"technologies.cue:6:1: technologies: the research deck holds 18 technologies, the box 19 technology cards (C-COMP-1, C-COMP-6)", false},
		{"a resource never obtained", "technologies.cue", `resource: "gold"}`, `resource: "iron"}`,
			"resources.cue:10:2: resources.gold: gold can never be obtained: it is not available at the start and no technology unlocks it (C-DEF-5, C-RES-3)", false},
		{"save over Resistance", "saves/after-landfall.cue", "ne: {level: 1, resistance: 1,", "ne: {level: 1, resistance: 4,",
			"saves/after-landfall.cue:15:18: saves.after-landfall.sections.ne.resistance: save sheet after-landfall: Resistance 4, above the 1 of a Wooden Platform (C-FORT-3)", false},
		{"save engines over slots", "saves/after-landfall.cue", "ne: {level: 1, resistance: 1,", "ne: {engines: {ballista: 1, ram: 1}, level: 1, resistance: 1,",
			"saves/after-landfall.cue:15:8: saves.after-landfall.sections.ne.engines: save sheet after-landfall: 2 siege engines on a Wooden Platform, which mounts 0 (C-FORT-8)", false},
		{"save hero twice", "saves/after-landfall.cue", `hero: "deserter"`, `hero: "oracle"`,
			"saves/after-landfall.cue:7:58: saves.after-landfall.players.1.hero: save sheet after-landfall: hero oracle is taken twice: each hero has one card (C-HERO-1)", false},
		{"save locked resource", "saves/after-landfall.cue", "resources: {wood: 4, stone: 3}", "resources: {wood: 4, gold: 3}",
			"saves/after-landfall.cue:10:23: saves.after-landfall.resources.gold: save sheet after-landfall: 3 gold, but gold is not available: no technology on the sheet unlocks it (C-DEF-5)", false},
		{"save building above the Keep", "saves/after-landfall.cue", "library: 1}", "library: 3}",
			"saves/after-landfall.cue:11:36: saves.after-landfall.buildings.library: save sheet after-landfall: library at level 3, above the Keep's level 2 (C-BLD-2)", false},
		{"out of range", "resources.cue", "collect: 3", "collect: 30", "resources.cue:7:54: resources.wood.collect: collect is 30: expected at most 10", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := starterCopy(t)
			src := string(m[tc.file].Data)
			if !strings.Contains(src, tc.old) {
				t.Fatalf("%q is not in %s", tc.old, tc.file)
			}
			m[tc.file] = &fstest.MapFile{Data: []byte(strings.Replace(src, tc.old, tc.new, 1))}
			_, warns, err := Load(m, Options{Extra: []schema.File{}})
			text := ""
			if err != nil {
				text = err.Error()
			}
			if tc.warn {
				text = warns.Text()
			}
			if !strings.Contains(text, tc.want) {
				t.Errorf("want %q in:\n%s", tc.want, text)
			}
		})
	}
}
