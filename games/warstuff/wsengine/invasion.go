package wsengine

import (
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// Creature ties. The rules leave the creatures' controller a few choices
// (WS-INV-6, 7, 9: which creature acts first, which hero it goes for,
// where it appears). The engine makes them itself, so the creature side
// never has a decision to take, and breaks every tie the same way: by
// figure number, the lowest first (heroes are numbered band by band in
// deployment order, creatures in the order they appeared). So:
//   - the next creature to act is the one not yet activated nearest to
//     any hero (edge to edge); ties: the lowest number;
//   - its victim is the hero nearest to it; ties: the lowest number (a
//     creature that reaches another hero on the way attacks that one);
//   - in contact it attacks the nearest hero it touches, otherwise it
//     shoots the nearest visible hero in range; ties: the lowest number;
//   - a new creature touches, if it can, the hero nearest the objective
//     (ties: the lowest number), at a free point touching both the marker
//     and that hero, the one left of the line from the marker to the hero
//     first; otherwise it stands at the free point touching
//     the marker that is nearest the hero nearest the marker, trying
//     10° steps either side, then rings 0.25" further out (freeSpot).
// Smart Creatures (WS-VAR-3) and More Randomness (WS-VAR-7) change the
// move, not these ties.

// Invasion phases (WS-INV-5).
const (
	phCreatures = iota
	phSpawn
	phHeroes
	phEnd
	phMorale
	phLate // Late Arrival's spawning before turn 1 (WS-VAR-1)
)

// advanceInvasion runs the invasion's turn (WS-INV-5): creatures act,
// creatures spawn, heroes act, then the device and morale.
func (s *State) advanceInvasion(x *ctx) error {
	if s.turn == 0 {
		if s.g.LateArrival && s.phase == phCreatures { // WS-VAR-1
			s.phase = phLate
			return s.rollSpawn(x)
		}
		if s.phase == phLate && s.spawnNext(x) {
			return nil
		}
		if s.su != suNone { // the heroes deploy after Late Arrival's spawning (WS-VAR-1)
			return s.advanceSetup(x)
		}
		return s.startInvasionTurn(x)
	}
	if s.sealed && !s.creaturesLeft() { // WS-VAR-5
		s.heroesWin(x)
		return nil
	}
	switch s.phase {
	case phCreatures:
		c := s.nextCreature()
		if c < 0 {
			s.phase = phSpawn
			if s.sealed {
				return nil
			}
			return s.rollSpawn(x)
		}
		return s.creatureActivation(x, c)
	case phSpawn:
		if !s.spawnNext(x) {
			s.phase = phHeroes
		}
		return nil
	case phHeroes:
		s.toAct = 0
		if !s.sideCanAct(0) {
			s.phase = phEnd
			return nil
		}
		s.pend = pendGo
		return nil
	case phEnd:
		s.phase = phMorale
		if !s.sealed && s.sab == 1<<len(s.g.Objectives)-1 && len(s.g.Objectives) > 0 && s.deviceHero() { // WS-INV-11
			s.pend, s.toAct = pendDevice, 0
		}
		return nil
	case phMorale:
		if s.mstage == 0 {
			s.mstage = 1
			s.queueMorale(0)
		}
		if wait, err := s.testQueued(x); err != nil || wait {
			return err
		}
		s.mstage = 0
		if s.pend == pendOver {
			return nil
		}
		limit := s.g.MaxTurns
		if limit == 0 {
			limit = invasionTurnLimit
		}
		if int(s.turn) >= limit {
			s.finish(x, -1)
			return nil
		}
		return s.startInvasionTurn(x)
	}
	return nil
}

func (s *State) startInvasionTurn(x *ctx) error {
	s.newTurn(x)
	s.phase = phCreatures
	s.first = 1
	return s.drawCard(x)
}

// creaturesLeft reports whether a creature is in play.
func (s *State) creaturesLeft() bool {
	for i := range s.n {
		if s.figs[i].Side == 1 && s.inPlay(i) {
			return true
		}
	}
	return false
}

// deviceHero reports whether a hero may try the device.
func (s *State) deviceHero() bool {
	for i := range s.n {
		if s.canDevice(i) {
			return true
		}
	}
	return false
}

func (s *State) canDevice(i int8) bool {
	return s.figs[i].Side == 0 && s.inPlay(i) && !s.figs[i].has(fStunned) && !s.has(i, Incapable)
}

// device is the attempt to seal the entries (WS-INV-11).
func (s *State) device(x *ctx, d *Decision) error {
	if s.pend != pendDevice {
		return illegal(ErrNotNow)
	}
	if d.Fig < 0 || d.Fig >= s.n || !s.canDevice(d.Fig) {
		return illegal(ErrBadTarget)
	}
	s.pend = pendNone
	mod := 0
	if s.has(d.Fig, Tactician) {
		mod = 1
	}
	ok, _, err := s.test(x, RollDevice, d.Fig, 0, 0, mod, 0)
	if err != nil {
		return err
	}
	if ok {
		x.note(EvSealed, d.Fig, -1, 0, "")
		if !s.g.BitterEnd || !s.creaturesLeft() {
			s.heroesWin(x)
			return nil
		}
		s.sealed = true // WS-VAR-5: no more spawning; clear the table
	}
	return s.advance(x)
}

// nearestHero is the hero nearest figure c (edge to edge), ties to the
// lowest number (see Creature ties above), or −1.
func (s *State) nearestHero(c int8) (int8, float64) {
	best, bd := NoFig, math.Inf(1)
	for i := range s.n {
		if s.figs[i].Side == 0 && s.inPlay(i) {
			if g := s.gap(c, i); g < bd {
				best, bd = i, g
			}
		}
	}
	return best, bd
}

// nextCreature is the creature to activate next (WS-INV-6): the one not yet
// activated nearest to any hero.
func (s *State) nextCreature() int8 {
	best, bd := NoFig, math.Inf(1)
	for i := range s.n {
		f := &s.figs[i]
		if f.Side != 1 || !f.has(fInPlay) || f.has(fActivated|fFresh) {
			continue
		}
		if _, g := s.nearestHero(i); g < bd || best < 0 {
			best, bd = i, g
		}
	}
	return best
}

// creatureActivation starts a creature's activation (WS-INV-7, 17).
func (s *State) creatureActivation(x *ctx, c int8) error {
	fig := &s.figs[c]
	fig.Flags |= fActivated
	fig.Flags &^= fCover | fOverwatch
	if fig.has(fStunned) { // WS-INV-6
		fig.Flags &^= fStunned
		x.note(EvUnstunned, c, -1, 0, "")
		return nil
	}
	h, _ := s.nearestHero(c)
	if h < 0 {
		return nil
	}
	d := NewDecision(Activate, 1, c)
	d.Option = creature
	allow := s.allowance(c, creature)
	if s.card > 0 {
		d.Path, d.Target = s.cardMove(c, h)
	} else if s.has(c, Cunning) { // WS-INV-17
		cand, cd := NoFig, math.Inf(1)
		for i := range s.n {
			if s.figs[i].Side != 0 || !s.inPlay(i) {
				continue
			}
			if pa, ok := s.chargePath(c, i); ok && s.gap(c, i) < cd {
				cand, cd, d.Path = i, s.gap(c, i), pa
			}
		}
		if cand < 0 {
			allow = 8
			d.Path = s.creatureMove(c, h, allow)
			d.Target = -2 // gains a Cover token at the end
		}
	} else {
		d.Path = s.creatureMove(c, h, allow)
	}
	x.note(EvActivate, c, -1, 0, "creature")
	s.act = activation{d: d, fig: c, stage: stMove, begun: true, combat: [2]int8{NoFig, NoFig}, postFig: NoFig}
	return s.run(x)
}

// creaturePath is the straight move of a creature toward hero h (WS-INV-7):
// it stops at contact with h (or with another hero met first), within its
// allowance, short of ending on another figure.
func (s *State) creaturePath(c, h int8, allow float64) Path {
	from := s.figs[c].P
	to := s.contactPoint(c, h, from)
	r := s.radius(c)
	t := 1.0
	for i := range s.n {
		if i == c || i == h || !s.inPlay(i) || s.figs[i].Side != 0 {
			continue
		}
		if bt := geom.FirstTouch(from, to, s.figs[i].P, r+s.radius(i)+placeGap); bt >= 0 && bt < t {
			t = bt
		}
	}
	// a large base may not reach a hero by the table edge (WS-GEOM-12)
	t = min(t, edgeT(from.X, to.X, r, s.g.Size), edgeT(from.Y, to.Y, r, s.g.Size))
	return s.creatureEnd(c, geom.Lerp(from, to, t), allow)
}

// creatureEnd is a creature's straight move from where it stands toward
// end: the longest part within its allowance that the terrain allows,
// short of ending on another figure (WS-INV-7).
func (s *State) creatureEnd(c int8, end geom.Vec, allow float64) Path {
	from := s.figs[c].P
	if pa := Line(end); s.pathCost(c, &pa) > allow {
		lo, hi := 0.0, 1.0
		for range 30 {
			m := (lo + hi) / 2
			q := Line(geom.Lerp(from, end, m))
			if s.pathCost(c, &q) <= allow {
				lo = m
			} else {
				hi = m
			}
		}
		end = geom.Lerp(from, end, lo)
	}
	for k := 0; k < 40 && s.overlaps(c, end); k++ {
		end = geom.Lerp(from, end, 0.95)
	}
	if s.overlaps(c, end) {
		end = from
	}
	return Line(end)
}

// pathCost is a path's movement cost, ignoring who it touches.
func (s *State) pathCost(f int8, pa *Path) float64 {
	pos, z := s.figs[f].P, s.figs[f].Z
	cost := 0.0
	var buf [maxSegEv]segEv
	for i := range pa.N {
		w := pa.W[i]
		evs, extra, l := s.segEvents(f, pos, w.P, w, z, &buf)
		cost += l + extra
		for _, e := range evs {
			if e.kind == seUp {
				z = s.g.Pieces[e.piece].Height
			} else if e.kind == seDown {
				z = 0
			}
		}
		pos = w.P
	}
	return cost
}

// creatureStrike: a creature in contact with a hero attacks it as a charge;
// otherwise it shoots the nearest visible hero in range (WS-INV-7).
func (s *State) creatureStrike(x *ctx, c int8) error {
	if s.act.d.Target == -2 {
		s.figs[c].Flags |= fCover
		x.note(EvCover, c, -1, 0, "")
		return nil
	}
	best, bd := NoFig, math.Inf(1)
	for i := range s.n {
		if s.figs[i].Side == 0 && s.inPlay(i) {
			if g := s.gap(c, i); g <= geom.Contact && g < bd {
				best, bd = i, g
			}
		}
	}
	if best >= 0 {
		return s.combat(x, c, best, true)
	}
	if !s.prof(c).Ranged() || s.act.spawn {
		return nil
	}
	best, bd = NoFig, math.Inf(1)
	for i := range s.n {
		if s.figs[i].Side == 0 && s.inPlay(i) && s.canShoot(c, i, 0, s.figs[c].P) == "" && s.gap(c, i) < bd {
			best, bd = i, s.gap(c, i)
		}
	}
	if best >= 0 {
		return s.shoot(x, c, best, 0, false, false, [3]int8{NoFig, NoFig, NoFig})
	}
	return nil
}

// rollSpawn rolls the spawn dice of the phase (WS-INV-8).
func (s *State) rollSpawn(x *ctx) error {
	s.spawnQ = [5]int8{}
	s.spawnAt = 0
	n := s.g.SpawnDice
	if n == 0 {
		n = 5
	}
	n += s.g.Everywhere // WS-VAR-4
	if s.card > 0 {     // WS-VAR-6
		n += int(suits[s.card-1].spawn)
	}
	n = max(0, n)
	players := max(s.g.Players, 1)
	for range n * players {
		v, err := s.roll(x, RollSpawn, -1, 0, 0)
		if err != nil {
			return err
		}
		if v <= 5 && int(v) <= len(s.g.Objectives) {
			s.spawnQ[v-1]++
		}
	}
	// zols' Variable Size (WS-INV-16): dice per objective become sizes
	if s.g.Merge[0] >= 0 {
		for o := range s.spawnQ {
			q := s.spawnQ[o]
			s.merged[o] = [3]int8{q % 2, (q % 4) / 2, q / 4}
		}
	}
	return nil
}

// spawnNext places the next creature of the phase (WS-INV-8, 9) and
// reports whether one was placed.
func (s *State) spawnNext(x *ctx) bool {
	for s.spawnAt < int8(len(s.g.Objectives)) && s.spawnAt < 5 {
		o := s.spawnAt
		prof := s.g.Spawn
		if s.g.Merge[0] >= 0 {
			found := false
			for k := 2; k >= 0; k-- { // giga-zols first
				if s.merged[o][k] > 0 {
					s.merged[o][k]--
					prof = s.g.Merge[k]
					found = true
					break
				}
			}
			if !found {
				s.spawnAt++
				continue
			}
		} else {
			if s.spawnQ[o] == 0 {
				s.spawnAt++
				continue
			}
			s.spawnQ[o]--
		}
		if s.n >= maxFigsSpawn {
			continue
		}
		s.place(x, prof, int(o))
		return true
	}
	return false
}

// place puts a new creature at objective o (WS-INV-8, 9) and resolves its
// appearance: Overwatch, then its attack.
func (s *State) place(x *ctx, prof int16, o int) {
	c := s.n
	s.n++
	s.figs[c] = Fig{Prof: prof, Side: 1, Band: 7, Flags: fInPlay | fFresh | fActivated}
	r := s.g.Profiles[prof].Base / 2
	m := s.g.Objectives[o]
	touch := r + 0.5 + placeGap
	// the hero nearest the objective that it can touch too
	best, bd := NoFig, math.Inf(1)
	var pos geom.Vec
	for i := range c {
		if s.figs[i].Side != 0 || !s.inPlay(i) {
			continue
		}
		rh := r + s.radius(i) + placeGap
		for side := range 2 {
			p, ok := twoCircles(m, touch, s.figs[i].P, rh, side == 1)
			if ok && !s.overlaps(c, p) && s.onTable(c, p) && geom.Dist(m, s.figs[i].P) < bd {
				best, bd, pos = i, geom.Dist(m, s.figs[i].P), p
			}
		}
	}
	if best < 0 {
		h := NoFig
		hd := math.Inf(1)
		for i := range c {
			if s.figs[i].Side == 0 && s.inPlay(i) && geom.Dist(m, s.figs[i].P) < hd {
				h, hd = i, geom.Dist(m, s.figs[i].P)
			}
		}
		a0 := 0.0
		if h >= 0 {
			d := s.figs[h].P.Sub(m)
			a0 = math.Atan2(d.Y, d.X)
		}
		pos = s.freeSpot(c, m, touch, a0)
	}
	s.figs[c].P = pos
	s.figs[c].Z = s.elevationAt(pos)
	x.note(EvSpawn, c, best, int16(o+1), s.g.Profiles[prof].ID)
	d := NewDecision(Activate, 1, c)
	d.Option = creature
	s.act = activation{d: d, fig: c, stage: stMove, begun: true, spawn: true, combat: [2]int8{NoFig, NoFig}, postFig: NoFig}
}

// freeSpot is the free position nearest the marker, starting at angle a0
// at distance d and going outward (WS-INV-9).
func (s *State) freeSpot(c int8, m geom.Vec, d, a0 float64) geom.Vec {
	for ring := 0; ring < 40; ring++ {
		dd := d + float64(ring)*0.25
		for k := 0; k < 36; k++ {
			step := float64((k+1)/2) * math.Pi / 18
			if k%2 == 1 {
				step = -step
			}
			p := around(m, dd, a0+step)
			if s.onTable(c, p) && !s.overlaps(c, p) {
				return p
			}
		}
	}
	return around(m, d, a0)
}

func (s *State) onTable(c int8, p geom.Vec) bool {
	r := s.radius(c)
	return p.X-r >= 0 && p.Y-r >= 0 && p.X+r <= s.g.Size && p.Y+r <= s.g.Size
}

// twoCircles is an intersection point of two circles (centre, radius):
// the one on the left of a→b, or on the right.
func twoCircles(a geom.Vec, ra float64, b geom.Vec, rb float64, right bool) (geom.Vec, bool) {
	d := geom.Dist(a, b)
	if d > ra+rb || d < math.Abs(ra-rb) || d == 0 {
		return geom.Vec{}, false
	}
	l := (ra*ra - rb*rb + d*d) / (2 * d)
	h := math.Sqrt(max(0, ra*ra-l*l))
	u := b.Sub(a).Scale(1 / d)
	mid := a.Add(u.Scale(l))
	if right {
		h = -h
	}
	return geom.Vec{X: mid.X - u.Y*h, Y: mid.Y + u.X*h}, true
}

// heroesWin ends an invasion the heroes won, unless Against the Clock
// (WS-VAR-2) holds a record of Game.Clock turns they did not beat: then
// the game is not a victory, and the creatures win.
func (s *State) heroesWin(x *ctx) {
	if s.g.Clock > 0 && int(s.turn) >= s.g.Clock {
		x.note(EvClock, -1, -1, s.turn, "")
		s.finish(x, 1)
		return
	}
	s.finish(x, 0)
}
