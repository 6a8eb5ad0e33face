package wsengine

// pick is RandomBot's choice without listing every legal decision: on a
// go it draws a figure (or the pass), then one of that figure's options,
// then one decision of that option (a move along one of Legal's sampled
// lines, a shot among the shots from its end), and builds only that one.
// An option with nothing legal is dropped and another drawn, a figure with
// nothing legal likewise. The draw is not uniform over Legal's list: each
// figure weighs as much as its options (six) against one for the pass,
// and each option as much as the others. The post-combat move is drawn the
// same way; other pending decisions are few and listed (ok is false: the
// caller lists them and calls Choose).
func (b *RandomBot) pick(s *State, buf []Decision) (d Decision, out []Decision, ok bool) {
	switch s.pend {
	case pendGo, pendFree:
		return b.pickGo(s, buf)
	case pendPostMove:
		return b.pickPostMove(s), buf, true
	}
	return d, buf, false
}

// pickWeight is a figure's weight against the pass's 1 in pickGo.
const pickWeight = 6

func (b *RandomBot) pickGo(s *State, buf []Decision) (Decision, []Decision, bool) {
	var figs [MaxFigs]int8
	n := 0
	for f := range s.n {
		if s.pend == pendFree && f == s.free || s.pend == pendGo && s.canActivate(f) {
			figs[n] = f
			n++
		}
	}
	passOK := s.pend == pendFree || (s.goes > 0 || s.g.Scenario == Invasion) && !s.g.multi()
	for n > 0 {
		total := n * pickWeight
		if passOK {
			total++
		}
		k := b.r.IntN(total)
		if k >= n*pickWeight {
			break
		}
		i := k / pickWeight
		var d Decision
		var ok bool
		if d, buf, ok = b.pickFig(s, figs[i], buf); ok {
			return d, buf, true
		}
		n--
		figs[i] = figs[n]
	}
	if passOK {
		return NewDecision(Pass, s.toAct, NoFig), buf, true
	}
	return Decision{}, buf, false
}

// pickFig draws one activation of f (see legalFig for what is sampled).
func (b *RandomBot) pickFig(s *State, f int8, buf []Decision) (Decision, []Decision, bool) {
	fig := &s.figs[f]
	base := NewDecision(Activate, fig.Side, f)
	switch {
	case fig.has(fReserve):
		base.Option = Arrive
		p, ok := s.arrivalPoint(f)
		base.Path = Line(p)
		return base, buf, ok
	case fig.has(fStunned):
		base.Option = AimedShot // it does nothing (WS-ACT-6 c)
		return base, buf, true
	case s.has(f, Frenzied) && s.frenzyTarget(f): // WS-BUILD-37
		return b.pickCharge(s, base, buf)
	}
	var opts [7]Option
	n := 0
	for _, o := range [...]Option{MoveShoot, AimedShot, TakeCover, MoveOverwatch, Run, Charge} {
		if o != MoveOverwatch || s.prof(f).Ranged() {
			opts[n] = o
			n++
		}
	}
	if s.g.Scenario == Invasion && !s.has(f, Incapable) && s.touchedObjective(f) >= 0 {
		opts[n] = Sabotage
		n++
	}
	for n > 0 {
		i := b.r.IntN(n)
		o := opts[i]
		var d Decision
		ok := false
		switch o {
		case AimedShot, TakeCover:
			buf = s.withShots(f, base, o, fig.P, buf[:0])
			if s.prof(f).Powers != 0 {
				for j := range min(2, len(buf)) {
					buf = s.withPowers(f, buf[j], fig.P, buf)
				}
			}
			d, ok = buf[b.r.IntN(len(buf))], true
		case MoveShoot, MoveOverwatch, Run:
			d, buf, ok = b.pickMove(s, base, o, buf)
		case Charge:
			d, buf, ok = b.pickCharge(s, base, buf)
		case Sabotage:
			d, ok = base, true
			d.Option = Sabotage
		}
		if ok {
			return d, buf, true
		}
		n--
		opts[i] = opts[n]
	}
	return Decision{}, buf, false
}

// pickMove draws a move of option o along one of the sampled lines that
// allows one, and for Move & Shoot a shot from its end.
func (b *RandomBot) pickMove(s *State, base Decision, o Option, buf []Decision) (Decision, []Decision, bool) {
	f := base.Fig
	dirs := s.directions(f)
	for n := len(dirs); n > 0; n-- {
		i := b.r.IntN(n)
		p, ok := s.reach(f, dirs[i], s.allowance(f, o))
		dirs[i] = dirs[n-1]
		if !ok {
			continue
		}
		d := base
		d.Option, d.Path = o, Line(p)
		if o != MoveShoot {
			return d, buf, true
		}
		buf = s.withShots(f, d, MoveShoot, p, buf[:0])
		return buf[b.r.IntN(len(buf))], buf, true
	}
	return Decision{}, buf, false
}

// pickCharge draws a charge at one of the enemies f sees and can reach.
func (b *RandomBot) pickCharge(s *State, base Decision, buf []Decision) (Decision, []Decision, bool) {
	f := base.Fig
	var ts [MaxFigs]int8
	n := 0
	for t := range s.n {
		if s.inPlay(t) && s.enemies(f, t) {
			ts[n] = t
			n++
		}
	}
	for ; n > 0; n-- {
		i := b.r.IntN(n)
		t := ts[i]
		ts[i] = ts[n-1]
		if !s.sees(f, t) {
			continue
		}
		if pa, ok := s.chargePath(f, t); ok {
			d := base
			d.Option, d.Target, d.Path = Charge, t, pa
			return d, buf, true
		}
	}
	return Decision{}, buf, false
}

// pickPostMove draws the 2" move after a combat: none, or a move along
// one of the sampled lines.
func (b *RandomBot) pickPostMove(s *State) Decision {
	f := s.act.postFig
	d := NewDecision(PostMove, s.toAct, f)
	dirs := s.directions(f)
	if b.r.IntN(len(dirs)+1) == 0 {
		return d
	}
	for n := len(dirs); n > 0; n-- {
		i := b.r.IntN(n)
		if p, ok := s.reach(f, dirs[i], 2); ok {
			d.Path = Line(p)
			return d
		}
		dirs[i] = dirs[n-1]
	}
	return d
}
