package engine

import "wbtool.dev/wbtool/engine/hex"

// Legal appends to buf every decision the player to act may take now, in a
// fixed order, and returns it. It does not allocate when buf has room. A
// finished game has no legal decision.
func Legal(s *State, buf []Decision) []Decision {
	buf = buf[:0]
	side := s.toAct
	base := Decision{Side: side, Unit: -1, Space: -1, Target: -1, Tile: hex.None, Tile2: hex.None, Colour: -1, Give2: -1, Take: -1, Skill: -1}
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

func (s *State) legalDeploy(base Decision, buf []Decision) []Decision {
	u := s.deployUnit()
	if u < 0 {
		return buf
	}
	z := s.g.zones[s.toAct]
	if z.Empty() {
		z = s.g.grid.All()
	} else if !s.pathUsed[s.toAct] {
		z = s.g.deployZone[s.toAct]
	}
	for t := z.Next(0); t != hex.None; t = z.Next(t + 1) {
		if !s.freeTile(t) {
			continue
		}
		d := base
		d.Kind, d.Unit, d.Tile = DeployUnit, int8(u), t
		if s.g.units[u].minis == 2 {
			d.Tile2 = hex.None
			for _, n := range s.g.grid.Neighbours(t) {
				if n != hex.None && s.freeTile(n) && (d.Tile2 == hex.None || (z.Has(n) && !z.Has(d.Tile2))) {
					d.Tile2 = n
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

func (s *State) legalActivations(base Decision, buf []Decision) []Decision {
	g := s.g
	period := g.periodOf[s.turn]
	for u := range g.units {
		if g.units[u].side != s.toAct || !s.inPlay(u) {
			continue
		}
		var all actionSet
		for i := range g.spaces {
			if !s.spaces[i].taken && g.spaces[i].period <= period {
				all |= g.spaces[i].actions
			}
		}
		valid := s.partsValid(u, all)
		if valid == 0 {
			continue
		}
		for i := range g.spaces {
			sp := &g.spaces[i]
			if s.spaces[i].taken || sp.period > period || sp.actions&valid == 0 {
				continue
			}
			d := base
			d.Kind, d.Unit, d.Space = Activate, int8(u), int8(i)
			if _, ok := s.payment(int(s.toAct), u, i, &d.Pay); !ok {
				continue
			}
			if sp.tempo {
				for c := range g.colours {
					d.Colour = int8(c)
					buf = append(buf, d)
				}
				continue
			}
			buf = append(buf, d)
		}
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
		if g.units[u].minis == 1 {
			blocked := s.blockedFor(u)
			r := g.grid.Reach(s.units[u].tiles[0], n, &blocked)
			for t := r.Next(0); t != hex.None; t = r.Next(t + 1) {
				d := base
				d.Kind, d.Tile, d.Run = Move, t, run
				buf = append(buf, d)
			}
		} else {
			s.formationMoves(u, n, func(a, b hex.Tile) bool {
				d := base
				d.Kind, d.Tile, d.Tile2, d.Run = Move, a, b, run
				buf = append(buf, d)
				return true
			})
		}
	}
	if rem&aShoot != 0 && s.prof(u).Near > 0 {
		for t := range g.units {
			if g.units[t].side != g.units[u].side && s.inPlay(t) && s.shootCode(u, t) == "" {
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
	buf = s.legalSkills(base, buf)
	if s.act.done > 0 || s.partsValid(u, rem) == 0 {
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
			if s.g.units[v].minis != 1 {
				continue // effect moves carry single miniatures only
			}
			blocked := s.blockedFor(v)
			reach := s.g.grid.Reach(s.units[v].tiles[0], r.moveMax, &blocked)
			for t := reach.Next(0); t != hex.None; t = reach.Next(t + 1) {
				d.Tile = t
				buf = append(buf, d)
			}
		}
	}
	return buf
}

// formationMoves calls f with each legal move of Formation u (hex.None
// for a miniature that stays) until f returns false (R-FORM-2).
func (s *State) formationMoves(u, n int, f func(a, b hex.Tile) bool) {
	g := s.g
	t0, t1 := s.units[u].tiles[0], s.units[u].tiles[1]
	blocked := s.blockedFor(u)
	r0 := g.grid.Reach(t0, n, &blocked)
	r1 := g.grid.Reach(t1, n, &blocked)
	r0.Set(t0)
	r1.Set(t1)
	for a := r0.Next(0); a != hex.None; a = r0.Next(a + 1) {
		for _, b := range g.grid.Neighbours(a) {
			if b == hex.None || !r1.Has(b) || (a == t0 && b == t1) {
				continue
			}
			if s.moveOK(u, [2]hex.Tile{a, b}, n) != "" {
				continue
			}
			da, db := a, b
			if da == t0 {
				da = hex.None
			}
			if db == t1 {
				db = hex.None
			}
			if !f(da, db) {
				return
			}
		}
	}
}
