package wbschema

import (
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/schema"
)

// mistake is one common mistake a designer makes in a file of the
// starter content: old (found once in file) replaced by new.
type mistake struct {
	name, file, old, new string
	want                 []string // "file:line:col: message", every error
}

// TestCommonMistakes pins the message of the mistakes designers make most
// (issue 28): one error per mistake, at the mistake, in the game's terms;
// never a token name of the parser, a builtin, a regular expression or a
// path inside the schema.
//
// Each mistake is loaded with one Cache shared by all (watch's path: the
// unchanged files' units are reused, so a load costs the edited file's
// evaluation, not the tree's), and, unless -short, also as the whole
// package (25 times as long) and in units.
func TestCommonMistakes(t *testing.T) {
	cache := schema.NewCache()
	for _, c := range []mistake{
		{"comma missing in a block", "cards/clans.cue", "accuracy: {near: 4, far: 6}\n\tcost: {clans: 1, any: 1}", "accuracy: {near: 4 far: 6}\n\tcost: {clans: 1, any: 1}", []string{
			"content/cards/clans.cue:20:21: syntax error: a comma or a new line is missing between `near: 4` and `far: 6`",
		}},
		{"colon missing", "cards/clans.cue", "speed:  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", "speed  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", []string{
			"content/cards/clans.cue:18:9: syntax error: a `:` is missing between `speed` and `3`",
		}},
		{"closing brace missing", "cards/clans.cue", "fr: \"Ses flèches portent les plumes de sa mère.\"\n\t}", "fr: \"Ses flèches portent les plumes de sa mère.\"", []string{
			"content/cards/clans.cue:16:2: syntax error: the `{` opened at content/cards/clans.cue:13:10 is never closed: a `}` is missing before this line",
		}},
		{"opening brace missing", "cards/clans.cue", "flavor: {\n\t\ten: \"Her arrows", "flavor:\n\t\ten: \"Her arrows", []string{
			"content/cards/clans.cue:16:2: syntax error: this `}` closes the `{` opened at content/cards/clans.cue:9:23 too early: it is one too many, or a `{` is missing before it",
		}},
		{"closing brace too many", "cards/clans.cue", "health: 3\n\tmorale: 4\n\tgear: [\"ranged\"]\n\tskills: [\"sharp-shooting\", \"steadfast\"]", "health: 3}\n\tmorale: 4\n\tgear: [\"ranged\"]\n\tskills: [\"sharp-shooting\", \"steadfast\"]", []string{
			"content/cards/clans.cue:22:11: syntax error: this `}` closes the `{` opened at content/cards/clans.cue:9:23 too early: it is one too many, or a `{` is missing before it",
		}},
		{"closing bracket missing", "cards/clans.cue", "gear: [\"ranged\"]\n\tskills: [\"sharp-shooting\", \"steadfast\"]", "gear: [\"ranged\"\n\tskills: [\"sharp-shooting\", \"steadfast\"]", []string{
			"content/cards/clans.cue:25:2: syntax error: the `[` opened at content/cards/clans.cue:24:8 is never closed: a `]` is missing before this line",
		}},
		{"comma missing in a list", "cards/clans.cue", "skills: [\"sharp-shooting\", \"steadfast\"]", "skills: [\"sharp-shooting\" \"steadfast\"]", []string{
			"content/cards/clans.cue:25:28: syntax error: a comma is missing between `\"sharp-shooting\"` and `\"steadfast\"` in this list",
		}},
		{"two commas in a deck list", "scenarios/decks.cue", `"vanta", "copp", "splatter"`, `"vanta", "copp",, "splatter"`, []string{
			"content/scenarios/decks.cue:18:26: syntax error: two commas in a row: remove one (or write the missing value between them)",
		}},
		{"comma at the start of a list", "cards/references.cue", `["plunder", `, `[, "plunder", `, []string{
			"content/cards/references.cue:10:11: syntax error: a comma right after `[`: remove it (or write the missing value before it)",
		}},
		{"text never closed", "cards/clans.cue", "number:  12\n\tfaction: \"clans\"", "number:  12\n\tfaction: \"clans", []string{
			"content/cards/clans.cue:12:11: syntax error: this text has no closing `\"`: add it at the end of the text, on the same line",
		}},
		{"text without quotes", "cards/clans.cue", `name: {en: "Roh'na", fr: "Roh'na"}`, `name: {en: Roh na, fr: "Roh'na"}`, []string{
			"content/cards/clans.cue:10:17: syntax error: a text must be in quotes: write `en: \"Roh na\"`",
		}},
		{"a word without quotes", "cards/clans.cue", "number:  12\n\tfaction: \"clans\"", "number:  12\n\tfaction: clans", []string{
			"content/cards/clans.cue:12:11: reference \"clans\" not found: to write a text, put it in quotes; a content file may not use another file's values",
		}},
		{"= for :", "cards/clans.cue", "health: 3\n\tmorale: 4\n\tgear: [\"ranged\"]\n\tskills: [\"sharp-shooting\", \"steadfast\"]", "health = 3\n\tmorale: 4\n\tgear: [\"ranged\"]\n\tskills: [\"sharp-shooting\", \"steadfast\"]", []string{
			"content/cards/clans.cue:23:2: syntax error: a field takes its value after `:`, not `=`: write `health: 3`",
		}},
		{"value missing", "cards/clans.cue", "accuracy: {near: 4, far: 6}\n\tcost: {clans: 1, any: 1}", "accuracy: {near: , far: 6}\n\tcost: {clans: 1, any: 1}", []string{
			"content/cards/clans.cue:20:19: syntax error: a value is missing after `near:`",
		}},
		{"art not a png or jpg", "cards/clans.cue", `art/ash-warden.jpg`, `art/ash-warden.webp`, []string{
			"content/cards/clans.cue:180:14: \"art/ash-warden.webp\" cannot be used as art: art must be a .png or .jpg file, named from the content folder (e.g. \"art/copp.png\")",
		}},
		{"field misspelt", "cards/clans.cue", "health: 3\n\tmorale: 4\n\tgear: [\"ranged\"]\n\tskills: [\"sharp-shooting\", \"steadfast\"]", "health: 3\n\tmorle: 4\n\tgear: [\"ranged\"]\n\tskills: [\"sharp-shooting\", \"steadfast\"]", []string{
			"content/cards/clans.cue:23:2: unknown field \"morle\" (did you mean \"morale\"?): this field is not part of the schema",
		}},
		// a required field: its misspelling is the one error, not also
		// the field found missing
		{"required field misspelt", "cards/clans.cue", "speed:  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", "sped:  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", []string{
			"content/cards/clans.cue:18:2: unknown field \"sped\" (did you mean \"speed\"?): this field is not part of the schema",
		}},
		{"number out of range", "cards/clans.cue", "speed:  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", "speed:  33\n\trun:    1\n\taccuracy: {near: 4, far: 6}", []string{
			"content/cards/clans.cue:18:10: 33 is out of range: it must be at most 8",
		}},
		{"number in quotes", "cards/clans.cue", "speed:  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", "speed:  \"3\"\n\trun:    1\n\taccuracy: {near: 4, far: 6}", []string{
			"content/cards/clans.cue:18:10: wrong type: found \"3\" (a text in quotes), expected a whole number",
		}},
		{"unknown faction", "cards/clans.cue", "number:  12\n\tfaction: \"clans\"", "number:  12\n\tfaction: \"clan\"", []string{
			"content/cards/clans.cue:12:2: unknown faction \"clan\": expected one of \"clans\", \"raiders\" (did you mean \"clans\"?)",
		}},
		{"deck id with a space", "scenarios/decks.cue", `decks: "raiders-strike": {`, `decks: "raiders strike": {`, []string{
			"content/scenarios/decks.cue:11:8: \"raiders strike\" is not a valid id: use lower-case letters, digits and single dashes, e.g. \"ork-edo-drummer\"",
		}},
		{"tile off the board", "scenarios/confrontation.cue", `{at: "E5", blocksMove`, `{at: "Z99", blocksMove`, []string{
			"content/scenarios/confrontation.cue:19:8: \"Z99\" is not a tile: expected a column letter A-P and a row 1-16, e.g. \"C3\"",
		}},
		{"English text missing", "cards/clans.cue", `name: {en: "Roh'na", fr: "Roh'na"}`, `name: {fr: "Roh'na"}`, []string{
			"content/cards/clans.cue:10:2: missing English text: add `en: \"...\"` (or build with --draft)",
		}},
		{"unknown card in a deck", "scenarios/decks.cue", `"vanta", "copp", "splatter"`, `"vanta", "cop", "splatter"`, []string{
			"content/scenarios/decks.cue:18:19: deck is not legal: unknown card \"cop\" in the card list (did you mean \"copp\"?) (R-DECK-1)",
		}},
		{"package line missing", "cards/references.cue", "package warbound\n", "\n", []string{
			"content/cards/references.cue:1:1: expected `package warbound` at the top of the file, found no package clause",
		}},
		{"unknown trigger", "cards/equipment.cue", `scope: {
	effect: {trigger: "passive"`, `scope: {
	effect: {trigger: "pasive"`, []string{
			"content/cards/equipment.cue:8:20: found \"pasive\", expected one of \"activation-end\", \"activation-start\", \"active\", \"after-fight\", \"after-move\", \"after-shoot\", \"cleanup\", \"enemy-moves\", \"leader-phase\", \"passive\", \"removes-enemy\", \"turn-start\"",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := testtool.WithEdit(t, content.FS, c.file, c.old, c.new)
			_, err := Load(fsys, Options{Root: "content", Cache: cache})
			testtool.SameDiagnostics(t, err, c.want)
			if !testing.Short() {
				// the whole package, and in units (validate's); not
				// again file by file with a cold cache (TestMain's
				// check of an uncached Load): the load above is that
				_, err := newLoader(fsys, Options{Root: "content"}).load()
				testtool.SameDiagnostics(t, err, c.want)
				_, err = Load(fsys, Options{Root: "content", UnitSize: testUnitSize})
				testtool.SameDiagnostics(t, err, c.want)
			}
		})
	}
}
