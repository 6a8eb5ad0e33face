package wsengine

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"wbtool.dev/wbtool/engine/checkkit"
	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
	"wbtool.dev/wbtool/internal/suggest"
)

// A check game (DESIGN.md, "Check games") for Warstuff: a table, figures
// with inline profiles and preset states, and a script of decisions with
// forced dice, expectations and `fails:` codes. These are the engine's
// own structs; the CUE schema (games/warstuff/wsschema/cue/checks.cue)
// decodes into them field for field.

// Check is one check game.
type Check struct {
	ID       string   `json:"id"`
	Pos      string   `json:"-"` // file:line of the check, for reports
	Rules    []string `json:"rules,omitempty"`
	Scenario string   `json:"scenario,omitempty"` // skirmish (default), standard, invasion
	Size     float64  `json:"size,omitempty"`     // 32 by default (36 in a big game)
	// Format: the points per band (50 by default); above 50 a standard
	// game is a big game (WS-BIG-1 to 3).
	Format  int          `json:"format,omitempty"`
	Terrain []CheckPiece `json:"terrain,omitempty"`
	// Objectives: the markers; default: the scenario's.
	Objectives [][2]float64 `json:"objectives,omitempty"`
	// First: the side with the first go of the first turn (the attacker).
	First string `json:"first,omitempty"`
	// Turn: the turn the check starts in (1 by default).
	Turn int `json:"turn,omitempty"`
	// StartDice: the dice rolled as the turn starts (game end, initiative,
	// creature phase).
	StartDice []int8 `json:"startDice,omitempty"`
	// Profiles: named profiles figures may use.
	Profiles map[string]ProfileSpec `json:"profiles,omitempty"`
	Figures  []CheckFigure          `json:"figures"`
	// Invasion: the creatures and the number of hero players.
	Creatures *CheckCreatures `json:"creatures,omitempty"`
	Players   int             `json:"players,omitempty"`
	// Variants of the invasion (WS-VAR-1, WS-VAR-5).
	LateArrival bool `json:"lateArrival,omitempty"`
	BitterEnd   bool `json:"bitterEnd,omitempty"`
	// Clock: Against the Clock's record to beat, in turns (WS-VAR-2).
	Clock int `json:"clock,omitempty"`
	// Everywhere: They Come From Everywhere's spawn dice per player, −2 to
	// +2 (WS-VAR-4).
	Everywhere int `json:"everywhere,omitempty"`
	// SmartCreatures: creatures move by SmartCreatures (WS-VAR-3).
	SmartCreatures bool `json:"smartCreatures,omitempty"`
	// MoreRandomness: a card each creature phase (WS-VAR-6, 7); StartCards
	// are the cards drawn as the check starts (suits, SuitIDs).
	MoreRandomness bool     `json:"moreRandomness,omitempty"`
	StartCards     []string `json:"startCards,omitempty"`
	// Sabotaged: objectives (numbered from 1) sabotaged earlier.
	Sabotaged []int `json:"sabotaged,omitempty"`
	// Seats: a multiplayer game's corner of each colour (SW, NW, NE, SE),
	// for any 3 or 4 colours; by default red SW, blue NW, green NE and
	// yellow SE (WS-BIG-5).
	Seats map[string]string `json:"seats,omitempty"`
	// Setup: the check plays the set-up as decisions (Game.Deploy): the
	// roll-off (StartDice), the attacker, the corners, each figure's
	// placement; the figures' At is then unused. Objectives given here
	// are those of an attacker in the SW corner: they turn with the
	// corner chosen (WS-SCEN-3).
	Setup  bool        `json:"setup,omitempty"`
	Script []CheckStep `json:"script"`
}

// CheckPiece is a terrain piece (WS-GEOM-5).
type CheckPiece struct {
	Shape       [][2]float64 `json:"shape"`
	Kinds       []string     `json:"kinds,omitempty"` // obstacle, dangerous, difficult, high
	Height      float64      `json:"height,omitempty"`
	BlocksSight bool         `json:"blocksSight,omitempty"`
	Cover       bool         `json:"cover,omitempty"`
	Access      []int        `json:"access,omitempty"`
}

// CheckFigure is a figure and its state at the start of the check.
type CheckFigure struct {
	Name      string       `json:"name"`
	Side      string       `json:"side"` // red (heroes in the invasion) or blue
	Band      int          `json:"band,omitempty"`
	Use       string       `json:"use,omitempty"` // a named profile
	Profile   *ProfileSpec `json:"profile,omitempty"`
	At        [2]float64   `json:"at"`
	Z         float64      `json:"z,omitempty"`
	Wounds    int          `json:"wounds,omitempty"`
	Stunned   bool         `json:"stunned,omitempty"`
	Cover     bool         `json:"cover,omitempty"`
	Overwatch bool         `json:"overwatch,omitempty"`
	Activated bool         `json:"activated,omitempty"`
	Reserve   bool         `json:"reserve,omitempty"`
	// ResilientUsed, HandOfFire: preset states (WS-BUILD-49, 28).
	ResilientUsed bool `json:"resilientUsed,omitempty"`
	// Eliminated: eliminated earlier in the game (its cost is lost,
	// WS-MORALE-1, and scored, WS-SCEN-8).
	Eliminated bool `json:"eliminated,omitempty"`
	HandOfFire bool `json:"handOfFire,omitempty"`
}

