package warbound

import (
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// Rulebook is what Warbound's printed rulebook is made of: the rules
// pages of the site, the cards' names for [[id]], the card icons, the
// glossary (ruleset.Rulebook).
func (c *Content) Rulebook() ruleset.RulebookSource {
	cat := c.Catalog
	src := ruleset.RulebookSource{Game: "Warbound", Set: cat.Set.Name, Version: cat.Set.Version, Pages: cat.Rules,
		RulePrefix: "R", Noun: "card", Glossary: cat.Glossary,
		Entity: func(id string, l lang.Lang) (string, bool) {
			name, ok := cat.CardName(id)
			return name.In(l), ok
		},
		HasIcon:   markup.IsIcon,
		IconLabel: func(name string) string { return name },
		FactionColour: func(id string) (string, bool) {
			if f := cat.Faction(id); f != nil {
				return f.Colour, true
			}
			return "", false
		},
	}
	src.Figure = func(kind, id string, l lang.Lang) (*render.Face, bool) {
		if _, ok := cat.CardName(id); !ok || kind != "card" {
			return nil, false
		}
		card, err := wbcards.LayoutCard(cat, l, id)
		if err != nil {
			return nil, false
		}
		return &card.Front, true
	}
	src.Draw = func(f lang.Figure, l lang.Lang) (*render.Drawing, error) { return wbcards.Figure(cat, f, l) }
	src.Aids = c.aids()
	if len(src.Pages) > 0 {
		// the aids cite the game's rules; a designer's own pages may not
		// carry them (TestAidRulesAnchored pins the starter's)
		src.Defined = ruleset.AidRules(src.Aids)
	}
	return src
}
