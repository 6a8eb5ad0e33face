// Package ubcatalog is 40k Unbound's content as Go values: the orders as
// data the engine reads (Decision U-ORDER-11), the designer's own units
// (type, transport, psyker level, weapons, special rules), armies,
// scenarios with their deployment zones and reserves, the glossary, the
// rules pages and the check games. It is plain data (standard library and
// package diag): the loader is games/unbound/ubschema.
package ubcatalog

import (
	"sort"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// Game is the name content trees declare in game.cue.
const Game = "unbound"

// SchemaVersion is the version of dist/data/catalog.json's shape.
const SchemaVersion = 1

// Text is a text in both content languages.
type Text = lang.Text

// Order is one order as data (RULES.md U-ORDER, U-REACT).
type Order struct {
	ID string `json:"id"`
	// Kind is "planned" or "immediate".
	Kind string `json:"kind"`
	// Rule is the rule that defines it, "U-ORDER-3".
	Rule string `json:"rule"`
	Name Text   `json:"name"`
	// Text is what the order does, for its card.
	Text Text `json:"text"`
	// Types are the unit types that may take it; none: every type.
	Types         []string `json:"types,omitempty"`
	FromTransport bool     `json:"fromTransport,omitempty"`
	// Condition and Timing: an immediate order's.
	Condition string   `json:"condition,omitempty"`
	Timing    string   `json:"timing,omitempty"`
	Handicaps int      `json:"handicaps,omitempty"`
	Shoots    bool     `json:"shoots,omitempty"`
	Charges   bool     `json:"charges,omitempty"`
	Pos       diag.Pos `json:"-"`
}

// Weapon is one weapon of a unit.
type Weapon struct {
	Name Text `json:"name"`
	// Type: "rapid-fire", "assault", "heavy", "pistol", "melee", "psychic".
	Type  string   `json:"type"`
	Rules []string `json:"rules,omitempty"`
}

// Unit is a unit profile: the designer's own, never another game's.
type Unit struct {
	ID   string `json:"id"`
	Name Text   `json:"name"`
	// Type is the unit's type (U-UNIT-1).
	Type string `json:"type"`
	// Size is the places it takes in a transport; Capacity a transport's.
	Size     int `json:"size"`
	Capacity int `json:"capacity,omitempty"`
	// Psyker is the psyker's mastery level; 0: none (U-PSY).
	Psyker         int      `json:"psyker,omitempty"`
	Character      bool     `json:"character,omitempty"`
	MayEmbark      bool     `json:"mayEmbark"`
	MayCharge      bool     `json:"mayCharge"`
	AssaultVehicle bool     `json:"assaultVehicle,omitempty"`
	MustMove       bool     `json:"mustMove,omitempty"`
	Rules          []string `json:"rules,omitempty"`
	Weapons        []Weapon `json:"weapons"`
	Pos            diag.Pos `json:"-"`
}

// Has reports whether the unit has special rule id.
func (u *Unit) Has(id string) bool {
	for _, r := range u.Rules {
		if r == id {
			return true
		}
	}
	return false
}

// Entry is one unit of an army: a profile, and where it starts.
type Entry struct {
	ID   string `json:"id"`
	Unit string `json:"unit"`
	// In is the entry of the transport it starts in; Joins the unit an
	// independent character joins (U-UNIT-3).
	In      string   `json:"in,omitempty"`
	Joins   string   `json:"joins,omitempty"`
	Reserve bool     `json:"reserve,omitempty"`
	Pos     diag.Pos `json:"-"`
}

// Army is one side's force.
type Army struct {
	ID          string   `json:"id"`
	Name        Text     `json:"name"`
	WarpCharges int      `json:"warpCharges"`
	Entries     []Entry  `json:"entries"`
	Pos         diag.Pos `json:"-"`
}

// Scenario is a battle: its armies, deployment zones and reserves.
type Scenario struct {
	ID       string   `json:"id"`
	Name     Text     `json:"name"`
	Armies   []string `json:"armies"`
	Zones    []Text   `json:"zones"`
	Reserves bool     `json:"reserves"`
	Pos      diag.Pos `json:"-"`
}

// SpecialRule is a special rule as far as it touches the protocol (U-RULE).
type SpecialRule struct {
	ID   string `json:"id"`
	Rule string `json:"rule,omitempty"`
	Name Text   `json:"name"`
	Text Text   `json:"text"`
}

// Term is a glossary entry.
type Term struct {
	ID   string `json:"id"`
	Term Text   `json:"term"`
	Text Text   `json:"text"`
}

// Page is a rules page in one language (rules/<lang>/*.md).
type Page struct {
	Lang string   `json:"lang"`
	Path string   `json:"path"`
	Body string   `json:"-"`
	Pos  diag.Pos `json:"-"`
}

// Check is a check game: its JSON as the content gives it, decoded by
// the check runner, and the positions of its steps.
type Check struct {
	ID    string     `json:"id"`
	Rules []string   `json:"rules"`
	JSON  []byte     `json:"-"`
	Pos   diag.Pos   `json:"-"`
	Steps []diag.Pos `json:"-"`
	// Expects and Fails are the positions of each step's expect and
	// fails (zero when the step has none).
	Expects []diag.Pos `json:"-"`
	Fails   []diag.Pos `json:"-"`
}

// StepPos is where step i (from 0) of the check is written, or the
// check's own position.
func (c *Check) StepPos(i int, expect bool) diag.Pos {
	if i < 0 || i >= len(c.Steps) {
		return c.Pos
	}
	if expect && c.Expects[i].File != "" {
		return c.Expects[i]
	}
	if !expect && c.Fails[i].File != "" {
		return c.Fails[i]
	}
	return c.Steps[i]
}

// Catalog is a loaded tree.
type Catalog struct {
	Game    string `json:"game"`
	Version int    `json:"schemaVersion"`
	// ContentVersion is the content's version (game.cue's `version`),
	// printed on the sheets, the rules and the aids; "" when none.
	ContentVersion string        `json:"version,omitempty"`
	Orders         []Order       `json:"orders"`
	Units          []Unit        `json:"units"`
	Armies         []Army        `json:"armies"`
	Scenarios      []Scenario    `json:"scenarios"`
	SpecialRules   []SpecialRule `json:"specialRules"`
	Glossary       []Term        `json:"glossary"`
	Pages          []Page        `json:"pages"`
	Checks         []Check       `json:"checks"`
	Warnings       diag.List     `json:"-"`
	// TextPositions are the texts' places per language, by lang.TextKey
	// ("orders/shoot/name/fr"): where a translator edits a text.
	TextPositions map[string]diag.Pos `json:"-"`
	Draft         []lang.MissingText  `json:"-"`
}

// Unit finds a unit profile.
func (c *Catalog) Unit(id string) *Unit {
	for i := range c.Units {
		if c.Units[i].ID == id {
			return &c.Units[i]
		}
	}
	return nil
}

// Army finds an army.
func (c *Catalog) Army(id string) *Army {
	for i := range c.Armies {
		if c.Armies[i].ID == id {
			return &c.Armies[i]
		}
	}
	return nil
}

// Order finds an order by id.
func (c *Catalog) Order(id string) *Order {
	for i := range c.Orders {
		if c.Orders[i].ID == id {
			return &c.Orders[i]
		}
	}
	return nil
}

// Sort puts every list in a stable order: orders as the rules number
// them, everything else by id.
func (c *Catalog) Sort() {
	sort.SliceStable(c.Orders, func(i, j int) bool { return OrderRank(c.Orders[i].ID) < OrderRank(c.Orders[j].ID) })
	sort.Slice(c.Units, func(i, j int) bool { return c.Units[i].ID < c.Units[j].ID })
	sort.Slice(c.Armies, func(i, j int) bool { return c.Armies[i].ID < c.Armies[j].ID })
	for k := range c.Armies {
		e := c.Armies[k].Entries
		sort.Slice(e, func(i, j int) bool { return e[i].ID < e[j].ID })
	}
	sort.Slice(c.Scenarios, func(i, j int) bool { return c.Scenarios[i].ID < c.Scenarios[j].ID })
	sort.Slice(c.SpecialRules, func(i, j int) bool { return c.SpecialRules[i].ID < c.SpecialRules[j].ID })
	sort.Slice(c.Glossary, func(i, j int) bool { return c.Glossary[i].ID < c.Glossary[j].ID })
	sort.Slice(c.Pages, func(i, j int) bool {
		if c.Pages[i].Lang != c.Pages[j].Lang {
			return c.Pages[i].Lang < c.Pages[j].Lang
		}
		return c.Pages[i].Path < c.Pages[j].Path
	})
	sort.Slice(c.Checks, func(i, j int) bool { return c.Checks[i].ID < c.Checks[j].ID })
}

// OrderIDs are the 13 orders, planned then immediate, as the rules
// number them.
var OrderIDs = []string{"shoot", "run", "assault", "take-cover", "embark", "disembark", "full-throttle",
	"return-fire", "go-to-ground", "counter-charge", "overwatch-fire", "covering-fire", "interception"}

// OrderRank is an order id's place in OrderIDs (len for an unknown one).
func OrderRank(id string) int {
	for i, o := range OrderIDs {
		if o == id {
			return i
		}
	}
	return len(OrderIDs)
}
