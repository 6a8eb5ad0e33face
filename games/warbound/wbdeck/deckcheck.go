// Package wbdeck is the site's deck builder seen from Go: the part of
// the catalog a deck check reads (Data, written into the site as a
// script), and Check, which runs the catalog's deck checker
// (wbcatalog.CheckDeckAs, the code behind `wbtool deck check` and the
// loader) on a deck built in the browser, in each format, with the deck's
// Order economy and its CUE text.
//
// The browser runs this package compiled to WebAssembly (site/deckwasm):
// legality has one implementation, in package wbcatalog. The package
// imports only the standard library and wbcatalog, so that the WebAssembly
// module stays small (no CUE, no rendering).
package wbdeck

import (
	"encoding/json"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/plainfmt"
)

// Data is what the deck checker reads of a catalog: every card id with
// its kind, and the few fields the deck-building rules look at (name
// groups, factions, gear icons, Leaders' Orders, costs for the economy).
// Its JSON is compact: no texts, no art.
type Data struct {
	Characters []Character `json:"characters,omitempty"`
	Leaders    []Leader    `json:"leaders,omitempty"`
	Equipment  []Upgrade   `json:"equipment,omitempty"`
	Formations []Formation `json:"formations,omitempty"`
	Vocations  []Upgrade   `json:"vocations,omitempty"`
	// References and Objectives are cards that are not deck cards
	// (R-DECK-7): their ids only.
	References []string `json:"references,omitempty"`
	Objectives []string `json:"objectives,omitempty"`
}

// Character is a Character card as the deck rules see it.
type Character struct {
	ID      string           `json:"id"`
	Group   string           `json:"group,omitempty"` // name group when not the id (R-DECK-2)
	Faction string           `json:"faction"`
	Gear    []wbcatalog.Gear `json:"gear,omitempty"`
	Cost    wbcatalog.Cost   `json:"cost,omitempty"`
}

// Leader is a Leader card: its Orders per Period in each format.
type Leader struct {
	ID            string           `json:"id"`
	Faction       string           `json:"faction"`
	Exploration   []map[string]int `json:"exploration"`
	Confrontation []map[string]int `json:"confrontation"`
}

// Upgrade is an Equipment or Vocation card.
type Upgrade struct {
	ID      string         `json:"id"`
	Faction string         `json:"faction,omitempty"`
	Gear    wbcatalog.Gear `json:"gear,omitempty"`
}

// Formation is a Formation card and the colourless hexes it adds.
type Formation struct {
	ID   string `json:"id"`
	Cost int    `json:"cost,omitempty"`
}

// Compact takes the deck checker's part of a catalog.
func Compact(cat *wbcatalog.Catalog) Data {
	var d Data
	for _, c := range cat.Characters {
		ch := Character{ID: c.ID, Faction: c.Faction, Gear: c.Front.Gear, Cost: c.Front.Cost}
		if c.NameGroup != c.ID {
			ch.Group = c.NameGroup
		}
		d.Characters = append(d.Characters, ch)
	}
	for _, l := range cat.Leaders {
		d.Leaders = append(d.Leaders, Leader{ID: l.ID, Faction: l.Faction, Exploration: l.Exploration.Orders, Confrontation: l.Confrontation.Orders})
	}
	for _, e := range cat.Equipment {
		d.Equipment = append(d.Equipment, Upgrade{ID: e.ID, Faction: e.Faction, Gear: e.Gear})
	}
	for _, f := range cat.Formations {
		d.Formations = append(d.Formations, Formation{ID: f.ID, Cost: f.Bonuses.Cost})
	}
	for _, v := range cat.Vocations {
		d.Vocations = append(d.Vocations, Upgrade{ID: v.ID, Faction: v.Faction})
	}
	for _, r := range cat.References {
		d.References = append(d.References, r.ID)
	}
	for _, o := range cat.Objectives {
		d.Objectives = append(d.Objectives, o.ID)
	}
	return d
}

