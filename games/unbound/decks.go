package unbound

import (
	"fmt"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.DeckChecker = (*Content)(nil)

// DeckNoun: 40k Unbound's decks are armies.
func (c *Content) DeckNoun() (one, many string) { return "army", "armies" }

// DeckIDs are the armies' ids (file is ignored: armies live in the tree).
func (c *Content) DeckIDs(string) []string {
	var out []string
	for _, a := range c.Catalog.Armies {
		out = append(out, a.ID)
	}
	return out
}

// CheckDeck reports an army: what the protocol counts (placements,
// tokens, reserves, warp charges). How many points an army may field is
// the underlying game's; what the protocol needs (units declared,
// transports within capacity, characters joining units of their army)
// the load has already checked.
func (c *Content) CheckDeck(id string) (ruleset.DeckReport, bool) {
	a := c.Catalog.Army(id)
	if a == nil {
		return ruleset.DeckReport{}, false
	}
	placed, tokens, reserve := 0, 0, 0
	for _, e := range a.Entries {
		if e.Joins != "" {
			continue
		}
		tokens++
		switch {
		case e.Reserve:
			reserve++
		case e.In == "":
			placed++
		}
	}
	return ruleset.DeckReport{Pos: a.Pos, Legal: fmt.Sprintf("army %s is legal: %s, %s, %s at deployment, %d in reserve, %s",
		a.ID, diag.Plural(len(a.Entries), "unit"), diag.Plural(tokens, "activation token"), diag.Plural(placed, "placement"), reserve, diag.Plural(a.WarpCharges, "warp charge"))}, true
}
