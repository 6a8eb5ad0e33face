package wbengine

import "wbtool.dev/wbtool/engine/hex"

// Legal appends to buf every decision the player to act may take now, in a
// fixed order, and returns it. It does not allocate when buf has room. A
// finished game has no legal decision.
func Legal(s *State, buf []Decision) []Decision {
	buf = buf[:0]
	side := s.toAct
	base := baseDecision(side)
	switch s.pend {
	case pendDeploy:
		buf = s.legalDeploy(base, buf)
	case pendHourglass:
		for i := range s.g.spaces {
			if s.openSpace(i) == nil {
				d := base
				d.Kind, d.Space = PlaceHourglass, int8(i)
				buf = append(buf, d)
			}
		}
	case pendAction:
		buf = s.legalActivations(base, buf)
		buf = s.legalExchanges(base, buf)
		d := base
		d.Kind = Pass
		buf = append(buf, d)
	case pendActivation:
		buf = s.legalInActivation(base, buf)
	case pendSwap:
		for _, sw := range [2]bool{true, false} {
			d := base
			d.Kind, d.Swap = SwapHand, sw
			buf = append(buf, d)
		}
	case pendKeep:
		for c := range s.g.colours {
			if s.orders[side][c] > 0 {
				d := base
				d.Kind, d.Colour = KeepOrder, int8(c)
				buf = append(buf, d)
			}
		}
	}
	return buf
}

// baseDecision is a decision of side with every field unused.
func baseDecision(side int8) Decision {
	return Decision{Side: side, Unit: -1, Space: -1, Target: -1, Tile: hex.None, Tile2: hex.None, Colour: -1, Give2: -1, Take: -1, Skill: -1}
}

// deployZoneOf is the tiles side may deploy on (DeploymentOrder): its
// zone, widened while Pathfinder is unused, the whole board without one.
func (s *State) deployZoneOf(side int8) hex.Mask {
	z := s.g.zones[side]
	if z.Empty() {
		return s.g.grid.All()
	}
	if !s.pathUsed[side] {
		return s.g.deployZone[side]
	}
	return z
}

func (s *State) legalDeploy(base Decision, buf []Decision) []Decision {
	u := s.deployUnit()
	if u < 0 {
		return buf
	}
	z := s.deployZoneOf(s.toAct)
	for t := z.Next(0); t != hex.None; t = z.Next(t + 1) {
		if !s.freeTile(t) {
			continue
		}
		d := base
		d.Kind, d.Unit, d.Tile = DeployUnit, int8(u), t
		if s.g.units[u].minis == 2 {
			d.Tile2 = hex.None
			for _, n := range s.g.grid.Neighbours(t) {
				if n != hex.None && s.deployError(u, t, n) == nil {
					d.Tile2 = n
					break
				}
			}
			if d.Tile2 == hex.None {
				continue
			}
		}
		buf = append(buf, d)
	}
	return buf
}

// deployError is the legality of deploying unit u of the side to act on
// t, and t2 for its Formation's second miniature (DeploymentOrder): free
// tiles of the side's zone (widened while Pathfinder is unused, the whole
// board without a zone), both miniatures inside it (R-FORM-1), on
// adjacent tiles. Legal offers only deployments it accepts.
func (s *State) deployError(u int, t, t2 hex.Tile) error {
	z := s.deployZoneOf(s.toAct)
	if !s.freeTile(t) || !z.Has(t) {
		return fail(ErrNotInZone)
	}
	if s.g.units[u].minis == 2 {
		if !s.freeTile(t2) || t2 == t || !z.Has(t2) {
			return fail(ErrNotInZone)
		}
		if !s.g.grid.Adjacent(t, t2) {
			return fail(ErrFormationSplit)
		}
	}
	return nil
}

func (s *State) legalActivations(base Decision, buf []Decision) []Decision {
	var p actPlan
	if !s.planActivations(&p) {
		return buf
	}
	buf, _, _ = s.walkActivations(&p, base, buf, true, -1)
	return buf
}

// actPlan is what the activations of the player to act depend on: the
// open spaces, what each unit can do and whether it can pay alone.
type actPlan struct {
	open  [MaxSpaces]int8
	nopen int
	multi bool
	valid [MaxUnits]actionSet
	payOK [MaxUnits][2]int8 // alone, without and with cost reduction: -1 unknown, 0 no, 1 yes
	count [MaxUnits]int16   // activations of each unit alone
	total int               // activations of units alone
}

