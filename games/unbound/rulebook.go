package unbound

import (
	"cmp"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Rulebook is what 40k Unbound's printed rulebook is made of: the rules
// pages of the site, the glossary, and the player aids drawn from the
// orders the engine reads (ruleset.Rulebook).
func (c *Content) Rulebook() ruleset.RulebookSource {
	cat := c.Catalog
	// the pages cite the rules of RULES.md (the digest the check games
	// pin) rather than anchor them
	ids, _ := Rules()
	src := ruleset.RulebookSource{Game: "40k Unbound", Version: cmp.Or(cat.ContentVersion, c.setVersion), RulePrefix: "U", Defined: ids}
	for _, p := range cat.Pages {
		src.Pages = append(src.Pages, lang.RulesPage{Lang: lang.Lang(p.Lang), Path: p.Pos.File, Source: []byte(p.Body)})
	}
	for _, t := range cat.Glossary {
		src.Glossary = append(src.Glossary, lang.Term{ID: t.ID, Term: t.Term, Definition: t.Text})
	}
	src.Draw = c.figure // [[token:…]], [[dice:…]] (figures.go)
	src.Aids = c.aids()
	return src
}
