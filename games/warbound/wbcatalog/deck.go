package wbcatalog

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/internal/plainfmt"
	"wbtool.dev/wbtool/internal/suggest"
)

// The deck-building Decisions of the rules digest, each in this one place.
const (
	// EveryUpgradeAttached (Decision, R-DECK-4): every Upgrade in a deck
	// must be attached to a card of that deck.
	EveryUpgradeAttached = true
	// ReferenceCardsAreNotDeckCards (Decision, R-DECK-7): Reference cards
	// are not deck cards and do not count.
	ReferenceCardsAreNotDeckCards = true
)

// DeckSize is the number of cards of a deck in each format (R-DECK-1).
var DeckSize = map[Format]int{Exploration: 8, Confrontation: 14}

// LeadersPerDeck is the number of Leader cards of a deck in each format
// (R-DECK-3).
var LeadersPerDeck = map[Format]int{Exploration: 1, Confrontation: 2}

// MinUpgrades is the least number of Upgrade cards of a deck in each format
// (R-DECK-3: Exploration needs two, Confrontation none).
var MinUpgrades = map[Format]int{Exploration: 2, Confrontation: 0}

// DeckProblem is one reason a deck is not legal, in both languages.
type DeckProblem struct {
	Pos  Pos    // the deck, or the attachment at fault
	Rule string // e.g. "R-DECK-4"
	Msg  Text
}

func (p DeckProblem) String() string {
	return fmt.Sprintf("%s: %s (%s)", p.Pos, p.Msg.EN, p.Rule)
}

// CheckDeckAs reports whether deck d would be legal in format f (the deck
// pages show legality in both formats).
func (c *Catalog) CheckDeckAs(d *Deck, f Format) []DeckProblem {
	as := *d
	as.Format = f
	return c.CheckDeck(&as)
}

