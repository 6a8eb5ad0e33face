package tinygame

import "wbtool.dev/wbtool/internal/gametest"

// Conformance describes the game to the conformance suite: its starter
// and the mutations its verdict refuses.
func (Ruleset) Conformance() gametest.Game {
	return gametest.Game{
		Name:      Game,
		Starter:   Starter(),
		Root:      "tiny",
		ChecksDir: "checks",
		Mutations: []gametest.Mutation{
			{Name: "a required field deleted", File: "cards/units.tg", Old: "  power: 5\n", New: "",
				Want: "tiny/cards/units.tg:8:1: units.knight.power: the unit knight has no power"},
			{Name: "a number out of range", File: "cards/spells.tg", Old: "damage: 3", New: "damage: 30",
				Want: "damage is 30: expected a whole number from 1 to 9"},
			{Name: "a broken reference", File: "checks/duels.tg", Old: "b: scout\n", New: "b: scuot\n",
				Want: `unknown card "scuot" (did you mean "scout"?)`},
			{Name: "a check game that fails", File: "checks/duels.tg", Old: "winner: b", New: "winner: a",
				Want: "check bane-counters-giant: step 5 (score): expected winner a, got b (2 against 5)", Line: 19},
			{Name: "a name that does not fit", File: "cards/units.tg", Old: "name.en: Giant", New: "name.en: Giant of the Northern Wastes",
				Want: "the name does not fit the card: 28 characters, at most 18"},
		},
		Draft: gametest.Mutation{Name: "a French name removed", File: "cards/units.tg", Old: "  name.fr: Chevalier\n", New: "",
			Want: "the unit knight has no name.fr"},
	}
}
