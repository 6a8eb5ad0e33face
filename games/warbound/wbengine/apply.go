package wbengine

import (
	"fmt"
	"math/rand/v2"

	"wbtool.dev/wbtool/engine/hex"
)

// Start are the options of a new game.
type Start struct {
	Seed uint64
	// Hand is the side holding the Hand at the start, or -1 to draw it at
	// random (R-INIT-1).
	Hand int
	// Orders are Order tokens held before the first Leader phase (check
	// games), per side, per colour name.
	Orders [2]map[string]int
}

// NewState starts a game: units given tiles in their setup are placed,
// the others are deployed by decisions; then turn 1 begins.
func NewState(g *Game, st Start) (State, []Event, error) {
	s := State{g: g, hgSpace: -1, winner: -1}
	s.rng = *rand.NewPCG(st.Seed, st.Seed^0x9e3779b97f4a7c15)
	if st.Hand < 0 {
		s.hand = int8(HandAtRandom(s.rng.Uint64()))
	} else {
		s.hand = int8(st.Hand)
	}
	s.hourglass = 1 - s.hand
	s.objective = [2]int8{-1, -1}
	// The Objective deck is shuffled as the game starts, so that the cards
	// do not depend on the dice rolled before they are drawn (replays
	// force the dice): revealed now in Exploration (R-OBJ-1), at the end
	// of turn 3's Cleanup in Confrontation (R-OBJ-3, ObjectiveDrawOrder).
	s.drawObjectives()
	s.objDrawn = g.objTurn == 0
	for i := range g.effects { // the units that react to enemy moves
		if r := &g.effects[i]; r.trig == TrigEnemyMoves {
			for u := range g.units {
				if u == r.unit || (r.unit < 0 && int(g.units[u].side) == r.side) {
					s.reactors[g.units[u].side] |= 1 << uint(u)
				}
			}
		}
	}
	if g.maintenance { // R-TURN-7: a Maintenance marker on each Character
		s.maint = uint32(1)<<uint(len(g.units)) - 1
	}
	for u := range g.units {
		us := &s.units[u]
		p := &g.units[u].preset
		us.tiles = [2]hex.Tile{hex.None, hex.None}
		us.tok[TokWound] = int8(p.Wounds)
		us.tok[TokStress] = int8(p.Stress)
		us.tok[TokBreak] = int8(p.Breaks)
		us.tok[TokPoison] = int8(p.Poison)
		us.tok[TokSacred] = int8(p.Sacred)
		us.panicked = p.Panicked
		if len(p.At) == 0 {
			continue
		}
		if len(p.At) != int(g.units[u].minis) {
			return s, nil, errf("unit %s has %d miniatures but %d tiles", g.units[u].id, g.units[u].minis, len(p.At))
		}
		for i, name := range p.At {
			t, ok := g.grid.Parse(name)
			if !ok {
				return s, nil, errf("unit %s: tile %q is not on the %d × %d board", g.units[u].id, name, g.grid.Cols, g.grid.Rows)
			}
			if g.blockMove.Has(t) {
				return s, nil, errf("unit %s: tile %s is an obstacle", g.units[u].id, name)
			}
			if s.occ[t] != 0 {
				return s, nil, errf("unit %s: tile %s already holds %s", g.units[u].id, name, g.units[s.occ[t]-1].id)
			}
			us.tiles[i] = t
			s.put(u, t)
		}
		if len(p.At) == 2 && !g.grid.Adjacent(us.tiles[0], us.tiles[1]) {
			return s, nil, errf("unit %s: the Formation's tiles %s and %s are not adjacent (R-FORM-1)", g.units[u].id, p.At[0], p.At[1])
		}
		us.deployed = true
	}
	for side := range 2 {
		for c, n := range st.Orders[side] {
			i := g.Colour(c)
			if i < 0 {
				return s, nil, errf("no Order colour %q", c)
			}
			s.orders[side][i] = int8(n)
		}
	}
	var ev []Event
	s.phase = PhaseDeploy
	s.toAct = 0 // DeploymentOrder: player 1 first
	ev = s.nextDeploy(ev)
	return s, ev, nil
}

