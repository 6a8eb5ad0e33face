package unbound

import (
	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.Starter = Ruleset{}

// Starter is 40k Unbound's starter tree for `wbtool init --game unbound`.
func (Ruleset) Starter() ruleset.StarterTree {
	return ruleset.StarterTree{
		Title: "40k Unbound",
		FS:    ubstarter.FS,
		Next: []string{
			"wbtool check             # the 41 check games of the order protocol",
			"wbtool play              # one bot game (stand-in resolution), turn by turn",
			"wbtool build             # order cards, kit and site: dist/",
		},
		Small: map[string][]string{
			"game.cue":                nil,
			"orders/orders.cue":       nil,
			"units/units.cue":         nil,
			"armies/armies.cue":       nil,
			"scenarios/scenarios.cue": nil,
			"i18n/glossary.cue":       nil,
			"checks/react.cue":        nil,
			"checks/shoot.cue":        nil,
		},
	}
}
