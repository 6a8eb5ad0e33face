package wsengine

import (
	"fmt"
	"math"
	"math/rand/v2"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// MaxSides bounds the players of a game (WS-BIG-4: 3 or 4).
const MaxSides = 4

// MaxFigs bounds the figures of a game, creatures included: the state is a
// fixed array, copied by value.
const MaxFigs = 64

// Scenario kinds.
const (
	Skirmish = "skirmish" // no objectives, no end roll: check games
	Standard = "standard" // WS-SCEN
	Invasion = "invasion" // WS-INV
)

// Piece is a terrain piece (WS-GEOM-5).
type Piece struct {
	Shape       geom.Shape
	Obstacle    bool
	Dangerous   bool
	Difficult   bool
	High        bool
	Height      float64
	BlocksSight bool
	Cover       bool
	// Access lists the sides (index i joins corners i and i+1) with a
	// ladder or stairs.
	Access []int
}

// setKinds sets the piece's kinds from their ids (WS-GEOM-5).
func (pc *Piece) setKinds(kinds []string) error {
	for _, k := range kinds {
		switch k {
		case "obstacle":
			pc.Obstacle = true
		case "dangerous":
			pc.Dangerous = true
		case "difficult":
			pc.Difficult = true
		case "high":
			pc.High = true
		default:
			return fmt.Errorf("kind %q: obstacle, dangerous, difficult or high", k)
		}
	}
	return nil
}

// FigSetup is one figure at the start of a game.
type FigSetup struct {
	Name    string
	Profile int16 // index in Game.Profiles
	Side    int8
	Band    int8 // morale group: the player's band (WS-MORALE-1)
	At      geom.Vec
	Z       float64
	Reserve bool // a Teleport figure kept in reserve (WS-BUILD-54)
}

// Game is what does not change during a game: table, profiles, scenario.
type Game struct {
	Scenario   string
	Size       float64 // table side, inches
	Pieces     []Piece
	Objectives []geom.Vec
	// ObjectiveVP is the victory points of each objective (WS-SCEN-8);
	// SideVP, when set, gives them per side (big games, WS-BIG-3).
	ObjectiveVP []int16
	SideVP      [][2]int16
	Profiles    []Profile
	Figs        []FigSetup
	Format      int // points per band: 50 standard (draw margin 10 %)
	Attacker    int8
	// Invasion: the creature profile that spawns, the zol sizes when they
	// merge (zol, mega-zol, giga-zol; −1 otherwise), spawn dice per player
	// and the number of hero players.
	Spawn     int16
	Merge     [3]int16
	SpawnDice int
	Players   int
	MaxTurns  int // a safety bound for invasion games (0: none)
	// Variants of the invasion (WS-VAR): LateArrival plays one spawning
	// phase before turn 1 (WS-VAR-1); BitterEnd makes the heroes also
	// clear the table after sealing the entries (WS-VAR-5); Everywhere,
	// They Come From Everywhere (WS-VAR-4), adds its value to each
	// player's spawn dice (+1 or +2 harder, −1 or −2 easier; see
	// CheckEverywhere).
	LateArrival bool
	BitterEnd   bool
	Everywhere  int
	// CreatureMove, when set, replaces the creatures' straight move toward
	// the nearest hero (WS-INV-7): Smart Creatures (WS-VAR-3), e.g.
	// SmartCreatures.
	CreatureMove CreaturePolicy
	// Sides: 3 or 4 makes a multiplayer game (WS-BIG-4 to 10), side i
	// deploying in corner Corners[i]; 0 (or 2): two sides.
	Sides   int
	Corners [MaxSides]int8
	// SideNames name the sides in logs when they are not red, blue, green
	// and yellow in that order (a check game seating a subset of the
	// colours); "" for the default.
	SideNames [MaxSides]string
	// Deploy: the set-up is played as decisions (deploy.go): the
	// roll-offs, the corners and each figure's placement; the figures'
	// At and Reserve are then unused, and Attacker and Corners are
	// decided in the game (State.Game is the game as set up).
	Deploy bool
	// MoreRandomness draws a card at each creature phase (WS-VAR-6, 7).
	MoreRandomness bool
	// Clock is Against the Clock's record (WS-VAR-2): the turns an
	// earlier victory under the same conditions took; a victory counts only
	// in fewer turns (0: no record). Result.Turns is the new record.
	Clock int
}

// Fig flags.
const (
	fInPlay uint16 = 1 << iota
	fStunned
	fCover
	fOverwatch
	fActivated
	fResilientUsed
	fHandOfFire
	fReserve
	fTeleAuto
	fEliminated
	fFresh    // a creature that appeared this turn (WS-INV-9)
	fUnplaced // waits to be deployed (Game.Deploy, WS-SCEN-4)
)

// Fig is one figure's state.
type Fig struct {
	P      geom.Vec
	Z      float64
	Prof   int16
	Side   int8
	Band   int8
	Wounds int8
	Flags  uint16
}

func (f *Fig) has(fl uint16) bool { return f.Flags&fl != 0 }

// pending is the kind of decision the game waits for.
type pending int8

const (
	pendNone      pending = iota
	pendGo                // activate a figure or pass (WS-ACT-3)
	pendFirst             // the initiative winner names the first player
	pendOverwatch         // interrupt the mover or not (WS-ALERT-2)
	pendPostMove          // the 2" move after a combat (WS-MELEE-5)
	pendFree              // Inspiration's free activation (WS-BUILD-27)
	pendDevice            // name the hero who tries the device (WS-INV-11)
	pendRiposte           // riposte or not (WS-MELEE-3)
	pendFurious           // the second Furious attack or not (WS-MELEE-4)
	pendMorale            // name the next figure to test morale (WS-MORALE-4)
	pendOver
	pendAttacker // the roll-off's winner names the attacker (WS-SCEN-2)
	pendCorner   // a player chooses its corner (WS-SCEN-3, WS-BIG-5, WS-INV-3)
	pendDeploy   // a player places a figure (WS-SCEN-4, WS-BUILD-42, 54)
)

// State is a game in progress: a plain value; copy it to branch.
type State struct {
	g      *Game
	figs   [MaxFigs]Fig
	n      int8
	turn   int16
	last   bool
	pend   pending
	toAct  int8
	first  int8 // the side that made the first go of the turn
	passes int8 // consecutive passes
	goes   int16
	phase  int8 // invasion: 0 creatures, 1 spawning, 2 heroes
	lost   [16]int16
	vp     [MaxSides]int16
	killVP [MaxSides]int16
	// multiplayer: the turn's direction of play (+1 clockwise, −1) and
	// the sides sharing the victory (WS-BIG-10)
	dir     int8
	winners uint8
	winner  int8 // a side, Draw or Undecided
	sab     uint8
	sealed  bool // the entries are sealed (To the Bitter End, WS-VAR-5)
	act     activation
	free    int8 // the figure Inspiration lets activate, or −1
	// invasion spawning in progress: dice per objective, zol sizes per
	// objective (zol, mega, giga), the objective being served
	spawnQ  [5]int8
	merged  [5][3]int8
	spawnAt int8
	// end-of-turn morale in progress: the figures still to test, and
	// which side's (endTurn)
	mq     uint64
	mstage int8
	// More Randomness (WS-VAR-6): the cards of each suit drawn since the
	// last shuffle, and the suit of this turn's card (1 + suit, 0 none)
	drawn [4]int8
	card  int8
	rng   rand.PCG
	// the set-up in progress (Game.Deploy, deploy.go): its stage, the
	// players in the order they choose and place, the one placing now
	su      int8
	order   [MaxSides]int8
	placing int8
	// table caches the expensive sight tests (those whose centre line is
	// blocked) by position pair, and the set-up's grid orders. Sight
	// depends only on the two bases and the table, so copies of the state
	// share it; a state and its copies belong to one goroutine.
	table *tableCache
	// dec is the decision Do is resolving: kept here, where the state
	// already is on the heap, rather than in one allocation per decision
	// (the resolution's calls take its address).
	dec Decision
}

// NewState starts a game with a seed; the first decision is pending.
func NewState(g *Game, seed uint64) (*State, error) {
	return newState(g, seed, new(tableCache))
}

// newState is NewState with the table cache tc (adopted for g's table).
func newState(g *Game, seed uint64, tc *tableCache) (*State, error) {
	tc.adopt(g)
	s := &State{g: g, winner: Undecided, free: -1, table: tc}
	s.rng.Seed(seed, seed^0x3c6ef372fe94f82b)
	if len(g.Figs) > MaxFigs {
		return nil, fmt.Errorf("%d figures: at most %d", len(g.Figs), MaxFigs)
	}
	for i, fs := range g.Figs {
		if int(fs.Profile) >= len(g.Profiles) || fs.Profile < 0 {
			return nil, fmt.Errorf("figure %s: no profile %d", fs.Name, fs.Profile)
		}
		f := &s.figs[i]
		*f = Fig{P: fs.At, Z: fs.Z, Prof: fs.Profile, Side: fs.Side, Band: fs.Band, Flags: fInPlay}
		switch {
		case g.Deploy:
			f.Flags = fUnplaced
		case fs.Reserve:
			f.Flags = fReserve
		}
	}
	if g.Deploy { // the corners are chosen in the set-up
		s.su = suRollOff
		s.regame(func(g *Game) { g.Corners = [MaxSides]int8{-1, -1, -1, -1} })
	}
	if err := CheckEverywhere(g.Everywhere); err != nil {
		return nil, err
	}
	s.n = int8(len(g.Figs))
	s.act.fig = -1
	return s, nil
}

// CheckEverywhere says whether n is a value of They Come From Everywhere
// (WS-VAR-4): one or two spawn dice more or fewer per player, or 0 (not
// played).
func CheckEverywhere(n int) error {
	if n < -2 || n > 2 {
		return fmt.Errorf("everywhere: They Come From Everywhere changes each player's spawn dice by −2, −1, +1 or +2, not %+d (WS-VAR-4)", n)
	}
	return nil
}

// Start runs the game to its first decision (turn 1 begins), with dice
// for its rolls; it returns the events.
func (s *State) Start(dice *Dice) ([]Event, error) {
	x := &ctx{dice: dice}
	err := s.advance(x)
	return x.ev, err
}

// Game returns the game the state plays.
func (s *State) Game() *Game { return s.g }

// Turn is the current turn, from 1.
func (s *State) Turn() int { return int(s.turn) }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.pend == pendOver }

