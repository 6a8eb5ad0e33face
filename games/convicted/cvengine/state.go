// Package cvengine is The Convicted's rules engine: the set-up by player
// count, the preparation and action periods (12 shared actions a turn, C-ACT),
// the siege's stages as far as the seed and the Decisions give them
// (C-SIEGE), the end of a scenario (C-END), and the check-game runner. It is
// pure: catalog types, the engine kit and the standard library; dice come
// from the caller (a seeded source, or a check game's forced faces).
//
// Each Decision lives in one place, its rule named in the comment.
package cvengine

import (
	"fmt"
	"slices"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
)

// Version is the engine's version, written in game logs.
const Version = "cvengine 1"

// Rules are a catalog with its indexes, built once per content.
type Rules struct {
	C        *cvcatalog.Catalog
	building map[string]int
	section  map[string]int
	ring     map[string]int
	unit     map[string]int
	enemy    map[string]int
	engine   map[string]int
	tech     map[string]int
	resource map[string]int
	side     map[string]int
}

// New indexes c. It refuses a catalog the engine cannot play (a missing
// table row, a fixed list incomplete): the loader reports those first.
func New(c *cvcatalog.Catalog) (*Rules, error) {
	r := &Rules{C: c}
	idx := func(ids []string) map[string]int {
		m := map[string]int{}
		for i, id := range ids {
			m[id] = i
		}
		return m
	}
	r.building = idx(ids(c.Buildings, func(b *cvcatalog.Building) string { return b.ID }))
	r.section = idx(ids(c.Sections, func(s *cvcatalog.Section) string { return s.ID }))
	r.ring = idx(ids(c.Ring, func(s *cvcatalog.RingSection) string { return s.ID }))
	r.unit = idx(ids(c.Units, func(u *cvcatalog.Unit) string { return u.ID }))
	r.enemy = idx(ids(c.Enemies, func(u *cvcatalog.Enemy) string { return u.ID }))
	r.engine = idx(ids(c.Engines, func(u *cvcatalog.Engine) string { return u.ID }))
	r.tech = idx(ids(c.Technologies, func(u *cvcatalog.Technology) string { return u.ID }))
	r.resource = idx(cvcatalog.Resources)
	r.side = idx(cvcatalog.Sides)
	if len(c.Buildings) != len(cvcatalog.Buildings) || len(c.Sections) != len(cvcatalog.Sections) || len(c.Ring) != len(cvcatalog.RingSections) {
		return nil, fmt.Errorf("the content lacks buildings, sections or ring sections")
	}
	if len(c.Fortifications.Wall) != 6 || len(c.Fortifications.Tower) != 6 || len(c.Stages.List) != 14 {
		return nil, fmt.Errorf("the content lacks fortification levels or stages")
	}
	for _, k := range []string{"barracks", "keep"} {
		if _, ok := r.building[k]; !ok {
			return nil, fmt.Errorf("the content has no %s", k)
		}
	}
	return r, nil
}

func ids[T any](xs []T, id func(*T) string) []string {
	out := make([]string, len(xs))
	for i := range xs {
		out[i] = id(&xs[i])
	}
	return out
}

// Squad is a group of enemy units attacking together (C-DEF-4).
type Squad struct {
	Assault int   // enemy type of the assault unit, -1 when it is gone
	Support []int // enemy types of the support units
	Side    int
	// Via is the ring section the squad crosses (C-DITCH-7), -1 for none.
	Via int
	// Slowed: the squad waits for the next stage 5 (C-DITCH-4).
	Slowed  bool
	Crossed bool
}

// Size is the squad's units.
func (q *Squad) Size() int {
	n := len(q.Support)
	if q.Assault >= 0 {
		n++
	}
	return n
}

// Section is a fortification section in play.
type Section struct {
	Level, Res int
	// Gate is the City gates' Resistance on the N wall (C-FORT-11), -1
	// elsewhere.
	Gate  int
	Units []int // defenders by unit type
	Owner int
	// Repaired: the section was repaired this turn (C-REP-2).
	Repaired bool
	// Squads are the enemy squads attached to it (stage 6).
	Squads []Squad
	// Bonus are ranged units' extra RFS this turn (the Heretic, C-HERO-4),
	// by unit type.
	Bonus []int
	// Engines are the defender siege engines mounted here, by engine type
	// (C-FORT-7, C-FORT-8, C-ENGINE-1).
	Engines []int
}

// Defenders are the defender units on the section.
func (s *Section) Defenders() int {
	n := 0
	for _, k := range s.Units {
		n += k
	}
	return n
}

