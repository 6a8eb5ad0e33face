package wbengine

import (
	"fmt"
	"sort"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// Limits of the dense state. They cover both formats with room to spare.
const (
	MaxUnits   = 24 // Characters in play, both sides
	MaxColours = 8  // Order token colours (factions)
	MaxSpaces  = 32 // Action spaces on the board
	MaxMarkers = 16 // scenario markers
	MaxTurns   = 8
	maxDice    = 16 // dice in one roll
)

// Setup describes a game before it starts: the format parameters, the board
// and the two sides. Scenario games and check games both build one.
type Setup struct {
	Format  wbcatalog.Format
	Cols    int
	Rows    int
	Terrain []wbcatalog.Terrain
	Markers []wbcatalog.Marker
	// Zones are the deployment zones of player 1 and player 2.
	Zones   [2][]wbcatalog.Zone
	Scoring []wbcatalog.Scoring
	// Objectives are each player's own Objective scoring (check games).
	Objectives [2][]wbcatalog.Scoring
	// ObjectiveDeck is the scenario's Objective deck: each player draws one
	// card from it when the game starts (R-OBJ-1).
	ObjectiveDeck []wbcatalog.ObjectiveCard
	Board         *wbcatalog.ActionBoard
	Sides         [2]SideSetup
	// Maintenance turns on the optional Maintenance rule (R-TURN-7,
	// Confrontation only).
	Maintenance bool
}

// SideSetup is one player's warband.
type SideSetup struct {
	Name      string   // "red", "blue", or the deck id
	Leaders   []string // Leader card ids
	Vocations []string // Vocation ids attached to this side's Leaders
	Units     []UnitSetup
}

// UnitSetup is one Character of a side.
type UnitSetup struct {
	ID        string // handle in check games, card id otherwise
	Card      string // Character card id, "" for an inline profile
	Front     wbcatalog.Profile
	Panic     wbcatalog.Profile
	HasPanic  bool // false: the panic profile is the front one
	Formation *wbcatalog.FormationBonus
	Equipment []string // Equipment ids
	// At holds the tiles of its miniatures when placed before the game
	// (check games); empty means deployed during the game.
	At       []string
	Wounds   int
	Stress   int
	Breaks   int
	Poison   int
	Sacred   int
	Panicked bool
}

// Profile is one side of a Character card as the engine uses it, with the
// Formation bonuses and passive effects already added.
type Profile struct {
	Attack, Speed, Run int8
	Near, Far          int8 // 0: no value
	Ranged, Melee      int8 // attack dice
	Hit                int8 // added to every hit roll (Formation)
	Cost               [MaxColours]int8
	Any                int8 // colourless part of the cost
	Health             int8
	Morale             int8 // 0: no morale pool
	Armor, Save        int8
	mods               [numStats]int8 // unconditional passive effects
	flags              uint8          // unconditional passive flags
	effects            []int16        // indices into Game.effects
	cond               []int16        // conditional passive effects
	condStats          uint32         // statistics some conditional effect modifies, bit per stat
	condFlags          uint8          // flags some conditional effect grants
}

// unitDef is the immutable part of a unit.
type unitDef struct {
	id      string
	card    string
	side    int8
	minis   int8
	front   Profile
	panic   Profile
	preset  UnitSetup
	extra   []int16 // effects from Equipment and Vocations
	faction string
}

// spaceDef is a compiled Action space.
type spaceDef struct {
	id      string
	period  int8
	actions actionSet
	reduce  bool // cost reduction
	extra   bool // extra die
	tempo   bool // temporisation
	multi   bool // multiple: up to two Characters at once
}

type actionSet uint8

const (
	aMove actionSet = 1 << iota
	aRun
	aFight
	aShoot
	aAim
	aHide
)

var actionBits = map[wbcatalog.Action]actionSet{
	wbcatalog.ActMove: aMove, wbcatalog.ActRun: aRun, wbcatalog.ActFight: aFight,
	wbcatalog.ActShoot: aShoot, wbcatalog.ActAim: aAim, wbcatalog.ActHide: aHide,
}

// Game is the compiled, immutable description of one game: board geometry,
// Action Board, units, effects, scoring. States point to it; it is shared
// and never changed.
type Game struct {
	Format     wbcatalog.Format
	grid       *hex.Grid
	blockMove  hex.Mask
	blockSight hex.Mask
	terrain    hex.Mask // every terrain tile, blocking movement or sight (CoverTerrain)
	// maintenance: the optional Maintenance rule is on (R-TURN-7).
	maintenance bool
	// objTurn is the turn at the end of whose Cleanup the personal
	// Objectives are drawn (R-OBJ-3); 0: when the game starts (R-OBJ-1).
	objTurn    int8
	colours    []string
	spaces     []spaceDef
	turns      int8
	periodOf   [MaxTurns + 1]int8
	units      []unitDef
	sideUnits  [2][]int8             // each side's units, in unit order
	leaders    [2][][MaxColours]int8 // per side, per Period
	leaderFx   [2][]int16            // leader skill effects
	sideFx     [2][]int16            // vocation effects (whole warband)
	deployZone [2]hex.Mask           // zone widened by Pathfinder (2 tiles around)
	sideNames  [2]string
	markers    []markerDef
	zones      [2]hex.Mask
	scoring    []wbcatalog.Scoring
	fixedObj   [2][]wbcatalog.Scoring
	objDeck    [][]wbcatalog.Scoring
	effects    []effectRef
	sightFrom  []hex.Mask // per tile, the tiles it sees; nil until PrecomputeSight
	distance   []int8     // tile × tile distances; nil until PrecomputeSight
	cat        *wbcatalog.Catalog
}

type markerDef struct {
	id, kind string
	tile     hex.Tile
}

// Grid returns the board geometry.
func (g *Game) Grid() *hex.Grid { return g.grid }

// Colours lists the Order colours in index order.
func (g *Game) Colours() []string { return g.colours }

// Colour returns the index of an Order colour, or -1.
func (g *Game) Colour(name string) int {
	for i, c := range g.colours {
		if c == name {
			return i
		}
	}
	return -1
}

// UnitCount is the number of units of the game.
func (g *Game) UnitCount() int { return len(g.units) }

// UnitID returns the handle of unit u.
func (g *Game) UnitID(u int) string { return g.units[u].id }

// MarkerID is the id of marker m of the scenario.
func (g *Game) MarkerID(m int) string {
	if m < 0 || m >= len(g.markers) {
		return "-"
	}
	return g.markers[m].id
}

// UnitCard is the Character card id of unit u, "" for a check game's
// inline profile.
func (g *Game) UnitCard(u int) string { return g.units[u].card }

// UnitSide returns the side (0 or 1) of unit u.
func (g *Game) UnitSide(u int) int { return int(g.units[u].side) }

// Unit returns the index of the unit with the given handle, or -1.
func (g *Game) Unit(id string) int {
	for i := range g.units {
		if g.units[i].id == id {
			return i
		}
	}
	return -1
}

// SpaceCount is the number of Action spaces.
func (g *Game) SpaceCount() int { return len(g.spaces) }

// SpaceID returns the id of space i.
func (g *Game) SpaceID(i int) string { return g.spaces[i].id }

// Space returns the index of the space with the given id, or -1.
func (g *Game) Space(id string) int {
	for i := range g.spaces {
		if g.spaces[i].id == id {
			return i
		}
	}
	return -1
}

// Maintenance reports whether the optional Maintenance rule is on (R-TURN-7).
func (g *Game) Maintenance() bool { return g.maintenance }

// ObjectiveTurn is the turn at the end of whose Cleanup the personal
// Objectives are drawn, 0 when they are drawn as the game starts.
func (g *Game) ObjectiveTurn() int { return int(g.objTurn) }

// Period returns the Period of a turn, 0 outside the game.
func (g *Game) Period(turn int) int {
	if turn < 0 || turn > MaxTurns {
		return 0
	}
	return int(g.periodOf[turn])
}

// Turns is the number of turns of the game.
func (g *Game) Turns() int { return int(g.turns) }

// SideName returns the name of side s.
func (g *Game) SideName(s int) string { return g.sideNames[s] }

// Side returns the index of the side with the given name, or -1.
func (g *Game) Side(name string) int {
	for i, n := range g.sideNames {
		if n == name {
			return i
		}
	}
	return -1
}

// Compile checks a Setup against the catalog and builds the Game. Errors
// name what is wrong in a designer's words.
func Compile(cat *wbcatalog.Catalog, su *Setup) (*Game, error) {
	g := &Game{Format: su.Format, cat: cat, scoring: su.Scoring, fixedObj: su.Objectives}
	for _, o := range su.ObjectiveDeck {
		g.objDeck = append(g.objDeck, o.Scoring)
	}
	g.grid = hex.NewGrid(su.Cols, su.Rows)
	if g.grid == nil {
		return nil, fmt.Errorf("board of %d × %d tiles: expected 1–26 columns, 1–99 rows and at most %d tiles", su.Cols, su.Rows, hex.MaxTiles)
	}
	for _, t := range su.Terrain { // TerrainIsData
		x, ok := g.grid.Parse(t.At)
		if !ok {
			return nil, fmt.Errorf("terrain tile %q is not on the %d × %d board", t.At, su.Cols, su.Rows)
		}
		if t.BlocksMove {
			g.blockMove.Set(x)
		}
		if t.BlocksSight {
			g.blockSight.Set(x)
		}
		if t.BlocksMove || t.BlocksSight {
			g.terrain.Set(x) // CoverTerrain
		}
	}
	if su.Maintenance && su.Format != wbcatalog.Confrontation {
		return nil, fmt.Errorf("the Maintenance rule is a Confrontation option (R-TURN-7), this game is %s", su.Format)
	}
	g.maintenance = su.Maintenance
	if len(su.Markers) > MaxMarkers {
		return nil, fmt.Errorf("%d markers: at most %d", len(su.Markers), MaxMarkers)
	}
	for _, m := range su.Markers {
		x, ok := g.grid.Parse(m.At)
		if !ok {
			return nil, fmt.Errorf("marker %q: tile %q is not on the board", m.ID, m.At)
		}
		g.markers = append(g.markers, markerDef{id: m.ID, kind: m.Kind, tile: x})
	}
	for p := range 2 {
		for _, z := range su.Zones[p] {
			a, ok1 := g.grid.Parse(z.From)
			b, ok2 := g.grid.Parse(z.To)
			if !ok1 || !ok2 {
				return nil, fmt.Errorf("deployment zone %s–%s is not on the board", z.From, z.To)
			}
			c1, r1 := g.grid.ColRow(a)
			c2, r2 := g.grid.ColRow(b)
			for c := min(c1, c2); c <= max(c1, c2); c++ {
				for r := min(r1, r2); r <= max(r1, r2); r++ {
					g.zones[p].Set(g.grid.At(c, r))
				}
			}
		}
	}
	if err := g.compileBoard(su.Board); err != nil {
		return nil, err
	}
	// Colours: every faction named by a Leader, a cost, or the catalog.
	seen := map[string]bool{}
	addColour := func(c string) {
		if c != "" && c != wbcatalog.Colourless && !seen[c] {
			seen[c] = true
			g.colours = append(g.colours, c)
		}
	}
	for _, f := range cat.Factions {
		addColour(f.ID)
	}
	for s := range 2 {
		for _, l := range su.Sides[s].Leaders {
			if ld := cat.Leader(l); ld != nil {
				for _, p := range ld.Side(su.Format).Orders {
					for c := range p {
						addColour(c)
					}
				}
			}
		}
		for _, u := range su.Sides[s].Units {
			for c := range u.Front.Cost {
				addColour(c)
			}
			for c := range u.Panic.Cost {
				addColour(c)
			}
		}
	}
	sort.Strings(g.colours)
	if len(g.colours) > MaxColours {
		return nil, fmt.Errorf("%d Order colours: at most %d", len(g.colours), MaxColours)
	}
	for s := range 2 {
		side := &su.Sides[s]
		g.sideNames[s] = side.Name
		for _, l := range side.Leaders {
			ld := cat.Leader(l)
			if ld == nil {
				return nil, fmt.Errorf("side %s: no Leader card %q", side.Name, l)
			}
			for p, orders := range ld.Side(su.Format).Orders {
				for len(g.leaders[s]) <= p {
					g.leaders[s] = append(g.leaders[s], [MaxColours]int8{})
				}
				for c, n := range orders {
					g.leaders[s][p][g.Colour(c)] += int8(n)
				}
			}
			if sk := cat.Skill(ld.Skill); sk != nil {
				g.leaderFx[s] = append(g.leaderFx[s], g.addEffect(sk.Effect, "skill", sk.ID, -1, s))
			}
		}
		for _, v := range side.Vocations {
			vc := cat.Vocation(v)
			if vc == nil {
				return nil, fmt.Errorf("side %s: no Vocation card %q", side.Name, v)
			}
			g.sideFx[s] = append(g.sideFx[s], g.addEffect(vc.Effect, "vocation", vc.ID, -1, s))
		}
		for _, u := range side.Units {
			if err := g.addUnit(s, u); err != nil {
				return nil, fmt.Errorf("side %s: unit %s: %w", side.Name, u.ID, err)
			}
		}
	}
	for s := range 2 {
		g.deployZone[s] = g.zones[s]
		for _, i := range g.sideFx[s] {
			r := &g.effects[i]
			if r.trig == TrigPassive && r.eff != nil {
				for _, op := range r.eff.Do {
					if op.Flag == wbcatalog.FlagPathfinder {
						z := g.zones[s]
						for range PathfinderZone {
							z = z.Or(g.grid.Around(z))
						}
						g.deployZone[s] = z
					}
				}
			}
		}
	}
	if len(g.units) > MaxUnits {
		return nil, fmt.Errorf("%d units: at most %d", len(g.units), MaxUnits)
	}
	for u := range g.units {
		g.sideUnits[g.units[u].side] = append(g.sideUnits[g.units[u].side], int8(u))
	}
	return g, nil
}

// compileBoard compiles the Action Board (ActionBoardIsContent).
func (g *Game) compileBoard(b *wbcatalog.ActionBoard) error {
	if b == nil {
		return fmt.Errorf("no Action Board for format %s", g.Format)
	}
	if len(b.Spaces) > MaxSpaces {
		return fmt.Errorf("the Action Board %s has %d spaces, at most %d", b.ID, len(b.Spaces), MaxSpaces)
	}
	if b.Turns < 1 || b.Turns > MaxTurns {
		return fmt.Errorf("the Action Board %s has %d turns, expected 1–%d", b.ID, b.Turns, MaxTurns)
	}
	g.turns = int8(b.Turns)
	for t := 1; t <= b.Turns; t++ {
		p := b.PeriodOf(t)
		if p == 0 {
			return fmt.Errorf("the Action Board %s: turn %d belongs to no Period", b.ID, t)
		}
		g.periodOf[t] = int8(p)
	}
	if g.Format == wbcatalog.Confrontation {
		g.objTurn = int8(ObjectiveTurn(b)) // R-ACT-7, R-OBJ-3
	}
	for _, sp := range b.Spaces {
		d := spaceDef{id: sp.ID, period: int8(sp.Period)}
		for _, a := range sp.Actions {
			d.actions |= actionBits[a]
		}
		d.reduce = sp.HasModifier(wbcatalog.ModCostReduction)
		d.extra = sp.HasModifier(wbcatalog.ModExtraDie)
		d.tempo = sp.HasModifier(wbcatalog.ModTemporisation)
		d.multi = sp.HasModifier(wbcatalog.ModMultiple)
		g.spaces = append(g.spaces, d)
	}
	return nil
}

func (g *Game) addUnit(side int, u UnitSetup) error {
	d := unitDef{id: u.ID, card: u.Card, side: int8(side), minis: 1, preset: u}
	if u.Formation != nil {
		d.minis = 2
	}
	if ch := g.cat.Character(u.Card); ch != nil {
		d.faction = ch.Faction
	}
	idx := int16(len(g.units))
	for _, e := range u.Equipment {
		eq := g.cat.EquipmentCard(e)
		if eq == nil {
			return fmt.Errorf("no Equipment card %q", e)
		}
		d.extra = append(d.extra, g.addEffect(eq.Effect, "equipment", eq.ID, int(idx), side))
	}
	var err error
	if d.front, err = g.profile(&u.Front, u.Formation, int(idx), side, d.extra); err != nil {
		return err
	}
	panic := &u.Panic
	if !u.HasPanic {
		panic = &u.Front
	}
	if d.panic, err = g.profile(panic, u.Formation, int(idx), side, d.extra); err != nil {
		return fmt.Errorf("panic profile: %w", err)
	}
	g.units = append(g.units, d)
	return nil
}

func (g *Game) profile(p *wbcatalog.Profile, f *wbcatalog.FormationBonus, unit, side int, extra []int16) (Profile, error) {
	out := Profile{
		Attack: int8(p.Attack), Speed: int8(p.Speed), Run: int8(p.Run),
		Ranged: int8(p.RangedDice()), Melee: int8(p.MeleeDice()),
		Health: int8(p.Health), Morale: int8(p.Morale),
	}
	if p.Accuracy != nil {
		out.Near, out.Far = int8(p.Accuracy.Near), int8(p.Accuracy.Far)
	}
	if p.Armor != nil {
		out.Armor, out.Save = int8(p.Armor.Points), int8(p.Armor.Save)
	}
	for c, n := range p.Cost {
		if c == wbcatalog.Colourless {
			out.Any += int8(n)
			continue
		}
		i := g.Colour(c)
		if i < 0 {
			return out, fmt.Errorf("cost colour %q is no faction", c)
		}
		out.Cost[i] += int8(n)
	}
	if f != nil {
		out.Any += int8(f.Cost)
		out.Hit += int8(f.Hit)
		out.Ranged += int8(f.RangedDice)
		out.Melee += int8(f.MeleeDice)
		out.Health += int8(f.Health)
	}
	for _, sk := range p.Skills {
		s := g.cat.Skill(sk)
		if s == nil {
			return out, fmt.Errorf("no skill %q", sk)
		}
		out.effects = append(out.effects, g.addEffect(s.Effect, "skill", s.ID, unit, side))
	}
	out.effects = append(out.effects, extra...)
	g.applyPassive(&out, side)
	return out, nil
}

// PrecomputeSight gives g the table of which tiles see which (R-SHOOT-2,
// SightRule) and the distances between tiles, so that games of g answer
// by a table lookup. The sight table is computed once per board size and
// set of sight-blocking tiles (hex.Grid.SightTable) and shared by every
// Game of that board. Self-play calls it before playing many games; a
// check game does not need it (it reads hex.Grid.Sight, the same exact
// geometry). It is not safe to call while games of g are being played.
func (g *Game) PrecomputeSight() {
	n := g.grid.Len()
	g.distance = make([]int8, n*n)
	for a := range n {
		for b := range n {
			g.distance[a*n+b] = int8(g.grid.Distance(hex.Tile(a), hex.Tile(b)))
		}
	}
	g.sightFrom = g.grid.SightTable(&g.blockSight)
}
