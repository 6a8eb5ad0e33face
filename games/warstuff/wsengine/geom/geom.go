// Package geom is the geometry of a Warstuff table (WS-GEOM): a continuous
// plane in inches, circular bases, terrain polygons, line of sight as an
// unobstructed segment, distances edge to edge and the flame template.
//
// Everything is plain float64 arithmetic with no allocation on the hot
// paths (sight, distances, crossings), so a rules engine can call it
// thousands of times per game.
package geom

import "math"

// Eps is the tolerance of comparisons: a point this close to a polygon's
// side is on it, not inside.
const Eps = 1e-9

// Contact is the largest gap between two base edges that still counts as
// contact (WS-GEOM-4).
const Contact = 0.1

// Vec is a point or a direction on the table, in inches.
type Vec struct{ X, Y float64 }

// Add returns v + w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v − w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns k·v.
func (v Vec) Scale(k float64) Vec { return Vec{v.X * k, v.Y * k} }

// Dot is the dot product.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Cross is the z component of the cross product.
func (v Vec) Cross(w Vec) float64 { return v.X*w.Y - v.Y*w.X }

// Len is the length of v.
func (v Vec) Len() float64 { return math.Hypot(v.X, v.Y) }

// Dist is the distance between two points.
func Dist(a, b Vec) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// Unit returns v scaled to length 1, or the zero vector.
func (v Vec) Unit() Vec {
	l := v.Len()
	if l == 0 {
		return Vec{}
	}
	return Vec{v.X / l, v.Y / l}
}

// Lerp is the point a + t(b − a).
func Lerp(a, b Vec, t float64) Vec { return Vec{a.X + t*(b.X-a.X), a.Y + t*(b.Y-a.Y)} }

// Gap is the distance between the edges of two circular bases (centres a
// and b, radii ra and rb): negative when they overlap (WS-GEOM-3).
func Gap(a Vec, ra float64, b Vec, rb float64) float64 { return Dist(a, b) - ra - rb }

// Apart reports that the gap between the two bases is certainly above
// lim: Gap(a, ra, b, rb) > lim, told from the squared distance without a
// square root. False says nothing. The margin of a millionth of an inch
// dwarfs any rounding of Gap or of the squares.
func Apart(a Vec, ra float64, b Vec, rb float64, lim float64) bool {
	m := ra + rb + lim + 1e-6
	if m <= 0 {
		return false
	}
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy > m*m
}

// Within reports that the gap between the two bases is certainly below
// lim: Gap(a, ra, b, rb) < lim, told from the squared distance without a
// square root. False says nothing. The margin is Apart's.
func Within(a Vec, ra float64, b Vec, rb float64, lim float64) bool {
	m := ra + rb + lim - 1e-6
	if m <= 0 {
		return false
	}
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy < m*m
}

// SegPointDist is the distance from point p to the segment [a, b].
func SegPointDist(a, b, p Vec) float64 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return Dist(a, p)
	}
	t := p.Sub(a).Dot(ab) / l2
	t = max(0, min(1, t))
	return Dist(Lerp(a, b, t), p)
}

// SegParam is the parameter t in [0, 1] of the point of [a, b] nearest p.
func SegParam(a, b, p Vec) float64 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return 0
	}
	return max(0, min(1, p.Sub(a).Dot(ab)/l2))
}

// FirstTouch is the first parameter t in [0, 1] at which a circle of radius
// r moving from a to b comes within dist of the point c (|a + t(b−a) − c| ≤
// r + dist), or −1 when it never does.
func FirstTouch(a, b, c Vec, reach float64) float64 {
	d := b.Sub(a)
	f := a.Sub(c)
	A := d.Dot(d)
	B := 2 * f.Dot(d)
	C := f.Dot(f) - reach*reach
	if C <= 0 {
		return 0
	}
	if A == 0 {
		return -1
	}
	disc := B*B - 4*A*C
	if disc < 0 {
		return -1
	}
	t := (-B - math.Sqrt(disc)) / (2 * A)
	if t < 0 || t > 1 {
		return -1
	}
	return t
}

// Polygon is a simple polygon given by its corners in order.
type Polygon []Vec

