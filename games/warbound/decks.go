package warbound

import (
	"fmt"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.DeckChecker = (*Content)(nil)

// DeckNoun is "deck".
func (c *Content) DeckNoun() (one, many string) { return "deck", "decks" }

// DeckIDs are the decks declared in file, or every deck.
func (c *Content) DeckIDs(file string) []string {
	var ids []string
	for _, d := range c.Catalog.Decks {
		if file == "" || d.Pos.File == file {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// CheckDeck reports on deck id under the deck-building rules R-DECK-1..7.
// The loader refuses an illegal deck (schema), so a loaded deck is legal:
// the report counts its cards by kind.
func (c *Content) CheckDeck(id string) (ruleset.DeckReport, bool) {
	cat := c.Catalog
	d := cat.Deck(id)
	if d == nil {
		return ruleset.DeckReport{}, false
	}
	counts := map[wbcatalog.Kind]int{}
	for _, card := range d.Cards {
		counts[cat.KindOf(card)]++
	}
	return ruleset.DeckReport{Pos: d.Pos, Legal: fmt.Sprintf("deck %s (%s) is legal: %s: %s, %s, %s",
		d.ID, d.Format, diag.Plural(len(d.Cards), "card"), diag.Plural(counts[wbcatalog.KindLeader], "Leader"),
		diag.Plural(counts[wbcatalog.KindCharacter], "Character"),
		diag.Plural(counts[wbcatalog.KindEquipment]+counts[wbcatalog.KindFormation]+counts[wbcatalog.KindVocation], "Upgrade"))}, true
}
