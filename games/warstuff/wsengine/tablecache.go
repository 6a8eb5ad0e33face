package wsengine

import (
	"slices"
	"sync"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// tableCache keeps what depends only on the table, never on the game in
// progress: sight between two bases (sightCache) and the order of the
// set-up's grid points by distance to a goal (gridOrder). A state and its
// copies share one and belong to one goroutine. PlayAll keeps one per
// goroutine from game to game (tableCaches): the same bases on the same
// table see each other in every game, so a game need not test again what
// the last one did; adopt empties it first if the table differs.
type tableCache struct {
	sight sightCache
	// the table the entries hold for: each piece's BlocksSight, its
	// number of corners and the corners (see sameTable)
	table []float64
	grids []gridOrder
}

// tableCaches keep PlayAll's table caches between games.
var tableCaches = sync.Pool{New: func() any { return new(tableCache) }}

// adopt makes c the cache of g's table: it keeps the entries when they
// were made for the same pieces, and empties it otherwise.
func (c *tableCache) adopt(g *Game) {
	if c.sameTable(g.Pieces) {
		return
	}
	c.sight = sightCache{}
	c.grids = c.grids[:0]
	c.table = c.table[:0]
	for k := range g.Pieces {
		pc := &g.Pieces[k]
		c.table = append(c.table, float64(b2i(pc.BlocksSight)), float64(len(pc.Shape.Pts)))
		for _, p := range pc.Shape.Pts {
			c.table = append(c.table, p.X, p.Y)
		}
	}
}

// sameTable reports whether the cache holds for these pieces: sight reads
// only whether a piece blocks sight and its shape, which its corners make
// (geom.NewShape).
func (c *tableCache) sameTable(pieces []Piece) bool {
	if len(c.table) == 0 && len(pieces) > 0 {
		return false
	}
	i := 0
	for k := range pieces {
		pc := &pieces[k]
		if i+2 > len(c.table) || c.table[i] != float64(b2i(pc.BlocksSight)) || c.table[i+1] != float64(len(pc.Shape.Pts)) {
			return false
		}
		i += 2
		for _, p := range pc.Shape.Pts {
			if i+2 > len(c.table) || c.table[i] != p.X || c.table[i+1] != p.Y {
				return false
			}
			i += 2
		}
	}
	return i == len(c.table)
}

// gridOrder is the set-up's grid on a table of side size (the points
// (1, 1), (1, 3), … in that order, x first) sorted by distance to goal,
// nearest first, the grid's order between equal distances: the first
// legal point of the list is the nearest legal point of the grid, the
// first in grid order among the nearest.
type gridOrder struct {
	size float64
	goal geom.Vec
	pts  []geom.Vec
}

// gridPoints lists the set-up's grid on a table of side size.
func gridPoints(size float64) []geom.Vec {
	var pts []geom.Vec
	for x := 1.0; x < size; x += 2 {
		for y := 1.0; y < size; y += 2 {
			pts = append(pts, geom.Vec{X: x, Y: y})
		}
	}
	return pts
}

// gridByDistance returns the grid of a table of side size sorted by
// distance to goal (gridOrder), kept in c when c is not nil.
func (c *tableCache) gridByDistance(size float64, goal geom.Vec) []geom.Vec {
	if c != nil {
		for i := range c.grids {
			if o := &c.grids[i]; o.size == size && o.goal == goal {
				return o.pts
			}
		}
	}
	pts := gridPoints(size)
	d := make([]float64, len(pts))
	idx := make([]int, len(pts))
	for i, p := range pts {
		d[i], idx[i] = geom.Dist(p, goal), i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case d[a] < d[b]:
			return -1
		case d[a] > d[b]:
			return 1
		}
		return 0
	})
	sorted := make([]geom.Vec, len(pts))
	for i, k := range idx {
		sorted[i] = pts[k]
	}
	if c != nil {
		c.grids = append(c.grids, gridOrder{size: size, goal: goal, pts: sorted})
	}
	return sorted
}