// CheckDeck reports every way deck d breaks the deck-building rules
// R-DECK-1..7; an empty result means the deck is legal.
func (c *Catalog) CheckDeck(d *Deck) []DeckProblem {
	var out []DeckProblem
	add := func(pos Pos, rule, en, fr string, args ...any) {
		if pos.File == "" {
			pos = d.Pos
		}
		out = append(out, DeckProblem{Pos: pos, Rule: rule, Msg: Text{EN: plainfmt.Sprintf(en, args...), FR: plainfmt.Sprintf(fr, args...)}})
	}
	size, ok := DeckSize[d.Format]
	if !ok {
		add(d.Pos, "R-FMT-1", "unknown format %q: expected exploration or confrontation", "format inconnu %q : exploration ou confrontation attendu", string(d.Format))
		return out
	}

	// R-DECK-1: the number of cards.
	if len(d.Cards) != size {
		add(d.Pos, "R-DECK-1", "%[1]s deck holds exactly %[3]d cards, this one has %[4]d", "un deck %[2]s compte exactement %[3]d cartes, celui-ci en a %[4]d", d.Format.Article(), d.Format.Title(), size, len(d.Cards))
	}

	count := map[string]int{}
	var leaders []*Leader
	upgrades := 0
	names := map[string]string{} // name group -> first card id
	// misspelt are the cards an unknown entry probably meant: attaching
	// to them is the same mistake, reported once at the entry.
	misspelt := map[string]bool{}
	for i, id := range d.Cards {
		count[id]++
		kind := c.KindOf(id)
		switch kind {
		case "":
			hint := ""
			if near := suggest.Closest(id, c.deckCardIDs()); near != "" {
				hint = " (did you mean " + strconv.Quote(near) + "?)"
				misspelt[near] = true
			}
			add(d.cardPos(i), "R-DECK-1", "unknown card %q in the card list%s", "carte inconnue %q dans la liste%s", id, hint)
			continue
		case KindReference, KindObjective:
			if kind == KindReference && !ReferenceCardsAreNotDeckCards {
				break
			}
			add(d.cardPos(i), "R-DECK-7", "%[1]q is a %[2]s card, which is not a deck card", "%[1]q est une %[3]s, qui ne fait pas partie d’un deck", id, kindName(kind), kindNameFR(kind))
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
					add(d.Pos, "R-DECK-2", "%q is in the deck more than once: only Formation cards may be", "%q figure plusieurs fois dans le deck : seules les cartes Formation le peuvent", id)
				}
			} else {
				add(d.Pos, "R-DECK-2", "%q and %q are the same character (name %q): a deck holds one card per name", "%q et %q sont le même personnage (nom %q) : un deck ne compte qu’une carte par nom", first, id, group)
			}
			continue
		}
		names[group] = id
	}

	// R-DECK-3: Leaders and Upgrades.
	want := LeadersPerDeck[d.Format]
	if len(leaders) != want {
		add(d.Pos, "R-DECK-3", "%[1]s deck holds exactly %[3]d Leader card%[4]s, this one has %[5]d", "un deck %[2]s compte exactement %[3]d carte%[4]s Chef, celui-ci en a %[5]d", d.Format.Article(), d.Format.Title(), want, pluralS(want), len(leaders))
	}
	if d.Format == Confrontation && len(leaders) == 2 && leaders[0].ID == leaders[1].ID {
		add(d.Pos, "R-DECK-3", "the two Leaders of a Confrontation deck must be different, %q is there twice", "les deux Chefs d’un deck Confrontation doivent être différents, %q y est deux fois", leaders[0].ID)
	}
	if least := MinUpgrades[d.Format]; upgrades < least {
		add(d.Pos, "R-DECK-3", "%[1]s deck holds at least %[3]d Upgrade cards, this one has %[4]d", "un deck %[2]s compte au moins %[3]d cartes Amélioration, celui-ci en a %[4]d", d.Format.Article(), d.Format.Title(), least, upgrades)
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
				add(a.Pos, "R-DECK-4", "unknown card %q: only Upgrade cards (Equipment, Formation, Vocation) are attached", "carte inconnue %q : seules les Améliorations (Équipement, Formation, Vocation) s’attachent", a.Upgrade)
			} else {
				add(a.Pos, "R-DECK-4", "%[1]q is a %[2]s card: only Upgrade cards (Equipment, Formation, Vocation) are attached", "%[1]q est une %[3]s : seules les Améliorations (Équipement, Formation, Vocation) s’attachent", a.Upgrade, kindName(kind), kindNameFR(kind))
			}
			continue
		}
		if count[a.Upgrade] == 0 {
			if misspelt[a.Upgrade] {
				continue
			}
			add(a.Pos, "R-DECK-4", "%q is attached but is not in the deck's card list", "%q est attachée mais ne figure pas dans la liste du deck", a.Upgrade)
			continue
		}
		attached[a.Upgrade]++
		if attached[a.Upgrade] > count[a.Upgrade] {
			add(a.Pos, "R-DECK-4", "%q is attached %d times but the deck holds %d", "%q est attachée %d fois mais le deck en compte %d", a.Upgrade, attached[a.Upgrade], count[a.Upgrade])
			continue
		}
		if count[a.To] == 0 {
			if misspelt[a.To] {
				continue
			}
			add(a.Pos, "R-DECK-4", "%q is attached to %q, which is not in this deck", "%q est attachée à %q, qui n’est pas dans ce deck", a.Upgrade, a.To)
			continue
		}
		hostKind := c.KindOf(a.To)
		if hostKind == "" {
			continue // the unknown card is reported at its entry in the card list
		}
		switch kind {
		case KindEquipment, KindFormation:
			if hostKind != KindCharacter {
				add(a.Pos, "R-DECK-4", "%[1]s %[2]q must be attached to a Character, %[3]q is a %[4]s", "l’%[5]s %[2]q s’attache à un Personnage, %[3]q est une %[6]s", kindName(kind), a.Upgrade, a.To, kindName(hostKind), kindNameFR(kind), kindNameFR(hostKind))
				continue
			}
			slot := equipmentOn
			if kind == KindFormation {
				slot = formationOn
			}
			if prev, taken := slot[a.To]; taken {
				add(a.Pos, "R-DECK-4", "%[1]q already holds %[2]s %[3]q: a Character holds at most one %[2]s", "%[1]q porte déjà l’%[4]s %[3]q : un Personnage en porte une au plus", a.To, kindName(kind), prev, kindNameFR(kind))
				continue
			}
			slot[a.To] = a.Upgrade
			if kind == KindEquipment {
				c.checkEquipment(d, a, leaders, add)
			}
		case KindVocation:
			if hostKind != KindLeader {
				add(a.Pos, "R-DECK-4", "Vocation %[1]q must be attached to a Leader, %[2]q is a %[3]s", "la Vocation %[1]q s’attache à un Chef, %[2]q est une %[4]s", a.Upgrade, a.To, kindName(hostKind), kindNameFR(hostKind))
				continue
			}
			if prev, taken := vocationOn[a.To]; taken {
				add(a.Pos, "R-DECK-4", "%q already holds Vocation %q: a Leader holds at most one Vocation", "%q porte déjà la Vocation %q : un Chef en porte une au plus", a.To, prev)
				continue
			}
			vocationOn[a.To] = a.Upgrade
			v, l := c.Vocation(a.Upgrade), c.Leader(a.To)
			if v.Faction != "" && !l.Generates(d.Format, v.Faction) {
				add(a.Pos, "R-DECK-6", "Vocation %[1]q belongs to faction %[2]q, but Leader %[3]q generates no %[2]s Order tokens", "la Vocation %[1]q appartient à la faction %[2]q, mais le Chef %[3]q ne génère aucun jeton Ordre %[2]s", v.ID, v.Faction, l.ID)
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(count)) {
		if EveryUpgradeAttached && c.KindOf(id).IsUpgrade() && attached[id] < count[id] {
			add(d.Pos, "R-DECK-4", "Upgrade %q is in the deck but not attached to a card: add it to `attachments`", "l’Amélioration %q est dans le deck sans être attachée : ajoutez-la à `attachments`", id)
		}
	}
	return out
}

