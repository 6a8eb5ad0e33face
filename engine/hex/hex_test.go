package hex

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func tile(t *testing.T, g *Grid, name string) Tile {
	t.Helper()
	x, ok := g.Parse(name)
	if !ok {
		t.Fatalf("bad tile %q", name)
	}
	return x
}

func names(g *Grid, m Mask) []string {
	var out []string
	for t := m.Next(0); t != None; t = m.Next(t + 1) {
		out = append(out, g.Name(t))
	}
	slices.Sort(out)
	return out
}

func TestParseName(t *testing.T) {
	g := NewGrid(8, 16)
	for _, tc := range []struct {
		name     string
		col, row int
		ok       bool
	}{
		{"A1", 0, 0, true}, {"H16", 7, 15, true}, {"C3", 2, 2, true}, {"B10", 1, 9, true},
		{"I1", 8, 0, false}, {"A17", 0, 16, false}, {"A0", 0, 0, false}, {"a1", 0, 0, false},
		{"A", 0, 0, false}, {"A01", 0, 0, false}, {"A-1", 0, 0, false}, {"", 0, 0, false}, {"A+1", 0, 0, false},
	} {
		x, ok := g.Parse(tc.name)
		if ok != tc.ok {
			t.Errorf("Parse(%q) ok = %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if c, r := g.ColRow(x); c != tc.col || r != tc.row {
			t.Errorf("Parse(%q) = %d,%d, want %d,%d", tc.name, c, r, tc.col, tc.row)
		}
		if g.Name(x) != tc.name {
			t.Errorf("Name(Parse(%q)) = %q", tc.name, g.Name(x))
		}
	}
}

// TestNeighbours pins the layout of DESIGN.md: pointy-top, even rows
// shifted right.
func TestNeighbours(t *testing.T) {
	g := NewGrid(8, 16)
	for _, tc := range []struct {
		at   string
		want []string
	}{
		{"A1", []string{"A2", "B1"}},
		{"B1", []string{"A1", "A2", "B2", "C1"}},
		{"A2", []string{"A1", "A3", "B1", "B2", "B3"}},
		{"C3", []string{"B2", "B3", "B4", "C2", "C4", "D3"}},
		{"C4", []string{"B4", "C3", "C5", "D3", "D4", "D5"}},
		{"H16", []string{"G16", "H15"}},
		{"H15", []string{"G14", "G15", "G16", "H14", "H16"}},
	} {
		var m Mask
		for _, n := range g.Neighbours(tile(t, g, tc.at)) {
			if n != None {
				m.Set(n)
			}
		}
		if got := names(g, m); !slices.Equal(got, tc.want) {
			t.Errorf("neighbours of %s = %v, want %v", tc.at, got, tc.want)
		}
	}
}

func TestDistance(t *testing.T) {
	g := NewGrid(8, 16)
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"A1", "A1", 0}, {"A1", "B1", 1}, {"A1", "A2", 1}, {"A1", "A3", 2}, {"A1", "H1", 7},
		{"A1", "A16", 15}, {"C3", "C9", 6}, {"A1", "H16", 15}, {"H1", "A16", 15 + 0},
		{"C3", "F4", 4}, {"B2", "A3", 2}, {"B2", "B3", 1}, {"B2", "C3", 1},
	} {
		if d := g.Distance(tile(t, g, tc.a), tile(t, g, tc.b)); d != tc.d {
			t.Errorf("Distance(%s, %s) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}

// TestRedBlobVectors ports the reference test vectors of the Red Blob hex
// library: distance((3,-7,4), 0) = 7 and the line (0,0,0)->(1,-5,4).
func TestRedBlobVectors(t *testing.T) {
	g := NewGrid(26, 9)
	origin := g.FromCube(Cube{4, 8, -12})
	at := func(q, r, s int) Tile {
		c := g.Cube(origin)
		x := g.FromCube(Cube{c.Q + q, c.R + r, c.S + s})
		if x == None {
			t.Fatalf("cube %d,%d,%d off the grid", q, r, s)
		}
		return x
	}
	if d := g.Distance(at(3, -7, 4), origin); d != 7 {
		t.Errorf("distance = %d, want 7", d)
	}
	want := []Tile{at(0, 0, 0), at(0, -1, 1), at(0, -2, 2), at(1, -3, 2), at(1, -4, 3), at(1, -5, 4)}
	if got := g.Line(origin, at(1, -5, 4), +1, nil); !slices.Equal(got, want) {
		t.Errorf("line = %v, want %v", got, want)
	}
}

func TestReach(t *testing.T) {
	g := NewGrid(8, 16)
	block := func(ts ...string) *Mask {
		var m Mask
		for _, s := range ts {
			m.Set(tile(t, g, s))
		}
		return &m
	}
	for _, tc := range []struct {
		name    string
		from    string
		steps   int
		blocked *Mask
		want    int      // number of tiles reachable
		in, out []string // tiles that must be in / out
	}{
		{"open one step", "C3", 1, block(), 6, []string{"B2", "D3"}, []string{"C3"}},
		{"open two steps", "C3", 2, block(), 18, []string{"C1", "A3", "E3"}, nil},
		{"corner", "A1", 1, block(), 2, []string{"A2", "B1"}, nil},
		{"walled in", "C3", 3, block("B2", "B3", "B4", "C2", "C4", "D3"), 0, nil, []string{"B2"}},
		{"around a wall", "A3", 2, block("B2", "B3", "B4"), 6, []string{"A1", "A5", "A2", "A4", "B1", "B5"}, []string{"C3", "B3"}},
		{"detour too long", "A3", 4, block("B2", "B3", "B4"), -1, nil, []string{"C3"}},
		{"detour costs steps", "A3", 5, block("B2", "B3", "B4"), -1, []string{"C3"}, nil},
	} {
		got := g.Reach(tile(t, g, tc.from), tc.steps, tc.blocked)
		if tc.want >= 0 && got.Count() != tc.want {
			t.Errorf("%s: %d tiles %v, want %d", tc.name, got.Count(), names(g, got), tc.want)
		}
		for _, s := range tc.in {
			if !got.Has(tile(t, g, s)) {
				t.Errorf("%s: %s not reachable", tc.name, s)
			}
		}
		for _, s := range tc.out {
			if got.Has(tile(t, g, s)) {
				t.Errorf("%s: %s reachable", tc.name, s)
			}
		}
		// PathLength agrees with Reach.
		for x := Tile(0); int(x) < g.Len(); x++ {
			pl := g.PathLength(tile(t, g, tc.from), x, tc.steps, tc.blocked)
			if (pl > 0) != got.Has(x) {
				t.Errorf("%s: PathLength to %s = %d, reach says %v", tc.name, g.Name(x), pl, got.Has(x))
			}
		}
	}
}

// TestReachMatchesSlowFlood compares the bit-parallel flood with the
// tile-by-tile one on random obstacles, on several board sizes.
func TestReachMatchesSlowFlood(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range [][2]int{{8, 16}, {16, 16}, {5, 7}, {1, 9}, {26, 9}} {
		g := NewGrid(size[0], size[1])
		for range 300 {
			var m Mask
			for x := Tile(0); int(x) < g.Len(); x++ {
				if r.IntN(4) == 0 {
					m.Set(x)
				}
			}
			from := Tile(r.IntN(g.Len()))
			m.Clear(from)
			steps := r.IntN(9)
			fast, slow := g.Reach(from, steps, &m), g.reachSlow(from, steps, &m)
			if fast != slow {
				t.Fatalf("%dx%d from %s steps %d: fast %v slow %v", size[0], size[1], g.Name(from), steps, names(g, fast), names(g, slow))
			}
			for x := Tile(0); int(x) < g.Len(); x++ {
				var one Mask
				one.Set(x)
				d := g.Dilate(one)
				d.Clear(x)
				var want Mask
				for _, n := range g.Neighbours(x) {
					if n != None {
						want.Set(n)
					}
				}
				if d != want {
					t.Fatalf("%dx%d Dilate(%s) = %v, want %v", size[0], size[1], g.Name(x), names(g, d), names(g, want))
				}
			}
		}
	}
}

func TestMask(t *testing.T) {
	var m Mask
	for _, x := range []Tile{0, 63, 64, 200, 255} {
		m.Set(x)
	}
	var got []Tile
	for x := m.Next(0); x != None; x = m.Next(x + 1) {
		got = append(got, x)
	}
	if !slices.Equal(got, []Tile{0, 63, 64, 200, 255}) || m.Count() != 5 {
		t.Fatalf("Next walk = %v", got)
	}
	for i, want := range got {
		if m.Nth(i) != want {
			t.Errorf("Nth(%d) = %d, want %d", i, m.Nth(i), want)
		}
	}
	if m.Nth(5) != None {
		t.Errorf("Nth past the end")
	}
}

func BenchmarkSight(b *testing.B) {
	g := NewGrid(8, 16)
	var m Mask
	x, _ := g.Parse("D8")
	m.Set(x)
	a, _ := g.Parse("A1")
	c, _ := g.Parse("H16")
	for b.Loop() {
		g.Sight(a, c, &m)
	}
}

func BenchmarkReach(b *testing.B) {
	g := NewGrid(8, 16)
	var m Mask
	x, _ := g.Parse("D8")
	m.Set(x)
	a, _ := g.Parse("C7")
	for b.Loop() {
		g.Reach(a, 6, &m)
	}
}

// TestDistancesWithinAndExpand: within[k] holds the tiles at a distance
// of at most k, and Expand from one tile is Reach plus the tile.
func TestDistancesWithinAndExpand(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, size := range [][2]int{{8, 16}, {16, 16}, {1, 9}, {26, 9}} {
		g := NewGrid(size[0], size[1])
		for range 200 {
			var m Mask
			for x := Tile(0); int(x) < g.Len(); x++ {
				if r.IntN(4) == 0 {
					m.Set(x)
				}
			}
			from := Tile(r.IntN(g.Len()))
			m.Clear(from)
			steps := r.IntN(9)
			var d, d2 [MaxTiles]int8
			within := make([]Mask, steps+1)
			g.Distances(from, steps, &m, &d)
			g.DistancesWithin(from, steps, &m, &d2, within)
			if d != d2 {
				t.Fatalf("%dx%d from %s: DistancesWithin distances differ", size[0], size[1], g.Name(from))
			}
			for k := range within {
				var want Mask
				for x := Tile(0); int(x) < g.Len(); x++ {
					if d[x] >= 0 && int(d[x]) <= k {
						want.Set(x)
					}
				}
				if within[k] != want {
					t.Fatalf("%dx%d from %s: within[%d] %v, want %v", size[0], size[1], g.Name(from), k, names(g, within[k]), names(g, want))
				}
			}
			var one Mask
			one.Set(from)
			want := g.Reach(from, steps, &m)
			want.Set(from)
			if got := g.Expand(one, steps, &m); got != want {
				t.Fatalf("%dx%d from %s steps %d: Expand %v, Reach %v", size[0], size[1], g.Name(from), steps, names(g, got), names(g, want))
			}
		}
	}
}
