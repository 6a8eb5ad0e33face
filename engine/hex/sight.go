package hex

import (
	"math"
	"sync"
)

// Exact line of sight (R-SHOOT-2, revised Decision): a miniature on a sees
// a miniature on b when at least one straight segment from a point of a's
// hexagon to a point of b's hexagon passes through the interior of no
// sight-blocking hexagon. Borders are not part of the tiles, so a segment
// that only touches a blocking hexagon's edge or corner is not blocked.
//
// Coordinates. The board is drawn with x scaled by 2/√3 and y by 2: an
// affine map, which keeps straight lines, segments, interiors and borders.
// The tile of cube coordinate (q, r) then has its centre at (2q + r, 3r)
// and its six corners at (0, ±2) and (±1, ±1) from the centre: every
// corner has small integer coordinates, and the whole test below is exact
// integer and rational arithmetic in int64 (no rounding, no tolerance).
//
// Method. For one straight line L that meets both hexagons, L ∩ a and
// L ∩ b are two intervals; the shortest candidate segment on L is the gap
// between them, and any other segment on L from a to b contains it, so L
// carries a clear segment exactly when its gap meets no blocking interior.
// Whether a line is clear depends only on which side of L each corner of
// the tiles lies (the order of the crossings along L changes only where L
// passes through a corner), and the set of clear lines is closed (the
// tiles are closed and the blocking interiors open). So the clear lines,
// when there are any, include a line through two corners: it is enough to
// try every line through two distinct corners of a, b and the blocking
// hexagons that can meet the segments between a and b. The centre line and
// the lines through a corner of a and a corner of b are tried first: they
// settle almost every visible pair.

// Point is a point of the board in the scaled coordinates above, as the
// rational (X/D, Y/D), D > 0.
type Point struct{ X, Y, D int64 }

// Segment is a witness of sight: a segment from a point of the shooter's
// hexagon to a point of the target's hexagon.
type Segment struct{ From, To Point }

type pt struct{ x, y int64 }

