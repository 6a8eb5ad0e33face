package warstuff

import (
	wscontent "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.Starter = Ruleset{}

// Starter is Warstuff's starter tree for `wbtool init`.
func (Ruleset) Starter() ruleset.StarterTree {
	return ruleset.StarterTree{
		Title: "Warstuff",
		FS:    wscontent.FS,
		Next: []string{
			"wbtool play              # one game of two bands, turn by turn",
			"wbtool build             # data and site: dist/",
			"wbtool serve             # the site, reloaded on every save",
		},
		Small: map[string][]string{
			"game.cue":                    nil,
			"cards/profiles.cue":          nil,
			"cards/creatures.cue":         nil,
			"scenarios/bands.cue":         nil,
			"scenarios/scenarios.cue":     nil,
			"scenarios/checks/turn.cue":   nil,
			"scenarios/checks/attack.cue": nil,
			"i18n/glossary.cue":           nil,
			"i18n/reminders.cue":          nil,
		},
	}
}
