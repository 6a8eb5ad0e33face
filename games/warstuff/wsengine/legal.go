package wsengine

import (
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// Legal lists decisions the player to act may take, appended to buf. The
// table is continuous, so the list is a sample: every legal kind of
// decision, with moves along a few straight lines (toward the objectives,
// toward and away from the nearest enemy, and the four table directions)
// at full allowance. Do accepts any legal decision, listed or not.
func (s *State) Legal(buf []Decision) []Decision {
	switch s.pend {
	case pendGo, pendFree:
		if s.pend == pendFree || (s.goes > 0 || s.g.Scenario == Invasion) && !s.g.multi() {
			buf = append(buf, NewDecision(Pass, s.toAct, NoFig))
		}
		for f := range s.n {
			if s.pend == pendFree && f != s.free || s.pend == pendGo && !s.canActivate(f) {
				continue
			}
			buf = s.legalFig(f, buf)
		}
	case pendFirst:
		dirs := []int8{0}
		if s.g.multi() {
			dirs = []int8{1, -1}
		}
		for side := range s.g.sides() {
			for _, dir := range dirs {
				d := NewDecision(First, s.toAct, NoFig)
				d.Choice, d.Dir = side, dir
				buf = append(buf, d)
			}
		}
	case pendOverwatch:
		buf = append(buf, NewDecision(NoInterrupt, s.toAct, NoFig))
		m, _, _ := s.moving()
		for w := range s.n {
			if !s.canWatch(w, m) || s.figs[w].Side != s.toAct {
				continue
			}
			pts := s.watchPoints(w, 64)
			for _, i := range [3]int{0, len(pts) / 2, len(pts) - 1} {
				if i < 0 || i >= len(pts) || (i > 0 && pts[i] == pts[0]) {
					continue
				}
				d := NewDecision(Interrupt, s.toAct, w)
				d.At = pts[i]
				d.Weapon = s.watchWeapon(w, pts[i])
				buf = append(buf, d)
			}
		}
	case pendPostMove:
		f := s.act.postFig
		d := NewDecision(PostMove, s.toAct, f)
		buf = append(buf, d)
		for _, dir := range s.directions(f) {
			if p, ok := s.reach(f, dir, 2); ok {
				d.Path = Line(p)
				buf = append(buf, d)
			}
		}
	case pendRiposte, pendFurious:
		k, f := Riposte, s.act.combat[1]
		if s.pend == pendFurious {
			k, f = FuriousAttack, s.act.combat[0]
		}
		buf = append(buf, NewDecision(k, s.toAct, f), NewDecision(Decline, s.toAct, f))
	case pendMorale:
		for f := range s.n {
			if s.mq&(1<<f) == 0 || !s.inPlay(f) {
				continue
			}
			d := NewDecision(MoraleTest, s.toAct, f)
			buf = append(buf, d)
			for j := range s.n {
				if s.rallies(f, j) {
					d.Target = j
					buf = append(buf, d)
				}
			}
		}
	case pendAttacker, pendCorner, pendDeploy:
		buf = s.legalSetup(buf)
	case pendDevice:
		for i := range s.n {
			if s.canDevice(i) {
				buf = append(buf, NewDecision(Device, 0, i))
			}
		}
	}
	return buf
}

// watchWeapon is the first weapon with which w can shoot the mover at
// distance at along its move.
func (s *State) watchWeapon(w int8, at float64) int8 {
	m, rest := s.rest()
	from := s.figs[m].P
	p, _ := pointAt(from, &rest, at)
	s.figs[m].P = p
	defer func() { s.figs[m].P = from }()
	return max(s.watchShot(w, m), 0)
}

// directions are the straight lines a figure's sampled moves follow.
func (s *State) directions(f int8) []geom.Vec {
	p := s.figs[f].P
	out := make([]geom.Vec, 0, 12)
	for _, o := range s.g.Objectives {
		out = append(out, o.Sub(p))
	}
	best, bd := NoFig, math.Inf(1)
	for i := range s.n {
		if s.inPlay(i) && s.enemies(f, i) && s.gap(f, i) < bd {
			best, bd = i, s.gap(f, i)
		}
	}
	if best >= 0 {
		d := s.figs[best].P.Sub(p)
		out = append(out, d, d.Scale(-1))
	}
	return append(out, geom.Vec{X: 1}, geom.Vec{X: -1}, geom.Vec{Y: 1}, geom.Vec{Y: -1})
}

// reach is the farthest legal straight move of f along dir within
// allowance. The enemies' bases and the table edge cap it exactly; within
// that cap, terrain costs and friends' bases are found by a binary search
// on the length.
func (s *State) reach(f int8, dir geom.Vec, allowance float64) (geom.Vec, bool) {
	u := dir.Unit()
	if u == (geom.Vec{}) {
		return geom.Vec{}, false
	}
	p := s.figs[f].P
	r := s.radius(f)
	far := p.Add(u.Scale(allowance))
	t := 1.0
	for j := range s.n {
		if j != f && s.inPlay(j) && s.enemies(f, j) {
			if bt := blockT(p, far, s.figs[j].P, r+s.radius(j)+geom.Contact); bt >= 0 {
				t = min(t, bt)
			}
		}
	}
	t = min(t, edgeT(p.X, far.X, r, s.g.Size), edgeT(p.Y, far.Y, r, s.g.Size))
	hi := t*allowance - 1e-6
	if hi < 0.25 {
		return geom.Vec{}, false
	}
	full := Line(p.Add(u.Scale(hi)))
	if s.checkPath(f, &full, allowance, NoFig) == "" {
		return full.W[0].P, true
	}
	lo := 0.0
	for range 7 {
		m := (lo + hi) / 2
		q := Line(p.Add(u.Scale(m)))
		if c := s.checkPath(f, &q, allowance, NoFig); c == "" || c == ErrOverlap {
			lo = m
		} else {
			hi = m
		}
	}
	q := Line(p.Add(u.Scale(lo)))
	if lo < 0.25 || s.checkPath(f, &q, allowance, NoFig) != "" {
		return geom.Vec{}, false
	}
	return q.W[0].P, true
}

// legalFig lists a sample of f's activations.
func (s *State) legalFig(f int8, buf []Decision) []Decision {
	fig := &s.figs[f]
	side := fig.Side
	base := NewDecision(Activate, side, f)
	if fig.has(fReserve) {
		base.Option = Arrive
		if p, ok := s.arrivalPoint(f); ok {
			base.Path = Line(p)
			buf = append(buf, base)
		}
		return buf
	}
	if fig.has(fStunned) {
		base.Option = AimedShot // it does nothing (WS-ACT-6 c)
		return append(buf, base)
	}
	frenzy := s.has(f, Frenzied) && s.frenzyTarget(f)
	for t := range s.n {
		if !s.inPlay(t) || !s.enemies(f, t) || !s.sees(f, t) {
			continue
		}
		if pa, ok := s.chargePath(f, t); ok {
			d := base
			d.Option, d.Target, d.Path = Charge, t, pa
			buf = append(buf, d)
		}
	}
	if frenzy {
		return buf
	}
	if s.g.Scenario == Invasion && !s.has(f, Incapable) && s.touchedObjective(f) >= 0 {
		d := base
		d.Option = Sabotage
		buf = append(buf, d)
	}
	// Aimed Shot and Take Cover: each target, and powers
	start := len(buf)
	buf = s.withShots(f, base, AimedShot, fig.P, buf)
	buf = s.withShots(f, base, TakeCover, fig.P, buf)
	if s.prof(f).Powers != 0 {
		for i := start; i < len(buf) && i < start+2; i++ {
			buf = s.withPowers(f, buf[i], fig.P, buf)
		}
	}
	for _, dir := range s.directions(f) {
		for _, o := range [3]Option{MoveShoot, MoveOverwatch, Run} {
			if o == MoveOverwatch && !s.prof(f).Ranged() {
				continue
			}
			p, ok := s.reach(f, dir, s.allowance(f, o))
			if !ok {
				continue
			}
			d := base
			d.Option, d.Path = o, Line(p)
			if o == MoveShoot {
				buf = s.withShots(f, d, MoveShoot, p, buf)
			} else {
				buf = append(buf, d)
			}
		}
	}
	return buf
}

// withShots appends d with each shot f may take from p (or none), and a
// Medic heal or a Suicidal explosion instead.
func (s *State) withShots(f int8, d Decision, o Option, p geom.Vec, buf []Decision) []Decision {
	d.Option = o
	pr := s.prof(f)
	n := 0
	for t := range s.n {
		if !s.inPlay(t) || !s.enemies(f, t) {
			continue
		}
		for w := range pr.NWeapons {
			if pr.Weapons[w].Range == RangeFlame {
				if geom.Gap(p, s.radius(f), s.figs[t].P, s.radius(t)) > geom.FlameLength {
					continue
				}
				e := d
				e.Weapon, e.Axis = w, s.figs[t].P.Sub(p)
				if d.Path.N > 0 || s.checkShot(f, &e, p) == nil {
					buf = append(buf, e)
					n++
				}
				continue
			}
			if s.canShoot(f, t, w, p) == "" {
				e := d
				e.Target, e.Weapon = t, w
				buf = append(buf, e)
				n++
			}
		}
	}
	if n == 0 || o != MoveShoot {
		buf = append(buf, d)
	}
	if s.has(f, Medic) {
		for t := range s.n {
			if t != f && s.inPlay(t) && !s.enemies(f, t) && s.figs[t].Wounds > 0 &&
				geom.Gap(p, s.radius(f), s.figs[t].P, s.radius(t)) <= geom.Contact {
				e := d
				e.Heal = t
				buf = append(buf, e)
			}
		}
	}
	if s.has(f, Suicidal) {
		e := d
		e.Suicide = true
		buf = append(buf, e)
	}
	return buf
}

// withPowers appends d with each power f may use at its start on its first
// valid target.
func (s *State) withPowers(f int8, d Decision, p geom.Vec, buf []Decision) []Decision {
	pr := s.prof(f)
	for pw := range numPowers {
		if !pr.Powers.Has(pw) {
			continue
		}
		e := d
		e.Power = int8(pw) + 1
		switch pw {
		case HandOfFire:
			buf = append(buf, e)
			continue
		case ConeOfCold:
			for t := range s.n {
				if s.inPlay(t) && s.enemies(f, t) && s.gap(f, t) <= geom.FlameLength {
					e.PowerAxis = s.figs[t].P.Sub(p)
					if s.powerTarget(f, pw, NoFig, e.PowerAxis, p) == "" {
						buf = append(buf, e)
						break
					}
				}
			}
			continue
		}
		for t := range s.n {
			if s.powerTarget(f, pw, t, geom.Vec{}, p) == "" {
				if (pw == Healing || pw == Inspiration) && s.figs[t].Wounds == 0 && pw == Healing {
					continue
				}
				e.PowerTarget = t
				buf = append(buf, e)
				break
			}
		}
	}
	return buf
}

// arrivalPoint is a Teleport arrival point: the legal point of a 2" grid
// nearest the enemies (WS-BUILD-54).
func (s *State) arrivalPoint(f int8) (geom.Vec, bool) {
	best, bd := geom.Vec{}, math.Inf(1)
	found := false
	for x := 1.0; x < s.g.Size; x += 2 {
		for y := 1.0; y < s.g.Size; y += 2 {
			p := geom.Vec{X: x, Y: y}
			if s.checkArrive(f, p) != nil {
				continue
			}
			d := math.Inf(1)
			for j := range s.n {
				if s.inPlay(j) && s.enemies(f, j) {
					d = min(d, geom.Dist(p, s.figs[j].P))
				}
			}
			if d < bd {
				best, bd, found = p, d, true
			}
		}
	}
	return best, found
}
