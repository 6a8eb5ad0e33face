package wbcatalog

import "sort"

// Kind is the type of a card.
type Kind string

// Card kinds. Equipment, Formation and Vocation cards are Upgrades.
const (
	KindCharacter Kind = "character"
	KindLeader    Kind = "leader"
	KindEquipment Kind = "equipment"
	KindFormation Kind = "formation"
	KindVocation  Kind = "vocation"
	KindReference Kind = "reference"
	KindObjective Kind = "objective"
)

// Kinds lists the card kinds in display order.
var Kinds = []Kind{KindCharacter, KindLeader, KindEquipment, KindFormation, KindVocation, KindReference, KindObjective}

// Collection is the content section of the cards of kind k, the first
// part of their content paths: "characters", "equipment".
func (k Kind) Collection() string {
	if k == KindEquipment {
		return string(k)
	}
	return string(k) + "s"
}

// IsUpgrade reports whether cards of kind k are attached to another card
// when a deck is built (R-DECK-4).
func (k Kind) IsUpgrade() bool {
	return k == KindEquipment || k == KindFormation || k == KindVocation
}

// Gear is a built-in or Equipment gear icon (R-CARD-1, R-DECK-5).
type Gear string

// The three gear icons.
const (
	GearRanged Gear = "ranged"
	GearMelee  Gear = "melee"
	GearArmor  Gear = "armor"
)

// Colourless is the key of the colourless part of an activation cost.
const Colourless = "any"

// Cost is an activation cost: a number of Order hexes per faction colour,
// and Colourless ("any") hexes that any token pays (R-ACTV-1).
type Cost map[string]int

// Total is the number of Order tokens the cost asks for (R-ACTV-3 when the
// Formation's extra hex is added by the caller).
func (c Cost) Total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// Coloured is the cost without its colourless part (R-ACT-6 cost reduction).
func (c Cost) Coloured() Cost {
	out := Cost{}
	for k, v := range c {
		if k != Colourless && v > 0 {
			out[k] = v
		}
	}
	return out
}

// Hexes lists the cost as one colour per Order hex: faction colours in id
// order first, then the colourless hexes ("any"). Layouts draw this row.
func (c Cost) Hexes() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		if k != Colourless {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	keys = append(keys, Colourless)
	var out []string
	for _, k := range keys {
		for range c[k] {
			out = append(out, k)
		}
	}
	return out
}

// Accuracy is a Character's shooting accuracy (R-CARD-1, R-SHOOT-4): Near
// against a closest target, Far against any other; Far is 0 when the card
// has no second value.
type Accuracy struct {
	Near int `json:"near"`
	Far  int `json:"far,omitempty"`
}

// Dice is the number of attack dice; 0 means the default of one die.
type Dice struct {
	Ranged int `json:"ranged,omitempty"`
	Melee  int `json:"melee,omitempty"`
}

// Armor is an armour pool: Points armour points, each saving on Save+.
type Armor struct {
	Points int `json:"points"`
	Save   int `json:"save"`
}

// Profile is one side of a Character card: the front, or the Panic back.
type Profile struct {
	Attack   int       `json:"attack"` // melee X+
	Speed    int       `json:"speed"`
	Run      int       `json:"run"`
	Accuracy *Accuracy `json:"accuracy,omitempty"`
	Dice     Dice      `json:"dice"`
	Cost     Cost      `json:"cost"`
	Health   int       `json:"health"`
	Morale   int       `json:"morale,omitempty"` // 0: no morale pool
	Armor    *Armor    `json:"armor,omitempty"`
	Gear     []Gear    `json:"gear,omitempty"`
	Skills   []string  `json:"skills,omitempty"` // skill ids
}

// RangedDice is the number of ranged attack dice, at least one.
func (p *Profile) RangedDice() int { return max(p.Dice.Ranged, 1) }

// MeleeDice is the number of melee attack dice, at least one.
func (p *Profile) MeleeDice() int { return max(p.Dice.Melee, 1) }

// HasGear reports whether the profile shows the built-in gear icon g.
func (p *Profile) HasGear(g Gear) bool {
	for _, x := range p.Gear {
		if x == g {
			return true
		}
	}
	return false
}

// Character is a Character card: its front profile and its Panic back
// (R-CARD-1, R-CARD-3).
type Character struct {
	ID      string `json:"id"`
	Name    Text   `json:"name"`
	Art     *Art   `json:"art,omitempty"`
	Faction string `json:"faction"`
	// NameGroup is the name that counts for R-DECK-2: gender variants of one
	// character share it. It defaults to the id.
	NameGroup string  `json:"nameGroup"`
	Flavor    *Text   `json:"flavor,omitempty"`
	Front     Profile `json:"front"`
	Panic     Profile `json:"panic"`
	Pos       Pos     `json:"-"`
}

// Skill is a skill, printed on Characters and Reference cards, or a Leader
// skill (R-CARD-2).
type Skill struct {
	ID     string  `json:"id"`
	Name   Text    `json:"name"`
	Active bool    `json:"active"`
	Text   Text    `json:"text"`
	Effect *Effect `json:"effect,omitempty"`
	Pos    Pos     `json:"-"`
}

// LeaderSide is one side of a Leader card: the Order tokens generated per
// Period, each a map from faction (Order colour) to count (R-CARD-4).
type LeaderSide struct {
	Orders []map[string]int `json:"orders"`
}

