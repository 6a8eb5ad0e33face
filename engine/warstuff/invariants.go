package warstuff

import (
	"fmt"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// Invariants checks what must hold after every decision: figures in play
// on the table and not overlapping at rest, wounds within bounds, flags
// consistent, victory points within what can be scored.
func (s *State) Invariants() error {
	if s.pend == pendOverwatch || s.pend == pendPostMove {
		return nil // a move or a combat is in progress
	}
	for i := range s.n {
		f := &s.figs[i]
		if f.has(fInPlay) && f.has(fEliminated|fReserve) {
			return fmt.Errorf("figure %d: in play and eliminated or in reserve (flags %b)", i, f.Flags)
		}
		if f.Wounds < 0 {
			return fmt.Errorf("figure %d: %d wound tokens", i, f.Wounds)
		}
		if !f.has(fInPlay) {
			continue
		}
		if q := s.quality(i); q >= 7 {
			return fmt.Errorf("figure %d: in play at quality %d+", i, q)
		}
		r := s.radius(i)
		if f.P.X-r < -1e-6 || f.P.Y-r < -1e-6 || f.P.X+r > s.g.Size+1e-6 || f.P.Y+r > s.g.Size+1e-6 {
			return fmt.Errorf("figure %d off the table at %v", i, f.P)
		}
		for j := i + 1; j < s.n; j++ {
			if s.inPlay(j) && geom.Gap(f.P, r, s.figs[j].P, s.radius(j)) < -1e-3 {
				return fmt.Errorf("figures %d and %d overlap (%v, %v)", i, j, f.P, s.figs[j].P)
			}
		}
		if f.has(fStunned) && f.has(fCover|fOverwatch) {
			return fmt.Errorf("figure %d: Stunned with Cover or Overwatch", i)
		}
	}
	total := int16(0)
	for _, f := range s.g.Figs {
		total += s.g.Profiles[f.Profile].Cost
	}
	for side := range MaxSides {
		if s.killVP[side] < 0 || s.killVP[side] > total {
			return fmt.Errorf("side %d: %d VP for eliminations of %d points", side, s.killVP[side], total)
		}
	}
	return nil
}
