// Package wscatalog is Warstuff's catalog: the plain Go values that
// Warstuff content defines: figure profiles with their computed costs,
// sample bands, the invasion's creatures and hordes, scenarios, the
// special rules with their costs and reminders, the glossary and the
// rules pages.
//
// It is produced by package games/warstuff/wsschema, which has validated the
// content and computed every cost with the CUE schema: consumers (engine,
// cards, site, JSON export) read these values and never recompute a cost.
// Rules are cited by number from the rules digest (WS-BUILD-2 …). Like
// Warbound's catalog, it imports only the standard library and the
// plain-Go leaf packages (diag, lang).
package wscatalog

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// SchemaVersion is the version of the JSON catalog written to
// data/catalog.json for a Warstuff tree.
const SchemaVersion = 1

// Game is the name a Warstuff content tree declares (`game: "warstuff"`).
const Game = "warstuff"

// Text and Lang are package lang's, shared by every game; Pos is package
// diag's.
type (
	Text = lang.Text
	Lang = lang.Lang
	Pos  = diag.Pos
)

// Catalog is a loaded Warstuff content tree. Every collection is sorted by
// id.
type Catalog struct {
	SchemaVersion int    `json:"schemaVersion"`
	Game          string `json:"game"`
	// Version is the content's version (game.cue's `version`), printed on
	// the cards and sheets; "" prints the tool's.
	Version   string     `json:"version,omitempty"`
	Profiles  []Profile  `json:"profiles"`
	Creatures []Profile  `json:"creatures"`
	Hordes    []Horde    `json:"hordes"`
	Bands     []Band     `json:"bands"`
	Scenarios []Scenario `json:"scenarios"`
	// Rules are every special rule, power and creature rule of the cost
	// tables, with their reminders.
	Rules  []Rule `json:"rules"`
	Limits Limits `json:"limits"`
	// Ranges name the weapon ranges ("18" → 18", "flame" → flame template).
	Ranges   map[string]Text `json:"ranges"`
	Glossary []Term          `json:"glossary"`
	Strings  []UIString      `json:"strings,omitempty"`
	Pages    []RulesPage     `json:"-"`
	Checks   []CheckSource   `json:"-"`
	// Warnings are problems that do not stop the build.
	Warnings diag.List `json:"-"`
	// Draft lists the texts that were missing a language when the content
	// was loaded in draft mode (they hold a visible placeholder).
	Draft []lang.MissingText `json:"-"`
}

// Limits are the cost and band limits (WS-BUILD-3, WS-BUILD-58, WS-BIG-1).
type Limits struct {
	Figure struct {
		Min int `json:"min"`
		Max int `json:"max"`
	} `json:"figure"`
	FiguresPercent int `json:"figuresPercent"`
	Standard       int `json:"standard"`
	BigMax         int `json:"bigMax"`
}

// Profile is a figure type (WS-BUILD-1), or an invasion creature.
type Profile struct {
	ID       string   `json:"id"`
	Name     Text     `json:"name"`
	Quality  int      `json:"quality"`
	Ranged   *Weapon  `json:"ranged,omitempty"`
	Variable []Weapon `json:"variable,omitempty"`
	Melee    []string `json:"melee"`
	Powers   []string `json:"powers"`
	Rules    []string `json:"rules"`
	// Traits and Smaller are creatures' own (WS-INV-15 to 17).
	Traits  []string `json:"traits,omitempty"`
	Smaller string   `json:"smaller,omitempty"`
	// Base is the base diameter in inches (WS-GEOM-2).
	Base float64 `json:"base"`
	// Cost and Parts are computed by the schema (WS-BUILD-2).
	Cost  int        `json:"cost"`
	Parts []CostPart `json:"parts"`
	Pos   Pos        `json:"-"`
}

// Weapon is a ranged profile: range "9", "18", "27" or "flame".
type Weapon struct {
	Range string   `json:"range"`
	Rules []string `json:"rules"`
}

// RangeInches is the weapon's range in inches, 0 for the flame template.
func (w Weapon) RangeInches() int {
	n, _ := strconv.Atoi(w.Range)
	return n
}

