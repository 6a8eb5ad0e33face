package warbound

import (
	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.Starter = rules{}

// Starter is Warbound's starter tree for `wbtool init`: the embedded
// content; the small example keeps a few cards of each kind, one deck
// and its scenario.
func (rules) Starter() ruleset.StarterTree {
	return ruleset.StarterTree{
		Title: "Warbound",
		FS:    content.FS,
		Next: []string{
			"wbtool print --deck clans-vigil --lang en   # the deck's card sheets: dist/print/",
			"wbtool build                                # data, card sheets and site: dist/",
			"wbtool serve                                # the site, reloaded on every save",
		},
		Small: map[string][]string{
			"cards/factions.cue":        nil,
			"cards/set.cue":             nil,
			"cards/skills.cue":          nil,
			"cards/formations.cue":      nil,
			"cards/references.cue":      nil,
			"cards/vocations.cue":       {"ash-seer", "veteran"},
			"cards/equipment.cue":       {"bone-charm", "vibro-blade"},
			"cards/leaders.cue":         {"vanta", "sa-keth"},
			"cards/clans.cue":           {"roh-na", "oshi-goru", "ork-edo-drummer", "thorn-spitter"},
			"cards/raiders.cue":         {"copp", "splatter"},
			"art/copp.png":              nil,
			"art/data-haul.jpg":         nil,
			"scenarios/boards.cue":      nil,
			"scenarios/decks.cue":       {"clans-vigil"},
			"scenarios/exploration.cue": nil,
			"scenarios/objectives.cue": {"data-haul", "hold-the-relay", "first-blood", "deep-strike",
				"break-their-nerve", "no-one-left-behind", "sweep-the-field"},
			"scenarios/checks/fight.cue": nil,
			"scenarios/checks/dice.cue":  nil,
			"i18n/glossary.cue":          nil,
			"i18n/strings.cue":           nil,
		},
	}
}
