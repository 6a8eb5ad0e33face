package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

func square(x, y, w, h float64) Polygon {
	return Polygon{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestGapEdgeToEdge(t *testing.T) {
	for _, c := range []struct {
		a, b   Vec
		ra, rb float64
		want   float64
	}{
		{Vec{0, 0}, Vec{10, 0}, 0.5, 0.5, 9},
		{Vec{0, 0}, Vec{3, 4}, 0.5, 1, 3.5},
		{Vec{0, 0}, Vec{1, 0}, 0.5, 0.5, 0},      // touching
		{Vec{0, 0}, Vec{0.5, 0}, 0.5, 0.5, -0.5}, // overlapping
	} {
		if g := Gap(c.a, c.ra, c.b, c.rb); !near(g, c.want) {
			t.Errorf("Gap(%v r%v, %v r%v) = %v, want %v", c.a, c.ra, c.b, c.rb, g, c.want)
		}
		if g := Gap(c.b, c.rb, c.a, c.ra); !near(g, c.want) {
			t.Errorf("Gap is not symmetric for %v %v", c.a, c.b)
		}
	}
}

func TestPolygon(t *testing.T) {
	sq := square(2, 2, 4, 2)
	for _, c := range []struct {
		p  Vec
		in bool
		d  float64
	}{
		{Vec{3, 3}, true, 0}, {Vec{2, 3}, false, 0}, {Vec{0, 3}, false, 2}, {Vec{9, 7}, false, 3 * math.Sqrt2},
	} {
		if got := sq.Inside(c.p); got != c.in {
			t.Errorf("Inside(%v) = %v", c.p, got)
		}
		if got := sq.PointDist(c.p); !near(got, c.d) {
			t.Errorf("PointDist(%v) = %v, want %v", c.p, got, c.d)
		}
	}
	if l := sq.LengthInside(Vec{0, 3}, Vec{10, 3}); !near(l, 4) {
		t.Errorf("LengthInside through = %v, want 4", l)
	}
	if l := sq.LengthInside(Vec{3, 3}, Vec{10, 3}); !near(l, 3) {
		t.Errorf("LengthInside from inside = %v, want 3", l)
	}
	if l := sq.LengthInside(Vec{0, 2}, Vec{10, 2}); !near(l, 0) {
		t.Errorf("along a side = %v, want 0", l)
	}
	if n := sq.Entries(Vec{0, 3}, Vec{10, 3}); n != 1 {
		t.Errorf("Entries through = %d", n)
	}
	if n := sq.Entries(Vec{3, 3}, Vec{10, 3}); n != 0 {
		t.Errorf("Entries from inside = %d", n)
	}
	u := Polygon{{0, 0}, {6, 0}, {6, 6}, {4, 6}, {4, 2}, {2, 2}, {2, 6}, {0, 6}} // a U
	if n := u.Entries(Vec{-1, 4}, Vec{7, 4}); n != 2 {
		t.Errorf("U Entries = %d, want 2", n)
	}
	if !u.Crosses(Vec{-1, 4}, Vec{7, 4}) || u.Crosses(Vec{3, 3}, Vec{3, 8}) {
		t.Error("U Crosses wrong")
	}
	if tt := sq.FirstInside(Vec{0, 3}, Vec{10, 3}); !near(tt, 0.2) {
		t.Errorf("FirstInside = %v", tt)
	}
}

func TestFirstTouch(t *testing.T) {
	if tt := FirstTouch(Vec{0, 0}, Vec{10, 0}, Vec{8, 0}, 1); !near(tt, 0.7) {
		t.Errorf("FirstTouch = %v, want 0.7", tt)
	}
	if tt := FirstTouch(Vec{0, 0}, Vec{10, 0}, Vec{5, 3}, 1); tt != -1 {
		t.Errorf("FirstTouch miss = %v", tt)
	}
}

func randPieces(r *rand.Rand, n int) []Polygon {
	ps := make([]Polygon, n)
	for i := range ps {
		ps[i] = square(r.Float64()*30, r.Float64()*30, 0.2+r.Float64()*5, 0.2+r.Float64()*5)
	}
	return ps
}

func blocker(ps []Polygon) Blocker {
	return func(a, b Vec) bool {
		for _, p := range ps {
			if p.Crosses(a, b) {
				return true
			}
		}
		return false
	}
}

// TestSightSymmetricAndMonotone: A sees B exactly when B sees A, and
// adding a piece never creates sight (WS-GEOM-7).
func TestSightSymmetricAndMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	blocked, seen := 0, 0
	for range 2000 {
		ps := randPieces(r, 1+r.IntN(6))
		a := Vec{r.Float64() * 32, r.Float64() * 32}
		b := Vec{r.Float64() * 32, r.Float64() * 32}
		ra, rb := 0.5, 0.5+0.5*float64(r.IntN(2))
		ab := Sees(a, ra, b, rb, blocker(ps))
		if ba := Sees(b, rb, a, ra, blocker(ps)); ab != ba {
			t.Fatalf("sight not symmetric: %v→%v %v, back %v, pieces %v", a, b, ab, ba, ps)
		}
		more := append(ps[:len(ps):len(ps)], randPieces(r, 1)...)
		if !ab && Sees(a, ra, b, rb, blocker(more)) {
			t.Fatalf("adding a piece created sight: %v→%v", a, b)
		}
		if !Sees(a, ra, b, rb, blocker(nil)) {
			t.Fatal("no pieces, no sight")
		}
		if ab {
			seen++
		} else {
			blocked++
		}
	}
	if blocked == 0 || seen == 0 {
		t.Fatalf("degenerate sample: %d seen, %d blocked", seen, blocked)
	}
}

// TestSightAroundACorner: a wall hides the centre line but an edge point of
// the base still sees past it.
func TestSightAroundACorner(t *testing.T) {
	wall := blocker([]Polygon{square(4, -5, 1, 5.2)}) // top at y = 0.2
	if !Sees(Vec{0, 0}, 0.5, Vec{9, 0}, 0.5, wall) {
		t.Error("the bases' upper edges see over the wall's end")
	}
	high := blocker([]Polygon{square(4, -5, 1, 5.6)})
	if Sees(Vec{0, 0}, 0.5, Vec{9, 0}, 0.5, high) {
		t.Error("a wall wider than both bases hides them")
	}
}

func TestDistanceProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		a := Vec{r.Float64() * 32, r.Float64() * 32}
		b := Vec{r.Float64() * 32, r.Float64() * 32}
		c := Vec{r.Float64() * 32, r.Float64() * 32}
		if Dist(a, c) > Dist(a, b)+Dist(b, c)+1e-9 {
			t.Fatal("triangle inequality")
		}
		// the nearest point of a segment is no farther than its ends
		if d := SegPointDist(a, b, c); d > Dist(a, c)+1e-9 || d > Dist(b, c)+1e-9 {
			t.Fatal("SegPointDist above an end")
		}
	}
}

