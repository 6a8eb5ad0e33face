package warbound

import (
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Warbound's comparable items for `wbtool diff`, the errata and watch's
// lines of what a save changed (package changes): every collection of the
// catalog, its rules pages last.

var _ ruleset.Differ = (*Content)(nil)

// comparison names the catalog's collections and says which hold cards.
var comparison = changes.Spec{
	Nouns: map[string]string{
		"factions": "faction", "skills": "skill", "characters": "Character", "leaders": "Leader",
		"equipment": "Equipment", "formations": "Formation", "vocations": "Vocation",
		"references": "Reference card", "actionBoards": "action board", "scenarios": "scenario",
		"objectives": "Objective card", "decks": "deck", "glossary": "glossary term",
		"strings": "interface string", "checks": "check game",
	},
	// their ids share one namespace
	Cards:     []string{"characters", "leaders", "equipment", "formations", "vocations", "references", "objectives"},
	NoRenames: []string{"strings"},
	Trim:      map[string]string{"characters": "front."}, // a Character's front face is the Character
}

// Comparable lists cat's collections and its rules pages.
func Comparable(cat *wbcatalog.Catalog) ([]changes.Collection, error) {
	cs, err := changes.Collect(cat, comparison)
	if err != nil {
		return nil, err
	}
	rules := changes.Collection{Name: "rules", Noun: "rules page", Texts: true}
	for _, p := range cat.Rules {
		id := p.Path
		if i := strings.Index(id, "rules/"); i >= 0 {
			id = id[i:]
		}
		rules.Items = append(rules.Items, changes.Item{ID: id, JSON: p.Source})
	}
	return append(cs, rules), nil
}

// Compare describes every change from catalog a to catalog b.
func Compare(a, b *wbcatalog.Catalog) (*changes.Report, error) {
	ca, err := Comparable(a)
	if err != nil {
		return nil, err
	}
	cb, err := Comparable(b)
	if err != nil {
		return nil, err
	}
	return changes.Compare(ca, cb), nil
}

// Comparable lists the content's collections.
func (c *Content) Comparable() ([]changes.Collection, error) { return Comparable(c.Catalog) }
