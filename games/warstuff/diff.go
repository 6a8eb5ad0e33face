package warstuff

import (
	"wbtool.dev/wbtool/changes"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Warstuff's comparable items for `wbtool diff` and the errata (package
// changes): profiles and creatures field by field (quality, weapons,
// melee rules, powers, special rules, cost), hordes, bands, scenarios,
// the special rules (their reminders), the glossary, the interface
// strings, and the rules chapters last.

var _ ruleset.Differ = (*Content)(nil)

// comparison names the catalog's collections; profiles and creatures are
// the cards.
var comparison = changes.Spec{
	Nouns: map[string]string{
		"profiles": "profile", "creatures": "creature", "hordes": "horde", "bands": "band",
		"scenarios": "scenario", "rules": "special rule", "glossary": "glossary term", "strings": "interface string",
	},
	Cards:     []string{"profiles", "creatures"},
	NoRenames: []string{"strings", "rules"},
	// a cost's parts follow from the other fields: the cost says it
	Skip: map[string][]string{"profiles": {"parts"}, "creatures": {"parts"}},
}

// chapters is the collection of the rules chapters ("rules" is the
// special rules').
const chapters = "chapters"

// Comparable lists the catalog's collections and its rules chapters.
func (c *Content) Comparable() ([]changes.Collection, error) { return comparable(c.Catalog) }

func comparable(cat *ws.Catalog) ([]changes.Collection, error) {
	cs, err := changes.Collect(cat, comparison)
	if err != nil {
		return nil, err
	}
	pages := changes.Collection{Name: chapters, Noun: "rules page", Texts: true}
	for _, p := range cat.Pages {
		pages.Items = append(pages.Items, changes.Item{ID: "rules/" + string(p.Lang) + "/" + p.Name + ".md", JSON: p.Src})
	}
	return append(cs, pages), nil
}

// compare describes every change from catalog a to catalog b.
func compare(a, b *ws.Catalog) (*changes.Report, error) {
	ca, err := comparable(a)
	if err != nil {
		return nil, err
	}
	cb, err := comparable(b)
	if err != nil {
		return nil, err
	}
	return changes.Compare(ca, cb), nil
}