func TestFlameTemplate(t *testing.T) {
	tp := FlameTemplate(Vec{0, 0}, 0.5, Vec{1, 0})
	// the narrow end touches the base; the far end is 8" from the base edge
	if g := tp.Gap(Vec{0, 0}, 0.5); !near(g, 0) {
		t.Errorf("template to user gap %v, want 0", g)
	}
	if g := tp.Gap(Vec{0.5 + FlameLength + 0.5, 0}, 0.5); !near(g, 0) {
		t.Errorf("far tip gap %v, want 0", g)
	}
	if g := tp.Gap(Vec{7, 1.5 + 0.5 - 0.01}, 0.5); g > 0 {
		t.Errorf("widest part: gap %v", g)
	}
	if g := tp.Gap(Vec{7, 2.6}, 0.5); g <= 0 {
		t.Errorf("beside the widest part: gap %v", g)
	}
	if g := tp.Gap(Vec{-3, 0}, 0.5); g <= 0 {
		t.Errorf("behind the user: gap %v", g)
	}
}

func BenchmarkSees(b *testing.B) {
	ps := blocker([]Polygon{square(10, 10, 3, 3), square(20, 5, 1, 8), square(4, 20, 6, 2)})
	a, c := Vec{2, 2}, Vec{30, 28}
	for b.Loop() {
		Sees(a, 0.5, c, 0.5, ps)
	}
}

// TestTeardropGapMatchesHull checks the template's closed-form distance
// against the distance to the union of the discs interpolated between its
// two circles, sampled finely: equal outside, both ≤ 0 inside.
func TestTeardropGapMatchesHull(t *testing.T) {
	tp := FlameTemplate(Vec{3, 4}, 0.5, Vec{1, 2})
	hull := func(p Vec) float64 {
		d := math.Inf(1)
		for i := 0; i <= 20000; i++ {
			s := float64(i) / 20000
			d = min(d, Dist(p, Lerp(tp.C1, tp.C2, s))-(tp.R1+s*(tp.R2-tp.R1)))
		}
		return d
	}
	for x := -2.0; x <= 16; x += 0.37 {
		for y := -2.0; y <= 18; y += 0.41 {
			p := Vec{x, y}
			got, want := tp.Gap(p, 0), hull(p)
			if (got <= 0) != (want <= 0) || want > 0 && math.Abs(got-want) > 1e-6 {
				t.Fatalf("Gap(%v) = %v, the hull's distance is %v", p, got, want)
			}
		}
	}
}

