// Package cvcatalog is The Convicted's content as plain Go values: what
// the loader (cvschema) decodes, what the engine (cvengine), the site and
// the printed kit read. It holds no I/O and imports only the standard
// library and the shared plain-Go leaves (diag, lang).
//
// Rules are cited by their numbers in games/convicted/RULES.md (C-…).
// Every value the seed does not give is a placeholder: the entry that holds
// it names the rules whose Decisions fill it (Placeholders), and the rule
// table (Rules) says each rule's state.
package cvcatalog

import (
	"encoding/json"
	"sort"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// SchemaVersion is the version of the engine data (dist/data/catalog.json).
const SchemaVersion = 1

// Text is a text in both languages.
type Text = lang.Text

// The states of a rule (RULES.md, "three states").
const (
	Defined = "defined"
	Decided = "decided"
	TBD     = "tbd"
)

// Rule is one numbered rule of the digest.
type Rule struct {
	ID    string `json:"id"`
	State string `json:"state"`
	// Source is the seed's page for a defined rule, the missing chapter
	// and its page for a rule to be defined, in English (the tools'
	// words: check --coverage, wbtool rules, the data).
	Source string `json:"source"`
	// Sources is Source in each language, for players' pages: the
	// content writes one text for every language ("p. 9") or {en, fr}.
	Sources Text     `json:"-"`
	Pos     diag.Pos `json:"-"`
}

// UnmarshalJSON reads a rule whose source is one text for every
// language or a text per language ({en, fr}).
func (r *Rule) UnmarshalJSON(b []byte) error {
	type plain Rule
	var raw struct {
		plain
		Source json.RawMessage `json:"source"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*r = Rule(raw.plain)
	if len(raw.Source) == 0 || string(raw.Source) == "null" {
		return nil
	}
	var one string
	if err := json.Unmarshal(raw.Source, &one); err == nil {
		r.Source, r.Sources = one, Text{EN: one, FR: one}
		return nil
	}
	if err := json.Unmarshal(raw.Source, &r.Sources); err != nil {
		return err
	}
	r.Source = r.Sources.EN
	return nil
}

// Cost is what an action pays, by resource.
type Cost struct {
	Wood  int `json:"wood,omitempty"`
	Stone int `json:"stone,omitempty"`
	Iron  int `json:"iron,omitempty"`
	Gold  int `json:"gold,omitempty"`
}

// Resources are the four resources in their fixed order (C-DEF-5).
var Resources = []string{"wood", "stone", "iron", "gold"}

// Amounts is the cost as amounts in the order of Resources.
func (c Cost) Amounts() [4]int { return [4]int{c.Wood, c.Stone, c.Iron, c.Gold} }

// Components are the printed counts (C-COMP-1): caps the engine enforces
// (C-COMP-2).
type Components struct {
	BuildingTokens      int `json:"buildingTokens"`
	BuildingCards       int `json:"buildingCards"`
	FortificationTokens int `json:"fortificationTokens"`
	DitchTokens         int `json:"ditchTokens"`
	MoatTokens          int `json:"moatTokens"`
	EnemyCards          int `json:"enemyCards"`
	TechnologyCards     int `json:"technologyCards"`
	HeroCards           int `json:"heroCards"`
	ReferenceSheets     int `json:"referenceSheets"`
	SpellMarkers        int `json:"spellMarkers"`
	ActionMarkers       int `json:"actionMarkers"`
	Defenders           int `json:"defenders"`
	Enemies             int `json:"enemies"`
	ResourceMarkers     int `json:"resourceMarkers"`
	SiegeEngines        int `json:"siegeEngines"`
	ResistanceMarkers   int `json:"resistanceMarkers"`
	SaveSheets          int `json:"saveSheets"`
	Dice                int `json:"dice"`
}

// Limits are the game's fixed numbers.
type Limits struct {
	ActionsPerTurn   int      `json:"actionsPerTurn"`   // C-ACT-4
	SquadsPerSection int      `json:"squadsPerSection"` // C-DEF-4
	TurnsPerScenario int      `json:"turnsPerScenario"` // C-GAME-3
	AssaultRounds    int      `json:"assaultRounds"`    // C-SIEGE-4
	Placeholders     []string `json:"placeholders,omitempty"`
}

// Hero is a hero card (C-HERO).
type Hero struct {
	ID      string `json:"id"`
	Name    Text   `json:"name"`
	Story   Text   `json:"story"`
	Ability struct {
		// Kind is one the engine knows: moveUnits (the Oracle, C-HERO-2),
		// extraSpell (the Sorcerer, C-HERO-3), sectionFirepower (the
		// Heretic, C-HERO-4), freeTraining (the Deserter, C-HERO-5).
		Kind   string `json:"kind"`
		Amount int    `json:"amount"`
	} `json:"ability"`
	Text Text     `json:"text"`
	Pos  diag.Pos `json:"-"`
}

// BuildingLevel is one level of a building (C-BLD-2).
type BuildingLevel struct {
	Cost Cost `json:"cost"`
	// Trains are the unit types the Barracks at this level adds.
	Trains []string `json:"trains,omitempty"`
	// ResearchOffer is the Library's face-up research cards (C-RES-2).
	ResearchOffer int `json:"researchOffer,omitempty"`
	// SpellSlots, BlessingSlots: the Mage Tower's and Chapel's (C-SPELL-2).
	SpellSlots    int `json:"spellSlots,omitempty"`
	BlessingSlots int `json:"blessingSlots,omitempty"`
	// Engines are the siege engines the Workshop at this level builds.
	Engines []string `json:"engines,omitempty"`
}

// Buildings are the six buildings in their fixed order (C-BOARD-1).
var Buildings = []string{"barracks", "keep", "workshop", "library", "mage-tower", "chapel"}

// Building is one building of the City.
type Building struct {
	ID           string          `json:"id"`
	Name         Text            `json:"name"`
	Start        int             `json:"start"`
	Levels       []BuildingLevel `json:"levels"`
	Placeholders []string        `json:"placeholders,omitempty"`
	Pos          diag.Pos        `json:"-"`
}

// FortLevel is one level of a wall or a tower (C-FORT).
type FortLevel struct {
	Name          Text `json:"name"`
	Cost          Cost `json:"cost"`
	MaxResistance int  `json:"maxResistance"`
	Capacity      int  `json:"capacity"`
	EngineSlots   int  `json:"engineSlots"`
	// ShootDeployment: units here may shoot into the deployment zone
	// (C-FORT-4, C-FORT-9).
	ShootDeployment   bool `json:"shootDeployment"`
	EnemyRangedRFS    int  `json:"enemyRangedRFS"`
	EnemyAerialST     int  `json:"enemyAerialST"`
	DefenderRangedRFS int  `json:"defenderRangedRFS"`
	// EngineRFS raises the RFS of defender engines of these types here
	// (C-FORT-6).
	EngineRFS map[string]int `json:"engineRFS,omitempty"`
	// Pos is where the level's name is written.
	Pos diag.Pos `json:"-"`
}

// Fortifications are the levels 0–5 of each kind.
type Fortifications struct {
	Wall         []FortLevel `json:"wall"`
	Tower        []FortLevel `json:"tower"`
	Placeholders []string    `json:"placeholders,omitempty"`
}

// Levels are the levels of kind "wall" or "tower".
func (f *Fortifications) Levels(kind string) []FortLevel {
	if kind == "tower" {
		return f.Tower
	}
	return f.Wall
}

// Sections are the eight fortification sections in their fixed order
// (C-BOARD-2): the set-up's round (C-SETUP-3).
var Sections = []string{"n", "ne", "e", "se", "s", "sw", "w", "nw"}

// Section is one fortification section.
type Section struct {
	ID    string   `json:"id"`
	Kind  string   `json:"kind"` // wall or tower
	Faces []string `json:"faces"`
	Gate  bool     `json:"gate,omitempty"` // C-FORT-11
	Pos   diag.Pos `json:"-"`
}

// Sides are the four sides in the enemy deck's order (C-SIEGE-3).
var Sides = []string{"n", "e", "s", "w"}

// RingSections are the twelve ditch/moat sections (C-BOARD-4).
var RingSections = []string{"n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2", "ne", "nw", "se", "sw"}

// RingSection is one section of the ring.
type RingSection struct {
	ID      string   `json:"id"`
	Crosses string   `json:"crosses"` // a side, or "none" (C-DITCH-7)
	Pos     diag.Pos `json:"-"`
}

// Moat is what a moat costs and takes (C-DITCH-3, C-DITCH-5, C-DITCH-6).
type Moat struct {
	Cost         Cost     `json:"cost"`
	LossPercent  int      `json:"lossPercent"`
	Placeholders []string `json:"placeholders,omitempty"`
}

// Resource is one resource (C-DEF-5, C-COLL-2).
type Resource struct {
	ID           string   `json:"id"`
	Name         Text     `json:"name"`
	Start        bool     `json:"start"`
	Collect      int      `json:"collect"`
	Placeholders []string `json:"placeholders,omitempty"`
	Pos          diag.Pos `json:"-"`
}

// Effect is a technology's effect (C-RES-3).
type Effect struct {
	// Kind: unlockResource, unlockUnit, collectBonus, capacityBonus.
	Kind     string `json:"kind"`
	Resource string `json:"resource,omitempty"`
	Unit     string `json:"unit,omitempty"`
	Section  string `json:"section,omitempty"` // wall or tower
	Amount   int    `json:"amount,omitempty"`
}

// Technology is a card of the research deck (C-RES).
type Technology struct {
	ID           string   `json:"id"`
	Name         Text     `json:"name"`
	Cost         Cost     `json:"cost"`
	Effect       Effect   `json:"effect"`
	Placeholders []string `json:"placeholders,omitempty"`
	Pos          diag.Pos `json:"-"`
}

// Unit is a defender unit type (C-DEF-1, C-DEF-2, C-TRAIN-2).
type Unit struct {
	ID   string `json:"id"`
	Name Text   `json:"name"`
	ST   int    `json:"st"`
	EN   int    `json:"en"`
	SU   int    `json:"su"`
	// RFS is 0 for a melee unit.
	RFS  int  `json:"rfs,omitempty"`
	Cost Cost `json:"cost"`
	// Locked units need a technology (unlockUnit) first.
	Locked       bool     `json:"locked,omitempty"`
	Placeholders []string `json:"placeholders,omitempty"`
	Pos          diag.Pos `json:"-"`
}

// Ranged reports whether the unit shoots (C-DEF-2).
func (u *Unit) Ranged() bool { return u.RFS > 0 }

// Faction is an enemy faction (C-ENEMY-1).
type Faction struct {
	ID   string   `json:"id"`
	Name Text     `json:"name"`
	Pos  diag.Pos `json:"-"`
}

// Enemy is an enemy unit type (C-ENEMY-2).
type Enemy struct {
	ID           string   `json:"id"`
	Name         Text     `json:"name"`
	Faction      string   `json:"faction"`
	ST           int      `json:"st"`
	EN           int      `json:"en"`
	SU           int      `json:"su"`
	RFS          int      `json:"rfs,omitempty"`
	Aerial       bool     `json:"aerial,omitempty"` // C-DEF-9
	LossOrder    int      `json:"lossOrder"`        // C-DITCH-6
	Placeholders []string `json:"placeholders,omitempty"`
	Pos          diag.Pos `json:"-"`
}

// Engine is a siege engine type (C-DEF-3, C-ENGINE-1).
type Engine struct {
	ID   string `json:"id"`
	Name Text   `json:"name"`
	Side string `json:"side"` // defender, enemy, both
	EN   int    `json:"en,omitempty"`
	RFS  int    `json:"rfs,omitempty"`
	// Cost is what the Workshop pays to build one for the defenders
	// (C-ENGINE-1).
	Cost         Cost     `json:"cost"`
	Placeholders []string `json:"placeholders,omitempty"`
	Pos          diag.Pos `json:"-"`
}

// Spell is a spell (cast from the Mage Tower) or a blessing (from the
// Chapel) (C-SPELL-1, C-SPELL-2).
type Spell struct {
	ID   string `json:"id"`
	Name Text   `json:"name"`
	// Kind is "spell" or "blessing".
	Kind string `json:"kind"`
	// Level is the Mage Tower's (or the Chapel's) level it needs.
	Level int  `json:"level"`
	Cost  Cost `json:"cost"`
	// Stage is when it takes effect: 0 at once (the action period), else
	// the siege stage (1–14), in the first assault round.
	Stage  int `json:"stage"`
	Effect struct {
		// Kind is one the engine knows: firepower (+amount RFS to a
		// section's ranged units this turn), repair (+amount Resistance,
		// within the level's maximum), smite (remove d3 enemy units the
		// section could shoot at).
		Kind   string `json:"kind"`
		Amount int    `json:"amount,omitempty"`
	} `json:"effect"`
	Text         Text     `json:"text"`
	Placeholders []string `json:"placeholders,omitempty"`
	Pos          diag.Pos `json:"-"`
}

// Stage is one of the 14 stages of the assault step (C-TURN-2, C-SIEGE-5).
type Stage struct {
	Number int    `json:"number"`
	Phase  string `json:"phase"`
	Effect string `json:"effect"`
	// HitOn is the d6 a roll must reach before modifiers.
	HitOn int `json:"hitOn,omitempty"`
	// Damage is what a hit removes: "1" or "d3" (a d6 read as a d3,
	// C-DEF-8).
	Damage string `json:"damage,omitempty"`
	Name   Text   `json:"name"`
	// Pos is where the stage's name is written.
	Pos diag.Pos `json:"-"`
}

// Stages are the 14 stages with their placeholders.
type Stages struct {
	List         []Stage  `json:"list"`
	Placeholders []string `json:"placeholders,omitempty"`
}

// PlayerRow is a row of the player-count table (C-PLAYERS-1).
type PlayerRow struct {
	Players          int `json:"players"`
	Spearmen         int `json:"spearmen"`
	Wood             int `json:"wood"`
	ActionsPerPlayer int `json:"actionsPerPlayer"`
}

// PlayerTable is the player-count table.
type PlayerTable struct {
	Rows         []PlayerRow `json:"rows"`
	Placeholders []string    `json:"placeholders,omitempty"`
}

// Row is the row for n players, nil when the table has none.
func (t *PlayerTable) Row(n int) *PlayerRow {
	for i := range t.Rows {
		if t.Rows[i].Players == n {
			return &t.Rows[i]
		}
	}
	return nil
}

// Wave is what comes on each turn from From on (C-SIEGE-3).
type Wave struct {
	From int `json:"from"`
	// Sides is how many enemy cards are drawn (1–4).
	Sides int `json:"sides"`
	// Squads per drawn side, each of one Assault unit and its Support.
	Squads  int            `json:"squads"`
	Assault string         `json:"assault"`
	Support []string       `json:"support,omitempty"`
	Engines map[string]int `json:"engines,omitempty"`
}

// Scenario is one of the 10 scenarios (C-GAME-4).
type Scenario struct {
	ID           string   `json:"id"`
	Number       int      `json:"number"`
	Name         Text     `json:"name"`
	Turns        int      `json:"turns"`
	Waves        []Wave   `json:"waves"`
	Placeholders []string `json:"placeholders,omitempty"`
	Pos          diag.Pos `json:"-"`
}

// Wave is the wave of turn n.
func (s *Scenario) Wave(n int) *Wave {
	var w *Wave
	for i := range s.Waves {
		if s.Waves[i].From <= n && (w == nil || s.Waves[i].From > w.From) {
			w = &s.Waves[i]
		}
	}
	return w
}

// End is how a scenario and the campaign end (C-END-1, C-SIEGE-8).
type End struct {
	PillageResources int      `json:"pillageResources"`
	PillageLevels    int      `json:"pillageLevels"`
	CampaignRetries  int      `json:"campaignRetries"`
	Placeholders     []string `json:"placeholders,omitempty"`
}

// SectionSave is a section on a save sheet.
type SectionSave struct {
	Level      int            `json:"level"`
	Resistance int            `json:"resistance"`
	Gate       *int           `json:"gate,omitempty"`
	Units      map[string]int `json:"units,omitempty"`
	// Engines are the defender engines mounted, by type (C-SAVE-2).
	Engines map[string]int `json:"engines,omitempty"`
}

// Save is a filled save sheet (C-SAVE-2).
type Save struct {
	ID           string                 `json:"id"`
	Campaign     string                 `json:"campaign"`
	Players      []SavePlayer           `json:"players"`
	Scenario     int                    `json:"scenario"`
	Result       string                 `json:"result"`
	Resources    map[string]int         `json:"resources"`
	Buildings    map[string]int         `json:"buildings"`
	Technologies []string               `json:"technologies"`
	Sections     map[string]SectionSave `json:"sections"`
	Ring         map[string]string      `json:"ring"`
	File         string                 `json:"-"`
	Pos          diag.Pos               `json:"-"`
}

// SavePlayer is a player on a save sheet.
type SavePlayer struct {
	Name string `json:"name"`
	Hero string `json:"hero"`
}

// Catalog is a loaded tree.
type Catalog struct {
	Game string
	// ContentVersion is the content's version (game.cue's `version`),
	// printed on the sheets, the rules and the aids; "" when none.
	ContentVersion string `json:",omitempty"`
	Components     Components
	Limits         Limits
	Rules          []Rule
	Heroes         []Hero
	Buildings      []Building
	Fortifications Fortifications
	Sections       []Section
	Ring           []RingSection
	Moat           Moat
	Resources      []Resource
	Technologies   []Technology
	Units          []Unit
	Factions       []Faction
	Enemies        []Enemy
	Engines        []Engine
	Spells         []Spell
	Stages         Stages
	Players        PlayerTable
	Scenarios      []Scenario
	End            End
	Saves          []Save
	Checks         []Check
	// Placeholders are where each rule's Decision fills content: rule id
	// → the entries' positions.
	Placeholders map[string][]diag.Pos
	Draft        []lang.MissingText
	// Pages are the rules pages (rules/<lang>/*.md), when the tree has
	// any: the printed rulebook's text before the player aids.
	Pages []lang.RulesPage `json:"-"`
}

// Rule is the rule id, nil when the table has none.
func (c *Catalog) Rule(id string) *Rule {
	i := sort.Search(len(c.Rules), func(i int) bool { return c.Rules[i].ID >= id })
	if i < len(c.Rules) && c.Rules[i].ID == id {
		return &c.Rules[i]
	}
	return nil
}

// Find returns the entry of xs whose id is id, nil when none.
func Find[T any](xs []T, id string, idOf func(*T) string) *T {
	for i := range xs {
		if idOf(&xs[i]) == id {
			return &xs[i]
		}
	}
	return nil
}

// Unit is the defender unit type id.
func (c *Catalog) Unit(id string) *Unit {
	return Find(c.Units, id, func(u *Unit) string { return u.ID })
}

// Enemy is the enemy unit type id.
func (c *Catalog) Enemy(id string) *Enemy {
	return Find(c.Enemies, id, func(u *Enemy) string { return u.ID })
}

// Scenario is the scenario id, or of number id ("3").
func (c *Catalog) Scenario(id string) *Scenario {
	return Find(c.Scenarios, id, func(s *Scenario) string { return s.ID })
}

// Hero is the hero id.
func (c *Catalog) Hero(id string) *Hero {
	return Find(c.Heroes, id, func(h *Hero) string { return h.ID })
}

// Counts are the rules by state.
func (c *Catalog) Counts() (defined, decided, tbd int) {
	for _, r := range c.Rules {
		switch r.State {
		case Defined:
			defined++
		case Decided:
			decided++
		default:
			tbd++
		}
	}
	return
}