// spaceCount is what the open spaces offer a unit that can do v: per
// kind (without, with cost reduction) the activations and the first space.
type spaceCount struct {
	v     actionSet
	n     [2]int16
	first [2]int8
}

// planActivations fills p; false when no space is open.
func (s *State) planActivations(p *actPlan) bool {
	g := s.g
	period := g.periodOf[s.turn]
	var all actionSet
	for i := range g.spaces {
		if !s.spaces[i].taken && g.spaces[i].period <= period {
			all |= g.spaces[i].actions
			p.open[p.nopen] = int8(i)
			p.nopen++
			p.multi = p.multi || g.spaces[i].multi
		}
	}
	if p.nopen == 0 {
		return false
	}
	open := p.open[:p.nopen]
	// Shooting is the costliest part to validate: it matters only when an
	// open space offers Shoot and nothing else the unit can do.
	var shootSpaces [MaxSpaces]actionSet
	nshoot := 0
	for _, i8 := range open {
		if a := g.spaces[i8].actions; a&aShoot != 0 {
			shootSpaces[nshoot] = a &^ (aShoot | aAim)
			nshoot++
		}
	}
	var targets shootTargets
	targetsDone := false
	var memo [MaxUnits]spaceCount
	nmemo := 0
	for _, u8 := range g.sideUnits[s.toAct] {
		u := int(u8)
		if !s.inPlay(u) {
			continue
		}
		v := s.partsValidScreened(u, all&^aShoot, 0)
		if nshoot > 0 && s.prof(u).Near > 0 {
			need := false
			for _, rest := range shootSpaces[:nshoot] {
				need = need || rest&v == 0
			}
			if need {
				if !targetsDone {
					targets, targetsDone = s.shootTargetsOf(s.toAct), true
				}
				if s.canShootAt(u, &targets) {
					v |= aShoot
				}
			} else {
				v |= aShoot // every Shoot space is valid through another part
			}
		}
		p.valid[u] = v
		if v == 0 {
			continue
		}
		// What the open spaces offer a unit depends only on v: units
		// that can do the same share the work (memo).
		j := 0
		for j < nmemo && memo[j].v != v {
			j++
		}
		if j == nmemo {
			e := &memo[nmemo]
			nmemo++
			*e = spaceCount{v: v, first: [2]int8{-1, -1}}
			for _, i8 := range open {
				sp := &g.spaces[i8]
				if sp.actions&v == 0 {
					continue
				}
				k := 0
				if sp.reduce {
					k = 1
				}
				if e.first[k] < 0 {
					e.first[k] = i8
				}
				m := int16(1)
				if sp.tempo {
					m = int16(len(g.colours))
				}
				e.n[k] += m
			}
		}
		e := &memo[j]
		payable := &p.payOK[u]
		*payable = [2]int8{-1, -1}
		for k, i8 := range e.first {
			if i8 < 0 {
				continue
			}
			payable[k] = 0
			if s.canPayPair(int(s.toAct), u, -1, k == 1) {
				payable[k] = 1
				p.count[u] += e.n[k]
			}
		}
		p.total += int(p.count[u])
	}
	return true
}