// The values of a game's winner (State.Winner, Result.Winner) that are no
// side: sides are numbered from 0, so that a multiplayer game's third
// side, 2, is a winner like any other.
const (
	// Draw: nobody won alone (a multiplayer game's shared victory is a
	// draw with its winners, State.Winners).
	Draw = -1
	// Undecided: the game is not over.
	Undecided = -2
)

// Winner is the side that won alone, Draw, or Undecided while the game
// is not over.
func (s *State) Winner() int { return int(s.winner) }

// Winners is the set of sides that won (bit i for side i): several share
// a multiplayer draw (WS-BIG-10).
func (s *State) Winners() uint8 { return s.winners }

// multi reports whether the game has more than two sides (WS-BIG-4).
func (g *Game) multi() bool { return g.Sides > 2 }

// sides is the number of sides.
func (g *Game) sides() int8 { return int8(max(g.Sides, 2)) }

// VP is a side's victory points (standard scenario).
func (s *State) VP(side int) int { return int(s.vp[side]) }

// ToAct is the side whose decision is pending.
func (s *State) ToAct() int { return int(s.toAct) }

// Figs is the number of figures (creatures spawned included).
func (s *State) Figs() int { return int(s.n) }

// Fig returns a figure's state.
func (s *State) Fig(i int) Fig { return s.figs[i] }

