package changes

import (
	"slices"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
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
	Reprint map[wbcatalog.Lang][]string
	// Steps are the same changes version by version, oldest first, when
	// versions lie between From and To (the tags between them in git):
	// the card pages' histories. Empty: one step, From → To.
	Steps []Step
}

// Step is what changed from one version to the next.
type Step struct {
	From, To string
	Changes  []Entity
}

// Card is the change of card id in the step, or nil.
func (s *Step) Card(id string) *Entity { return find(s.Changes, id, (*Entity).IsCard) }

// Skill is the change of skill id in the step, or nil.
func (s *Step) Skill(id string) *Entity {
	return find(s.Changes, id, func(e *Entity) bool { return e.Collection == "skills" })
}

func find(cs []Entity, id string, is func(*Entity) bool) *Entity {
	for i := range cs {
		if c := &cs[i]; is(c) && c.ID == id {
			return c
		}
	}
	return nil
}

// cardCollections are the collections whose entities are cards (their
// ids share one namespace).
var cardCollections = []string{"characters", "leaders", "equipment", "formations", "vocations", "references", "objectives"}

// IsCard reports whether the entity is a card.
func (e *Entity) IsCard() bool { return slices.Contains(cardCollections, e.Collection) }

// Card is the change of card id, or nil when it did not change.
func (e *Errata) Card(id string) *Entity { return find(e.Changes, id, (*Entity).IsCard) }

// Skill is the change of skill id, or nil when it did not change.
func (e *Errata) Skill(id string) *Entity {
	return find(e.Changes, id, func(c *Entity) bool { return c.Collection == "skills" })
}

// History are the steps of the card pages' histories: Steps, or the one
// step From → To.
func (e *Errata) History() []Step {
	if len(e.Steps) > 0 {
		return e.Steps
	}
	return []Step{{From: e.From, To: e.To, Changes: e.Changes}}
}

// Reprinted reports whether card id is in the reprint sheets of l.
func (e *Errata) Reprinted(id string, l wbcatalog.Lang) bool {
	return slices.Contains(e.Reprint[l], id)
}
