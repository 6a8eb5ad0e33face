// Package hex is the geometry of Warbound boards: pointy-top hexagonal
// tiles named by column letter and row number ("A1" is the top-left tile,
// even rows are shifted half a tile to the right), converted to cube
// coordinates for distance, neighbours and reachability, and drawn as
// polygons for exact line of sight (sight.go).
//
// A Grid is immutable once built and may be shared by any number of games.
// Sets of tiles are Masks, fixed-size bitsets, so that the hot paths of the
// engine (reachability, sight) never allocate.
package hex

import (
	"math/bits"
	"strconv"
)

// MaxTiles is the largest board the package handles: 16 × 16 tiles, the
// Confrontation board (R-BOARD-1).
const MaxTiles = 256

// Tile is the index of a tile on its grid: row*cols + col, both 0-based.
// None is no tile.
type Tile int16

// None is the absence of a tile.
const None Tile = -1

// Mask is a set of tiles.
type Mask [MaxTiles / 64]uint64

// Has reports whether t is in the set.
func (m *Mask) Has(t Tile) bool { return t >= 0 && m[t>>6]&(1<<(uint(t)&63)) != 0 }

// Set adds t to the set.
func (m *Mask) Set(t Tile) { m[t>>6] |= 1 << (uint(t) & 63) }

// Clear removes t from the set.
func (m *Mask) Clear(t Tile) { m[t>>6] &^= 1 << (uint(t) & 63) }

// Empty reports whether the set holds no tile.
func (m *Mask) Empty() bool { return m[0]|m[1]|m[2]|m[3] == 0 }

// Count is the number of tiles in the set.
func (m *Mask) Count() int {
	return bits.OnesCount64(m[0]) + bits.OnesCount64(m[1]) + bits.OnesCount64(m[2]) + bits.OnesCount64(m[3])
}

// Or returns the union of m and o.
func (m Mask) Or(o Mask) Mask {
	for i := range m {
		m[i] |= o[i]
	}
	return m
}

// AndNot returns the tiles of m that are not in o.
func (m Mask) AndNot(o Mask) Mask {
	for i := range m {
		m[i] &^= o[i]
	}
	return m
}

// Next returns the first tile of the set at or after t, or None. Ranging
// over a set: for t := m.Next(0); t != None; t = m.Next(t + 1).
func (m *Mask) Next(t Tile) Tile {
	if t < 0 {
		t = 0
	}
	for w := int(t) >> 6; w < len(m); w++ {
		word := m[w]
		if w == int(t)>>6 {
			word &= ^uint64(0) << (uint(t) & 63)
		}
		if word != 0 {
			return Tile(w<<6 + bits.TrailingZeros64(word))
		}
	}
	return None
}

// Nth returns the n-th tile (0-based) of the set in index order, or None.
func (m *Mask) Nth(n int) Tile {
	for w := range m {
		c := bits.OnesCount64(m[w])
		if n >= c {
			n -= c
			continue
		}
		word := m[w]
		for range n {
			word &= word - 1
		}
		return Tile(w<<6 + bits.TrailingZeros64(word))
	}
	return None
}

// Cube is a cube coordinate (q + r + s = 0).
type Cube struct{ Q, R, S int }

// Grid is a rectangular board of Cols × Rows tiles.
type Grid struct {
	Cols, Rows int
	cube       []Cube
	nb         [][6]Tile
	nbMask     []Mask // per tile, its neighbours as a set
	all        Mask
	// Row and column masks for the bit-parallel neighbourhood (dilate).
	notFirstCol, notLastCol, evenRows, oddRows Mask
}

// directions are the six cube directions, clockwise from east.
var directions = [6]Cube{{1, 0, -1}, {1, -1, 0}, {0, -1, 1}, {-1, 0, 1}, {-1, 1, 0}, {0, 1, -1}}

