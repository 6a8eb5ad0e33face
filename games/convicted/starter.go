package convicted

import (
	cvstarter "wbtool.dev/wbtool/games/convicted/starter"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.Starter = Ruleset{}

// Starter is The Convicted's starter tree for `wbtool init --game
// convicted`: the whole starter (--example full), or the content with
// one check game, the seed's worked example (--example small).
func (Ruleset) Starter() ruleset.StarterTree {
	return ruleset.StarterTree{
		Title: "Convicted",
		FS:    cvstarter.FS,
		Next: []string{
			"wbtool rules             # every rule: defined, decided or to be defined",
			"wbtool sim --games 200   # survival rate per player count",
			"wbtool build             # cards, tokens, save sheet and site: dist/",
		},
		Small: map[string][]string{
			"game.cue":                 nil,
			"rules/rules.cue":          nil,
			"heroes.cue":               nil,
			"city.cue":                 nil,
			"fortifications.cue":       nil,
			"resources.cue":            nil,
			"technologies.cue":         nil,
			"units.cue":                nil,
			"enemies.cue":              nil,
			"siege.cue":                nil,
			"scenarios.cue":            nil,
			"saves/after-landfall.cue": nil,
			"checks/construction.cue":  {"worked-example-stone-wall-and-ditch"},
		},
	}
}
