package warstuff

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.DeckChecker = (*Content)(nil)

// DeckNoun is "band": Warstuff's decks are its bands.
func (c *Content) DeckNoun() (one, many string) { return "band", "bands" }

// DeckIDs are the bands declared in file, or every band.
func (c *Content) DeckIDs(file string) []string {
	var ids []string
	for _, b := range c.Catalog.Bands {
		if file == "" || b.Pos.File == file {
			ids = append(ids, b.ID)
		}
	}
	return ids
}

// CheckDeck reports on band id with the catalog's band rules
// (wscatalog.Catalog.CheckBand, the code the loader and the site's band builder
// run: WS-BUILD-58, WS-BIG-1), each problem where the loader reports it.
// A legal band's report gives its figures and cost, line by line.
func (c *Content) CheckDeck(id string) (ruleset.DeckReport, bool) {
	cat := c.Catalog
	for _, b := range cat.Bands {
		if b.ID != id {
			continue
		}
		r := ruleset.DeckReport{Pos: b.Pos}
		for _, p := range cat.CheckBand(&b) { // b is a copy: Tally writes to it
			path := strings.Join([]string{"bands", b.ID, p.Field}, ".")
			r.Problems = append(r.Problems, diag.Errorf(b.Pos, path, "%s", p))
		}
		lines := cat.Tally(&b, wscatalog.ByID)
		r.Legal = fmt.Sprintf("band %s (%d points) is legal: %s (at most %d), %s: %s",
			b.ID, b.Format, diag.Plural(b.Count, "figure"), b.MaxFigures, diag.Plural(b.Total, "point"), strings.Join(lines, ", "))
		return r, true
	}
	return ruleset.DeckReport{}, false
}
