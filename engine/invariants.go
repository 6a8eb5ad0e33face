package engine

import (
	"fmt"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// Invariants checks what must hold after every decision: at most one
// miniature per tile and the board index agreeing with the units;
// Formations adjacent; no negative pool or Order count; one activation per
// taken space; the Order tokens on the board equal the tokens paid this
// turn; a finished game has a result after its last turn. It returns the
// first broken one.
func (s *State) Invariants() error {
	g := s.g
	var seen hex.Mask
	minis := 0
	for u := range g.units {
		us := &s.units[u]
		for k, n := range us.tok {
			if n < 0 {
				return fmt.Errorf("unit %s holds %d %s tokens", g.units[u].id, n, TokenNames[k])
			}
		}
		if !s.inPlay(u) {
			continue
		}
		ts := s.minis(u)
		for _, t := range ts {
			if t < 0 || int(t) >= g.grid.Len() {
				return fmt.Errorf("unit %s is off the board", g.units[u].id)
			}
			if seen.Has(t) {
				return fmt.Errorf("two miniatures on %s", g.grid.Name(t))
			}
			if g.blockMove.Has(t) {
				return fmt.Errorf("unit %s stands on the obstacle %s", g.units[u].id, g.grid.Name(t))
			}
			seen.Set(t)
			minis++
			if s.occ[t] != int8(u+1) {
				return fmt.Errorf("tile %s does not record unit %s", g.grid.Name(t), g.units[u].id)
			}
		}
		if len(ts) == 2 && !g.grid.Adjacent(ts[0], ts[1]) {
			return fmt.Errorf("the Formation %s is split: %s and %s", g.units[u].id, g.grid.Name(ts[0]), g.grid.Name(ts[1]))
		}
	}
	if s.sideTiles[0].Or(s.sideTiles[1]) != seen {
		return fmt.Errorf("the side tile sets do not match the miniatures")
	}
	for t := range g.grid.Len() {
		if s.occ[t] != 0 && !seen.Has(hex.Tile(t)) {
			return fmt.Errorf("tile %s records a unit that is not there", g.grid.Name(hex.Tile(t)))
		}
	}
	for side := range 2 {
		for c, n := range s.orders[side] {
			if n < 0 {
				return fmt.Errorf("%s holds %d %s Orders", g.sideNames[side], n, g.colours[c])
			}
		}
	}
	onBoard, taken := 0, 0
	for i := range g.spaces {
		n := s.SpaceTokens(i)
		if !s.spaces[i].taken && n != 0 {
			return fmt.Errorf("open space %s holds %d tokens", g.spaces[i].id, n)
		}
		if s.spaces[i].taken {
			taken++
		}
		onBoard += n
	}
	if onBoard != int(s.paidTurn[0])+int(s.paidTurn[1]) {
		return fmt.Errorf("%d Order tokens on the board, %d paid this turn", onBoard, s.paidTurn[0]+s.paidTurn[1])
	}
	if s.phase == PhaseAction {
		acts, onSpaces := 0, 0
		for u := range g.units {
			acts += int(s.units[u].activations)
		}
		for i := range g.spaces {
			n := int(s.spaces[i].acts)
			onSpaces += n
			if s.spaces[i].taken != (n > 0) || n > 2 || (n == 2 && !g.spaces[i].multi) {
				return fmt.Errorf("space %s holds %d activations (taken %v)", g.spaces[i].id, n, s.spaces[i].taken)
			}
		}
		if acts != onSpaces || taken > onSpaces {
			return fmt.Errorf("%d activations this turn on %d taken spaces", acts, taken)
		}
	}
	if err := s.confrontationInvariants(); err != nil {
		return err
	}
	if s.phase == PhaseOver && (s.turn != g.turns || s.winner < 0) {
		return fmt.Errorf("the game ended on turn %d of %d with no result", s.turn, g.turns)
	}
	return nil
}

// confrontationInvariants: Cover only in Confrontation and only on
// Characters in play, one token at most by construction (R-HIDE-1,
// R-HIDE-5); Maintenance markers only with the option, never on a
// Character activated this turn (R-TURN-7); Victory Points never below 0;
// a pending second Multiple activation only inside an activation; the
// personal Objectives revealed exactly after the Objective turn (R-OBJ-3).
func (s *State) confrontationInvariants() error {
	g := s.g
	all := uint32(1)<<uint(len(g.units)) - 1
	if s.cover&^all != 0 || s.maint&^all != 0 {
		return fmt.Errorf("a Cover token or a Maintenance marker on a unit that does not exist")
	}
	for u := range g.units {
		bit := uint32(1) << uint(u)
		if s.cover&bit != 0 {
			if g.Format != wbcatalog.Confrontation {
				return fmt.Errorf("unit %s holds Cover in %s (R-HIDE-5)", g.units[u].id, g.Format)
			}
			if !s.inPlay(u) {
				return fmt.Errorf("unit %s holds Cover out of play", g.units[u].id)
			}
		}
		if s.maint&bit != 0 && (!g.maintenance || s.units[u].activations > 0) {
			return fmt.Errorf("unit %s keeps its Maintenance marker (option %v, %d activations)", g.units[u].id, g.maintenance, s.units[u].activations)
		}
	}
	for side := range 2 {
		if s.vp[side] < 0 {
			return fmt.Errorf("%s has %d Victory Points", g.sideNames[side], s.vp[side])
		}
	}
	if s.second != 0 && (s.pend != pendActivation || int(s.second)-1 == int(s.act.unit)) {
		return fmt.Errorf("a second Multiple activation is pending outside an activation")
	}
	if t := g.objTurn; t > 0 && s.phase != PhaseDeploy {
		if want := s.turn > t || (s.turn == t && s.phase == PhaseOver); s.objDrawn != want && s.phase != PhaseCleanup {
			return fmt.Errorf("turn %d: Objectives revealed %v (drawn at the end of turn %d)", s.turn, s.objDrawn, t)
		}
	}
	return nil
}