// CostPart is one term of a profile's cost: its kind (quality, range,
// attack, variable, melee, psyker, general), the table id, an English label
// and its points.
type CostPart struct {
	Kind   string `json:"kind"`
	ID     string `json:"id"`
	Label  string `json:"label"`
	Points int    `json:"points"`
}

// Psyker reports whether the profile has psychic powers.
func (p *Profile) Psyker() bool { return len(p.Powers) > 0 }

// Has reports whether the profile has the general rule id.
func (p *Profile) Has(id string) bool { return slices.Contains(p.Rules, id) }

// Band is a sample band: figures from the profiles (WS-BUILD-58).
type Band struct {
	ID      string      `json:"id"`
	Name    Text        `json:"name"`
	Format  int         `json:"format"`
	Figures []BandEntry `json:"figures"`
	// Total, Count and MaxFigures are computed by Catalog.Tally.
	Total      int `json:"total"`
	Count      int `json:"count"`
	MaxFigures int `json:"maxFigures"`
	Pos        Pos `json:"-"`
}

// BandEntry is count figures of one profile.
type BandEntry struct {
	Profile string `json:"profile"`
	Count   int    `json:"count"`
}

// Horde is a creature type an invasion can use (WS-INV-4).
type Horde struct {
	ID        string            `json:"id"`
	Name      Text              `json:"name"`
	Spawn     string            `json:"spawn"`
	Merge     map[string]string `json:"merge,omitempty"`
	SpawnDice int               `json:"spawnDice"`
	Entries   Text              `json:"entries"`
	Pos       Pos               `json:"-"`
}

// Scenario is a table set-up with its objectives and terrain.
type Scenario struct {
	ID            string      `json:"id"`
	Name          Text        `json:"name"`
	Kind          string      `json:"kind"`
	Format        int         `json:"format"`
	Table         float64     `json:"table"`
	Deployment    float64     `json:"deployment"`
	FirstLastTurn int         `json:"firstLastTurn"`
	Objectives    []Objective `json:"objectives"`
	Terrain       []Terrain   `json:"terrain"`
	Summary       Text        `json:"summary"`
	Pos           Pos         `json:"-"`
}

