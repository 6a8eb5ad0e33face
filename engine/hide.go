package engine

import (
	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// ---- Hide and Cover (R-HIDE, Confrontation only) ----

// canHide reports whether u could take the Hide action now: Confrontation
// only (R-HIDE-5) and no Cover token yet (R-HIDE-1, HideNeedsNoCover).
func (s *State) canHide(u int) bool {
	return s.g.Format == wbcatalog.Confrontation && !s.hasCover(u)
}

func (s *State) checkHide(d *Decision) error {
	if s.pend != pendActivation {
		return fail(ErrWrongPhase)
	}
	if s.g.Format != wbcatalog.Confrontation {
		return fail(ErrHideExploration) // R-HIDE-5
	}
	if s.act.remaining&aHide == 0 {
		return fail(ErrNoAction)
	}
	if d.Unit != s.act.unit {
		return fail(ErrUnknownUnit)
	}
	if s.hasCover(int(d.Unit)) {
		return fail(ErrCoverHeld) // HideNeedsNoCover
	}
	return nil
}

func (s *State) doHide(d *Decision, ev []Event) []Event {
	u := int(d.Unit)
	s.cover |= 1 << uint(u)
	s.act.remaining &^= aHide
	s.act.did |= aHide
	s.act.done++
	return append(ev, Event{Kind: EvCover, Side: s.g.units[u].side, Unit: int8(u)})
}

// loseCover takes u's Cover token away (R-HIDE-4).
func (s *State) loseCover(u int, ev []Event) []Event {
	bit := uint32(1) << uint(u)
	if s.cover&bit == 0 {
		return ev
	}
	s.cover &^= bit
	return append(ev, Event{Kind: EvCoverLost, Side: s.g.units[u].side, Unit: int8(u)})
}

// Cover kinds of a ranged attack's target.
const (
	coverNone    = iota
	coverPlain   // R-HIDE-2: −1 to hit, only hits add Stress
	coverTerrain // R-HIDE-3: one extra die, the highest dropped, only hits add Stress
)

// coverAgainst is the Cover the target t has against a ranged attack.
func (s *State) coverAgainst(t int) int {
	if !s.hasCover(t) {
		return coverNone
	}
	var near [2]bool
	ms := s.minis(t)
	for i, x := range ms {
		near[i] = s.g.terrain.Has(x)
		for _, nb := range s.g.grid.Neighbours(x) {
			if nb != hex.None && s.g.terrain.Has(nb) {
				near[i] = true
			}
		}
	}
	if CoverTerrain(near[:len(ms)]) {
		return coverTerrain
	}
	return coverPlain
}