// drawObjectives draws each player's personal Objective card from the
// Objective deck (ObjectiveDrawOrder).
func (s *State) drawObjectives() {
	n := len(s.g.objDeck)
	if n == 0 {
		return
	}
	a := int(s.rng.Uint64() % uint64(n))
	s.objective[0] = int8(a)
	if n > 1 {
		b := int(s.rng.Uint64() % uint64(n-1))
		if b >= a {
			b++
		}
		s.objective[1] = int8(b)
	} else {
		s.objective[1] = int8(a)
	}
}

// revealObjectives reveals the personal Objectives (R-OBJ-3): from now on
// they score.
func (s *State) revealObjectives(ev []Event) []Event {
	s.objDrawn = true
	if len(s.g.objDeck) == 0 && len(s.g.fixedObj[0])+len(s.g.fixedObj[1]) == 0 {
		return ev
	}
	for _, side := range [2]int8{0, 1} {
		ev = append(ev, Event{Kind: EvObjective, Side: side, N: int16(s.objective[side])})
	}
	return ev
}

type setupError struct{ msg string }

func (e *setupError) Error() string { return e.msg }

func errf(format string, args ...any) error { return &setupError{fmt.Sprintf(format, args...)} }

// Apply applies decision d to a copy of s with the forced dice (nil: the
// seeded generator only) and returns the new state and the events. An
// illegal decision returns a *RuleError and s unchanged.
func Apply(s State, d Decision, dice *Dice) (State, []Event, error) {
	ev, err := s.Do(d, dice, nil)
	return s, ev, err
}

// Do is Apply in place: it appends the events to ev. On error s is left
// unchanged. Bots and the self-play loop use it to avoid copies.
func (s *State) Do(d Decision, dice *Dice, ev []Event) ([]Event, error) {
	if s.phase == PhaseOver {
		return ev, fail(ErrGameOver)
	}
	if int(d.Side) != int(s.toAct) {
		return ev, fail(ErrNotYourTurn)
	}
	var err error
	switch d.Kind {
	case DeployUnit:
		err = s.checkDeploy(&d)
		if err == nil {
			ev = s.doDeploy(&d, ev)
		}
	case PlaceHourglass:
		err = s.checkHourglass(&d)
		if err == nil {
			ev = s.doHourglass(&d, ev)
		}
	case Activate:
		err = s.checkActivate(&d)
		if err == nil {
			ev = s.doActivate(&d, dice, ev)
		}
	case Pass:
		if s.pend != pendAction {
			err = fail(ErrWrongPhase)
		} else {
			ev = s.doPass(dice, ev)
		}
	case Exchange:
		err = s.checkExchange(&d)
		if err == nil {
			ev = s.doExchange(&d, ev)
		}
	case Move:
		err = s.checkMove(&d)
		if err == nil {
			ev = s.doMove(&d, dice, ev)
		}
	case Shoot:
		err = s.checkShoot(&d)
		if err == nil {
			ev = s.doShoot(&d, dice, ev)
		}
	case Fight:
		err = s.checkFight(&d)
		if err == nil {
			ev = s.doFight(&d, dice, ev)
		}
	case UseSkill:
		err = s.checkSkill(&d)
		if err == nil {
			ev = s.doSkill(&d, dice, ev)
		}
	case EndActivation:
		err = s.checkEnd()
		if err == nil {
			ev = s.doEnd(dice, ev)
		}
	case SwapHand:
		if s.pend != pendSwap {
			err = fail(ErrWrongPhase)
		} else {
			ev = s.doSwap(d.Swap, dice, ev)
		}
	case KeepOrder:
		err = s.checkKeep(&d)
		if err == nil {
			ev = s.doKeep(int(d.Colour), dice, ev)
		}
	case Hide:
		err = s.checkHide(&d)
		if err == nil {
			ev = s.doHide(&d, ev)
		}
	default:
		err = fail(ErrWrongPhase)
	}
	if err == nil {
		s.steps++
	}
	return ev, err
}