// Inside reports whether p lies strictly inside the polygon (a point on a
// side is not inside).
func (pg Polygon) Inside(p Vec) bool {
	n := len(pg)
	if n < 3 {
		return false
	}
	in := false
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := pg[j], pg[i]
		if onSegment(a, b, p) {
			return false
		}
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
	}
	return in
}

// onSegment reports whether p lies on [a, b] within Eps (no square root).
func onSegment(a, b, p Vec) bool {
	if p.X < min(a.X, b.X)-Eps || p.X > max(a.X, b.X)+Eps || p.Y < min(a.Y, b.Y)-Eps || p.Y > max(a.Y, b.Y)+Eps {
		return false
	}
	ab, ap := b.Sub(a), p.Sub(a)
	c := ab.Cross(ap)
	return c*c <= Eps*Eps*ab.Dot(ab)
}

// PointDist is the distance from p to the polygon: 0 inside or on a side.
func (pg Polygon) PointDist(p Vec) float64 {
	if pg.Inside(p) {
		return 0
	}
	d := math.Inf(1)
	for i, j := 0, len(pg)-1; i < len(pg); j, i = i, i+1 {
		d = min(d, SegPointDist(pg[j], pg[i], p))
	}
	return d
}

// segCross returns the parameter t on [a, b] where it crosses [c, d], and
// whether they meet.
func segCross(a, b, c, d Vec) (float64, bool) {
	r := b.Sub(a)
	s := d.Sub(c)
	den := r.Cross(s)
	if math.Abs(den) < 1e-15 {
		return 0, false // parallel: touching along a side never enters
	}
	q := c.Sub(a)
	t := q.Cross(s) / den
	u := q.Cross(r) / den
	if t < -Eps || t > 1+Eps || u < -Eps || u > 1+Eps {
		return 0, false
	}
	return max(0, min(1, t)), true
}

// maxCuts bounds the crossings considered per segment and polygon.
const maxCuts = 64

// cuts lists, sorted, 0, 1 and every parameter where [a, b] meets a side
// of the polygon; buf must hold maxCuts values.
func (pg Polygon) cuts(a, b Vec, buf *[maxCuts]float64) []float64 {
	ts := buf[:0]
	ts = append(ts, 0, 1)
	for i, j := 0, len(pg)-1; i < len(pg) && len(ts) < maxCuts; j, i = i, i+1 {
		if t, ok := segCross(a, b, pg[j], pg[i]); ok {
			ts = append(ts, t)
		}
	}
	// insertion sort: a handful of values
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && ts[j] < ts[j-1]; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
	return ts
}

// Crosses reports whether some point of the segment [a, b] lies strictly
// inside the polygon (WS-GEOM-7: the segment "crosses the interior").
func (pg Polygon) Crosses(a, b Vec) bool { return pg.boxHit(a, b) && pg.crosses(a, b) }

func (pg Polygon) crosses(a, b Vec) bool {
	var buf [maxCuts]float64
	ts := pg.cuts(a, b, &buf)
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[i-1] <= Eps {
			continue
		}
		if pg.Inside(Lerp(a, b, (ts[i]+ts[i-1])/2)) {
			return true
		}
	}
	return false
}

// LengthInside is the length of the part of [a, b] strictly inside the
// polygon.
func (pg Polygon) LengthInside(a, b Vec) float64 {
	if !pg.boxHit(a, b) {
		return 0
	}
	return pg.lengthInside(a, b)
}

func (pg Polygon) lengthInside(a, b Vec) float64 {
	var buf [maxCuts]float64
	ts := pg.cuts(a, b, &buf)
	in := 0.0
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[i-1] <= Eps {
			continue
		}
		if pg.Inside(Lerp(a, b, (ts[i]+ts[i-1])/2)) {
			in += ts[i] - ts[i-1]
		}
	}
	return in * Dist(a, b)
}

// Entries counts how many times [a, b] passes from outside to inside the
// polygon (starting inside is not an entry).
func (pg Polygon) Entries(a, b Vec) int {
	if !pg.boxHit(a, b) {
		return 0
	}
	return pg.entries(a, b)
}

func (pg Polygon) entries(a, b Vec) int {
	var buf [maxCuts]float64
	ts := pg.cuts(a, b, &buf)
	n := 0
	prev := pg.Inside(a)
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[i-1] <= Eps {
			continue
		}
		in := pg.Inside(Lerp(a, b, (ts[i]+ts[i-1])/2))
		if in && !prev {
			n++
		}
		prev = in
	}
	return n
}