// CheckCreatures are the invasion's creatures (WS-INV-15 to 17).
type CheckCreatures struct {
	Spawn     string    `json:"spawn"`
	Merge     [3]string `json:"merge,omitempty"` // zol, mega-zol, giga-zol
	SpawnDice int       `json:"spawnDice,omitempty"`
}

// CheckWay is a waypoint of a path.
type CheckWay struct {
	At   [2]float64 `json:"at"`
	Drop bool       `json:"drop,omitempty"`
	Jump bool       `json:"jump,omitempty"`
}

// CheckStep is a decision, an expectation, or both.
type CheckStep struct {
	Do          string      `json:"do,omitempty"` // an option id, pass, first, interrupt, no-interrupt, post-move, device, riposte, furious, decline, morale
	Side        string      `json:"side,omitempty"`
	Unit        string      `json:"unit,omitempty"`
	Path        []CheckWay  `json:"path,omitempty"`
	Target      string      `json:"target,omitempty"`
	Weapon      int         `json:"weapon,omitempty"`
	Axis        *[2]float64 `json:"axis,omitempty"`
	Chain       []string    `json:"chain,omitempty"`
	Heal        string      `json:"heal,omitempty"`
	Suicide     bool        `json:"suicide,omitempty"`
	Power       string      `json:"power,omitempty"`
	PowerTarget string      `json:"powerTarget,omitempty"`
	PowerAxis   *[2]float64 `json:"powerAxis,omitempty"`
	PowerLate   bool        `json:"powerLate,omitempty"`
	// Powers: several powers named at once (power, if given, first);
	// the engine refuses all but one (WS-BUILD-21).
	Powers []string `json:"powers,omitempty"`
	// NoAttack: the charger does not attack (WS-MELEE-2).
	NoAttack bool       `json:"noAttack,omitempty"`
	At       float64    `json:"at,omitempty"`
	After    []CheckWay `json:"after,omitempty"`
	Choice   string     `json:"choice,omitempty"`
	Dir      string     `json:"dir,omitempty"`   // first: clockwise or anticlockwise (multiplayer, WS-BIG-6)
	Order    []string   `json:"order,omitempty"` // whose hits are resolved first (WS-SHOOT-7)
	// Corner: the corner a player chooses (corner: SW, NW, NE, SE).
	Corner string `json:"corner,omitempty"`
	// To: where deploy or infiltrate places the unit.
	To     *[2]float64 `json:"to,omitempty"`
	Cards  []string    `json:"cards,omitempty"` // the cards drawn (More Randomness, WS-VAR-6)
	Dice   []int8      `json:"dice,omitempty"`
	Fails  string      `json:"fails,omitempty"`
	Expect *Expect     `json:"expect,omitempty"`
}

// Expect is what must hold after a step.
type Expect struct {
	Figures   map[string]ExpectFigure `json:"figures,omitempty"`
	Turn      int                     `json:"turn,omitempty"`
	ToAct     string                  `json:"toAct,omitempty"`
	Pending   string                  `json:"pending,omitempty"`
	Winner    string                  `json:"winner,omitempty"`  // red, blue, draw
	Winners   []string                `json:"winners,omitempty"` // the sides sharing the victory (WS-BIG-10)
	VP        map[string]int          `json:"vp,omitempty"`
	Sabotaged []int                   `json:"sabotaged,omitempty"`
	Creatures *int                    `json:"creatures,omitempty"` // creatures in play
	Events    []string                `json:"events,omitempty"`    // each must start one of the step's events
	NoEvents  []string                `json:"noEvents,omitempty"`  // none may
	Last      *bool                   `json:"last,omitempty"`      // this turn is the last
	// Control: per objective, the side controlling it or "none".
	Control []string `json:"control,omitempty"`
	// Attacker: the attacker (WS-SCEN-2); Corners: each colour's corner
	// (WS-SCEN-3, WS-BIG-5); Objectives: where the objectives lie, after
	// the corners turned them (within 0.01").
	Attacker   string            `json:"attacker,omitempty"`
	Corners    map[string]string `json:"corners,omitempty"`
	Objectives [][2]float64      `json:"objectives,omitempty"`
}

