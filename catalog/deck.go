package catalog

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// DeckSize is the number of cards of a deck in each format (R-DECK-1).
var DeckSize = map[Format]int{Exploration: 8, Confrontation: 14}

// LeadersPerDeck is the number of Leader cards of a deck in each format
// (R-DECK-3).
var LeadersPerDeck = map[Format]int{Exploration: 1, Confrontation: 2}

// MinUpgrades is the least number of Upgrade cards of a deck in each format
// (R-DECK-3: Exploration needs two, Confrontation none).
var MinUpgrades = map[Format]int{Exploration: 2, Confrontation: 0}

// DeckProblem is one reason a deck is not legal.
type DeckProblem struct {
	Pos  Pos    // the deck, or the attachment at fault
	Rule string // e.g. "R-DECK-4"
	Msg  string
}

func (p DeckProblem) String() string {
	return fmt.Sprintf("%s: %s (%s)", p.Pos, p.Msg, p.Rule)
}

// CheckDeck reports every way deck d breaks the deck-building rules
// R-DECK-1..7; an empty result means the deck is legal.
func (c *Catalog) CheckDeck(d *Deck) []DeckProblem {
	var out []DeckProblem
	add := func(pos Pos, rule, format string, args ...any) {
		if pos.File == "" {
			pos = d.Pos
		}
		out = append(out, DeckProblem{Pos: pos, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
	size, ok := DeckSize[d.Format]
	if !ok {
		add(d.Pos, "R-FMT-1", "unknown format %q: expected exploration or confrontation", d.Format)
		return out
	}

	// R-DECK-1: the number of cards.
	if len(d.Cards) != size {
		add(d.Pos, "R-DECK-1", "%s deck holds exactly %d cards, this one has %d", d.Format.Article(), size, len(d.Cards))
	}

	count := map[string]int{}
	var leaders []*Leader
	upgrades := 0
	names := map[string]string{} // name group -> first card id
	for _, id := range d.Cards {
		count[id]++
		kind := c.KindOf(id)
		switch kind {
		case "":
			add(d.Pos, "R-DECK-1", "unknown card %q in the card list", id)
			continue
		case KindReference, KindObjective:
			add(d.Pos, "R-DECK-7", "%q is a %s card, which is not a deck card", id, kind)
			continue
		case KindLeader:
			leaders = append(leaders, c.Leader(id))
		}
		if kind.IsUpgrade() {
			upgrades++
		}
		// R-DECK-2: one card per name, Formations excepted.
		if kind == KindFormation {
			continue
		}
		group := id
		if kind == KindCharacter {
			group = c.Character(id).NameGroup
		}
		if first, dup := names[group]; dup {
			if first == id {
				if count[id] == 2 {
					add(d.Pos, "R-DECK-2", "%q is in the deck more than once: only Formation cards may be", id)
				}
			} else {
				add(d.Pos, "R-DECK-2", "%q and %q are the same character (name %q): a deck holds one card per name", first, id, group)
			}
			continue
		}
		names[group] = id
	}

	// R-DECK-3: Leaders and Upgrades.
	want := LeadersPerDeck[d.Format]
	if len(leaders) != want {
		add(d.Pos, "R-DECK-3", "%s deck holds exactly %d Leader card%s, this one has %d", d.Format.Article(), want, pluralS(want), len(leaders))
	}
	if d.Format == Confrontation && len(leaders) == 2 && leaders[0].ID == leaders[1].ID {
		add(d.Pos, "R-DECK-3", "the two Leaders of a Confrontation deck must be different, %q is there twice", leaders[0].ID)
	}
	if least := MinUpgrades[d.Format]; upgrades < least {
		add(d.Pos, "R-DECK-3", "%s deck holds at least %d Upgrade cards, this one has %d", d.Format.Article(), least, upgrades)
	}

	// R-DECK-4..6: attachments.
	attached := map[string]int{}       // upgrade id -> attachments made
	equipmentOn := map[string]string{} // character -> equipment
	formationOn := map[string]string{} // character -> formation
	vocationOn := map[string]string{}  // leader -> vocation
	for _, a := range d.Attachments {
		kind := c.KindOf(a.Upgrade)
		if !kind.IsUpgrade() {
			if kind == "" {
				add(a.Pos, "R-DECK-4", "unknown card %q: only Upgrade cards (Equipment, Formation, Vocation) are attached", a.Upgrade)
			} else {
				add(a.Pos, "R-DECK-4", "%q is a %s card: only Upgrade cards (Equipment, Formation, Vocation) are attached", a.Upgrade, kind)
			}
			continue
		}
		if count[a.Upgrade] == 0 {
			add(a.Pos, "R-DECK-4", "%q is attached but is not in the deck's card list", a.Upgrade)
			continue
		}
		attached[a.Upgrade]++
		if attached[a.Upgrade] > count[a.Upgrade] {
			add(a.Pos, "R-DECK-4", "%q is attached %d times but the deck holds %d", a.Upgrade, attached[a.Upgrade], count[a.Upgrade])
			continue
		}
		if count[a.To] == 0 {
			add(a.Pos, "R-DECK-4", "%q is attached to %q, which is not in this deck", a.Upgrade, a.To)
			continue
		}
		hostKind := c.KindOf(a.To)
		switch kind {
		case KindEquipment, KindFormation:
			if hostKind != KindCharacter {
				add(a.Pos, "R-DECK-4", "%s %q must be attached to a Character, %q is a %s", kindName(kind), a.Upgrade, a.To, hostKind)
				continue
			}
			slot := equipmentOn
			if kind == KindFormation {
				slot = formationOn
			}
			if prev, taken := slot[a.To]; taken {
				add(a.Pos, "R-DECK-4", "%q already holds %s %q: a Character holds at most one %s", a.To, kindName(kind), prev, kindName(kind))
				continue
			}
			slot[a.To] = a.Upgrade
			if kind == KindEquipment {
				c.checkEquipment(d, a, leaders, add)
			}
		case KindVocation:
			if hostKind != KindLeader {
				add(a.Pos, "R-DECK-4", "Vocation %q must be attached to a Leader, %q is a %s", a.Upgrade, a.To, hostKind)
				continue
			}
			if prev, taken := vocationOn[a.To]; taken {
				add(a.Pos, "R-DECK-4", "%q already holds Vocation %q: a Leader holds at most one Vocation", a.To, prev)
				continue
			}
			vocationOn[a.To] = a.Upgrade
			v, l := c.Vocation(a.Upgrade), c.Leader(a.To)
			if v.Faction != "" && !l.Generates(d.Format, v.Faction) {
				add(a.Pos, "R-DECK-6", "Vocation %q belongs to faction %q, but Leader %q generates no %s Order tokens", v.ID, v.Faction, l.ID, v.Faction)
			}
		}
	}
	// Decision (R-DECK-4): every Upgrade in a deck is attached.
	for _, id := range slices.Sorted(maps.Keys(count)) {
		if c.KindOf(id).IsUpgrade() && attached[id] < count[id] {
			add(d.Pos, "R-DECK-4", "Upgrade %q is in the deck but not attached to a card: add it to `attachments`", id)
		}
	}
	return out
}

// checkEquipment applies R-DECK-5 (gear icons) and R-DECK-6 (faction
// Equipment) to one Equipment attachment.
func (c *Catalog) checkEquipment(d *Deck, a Attachment, leaders []*Leader, add func(Pos, string, string, ...any)) {
	e, host := c.EquipmentCard(a.Upgrade), c.Character(a.To)
	if e.Gear != "" && host.Front.HasGear(e.Gear) {
		add(a.Pos, "R-DECK-5", "%q already shows the %s gear icon, so it cannot take Equipment %q with the same icon", host.ID, e.Gear, e.ID)
	}
	if e.Faction != "" {
		for _, l := range leaders {
			if l.Generates(d.Format, e.Faction) {
				return
			}
		}
		add(a.Pos, "R-DECK-6", "Equipment %q belongs to faction %q, but no Leader of the deck generates %s Order tokens", e.ID, e.Faction, e.Faction)
	}
}

func kindName(k Kind) string {
	if k == "" {
		return "unknown"
	}
	return strings.ToUpper(string(k[:1])) + string(k[1:])
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
