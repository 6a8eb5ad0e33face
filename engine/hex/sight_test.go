package hex

import (
	"math/rand/v2"
	"testing"
)

func mask(t *testing.T, g *Grid, tiles ...string) Mask {
	t.Helper()
	var m Mask
	for _, s := range tiles {
		m.Set(tile(t, g, s))
	}
	return m
}

// TestSight pins hand-worked cases of the revised R-SHOOT-2 Decision.
func TestSight(t *testing.T) {
	g := NewGrid(8, 16)
	for _, tc := range []struct {
		name    string
		a, b    string
		blocked []string
		want    bool
	}{
		{"open", "C3", "C9", nil, true},
		{"adjacent never blocked", "C3", "D3", []string{"C3", "D3"}, true},
		{"end tiles do not block", "A1", "E1", []string{"A1", "E1"}, true},
		// A segment along the tops of a row only touches the top corner
		// of each tile of the row.
		{"row, one wall: a corner touched", "A1", "E1", []string{"C1"}, true},
		{"row, walls on and above: along the bottoms", "A3", "E3", []string{"C3", "B2", "C2"}, true},
		{"row, walls on, above and below", "A3", "E3", []string{"C3", "B2", "C2", "B4", "C4"}, false},
		{"row, three walls on it", "A1", "C1", []string{"B1"}, true},
		// The rulebook's example: segments pass beside C5 (the withdrawn
		// centre line crossed it).
		{"C5 does not hide C6 from C3", "C3", "C6", []string{"C5"}, true},
		{"C4 and C5 hide C6 from C3", "C3", "C6", []string{"C4", "C5"}, false},
		// C3 to D4 runs along the border of C4 and D3: a segment along
		// that border touches both and enters neither.
		{"edge, one side blocked", "C3", "D4", []string{"C4"}, true},
		{"edge, both sides blocked", "C3", "D4", []string{"C4", "D3"}, true},
		{"edge, both sides and beyond", "C3", "E5", []string{"C4", "D3", "D4"}, false},
		// C3 and C5 are one above the other: the vertical segment between
		// their facing corners is the border of B4 and C4.
		{"vertical, one wall", "C3", "C5", []string{"C4"}, true},
		{"vertical, along the border of two walls", "C3", "C5", []string{"B4", "C4"}, true},
		// In the odd-r layout a column zigzags: B1, B5 and B9 share their
		// right border line, which is the border of B5 and C5.
		{"column, along a border", "B1", "B9", []string{"A5", "B5", "C5"}, true},
	} {
		m := mask(t, g, tc.blocked...)
		a, b := tile(t, g, tc.a), tile(t, g, tc.b)
		for _, pair := range [][2]Tile{{a, b}, {b, a}} {
			seg, got := g.SightWitness(pair[0], pair[1], &m)
			if got != tc.want {
				t.Errorf("%s: Sight(%s, %s) = %v, want %v", tc.name, g.Name(pair[0]), g.Name(pair[1]), got, tc.want)
			}
			if got != g.Sight(pair[0], pair[1], &m) {
				t.Errorf("%s: Sight and SightWitness differ", tc.name)
			}
			if got {
				if err := checkWitness(g, pair[0], pair[1], &m, seg); err != "" {
					t.Errorf("%s: witness %v: %s", tc.name, seg, err)
				}
			}
		}
	}
}

