package wbengine

import (
	"math/bits"

	"wbtool.dev/wbtool/engine/hex"
)

// ---- paths and reactions (R-MOVE-1, TrigEnemyMoves) ----

// Path is the way one miniature moves, tile by tile: one direction per
// step (an index into hex.Grid.Neighbours), 3 bits each above a 5-bit
// length. The zero Path gives no way: the engine then takes its shortest
// path (DefaultShortestPath). Paths matter only to reactions, which
// resolve in the middle of a move.
type Path uint64

// MaxPath is the most steps a Path holds.
const MaxPath = 19

// Len is the number of steps of p.
func (p Path) Len() int { return int(p & 31) }

// Dir is the direction of step i.
func (p Path) Dir(i int) int { return int(p>>(5+3*uint(i))) & 7 }

// with returns p with one more step in direction dir (p.Len() < MaxPath).
func (p Path) with(dir int) Path {
	n := p.Len()
	return (p &^ 31) | Path(dir)<<(5+3*uint(n)) | Path(n+1)
}

// PathOf is the Path from tile from through tiles, the destination last;
// ok is false when a tile is not next to the one before it or the path is
// longer than MaxPath.
func (g *Game) PathOf(from hex.Tile, tiles []hex.Tile) (p Path, ok bool) {
	if len(tiles) == 0 || len(tiles) > MaxPath {
		return 0, false
	}
	cur := from
	for _, t := range tiles {
		dir := -1
		for i, nb := range g.grid.Neighbours(cur) {
			if nb == t && nb != hex.None {
				dir = i
			}
		}
		if dir < 0 {
			return 0, false
		}
		p = p.with(dir)
		cur = t
	}
	return p, true
}

// walkCode checks path p from a: it must end on b, within n steps, on
// tiles that are not blocked (R-MOVE-1).
func (g *Game) walkCode(a, b hex.Tile, p Path, n int, blocked *hex.Mask) Code {
	if p.Len() > n {
		return ErrOutOfReach
	}
	cur := a
	for i := range p.Len() {
		d := p.Dir(i)
		if d > 5 {
			return ErrPathInvalid
		}
		next := g.grid.Neighbours(cur)[d]
		if next == hex.None {
			return ErrPathInvalid
		}
		if blocked.Has(next) {
			return ErrPathBlocked
		}
		cur = next
	}
	if cur != b {
		return ErrPathInvalid
	}
	return ""
}

// shortestPath is the engine's path from a to b within n steps avoiding
// blocked (DefaultShortestPath): from each tile, the first neighbour in
// the grid's direction order that is one step nearer to b. Zero when b
// is out of reach.
func (g *Game) shortestPath(a, b hex.Tile, n int, blocked *hex.Mask) Path {
	if a == b {
		return 0
	}
	var d [hex.MaxTiles]int8
	g.grid.Distances(b, min(n, MaxPath), blocked, &d)
	k := d[a]
	if k <= 0 {
		return 0
	}
	var p Path
	for cur := a; k > 0; k-- {
		for dir, nb := range g.grid.Neighbours(cur) {
			if nb != hex.None && d[nb] == k-1 {
				p = p.with(dir)
				cur = nb
				break
			}
		}
	}
	return p
}

// moveUnit moves u's miniatures to dst (hex.None: stays) along paths
// (zero: the engine's shortest path), within n tiles each. The move is
// checked already. When an enemy's reaction could fire (reactionsNear),
// the miniatures go tile by tile and the reactions resolve where they
// fire (TrigEnemyMoves); otherwise they go at once.
func (s *State) moveUnit(u int, dst [2]hex.Tile, paths [2]Path, n int, dice *Dice, ev []Event) []Event {
	if !s.reactionsNear(u, n) {
		return s.relocate(u, dst, ev)
	}
	g := s.g
	us := &s.units[u]
	m := int(g.units[u].minis)
	first := 0
	if m == 2 && dst[0] != hex.None && dst[0] != us.tiles[0] && dst[1] != hex.None && dst[1] != us.tiles[1] {
		// Both move: in the order the check found (FormationMoveOrder).
		if paths[0] != 0 && paths[1] != 0 {
			if g.crosses(us.tiles[0], paths[0], us.tiles[1]) || g.crosses(us.tiles[1], paths[1], dst[0]) {
				first = 1
			}
		} else {
			first, _ = s.movePlan(u, dst, paths, n)
		}
	}
	side := g.units[u].side
	for k := range m {
		i := first
		if k == 1 {
			i = 1 - first
		}
		if dst[i] == hex.None || dst[i] == us.tiles[i] {
			continue
		}
		p := paths[i]
		if p == 0 {
			blocked := s.blockedFor(u)
			if m == 2 {
				blocked.Set(us.tiles[1-i])
			}
			p = g.shortestPath(us.tiles[i], dst[i], n, &blocked)
		}
		for j := range p.Len() {
			from := us.tiles[i]
			next := g.grid.Neighbours(from)[p.Dir(j)]
			if next == hex.None || !s.freeTile(next) {
				break // a reaction put something in the way: the move stops
			}
			ev = s.loseCover(u, ev) // R-HIDE-4: moved by any means
			s.lift(u, from)
			us.tiles[i] = next
			s.put(u, next)
			ev = s.react(u, from, next, dice, ev)
			if !s.inPlay(u) {
				return ev
			}
		}
		ev = append(ev, Event{Kind: EvMove, Side: side, Unit: int8(u), Mini: int8(i), Tile: us.tiles[i]})
	}
	return ev
}