// Catalog rebuilds a catalog holding what Compact kept: enough for
// wbcatalog.CheckDeck to give the verdict it gives on the full catalog.
func (d Data) Catalog() *wbcatalog.Catalog {
	c := &wbcatalog.Catalog{}
	for _, ch := range d.Characters {
		group := ch.Group
		if group == "" {
			group = ch.ID
		}
		c.Characters = append(c.Characters, wbcatalog.Character{ID: ch.ID, Faction: ch.Faction, NameGroup: group,
			Front: wbcatalog.Profile{Gear: ch.Gear, Cost: ch.Cost}})
	}
	for _, l := range d.Leaders {
		c.Leaders = append(c.Leaders, wbcatalog.Leader{ID: l.ID, Faction: l.Faction,
			Exploration: wbcatalog.LeaderSide{Orders: l.Exploration}, Confrontation: wbcatalog.LeaderSide{Orders: l.Confrontation}})
	}
	for _, e := range d.Equipment {
		c.Equipment = append(c.Equipment, wbcatalog.Equipment{ID: e.ID, Faction: e.Faction, Gear: e.Gear})
	}
	for _, f := range d.Formations {
		c.Formations = append(c.Formations, wbcatalog.Formation{ID: f.ID, Bonuses: wbcatalog.FormationBonus{Cost: f.Cost}})
	}
	for _, v := range d.Vocations {
		c.Vocations = append(c.Vocations, wbcatalog.Vocation{ID: v.ID, Faction: v.Faction})
	}
	for _, id := range d.References {
		c.References = append(c.References, wbcatalog.ReferenceCard{ID: id})
	}
	for _, id := range d.Objectives {
		c.Objectives = append(c.Objectives, wbcatalog.ObjectiveCard{ID: id})
	}
	c.Sort()
	return c
}

// JS is Data as a script that sets window.WB_DECK_DATA to its JSON text,
// so that the deck builder loads it with <script src> from file:// (where
// fetch is refused). encoding/json escapes <, >, & and U+2028/2029, and
// the JSON is then quoted again as a string: no content can end the
// script.
func (d Data) JS() []byte {
	data, _ := json.Marshal(d) // strings, ints, slices and maps: cannot fail
	quoted, _ := json.Marshal(string(data))
	return []byte("window.WB_DECK_DATA = " + string(quoted) + ";\n")
}

// Deck is a deck as the builder holds it, and as its address shares it.
type Deck struct {
	Name        string                 `json:"name"`
	Format      wbcatalog.Format       `json:"format"`
	Cards       []string               `json:"cards"`
	Attachments []wbcatalog.Attachment `json:"attachments"`
}

// Result is what the builder shows of a deck.
type Result struct {
	// Formats is the verdict in each format, the deck's own first: every
	// problem wbcatalog.CheckDeckAs finds, in both languages.
	Formats []Verdict `json:"formats"`
	Counts  Counts    `json:"counts"`
	// Demand is the activation cost of the deck's Characters, each once,
	// by Order colour (a faction id, or "any" for colourless hexes), a
	// Formation's extra hexes included.
	Demand map[string]int `json:"demand"`
	// ID is the deck id of the CUE text, made from the name.
	ID string `json:"id"`
	// CUE is the deck as a content file: paste it into content.
	CUE string `json:"cue"`
}

// Verdict is a deck's legality in one format.
type Verdict struct {
	Format   wbcatalog.Format `json:"format"`
	Size     int              `json:"size"` // the number of cards a deck holds (R-DECK-1)
	Legal    bool             `json:"legal"`
	Problems []Problem        `json:"problems"`
	// Orders are the Order tokens the deck's Leaders generate in each
	// Period on this format's side, by colour.
	Orders []map[string]int `json:"orders"`
}

// Problem is one broken deck-building rule.
type Problem struct {
	Rule string `json:"rule"`
	EN   string `json:"en"`
	FR   string `json:"fr"`
}

// Counts are the deck's cards by role, as `wbtool deck check` counts them.
type Counts struct {
	Cards      int `json:"cards"`
	Leaders    int `json:"leaders"`
	Characters int `json:"characters"`
	Upgrades   int `json:"upgrades"`
}

