package gametest_test

import (
	"testing"

	"wbtool.dev/wbtool/content"
	_ "wbtool.dev/wbtool/games/warbound" // registers Warbound
	_ "wbtool.dev/wbtool/games/warstuff" // registers Warstuff
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/internal/gametest"
	_ "wbtool.dev/wbtool/internal/gametest/tinygame" // the tiny test-only game: this line is all it needs outside its folder
)

// known describes the games that do not describe themselves
// (gametest.Describer): their starters and mutations. They live here
// while games/warbound and games/warstuff are being moved (issue 27).
var known = map[string]gametest.Game{
	"warbound": {
		Name: "warbound", Starter: content.FS, Root: "content", ChecksDir: "scenarios/checks",
		Mutations: []gametest.Mutation{
			{Name: "a required field deleted", File: "cards/clans.cue", Old: "\tfaction: \"clans\"\n", New: "", Want: `characters."roh-na".faction: missing required field "faction"`},
			{Name: "a number out of range", File: "cards/clans.cue", Old: "\tspeed:  3\n", New: "\tspeed:  42\n", Want: "speed: 42 is out of range: it must be at most 8"},
			{Name: "a broken reference", File: "cards/clans.cue", Old: `skills: ["sharp-shooting", "steadfast"]`, New: `skills: ["sharp-shootin", "steadfast"]`, Want: `unknown skill "sharp-shootin": declare it under ` + "`skills:`" + ` first (did you mean "sharp-shooting"?)`},
			{Name: "a check game that fails", File: "scenarios/checks/act.cue", Old: `{expect: units: b: at: "C8"}`, New: `{expect: units: b: at: "C9"}`, Want: "check act-space-taken-for-both-players: step 5 (expect): b.at: expected C9, got C8", Line: 19},
		},
		Draft: gametest.Mutation{Name: "a French flavor removed", File: "cards/clans.cue",
			Old: "\t\tfr: \"Ses flèches portent les plumes de sa mère.\"\n", New: "", Want: `characters."roh-na".flavor.fr: missing French text`},
		Edit: gametest.Mutation{Name: "a French flavor reworded", File: "cards/clans.cue",
			Old: "Ses flèches portent les plumes de sa mère.", New: "Ses flèches portent les plumes de son père.", Want: "roh-na: "},
	},
	"warstuff": {
		Name: "warstuff", Starter: wsstarter.FS, Root: "games/warstuff/starter", ChecksDir: "scenarios/checks",
		Mutations: []gametest.Mutation{
			{Name: "a required field deleted", File: "cards/creatures.cue", Old: "\t\tquality: 4\n", New: "", Want: `creatures.skeleton.quality: missing field "quality": add it`},
			{Name: "a number out of range", File: "cards/creatures.cue", Old: "\t\tquality: 5\n", New: "\t\tquality: 42\n", Want: "creatures.zombie.quality: found 42: expected one of 2, 3, 4, 5, 6"},
			{Name: "a broken reference", File: "cards/creatures.cue", Old: `smaller: "mini-zol"`, New: `smaller: "mini-zool"`, Want: `creatures.zol: no creature "mini-zool": declare it under ` + "`creatures`"},
			{Name: "a check game that fails", File: "scenarios/checks/attack.cue", Old: "expect: figures: t: {wounds: 0, stunned: true", New: "expect: figures: t: {wounds: 1, stunned: true",
				Want: "check attack-paralysing: step 1: t wounds: expected 1, got 0",
				// the failing step's expect, as Warbound reports it (the
				// check itself is at line 24)
				Line: 32},
		},
		Draft: gametest.Mutation{Name: "a French name removed", File: "cards/creatures.cue",
			Old: `name: {en: "Skeleton", fr: "Squelette"}`, New: `name: {en: "Skeleton"}`, Want: "creatures.skeleton.name.fr: missing French text"},
		Edit: gametest.Mutation{Name: "a French name changed", File: "cards/creatures.cue",
			Old: `fr: "Squelette"`, New: `fr: "Squelette ancien"`, Want: `skeleton: name.fr "Squelette" → "Squelette ancien"`},
	},
}

// TestConformance runs the suite over every registered game.
func TestConformance(t *testing.T) {
	for _, g := range gametest.Games(t, known) {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, g)
		})
	}
}
