package warstuff

import (
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Rulebook is what Warstuff's printed rulebook is made of: the rules
// pages of the site, the profiles' names for [[id]], the glossary and
// the special rules with their reminders (ruleset.Rulebook).
func (c *Content) Rulebook() ruleset.RulebookSource {
	cat := c.Catalog
	src := ruleset.RulebookSource{Game: "Warstuff", Version: c.setVersion, RulePrefix: "WS", RequireAnchors: true, Noun: "profile",
		Entity: func(id string, l lang.Lang) (string, bool) {
			if p := cat.Profile(id); p != nil {
				return p.Name.In(l), true
			}
			if p := cat.Creature(id); p != nil {
				return p.Name.In(l), true
			}
			return "", false
		}}
	for _, pg := range cat.Pages {
		src.Pages = append(src.Pages, lang.RulesPage{Lang: pg.Lang, Path: pg.Pos.File, Source: pg.Src})
	}
	for _, g := range cat.Glossary {
		src.Glossary = append(src.Glossary, lang.Term{ID: g.ID, Term: lang.Text{EN: g.Term.EN, FR: g.Term.FR}, Definition: lang.Text{EN: g.Definition.EN, FR: g.Definition.FR}})
	}
	src.Draw = c.figure // [[map:…]], [[token:…]], [[dice:…]] (figures.go)
	src.Aids = c.aids()
	if len(src.Pages) > 0 {
		// the aids cite the game's rules; a designer's own pages may not
		// carry them (TestAidRulesAnchored pins the starter's)
		src.Defined = ruleset.AidRules(src.Aids)
	}
	return src
}