// NewGrid builds a grid of cols × rows tiles. It returns nil when the size
// is outside 1..26 columns, 1..99 rows or MaxTiles tiles in all.
func NewGrid(cols, rows int) *Grid {
	if cols < 1 || rows < 1 || cols > 26 || rows > 99 || cols*rows > MaxTiles {
		return nil
	}
	g := &Grid{Cols: cols, Rows: rows, cube: make([]Cube, cols*rows), nb: make([][6]Tile, cols*rows)}
	for t := range cols * rows {
		col, row := t%cols, t/cols
		// Rows are 1-based in names; even rows (odd 0-based rows) are
		// shifted right: the "odd-r" offset layout.
		q := col - (row-(row&1))/2
		g.cube[t] = Cube{q, row, -q - row}
		g.all.Set(Tile(t))
		if col > 0 {
			g.notFirstCol.Set(Tile(t))
		}
		if col < cols-1 {
			g.notLastCol.Set(Tile(t))
		}
		if row&1 == 0 {
			g.evenRows.Set(Tile(t))
		} else {
			g.oddRows.Set(Tile(t))
		}
	}
	for t := range cols * rows {
		c := g.cube[t]
		for i, d := range directions {
			g.nb[t][i] = g.FromCube(Cube{c.Q + d.Q, c.R + d.R, c.S + d.S})
		}
	}
	g.nbMask = make([]Mask, cols*rows)
	for t := range cols * rows {
		for _, n := range g.nb[t] {
			if n != None {
				g.nbMask[t].Set(n)
			}
		}
	}
	return g
}

// Len is the number of tiles.
func (g *Grid) Len() int { return g.Cols * g.Rows }

// All is the set of every tile of the grid.
func (g *Grid) All() Mask { return g.all }

// At returns the tile at 0-based column and row, or None outside the grid.
func (g *Grid) At(col, row int) Tile {
	if col < 0 || row < 0 || col >= g.Cols || row >= g.Rows {
		return None
	}
	return Tile(row*g.Cols + col)
}

// ColRow returns the 0-based column and row of t.
func (g *Grid) ColRow(t Tile) (col, row int) { return int(t) % g.Cols, int(t) / g.Cols }

// Cube returns the cube coordinate of t.
func (g *Grid) Cube(t Tile) Cube { return g.cube[t] }

// FromCube returns the tile at cube coordinate c, or None outside the grid.
func (g *Grid) FromCube(c Cube) Tile {
	row := c.R
	col := c.Q + (row-(row&1))/2
	return g.At(col, row)
}

// Parse returns the tile named name ("A1", "H16"), and whether the name is
// well formed and on the grid.
func (g *Grid) Parse(name string) (Tile, bool) {
	col, row, ok := ParseName(name)
	if !ok {
		return None, false
	}
	t := g.At(col, row)
	return t, t != None
}

