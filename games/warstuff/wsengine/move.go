package wsengine

import (
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// MaxWay bounds the waypoints of a path.
const MaxWay = 8

// Way is one waypoint of a path: the base centre goes there in a straight
// line. Drop and Jump say how the segment ending here leaves a high piece
// (WS-SPECIAL-MOVE-2, 3); by default it climbs down.
type Way struct {
	P    geom.Vec
	Drop bool
	Jump bool
}

// Path is a voluntary move (WS-MOVE-1): waypoints after the start.
type Path struct {
	W [MaxWay]Way
	N int8
}

// Line is a path with one straight segment to p.
func Line(p geom.Vec) Path {
	var pa Path
	pa.W[0].P = p
	pa.N = 1
	return pa
}

// End is the path's last point, or from when it is empty.
func (pa *Path) End(from geom.Vec) geom.Vec {
	if pa.N == 0 {
		return from
	}
	return pa.W[pa.N-1].P
}

// segment event kinds, in the order the walk meets them.
const (
	seDanger    = iota // base centre enters a dangerous piece
	seDifficult        // enters difficult terrain (Clumsy)
	seObstacle         // crosses an obstacle
	seUp               // climbs onto a high piece
	seDown             // climbs down from a high piece
	seDrop             // drops from a high piece
	seJump             // jumps from a high piece to another
)

type segEv struct {
	t     float64
	kind  int8
	piece int16
	width float64 // seJump: the gap's width; seDrop, seDown: the height
}

const maxSegEv = 24

// segEvents lists what a figure meets along [a, b] (WS-TERRAIN,
// WS-SPECIAL-MOVE), sorted, and the extra cost over its length.
func (s *State) segEvents(f int8, a, b geom.Vec, w Way, z float64, buf *[maxSegEv]segEv) ([]segEv, float64, float64) {
	evs := buf[:0]
	r := s.rules(f)
	fly := r.Has(Flying)
	extra := 0.0
	l := geom.Dist(a, b)
	add := func(e segEv) {
		if len(evs) < maxSegEv {
			evs = append(evs, e)
		}
	}
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if fly {
			continue // WS-BUILD-57: paths ignore terrain
		}
		if pc.Difficult {
			if !r.Has(Agile) {
				extra += pc.Shape.LengthInside(a, b) // WS-TERRAIN-3
			}
			pc.Shape.Transitions(a, b, func(t float64, in bool) {
				if in {
					add(segEv{t: t, kind: seDifficult, piece: int16(k)})
				}
			})
		}
		if pc.Dangerous {
			pc.Shape.Transitions(a, b, func(t float64, in bool) {
				if in {
					add(segEv{t: t, kind: seDanger, piece: int16(k)})
				}
			})
		}
		if pc.Obstacle {
			pc.Shape.Transitions(a, b, func(t float64, in bool) {
				if in {
					extra += 2 // WS-TERRAIN-1: once per crossing
					add(segEv{t: t, kind: seObstacle, piece: int16(k)})
				}
			})
		}
		if pc.High {
			pc.Shape.Transitions(a, b, func(t float64, in bool) {
				kind := int8(seUp)
				if !in {
					kind = seDown
					if w.Drop {
						kind = seDrop
					} else if w.Jump {
						kind = seJump
					}
				}
				add(segEv{t: t, kind: kind, piece: int16(k), width: pc.Height})
			})
		}
	}
	for i := 1; i < len(evs); i++ {
		for j := i; j > 0 && evs[j].t < evs[j-1].t; j-- {
			evs[j], evs[j-1] = evs[j-1], evs[j]
		}
	}
	// A jump pairs with the next climb up; between them the figure is in
	// the air: it meets nothing on the ground.
	for i := range evs {
		if evs[i].kind != seJump {
			continue
		}
		for j := i + 1; j < len(evs); j++ {
			if evs[j].kind == seUp {
				evs[i].width = (evs[j].t - evs[i].t) * l
				evs = append(evs[:i+1], evs[j+1:]...)
				break
			}
			evs[j].kind = -1 // skipped: under the jump
		}
		break
	}
	climbed := 0.0
	for _, e := range evs {
		switch e.kind {
		case seUp, seDown:
			h := s.g.Pieces[e.piece].Height
			if e.kind == seUp {
				h = max(0, h-z)
			}
			c := 2 * h // WS-TERRAIN-4
			if r.Has(Agile) || s.viaAccess(int(e.piece), a, b, e.t) {
				c = h
			}
			climbed += c
		}
	}
	return evs, extra + climbed, l
}