// available is the set of side's units whose reaction may still fire
// this turn (ReactionOncePerTurn), bit per unit.
func (s *State) available(side int8) uint32 {
	return s.reactors[side] &^ s.reacted
}

// reactionsNear reports whether a move of u of at most n tiles could
// set off an enemy's reaction: a miniature that reacts within n + 1
// tiles of one of u's.
func (s *State) reactionsNear(u, n int) bool {
	cand := s.available(1 - s.g.units[u].side)
	for cand != 0 {
		r := bits.TrailingZeros32(cand)
		cand &= cand - 1
		if s.inPlay(r) && s.dist(u, r) <= n+1 && s.reactsNow(r) >= 0 {
			return true
		}
	}
	return false
}

// reactsNow is the index in g.effects of unit r's reaction on its current
// profile whose condition holds, or -1.
func (s *State) reactsNow(r int) int {
	for _, i := range s.prof(r).effects {
		e := &s.g.effects[i]
		if e.trig == TrigEnemyMoves && s.condition(r, e.eff.Condition) {
			return int(i)
		}
	}
	return -1
}

// nextTo reports whether tile t stands next to a miniature of unit r.
func (s *State) nextTo(r int, t hex.Tile) bool {
	for _, x := range s.minis(r) {
		if s.g.grid.NeighbourMask(x).Has(t) {
			return true
		}
	}
	return false
}

// react resolves the reactions a step of one of mover's miniatures from
// tile from to tile to sets off: each enemy it comes next to, or leaves,
// whose reaction is available (TrigEnemyMoves, ReactionAutomatic), in
// unit order.
func (s *State) react(mover int, from, to hex.Tile, dice *Dice, ev []Event) []Event {
	cand := s.available(1 - s.g.units[mover].side)
	for cand != 0 {
		r := bits.TrailingZeros32(cand)
		cand &= cand - 1
		if !s.inPlay(r) || s.nextTo(r, from) == s.nextTo(r, to) {
			continue
		}
		i := s.reactsNow(r)
		if i < 0 {
			continue
		}
		s.reacted |= 1 << uint(r)
		side := s.g.units[r].side
		ev = append(ev, Event{Kind: EvReaction, Side: side, Unit: int8(r), Target: int8(mover), Tile: to, Cause: int16(i) + 1})
		ctx := opCtx{unit: r, side: int(side), target: mover, tiles: noTiles}
		ev = s.runEffect(int16(i), &ctx, dice, ev)
	}
	return ev
}

// ---- the bots' paths (BotPathChoice) ----

// pathPlan finds the ways one miniature can go that set off the fewest
// reactions: cost[k][t] is the fewest reactions (counted per tile where
// one could fire) on a way to t of exactly k steps, -1 for none.
type pathPlan struct {
	from    hex.Tile
	n       int
	blocked hex.Mask
	near    [hex.MaxTiles]uint32 // per tile, the reacting units it stands next to
	cost    [MaxPath + 1][hex.MaxTiles]int8
}

// planPaths fills pp for a miniature of u on tile from moving at most n
// tiles, blocked; false when no reaction could fire (the bots then give
// no path).
func (s *State) planPaths(u int, from hex.Tile, n int, blocked *hex.Mask, pp *pathPlan) bool {
	if n <= 0 || !s.reactionsNear(u, n) {
		return false
	}
	g := s.g
	pp.from, pp.n, pp.blocked = from, min(n, MaxPath), *blocked
	pp.near = [hex.MaxTiles]uint32{}
	cand := s.available(1 - g.units[u].side)
	for cand != 0 {
		r := bits.TrailingZeros32(cand)
		cand &= cand - 1
		if !s.inPlay(r) || s.reactsNow(r) < 0 {
			continue
		}
		for _, x := range s.minis(r) {
			for _, nb := range g.grid.Neighbours(x) {
				if nb != hex.None {
					pp.near[nb] |= 1 << uint(r)
				}
			}
		}
	}
	for k := range pp.n + 1 {
		for t := range g.grid.Len() {
			pp.cost[k][t] = -1
		}
	}
	pp.cost[0][from] = 0
	var layer hex.Mask
	layer.Set(from)
	for k := 1; k <= pp.n; k++ {
		var next hex.Mask
		for t := layer.Next(0); t != hex.None; t = layer.Next(t + 1) {
			c0 := pp.cost[k-1][t]
			for _, nb := range g.grid.Neighbours(t) {
				if nb == hex.None || blocked.Has(nb) {
					continue
				}
				c := c0 + int8(bits.OnesCount32(pp.near[t]^pp.near[nb]))
				if old := pp.cost[k][nb]; old < 0 || c < old {
					pp.cost[k][nb] = c
				}
				next.Set(nb)
			}
		}
		if next.Empty() {
			break
		}
		layer = next
	}
	return true
}