// walkActivations goes through the activations of plan p in Legal's
// order: it appends them to buf when list is set, and counts them. When
// pick >= 0 it stops at the pick-th (0-based) and returns it.
func (s *State) walkActivations(p *actPlan, base Decision, buf []Decision, list bool, pick int) ([]Decision, int, Decision) {
	g := s.g
	nc := len(g.colours)
	n := 0
	open := p.open[:p.nopen]
	if !list && (pick < 0 || pick >= p.total) {
		n = p.total // the units alone are counted already
		if pick < 0 && !p.multi {
			return buf, n, Decision{}
		}
	}
	for u := range g.units {
		vu := p.valid[u]
		if vu == 0 || n >= p.total {
			continue
		}
		if !list && pick >= n+int(p.count[u]) {
			n += int(p.count[u])
			continue
		}
		for _, i8 := range open {
			sp := &g.spaces[i8]
			if sp.actions&vu == 0 {
				continue
			}
			k := 0
			if sp.reduce {
				k = 1
			}
			if p.payOK[u][k] == 0 {
				continue
			}
			d := base
			d.Kind, d.Unit, d.Space = Activate, int8(u), i8
			if list {
				buf = s.withGain(d, buf)
			}
			m := 1
			if sp.tempo {
				m = nc
			}
			if pick >= n && pick < n+m {
				if sp.tempo {
					d.Colour = int8(pick - n)
				}
				return buf, n + m, d
			}
			n += m
		}
	}
	if !p.multi {
		return buf, n, Decision{}
	}
	// Multiple spaces (R-ACT-6): two Characters, in either order.
	for _, i8 := range open {
		sp := &g.spaces[i8]
		if !sp.multi {
			continue
		}
		k := 0
		if sp.reduce {
			k = 1
		}
		for u := range g.units {
			if sp.actions&p.valid[u] == 0 || p.payOK[u][k] == 0 {
				continue
			}
			for v := range g.units {
				if v == u || sp.actions&p.valid[v] == 0 || p.payOK[v][k] == 0 {
					continue // (one of them alone cannot pay: the two cannot)
				}
				d := base
				d.Kind, d.Unit, d.With, d.Space = Activate, int8(u), int8(v+1), i8
				if !s.canPayPair(int(s.toAct), u, v, sp.reduce) {
					continue
				}
				if list {
					buf = s.withGain(d, buf)
				}
				m := 1
				if sp.tempo {
					m = nc
				}
				if pick >= n && pick < n+m {
					if sp.tempo {
						d.Colour = int8(pick - n)
					}
					return buf, n + m, d
				}
				n += m
			}
		}
	}
	return buf, n, Decision{}
}

// canPayPair is payment's answer for an activation of u (and v on a
// Multiple space; -1: none) with the DefaultPayment, without working out
// the tokens.
func (s *State) canPayPair(side, u, v int, reduce bool) bool {
	pu := s.prof(u)
	have := &s.orders[side]
	left := 0
	if v < 0 {
		for c := range len(s.g.colours) {
			h := int(have[c]) - int(pu.Cost[c])
			if h < 0 {
				return false
			}
			left += h
		}
		return reduce || left >= int(pu.Any)
	}
	pv := s.prof(v)
	for c := range len(s.g.colours) {
		h := int(have[c]) - int(pu.Cost[c]) - int(pv.Cost[c])
		if h < 0 {
			return false
		}
		left += h
	}
	return reduce || left >= int(pu.Any)+int(pv.Any)
}

// withGain appends activation d, once per colour on a temporisation space
// (R-ACT-6: the colour gained is the player's choice).
func (s *State) withGain(d Decision, buf []Decision) []Decision {
	if !s.g.spaces[d.Space].tempo {
		return append(buf, d)
	}
	for c := range s.g.colours {
		d.Colour = int8(c)
		buf = append(buf, d)
	}
	return buf
}

func (s *State) legalExchanges(base Decision, buf []Decision) []Decision {
	o := &s.orders[s.toAct]
	nc := len(s.g.colours)
	for a := range nc {
		for b := a; b < nc; b++ {
			if (a == b && o[a] < 2) || o[a] < 1 || o[b] < 1 {
				continue
			}
			for c := range nc {
				if c == a || c == b {
					continue // giving a colour back for itself changes nothing
				}
				d := base
				d.Kind, d.Colour, d.Give2, d.Take = Exchange, int8(a), int8(b), int8(c)
				buf = append(buf, d)
			}
		}
	}
	return buf
}

func (s *State) legalInActivation(base Decision, buf []Decision) []Decision {
	g := s.g
	u := int(s.act.unit)
	base.Unit = s.act.unit
	rem := s.act.remaining
	start := len(buf)
	if g.units[u].minis == 1 {
		moves := s.singleMoves(u)
		for i, run := range [2]bool{false, true} {
			r := &moves[i]
			for t := r.Next(0); t != hex.None; t = r.Next(t + 1) {
				d := base
				d.Kind, d.Tile, d.Run = Move, t, run
				buf = append(buf, d)
			}
		}
	} else {
		for _, run := range [2]bool{false, true} {
			need := aMove
			if run {
				need = aRun
			}
			if rem&need == 0 {
				continue
			}
			n := s.allowance(u, run)
			if n == 0 {
				continue
			}
			s.formationMoves(u, n, func(a, b hex.Tile) bool {
				d := base
				d.Kind, d.Tile, d.Tile2, d.Run = Move, a, b, run
				buf = append(buf, d)
				return true
			})
		}
	}
	if n := s.pathAllowance(u); len(buf) > start && s.reactionsNear(u, n) {
		s.fillBotPaths(u, buf[start:], n) // BotPathChoice
	}
	return s.legalAfterMoves(base, buf)
}

