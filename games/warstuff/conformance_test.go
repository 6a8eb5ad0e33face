package warstuff_test

import (
	"testing"

	_ "wbtool.dev/wbtool/games/warstuff" // registers Warstuff
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/internal/gametest"
)

// conformance describes Warstuff to the conformance suite of every game
// (internal/gametest): its starter and the mutations its verdict
// refuses. The suite runs from this folder, as every game's does, so
// that an edit in another game does not run it.
var conformance = gametest.Game{
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
}

func TestConformance(t *testing.T) {
	gametest.Run(t, conformance)
}