// DoLegal applies a decision taken as is from Legal(s), without checking
// it again: the self-play fast path. Decisions from anywhere else go
// through Do. (The property tests check that every decision Legal lists
// passes Do's checks and that both paths give the same state.)
func (s *State) DoLegal(d Decision, dice *Dice, ev []Event) []Event {
	switch d.Kind {
	case DeployUnit:
		ev = s.doDeploy(&d, ev)
	case PlaceHourglass:
		ev = s.doHourglass(&d, ev)
	case Activate:
		ev = s.doActivate(&d, dice, ev)
	case Pass:
		ev = s.doPass(dice, ev)
	case Exchange:
		ev = s.doExchange(&d, ev)
	case Move:
		ev = s.doMove(&d, dice, ev)
	case Shoot:
		ev = s.doShoot(&d, dice, ev)
	case Fight:
		ev = s.doFight(&d, dice, ev)
	case UseSkill:
		ev = s.doSkill(&d, dice, ev)
	case EndActivation:
		ev = s.doEnd(dice, ev)
	case SwapHand:
		ev = s.doSwap(d.Swap, dice, ev)
	case KeepOrder:
		ev = s.doKeep(int(d.Colour), dice, ev)
	case Hide:
		ev = s.doHide(&d, ev)
	}
	s.steps++
	return ev
}

// ---- deployment ----

func (s *State) nextDeploy(ev []Event) []Event {
	g := s.g
	for range 2 {
		for u := range g.units {
			if int(g.units[u].side) == int(s.toAct) && !s.units[u].deployed {
				s.pend = pendDeploy
				return ev
			}
		}
		s.toAct = 1 - s.toAct
	}
	return s.startTurn(1, nil, ev)
}

// deployUnit is the unit the side to act deploys next.
func (s *State) deployUnit() int {
	for u := range s.g.units {
		if int(s.g.units[u].side) == int(s.toAct) && !s.units[u].deployed {
			return u
		}
	}
	return -1
}

func (s *State) freeTile(t hex.Tile) bool {
	return t >= 0 && int(t) < s.g.grid.Len() && s.occ[t] == 0 && !s.g.blockMove.Has(t)
}

func (s *State) checkDeploy(d *Decision) error {
	if s.pend != pendDeploy {
		return fail(ErrWrongPhase)
	}
	u := s.deployUnit()
	if int(d.Unit) != u {
		return fail(ErrUnknownUnit)
	}
	// One rule for scripted, bot and human deployments (R-FORM-1: both
	// miniatures inside the zone).
	return s.deployError(u, d.Tile, d.Tile2)
}

func (s *State) doDeploy(d *Decision, ev []Event) []Event {
	u := int(d.Unit)
	us := &s.units[u]
	us.tiles[0] = d.Tile
	s.put(u, d.Tile)
	ev = append(ev, Event{Kind: EvDeploy, Side: d.Side, Unit: d.Unit, Tile: d.Tile})
	if s.g.units[u].minis == 2 {
		us.tiles[1] = d.Tile2
		s.put(u, d.Tile2)
		ev = append(ev, Event{Kind: EvDeploy, Side: d.Side, Unit: d.Unit, Mini: 1, Tile: d.Tile2})
	}
	us.deployed = true
	if z := &s.g.zones[s.toAct]; !z.Empty() && (!z.Has(d.Tile) || s.g.units[u].minis == 2 && !z.Has(d.Tile2)) {
		s.pathUsed[s.toAct] = true // Pathfinder: either miniature outside the zone
	}
	s.toAct = 1 - s.toAct
	return s.nextDeploy(ev)
}

// ---- turn sequence ----