// pathAllowance bounds the moves of the active unit u this activation
// offers: the bots plan their paths once for all of them.
func (s *State) pathAllowance(u int) int {
	if s.act.remaining&aRun != 0 {
		return s.allowance(u, true)
	}
	return s.allowance(u, false)
}

// singleMoves is the tiles the active single miniature u may move to
// with its Move action and with its Run action, as far as its activation
// still offers them.
func (s *State) singleMoves(u int) (moves [2]hex.Mask) {
	rem := s.act.remaining
	from := s.units[u].tiles[0]
	var blocked hex.Mask
	var n [2]int
	for i, run := range [2]bool{false, true} {
		need := aMove
		if run {
			need = aRun
		}
		if rem&need == 0 {
			continue
		}
		n[i] = s.allowance(u, run)
		if n[i] == 0 {
			continue
		}
		if i == 0 || n[0] == 0 {
			blocked = s.blockedFor(u)
		}
		if i == 1 && n[0] > 0 && n[1] >= n[0] {
			// The Run's flood goes on from the Move's.
			seen := moves[0]
			seen.Set(from)
			moves[1] = s.g.grid.Expand(seen, n[1]-n[0], &blocked)
			moves[1].Clear(from)
			continue
		}
		moves[i] = s.g.grid.Reach(from, n[i], &blocked)
	}
	return moves
}

// legalAfterMoves appends the decisions of an activation that Legal
// lists after its moves: shots, fights, Hide, skills and the end.
func (s *State) legalAfterMoves(base Decision, buf []Decision) []Decision {
	g := s.g
	u := int(s.act.unit)
	rem := s.act.remaining
	var targets uint32 // shootable
	if rem&aShoot != 0 {
		targets = s.shootable(u)
	}
	if targets != 0 {
		for t := range g.units {
			if targets&(1<<uint(t)) != 0 {
				d := base
				d.Kind, d.Target = Shoot, int8(t)
				buf = append(buf, d)
				if rem&aAim != 0 {
					d.Aim = true
					buf = append(buf, d)
				}
			}
		}
	}
	if rem&aFight != 0 {
		for t := range g.units {
			if g.units[t].side != g.units[u].side && s.inPlay(t) && s.adjacentTo(u, t) {
				d := base
				d.Kind, d.Target = Fight, int8(t)
				buf = append(buf, d)
			}
		}
	}
	if rem&aHide != 0 && s.canHide(u) {
		d := base
		d.Kind = Hide
		buf = append(buf, d)
	}
	buf = s.legalSkills(base, buf)
	// partsValid, with the shots worked out above
	if s.act.done > 0 || (targets == 0 && s.partsValidScreened(u, rem&^aShoot, 0) == 0) {
		d := base
		d.Kind = EndActivation
		buf = append(buf, d)
	}
	return buf
}

func (s *State) legalSkills(base Decision, buf []Decision) []Decision {
	u := int(s.act.unit)
	p := s.prof(u)
	for i := range p.effects {
		r := s.skillRef(u, i)
		if r == nil || s.act.skills&(1<<uint(i)) != 0 || !s.condition(u, r.eff.Condition) {
			continue
		}
		d := base
		d.Kind, d.Skill = UseSkill, int8(i)
		if r.choose == "" && r.moveMax == 0 {
			buf = append(buf, d)
			continue
		}
		for v := range s.g.units {
			if r.choose != "" && (!s.selects(u, int(s.toAct), r.choose, r.within, v) || (r.sight && !s.sees(u, v))) {
				continue
			}
			if r.choose == "" && v != u {
				continue
			}
			d.Target = int8(v)
			if r.moveMax == 0 {
				buf = append(buf, d)
				continue
			}
			start := len(buf)
			if s.g.units[v].minis != 1 { // both miniatures may move (R-FORM-2)
				s.formationMoves(v, r.moveMax, func(a, b hex.Tile) bool {
					d.Tile, d.Tile2 = a, b
					buf = append(buf, d)
					return true
				})
				d.Tile2 = hex.None
			} else {
				blocked := s.blockedFor(v)
				reach := s.g.grid.Reach(s.units[v].tiles[0], r.moveMax, &blocked)
				for t := reach.Next(0); t != hex.None; t = reach.Next(t + 1) {
					d.Tile = t
					buf = append(buf, d)
				}
			}
			if len(buf) > start && s.reactionsNear(v, r.moveMax) {
				s.fillBotPaths(v, buf[start:], r.moveMax) // BotPathChoice
			}
		}
	}
	return buf
}