// TestSightProperties checks, on random boards of several sizes and
// densities: symmetry, adjacency, the witness of every visible pair,
// monotonicity (one more blocking tile never creates sight) and agreement
// with a brute-force sampler (a clear sampled segment ⇒ sight).
func TestSightProperties(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	r := rand.New(rand.NewPCG(11, 12))
	boards := []struct{ cols, rows, density, n int }{
		{6, 8, 5, 6}, {8, 8, 3, 4}, {8, 16, 8, 2}, {5, 5, 2, 6}, {16, 16, 10, 1},
	}
	if testing.Short() {
		boards = boards[:2]
	}
	for _, bd := range boards {
		g := NewGrid(bd.cols, bd.rows)
		for range bd.n {
			var m Mask
			for x := Tile(0); int(x) < g.Len(); x++ {
				if r.IntN(bd.density) == 0 {
					m.Set(x)
				}
			}
			tab := g.sightTable(&m)
			more := m
			more.Set(Tile(r.IntN(g.Len())))
			more.Set(Tile(r.IntN(g.Len())))
			tabMore := g.sightTable(&more)
			for a := Tile(0); int(a) < g.Len(); a++ {
				for b := Tile(0); int(b) < g.Len(); b++ {
					see := tab[a].Has(b)
					if see != tab[b].Has(a) {
						t.Fatalf("%dx%d: sight %s→%s not symmetric", g.Cols, g.Rows, g.Name(a), g.Name(b))
					}
					if g.Distance(a, b) <= 1 && !see {
						t.Fatalf("%dx%d: adjacent %s and %s do not see each other", g.Cols, g.Rows, g.Name(a), g.Name(b))
					}
					if tabMore[a].Has(b) && !see {
						t.Fatalf("%dx%d: blocking more tiles makes %s see %s", g.Cols, g.Rows, g.Name(a), g.Name(b))
					}
					if b <= a {
						continue
					}
					if see {
						seg, ok := g.SightWitness(a, b, &m)
						if !ok {
							t.Fatalf("SightWitness and the table differ on %s, %s", g.Name(a), g.Name(b))
						}
						if err := checkWitness(g, a, b, &m, seg); err != "" {
							t.Fatalf("%dx%d %s→%s: witness %v: %s", g.Cols, g.Rows, g.Name(a), g.Name(b), seg, err)
						}
					} else if seg, ok := sample(g, a, b, &m, r); ok {
						t.Fatalf("%dx%d %s→%s: hidden, but the sampled segment %v is clear", g.Cols, g.Rows, g.Name(a), g.Name(b), seg)
					}
				}
			}
		}
	}
}

// TestSightTableCached: one table per board size and blocking set.
func TestSightTableCached(t *testing.T) {
	g := NewGrid(8, 16)
	m := mask(t, g, "C5", "D9")
	t1, t2 := g.SightTable(&m), NewGrid(8, 16).SightTable(&m)
	if &t1[0] != &t2[0] {
		t.Error("the same board and blocking tiles computed twice")
	}
	m2 := mask(t, g, "C5")
	if t3 := g.SightTable(&m2); &t3[0] == &t1[0] {
		t.Error("different blocking tiles share a table")
	}
	for a := Tile(0); int(a) < g.Len(); a++ {
		for b := Tile(0); int(b) < g.Len(); b++ {
			if t1[a].Has(b) != g.Sight(a, b, &m) {
				t.Fatalf("table and Sight differ on %s, %s", g.Name(a), g.Name(b))
			}
		}
	}
}

// ---- an independent checker: exact separating-axis tests in int64 ----

// ipt is a point with integer coordinates at a common scale.
type ipt struct{ x, y int64 }

// hexAt returns the corners of t, scaled by d.
func hexAt(g *Grid, t Tile, d int64) [6]ipt {
	var out [6]ipt
	for i, c := range g.Corners(t) {
		out[i] = ipt{c.X * d, c.Y * d}
	}
	return out
}

// inside reports whether p is in the closed convex polygon h (clockwise
// or anticlockwise).
func inside(h [6]ipt, p ipt) bool {
	pos, neg := false, false
	for i := range h {
		a, b := h[i], h[(i+1)%6]
		c := (b.x-a.x)*(p.y-a.y) - (b.y-a.y)*(p.x-a.x)
		pos = pos || c > 0
		neg = neg || c < 0
	}
	return !(pos && neg)
}

