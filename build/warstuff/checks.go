package warstuff

import (
	"wbtool.dev/wbtool/build/ruleset"
	ws "wbtool.dev/wbtool/catalog/warstuff"
	"wbtool.dev/wbtool/diag"
)

// PlayChecks plays the Warstuff check games that keep (nil: all) with the
// Warstuff engine. It is set where the engine is wired (engine/warstuff's
// runner); until then a tree with check games reports that they cannot be
// played, as an error: a check game never passes unplayed.
var PlayChecks func(cat *ws.Catalog, keep func(id string) bool) ruleset.CheckReport

// Checks plays the check games.
func (c *Content) Checks(keep func(id string) bool) ruleset.CheckReport {
	if PlayChecks != nil {
		return PlayChecks(c.Catalog, keep)
	}
	var rep ruleset.CheckReport
	for _, g := range c.Catalog.Checks {
		if keep != nil && !keep(g.ID) {
			continue
		}
		rep.Failed++
		rep.Diagnostics = append(rep.Diagnostics, diag.Errorf(g.Pos, "", "check %s: this wbtool has no Warstuff engine to play check games", g.ID))
	}
	return rep
}