// Transitions calls fn at each parameter t of [a, b] where the segment
// passes into (in = true) or out of the polygon, in order.
func (pg Polygon) Transitions(a, b Vec, fn func(t float64, in bool)) {
	if pg.boxHit(a, b) {
		pg.transitions(a, b, fn)
	}
}

func (pg Polygon) transitions(a, b Vec, fn func(t float64, in bool)) {
	var buf [maxCuts]float64
	ts := pg.cuts(a, b, &buf)
	prev := pg.Inside(a)
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[i-1] <= Eps {
			continue
		}
		in := pg.Inside(Lerp(a, b, (ts[i]+ts[i-1])/2))
		if in != prev {
			fn(ts[i-1], in)
		}
		prev = in
	}
}

// FirstInside is the first parameter t of [a, b] from which the segment is
// inside the polygon, or −1.
func (pg Polygon) FirstInside(a, b Vec) float64 {
	if pg.Inside(a) {
		return 0
	}
	if !pg.boxHit(a, b) {
		return -1
	}
	var buf [maxCuts]float64
	ts := pg.cuts(a, b, &buf)
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[i-1] <= Eps {
			continue
		}
		if pg.Inside(Lerp(a, b, (ts[i]+ts[i-1])/2)) {
			return ts[i-1]
		}
	}
	return -1
}

// FirstOutside is the first parameter t of [a, b] from which the segment
// leaves the polygon, or −1 when it stays inside (or never was).
func (pg Polygon) FirstOutside(a, b Vec) float64 {
	var buf [maxCuts]float64
	ts := pg.cuts(a, b, &buf)
	for i := 1; i < len(ts); i++ {
		if ts[i]-ts[i-1] <= Eps {
			continue
		}
		if !pg.Inside(Lerp(a, b, (ts[i]+ts[i-1])/2)) {
			return ts[i-1]
		}
	}
	return -1
}