// Zone is one side's deployment and assault zones (C-BOARD-3).
type Zone struct {
	Deploy, Assault []Squad
	Engines         []int // enemy siege engines (by engine type), in the assault zone
}

// The periods of a turn (C-TURN-1).
const (
	Actions = "actions"
	Siege   = "siege"
	Over    = "over"
)

// State is a game in play.
type State struct {
	Players, Scenario, Turn, Turns int
	Heroes                         []string
	Period                         string
	First, Current                 int
	Actions                        []int // markers left per player
	Counter                        int   // markers on the action counter
	Bank                           [4]int
	Available                      [4]bool
	Buildings                      []int
	Sections                       []Section
	Ring                           []int // 0 none, 1 ditch, 2 moat
	Techs                          []bool
	Deck, Offer                    []int
	Unlocked                       []bool
	CollectBonus                   [4]int
	CapBonus                       [2]int // wall, tower
	Zones                          [4]Zone
	WaveSize                       int
	Breached                       []bool
	// Killed are the enemy units removed in the last siege period.
	Killed      int
	FirstBreach int
	Lost, Won   bool
	FreeTrained bool
	// Cast are the spells and the blessings cast this turn from the Mage
	// Tower's and the Chapel's slots (C-SPELL-2); Sorcery: the Sorcerer's
	// extra spell is cast (C-HERO-3); Pending are the casts waiting for
	// their siege stage.
	Cast    [2]int
	Sorcery bool
	Pending []Pending
	// Peak is the most of each component in use so far (Components).
	Peak map[string]int
	// Events are what the last step did, in words.
	Events []string
	// scratch is Allowed's trial state, reused.
	scratch *State
}

// Clone is a deep copy.
func (s *State) Clone() *State {
	c := *s
	c.Heroes = slices.Clone(s.Heroes)
	c.Actions = slices.Clone(s.Actions)
	c.Buildings = slices.Clone(s.Buildings)
	c.Sections = make([]Section, len(s.Sections))
	for i, x := range s.Sections {
		x.Units = slices.Clone(x.Units)
		x.Bonus = slices.Clone(x.Bonus)
		x.Squads = cloneSquads(x.Squads)
		x.Engines = slices.Clone(x.Engines)
		c.Sections[i] = x
	}
	c.Ring = slices.Clone(s.Ring)
	c.Techs = slices.Clone(s.Techs)
	c.Deck = slices.Clone(s.Deck)
	c.Offer = slices.Clone(s.Offer)
	c.Unlocked = slices.Clone(s.Unlocked)
	for i, z := range s.Zones {
		c.Zones[i] = Zone{Deploy: cloneSquads(z.Deploy), Assault: cloneSquads(z.Assault), Engines: slices.Clone(z.Engines)}
	}
	c.Breached = slices.Clone(s.Breached)
	c.Pending = slices.Clone(s.Pending)
	c.Peak = make(map[string]int, len(s.Peak))
	for k, v := range s.Peak {
		c.Peak[k] = v
	}
	c.Events = nil
	c.scratch = nil
	return &c
}

// copyInto makes dst a copy of s for a trial decision of the action
// period, reusing dst's slices (Allowed's scratch state: no allocation
// once warm). Peak and Events are not copied.
func (s *State) copyInto(dst *State) {
	units, bonus := make([][]int, len(dst.Sections)), make([][]int, len(dst.Sections))
	for i := range dst.Sections {
		units[i], bonus[i] = dst.Sections[i].Units, dst.Sections[i].Bonus
	}
	keep := *dst
	*dst = *s
	dst.scratch = nil
	dst.Heroes = s.Heroes // read only
	dst.Actions = append(keep.Actions[:0], s.Actions...)
	dst.Buildings = append(keep.Buildings[:0], s.Buildings...)
	dst.Sections = append(keep.Sections[:0], s.Sections...)
	for i := range dst.Sections {
		var u, b []int
		if i < len(units) {
			u, b = units[i], bonus[i]
		}
		dst.Sections[i].Units = append(u[:0], s.Sections[i].Units...)
		dst.Sections[i].Bonus = append(b[:0], s.Sections[i].Bonus...)
		dst.Sections[i].Squads = cloneSquads(s.Sections[i].Squads)
		dst.Sections[i].Engines = slices.Clone(s.Sections[i].Engines)
	}
	dst.Ring = append(keep.Ring[:0], s.Ring...)
	dst.Techs = append(keep.Techs[:0], s.Techs...)
	dst.Deck = append(keep.Deck[:0], s.Deck...)
	dst.Offer = append(keep.Offer[:0], s.Offer...)
	dst.Unlocked = append(keep.Unlocked[:0], s.Unlocked...)
	for i, z := range s.Zones {
		dst.Zones[i] = Zone{Deploy: cloneSquads(z.Deploy), Assault: cloneSquads(z.Assault), Engines: append([]int(nil), z.Engines...)}
	}
	dst.Breached = append(keep.Breached[:0], s.Breached...)
	dst.Pending = append(keep.Pending[:0], s.Pending...)
	dst.Peak = nil
	dst.Events = keep.Events[:0]
}