// ParseName splits a tile name into its 0-based column and row.
func ParseName(name string) (col, row int, ok bool) {
	if len(name) < 2 || name[0] < 'A' || name[0] > 'Z' {
		return 0, 0, false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n < 1 || name[1] == '0' || name[1] == '+' {
		return 0, 0, false
	}
	return int(name[0] - 'A'), n - 1, true
}

// Name returns the name of t, e.g. "C3".
func (g *Grid) Name(t Tile) string {
	if t < 0 || int(t) >= g.Len() {
		return "-"
	}
	col, row := g.ColRow(t)
	return string(rune('A'+col)) + strconv.Itoa(row+1)
}

// Neighbours returns the six tiles around t, None where the board ends.
func (g *Grid) Neighbours(t Tile) *[6]Tile { return &g.nb[t] }

// NeighbourMask returns the tiles next to t as a set.
func (g *Grid) NeighbourMask(t Tile) *Mask { return &g.nbMask[t] }

// Intersects reports whether m and o share a tile.
func (m *Mask) Intersects(o *Mask) bool {
	return m[0]&o[0]|m[1]&o[1]|m[2]&o[2]|m[3]&o[3] != 0
}

// Adjacent reports whether a and b are neighbours.
func (g *Grid) Adjacent(a, b Tile) bool { return a != b && g.Distance(a, b) == 1 }

// Distance is the number of tiles from a to b (0 when a == b).
func (g *Grid) Distance(a, b Tile) int {
	ca, cb := g.cube[a], g.cube[b]
	return max(abs(ca.Q-cb.Q), abs(ca.R-cb.R), abs(ca.S-cb.S))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Around returns the tiles adjacent to any tile of m (m itself excluded).
func (g *Grid) Around(m Mask) Mask {
	var out Mask
	for t := m.Next(0); t != None; t = m.Next(t + 1) {
		for _, n := range g.nb[t] {
			if n != None {
				out.Set(n)
			}
		}
	}
	return out.AndNot(m)
}

// Dilate returns m with every tile next to one of its tiles added, all
// six directions at once on the bitset (rows of the odd-r layout: even
// rows reach up-left and down-left, odd rows up-right and down-right).
func (g *Grid) Dilate(m Mask) Mask {
	c := uint(g.Cols)
	var out Mask
	for i := range out {
		w := m[i]
		e := w & g.notLastCol[i]
		f := w & g.notFirstCol[i]
		ev := f & g.evenRows[i]
		od := e & g.oddRows[i]
		// shifts towards higher indices: carry from the lower word
		var le, lw, lev, lod uint64
		if i > 0 {
			lm := m[i-1]
			le = lm & g.notLastCol[i-1]
			lw = lm
			lev = lm & g.notFirstCol[i-1] & g.evenRows[i-1]
			lod = le & g.oddRows[i-1]
		}
		// shifts towards lower indices: carry from the higher word
		var hf, hw, hev, hod uint64
		if i < len(m)-1 {
			hm := m[i+1]
			hf = hm & g.notFirstCol[i+1]
			hw = hm
			hev = hf & g.evenRows[i+1]
			hod = hm & g.notLastCol[i+1] & g.oddRows[i+1]
		}
		o := w
		o |= e<<1 | le>>63
		o |= f>>1 | hf<<63
		o |= w<<c | lw>>(64-c)
		o |= w>>c | hw<<(64-c)
		o |= shlw(ev, lev, c-1) | od<<(c+1) | lod>>(64-(c+1))
		o |= ev>>(c+1) | hev<<(64-(c+1)) | shrw(od, hod, c-1)
		out[i] = o & g.all[i]
	}
	return out
}

// shlw shifts word w (with the lower word lo) left by n, n may be 0.
func shlw(w, lo uint64, n uint) uint64 {
	if n == 0 {
		return w
	}
	return w<<n | lo>>(64-n)
}

// shrw shifts word w (with the higher word hi) right by n, n may be 0.
func shrw(w, hi uint64, n uint) uint64 {
	if n == 0 {
		return w
	}
	return w>>n | hi<<(64-n)
}

// Reach returns the tiles a miniature on from can end a move on in at most
// steps tiles, never entering nor crossing a tile of blocked (R-MOVE-1).
// from itself is not in the result. It floods the board bit-parallel.
func (g *Grid) Reach(from Tile, steps int, blocked *Mask) Mask {
	var seen Mask
	seen.Set(from)
	free := g.all.AndNot(*blocked)
	for range steps {
		next := g.Dilate(seen)
		for i := range next {
			next[i] &= free[i]
		}
		next.Set(from)
		if next == seen {
			break
		}
		seen = next
	}
	seen.Clear(from)
	return seen
}

// Distances fills out with the length of the shortest path from from to
// every tile within steps tiles that never enters a tile of blocked, and
// -1 for the others (from itself: 0).
func (g *Grid) Distances(from Tile, steps int, blocked *Mask, out *[MaxTiles]int8) {
	for i := range out {
		out[i] = -1
	}
	out[from] = 0
	var seen Mask
	seen.Set(from)
	free := g.all.AndNot(*blocked)
	for k := 1; k <= steps; k++ {
		next := g.Dilate(seen)
		layer := Mask{}
		for i := range next {
			next[i] &= free[i]
			next[i] |= seen[i]
			layer[i] = next[i] &^ seen[i]
		}
		if layer.Empty() {
			break
		}
		for t := layer.Next(0); t != None; t = layer.Next(t + 1) {
			out[t] = int8(k)
		}
		seen = next
	}
}

// DistancesWithin is Distances that also fills within[k], for k from 0
// to steps, with the tiles at a distance of at most k (steps must be
// below len(within)).
func (g *Grid) DistancesWithin(from Tile, steps int, blocked *Mask, out *[MaxTiles]int8, within []Mask) {
	for i := range out {
		out[i] = -1
	}
	out[from] = 0
	var seen Mask
	seen.Set(from)
	within[0] = seen
	free := g.all.AndNot(*blocked)
	for k := 1; k <= steps; k++ {
		next := g.Dilate(seen)
		layer := Mask{}
		for i := range next {
			next[i] &= free[i]
			next[i] |= seen[i]
			layer[i] = next[i] &^ seen[i]
		}
		within[k] = next
		if layer.Empty() {
			for j := k + 1; j <= steps; j++ {
				within[j] = next
			}
			break
		}
		for t := layer.Next(0); t != None; t = layer.Next(t + 1) {
			out[t] = int8(k)
		}
		seen = next
	}
}

// Expand returns seen with every tile reached from it in at most steps
// tiles, never entering a tile of blocked.
func (g *Grid) Expand(seen Mask, steps int, blocked *Mask) Mask {
	free := g.all.AndNot(*blocked)
	for range steps {
		next := g.Dilate(seen)
		for i := range next {
			next[i] = next[i]&free[i] | seen[i]
		}
		if next == seen {
			break
		}
		seen = next
	}
	return seen
}

// PathLength returns the length of the shortest path from a to b that
// never enters a tile of blocked (b itself must not be blocked), or -1.
// limit bounds the search.
func (g *Grid) PathLength(a, b Tile, limit int, blocked *Mask) int {
	if a == b {
		return 0
	}
	if blocked.Has(b) {
		return -1
	}
	var seen Mask
	seen.Set(a)
	free := g.all.AndNot(*blocked)
	for step := 1; step <= limit; step++ {
		next := g.Dilate(seen)
		for i := range next {
			next[i] &= free[i]
		}
		next.Set(a)
		if next.Has(b) {
			return step
		}
		if next == seen {
			return -1
		}
		seen = next
	}
	return -1
}

// reachSlow is the tile-by-tile flood Reach replaces; tests compare them.
func (g *Grid) reachSlow(from Tile, steps int, blocked *Mask) Mask {
	var seen, frontier Mask
	seen.Set(from)
	frontier.Set(from)
	for range steps {
		var next Mask
		for t := frontier.Next(0); t != None; t = frontier.Next(t + 1) {
			for _, n := range g.nb[t] {
				if n != None && !seen.Has(n) && !blocked.Has(n) {
					next.Set(n)
					seen.Set(n)
				}
			}
		}
		if next.Empty() {
			break
		}
		frontier = next
	}
	seen.Clear(from)
	return seen
}

// nudge is how far Line moves the centre line to one side or the other,
// in cube units: small enough never to change which tiles a line crosses
// except when it runs exactly along a tile border. The three cube
// components are nudged by e, 2e and -3e: unequal, so that a line along
// any of the three border orientations rounds to one tile on one side and
// to the other tile on the other side, never to a tie.
const nudge = 1e-6

// Line returns the tiles crossed by the straight line from the centre of a
// to the centre of b, nudged to one side (side > 0) or the other (side < 0),
// a and b included, written into buf. It is a drawing aid: sight is
// decided exactly by Sight, not by this line (R-SHOOT-2).
func (g *Grid) Line(a, b Tile, side int, buf []Tile) []Tile {
	buf = buf[:0]
	n := g.Distance(a, b)
	ca, cb := g.cube[a], g.cube[b]
	e := nudge
	if side < 0 {
		e = -nudge
	}
	aq, ar, as := float64(ca.Q)+e, float64(ca.R)+2*e, float64(ca.S)-3*e
	bq, br, bs := float64(cb.Q)+e, float64(cb.R)+2*e, float64(cb.S)-3*e
	for i := 0; i <= n; i++ {
		f := 0.0
		if n > 0 {
			f = float64(i) / float64(n)
		}
		c := round(aq+(bq-aq)*f, ar+(br-ar)*f, as+(bs-as)*f)
		buf = append(buf, g.FromCube(c))
	}
	return buf
}

// round rounds fractional cube coordinates to the nearest tile.
func round(q, r, s float64) Cube {
	rq, rr, rs := roundHalf(q), roundHalf(r), roundHalf(s)
	dq, dr, ds := fabs(rq-q), fabs(rr-r), fabs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	default:
		rs = -rq - rr
	}
	return Cube{int(rq), int(rr), int(rs)}
}

func roundHalf(x float64) float64 {
	// math.Round without importing math for a hot path: round half away
	// from zero.
	if x < 0 {
		return -float64(int64(-x + 0.5))
	}
	return float64(int64(x + 0.5))
}

func fabs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