// formationMoves calls f with each legal move of Formation u (hex.None
// for a miniature that stays) until f returns false (R-FORM-2).
//
// The miniatures move one after the other (FormationMoveOrder): for each
// order, the first one goes to a tile a it can reach with its twin in
// place, then the twin goes to a tile b next to a that it can reach
// without crossing a. With the twin's distances d (computed once, a not
// blocked), b is reachable around a when d(b) <= d(a) (no shortest path
// to b passes a), or through a neighbour c of b with d(c) <= d(a) and
// d(c) < n; only the remaining pairs need a flood with a blocked.
func (s *State) formationMoves(u, n int, f func(a, b hex.Tile) bool) {
	s.formationMovesTo(u, n, f, nil)
}

// formationMovesTo is formationMoves; with pairs not nil it appends the
// moves there instead of calling f (no call per move).
func (s *State) formationMovesTo(u, n int, f func(a, b hex.Tile) bool, pairs *[][2]hex.Tile) {
	var out [][2]hex.Tile
	if pairs != nil {
		out = *pairs
		defer func() { *pairs = out }()
	}
	g := s.g
	grid := g.grid
	t := [2]hex.Tile{s.units[u].tiles[0], s.units[u].tiles[1]}
	blocked := s.blockedFor(u)
	var done [hex.MaxTiles]uint8 // pairs already given: first tile, direction bit
	var db [hex.MaxTiles]int8
	var within [16]hex.Mask // the twin's tiles within k tiles, when n < 16
	for order := range 2 {
		a0, b0 := order, 1-order
		m := blocked
		m.Set(t[b0])
		ra := grid.Reach(t[a0], n, &m)
		ra.Set(t[a0])
		if n < len(within) {
			grid.DistancesWithin(t[b0], n, &blocked, &db, within[:])
		} else {
			grid.Distances(t[b0], n, &blocked, &db)
		}
		for a := ra.Next(0); a != hex.None; a = ra.Next(a + 1) {
			var exact hex.Mask // the twin's reach with a blocked, when needed
			haveExact := false
			da := db[a]
			for dir, b := range grid.Neighbours(a) {
				if b == hex.None || blocked.Has(b) {
					continue
				}
				// the pair in miniature order, and its direction
				p0, p1, d := a, b, dir
				if order == 1 {
					p0, p1, d = b, a, (dir+3)%6
				}
				if (p0 == t[0] && p1 == t[1]) || done[p0]&(1<<uint(d)) != 0 {
					continue // no move, or already listed in the other order
				}
				if b != t[b0] {
					dbb := db[b]
					if dbb < 0 {
						continue // out of the twin's reach
					}
					ok := da < 0 || dbb <= da
					if !ok {
						for _, c := range grid.Neighbours(b) {
							if c != hex.None && c != a && db[c] >= 0 && db[c] <= da && db[c]+1 <= int8(n) {
								ok = true
								break
							}
						}
					}
					if !ok {
						if !haveExact {
							mb := blocked
							mb.Set(a)
							if n < len(within) {
								// The twin reaches the tiles within
								// da as before (a is at da, on none
								// of their shortest paths); a flood
								// goes on from there.
								w := within[da]
								w.Clear(a)
								exact = grid.Expand(w, n-int(da), &mb)
							} else {
								exact = grid.Reach(t[b0], n, &mb)
							}
							haveExact = true
						}
						if !exact.Has(b) {
							continue
						}
					}
				}
				done[p0] |= 1 << uint(d)
				d0, d1 := p0, p1
				if d0 == t[0] {
					d0 = hex.None
				}
				if d1 == t[1] {
					d1 = hex.None
				}
				if pairs != nil {
					out = append(out, [2]hex.Tile{d0, d1})
				} else if !f(d0, d1) {
					return
				}
			}
		}
	}
}