// Sabotaged reports whether objective i (0-based) is sabotaged.
func (s *State) Sabotaged(i int) bool { return s.sab&(1<<i) != 0 }

func (s *State) prof(i int8) *Profile { return &s.g.Profiles[s.figs[i].Prof] }
func (s *State) radius(i int8) float64 {
	return s.g.Profiles[s.figs[i].Prof].Base / 2
}
func (s *State) inPlay(i int8) bool { return s.figs[i].has(fInPlay) }
func (s *State) rules(i int8) Rules { return s.g.Profiles[s.figs[i].Prof].Rules }
func (s *State) has(i int8, r Rule) bool {
	return s.g.Profiles[s.figs[i].Prof].Rules.Has(r)
}

// quality is a figure's current quality (WS-QUAL-1).
func (s *State) quality(i int8) int8 { return s.prof(i).Quality + s.figs[i].Wounds }

// Quality is a figure's current quality.
func (s *State) Quality(i int) int { return int(s.quality(int8(i))) }

// gap is the distance between two figures' base edges.
func (s *State) gap(a, b int8) float64 {
	return geom.Gap(s.figs[a].P, s.radius(a), s.figs[b].P, s.radius(b))
}

func (s *State) enemies(a, b int8) bool { return s.figs[a].Side != s.figs[b].Side }

