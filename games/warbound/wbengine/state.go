package wbengine

import (
	"math/rand/v2"

	"wbtool.dev/wbtool/engine/hex"
)

// Phase is a phase of the turn (R-TURN-1), plus deployment before the first
// turn and the end of the game.
type Phase int8

// The phases.
const (
	PhaseDeploy Phase = iota
	PhaseLeader
	PhaseEffect
	PhaseAction
	PhaseCleanup
	PhaseOver
)

var phaseNames = [...]string{"deploy", "leader", "effect", "action", "cleanup", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "?"
}

// pending is the kind of decision the game waits for.
type pending int8

const (
	pendNone       pending = iota
	pendDeploy             // deploy the next unit
	pendHourglass          // place the Hourglass (R-TURN-4)
	pendAction             // activate, exchange or pass (R-TURN-5)
	pendActivation         // an action, a skill, or end the activation
	pendSwap               // Hourglass holder: swap for the Hand or not (R-TURN-6)
	pendKeep               // keep one Order token (R-TURN-6)
)

// Token kinds of the pools (R-CARD-7).
const (
	TokWound  = iota // health pool
	TokPoison        // health pool
	TokSacred        // health pool
	TokStress        // morale pool
	TokBreak         // armour pool
	numTokens
)

// TokenNames are the token kinds as check games and logs name them.
var TokenNames = [numTokens]string{"wound", "poison", "sacred", "stress", "break"}

type unitState struct {
	tiles       [2]hex.Tile
	tok         [numTokens]int8
	panicked    bool
	removed     bool
	deployed    bool
	activations int8 // this turn
}

type spaceState struct {
	taken bool
	acts  int8 // activations on the space this turn (2 on a Multiple)
	paid  [MaxColours]int8
}

// attackCtx is the attack being resolved, for conditions on its target.
type attackCtx struct {
	kind     int8 // 0 none, RollRanged, RollMelee
	attacker int8
	target   int8
}

// activation is the activation in progress.
type activation struct {
	unit      int8
	space     int8
	remaining actionSet
	done      int8
	skills    uint32         // active skills used (bit per effect slot of the unit)
	mods      [numStats]int8 // effects for the rest of the activation
	did       actionSet      // actions done so far
}

// State is one moment of a game. It is a plain value: copying it copies the
// game. Only Apply changes it.
type State struct {
	g          *Game
	turn       int8
	phase      Phase
	pend       pending
	toAct      int8
	hand       int8
	hourglass  int8
	hgSpace    int8 // space holding the Hourglass, -1 none
	passed     [2]bool
	orders     [2][MaxColours]int8
	vp         [2]int16
	spaces     [MaxSpaces]spaceState
	units      [MaxUnits]unitState
	occ        [hex.MaxTiles]int8 // unit+1 on each tile, 0 empty
	sideTiles  [2]hex.Mask        // the tiles holding each side's miniatures
	act        activation
	scanned    [MaxUnits]uint16         // markers each unit has scanned (interact-marker)
	objective  [2]int8                  // Objective card drawn from the deck, -1 none
	objDrawn   bool                     // the personal Objectives are revealed (R-OBJ-1, R-OBJ-3)
	cover      uint32                   // Cover token per unit (R-HIDE-1), bit per unit
	maint      uint32                   // Maintenance marker per unit (R-TURN-7), bit per unit
	second     int8                     // Multiple: the second unit to activate, +1 (0 none) (R-ACT-6)
	spotted    [MaxUnits][2]int8        // hit bonus against the unit, per spotting side, this turn
	boost      [MaxUnits][numStats]int8 // effects until the end of the turn
	keepDone   [2]bool
	pathUsed   [2]bool  // Pathfinder used at deployment
	paidTurn   [2]int16 // Order tokens paid onto the board this turn
	winner     int8     // -1 none yet, 0/1 a side, 2 draw
	lastHits   int8     // hits of the last attack (after-shoot/after-fight conditions)
	lastWounds int8     // Wound tokens the last attack added
	atk        attackCtx
	reactors   [2]uint32 // per side, the units with a reaction (TrigEnemyMoves), bit per unit
	reacted    uint32    // the units whose reaction fired this turn (ReactionOncePerTurn)
	steps      int32
	rng        rand.PCG
}

// Game returns the compiled game the state belongs to.
func (s *State) Game() *Game { return s.g }

// Turn is the current turn, from 1 (0 during deployment).
func (s *State) Turn() int { return int(s.turn) }

// Period is the current Period (R-ACT-1).
func (s *State) Period() int { return int(s.g.periodOf[s.turn]) }

// Phase is the current phase.
func (s *State) Phase() Phase { return s.phase }