// viaAccess reports whether the segment crosses piece k's outline at t
// through a side with a ladder or stairs (WS-TERRAIN-4).
func (s *State) viaAccess(k int, a, b geom.Vec, t float64) bool {
	pc := &s.g.Pieces[k]
	if len(pc.Access) == 0 {
		return false
	}
	p := geom.Lerp(a, b, t)
	for _, i := range pc.Access {
		if i < 0 || i >= len(pc.Shape.Pts) {
			continue
		}
		if geom.SegPointDist(pc.Shape.Pts[i], pc.Shape.Pts[(i+1)%len(pc.Shape.Pts)], p) < 1e-6 {
			return true
		}
	}
	return false
}

// Move error codes (check games' `fails:`).
const (
	ErrTooFar       = "too-far"
	ErrEnemyContact = "enemy-contact"
	ErrOverlap      = "overlap"
	ErrOffTable     = "off-table"
	ErrJump         = "jump-too-wide"
	ErrNotInContact = "not-in-contact"
)

// checkPath validates a voluntary move of figure f (WS-MOVE): its cost
// within allowance, no contact with an enemy (but the charged one), a free
// end. It returns "" when legal.
func (s *State) checkPath(f int8, pa *Path, allowance float64, charged int8) string {
	pos, z := s.figs[f].P, s.figs[f].Z
	r := s.radius(f)
	cost := 0.0
	var buf [maxSegEv]segEv
	for i := range pa.N {
		w := pa.W[i]
		evs, extra, l := s.segEvents(f, pos, w.P, w, z, &buf)
		cost += l + extra
		for _, e := range evs {
			switch e.kind {
			case seUp:
				z = s.g.Pieces[e.piece].Height
			case seDown, seDrop:
				z = 0
			case seJump:
				if e.width > allowance/2+1e-9 { // WS-SPECIAL-MOVE-4
					return ErrJump
				}
			}
		}
		for j := range s.n {
			if j == f || !s.inPlay(j) || !s.enemies(f, j) {
				continue
			}
			reach := r + s.radius(j) + geom.Contact
			t := blockT(pos, w.P, s.figs[j].P, reach)
			if t < 0 {
				continue
			}
			if j == charged && i == pa.N-1 {
				continue // the charge ends in contact: checked below
			}
			return ErrEnemyContact // WS-MOVE-3
		}
		if w.P.X-r < -geom.Eps || w.P.Y-r < -geom.Eps || w.P.X+r > s.g.Size+geom.Eps || w.P.Y+r > s.g.Size+geom.Eps {
			return ErrOffTable // WS-GEOM-12
		}
		pos = w.P
	}
	if cost > allowance+1e-9 {
		return ErrTooFar
	}
	if pa.N > 0 && s.overlaps(f, pos) {
		return ErrOverlap // WS-MOVE-2
	}
	if charged >= 0 && geom.Gap(pos, r, s.figs[charged].P, s.radius(charged)) > geom.Contact {
		return ErrNotInContact
	}
	return ""
}

// blockT is the first parameter of [a, b] at which a base moving along it
// comes within reach of point c, or −1; a base already within reach that
// moves away is not blocked.
func blockT(a, b, c geom.Vec, reach float64) float64 {
	if !geom.Apart(a, 0, c, 0, reach+geom.Eps) && geom.Dist(a, c) <= reach+geom.Eps {
		if b.Sub(a).Dot(a.Sub(c)) >= 0 {
			return -1
		}
		return 0
	}
	return geom.FirstTouch(a, b, c, reach)
}

// overlaps reports whether f standing at p would overlap another base or
// an objective marker (WS-MOVE-2, WS-GEOM-10).
func (s *State) overlaps(f int8, p geom.Vec) bool {
	r := s.radius(f)
	for j := range s.n {
		if j == f || !s.inPlay(j) {
			continue
		}
		q, rj := s.figs[j].P, s.radius(j)
		if geom.Within(p, r, q, rj, -1e-6) || !geom.Apart(p, r, q, rj, 0) && geom.Gap(p, r, q, rj) < -1e-6 {
			return true
		}
	}
	for _, o := range s.g.Objectives {
		if geom.Within(p, r, o, 0.5, -1e-6) || !geom.Apart(p, r, o, 0.5, 0) && geom.Gap(p, r, o, 0.5) < -1e-6 {
			return true
		}
	}
	return false
}