// Factions lists the Order colours this side generates in any Period.
func (s LeaderSide) Factions() []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range s.Orders {
		for f, n := range p {
			if n > 0 && !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Leader is a Leader card with its Exploration and Confrontation sides.
type Leader struct {
	ID            string     `json:"id"`
	Name          Text       `json:"name"`
	Art           *Art       `json:"art,omitempty"`
	Faction       string     `json:"faction"`
	Skill         string     `json:"skill"` // skill id
	Exploration   LeaderSide `json:"exploration"`
	Confrontation LeaderSide `json:"confrontation"`
	Pos           Pos        `json:"-"`
}

// Side returns the side of the card used in format f.
func (l *Leader) Side(f Format) LeaderSide {
	if f == Confrontation {
		return l.Confrontation
	}
	return l.Exploration
}

// Generates reports whether the Leader generates Order tokens of faction f
// in format fm (R-DECK-6).
func (l *Leader) Generates(fm Format, f string) bool {
	for _, p := range l.Side(fm).Orders {
		if p[f] > 0 {
			return true
		}
	}
	return false
}

// Equipment is an Equipment Upgrade, attached to a Character (R-CARD-5).
type Equipment struct {
	ID      string  `json:"id"`
	Name    Text    `json:"name"`
	Art     *Art    `json:"art,omitempty"`
	Faction string  `json:"faction,omitempty"` // faction-specific when set
	Gear    Gear    `json:"gear,omitempty"`
	Text    Text    `json:"text"`
	Effect  *Effect `json:"effect,omitempty"`
	Pos     Pos     `json:"-"`
}

// Formation is a Formation Upgrade: a second miniature of the Character it
// is attached to, with the printed bonuses of R-CARD-6.
type Formation struct {
	ID      string         `json:"id"`
	Name    Text           `json:"name"`
	Art     *Art           `json:"art,omitempty"`
	Text    Text           `json:"text"`
	Bonuses FormationBonus `json:"bonuses"`
	Pos     Pos            `json:"-"`
}

// FormationBonus is what a Formation card adds to its Character.
type FormationBonus struct {
	Cost       int `json:"cost"`       // colourless Order hexes added
	Hit        int `json:"hit"`        // added to every hit roll
	RangedDice int `json:"rangedDice"` // extra ranged dice
	MeleeDice  int `json:"meleeDice"`  // extra melee dice
	Health     int `json:"health"`     // extra health points
}

// Vocation is a Vocation Upgrade, attached to a Leader (R-CARD-5).
type Vocation struct {
	ID      string  `json:"id"`
	Name    Text    `json:"name"`
	Art     *Art    `json:"art,omitempty"`
	Faction string  `json:"faction,omitempty"` // faction-specific when set
	Text    Text    `json:"text"`
	Effect  *Effect `json:"effect,omitempty"`
	Pos     Pos     `json:"-"`
}

// ReferenceCard lists a faction's common skills (R-DECK-7).
type ReferenceCard struct {
	ID      string   `json:"id"`
	Name    Text     `json:"name"`
	Art     *Art     `json:"art,omitempty"`
	Faction string   `json:"faction"`
	Skills  []string `json:"skills"`
	Pos     Pos      `json:"-"`
}

// KindOf returns the kind of the card with the given id, or "" when no card
// has it. Card ids are unique across kinds.
func (c *Catalog) KindOf(id string) Kind {
	switch {
	case c.Character(id) != nil:
		return KindCharacter
	case c.Leader(id) != nil:
		return KindLeader
	case c.EquipmentCard(id) != nil:
		return KindEquipment
	case c.Formation(id) != nil:
		return KindFormation
	case c.Vocation(id) != nil:
		return KindVocation
	case c.Reference(id) != nil:
		return KindReference
	case c.Objective(id) != nil:
		return KindObjective
	}
	return ""
}

// CardIDs lists the ids of the cards of kind k, in id order.
func (c *Catalog) CardIDs(k Kind) []string {
	var ids []string
	add := func(id string) { ids = append(ids, id) }
	switch k {
	case KindCharacter:
		for i := range c.Characters {
			add(c.Characters[i].ID)
		}
	case KindLeader:
		for i := range c.Leaders {
			add(c.Leaders[i].ID)
		}
	case KindEquipment:
		for i := range c.Equipment {
			add(c.Equipment[i].ID)
		}
	case KindFormation:
		for i := range c.Formations {
			add(c.Formations[i].ID)
		}
	case KindVocation:
		for i := range c.Vocations {
			add(c.Vocations[i].ID)
		}
	case KindReference:
		for i := range c.References {
			add(c.References[i].ID)
		}
	case KindObjective:
		for i := range c.Objectives {
			add(c.Objectives[i].ID)
		}
	}
	return ids
}

// CardName returns the name of any card by id, and whether it exists.
func (c *Catalog) CardName(id string) (Text, bool) {
	switch c.KindOf(id) {
	case KindCharacter:
		return c.Character(id).Name, true
	case KindLeader:
		return c.Leader(id).Name, true
	case KindEquipment:
		return c.EquipmentCard(id).Name, true
	case KindFormation:
		return c.Formation(id).Name, true
	case KindVocation:
		return c.Vocation(id).Name, true
	case KindReference:
		return c.Reference(id).Name, true
	case KindObjective:
		return c.Objective(id).Name, true
	}
	return Text{}, false
}