// best is the way to tile to within n steps that sets off the fewest
// reactions, the shortest of those, each step taking the first
// neighbour in direction order; zero when there is none.
func (pp *pathPlan) best(g *Game, to hex.Tile, n int) Path {
	n = min(n, pp.n)
	k, c := -1, int8(0)
	for j := 1; j <= n; j++ {
		if v := pp.cost[j][to]; v >= 0 && (k < 0 || v < c) {
			k, c = j, v
		}
	}
	if k < 0 {
		return 0
	}
	var dirs [MaxPath]int8
	cur := to
	for j := k; j > 0; j-- {
		for _, prev := range g.grid.Neighbours(cur) {
			if prev == hex.None {
				continue
			}
			pc := pp.cost[j-1][prev]
			if pc < 0 || pc+int8(bits.OnesCount32(pp.near[prev]^pp.near[cur])) != c {
				continue
			}
			for dir, nb := range g.grid.Neighbours(prev) {
				if nb == cur {
					dirs[j-1] = int8(dir)
				}
			}
			cur, c = prev, pc
			break
		}
	}
	var p Path
	for _, d := range dirs[:k] {
		p = p.with(int(d))
	}
	return p
}

// fillBotPaths gives each move of ds (Move decisions of unit v, or skill
// decisions moving v) the paths the bots take (BotPathChoice); nPlan
// bounds every move of ds. Callers call it only when a reaction could
// fire (reactionsNear), so the plans cost nothing otherwise.
func (s *State) fillBotPaths(v int, ds []Decision, nPlan int) {
	var pp [2]pathPlan
	var planned [2]int8
	for i := range ds {
		d := &ds[i]
		n := nPlan
		if d.Kind == Move {
			n = s.allowance(v, d.Run)
		}
		d.Path = s.botPaths(v, [2]hex.Tile{d.Tile, d.Tile2}, n, nPlan, &pp, &planned)
	}
}

// botPaths is the paths of the move of unit u to dst (hex.None: stays)
// within n tiles that the bots take when a reaction could fire
// (BotPathChoice): for each miniature that moves, the way that sets off
// the fewest reactions, as long as the move stays legal (else the
// engine's path for that miniature). pp holds one plan per miniature,
// made once (for nPlan >= n tiles) for all the moves of u; planned[i]
// says whether plan i is made (1), useless (-1) or not made yet (0).
func (s *State) botPaths(u int, dst [2]hex.Tile, n, nPlan int, pp *[2]pathPlan, planned *[2]int8) [2]Path {
	var paths [2]Path
	m := int(s.g.units[u].minis)
	t := s.minis(u)
	for i := range m {
		if dst[i] == hex.None || dst[i] == t[i] {
			continue
		}
		if planned[i] == 0 {
			blocked := s.blockedFor(u)
			if m == 2 {
				blocked.Set(t[1-i])
			}
			planned[i] = -1
			if s.planPaths(u, t[i], nPlan, &blocked, &pp[i]) {
				planned[i] = 1
			}
		}
		if planned[i] > 0 {
			paths[i] = pp[i].best(s.g, dst[i], n)
		}
	}
	if paths[0] == 0 || paths[1] == 0 {
		return paths // one miniature moves, around its twin (planned so)
	}
	// Both move: each plan went around the twin's tile, so the move is
	// legal when the one moving second does not cross the first one's
	// destination (FormationMoveOrder), in either order.
	if !s.g.crosses(t[1], paths[1], dst[0]) || !s.g.crosses(t[0], paths[0], dst[1]) {
		return paths
	}
	return [2]Path{}
}

// crosses reports whether path p from tile from enters tile x.
func (g *Game) crosses(from hex.Tile, p Path, x hex.Tile) bool {
	cur := from
	for i := range p.Len() {
		cur = g.grid.Neighbours(cur)[p.Dir(i)]
		if cur == x {
			return true
		}
	}
	return false
}
