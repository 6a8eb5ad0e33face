package warstuff

import (
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// CreaturePolicy moves creature c, whose nearest hero is h, within
// allowance inches: the path of its activation (WS-INV-7). It must return
// a path the creature may walk: every hero it could touch met at contact
// at most, ending on nobody (CreatureLine makes such paths).
type CreaturePolicy func(s *State, c, h int8, allowance float64) Path

// creatureMove is the creature's move: the game's policy (WS-VAR-3) or
// the straight line of WS-INV-7.
func (s *State) creatureMove(c, h int8, allow float64) Path {
	if s.g.CreatureMove != nil {
		return s.g.CreatureMove(s, c, h, allow)
	}
	return s.creaturePath(c, h, allow)
}

// CreatureLine is a creature's straight move toward point to: it stops at
// contact with the first hero it meets, within its allowance (terrain
// costs counted), short of ending on another figure.
func (s *State) CreatureLine(c int8, to geom.Vec, allow float64) Path {
	from := s.figs[c].P
	r := s.radius(c)
	t := 1.0
	for i := range s.n {
		if i == c || !s.inPlay(i) || s.figs[i].Side != 0 {
			continue
		}
		if bt := blockT(from, to, s.figs[i].P, r+s.radius(i)+placeGap); bt >= 0 && bt < t {
			t = bt
		}
	}
	// the table edge (WS-GEOM-12)
	t = min(t, edgeT(from.X, to.X, r, s.g.Size), edgeT(from.Y, to.Y, r, s.g.Size))
	return s.creatureEnd(c, geom.Lerp(from, to, t), allow)
}

// SmartCreatures is a Smart Creatures policy (WS-VAR-3): a creature tries
// straight lines toward its nearest hero and up to 90° off it, at full
// and half length, and takes the best: first reaching contact with a
// hero, then entering as little dangerous terrain as it can, then ending
// in terrain that gives cover, then ending nearest the hero. Ties go to
// the straighter line.
func SmartCreatures(s *State, c, h int8, allow float64) Path {
	from := s.figs[c].P
	dir := s.figs[h].P.Sub(from).Unit()
	if dir == (geom.Vec{}) {
		return s.creaturePath(c, h, allow)
	}
	best, bestScore := s.creaturePath(c, h, allow), math.Inf(-1)
	for _, deg := range [...]float64{0, 20, -20, 40, -40, 60, -60, 90, -90} {
		a := deg * math.Pi / 180
		u := geom.Vec{X: dir.X*math.Cos(a) - dir.Y*math.Sin(a), Y: dir.X*math.Sin(a) + dir.Y*math.Cos(a)}
		for _, frac := range [...]float64{1, 0.5} {
			var pa Path
			if deg == 0 && frac == 1 {
				pa = best // the straight move of WS-INV-7
			} else {
				pa = s.CreatureLine(c, from.Add(u.Scale(allow*frac)), allow)
			}
			if sc := s.smartScore(c, h, &pa); sc > bestScore {
				best, bestScore = pa, sc
			}
		}
	}
	return best
}

// smartScore rates a creature's path for SmartCreatures.
func (s *State) smartScore(c, h int8, pa *Path) float64 {
	from := s.figs[c].P
	end := pa.End(from)
	r := s.radius(c)
	score := 0.0
	near := math.Inf(1)
	for i := range s.n {
		if s.figs[i].Side == 0 && s.inPlay(i) {
			g := geom.Gap(end, r, s.figs[i].P, s.radius(i))
			near = min(near, g)
			if g <= geom.Contact {
				score += 1000
			}
		}
	}
	fly := s.has(c, Flying)
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if pc.Dangerous && !fly {
			score -= 100 * float64(pc.Shape.Entries(from, end))
		}
		if pc.Cover && pc.Shape.Inside(end) {
			score += 10
		}
	}
	return score - near
}
