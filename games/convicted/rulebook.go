package convicted

import (
	"cmp"

	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Rulebook is what The Convicted's printed rulebook is made of (ruleset.
// Rulebook). The starter has no rules pages (RULES.md is the
// implementers' digest of a third of the seed rulebook, in English): the
// booklet is its player aids, in both languages, drawn from the data the
// engine reads; the aids' rule numbers are checked against the rule
// table (rules/rules.cue).
func (c *Content) Rulebook() ruleset.RulebookSource {
	src := ruleset.RulebookSource{Game: "The Convicted", Version: cmp.Or(c.Catalog.ContentVersion, c.setVersion), RulePrefix: "C", Defined: []string{}}
	for _, r := range c.Catalog.Rules {
		src.Defined = append(src.Defined, r.ID)
	}
	// the pages a designer writes (rules/<lang>/*.md), none in the
	// starter, print before the aids, with figures drawn from the data
	src.Pages = c.Catalog.Pages
	src.Draw = c.figure // [[map:board …]], [[token:…]], [[dice:…]] (figures.go)
	src.Aids = c.aids()
	return src
}
