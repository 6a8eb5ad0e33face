package warstuff

import (
	"fmt"
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// More Randomness (WS-VAR-6, 7): a deck of 52 playing cards, no jokers; a
// card drawn at the start of each creature phase sets, for the turn, the
// creatures' speed, their secondary target and the change to each
// player's spawn dice. Only the suit matters.

// SuitIDs name the suits in check games and events, in the digest's
// column order (WS-VAR-6, Decision).
var SuitIDs = [4]string{"spades", "hearts", "diamonds", "clubs"}

// suit speeds
const (
	speedWalk = iota
	speedCharge
	speedRun
)

var suits = [4]struct {
	speed     int8
	objective bool // secondary target: the nearest unsabotaged objective (else the nearest hero)
	spawn     int8 // spawn dice per player
}{
	{speedWalk, true, -1},   // spades
	{speedCharge, false, 0}, // hearts
	{speedRun, false, 1},    // diamonds
	{speedCharge, true, 0},  // clubs
}

// drawCard draws the turn's card when the variant is on: a forced card
// first, else a uniform draw from what is left of the deck; an empty deck
// is shuffled again (WS-VAR-6, Decision).
func (s *State) drawCard(x *ctx) error {
	if !s.g.MoreRandomness {
		return nil
	}
	left := 52
	for _, n := range s.drawn {
		left -= int(n)
	}
	if left <= 0 {
		s.drawn = [4]int8{}
		left = 52
	}
	var suit int8
	switch d := x.dice; {
	case d != nil && d.CardsUsed < len(d.Cards):
		suit = d.Cards[d.CardsUsed]
		d.CardsUsed++
		if suit < 0 || suit > 3 {
			return fmt.Errorf("forced card %d is not a suit", suit)
		}
		if s.drawn[suit] >= 13 {
			return fmt.Errorf("forced card: no %s left in the deck", SuitIDs[suit])
		}
	case d != nil && d.Strict:
		return fmt.Errorf("%w: the creature phase needs a card", errNoDice)
	default:
		limit := uint64(math.MaxUint64) - uint64(math.MaxUint64)%uint64(left)
		v := s.rng.Uint64()
		for v >= limit {
			v = s.rng.Uint64()
		}
		k := int8(v % uint64(left))
		for k >= 13-s.drawn[suit] {
			k -= 13 - s.drawn[suit]
			suit++
		}
	}
	s.drawn[suit]++
	s.card = suit + 1
	x.note(EvCard, -1, -1, int16(suit), SuitIDs[suit])
	return nil
}

// cardSpeed is creature c's move this turn by the card (WS-VAR-6): walk
// (its normal move), charge or run.
func (s *State) cardSpeed(c int8) float64 {
	switch suits[s.card-1].speed {
	case speedCharge:
		return s.allowance(c, Charge)
	case speedRun:
		return s.allowance(c, Run)
	}
	return s.allowance(c, MoveShoot)
}

// cardMove is creature c's move under the card (WS-VAR-7): to the nearest
// hero it can reach within the drawn speed, to attack it; otherwise the
// drawn distance toward its secondary target, the nearest unsabotaged
// objective or its nearest hero h (a Cunning creature at most 8", then it
// takes cover: target −2, as in creatureActivation).
func (s *State) cardMove(c, h int8) (Path, int8) {
	allow := s.cardSpeed(c)
	from := s.figs[c].P
	best, bd := Path{}, math.Inf(1)
	for i := range s.n {
		if s.figs[i].Side != 0 || !s.inPlay(i) {
			continue
		}
		pa := Line(s.contactPoint(c, i, from))
		if s.gap(c, i) <= geom.Contact {
			pa.N = 0
		}
		if g := s.gap(c, i); g < bd && s.checkPath(c, &pa, allow, i) == "" {
			best, bd = pa, g
		}
	}
	if !math.IsInf(bd, 1) {
		return best, NoFig
	}
	target := NoFig
	if s.has(c, Cunning) { // WS-INV-17 with WS-VAR-7
		allow = min(allow, 8)
		target = -2
	}
	if suits[s.card-1].objective {
		o, od := -1, math.Inf(1)
		for i, p := range s.g.Objectives {
			if d := geom.Dist(from, p); s.sab&(1<<i) == 0 && d < od {
				o, od = i, d
			}
		}
		if o >= 0 {
			return s.CreatureLine(c, s.g.Objectives[o], allow), target
		}
	}
	return s.creatureMove(c, h, allow), target
}