// standsIn reports whether figure i stands in (or on) piece k (WS-GEOM-6).
func (s *State) standsIn(i int8, k int) bool { return s.g.Pieces[k].Shape.Inside(s.figs[i].P) }

// sees is line of sight between two figures (WS-GEOM-7).
func (s *State) sees(a, b int8) bool {
	return s.seesFrom(a, s.figs[a].P, b)
}

// seesFrom is sight from figure a standing at p to figure b: the pieces
// that block sight, but those either stands in and those nowhere near the
// two bases.
func (s *State) seesFrom(a int8, p geom.Vec, b int8) bool {
	pa, pb := p, s.figs[b].P
	ra, rb := s.radius(a), s.radius(b)
	var near [maxPieces]int16
	n := 0
	lo := geom.Vec{X: min(pa.X-ra, pb.X-rb), Y: min(pa.Y-ra, pb.Y-rb)}
	hi := geom.Vec{X: max(pa.X+ra, pb.X+rb), Y: max(pa.Y+ra, pb.Y+rb)}
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if !pc.BlocksSight || n == maxPieces {
			continue
		}
		plo, phi := pc.Shape.Bounds()
		if phi.X < lo.X || plo.X > hi.X || phi.Y < lo.Y || plo.Y > hi.Y {
			continue
		}
		if pc.Shape.Inside(pa) || pc.Shape.Inside(pb) {
			continue
		}
		near[n] = int16(k)
		n++
	}
	if n == 0 {
		return true
	}
	blocked := func(x, y geom.Vec) bool {
		for _, k := range near[:n] {
			if s.g.Pieces[k].Shape.Crosses(x, y) {
				return true
			}
		}
		return false
	}
	if !blocked(pa, pb) {
		return true // the centre line: cheap, not cached
	}
	key := sightKey{pa, pb, ra, rb}
	if pb.X < pa.X || pb.X == pa.X && pb.Y < pa.Y {
		key = sightKey{pb, pa, rb, ra} // sight is symmetric (WS-GEOM-7)
	}
	if s.table != nil {
		if v, ok := s.table.sight.get(key); ok {
			return v
		}
	}
	v := true
	for _, k := range near[:n] {
		if s.g.Pieces[k].Shape.BlocksAll(pa, ra, pb, rb) {
			v = false // proven without the sampled segments
			break
		}
	}
	if v {
		v = geom.Sees(pa, ra, pb, rb, blocked)
	}
	if s.table != nil {
		s.table.sight.put(key, v)
	}
	return v
}