// ExpectFigure is what must hold of one figure.
type ExpectFigure struct {
	Wounds     *int        `json:"wounds,omitempty"`
	Quality    *int        `json:"quality,omitempty"`
	Stunned    *bool       `json:"stunned,omitempty"`
	Cover      *bool       `json:"cover,omitempty"`
	Overwatch  *bool       `json:"overwatch,omitempty"`
	InPlay     *bool       `json:"inPlay,omitempty"`
	Eliminated *bool       `json:"eliminated,omitempty"`
	Activated  *bool       `json:"activated,omitempty"`
	At         *[2]float64 `json:"at,omitempty"` // within 0.01"
	Z          *float64    `json:"z,omitempty"`
	Profile    string      `json:"profile,omitempty"`
	Controls   *int        `json:"controls,omitempty"` // objective number it helps control
	Reserve    *bool       `json:"reserve,omitempty"`  // in reserve (WS-BUILD-54)
	Unplaced   *bool       `json:"unplaced,omitempty"` // still to be deployed (setup)
}

// CheckFailure is the first step that went otherwise than scripted.
type CheckFailure struct {
	Step int // 1-based
	Msg  string
}

// CheckResult is the outcome of one check game.
type CheckResult struct {
	ID      string
	Pos     string
	Rules   []string
	Failure *CheckFailure
	Err     error // the check cannot run (a mistake in its text)
	// ErrStep is the step (from 1) Err met, 0 for the set-up.
	ErrStep int
}

// Passed reports whether the check ran and every step went as scripted.
func (r *CheckResult) Passed() bool { return r.Failure == nil && r.Err == nil }

// sideNames name the sides in check games and logs: red and blue, and
// green and yellow in multiplayer games (their corners: SW, NW, NE, SE).
var sideNames = [MaxSides]string{"red", "blue", "green", "yellow"}

// cornerIDs name the corners in check games' seats (WS-GEOM-1), in the
// engine's order: around the table.
var cornerIDs = [4]string{"SW", "NW", "NE", "SE"}