func (s *State) startTurn(turn int, dice *Dice, ev []Event) []Event {
	g := s.g
	s.turn = int8(turn)
	ev = append(ev, Event{Kind: EvTurn, N: int16(turn)})
	// Leader phase (R-TURN-2): Orders, then Leader skills, Hand first.
	s.phase = PhaseLeader
	ev = append(ev, Event{Kind: EvPhase, N: int16(PhaseLeader)})
	p := int(g.periodOf[turn]) - 1
	for side := range 2 {
		if p < len(g.leaders[side]) {
			for c, n := range g.leaders[side][p] {
				if n > 0 {
					s.orders[side][c] += n
					ev = append(ev, Event{Kind: EvOrders, Side: int8(side), Colour: int8(c), N: int16(n)})
				}
			}
		}
	}
	for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
		ev = s.sideTrigger(side, TrigLeaderPhase, dice, ev)
	}
	// Effect phase (R-TURN-4).
	s.phase = PhaseEffect
	ev = append(ev, Event{Kind: EvPhase, N: int16(PhaseEffect)})
	for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
		ev = s.sideTrigger(side, TrigTurnStart, dice, ev)
	}
	for u := range g.units {
		s.units[u].activations = 0
	}
	s.reacted = 0 // ReactionOncePerTurn
	s.pend = pendHourglass
	s.toAct = s.hourglass
	return ev
}

func (s *State) checkHourglass(d *Decision) error {
	if s.pend != pendHourglass {
		return fail(ErrWrongPhase)
	}
	return s.openSpace(int(d.Space))
}

// openSpace reports whether space i can be chosen this turn (R-ACT-1/2).
func (s *State) openSpace(i int) error {
	if i < 0 || i >= len(s.g.spaces) {
		return fail(ErrSpaceInvalid)
	}
	if s.g.spaces[i].period > s.g.periodOf[s.turn] {
		return fail(ErrSpaceLocked)
	}
	if s.spaces[i].taken {
		return fail(ErrSpaceTaken)
	}
	return nil
}

func (s *State) doHourglass(d *Decision, ev []Event) []Event {
	s.hgSpace = d.Space
	ev = append(ev, Event{Kind: EvHourglass, Side: d.Side, Space: d.Space})
	// Action phase (R-TURN-5).
	s.phase = PhaseAction
	ev = append(ev, Event{Kind: EvPhase, N: int16(PhaseAction)})
	s.passed = [2]bool{}
	s.toAct = s.hand
	s.pend = pendAction
	return ev
}

func (s *State) doPass(dice *Dice, ev []Event) []Event {
	s.passed[s.toAct] = true
	ev = append(ev, Event{Kind: EvPass, Side: s.toAct})
	return s.nextActor(dice, ev)
}

// nextActor hands the decision to the other player unless they passed
// (PassIsFinal, R-TURN-5); when both passed the Cleanup phase starts.
func (s *State) nextActor(dice *Dice, ev []Event) []Event {
	s.pend = pendAction
	if s.passed[0] && s.passed[1] {
		return s.startCleanup(dice, ev)
	}
	if !s.passed[1-s.toAct] {
		s.toAct = 1 - s.toAct
	}
	return ev
}

// checkExchange: the 2-for-1 exchange (R-TURN-3, ExchangeWhenToAct).
func (s *State) checkExchange(d *Decision) error {
	if s.pend != pendAction && s.pend != pendActivation {
		return fail(ErrWrongPhase)
	}
	nc := int8(len(s.g.colours))
	if d.Colour < 0 || d.Colour >= nc || d.Give2 < 0 || d.Give2 >= nc || d.Take < 0 || d.Take >= nc {
		return fail(ErrNoTokens)
	}
	o := &s.orders[d.Side]
	if d.Colour == d.Give2 {
		if o[d.Colour] < 2 {
			return fail(ErrNoTokens)
		}
	} else if o[d.Colour] < 1 || o[d.Give2] < 1 {
		return fail(ErrNoTokens)
	}
	return nil
}

func (s *State) doExchange(d *Decision, ev []Event) []Event {
	o := &s.orders[d.Side]
	o[d.Colour]--
	o[d.Give2]--
	o[d.Take]++
	return append(ev, Event{Kind: EvExchange, Side: d.Side, Colour: d.Take})
}

// ---- Cleanup (R-TURN-6) ----