// corners are the six corners of a tile around its centre, clockwise from
// the top.
var corners = [6]pt{{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}

// sides are the six half-planes whose intersection is a tile:
// n·p ≤ n·centre + k.
var sides = [6]struct {
	n pt
	k int64
}{{pt{1, 0}, 1}, {pt{-1, 0}, 1}, {pt{1, 1}, 2}, {pt{-1, 1}, 2}, {pt{-1, -1}, 2}, {pt{1, -1}, 2}}

// Centre returns the centre of t in the scaled board coordinates.
func (g *Grid) Centre(t Tile) Point {
	c := g.centre(t)
	return Point{c.x, c.y, 1}
}

// Corners returns the six corners of t in the scaled board coordinates.
func (g *Grid) Corners(t Tile) [6]Point {
	c := g.centre(t)
	var out [6]Point
	for i, d := range corners {
		out[i] = Point{c.x + d.x, c.y + d.y, 1}
	}
	return out
}

func (g *Grid) centre(t Tile) pt {
	c := g.cube[t]
	return pt{int64(2*c.Q + c.R), int64(3 * c.R)}
}

// rat is a rational n/d with d > 0.
type rat struct{ n, d int64 }

func (a rat) less(b rat) bool { return a.n*b.d < b.n*a.d }

// line is the line p + t·d, d ≠ 0.
type line struct{ p, d pt }

// clip returns the closed interval of t for which the line is in the
// closed hexagon centred on c, and false when the line misses it.
func (l *line) clip(c pt) (lo, hi rat, ok bool) {
	lo, hi = rat{-1, 0}, rat{1, 0} // unset
	for _, s := range sides {
		a := s.n.x*l.d.x + s.n.y*l.d.y
		b := s.n.x*(c.x-l.p.x) + s.n.y*(c.y-l.p.y) + s.k
		switch {
		case a == 0:
			if b < 0 {
				return lo, hi, false
			}
		case a > 0: // t ≤ b/a
			if r := (rat{b, a}); hi.d == 0 || r.less(hi) {
				hi = r
			}
		default: // t ≥ b/a
			if r := (rat{-b, -a}); lo.d == 0 || lo.less(r) {
				lo = r
			}
		}
	}
	return lo, hi, !hi.less(lo)
}

// crosses reports whether the closed part [s0, s1] (s0 < s1) of the line
// meets the open interior of the hexagon centred on c.
func (l *line) crosses(c pt, s0, s1 rat) bool {
	lo, hi := s0, s1
	for _, s := range sides {
		a := s.n.x*l.d.x + s.n.y*l.d.y
		b := s.n.x*(c.x-l.p.x) + s.n.y*(c.y-l.p.y) + s.k
		switch {
		case a == 0:
			if b <= 0 {
				return false
			}
		case a > 0: // t < b/a
			if r := (rat{b, a}); r.less(hi) {
				hi = r
			}
		default: // t > b/a
			if r := (rat{-b, -a}); lo.less(r) {
				lo = r
			}
		}
	}
	// [s0, s1] ∩ (strict lower, strict upper), with s0 < s1 and both
	// strict bounds present (a hexagon is bounded): non-empty exactly when
	// the larger lower bound is below the smaller upper bound, whichever
	// of them are strict.
	return lo.less(hi)
}

// sightScratch holds the buffers of one sight test.
type sightScratch struct {
	walls []pt // centres of the blocking tiles that may matter
	pts   []pt // candidate corners
}

// Sight reports whether a miniature on a sees a miniature on b when the
// tiles of blocked block sight (R-SHOOT-2). Other miniatures never block
// sight, and the end tiles never do.
func (g *Grid) Sight(a, b Tile, blocked *Mask) bool {
	var sc sightScratch
	_, ok := g.sight(a, b, blocked, &sc)
	return ok
}

// SightWitness is Sight that also returns, when a sees b, a clear segment
// from a point of a's hexagon to a point of b's hexagon.
func (g *Grid) SightWitness(a, b Tile, blocked *Mask) (Segment, bool) {
	var sc sightScratch
	return g.sight(a, b, blocked, &sc)
}

func (g *Grid) sight(a, b Tile, blocked *Mask, sc *sightScratch) (Segment, bool) {
	ca, cb := g.centre(a), g.centre(b)
	if a == b || g.Adjacent(a, b) {
		// Adjacent tiles share a border: the segment from a point of it
		// to itself meets no interior.
		m := g.sharedPoint(a, b)
		return Segment{m, m}, true
	}
	g.walls(a, b, blocked, sc)
	if len(sc.walls) == 0 {
		return Segment{Point{ca.x, ca.y, 1}, Point{cb.x, cb.y, 1}}, true
	}
	// The centre line first.
	if s, ok := tryLine(line{ca, pt{cb.x - ca.x, cb.y - ca.y}}, ca, cb, sc.walls); ok {
		return s, true
	}
	// Lines through a corner of a and a corner of b.
	for _, u := range corners {
		p := pt{ca.x + u.x, ca.y + u.y}
		for _, v := range corners {
			q := pt{cb.x + v.x, cb.y + v.y}
			if s, ok := tryLine(line{p, pt{q.x - p.x, q.y - p.y}}, ca, cb, sc.walls); ok {
				return s, true
			}
		}
	}
	// Every line through two corners of a, b and the walls.
	sc.pts = sc.pts[:0]
	for i := -2; i < len(sc.walls); i++ {
		c := ca
		switch {
		case i == -1:
			c = cb
		case i >= 0:
			c = sc.walls[i]
		}
		for _, u := range corners {
			sc.pts = addPoint(sc.pts, pt{c.x + u.x, c.y + u.y})
		}
	}
	for i, p := range sc.pts {
		for _, q := range sc.pts[i+1:] {
			if s, ok := tryLine(line{p, pt{q.x - p.x, q.y - p.y}}, ca, cb, sc.walls); ok {
				return s, true
			}
		}
	}
	return Segment{}, false
}

func addPoint(ps []pt, p pt) []pt {
	for _, q := range ps {
		if q == p {
			return ps
		}
	}
	return append(ps, p)
}

// sharedPoint returns a point of both a and b (adjacent or equal).
func (g *Grid) sharedPoint(a, b Tile) Point {
	ca, cb := g.centre(a), g.centre(b)
	// The midpoint of the centres lies on the shared border.
	return Point{ca.x + cb.x, ca.y + cb.y, 2}
}

// walls fills sc.walls with the centres of the blocking tiles, other than
// a and b, whose interior may meet a segment from a to b: those within 2
// tile radii of the centre line (the segments lie in the convex hull of
// the two hexagons, within 1 radius of the centre line, and a hexagon
// within 1 radius of its centre). The filter is generous (a float margin
// only widens it): a wall kept needlessly costs time, never correctness.
func (g *Grid) walls(a, b Tile, blocked *Mask, sc *sightScratch) {
	sc.walls = sc.walls[:0]
	ca, cb := g.centre(a), g.centre(b)
	// Back to true proportions (circumradius 1): x·√3/2, y/2.
	k := math.Sqrt(3) / 2
	ax, ay := float64(ca.x)*k, float64(ca.y)/2
	bx, by := float64(cb.x)*k, float64(cb.y)/2
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	for t := blocked.Next(0); t != None && int(t) < g.Len(); t = blocked.Next(t + 1) {
		if t == a || t == b {
			continue
		}
		c := g.centre(t)
		px, py := float64(c.x)*k, float64(c.y)/2
		f := ((px-ax)*dx + (py-ay)*dy) / l2
		f = min(max(f, 0), 1)
		ex, ey := ax+f*dx-px, ay+f*dy-py
		if ex*ex+ey*ey < 4+1e-6 {
			sc.walls = append(sc.walls, c)
		}
	}
}

// tryLine reports whether line l meets both hexagons (centres ca, cb)
// and the gap between them meets no wall's interior; it returns the gap.
func tryLine(l line, ca, cb pt, walls []pt) (Segment, bool) {
	alo, ahi, ok := l.clip(ca)
	if !ok {
		return Segment{}, false
	}
	blo, bhi, ok := l.clip(cb)
	if !ok {
		return Segment{}, false
	}
	var s0, s1 rat
	switch {
	case ahi.less(blo):
		s0, s1 = ahi, blo
	case bhi.less(alo):
		s0, s1 = alo, bhi // from a (at alo) back to b (at bhi)
	default:
		// The intervals meet: a and b touch (not the case for tiles two
		// or more apart).
		s0, s1 = alo, alo
	}
	lo, hi := s0, s1
	if hi.less(lo) {
		lo, hi = hi, lo
	}
	for _, w := range walls {
		if l.crosses(w, lo, hi) {
			return Segment{}, false
		}
	}
	return Segment{l.at(s0), l.at(s1)}, true
}

// at is the point of the line at t.
func (l *line) at(t rat) Point {
	return Point{l.p.x*t.d + t.n*l.d.x, l.p.y*t.d + t.n*l.d.y, t.d}
}

// SightTable returns, for every tile of g, the set of tiles it sees when
// the tiles of blocked block sight (R-SHOOT-2). Tables are computed once
// per board size and set of blocking tiles and shared: the result must
// not be modified. Safe for concurrent use.
func (g *Grid) SightTable(blocked *Mask) []Mask {
	key := sightKey{g.Cols, g.Rows, *blocked}
	sightCache.Lock()
	e, ok := sightCache.m[key]
	if !ok {
		e = &sightEntry{}
		if sightCache.m == nil {
			sightCache.m = map[sightKey]*sightEntry{}
		}
		sightCache.m[key] = e
	}
	sightCache.Unlock()
	e.once.Do(func() { e.table = g.sightTable(blocked) })
	return e.table
}

type sightKey struct {
	cols, rows int
	blocked    Mask
}

type sightEntry struct {
	once  sync.Once
	table []Mask
}

var sightCache struct {
	sync.Mutex
	m map[sightKey]*sightEntry
}

func (g *Grid) sightTable(blocked *Mask) []Mask {
	n := g.Len()
	out := make([]Mask, n)
	var sc sightScratch
	for a := range n {
		out[a].Set(Tile(a))
		for b := a + 1; b < n; b++ {
			if _, ok := g.sight(Tile(a), Tile(b), blocked, &sc); ok {
				out[a].Set(Tile(b))
				out[b].Set(Tile(a))
			}
		}
	}
	return out
}