// meetsInterior reports whether segment pq meets the open interior of the
// convex hexagon h: true unless some axis (an edge normal of h, or the
// normal of pq) weakly separates them.
func meetsInterior(h *[6]ipt, p, q ipt) bool {
	for i := -1; i < 6; i++ {
		var ax ipt
		if i < 0 {
			ax = ipt{-(q.y - p.y), q.x - p.x}
		} else {
			a, b := h[i], h[(i+1)%6]
			ax = ipt{-(b.y - a.y), b.x - a.x}
		}
		if ax == (ipt{}) {
			continue
		}
		hmin, hmax := int64(1<<62), int64(-1<<62)
		for _, c := range h {
			v := ax.x*c.x + ax.y*c.y
			hmin, hmax = min(hmin, v), max(hmax, v)
		}
		sp, sq := ax.x*p.x+ax.y*p.y, ax.x*q.x+ax.y*q.y
		if max(sp, sq) <= hmin || hmax <= min(sp, sq) {
			return false
		}
	}
	return true
}

// wallsBetween returns the blocking hexagons (scaled by d), other than a
// and b, that overlap the bounding box of a and b: the others cannot meet
// a segment between them.
func wallsBetween(g *Grid, a, b Tile, blocked *Mask, d int64) [][6]ipt {
	ca, cb := g.Centre(a), g.Centre(b)
	x0, x1 := min(ca.X, cb.X)-1, max(ca.X, cb.X)+1
	y0, y1 := min(ca.Y, cb.Y)-2, max(ca.Y, cb.Y)+2
	var out [][6]ipt
	for w := blocked.Next(0); w != None; w = blocked.Next(w + 1) {
		c := g.Centre(w)
		if w == a || w == b || c.X+1 <= x0 || c.X-1 >= x1 || c.Y+2 <= y0 || c.Y-2 >= y1 {
			continue
		}
		out = append(out, hexAt(g, w, d))
	}
	return out
}

// clear reports whether pq meets none of the walls.
func clear(walls [][6]ipt, p, q ipt) bool {
	for i := range walls {
		if meetsInterior(&walls[i], p, q) {
			return false
		}
	}
	return true
}

// checkWitness checks a witness segment independently of the sight code.
func checkWitness(g *Grid, a, b Tile, blocked *Mask, s Segment) string {
	if s.From.D <= 0 || s.To.D <= 0 {
		return "bad denominator"
	}
	d := s.From.D * s.To.D
	p := ipt{s.From.X * s.To.D, s.From.Y * s.To.D}
	q := ipt{s.To.X * s.From.D, s.To.Y * s.From.D}
	if !inside(hexAt(g, a, d), p) {
		return "does not start in the shooter's hexagon"
	}
	if !inside(hexAt(g, b, d), q) {
		return "does not end in the target's hexagon"
	}
	if !clear(wallsBetween(g, a, b, blocked, d), p, q) {
		return "crosses a blocking hexagon"
	}
	return ""
}

// samplePoints returns the corners of t, the midpoints of its sides and
// random points of it, scaled by d.
func samplePoints(g *Grid, t Tile, d int64, n int, r *rand.Rand) []ipt {
	h := hexAt(g, t, d)
	var out []ipt
	for i := range h {
		a, b := h[i], h[(i+1)%6]
		out = append(out, a, ipt{(a.x + b.x) / 2, (a.y + b.y) / 2})
	}
	c := g.Centre(t)
	for len(out) < n {
		p := ipt{c.X*d + r.Int64N(2*d+1) - d, c.Y*d + r.Int64N(4*d+1) - 2*d}
		if inside(h, p) {
			out = append(out, p)
		}
	}
	return out
}

// sample looks for a clear segment between sampled points of a and b.
func sample(g *Grid, a, b Tile, blocked *Mask, r *rand.Rand) ([2]ipt, bool) {
	const d = 64
	walls := wallsBetween(g, a, b, blocked, d)
	pa, pb := samplePoints(g, a, d, 40, r), samplePoints(g, b, d, 40, r)
	for _, p := range pa {
		for _, q := range pb {
			if clear(walls, p, q) {
				return [2]ipt{p, q}, true
			}
		}
	}
	return [2]ipt{}, false
}

func BenchmarkSightTable(b *testing.B) {
	g := NewGrid(16, 16)
	r := rand.New(rand.NewPCG(1, 1))
	var m Mask
	for range 30 {
		m.Set(Tile(r.IntN(g.Len())))
	}
	for b.Loop() {
		g.sightTable(&m)
	}
}