// TestBlocksAllIsProof: whenever BlocksAll proves a shape blocks sight
// between two bases, every sampled segment Sees tries crosses it (random
// bases around convex and non-convex pieces, grazing ones included).
func TestBlocksAllIsProof(t *testing.T) {
	shapes := []Shape{
		NewShape(Polygon{{10, 10}, {14, 10}, {14, 13}, {10, 13}}),
		NewShape(Polygon{{10, 13}, {14, 13}, {14, 10}, {10, 10}}), // clockwise
		NewShape(Polygon{{5, 5}, {5.3, 5}, {5.3, 9}, {5, 9}}),     // a thin wall
		NewShape(Polygon{{0, 0}, {4, 0}, {4, 1}, {1, 1}, {1, 4}, {0, 4}}),
	}
	if shapes[3].sides != nil {
		t.Fatal("an L-shaped piece counted as convex")
	}
	r := rand.New(rand.NewPCG(1, 2))
	proofs := 0
	for i := range 200000 {
		s := &shapes[i%len(shapes)]
		a := Vec{r.Float64()*24 - 2, r.Float64()*24 - 2}
		b := Vec{r.Float64()*24 - 2, r.Float64()*24 - 2}
		ra, rb := r.Float64()*1.5, r.Float64()*1.5
		if !s.BlocksAll(a, ra, b, rb) {
			continue
		}
		proofs++
		if Sees(a, ra, b, rb, s.Crosses) {
			t.Fatalf("BlocksAll(%v, %v, %v, %v) on %v, yet Sees finds a line", a, ra, b, rb, s.Pts)
		}
	}
	if proofs < 1000 {
		t.Fatalf("only %d proofs: the test tries too few blocking bases", proofs)
	}
}

// TestShapeCrossesFastPath: a convex shape's Crosses (with its deep-in and
// far-out answers) agrees with Polygon.Crosses on random segments, short
// and long, grazing sides and corners included.
func TestShapeCrossesFastPath(t *testing.T) {
	pgs := []Polygon{
		{{10, 10}, {14, 10}, {14, 13}, {10, 13}},
		{{10, 13}, {14, 13}, {14, 10}, {10, 10}},
		{{5, 5}, {5.3, 5}, {5.3, 9}, {5, 9}},
		{{2, 2}, {6, 3}, {5, 7}, {1, 5}},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 400000 {
		pg := pgs[i%len(pgs)]
		s := NewShape(pg)
		if s.sides == nil {
			t.Fatalf("%v: not seen as convex", pg)
		}
		pt := func() Vec {
			if r.IntN(4) == 0 { // on a side or a corner
				k := r.IntN(len(pg))
				return Lerp(pg[k], pg[(k+1)%len(pg)], float64(r.IntN(3))/2)
			}
			return Vec{r.Float64() * 16, r.Float64() * 16}
		}
		a, b := pt(), pt()
		if got, want := s.Crosses(a, b), pg.Crosses(a, b); got != want {
			t.Fatalf("Crosses(%v, %v) on %v: shape %v, polygon %v", a, b, pg, got, want)
		}
	}
}

// TestApartAndWithin: whenever Apart says two bases are apart, Gap is
// above the limit, and whenever Within says they are within it, Gap is
// below, down to the smallest margins (a radius 0 is a point, as a
// deployment corner).
func TestApartAndWithin(t *testing.T) {
	for _, c := range []struct {
		name  string
		sure  func(a Vec, ra float64, b Vec, rb float64, lim float64) bool
		holds func(gap, lim float64) bool
	}{
		{"Apart", Apart, func(g, lim float64) bool { return g > lim }},
		{"Within", Within, func(g, lim float64) bool { return g < lim }},
	} {
		r := rand.New(rand.NewPCG(5, 6))
		yes := 0
		for i := range 300000 {
			a := Vec{r.Float64() * 40, r.Float64() * 40}
			ra, rb := r.Float64(), r.Float64()
			if i%7 == 0 {
				rb = 0
			}
			lim := []float64{0, Contact, 9, 24, Eps, -1e-6}[i%6]
			u := sampleDirs[r.IntN(SightSamples)]
			b := a.Add(u.Scale(ra + rb + lim + (r.Float64()-0.5)*[]float64{1e-5, 1e-13, 1e-15}[i/6%3]))
			if c.sure(a, ra, b, rb, lim) {
				yes++
				if g := Gap(a, ra, b, rb); !c.holds(g, lim) {
					t.Fatalf("%s(%v, %v, %v, %v, %v) with a gap of %v", c.name, a, ra, b, rb, lim, g)
				}
			}
		}
		if yes < 1000 {
			t.Fatalf("%s: only %d sure: the test does not reach the margin", c.name, yes)
		}
	}
}
