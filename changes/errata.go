package changes

import (
	"slices"

	"wbtool.dev/wbtool/catalog"
)

// Errata is what changed since an earlier version of the content: what
// the site's errata page and each card's history tell, and the cards the
// reprint sheets hold.
type Errata struct {
	// From is the earlier version, To this one, as the cards print them
	// ("0.1", "v0.4-2-g1a2b3c4").
	From, To string
	// Changes are every change since From (Compare).
	Changes []Entity
	// Reprint are, for each language, the cards whose printed faces
	// changed (cards added too), in the catalog's card order.
	Reprint map[catalog.Lang][]string
}

// cardCollections are the collections whose entities are cards (their
// ids share one namespace).
var cardCollections = []string{"characters", "leaders", "equipment", "formations", "vocations", "references", "objectives"}

// IsCard reports whether the entity is a card.
func (e *Entity) IsCard() bool { return slices.Contains(cardCollections, e.Collection) }

// Card is the change of card id, or nil when it did not change.
func (e *Errata) Card(id string) *Entity {
	for i := range e.Changes {
		if c := &e.Changes[i]; c.IsCard() && c.ID == id {
			return c
		}
	}
	return nil
}

// Skill is the change of skill id, or nil when it did not change.
func (e *Errata) Skill(id string) *Entity {
	for i := range e.Changes {
		if c := &e.Changes[i]; c.Collection == "skills" && c.ID == id {
			return c
		}
	}
	return nil
}

// Reprinted reports whether card id is in the reprint sheets of l.
func (e *Errata) Reprinted(id string, l catalog.Lang) bool {
	return slices.Contains(e.Reprint[l], id)
}