func cloneSquads(q []Squad) []Squad {
	if q == nil {
		return nil
	}
	out := make([]Squad, len(q))
	for i, x := range q {
		x.Support = slices.Clone(x.Support)
		out[i] = x
	}
	return out
}

func (s *State) say(format string, args ...any) {
	s.Events = append(s.Events, fmt.Sprintf(format, args...))
}

// Defenders are every defender unit in play.
func (s *State) Defenders() int {
	n := 0
	for i := range s.Sections {
		n += s.Sections[i].Defenders()
	}
	return n
}

// EnemiesOnBoard are the enemy units in the zones and attached to sections.
func (s *State) EnemiesOnBoard() int {
	n := 0
	for _, z := range s.Zones {
		for _, q := range z.Deploy {
			n += q.Size()
		}
		for _, q := range z.Assault {
			n += q.Size()
		}
	}
	for i := range s.Sections {
		for _, q := range s.Sections[i].Squads {
			n += q.Size()
		}
	}
	return n
}

// Components are the names of the counted components, in report order.
var Components = []string{"actionMarkers", "buildingTokens", "fortificationTokens", "ditchTokens", "moatTokens", "defenders", "enemies", "resourceMarkers", "siegeEngines"}

// InUse is how many of each counted component are in play (C-COMP-2).
func (r *Rules) InUse(s *State) map[string]int {
	m := make(map[string]int, len(Components))
	for _, k := range Components {
		m[k] = r.inUse(s, k)
	}
	return m
}

// inUse is how many of one counted component are in play.
func (r *Rules) inUse(s *State, name string) int {
	n := 0
	switch name {
	case "actionMarkers":
		n = s.Counter
		for _, a := range s.Actions {
			n += a
		}
	case "buildingTokens":
		for _, l := range s.Buildings {
			n += l // C-COMP-5: one token per level
		}
	case "fortificationTokens":
		for i := range s.Sections {
			if s.Sections[i].Level > 0 {
				n++ // C-COMP-4: one token shows the level
			}
		}
	case "ditchTokens", "moatTokens":
		want := 1
		if name == "moatTokens" {
			want = 2
		}
		for _, k := range s.Ring {
			if k == want {
				n++
			}
		}
	case "defenders":
		n = s.Defenders()
	case "enemies":
		n = s.EnemiesOnBoard()
	case "resourceMarkers":
		for _, v := range s.Bank {
			n += v
		}
	case "siegeEngines":
		for _, z := range s.Zones {
			n += len(z.Engines)
		}
		for i := range s.Sections {
			n += len(s.Sections[i].Engines) // mounted (C-ENGINE-1)
		}
	}
	return n
}

// Cap is the printed count of a counted component.
func (r *Rules) Cap(name string) int {
	c := r.C.Components
	switch name {
	case "actionMarkers":
		return c.ActionMarkers
	case "buildingTokens":
		return c.BuildingTokens
	case "fortificationTokens":
		return c.FortificationTokens
	case "ditchTokens":
		return c.DitchTokens
	case "moatTokens":
		return c.MoatTokens
	case "defenders":
		return c.Defenders
	case "enemies":
		return c.Enemies
	case "resourceMarkers":
		return c.ResourceMarkers
	case "siegeEngines":
		return c.SiegeEngines
	}
	return 0
}

// left is how many of a component remain in the supply.
func (r *Rules) left(s *State, name string) int { return r.Cap(name) - r.inUse(s, name) }

func (r *Rules) track(s *State) {
	if s.Peak == nil {
		s.Peak = map[string]int{}
	}
	for _, k := range Components {
		if v := r.inUse(s, k); v > s.Peak[k] {
			s.Peak[k] = v
		}
	}
}

// Capacity is the most units section i holds (C-DEF-7, C-FORT-15, C-RES-3).
func (r *Rules) Capacity(s *State, i int) int {
	sec := &r.C.Sections[i]
	k := 0
	if sec.Kind == "tower" {
		k = 1
	}
	return r.C.Fortifications.Levels(sec.Kind)[s.Sections[i].Level].Capacity + s.CapBonus[k]
}

func (r *Rules) level(s *State, i int) *cvcatalog.FortLevel {
	return &r.C.Fortifications.Levels(r.C.Sections[i].Kind)[s.Sections[i].Level]
}
