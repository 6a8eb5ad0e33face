package warstuff

import (
	"cmp"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Rulebook is what Warstuff's printed rulebook is made of: the rules
// pages of the site, the profiles' names for [[id]], the glossary and
// the special rules with their reminders (ruleset.Rulebook).
func (c *Content) Rulebook() ruleset.RulebookSource {
	cat := c.Catalog
	src := ruleset.RulebookSource{Game: "Warstuff", Version: cmp.Or(c.Catalog.Version, c.setVersion), RulePrefix: "WS", RequireAnchors: true, Noun: "profile",
		Entity: func(id string, l lang.Lang) (string, bool) {
			if p := cat.Profile(id); p != nil {
				return p.Name.In(l), true
			}
			if p := cat.Creature(id); p != nil {
				return p.Name.In(l), true
			}
			return "", false
		}}
	src.Pages = c.rulesPages()
	if len(c.langs()) > len(lang.Langs) {
		src.Langs = c.langs()
	}
	for _, g := range cat.Glossary {
		src.Glossary = append(src.Glossary, lang.Term{ID: g.ID, Term: g.Term, Definition: g.Definition})
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

// rulesPages are the rules pages in every language the outputs publish:
// a language in draft without a chapter of its own has English's until
// it is translated (as its texts show their English).
func (c *Content) rulesPages() []lang.RulesPage {
	var out []lang.RulesPage
	has := map[lang.Lang]bool{}
	for _, pg := range c.Catalog.Pages {
		out = append(out, lang.RulesPage{Lang: pg.Lang, Path: pg.Pos.File, Source: pg.Src})
		has[pg.Lang] = true
	}
	for _, l := range c.langs()[len(lang.Langs):] {
		if has[l] {
			continue
		}
		for _, pg := range c.Catalog.Pages {
			if pg.Lang == lang.English {
				out = append(out, lang.RulesPage{Lang: l, Path: pg.Pos.File, Source: pg.Src})
			}
		}
	}
	return out
}