// deckCardIDs are the ids of every card a deck may list, for "did you
// mean".
func (c *Catalog) deckCardIDs() []string {
	var ids []string
	for _, k := range Kinds {
		if k != KindReference && k != KindObjective {
			ids = append(ids, c.CardIDs(k)...)
		}
	}
	return ids
}

// checkEquipment applies R-DECK-5 (gear icons) and R-DECK-6 (faction
// Equipment) to one Equipment attachment.
func (c *Catalog) checkEquipment(d *Deck, a Attachment, leaders []*Leader, add func(Pos, string, string, string, ...any)) {
	e, host := c.EquipmentCard(a.Upgrade), c.Character(a.To)
	if e.Gear != "" && host.Front.HasGear(e.Gear) {
		add(a.Pos, "R-DECK-5", "%[1]q already shows the %[2]s gear icon, so it cannot take Equipment %[3]q with the same icon", "%[1]q montre déjà l’icône de matériel %[2]s : il ne peut pas prendre l’Équipement %[3]q de même icône", host.ID, string(e.Gear), e.ID)
	}
	if e.Faction != "" {
		for _, l := range leaders {
			if l.Generates(d.Format, e.Faction) {
				return
			}
		}
		add(a.Pos, "R-DECK-6", "Equipment %[1]q belongs to faction %[2]q, but no Leader of the deck generates %[2]s Order tokens", "l’Équipement %[1]q appartient à la faction %[2]q, mais aucun Chef du deck ne génère de jetons Ordre %[2]s", e.ID, e.Faction)
	}
}

func kindName(k Kind) string {
	if k == "" {
		return "unknown"
	}
	return strings.ToUpper(string(k[:1])) + string(k[1:])
}

// kindNameFR is the French name of a card kind, for messages.
func kindNameFR(k Kind) string {
	switch k {
	case KindCharacter:
		return "carte Personnage"
	case KindLeader:
		return "carte Chef"
	case KindEquipment:
		return "Équipement"
	case KindFormation:
		return "Formation"
	case KindVocation:
		return "Vocation"
	case KindReference:
		return "carte de référence"
	case KindObjective:
		return "carte Objectif"
	}
	return "carte inconnue"
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