func (s *State) startCleanup(dice *Dice, ev []Event) []Event {
	s.phase = PhaseCleanup
	ev = append(ev, Event{Kind: EvPhase, N: int16(PhaseCleanup)})
	if s.hourglass != s.hand {
		s.pend = pendSwap
		s.toAct = s.hourglass
		return ev
	}
	// The Hand holder also holds the Hourglass: they keep the Hand and give
	// the Hourglass to the opponent.
	s.hourglass = 1 - s.hand
	ev = append(ev, Event{Kind: EvHourglass, Side: s.hourglass, Space: -1})
	return s.cleanupBoard(dice, ev)
}

func (s *State) doSwap(swap bool, dice *Dice, ev []Event) []Event {
	if swap {
		s.hand, s.hourglass = s.hourglass, s.hand
		ev = append(ev, Event{Kind: EvHand, Side: s.hand}, Event{Kind: EvHourglass, Side: s.hourglass, Space: -1})
	}
	return s.cleanupBoard(dice, ev)
}

func (s *State) cleanupBoard(dice *Dice, ev []Event) []Event {
	for i := range s.spaces {
		s.spaces[i] = spaceState{}
	}
	s.hgSpace = -1
	s.keepDone = [2]bool{}
	s.paidTurn = [2]int16{}
	return s.nextKeep(dice, ev)
}

// nextKeep asks each player (Hand holder first) which Order token to keep
// when they hold several colours; others keep theirs at once
// (KeepOrderChoice, R-TURN-6).
func (s *State) nextKeep(dice *Dice, ev []Event) []Event {
	for _, side := range [2]int8{s.hand, 1 - s.hand} {
		if s.keepDone[side] {
			continue
		}
		colours, total := 0, 0
		last := -1
		for c, n := range s.orders[side] {
			if n > 0 {
				colours++
				total += int(n)
				last = c
			}
		}
		if total <= 1 {
			s.keepDone[side] = true
			continue
		}
		if colours > 1 {
			s.pend = pendKeep
			s.toAct = side
			return ev
		}
		ev = s.doKeepFor(int(side), last, ev)
	}
	return s.endTurn(dice, ev)
}

func (s *State) checkKeep(d *Decision) error {
	if s.pend != pendKeep {
		return fail(ErrWrongPhase)
	}
	if d.Colour < 0 || int(d.Colour) >= len(s.g.colours) || s.orders[d.Side][d.Colour] == 0 {
		return fail(ErrNoTokens)
	}
	return nil
}

func (s *State) doKeep(c int, dice *Dice, ev []Event) []Event {
	ev = s.doKeepFor(int(s.toAct), c, ev)
	return s.nextKeep(dice, ev)
}

func (s *State) doKeepFor(side, c int, ev []Event) []Event {
	total := s.OrderTotal(side)
	s.orders[side] = [MaxColours]int8{}
	s.orders[side][c] = 1
	s.keepDone[side] = true
	return append(ev, Event{Kind: EvDiscard, Side: int8(side), N: int16(total - 1)})
}

func (s *State) endTurn(dice *Dice, ev []Event) []Event {
	s.spotted = [MaxUnits][2]int8{}
	s.boost = [MaxUnits][numStats]int8{}
	for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
		ev = s.sideTrigger(side, TrigCleanup, dice, ev)
	}
	ev = s.scoreEndOfTurn(ev)
	if s.turn == s.g.objTurn { // R-OBJ-3: at the end of the Cleanup of turn 3
		ev = s.revealObjectives(ev)
	}
	if s.g.maintenance && s.turn == MaintenanceTurn { // R-TURN-7
		ev = s.maintenanceCost(ev)
	}
	if s.turn >= s.g.turns {
		ev = s.scoreEndOfGame(ev)
		s.phase = PhaseOver
		s.pend = pendNone
		switch {
		case s.vp[0] > s.vp[1]:
			s.winner = 0
		case s.vp[1] > s.vp[0]:
			s.winner = 1
		default:
			s.winner = 2 // EqualPointsDraw (R-WIN-1)
		}
		return append(ev, Event{Kind: EvGameOver, Side: s.winner})
	}
	return s.startTurn(int(s.turn)+1, dice, ev)
}