// Bounds is the polygon's bounding box.
func (pg Polygon) Bounds() (lo, hi Vec) {
	if len(pg) == 0 {
		return
	}
	lo, hi = pg[0], pg[0]
	for _, p := range pg[1:] {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	return
}

func (pg Polygon) boxHit(a, b Vec) bool {
	lo, hi := pg.Bounds()
	return boxHit(lo, hi, a, b)
}

func boxHit(lo, hi, a, b Vec) bool {
	return !(max(a.X, b.X) < lo.X-Eps || min(a.X, b.X) > hi.X+Eps || max(a.Y, b.Y) < lo.Y-Eps || min(a.Y, b.Y) > hi.Y+Eps)
}

// Shape is a polygon with its bounding box, so that the tests of segments
// far from it cost a comparison.
type Shape struct {
	Pts    Polygon
	Lo, Hi Vec
	// sides are the inward half-planes of a convex shape (nil otherwise):
	// the depth of a point is min over sides of N·p − C.
	sides []halfPlane
}

type halfPlane struct {
	N Vec
	C float64
}

// NewShape returns the shape of a polygon.
func NewShape(pts Polygon) Shape {
	lo, hi := pts.Bounds()
	return Shape{Pts: pts, Lo: lo, Hi: hi, sides: convexSides(pts)}
}

// convexSides returns the inward half-planes of a strictly convex polygon
// with at most maxCuts−2 corners, or nil.
func convexSides(pg Polygon) []halfPlane {
	n := len(pg)
	if n < 3 || n > maxCuts-2 {
		return nil
	}
	sign, turn := 0.0, 0.0
	for i := range n {
		p, q, r := pg[i], pg[(i+1)%n], pg[(i+2)%n]
		e, f := q.Sub(p), r.Sub(q)
		c := e.Cross(f)
		if c == 0 || e.Len() == 0 || sign*c < 0 {
			return nil
		}
		sign = math.Copysign(1, c)
		turn += math.Atan2(c, e.Dot(f))
	}
	if math.Abs(math.Abs(turn)-2*math.Pi) > 1e-6 { // winds once: simple
		return nil
	}
	hs := make([]halfPlane, n)
	for i := range n {
		p, q := pg[i], pg[(i+1)%n]
		e := q.Sub(p).Scale(sign / q.Sub(p).Len())
		nrm := Vec{-e.Y, e.X} // left of a counter-clockwise side: inside
		hs[i] = halfPlane{N: nrm, C: nrm.Dot(p)}
	}
	return hs
}

// depth is how far p lies inside a convex shape (negative outside).
func (s *Shape) depth(p Vec) float64 {
	d := math.Inf(1)
	for _, h := range s.sides {
		d = min(d, h.N.Dot(p)-h.C)
	}
	return d
}

// blockMargin is the depth inside a shape from which Crosses is certain,
// whatever the rounding of its cuts and of the sample points (far above
// Eps and the rounding of table coordinates).
const blockMargin = 1e-4

// BlocksAll reports that every segment Sees tries between base A (centre a,
// radius ra) and base B passes at least blockMargin inside the shape, so
// that Crosses is true for each of them: a proof that this shape alone
// blocks sight, in SightSamples+1 depth tests instead of (SightSamples+1)²
// crossings. False means "not proven" (non-convex shapes, grazing lines).
//
// Why it is exact: the sampled segments at parameter t sweep the convex
// hull of (1−t)·A's samples + t·B's samples, a regular polygon homothetic
// to the samples', whose corners are tested here; depth is concave on a
// convex shape, so it is above the margin on the whole hull. A segment
// with a point that deep has, between the cuts around it, an interval
// whose midpoint is at least half as deep (concavity again, the cuts being
// on the boundary), which Polygon.crosses tests as Inside.
func (s *Shape) BlocksAll(a Vec, ra float64, b Vec, rb float64) bool {
	if s.sides == nil {
		return false
	}
	lo, hi, ok := s.chord(a, b, 0) // the centre line's chord through the shape
	if !ok {
		return false
	}
	t := (lo + hi) / 2
	c, r := Lerp(a, b, t), (1-t)*ra+t*rb
	if s.depth(c) <= blockMargin+r {
		return false
	}
	for _, u := range sampleDirs {
		if s.depth(c.Add(u.Scale(r))) <= blockMargin {
			return false
		}
	}
	return true
}

// Inside reports whether p is strictly inside.
func (s *Shape) Inside(p Vec) bool { return boxHit(s.Lo, s.Hi, p, p) && s.Pts.Inside(p) }

// Crosses is Polygon.Crosses.
func (s *Shape) Crosses(a, b Vec) bool {
	if !boxHit(s.Lo, s.Hi, a, b) {
		return false
	}
	if s.sides != nil {
		// a convex shape: a segment blockMargin deep inside, or that far
		// outside all along, has Polygon.crosses' answer without its cuts
		// (BlocksAll says why the deep point decides)
		if s.reaches(a, b, blockMargin) {
			return true
		}
		if !s.reaches(a, b, -blockMargin) {
			return false
		}
	}
	return s.Pts.crosses(a, b)
}

// reaches reports whether some point of [a, b] lies deeper than m in the
// convex shape (m < 0: within −m of it), clipping the segment by each
// side's half-plane moved by m (Cyrus–Beck).
func (s *Shape) reaches(a, b Vec, m float64) bool {
	_, _, ok := s.chord(a, b, m)
	return ok
}

// chord is the part [lo, hi] of [a, b] (as parameters) deeper than m in
// the convex shape, clipping by each side's half-plane moved by m
// (Cyrus–Beck); ok is false when there is none.
func (s *Shape) chord(a, b Vec, m float64) (lo, hi float64, ok bool) {
	d := b.Sub(a)
	lo, hi = 0, 1
	for _, h := range s.sides {
		num, den := h.N.Dot(a)-h.C-m, h.N.Dot(d) // depth − m at t: num + t·den
		switch {
		case den == 0:
			if num <= 0 {
				return 0, 0, false
			}
		case den > 0:
			lo = max(lo, -num/den)
		default:
			hi = min(hi, -num/den)
		}
		if lo >= hi {
			return 0, 0, false
		}
	}
	return lo, hi, true
}

// LengthInside is Polygon.LengthInside.
func (s *Shape) LengthInside(a, b Vec) float64 {
	if !boxHit(s.Lo, s.Hi, a, b) {
		return 0
	}
	return s.Pts.lengthInside(a, b)
}

// Entries is Polygon.Entries.
func (s *Shape) Entries(a, b Vec) int {
	if !boxHit(s.Lo, s.Hi, a, b) {
		return 0
	}
	return s.Pts.entries(a, b)
}

// Transitions is Polygon.Transitions.
func (s *Shape) Transitions(a, b Vec, fn func(t float64, in bool)) {
	if boxHit(s.Lo, s.Hi, a, b) {
		s.Pts.transitions(a, b, fn)
	}
}

// PointDist is Polygon.PointDist.
func (s *Shape) PointDist(p Vec) float64 { return s.Pts.PointDist(p) }

// Bounds is the bounding box.
func (s *Shape) Bounds() (lo, hi Vec) { return s.Lo, s.Hi }

// SightSamples is how many points of a base's edge, besides its centre,
// the sight test tries (WS-GEOM-7): evenly spaced around the circle.
const SightSamples = 12

var sampleDirs = func() (d [SightSamples]Vec) {
	for i := range d {
		a := 2 * math.Pi * float64(i) / SightSamples
		d[i] = Vec{math.Cos(a), math.Sin(a)}
	}
	return
}()

// Blocker tells whether a segment is blocked; the caller decides which
// pieces count (it skips the pieces the two figures stand in).
type Blocker func(a, b Vec) bool

// Sees reports whether some segment from a point of base A (centre a,
// radius ra) to a point of base B is unblocked (WS-GEOM-7). The points
// tried are each base's centre and SightSamples points of its edge, the
// same for both directions, so sight is symmetric; adding a blocker never
// creates sight (monotone).
func Sees(a Vec, ra float64, b Vec, rb float64, blocked Blocker) bool {
	if !blocked(a, b) {
		return true
	}
	for i := -1; i < SightSamples; i++ {
		pa := a
		if i >= 0 {
			pa = a.Add(sampleDirs[i].Scale(ra))
		}
		for j := -1; j < SightSamples; j++ {
			if i < 0 && j < 0 {
				continue
			}
			pb := b
			if j >= 0 {
				pb = b.Add(sampleDirs[j].Scale(rb))
			}
			if !blocked(pa, pb) {
				return true
			}
		}
	}
	return false
}

// Teardrop is the flame template (WS-GEOM-9): the convex hull of two
// circles on one axis. The hull of two discs is the union of the discs
// whose centre and radius are interpolated between them.
type Teardrop struct {
	C1, C2 Vec
	R1, R2 float64
}

// Flame template sizes (WS-GEOM-9).
const (
	FlameSmallR   = 0.25
	FlameSmallOff = 0.25
	FlameLargeR   = 1.5
	FlameLargeOff = 6.5
	FlameLength   = 8.0
)

// FlameTemplate places the template from a base (centre c, radius r)
// along the direction dir.
func FlameTemplate(c Vec, r float64, dir Vec) Teardrop {
	u := dir.Unit()
	if u == (Vec{}) {
		u = Vec{1, 0}
	}
	return Teardrop{
		C1: c.Add(u.Scale(r + FlameSmallOff)), R1: FlameSmallR,
		C2: c.Add(u.Scale(r + FlameLargeOff)), R2: FlameLargeR,
	}
}

// Gap is the distance from the template to a base (centre p, radius r):
// ≤ 0 when the base overlaps the template, even partly. Outside the
// template it is the exact distance to the hull of the two circles (the
// tangent segments joining them, or the nearer circle); inside it is
// negative.
func (t Teardrop) Gap(p Vec, r float64) float64 {
	axis := t.C2.Sub(t.C1)
	h := axis.Len()
	if h <= math.Abs(t.R2-t.R1) { // one circle holds the other
		return min(Dist(p, t.C1)-t.R1, Dist(p, t.C2)-t.R2) - r
	}
	u := axis.Scale(1 / h)
	d := p.Sub(t.C1)
	qy := d.Dot(u)
	qx := math.Abs(d.Cross(u))
	b := (t.R1 - t.R2) / h
	a := math.Sqrt(1 - b*b)
	switch k := -b*qx + a*qy; {
	case k < 0:
		return math.Hypot(qx, qy) - t.R1 - r
	case k > a*h:
		return math.Hypot(qx, qy-h) - t.R2 - r
	}
	return a*qx + b*qy - t.R1 - r
}