// sideOf is the side of a colour in this check: the colour's own index,
// or its rank among the seated colours of a multiplayer game.
func (r *checkRun) sideOf(name string) (int8, error) {
	i, err := sideOf(name)
	if err != nil || r.seated == 0 {
		return i, err
	}
	if name == "" {
		name = sideNames[0]
	}
	for k := range r.seated {
		if r.colours[k] == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("side %q: no %s player in this game", name, name)
}

// colour is side's colour in this check.
func (r *checkRun) colour(side int8) string { return r.s.g.sideName(side) }

// seat finds a multiplayer game's players: the colours of the figures and
// of the seats, 3 or 4 of them (WS-BIG-4), each in its corner (seats, or
// its colour's own corner).
func (r *checkRun) seat() error {
	c := r.c
	var used [MaxSides]bool
	for _, f := range c.Figures {
		i, err := sideOf(f.Side)
		if err != nil {
			return fmt.Errorf("figure %s: %v", f.Name, err)
		}
		used[i] = true
	}
	for _, col := range slices.Sorted(maps.Keys(c.Seats)) {
		i, err := sideOf(col)
		if err != nil {
			return fmt.Errorf("seats: %v", err)
		}
		used[i] = true
	}
	if len(c.Seats) == 0 && !used[2] && !used[3] {
		return nil // two sides, red and blue
	}
	var taken [4]bool
	for i, col := range sideNames {
		if !used[i] {
			continue
		}
		corner := int8(i)
		if c.Setup {
			if len(c.Seats) > 0 {
				return fmt.Errorf("seats: with setup the players choose their corners (do: corner, WS-BIG-5)")
			}
			r.colours[r.seated], r.corners[r.seated] = col, -1
			r.seated++
			continue
		}
		if len(c.Seats) > 0 {
			id, ok := c.Seats[col]
			if !ok {
				return fmt.Errorf("seats: %s has figures but no seat", col)
			}
			k := slices.Index(cornerIDs[:], id)
			if k < 0 {
				return fmt.Errorf("seats: %s's corner %q: SW, NW, NE or SE", col, id)
			}
			corner = int8(k)
		}
		if taken[corner] {
			return fmt.Errorf("seats: two players in corner %s (WS-BIG-5: a free corner each)", cornerIDs[corner])
		}
		taken[corner] = true
		r.colours[r.seated], r.corners[r.seated] = col, corner
		r.seated++
	}
	if r.seated < 3 {
		return fmt.Errorf("seats: %d players; a multiplayer game has 3 or 4 (WS-BIG-4)", r.seated)
	}
	return nil
}

func sideOf(name string) (int8, error) {
	if name == "" {
		return 0, nil
	}
	if i := slices.Index(sideNames[:], name); i >= 0 {
		return int8(i), nil
	}
	return 0, fmt.Errorf("side %q: red, blue, green or yellow", name)
}

type checkRun struct {
	c *Check
	// seated: the players of a multiplayer game (0: two sides), side i
	// of colour colours[i] in corner corners[i]
	seated  int8
	colours [MaxSides]string
	corners [MaxSides]int8

	g     *Game
	s     *State
	names map[string]int8
	profs map[string]int16
	// trail is what the last steps did, for a failing step's message;
	// did and trace are the current step's decision and events
	trail      checkkit.Trail
	did, trace []string
}

// RunCheck plays a check game.
func RunCheck(c *Check) CheckResult {
	res := CheckResult{ID: c.ID, Pos: c.Pos, Rules: c.Rules}
	r := &checkRun{c: c}
	if err := r.setup(); err != nil {
		res.Err = err
		return res
	}
	for i := range c.Script {
		if f, err := r.step(i, &c.Script[i]); err != nil {
			res.Err, res.ErrStep = fmt.Errorf("step %d: %v", i+1, err), i+1
			return res
		} else if f != "" {
			res.Failure = &CheckFailure{Step: i + 1, Msg: f + r.trail.Before()}
			return res
		}
		if r.did != nil {
			r.trail.Add(i+1, strings.Join(r.did, ", "), r.trace)
		}
	}
	return res
}

// RunChecks plays check games in order.
func RunChecks(cs []Check) []CheckResult {
	out := make([]CheckResult, len(cs))
	for i := range cs {
		out[i] = RunCheck(&cs[i])
	}
	return out
}

func vec(p [2]float64) geom.Vec { return geom.Vec{X: p[0], Y: p[1]} }

func (r *checkRun) setup() error {
	c := r.c
	scen := c.Scenario
	if scen == "" {
		scen = Skirmish
	}
	if scen != Skirmish && scen != Standard && scen != Invasion {
		return fmt.Errorf("scenario %q: skirmish, standard or invasion", scen)
	}
	if err := r.seat(); err != nil {
		return err
	}
	first, err := sideOf(c.First)
	if err != nil {
		return err
	}
	if r.seated > 0 {
		first = 0 // initiative is rolled every turn (WS-BIG-6)
	}
	g := &Game{Scenario: scen, Size: c.Size, Format: max(c.Format, 50), Attacker: first, Spawn: -1, Merge: [3]int16{-1, -1, -1}, Players: max(c.Players, 1)}
	switch {
	case g.Size != 0:
	case g.Format > 50 && scen == Standard:
		g.Size = 36 // WS-BIG-1
	default:
		g.Size = 32
	}
	for i, p := range c.Terrain {
		pc := Piece{Height: p.Height, BlocksSight: p.BlocksSight, Cover: p.Cover, Access: p.Access}
		var pg geom.Polygon
		for _, v := range p.Shape {
			pg = append(pg, vec(v))
		}
		pc.Shape = geom.NewShape(pg)
		if len(pg) < 3 {
			return fmt.Errorf("terrain %d: a shape has at least 3 corners", i+1)
		}
		if err := pc.setKinds(p.Kinds); err != nil {
			return fmt.Errorf("terrain %d: %v", i+1, err)
		}
		g.Pieces = append(g.Pieces, pc)
	}
	switch {
	case c.Objectives != nil:
		for _, o := range c.Objectives {
			g.Objectives = append(g.Objectives, vec(o))
		}
		if scen == Standard {
			_, g.ObjectiveVP = StandardObjectives(g.Size)
		}
	case scen == Standard:
		g.standardObjectives()
	case scen == Invasion:
		g.Objectives = InvasionObjectives(g.Size)
	}
	// profiles: named ones (sorted), then inline ones
	var specs []ProfileSpec
	ids := make([]string, 0, len(c.Profiles))
	for id := range c.Profiles {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		sp := c.Profiles[id]
		sp.ID = id
		specs = append(specs, sp)
	}
	for _, f := range c.Figures {
		if f.Profile != nil {
			sp := *f.Profile
			sp.ID = f.Name
			specs = append(specs, sp)
		}
	}
	ps, idx, err := Profiles(specs)
	if err != nil {
		return err
	}
	g.Profiles = ps
	r.profs = idx
	r.names = map[string]int8{}
	for _, f := range c.Figures {
		if _, dup := r.names[f.Name]; dup || f.Name == "" {
			return fmt.Errorf("figure %q: each figure has its own name", f.Name)
		}
		side, err := r.sideOf(f.Side)
		if err != nil {
			return fmt.Errorf("figure %s: %v", f.Name, err)
		}
		p := idx[f.Name]
		if f.Profile == nil {
			var ok bool
			if p, ok = idx[f.Use]; !ok {
				return fmt.Errorf("figure %s: no profile %q%s", f.Name, f.Use, suggest.Hint(f.Use, ids))
			}
		}
		r.names[f.Name] = int8(len(g.Figs))
		g.Figs = append(g.Figs, FigSetup{Name: f.Name, Profile: p, Side: side, Band: int8(f.Band) + 2*side*b2i(scen != Invasion), At: vec(f.At), Z: f.Z, Reserve: f.Reserve})
	}
	if r.seated > 0 { // a multiplayer game (WS-BIG-4)
		if scen != Standard {
			return fmt.Errorf("green and yellow figures or seats: a multiplayer game is a standard one")
		}
		g.Sides = int(r.seated)
		for i := range r.seated {
			g.Corners[i], g.SideNames[i] = r.corners[i], r.colours[i]
		}
		if c.Size == 0 {
			g.Size = 36
		}
		if c.Objectives == nil {
			g.Objectives, _ = BigObjectives(g.Size)
		}
		g.ObjectiveVP, g.SideVP = []int16{10, 5, 5, 5, 5}, nil
	} else {
		g.Sides = 0
	}
	if cr := c.Creatures; cr != nil {
		var ok bool
		if g.Spawn, ok = idx[cr.Spawn]; !ok {
			return fmt.Errorf("creatures: no profile %q%s", cr.Spawn, suggest.Hint(cr.Spawn, ids))
		}
		if cr.Merge[0] != "" {
			for k, id := range cr.Merge {
				if g.Merge[k], ok = idx[id]; !ok {
					return fmt.Errorf("creatures: no profile %q%s", id, suggest.Hint(id, ids))
				}
			}
		}
		g.SpawnDice = cr.SpawnDice
	}
	g.LateArrival, g.BitterEnd, g.Clock, g.Everywhere = c.LateArrival, c.BitterEnd, c.Clock, c.Everywhere
	if c.Everywhere != 0 && scen != Invasion {
		return fmt.Errorf("everywhere: They Come From Everywhere is a variant of the invasion (WS-VAR-4)")
	}
	if c.SmartCreatures {
		g.CreatureMove = SmartCreatures
	}
	g.MoreRandomness = c.MoreRandomness
	g.Deploy = c.Setup
	if c.Setup {
		if c.Turn > 1 {
			return fmt.Errorf("turn %d: the set-up comes before turn 1", c.Turn)
		}
		for _, f := range c.Figures {
			if f.Reserve || f.Eliminated || f.Activated {
				return fmt.Errorf("figure %s: with setup it starts unplaced; reserve is a decision (do: reserve)", f.Name)
			}
		}
	}
	r.g = g
	s, err := NewState(g, 1)
	if err != nil {
		return err
	}
	for i, f := range c.Figures {
		fig := &s.figs[i]
		fig.Wounds = int8(f.Wounds)
		set := func(on bool, fl uint16) {
			if on {
				fig.Flags |= fl
			}
		}
		set(f.Stunned, fStunned)
		set(f.Cover, fCover)
		set(f.Overwatch, fOverwatch)
		set(f.Activated, fActivated)
		set(f.ResilientUsed, fResilientUsed)
		set(f.HandOfFire, fHandOfFire)
		if f.Eliminated {
			x := &ctx{}
			s.eliminate(x, int8(i))
		}
	}
	for _, o := range c.Sabotaged {
		if o < 1 || o > len(g.Objectives) {
			return fmt.Errorf("sabotaged: no objective %d", o)
		}
		s.sab |= 1 << (o - 1)
	}
	r.s = s
	cards, err := suitsOf(c.StartCards)
	if err != nil {
		return fmt.Errorf("startCards: %v", err)
	}
	dice := &Dice{Forced: c.StartDice, Strict: true, Cards: cards}
	x := &ctx{dice: dice}
	presets := func() {
		for i, f := range c.Figures {
			if f.Activated {
				s.figs[i].Flags |= fActivated
			}
		}
	}
	if scen == Invasion && c.LateArrival && c.Turn <= 1 || c.Setup {
		// the spawning before turn 1 runs first (WS-VAR-1), and the
		// set-up
		if err := s.advance(x); err != nil {
			return fmt.Errorf("start: %v", err)
		}
		presets()
	} else {
		// the turn starts with the presets in place
		s.turn = int16(max(c.Turn, 1) - 1)
		s.newTurn(x)
		presets()
		if scen == Invasion {
			s.phase = phCreatures
			if err := s.drawCard(x); err != nil {
				return fmt.Errorf("start: %v", err)
			}
		} else if err := s.beginTurn(x); err != nil {
			return fmt.Errorf("start: %v", err)
		}
		// a side left with nothing to activate passes at once (WS-ACT-3)
		if s.pend == pendGo && !s.sideCanAct(s.toAct) {
			s.pend = pendNone
			s.passes++
			s.goes++
		}
		if err := s.advance(x); err != nil {
			return fmt.Errorf("start: %v", err)
		}
	}
	if dice.Left() > 0 {
		return fmt.Errorf("start: %d start dice left unused", dice.Left())
	}
	return nil
}

func b2i(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

func (r *checkRun) fig(name string) (int8, error) {
	if name == "" {
		return NoFig, nil
	}
	if i, ok := r.names[name]; ok {
		return i, nil
	}
	if strings.HasPrefix(name, "creature") { // spawned: creature<number>
		var n int
		if _, err := fmt.Sscanf(name, "creature%d", &n); err == nil && n >= 0 && n < int(r.s.n) {
			return int8(n), nil
		}
	}
	names := make([]string, 0, len(r.names))
	for n := range r.names {
		names = append(names, n)
	}
	sort.Strings(names)
	return NoFig, fmt.Errorf("unknown figure %q%s", name, suggest.Hint(name, names))
}

func path(ws []CheckWay) (Path, error) {
	var p Path
	if len(ws) > MaxWay {
		return p, fmt.Errorf("a path has at most %d waypoints", MaxWay)
	}
	for i, w := range ws {
		p.W[i] = Way{P: vec(w.At), Drop: w.Drop, Jump: w.Jump}
	}
	p.N = int8(len(ws))
	return p, nil
}

// decision builds the step's decision.
func (r *checkRun) decision(st *CheckStep) (Decision, error) {
	s := r.s
	f, err := r.fig(st.Unit)
	if err != nil {
		return Decision{}, err
	}
	side := s.toAct
	if st.Side != "" {
		if side, err = r.sideOf(st.Side); err != nil {
			return Decision{}, err
		}
	} else if f >= 0 && st.Do != "interrupt" && st.Do != "device" && st.Do != "post-move" {
		side = s.figs[f].Side
	}
	d := NewDecision(Activate, side, f)
	switch st.Do {
	case "pass":
		d.Kind = Pass
	case "first":
		d.Kind = First
		if d.Choice, err = r.sideOf(st.Choice); err != nil {
			return d, err
		}
		switch st.Dir {
		case "clockwise":
			d.Dir = 1
		case "anticlockwise":
			d.Dir = -1
		case "":
		default:
			return d, fmt.Errorf("dir %q: clockwise or anticlockwise", st.Dir)
		}
	case "interrupt":
		d.Kind = Interrupt
		d.At = st.At
	case "no-interrupt":
		d.Kind = NoInterrupt
	case "post-move":
		d.Kind = PostMove
	case "device":
		d.Kind = Device
	case "riposte":
		d.Kind = Riposte
	case "furious":
		d.Kind = FuriousAttack
	case "decline":
		d.Kind = Decline
	case "morale":
		d.Kind = MoraleTest
	case "attacker":
		d.Kind = Attacker
		if d.Choice, err = r.sideOf(st.Choice); err != nil {
			return d, err
		}
	case "corner":
		d.Kind = Corner
		k := slices.Index(cornerIDs[:], st.Corner)
		if k < 0 {
			return d, fmt.Errorf("corner %q: SW, NW, NE or SE", st.Corner)
		}
		d.Choice = int8(k)
	case "deploy", "infiltrate":
		d.Kind = Deploy
		if st.Do == "infiltrate" {
			d.Kind = Infiltrate
		}
		if st.To == nil {
			return d, fmt.Errorf("%s: where to, to: [x, y]", st.Do)
		}
		d.Path = Line(vec(*st.To))
		return d, nil
	case "reserve":
		d.Kind = Reserve
		return d, nil
	default:
		o := slices.Index(OptionIDs[:creature], st.Do)
		if o <= 0 {
			return d, fmt.Errorf("do %q: an option (%s) or pass, first, interrupt, no-interrupt, post-move, device, riposte, furious, decline, morale, attacker, corner, deploy, infiltrate, reserve",
				st.Do, strings.Join(OptionIDs[1:creature], ", "))
		}
		d.Option = Option(o)
	}
	if d.Path, err = path(st.Path); err != nil {
		return d, err
	}
	if d.After, err = path(st.After); err != nil {
		return d, err
	}
	if d.Target, err = r.fig(st.Target); err != nil {
		return d, err
	}
	if d.Heal, err = r.fig(st.Heal); err != nil {
		return d, err
	}
	if d.PowerTarget, err = r.fig(st.PowerTarget); err != nil {
		return d, err
	}
	if len(st.Chain) > len(d.Chain) {
		return d, fmt.Errorf("chain: at most %d follow-ups", len(d.Chain))
	}
	for i, n := range st.Chain {
		if d.Chain[i], err = r.fig(n); err != nil {
			return d, err
		}
	}
	if len(st.Order) > len(d.Order) {
		return d, fmt.Errorf("order: at most %d figures", len(d.Order))
	}
	for i, n := range st.Order {
		if d.Order[i], err = r.fig(n); err != nil {
			return d, err
		}
	}
	d.Weapon = int8(st.Weapon)
	if st.Axis != nil {
		d.Axis = vec(*st.Axis)
	}
	if st.PowerAxis != nil {
		d.PowerAxis = vec(*st.PowerAxis)
	}
	var named []string
	if st.Power != "" {
		named = append(named, st.Power)
	}
	for _, id := range append(named, st.Powers...) {
		i := slices.IndexFunc(PowerSpecs[:], func(p PowerSpec) bool { return p.ID == id })
		if i < 0 {
			ids := make([]string, len(PowerSpecs))
			for j, p := range PowerSpecs {
				ids[j] = p.ID
			}
			return d, fmt.Errorf("power %q%s", id, suggest.Hint(id, ids))
		}
		if d.Power == 0 {
			d.Power = int8(i) + 1
		} else {
			d.MorePowers++
		}
	}
	d.PowerLate = st.PowerLate
	d.Suicide = st.Suicide
	d.NoAttack = st.NoAttack
	return d, nil
}

// step plays one step; it returns a failure message, or an error for a
// mistake in the check's text.
func (r *checkRun) step(i int, st *CheckStep) (string, error) {
	s := r.s
	var ev []Event
	if st.Do != "" {
		d, err := r.decision(st)
		if err != nil {
			return "", err
		}
		cards, err := suitsOf(st.Cards)
		if err != nil {
			return "", fmt.Errorf("cards: %v", err)
		}
		dice := &Dice{Forced: st.Dice, Strict: true, Cards: cards}
		before := s.Hash()
		ev, err = s.Do(d, dice, nil)
		r.did, r.trace = []string{strings.TrimSpace(st.Do + " " + st.Unit)}, nil // for the trail
		for j := range ev {
			r.trace = append(r.trace, ev[j].Format(r.g))
		}
		if st.Fails != "" {
			r.trace = []string{"refused as scripted: " + st.Fails}
		}
		code := Code(err)
		switch {
		case st.Fails != "":
			if err == nil {
				return fmt.Sprintf("%s: expected to fail with %q, it was allowed", st.Do, st.Fails), nil
			}
			if code != st.Fails {
				return fmt.Sprintf("%s: expected to fail with %q, failed with %q", st.Do, st.Fails, err.Error()), nil
			}
			if s.Hash() != before {
				return fmt.Sprintf("%s: a refused decision changed the state", st.Do), nil
			}
		case err != nil:
			return fmt.Sprintf("%s: refused: %v", st.Do, err), nil
		case dice.Left() > 0:
			return fmt.Sprintf("%s: %d forced dice left unused (events: %s)", st.Do, dice.Left(), r.events(ev)), nil
		}
	} else if st.Fails != "" || len(st.Dice) > 0 || len(st.Cards) > 0 {
		return "", fmt.Errorf("fails and dice need a decision (do)")
	} else {
		r.did = nil // an expectation alone: nothing for the trail
	}
	if st.Expect != nil {
		if msg := r.expect(st.Expect, ev); msg != "" {
			return msg, nil
		}
	}
	_ = i
	return "", nil
}

func (r *checkRun) events(ev []Event) string {
	out := make([]string, len(ev))
	for i := range ev {
		out[i] = ev[i].Format(r.g)
	}
	return strings.Join(out, "; ")
}

var pendNames = map[pending]string{pendGo: "go", pendFirst: "first", pendOverwatch: "overwatch", pendPostMove: "post-move",
	pendFree: "free", pendDevice: "device", pendOver: "over", pendNone: "none",
	pendRiposte: "riposte", pendFurious: "furious", pendMorale: "morale",
	pendAttacker: "attacker", pendCorner: "corner", pendDeploy: "deploy"}

func (r *checkRun) expect(e *Expect, ev []Event) string {
	s := r.s
	var bad checkkit.Diffs
	want := func(what string, got, exp any) { bad.Want(what, exp, got) }
	for _, n := range slices.Sorted(maps.Keys(e.Figures)) {
		xf := e.Figures[n]
		i, err := r.fig(n)
		if err != nil {
			return err.Error()
		}
		f := &s.figs[i]
		checkkit.Opt(&bad, n+" wounds", xf.Wounds, f.Wounds)
		checkkit.Opt(&bad, n+" quality", xf.Quality, s.quality(i))
		flag := func(what string, p *bool, fl uint16) { checkkit.Opt(&bad, n+" "+what, p, f.has(fl)) }
		flag("stunned", xf.Stunned, fStunned)
		flag("cover", xf.Cover, fCover)
		flag("overwatch", xf.Overwatch, fOverwatch)
		flag("inPlay", xf.InPlay, fInPlay)
		flag("eliminated", xf.Eliminated, fEliminated)
		flag("activated", xf.Activated, fActivated)
		if xf.At != nil && geom.Dist(f.P, vec(*xf.At)) > 0.01 {
			bad.Add("%s at: expected %v, got [%.3f, %.3f]", n, *xf.At, f.P.X, f.P.Y)
		}
		if xf.Z != nil && math.Abs(f.Z-*xf.Z) > 1e-6 {
			want(n+" z", f.Z, *xf.Z)
		}
		if xf.Profile != "" {
			want(n+" profile", s.prof(i).ID, xf.Profile)
		}
		flag("reserve", xf.Reserve, fReserve)
		flag("unplaced", xf.Unplaced, fUnplaced)
		if xf.Controls != nil {
			want(fmt.Sprintf("objective %d controller", *xf.Controls), s.Controller(*xf.Controls-1), int(f.Side))
		}
	}
	if e.Turn != 0 {
		want("turn", s.turn, e.Turn)
	}
	if e.ToAct != "" {
		want("to act", r.colour(s.toAct), e.ToAct)
	}
	if e.Pending != "" {
		want("pending", pendNames[s.pend], e.Pending)
	}
	if e.Winner != "" {
		w := "undecided"
		switch {
		case s.winner == Draw:
			w = "draw"
		case s.winner >= 0:
			w = r.colour(s.winner)
		}
		want("winner", w, e.Winner)
	}
	if e.Winners != nil {
		var got []string
		for i := range MaxSides {
			if s.winners&(1<<i) != 0 {
				got = append(got, r.colour(int8(i)))
			}
		}
		want("winners", got, e.Winners)
	}
	for _, side := range sideNames {
		if v, ok := e.VP[side]; ok {
			sd, err := r.sideOf(side)
			if err != nil {
				return err.Error()
			}
			want(side+" VP", s.vp[sd], v)
		}
	}
	if e.Sabotaged != nil {
		var got []int
		for o := range s.g.Objectives {
			if s.Sabotaged(o) {
				got = append(got, o+1)
			}
		}
		want("sabotaged", got, e.Sabotaged)
	}
	if e.Creatures != nil {
		n := 0
		for i := range s.n {
			if s.figs[i].Side == 1 && s.inPlay(i) && int(i) >= len(r.g.Figs) {
				n++
			}
		}
		want("creatures spawned and in play", n, *e.Creatures)
	}
	if e.Control != nil {
		got := make([]string, len(s.g.Objectives))
		for o := range got {
			got[o] = "none"
			if c := s.Controller(o); c >= 0 {
				got[o] = r.colour(int8(c))
			}
		}
		want("control", got, e.Control)
	}
	if e.Last != nil {
		want("last turn", s.last, *e.Last)
	}
	if e.Attacker != "" {
		want("attacker", r.colour(s.g.Attacker), e.Attacker)
	}
	for _, col := range slices.Sorted(maps.Keys(e.Corners)) {
		sd, err := r.sideOf(col)
		if err != nil {
			return err.Error()
		}
		got := "none"
		if c := s.g.Corners[sd]; c >= 0 {
			got = cornerIDs[c&3]
		}
		want(col+" corner", got, e.Corners[col])
	}
	if e.Objectives != nil {
		var got [][2]float64
		same := len(e.Objectives) == len(s.g.Objectives)
		for i, o := range s.g.Objectives {
			got = append(got, [2]float64{math.Round(o.X*1000) / 1000, math.Round(o.Y*1000) / 1000})
			if same && geom.Dist(o, vec(e.Objectives[i])) > 0.01 {
				same = false
			}
		}
		if !same {
			want("objectives", got, e.Objectives)
		}
	}
	evs := make([]string, len(ev))
	for i := range ev {
		evs[i] = ev[i].Format(r.g)
	}
	for _, w := range e.Events {
		if !slices.ContainsFunc(evs, func(x string) bool { return strings.HasPrefix(x, w) }) {
			bad.Add("no event %q (events: %s)", w, strings.Join(evs, "; "))
		}
	}
	for _, w := range e.NoEvents {
		if slices.ContainsFunc(evs, func(x string) bool { return strings.HasPrefix(x, w) }) {
			bad.Add("unexpected event %q (events: %s)", w, strings.Join(evs, "; "))
		}
	}
	return bad.String()
}

// suitsOf reads card suits by their ids (SuitIDs).
func suitsOf(ids []string) ([]int8, error) {
	var out []int8
	for _, id := range ids {
		i := slices.Index(SuitIDs[:], id)
		if i < 0 {
			return nil, fmt.Errorf("card %q%s", id, suggest.Hint(id, SuitIDs[:]))
		}
		out = append(out, int8(i))
	}
	return out, nil
}