// Check checks deck d against cat in both formats.
func Check(cat *wbcatalog.Catalog, d Deck) Result {
	format := d.Format
	if format != wbcatalog.Confrontation {
		format = wbcatalog.Exploration
	}
	deck := &wbcatalog.Deck{ID: Slug(d.Name), Format: format, Cards: d.Cards, Attachments: d.Attachments}
	res := Result{ID: deck.ID, Demand: map[string]int{}}
	for _, f := range []wbcatalog.Format{format, other(format)} {
		v := Verdict{Format: f, Size: wbcatalog.DeckSize[f], Problems: []Problem{}, Orders: []map[string]int{}}
		for _, p := range cat.CheckDeckAs(deck, f) {
			v.Problems = append(v.Problems, Problem{Rule: p.Rule, EN: p.Msg.EN, FR: p.Msg.FR})
		}
		v.Legal = len(v.Problems) == 0
		for _, id := range d.Cards {
			l := cat.Leader(id)
			if l == nil {
				continue
			}
			for i, period := range l.Side(f).Orders {
				for len(v.Orders) <= i {
					v.Orders = append(v.Orders, map[string]int{})
				}
				for colour, n := range period {
					if n > 0 {
						v.Orders[i][colour] += n
					}
				}
			}
		}
		res.Formats = append(res.Formats, v)
	}
	formations := map[string]int{} // character → Formation hexes
	for _, a := range d.Attachments {
		if f := cat.Formation(a.Upgrade); f != nil {
			formations[a.To] += f.Bonuses.Cost
		}
	}
	seen := map[string]bool{}
	for _, id := range d.Cards {
		res.Counts.Cards++
		switch k := cat.KindOf(id); {
		case k == wbcatalog.KindLeader:
			res.Counts.Leaders++
		case k == wbcatalog.KindCharacter:
			res.Counts.Characters++
			if seen[id] {
				continue
			}
			seen[id] = true
			for colour, n := range cat.Character(id).Front.Cost {
				if n > 0 {
					res.Demand[colour] += n
				}
			}
			if n := formations[id]; n > 0 {
				res.Demand[wbcatalog.Colourless] += n
			}
		case k.IsUpgrade():
			res.Counts.Upgrades++
		}
	}
	res.CUE = CUE(deck, d.Name)
	return res
}

func other(f wbcatalog.Format) wbcatalog.Format {
	if f == wbcatalog.Exploration {
		return wbcatalog.Confrontation
	}
	return wbcatalog.Exploration
}

// CUE writes deck d as a content file, named name in both languages: the
// file validates as it is when added to a content tree (its cards must be
// the tree's).
func CUE(d *wbcatalog.Deck, name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name = d.ID
	}
	var b strings.Builder
	b.WriteString("package warbound\n\n")
	b.WriteString("decks: " + plainfmt.JSONString(d.ID) + ": {\n")
	b.WriteString("\tname: {en: " + plainfmt.JSONString(name) + ", fr: " + plainfmt.JSONString(name) + "}\n")
	b.WriteString("\tformat: " + plainfmt.JSONString(string(d.Format)) + "\n")
	b.WriteString("\tcards: [")
	for i, id := range d.Cards {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(plainfmt.JSONString(id))
	}
	b.WriteString("]\n")
	if len(d.Attachments) == 0 {
		b.WriteString("\tattachments: []\n")
	} else {
		b.WriteString("\tattachments: [\n")
		for _, a := range d.Attachments {
			b.WriteString("\t\t{upgrade: " + plainfmt.JSONString(a.Upgrade) + ", to: " + plainfmt.JSONString(a.To) + "},\n")
		}
		b.WriteString("\t]\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// Slug makes a deck id (lower-case kebab, as content ids are) from a
// name: "Smoke & Scrap" → "smoke-scrap", "Fumée" → "fumee"; "my-deck"
// when nothing is left.
func Slug(name string) string { return plainfmt.Slug(name, "my-deck") }