// Objective is a 1" marker (WS-GEOM-10) with its victory points.
type Objective struct {
	ID        string  `json:"id"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	VP        int     `json:"vp"`
	EnemyHalf int     `json:"enemyHalf,omitempty"`
}

// Terrain is a terrain piece (WS-GEOM-5).
type Terrain struct {
	ID          string       `json:"id"`
	Kinds       []string     `json:"kinds"`
	BlocksSight bool         `json:"blocksSight"`
	Cover       bool         `json:"cover"`
	Height      float64      `json:"height,omitempty"`
	Polygon     [][2]float64 `json:"polygon"`
}

// RuleKind says which table a rule comes from.
type RuleKind string

// The kinds of rules.
const (
	AttackRule   RuleKind = "attack"   // WS-BUILD-6
	VariableRule RuleKind = "variable" // WS-BUILD-19
	PsykerRule   RuleKind = "psyker"   // WS-BUILD-7
	PowerRule    RuleKind = "power"    // WS-BUILD-21 to 30
	GeneralRule  RuleKind = "general"  // WS-BUILD-8
	CreatureRule RuleKind = "creature" // WS-INV-15 to 17
)

// Rule is a special rule, power or creature rule with its cost and texts.
type Rule struct {
	ID   string   `json:"id"`
	Kind RuleKind `json:"kind"`
	Name Text     `json:"name"`
	// Cost in points (a power's is the Psyker's, see Limits); 0 for
	// creature rules.
	Cost     int  `json:"cost"`
	Reminder Text `json:"reminder"`
	// Powers only: range ("9", "template", "self") and difficulty.
	Range      string `json:"range,omitempty"`
	Difficulty int    `json:"difficulty,omitempty"`
	// Attack rules only: for ranged weapons only; allowed on a flame weapon.
	RangedOnly bool `json:"rangedOnly,omitempty"`
	NoTemplate bool `json:"noTemplate,omitempty"`
}

// Term is a glossary entry.
type Term struct {
	ID         string `json:"id"`
	Term       Text   `json:"term"`
	Definition Text   `json:"definition"`
}

// UIString overrides an interface string.
type UIString struct {
	ID   string `json:"id"`
	Text Text   `json:"text"`
}

// RulesPage is a rules chapter in one language (rules/<lang>/<name>.md).
type RulesPage struct {
	Lang Lang
	Name string
	Src  []byte
	Pos  Pos
}

// CheckSource is a check game as written (its CUE value as JSON), for the
// Warstuff engine's check runner to decode.
type CheckSource struct {
	ID   string
	JSON []byte
	Pos  Pos
	// Steps are where each step of its script is written, Expects where
	// its expect field is (the step's when it has none): a step that
	// cannot be played is reported at the step, a failed expectation at
	// its expect.
	Steps, Expects []Pos
}

// StepPos is where step n (from 1) of the check is written, or the
// check's own position when the loader knows none (n = 0: the set-up).
func (c *CheckSource) StepPos(n int) Pos { return posAt(c.Steps, n, c.Pos) }

// ExpectPos is where step n's expectations are written.
func (c *CheckSource) ExpectPos(n int) Pos { return posAt(c.Expects, n, c.StepPos(n)) }

func posAt(ps []Pos, n int, or Pos) Pos {
	if n >= 1 && n <= len(ps) && ps[n-1].File != "" {
		return ps[n-1]
	}
	return or
}

// Profile finds a profile by id.
func (c *Catalog) Profile(id string) *Profile {
	return find(c.Profiles, id, func(p *Profile) string { return p.ID })
}

// Creature finds a creature by id.
func (c *Catalog) Creature(id string) *Profile {
	return find(c.Creatures, id, func(p *Profile) string { return p.ID })
}

// Rule finds a rule by id.
func (c *Catalog) Rule(id string) *Rule {
	return find(c.Rules, id, func(r *Rule) string { return r.ID })
}

// RuleName is the name of rule id in l, or id itself when unknown.
func (c *Catalog) RuleName(id string, l Lang) string {
	if r := c.Rule(id); r != nil {
		return r.Name.In(l)
	}
	return id
}

func find[T any](s []T, id string, key func(*T) string) *T {
	i := sort.Search(len(s), func(i int) bool { return key(&s[i]) >= id })
	if i < len(s) && key(&s[i]) == id {
		return &s[i]
	}
	return nil
}

// Sort orders every collection by id.
func (c *Catalog) Sort() {
	sortBy(c.Profiles, func(p *Profile) string { return p.ID })
	sortBy(c.Creatures, func(p *Profile) string { return p.ID })
	sortBy(c.Hordes, func(h *Horde) string { return h.ID })
	sortBy(c.Bands, func(b *Band) string { return b.ID })
	sortBy(c.Scenarios, func(s *Scenario) string { return s.ID })
	sortBy(c.Rules, func(r *Rule) string { return r.ID })
	sortBy(c.Glossary, func(t *Term) string { return t.ID })
	sortBy(c.Strings, func(s *UIString) string { return s.ID })
	sortBy(c.Checks, func(s *CheckSource) string { return s.ID })
	sort.SliceStable(c.Pages, func(i, j int) bool {
		if c.Pages[i].Lang != c.Pages[j].Lang {
			return c.Pages[i].Lang < c.Pages[j].Lang
		}
		return c.Pages[i].Name < c.Pages[j].Name
	})
}

func sortBy[T any](s []T, key func(*T) string) {
	sort.SliceStable(s, func(i, j int) bool { return key(&s[i]) < key(&s[j]) })
}

// UnmarshalJSON reads a range written as a number (18) or a string
// ("flame").
func (w *Weapon) UnmarshalJSON(b []byte) error {
	var raw struct {
		Range json.RawMessage `json:"range"`
		Rules []string        `json:"rules"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	w.Range, w.Rules = strings.Trim(string(raw.Range), `"`), raw.Rules
	return nil
}

// RuleNameRange is a weapon range's name in l: 18", flame template.
func (c *Catalog) RuleNameRange(rng string, l Lang) string {
	if t, ok := c.Ranges[rng]; ok {
		return t.In(l)
	}
	return rng
}
