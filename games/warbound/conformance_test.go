package warbound_test

import (
	"testing"

	"wbtool.dev/wbtool/content"
	_ "wbtool.dev/wbtool/games/warbound" // registers Warbound
	"wbtool.dev/wbtool/internal/gametest"
)

// conformance describes Warbound to the conformance suite of every game
// (internal/gametest): its starter (the project's content/ tree) and the
// mutations its verdict refuses. The suite runs from this folder, as
// every game's does, so that an edit in another game does not run it.
var conformance = gametest.Game{
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
}

func TestConformance(t *testing.T) {
	gametest.Run(t, conformance)
}
