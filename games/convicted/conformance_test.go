package convicted_test

import (
	"testing"

	"wbtool.dev/wbtool/games/convicted"
	cvstarter "wbtool.dev/wbtool/games/convicted/starter"
	"wbtool.dev/wbtool/internal/gametest"
)

// conformance describes The Convicted to the conformance suite of every
// game (internal/gametest): its starter and the mutations its verdict
// refuses. The suite runs from this folder, so that the game needs no
// line outside it but its registration.
var conformance = gametest.Game{
	Name: "convicted", Starter: cvstarter.FS, Root: "games/convicted/starter", ChecksDir: "checks",
	Mutations: []gametest.Mutation{
		{Name: "a required field deleted", File: "units.cue", Old: `st: 2, en: 2, su: 1, cost: {wood: 1}`, New: `en: 2, su: 1, cost: {wood: 1}`,
			Want: `missing field "st"`},
		{Name: "a number out of range", File: "resources.cue", Old: "collect: 3", New: "collect: 30",
			Want: "resources.wood.collect"},
		{Name: "a broken reference", File: "scenarios.cue", Old: `assault: "wolf"`, New: `assault: "wolff"`,
			Want: `no enemy unit "wolff" (did you mean "wolf"?)`},
		{Name: "a check game that fails", File: "checks/construction.cue", Old: "expect: {bank: {wood: 0, stone: 0}, sections: n: {level: 3, resistance: 3}",
			New:  "expect: {bank: {wood: 0, stone: 0}, sections: n: {level: 3, resistance: 4}",
			Want: "check worked-example-stone-wall-and-ditch: step 1: n resistance: expected 4, got 3", Line: 21},
		{Name: "a defined rule used as a placeholder", File: "resources.cue", Old: `collect: 3, placeholders: ["C-COLL-2"]`, New: `collect: 3, placeholders: ["C-COLL-1"]`,
			Want: "C-COLL-1 is defined by the seed (p. 8): its values are not placeholders"},
		{Name: "the player table breaks the 12 actions", File: "siege.cue", Old: "actionsPerPlayer: 6}", New: "actionsPerPlayer: 5}",
			Want: "2 players × 5 actions = 10, but a turn has 12 actions in all (C-ACT-4)"},
		{Name: "a save sheet over the level's Resistance", File: "saves/after-landfall.cue", Old: "ne: {level: 1, resistance: 1,", New: "ne: {level: 1, resistance: 4,",
			Want: "save sheet after-landfall: Resistance 4, above the 1 of a Wooden Platform (C-FORT-3)"},
	},
	Edit: gametest.Mutation{Name: "a hero renamed", File: "heroes.cue", Old: `name: {en: "The Oracle", fr: "L’Oracle"}`,
		New: `name: {en: "The Seer", fr: "L’Oracle"}`, Want: "oracle: name (en)"},
	Draft: gametest.Mutation{Name: "a French name removed", File: "heroes.cue", Old: `name: {en: "The Oracle", fr: "L’Oracle"}`, New: `name: {en: "The Oracle"}`,
		Want: "heroes.oracle.name.fr"},
	Exported: convicted.CheckExport,
}

func TestConformance(t *testing.T) {
	gametest.Run(t, conformance)
}