// ToAct is the side whose decision it is, or -1 when the game is over.
func (s *State) ToAct() int {
	if s.phase == PhaseOver {
		return -1
	}
	return int(s.toAct)
}

// Hand is the side holding the Hand (R-INIT).
func (s *State) Hand() int { return int(s.hand) }

// Hourglass is the side holding the Hourglass (R-INIT).
func (s *State) Hourglass() int { return int(s.hourglass) }

// HourglassSpace is the space holding the Hourglass, or -1.
func (s *State) HourglassSpace() int { return int(s.hgSpace) }

// VP is side's Victory Points.
func (s *State) VP(side int) int { return int(s.vp[side]) }

// Orders is side's Order tokens of colour c.
func (s *State) Orders(side, c int) int { return int(s.orders[side][c]) }

// OrderTotal is the number of Order tokens side holds.
func (s *State) OrderTotal(side int) int {
	n := 0
	for _, v := range s.orders[side] {
		n += int(v)
	}
	return n
}

// Passed reports whether side has passed this Action phase.
func (s *State) Passed(side int) bool { return s.passed[side] }

// SpaceTaken reports whether space i holds tokens.
func (s *State) SpaceTaken(i int) bool { return s.spaces[i].taken }

// SpaceTokens is the number of Order tokens on space i.
func (s *State) SpaceTokens(i int) int {
	n := 0
	for _, v := range s.spaces[i].paid {
		n += int(v)
	}
	return n
}

// Winner is the winning side, 2 for a draw, -1 while the game goes on.
func (s *State) Winner() int { return int(s.winner) }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == PhaseOver }

// Steps is the number of decisions applied so far.
func (s *State) Steps() int { return int(s.steps) }

// Active is the unit being activated, or -1.
func (s *State) Active() int {
	if s.pend != pendActivation {
		return -1
	}
	return int(s.act.unit)
}

// UnitView is a read-only view of one unit.
type UnitView struct {
	Tiles       []hex.Tile
	Wounds      int
	Poison      int
	Sacred      int
	Stress      int
	Breaks      int
	Panicked    bool
	Removed     bool
	Deployed    bool
	Activations int
	Cover       bool // holds a Cover token (R-HIDE-1)
	Maintenance bool // still holds its Maintenance marker (R-TURN-7)
}

// Unit returns a view of unit u.
func (s *State) Unit(u int) UnitView {
	us := &s.units[u]
	v := UnitView{
		Wounds: int(us.tok[TokWound]), Poison: int(us.tok[TokPoison]), Sacred: int(us.tok[TokSacred]),
		Stress: int(us.tok[TokStress]), Breaks: int(us.tok[TokBreak]),
		Panicked: us.panicked, Removed: us.removed, Deployed: us.deployed,
		Activations: int(us.activations),
		Cover:       s.cover&(1<<uint(u)) != 0,
		Maintenance: s.maint&(1<<uint(u)) != 0,
	}
	if us.deployed && !us.removed {
		v.Tiles = us.tiles[:s.g.units[u].minis]
	}
	return v
}

// Objective returns the index in the Objective deck of side's personal
// Objective card, or -1 when none is drawn yet (R-OBJ-1, R-OBJ-3).
func (s *State) Objective(side int) int {
	if !s.objDrawn {
		return -1
	}
	return int(s.objective[side])
}

// ObjectivesRevealed reports whether the personal Objectives count yet.
func (s *State) ObjectivesRevealed() bool { return s.objDrawn }

// PendingSecond is the second unit of a Multiple activation still to be
// activated, or -1 (R-ACT-6).
func (s *State) PendingSecond() int { return int(s.second) - 1 }

// Profile returns the profile unit u currently uses (front or Panic).
func (s *State) Profile(u int) *Profile { return s.prof(u) }

func (s *State) prof(u int) *Profile {
	if s.units[u].panicked {
		return &s.g.units[u].panic
	}
	return &s.g.units[u].front
}

// inPlay reports whether unit u is on the board.
func (s *State) put(u int, t hex.Tile) {
	s.occ[t] = int8(u + 1)
	s.sideTiles[s.g.units[u].side].Set(t)
}

func (s *State) lift(u int, t hex.Tile) {
	s.occ[t] = 0
	s.sideTiles[s.g.units[u].side].Clear(t)
}

func (s *State) hasCover(u int) bool { return s.cover&(1<<uint(u)) != 0 }

func (s *State) inPlay(u int) bool { return s.units[u].deployed && !s.units[u].removed }

func (s *State) minis(u int) []hex.Tile { return s.units[u].tiles[:s.g.units[u].minis] }

// health is the number of tokens in the health pool (R-CARD-7).
func (s *State) health(u int) int {
	t := &s.units[u].tok
	return int(t[TokWound]) + int(t[TokPoison]) + int(t[TokSacred])
}
