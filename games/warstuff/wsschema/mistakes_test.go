package wsschema

import (
	"testing"

	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/internal/testtool"
)

// TestCommonMistakes pins the message of the mistakes Warstuff designers
// make most (issue 28; Warbound's are in package wbschema): one error per
// mistake, in the game's terms, never a builtin (list.Sum, list.Concat)
// or a regular expression.
func TestCommonMistakes(t *testing.T) {
	for _, c := range []struct {
		name, file, old, new string
		want                 []string
	}{
		{"rule id with a dash", "cards/profiles.cue", `rules: ["agile", "slow"]`, `rules: ["agile", "large-target"]`, []string{
			"games/warstuff/starter/cards/profiles.cue:13:20: \"large-target\" is not a rule id (did you mean \"large_target\"?): rule ids are lower-case words joined by `_`, e.g. \"large_target\"",
		}},
		{"field misspelt", "cards/profiles.cue", "name: {en: \"Storm Seer\", fr: \"Devin des orages\"}\n\t\tquality: 3", "name: {en: \"Storm Seer\", fr: \"Devin des orages\"}\n\t\tqualty: 3", []string{
			"games/warstuff/starter/cards/profiles.cue:9:3: unknown field \"qualty\" (did you mean \"quality\"?): check its spelling against the rules (WS-BUILD-1)",
		}},
		// The misspelling is reported as such even when the profile has
		// another error, which stops CUE before the field's closedness.
		{"field misspelt beside another mistake", "cards/profiles.cue", "quality: 3\n\t\tranged: {range: 18, rules: [\"precise\", \"piercing\"]}\n\t\tmelee: [\"powerful\"]\n\t\tpowers: [\"lightning_bolt\", \"healing\"]\n\t\trules: [\"agile\", \"slow\"]",
			"qualty: 3\n\t\tranged: {range: 18, rules: [\"precise\", \"piercing\"]}\n\t\tmelee: [\"powerful\"]\n\t\tpowers: [\"lightning_bolt\", \"healing\"]\n\t\trules: [\"agile\", \"slo\"]", []string{
				"games/warstuff/starter/cards/profiles.cue:9:3: unknown field \"qualty\" (did you mean \"quality\"?): check its spelling against the rules (WS-BUILD-1)",
				"games/warstuff/starter/cards/profiles.cue:13:20: unknown special rule \"slo\" (did you mean \"slow\"?): expected one of agile, reinforced_armour, hit_and_run, camouflage, frightening, clumsy, frenzied, furious, stealthy, large_target, incapable, infiltrator, slow, medic, rallying, small_target, fast, regeneration, resilient, sturdy, fearless, suicidal, tactician, teleport, terrifying, very_fast, flying",
			}},
		{"range not in the table", "cards/profiles.cue", "quality: 5\n\t\tranged: range: 9\n\t}", "quality: 5\n\t\tranged: range: 10\n\t}", []string{
			"games/warstuff/starter/cards/profiles.cue:26:11: found 10: expected one of \"flame\", 18, 27, 9",
		}},
		{"quality out of range", "cards/profiles.cue", "name: {en: \"Trooper\", fr: \"Soldat\"}\n\t\tquality: 4", "name: {en: \"Trooper\", fr: \"Soldat\"}\n\t\tquality: 9", []string{
			"games/warstuff/starter/cards/profiles.cue:18:3: found 9: expected one of 2, 3, 4, 5, 6",
		}},
		{"comma missing in a block", "cards/profiles.cue", `{range: 18, rules: ["precise", "piercing"]}`, `{range: 18 rules: ["precise", "piercing"]}`, []string{
			"games/warstuff/starter/cards/profiles.cue:10:22: syntax error: a comma or a new line is missing between `range: 18` and `rules: [\"precise\", \"piercing\"]`",
		}},
		{"colon missing", "cards/profiles.cue", "name: {en: \"Trooper\", fr: \"Soldat\"}\n\t\tquality: 4", "name: {en: \"Trooper\", fr: \"Soldat\"}\n\t\tquality 4", []string{
			"games/warstuff/starter/cards/profiles.cue:18:11: syntax error: a `:` is missing between `quality` and `4`",
		}},
		{"closing brace missing", "cards/creatures.cue", "traits: [\"headshot\", \"unkillable\", \"countless\"]\n\t}", "traits: [\"headshot\", \"unkillable\", \"countless\"]", []string{
			"games/warstuff/starter/cards/creatures.cue:11:2: syntax error: the `{` opened at games/warstuff/starter/cards/creatures.cue:6:10 is never closed: a `}` is missing before this line",
		}},
		{"two commas in a list", "cards/profiles.cue", `rules: ["agile", "slow"]`, `rules: ["agile",, "slow"]`, []string{
			"games/warstuff/starter/cards/profiles.cue:13:19: syntax error: two commas in a row: remove one (or write the missing value between them)",
		}},
		{"unknown rule", "cards/profiles.cue", `rules: ["agile", "slow"]`, `rules: ["agile", "slwo"]`, []string{
			"games/warstuff/starter/cards/profiles.cue:13:20: unknown special rule \"slwo\" (did you mean \"slow\"?): expected one of agile, reinforced_armour, hit_and_run, camouflage, frightening, clumsy, frenzied, furious, stealthy, large_target, incapable, infiltrator, slow, medic, rallying, small_target, fast, regeneration, resilient, sturdy, fearless, suicidal, tactician, teleport, terrifying, very_fast, flying",
		}},
		{"unknown section", "cards/creatures.cue", "creatures: {", "creature: {", []string{
			"games/warstuff/starter/cards/creatures.cue:5:1: unknown section \"creature\" (did you mean \"creatures\"?): expected one of bands, checks, creatures, game, glossary, hordes, languages, limits, profiles, reminders, scenarios, strings, tables, version",
		}},
		{"English text missing", "cards/creatures.cue", `name: {en: "Zombie", fr: "Zombie"}`, `name: {fr: "Zombie"}`, []string{
			"games/warstuff/starter/cards/creatures.cue:7:3: missing English text: add `en: \"...\"` (or build with --draft)",
		}},
		{"unknown profile in a band", "scenarios/bands.cue", `[{profile: "storm-seer"}, {profile: "trooper"`, `[{profile: "storm-sear"}, {profile: "trooper"`, []string{
			"games/warstuff/starter/scenarios/bands.cue:12:14: no profile \"storm-sear\" (did you mean \"storm-seer\"?): declare it under `profiles`, or use one of brute, captain, flamer, grenadier, gunner, hound, medic, militia, scout, sniper, storm-seer, trooper, warp-adept (WS-BUILD-58)",
		}},
		{"text never closed", "cards/creatures.cue", `name: {en: "Zombie", fr: "Zombie"}`, `name: {en: "Zombie, fr: "Zombie"}`, []string{
			"games/warstuff/starter/cards/creatures.cue:7:14: syntax error: a `\"` is missing in this line: the text \"Zombie, fr: \" runs into what follows it",
		}},
		{"number in quotes", "scenarios/scenarios.cue", "format: 50\n\t\ttable:  32\n\t\tsummary: {\n\t\t\ten: \"Two bands", "format: \"50\"\n\t\ttable:  32\n\t\tsummary: {\n\t\t\ten: \"Two bands", []string{
			"games/warstuff/starter/scenarios/scenarios.cue:10:3: wrong type: found \"50\" (a text in quotes), expected a whole number",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(testtool.WithEdit(t, wsstarter.FS, c.file, c.old, c.new), Options{Root: "games/warstuff/starter"})
			testtool.SameDiagnostics(t, err, c.want)
		})
	}
}