// sightKey is a sight test's two bases.
type sightKey struct {
	a, b   geom.Vec
	ra, rb float64
}

// sightCache is a direct-mapped table of sight results.
type sightCache struct {
	keys [sightSlots]sightKey
	val  [sightSlots]int8 // 0 empty, 1 no sight, 2 sight
}

const sightSlots = 512

func (k *sightKey) slot() int {
	h := uint64(14695981039346656037)
	for _, f := range [6]float64{k.a.X, k.a.Y, k.b.X, k.b.Y, k.ra, k.rb} {
		h ^= math.Float64bits(f)
		h *= 1099511628211
		h ^= h >> 29
	}
	return int(h % sightSlots)
}

func (c *sightCache) get(k sightKey) (bool, bool) {
	i := k.slot()
	if c.val[i] == 0 || c.keys[i] != k {
		return false, false
	}
	return c.val[i] == 2, true
}

func (c *sightCache) put(k sightKey, v bool) {
	i := k.slot()
	c.keys[i] = k
	c.val[i] = 1
	if v {
		c.val[i] = 2
	}
}

// maxPieces bounds the pieces one sight test considers.
const maxPieces = 64

// Sees reports whether figure a sees figure b.
func (s *State) Sees(a, b int) bool { return s.sees(int8(a), int8(b)) }

// protected is protection by terrain of t against source src (WS-GEOM-8).
func (s *State) protected(src, t int8) bool {
	ps, pt := s.figs[src].P, s.figs[t].P
	rs := s.radius(src)
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if pc.Cover && pc.Shape.Inside(pt) {
			return true // (a)
		}
	}
	if s.figs[t].Z > s.figs[src].Z+geom.Eps {
		return true // (c), WS-TERRAIN-6
	}
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if !pc.Cover && !pc.BlocksSight {
			continue
		}
		if pc.Shape.Inside(ps) || pc.Shape.Inside(pt) || pc.Shape.PointDist(ps)-rs <= coverFireOver {
			continue
		}
		if pc.Shape.Crosses(ps, pt) {
			return true // (b)
		}
	}
	return false
}

// Hash is a hash of the state (FNV-1a over its figures and counters), for
// logs and replays.
func (s *State) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		for range 8 {
			h ^= v & 0xff
			h *= 1099511628211
			v >>= 8
		}
	}
	for i := range s.n {
		f := &s.figs[i]
		mix(uint64(int64(f.P.X * 1e6)))
		mix(uint64(int64(f.P.Y * 1e6)))
		mix(uint64(int64(f.Z * 1e6)))
		mix(uint64(f.Prof)<<32 | uint64(uint8(f.Wounds))<<16 | uint64(f.Flags))
	}
	mix(uint64(s.turn)<<32 | uint64(s.pend)<<24 | uint64(uint8(s.toAct))<<16 | uint64(s.sab)<<1 | uint64(b2i(s.sealed)))
	mix(uint64(uint16(s.vp[0]))<<16 | uint64(uint16(s.vp[1])) | uint64(uint16(s.vp[2]))<<32 | uint64(uint16(s.vp[3]))<<48)
	mix(s.mq)
	mix(uint64(s.card)<<32 | uint64(uint8(s.drawn[0]))<<24 | uint64(uint8(s.drawn[1]))<<16 | uint64(uint8(s.drawn[2]))<<8 | uint64(uint8(s.drawn[3])))
	if s.g.Deploy { // the set-up's choices (a game set up by presets hashes as before)
		mix(uint64(uint8(s.su))<<56 | uint64(uint8(s.placing))<<48 | uint64(uint8(s.g.Attacker))<<40)
		for p := range MaxSides {
			mix(uint64(uint8(s.order[p]))<<8 | uint64(uint8(s.g.Corners[p])))
		}
	}
	return h
}
