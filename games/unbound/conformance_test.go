package unbound

import (
	"testing"

	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/internal/gametest"
)

// Conformance describes the game to the conformance suite: its starter
// and the mutations its verdict refuses.
func Conformance() gametest.Game {
	return gametest.Game{
		Name: "unbound", Starter: ubstarter.FS, Root: "games/unbound/starter", ChecksDir: "checks",
		Mutations: []gametest.Mutation{
			{Name: "a required field deleted", File: "units/units.cue", Old: "\t\ttype: \"jetbike\"\n", New: "",
				Want: `units.gloom-skiffs.type: missing field "type": add it`},
			{Name: "a number out of range", File: "armies/armies.cue", Old: "warpCharges: 2", New: "warpCharges: 42",
				Want: "armies.ash-court.warpCharges: 42 is out of range: it must be at most 12"},
			{Name: "a broken reference", File: "armies/armies.cue", Old: `stalkers: {unit: "ash-stalkers"}`, New: `stalkers: {unit: "ash-stalker"}`,
				Want: `unknown unit "ash-stalker" (did you mean "ash-stalkers"?): declare it under ` + "`units`" + ` first`},
			{Name: "a check game that fails", File: "checks/setup.cue", Old: `expect: sequence: ["ash-court"]}`, New: `expect: sequence: ["wardens"]}`,
				Want: "check infiltrate-skips-an-army-without: step 1: sequence: expected wardens, got ash-court", Line: 28},
		},
		Edit: gametest.Mutation{Name: "a unit renamed", File: "units/units.cue", Old: `name: {en: "Warden Line", fr: "Ligne de gardiens"}`,
			New: `name: {en: "Warden Column", fr: "Ligne de gardiens"}`, Want: "warden-line: name (en)"},
		Draft: gametest.Mutation{Name: "an order's French name removed", File: "orders/orders.cue",
			Old: `name: {en: "Interception", fr: "Interception"}`, New: `name: {en: "Interception"}`, Want: "orders.interception.name.fr: missing French text"},
	}
}

// TestConformance runs the conformance suite of every game
// (internal/gametest) on 40k Unbound, from its own folder.
func TestConformance(t *testing.T) {
	gametest.Run(t, Conformance())
}