// pathLen is the plain length of a path from p.
func pathLen(p geom.Vec, pa *Path) float64 {
	l := 0.0
	for i := range pa.N {
		l += geom.Dist(p, pa.W[i].P)
		p = pa.W[i].P
	}
	return l
}

// pointAt is the point at distance d along the path from p, with the
// index of the waypoint it goes toward.
func pointAt(p geom.Vec, pa *Path, d float64) (geom.Vec, int8) {
	for i := range pa.N {
		l := geom.Dist(p, pa.W[i].P)
		if d <= l {
			if l == 0 {
				return pa.W[i].P, i
			}
			return geom.Lerp(p, pa.W[i].P, d/l), i
		}
		d -= l
		p = pa.W[i].P
	}
	return p, pa.N
}

// walk moves the active figure along its path from its current point to
// distance stop (along the remaining path), meeting terrain on the way
// (WS-TERRAIN, WS-SPECIAL-MOVE). It returns false when the move ends early
// (a failed drop or jump, a Stunned or eliminated figure).
func (s *State) walk(x *ctx, f int8, pa *Path, way *int8, stop float64) (bool, error) {
	done := 0.0
	var buf [maxSegEv]segEv
	for *way < pa.N {
		fig := &s.figs[f]
		w := pa.W[*way]
		from := fig.P
		l := geom.Dist(from, w.P)
		to, whole := w.P, true
		if done+l > stop+1e-12 {
			to = geom.Lerp(from, w.P, (stop-done)/l)
			whole = false
		}
		evs, _, _ := s.segEvents(f, from, to, w, fig.Z, &buf)
		for _, e := range evs {
			if e.kind < 0 {
				continue
			}
			at := geom.Lerp(from, to, e.t)
			ok, err := s.meet(x, f, e, at, to.Sub(from).Unit())
			if err != nil {
				return false, err
			}
			if !ok || !s.inPlay(f) || s.figs[f].has(fStunned) {
				if s.inPlay(f) && e.kind != seJump {
					s.figs[f].P = at
				}
				s.settle(f)
				x.note(EvStop, f, -1, 0, "")
				return false, nil
			}
		}
		fig.P = to
		done += geom.Dist(from, to)
		if !whole {
			return true, nil // stopped by Overwatch: it goes on after the shot
		}
		*way++
	}
	return true, nil
}

// meet resolves one terrain event of a walk; false ends the move.
func (s *State) meet(x *ctx, f int8, e segEv, at geom.Vec, dir geom.Vec) (bool, error) {
	clumsy := s.has(f, Clumsy)
	fig := &s.figs[f]
	switch e.kind {
	case seDanger:
		return true, s.danger(x, f)
	case seDifficult, seObstacle:
		if clumsy {
			return true, s.danger(x, f)
		}
	case seUp:
		fig.Z = s.g.Pieces[e.piece].Height
		if clumsy {
			return true, s.danger(x, f)
		}
	case seDown:
		fig.Z = 0
		if clumsy {
			return true, s.danger(x, f)
		}
	case seDrop: // WS-SPECIAL-MOVE-2
		h := fig.Z
		fig.Z = 0
		fig.P = at
		if clumsy {
			if err := s.danger(x, f); err != nil {
				return false, err
			}
		}
		failed := 0
		for range int(h / 2) {
			ok, err := s.fixed(x, RollDrop, f, 3, s.agileDB(f))
			if err != nil {
				return false, err
			}
			if !ok {
				failed++
			}
		}
		for range failed {
			if err := s.fallHit(x, f); err != nil {
				return false, err
			}
		}
		return failed == 0, nil
	case seJump: // WS-SPECIAL-MOVE-3
		if clumsy {
			if err := s.danger(x, f); err != nil {
				return false, err
			}
		}
		for range int(e.width / 2) {
			ok, err := s.fixed(x, RollJump, f, 3, s.agileDB(f))
			if err != nil {
				return false, err
			}
			if !ok { // falls into the gap, below the middle of the jump
				h := fig.Z
				fig.P = at.Add(dir.Scale(e.width / 2))
				fig.Z = 0
				x.note(EvFall, f, -1, int16(h), "")
				return false, s.fall(x, f, h)
			}
		}
		fig.Z = s.g.Pieces[e.piece].Height
	}
	return true, nil
}

func (s *State) agileDB(f int8) int {
	if s.has(f, Agile) {
		return 1 // WS-BUILD-31
	}
	return 0
}

// danger is a dangerous-terrain test (WS-TERRAIN-2).
func (s *State) danger(x *ctx, f int8) error {
	ok, err := s.fixed(x, RollDanger, f, 2, s.agileDB(f))
	if err != nil || ok {
		return err
	}
	return s.autoWound(x, f)
}

