package wbcatalog

import (
	"strings"
	"testing"
)

// testCatalog is a small hand-built catalog for deck-building tests.
func testCatalog() *Catalog {
	c := &Catalog{
		Factions: []Faction{{ID: "raiders"}, {ID: "clans"}},
		Characters: []Character{
			{ID: "copp", NameGroup: "copp", Faction: "raiders", Front: Profile{Gear: []Gear{GearRanged}}},
			{ID: "jammer", NameGroup: "jammer", Faction: "raiders"},
			{ID: "jammeuse", NameGroup: "jammer", Faction: "raiders"},
			{ID: "splatter", NameGroup: "splatter", Faction: "raiders"},
			{ID: "howler", NameGroup: "howler", Faction: "raiders"},
			{ID: "roh-na", NameGroup: "roh-na", Faction: "clans"},
		},
		Leaders: []Leader{
			{ID: "vanta", Exploration: LeaderSide{Orders: []map[string]int{{"raiders": 3}, {"raiders": 4}}},
				Confrontation: LeaderSide{Orders: []map[string]int{{"raiders": 2}, {"raiders": 2}, {"raiders": 3}}}},
			{ID: "sa-keth", Exploration: LeaderSide{Orders: []map[string]int{{"clans": 3}, {"clans": 4}}},
				Confrontation: LeaderSide{Orders: []map[string]int{{"clans": 2}, {"clans": 2}, {"clans": 3}}}},
		},
		Equipment:  []Equipment{{ID: "scope", Gear: GearRanged}, {ID: "stim"}, {ID: "harpoon", Faction: "raiders"}},
		Formations: []Formation{{ID: "formation"}},
		Vocations:  []Vocation{{ID: "veteran", Faction: "raiders"}},
	}
	c.Sort()
	return c
}

func TestCheckDeck(t *testing.T) {
	c := testCatalog()
	legal := Deck{ID: "d", Format: Exploration,
		Cards:       []string{"vanta", "copp", "jammer", "splatter", "howler", "roh-na", "scope", "stim"},
		Attachments: []Attachment{{Upgrade: "scope", To: "jammer"}, {Upgrade: "stim", To: "copp"}}}
	tests := []struct {
		name  string
		edit  func(d *Deck)
		rules []string // the rules broken, in order
	}{
		{"legal", func(d *Deck) {}, nil},
		{"size R-DECK-1", func(d *Deck) { d.Cards = append(d.Cards[:5], d.Cards[6:]...) }, []string{"R-DECK-1"}},
		{"gender variant R-DECK-2", func(d *Deck) { d.Cards[5] = "jammeuse" }, []string{"R-DECK-2"}},
		{"two Formations allowed", func(d *Deck) {
			d.Cards = []string{"vanta", "copp", "jammer", "splatter", "howler", "roh-na", "formation", "formation"}
			d.Attachments = []Attachment{{Upgrade: "formation", To: "copp"}, {Upgrade: "formation", To: "jammer"}}
		}, nil},
		{"two Leaders R-DECK-3", func(d *Deck) { d.Cards[5] = "sa-keth" }, []string{"R-DECK-3"}},
		{"gear clash R-DECK-5", func(d *Deck) { d.Attachments[0].To = "copp"; d.Attachments[1].To = "jammer" }, []string{"R-DECK-5"}},
		{"two Equipment R-DECK-4", func(d *Deck) { d.Attachments[1].To = "jammer" }, []string{"R-DECK-4"}},
		{"unattached upgrade R-DECK-4", func(d *Deck) { d.Attachments = d.Attachments[:1] }, []string{"R-DECK-4"}},
		{"faction Equipment needs the faction R-DECK-6", func(d *Deck) {
			d.Cards[0], d.Cards[6] = "sa-keth", "harpoon"
			d.Attachments[0].Upgrade = "harpoon"
		}, []string{"R-DECK-6"}},
		{"faction Vocation on a foreign Leader R-DECK-6", func(d *Deck) {
			d.Cards[0], d.Cards[6] = "sa-keth", "veteran"
			d.Attachments[0] = Attachment{Upgrade: "veteran", To: "sa-keth"}
		}, []string{"R-DECK-6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := legal
			d.Cards = append([]string(nil), legal.Cards...)
			d.Attachments = append([]Attachment(nil), legal.Attachments...)
			tt.edit(&d)
			var got []string
			for _, p := range c.CheckDeck(&d) {
				got = append(got, p.Rule)
				for _, m := range []string{p.Msg.EN, p.Msg.FR} {
					if m == "" || strings.Contains(m, "%!") {
						t.Errorf("badly formatted message %q", m)
					}
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.rules, ",") {
				t.Errorf("CheckDeck broke %v, want %v", got, tt.rules)
			}
		})
	}
}

// TestCheckDeckAs: an Exploration deck is not a Confrontation deck
// (R-FMT-1, R-DECK-1, R-DECK-3).
func TestCheckDeckAs(t *testing.T) {
	c := testCatalog()
	d := Deck{ID: "d", Format: Exploration,
		Cards:       []string{"vanta", "copp", "jammer", "splatter", "howler", "roh-na", "scope", "stim"},
		Attachments: []Attachment{{Upgrade: "scope", To: "jammer"}, {Upgrade: "stim", To: "copp"}}}
	if p := c.CheckDeckAs(&d, Exploration); len(p) != 0 {
		t.Errorf("legal in Exploration, got %v", p)
	}
	p := c.CheckDeckAs(&d, Confrontation)
	var rules []string
	for _, x := range p {
		rules = append(rules, x.Rule)
	}
	if strings.Join(rules, ",") != "R-DECK-1,R-DECK-3" {
		t.Errorf("as Confrontation: %v, want R-DECK-1 and R-DECK-3", rules)
	}
	if d.Format != Exploration {
		t.Error("CheckDeckAs changed the deck")
	}
}