// fall: one hit per full 2" of height (WS-SPECIAL-MOVE-1).
func (s *State) fall(x *ctx, f int8, h float64) error {
	for range int(h / 2) {
		if err := s.fallHit(x, f); err != nil {
			return err
		}
	}
	return nil
}

// fallHit is one hit of a fall, drop or jump: a defence test, no cover
// save, no aggressor.
func (s *State) fallHit(x *ctx, f int8) error {
	return s.hit(x, f, hitOpts{src: -1, aggressor: -1, noCover: true})
}

// displace is a forced displacement (WS-MOVE-5): a straight line along dir
// for up to d inches, stopping at the first base, marker, table edge or
// face rising above the figure; off the top of a high piece it falls; into
// a dangerous piece it tests.
func (s *State) displace(x *ctx, f int8, dir geom.Vec, d float64) error {
	u := dir.Unit()
	if u == (geom.Vec{}) || d <= 0 {
		return nil
	}
	fig := &s.figs[f]
	r := s.radius(f)
	a := fig.P
	b := a.Add(u.Scale(d))
	t := 1.0
	for j := range s.n {
		if j == f || !s.inPlay(j) {
			continue
		}
		if bt := blockT(a, b, s.figs[j].P, r+s.radius(j)); bt >= 0 {
			t = min(t, bt)
		}
	}
	for _, o := range s.g.Objectives {
		if bt := blockT(a, b, o, r+0.5); bt >= 0 {
			t = min(t, bt)
		}
	}
	// table edge (WS-GEOM-12)
	t = min(t, edgeT(a.X, b.X, r, s.g.Size), edgeT(a.Y, b.Y, r, s.g.Size))
	fallH := -1.0
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if !pc.High {
			continue
		}
		pc.Shape.Transitions(a, b, func(tt float64, in bool) {
			if tt > t {
				return
			}
			if in && pc.Height > fig.Z+geom.Eps {
				t = tt // a face rising above the figure
			} else if !in && fig.Z > 0 {
				fallH = fig.Z // carried off the top
			}
		})
	}
	end := geom.Lerp(a, b, t)
	entered := 0
	for k := range s.g.Pieces {
		if s.g.Pieces[k].Dangerous && !s.g.Flying(fig.Prof) {
			entered += s.g.Pieces[k].Shape.Entries(a, end)
		}
	}
	fig.P = end
	x.note(EvPush, f, -1, int16(math.Round(t*d*10)), "")
	if fallH > 0 && !s.onHigh(end, fallH) {
		fig.Z = 0
		x.note(EvFall, f, -1, int16(fallH), "")
		if err := s.fall(x, f, fallH); err != nil {
			return err
		}
	}
	for range entered {
		if !s.inPlay(f) {
			break
		}
		if err := s.danger(x, f); err != nil {
			return err
		}
	}
	return nil
}

// Flying reports whether profile p flies.
func (g *Game) Flying(p int16) bool { return g.Profiles[p].Rules.Has(Flying) }

// onHigh reports whether p is on top of a high piece of height h.
func (s *State) onHigh(p geom.Vec, h float64) bool {
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if pc.High && pc.Height >= h-geom.Eps && pc.Shape.Inside(p) {
			return true
		}
	}
	return false
}

// edgeT is the parameter at which a base of radius r moving from a to b
// on one axis touches a table edge.
func edgeT(a, b, r, size float64) float64 {
	switch {
	case b-r < 0 && a != b:
		return max(0, (a-r)/(a-b))
	case b+r > size && a != b:
		return max(0, (size-r-a)/(b-a))
	}
	return 1
}

// elevationAt is the ground height at p: a high piece's height when p is on
// it, else 0.
func (s *State) elevationAt(p geom.Vec) float64 {
	z := 0.0
	for k := range s.g.Pieces {
		pc := &s.g.Pieces[k]
		if pc.High && pc.Shape.Inside(p) {
			z = max(z, pc.Height)
		}
	}
	return z
}

// settle moves a figure whose move stopped on another base to the nearest
// free point (WS-MOVE-2: no move ends overlapping).
func (s *State) settle(f int8) {
	if s.inPlay(f) && s.overlaps(f, s.figs[f].P) {
		s.figs[f].P = s.freeSpot(f, s.figs[f].P, 0.1, 0)
		s.figs[f].Z = s.elevationAt(s.figs[f].P)
	}
}
