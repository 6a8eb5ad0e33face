package cvengine

import (
	"fmt"
	"slices"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
)

// Choices are the defenders' decisions of the siege period: the section
// the Heretic names (C-HERO-4, "" for none) and the Oracle's moves at
// stage 11 (C-HERO-2); Oracle is asked each round and may return none.
type Choices struct {
	Heretic string
	Oracle  func(s *State, round int) []cvcatalog.OracleMove
	// Sides are the enemy cards drawn, in order; nil draws from the
	// shuffled enemy deck.
	Sides []string
}

// SiegePeriod plays the siege period to the end of the turn (C-SIEGE-1):
// the preparation step, the assault rounds of stages 1–13 and stage 14
// (C-SIEGE-4), the destruction of sections at 0 (C-FORT-16), the pillage
// (C-SIEGE-8), the end of the scenario (C-END-1), then the next turn's
// preparation period.
func (r *Rules) SiegePeriod(s *State, d Dice, ch Choices) error {
	if s.Period != Siege {
		return refuse("not-siege", "the action period is not over")
	}
	s.Events = nil
	clear(s.Breached)
	s.Killed = 0
	if err := r.prepare(s, d, ch); err != nil {
		return err
	}
	rounds := r.C.Limits.AssaultRounds
	for round := 1; round <= rounds && s.EnemiesOnBoard() > 0; round++ {
		s.say("assault round %d", round)
		for _, st := range r.C.Stages.List[:13] {
			if err := r.stage(s, d, ch, st, round); err != nil {
				return err
			}
		}
		// C-SIEGE-9 (Decision): at half the wave or less, the rest withdraw.
		if n := s.EnemiesOnBoard(); n > 0 && 2*n <= s.WaveSize {
			s.say("morale breaks: %d enemy units withdraw (C-SIEGE-9)", n)
			r.clearEnemies(s)
		}
		r.track(s)
	}
	// C-SIEGE-6: stage 14 is to be defined; it does nothing meanwhile.
	s.say("stage 14 (loyalty): to be defined (C-SIEGE-6), no effect")
	// C-FORT-16 (Decision): a section at Resistance 0 falls to the Barrier.
	for i := range s.Sections {
		if sec := &s.Sections[i]; sec.Level > 0 && sec.Res == 0 {
			sec.Level = 0
			s.say("section %s falls to the Barrier (C-FORT-16)", r.C.Sections[i].ID)
			r.unmount(s, i)
		}
	}
	r.pillage(s)
	r.track(s)
	// C-END-1 (Decision): lost when the Keep falls below 1 or no defender is
	// left; won at the end of the last turn.
	keep := r.building["keep"]
	switch {
	case s.Buildings[keep] < 1:
		s.Lost, s.Period = true, Over
		s.say("the Keep has fallen: the scenario is lost (C-END-1)")
	case s.Defenders() == 0:
		s.Lost, s.Period = true, Over
		s.say("no defender is left: the scenario is lost (C-END-1)")
	case s.Turn >= s.Turns:
		s.Won, s.Period = true, Over
		s.say("turn %d survived: the scenario is won (C-END-1)", s.Turn)
	default:
		r.startTurn(s, false)
	}
	return nil
}

// prepare is the siege's preparation step (C-SIEGE-3): the Heretic names
// a section, the wave comes into the deployment zones.
func (r *Rules) prepare(s *State, d Dice, ch Choices) error {
	if p := r.hero(s, "sectionFirepower"); p >= 0 && ch.Heretic != "" {
		i, ok := r.section[ch.Heretic]
		if !ok {
			return refuse("unknown", "no section %q", ch.Heretic)
		}
		h := r.C.Hero(s.Heroes[p])
		for u, unit := range r.C.Units {
			if unit.Ranged() && s.Sections[i].Units[u] > 0 {
				s.Sections[i].Bonus[u] += h.Ability.Amount
			}
		}
		s.say("the Heretic names section %s: its ranged units +%d RFS (C-HERO-4)", ch.Heretic, h.Ability.Amount)
	}
	w := r.scenario(s.Scenario).Wave(s.Turn)
	if w == nil {
		return nil
	}
	sides := ch.Sides
	if sides == nil {
		deck := slices.Clone(cvcatalog.Sides)
		for i := len(deck) - 1; i > 0; i-- {
			j := i - d.Intn(i+1)
			deck[i], deck[j] = deck[j], deck[i]
		}
		sides = deck[:min(w.Sides, len(deck))]
	}
	assault := r.enemy[w.Assault]
	for _, sd := range sides {
		side, ok := r.side[sd]
		if !ok {
			return refuse("unknown", "no side %q", sd)
		}
		z := &s.Zones[side]
		for q := 0; q < w.Squads; q++ {
			need := 1 + len(w.Support)
			if r.left(s, "enemies") < need {
				s.say("no enemy token left: the wave is cut short (C-COMP-2)")
				break
			}
			sq := Squad{Assault: assault, Side: side, Via: r.via(side, q)}
			for _, id := range w.Support {
				sq.Support = append(sq.Support, r.enemy[id])
			}
			z.Deploy = append(z.Deploy, sq)
			s.WaveSize += need
		}
		for _, id := range sortedKeys(w.Engines) {
			for n := 0; n < w.Engines[id]; n++ {
				if r.left(s, "siegeEngines") <= 0 {
					break
				}
				z.Engines = append(z.Engines, r.engine[id])
			}
		}
		s.say("the wave comes at %s: %d squads", sd, len(z.Deploy))
	}
	r.track(s)
	return nil
}

// via is the ring section squad q of a side crosses (C-DITCH-7): X1 and X2
// in turn, the odd one at X1.
func (r *Rules) via(side, q int) int {
	id := fmt.Sprintf("%s%d", cvcatalog.Sides[side], 1+q%2)
	if i, ok := r.ring[id]; ok {
		return i
	}
	return -1
}

// wallOf is the wall section facing side.
func (r *Rules) wallOf(side int) int {
	for i, sec := range r.C.Sections {
		if sec.Kind == "wall" && slices.Contains(sec.Faces, cvcatalog.Sides[side]) {
			return i
		}
	}
	return 0
}

func (r *Rules) clearEnemies(s *State) {
	for i := range s.Zones {
		s.Zones[i].Deploy, s.Zones[i].Assault = nil, nil
	}
	for i := range s.Sections {
		s.Sections[i].Squads = nil
	}
}

// hit rolls a d6 against need (a 1 always misses, a 6 always hits).
func hit(d Dice, need int) (bool, int, error) {
	f, err := d.D6()
	if err != nil {
		return false, 0, err
	}
	return f != 1 && (f == 6 || f >= need), f, nil
}

// engineShot is a siege engine's shot at stage st: how much a hit does
// (1, or a d3 when the stage says so, C-DEF-8), 0 for a miss.
func engineShot(d Dice, st cvcatalog.Stage, need int) (int, error) {
	ok, _, err := hit(d, need)
	if err != nil || !ok {
		return 0, err
	}
	if st.Damage == "d3" {
		return d.D3()
	}
	return 1, nil
}

// removeEnemy takes one enemy unit from squads: a support unit before an
// assault unit, from the largest squad first.
func removeEnemy(sq []Squad) bool {
	best := -1
	for i := range sq {
		if sq[i].Size() > 0 && (best < 0 || sq[i].Size() > sq[best].Size()) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	q := &sq[best]
	if len(q.Support) > 0 {
		q.Support = q.Support[:len(q.Support)-1]
	} else {
		q.Assault = -1
	}
	return true
}

// removeDefender takes one defender from a section: the first type held.
func removeDefender(sec *Section) bool {
	for u := range sec.Units {
		if sec.Units[u] > 0 {
			sec.Units[u]--
			return true
		}
	}
	return false
}

// damage removes n Resistance from section i: the gate first on the N
// wall (C-FORT-12), one defender when none is left (C-SIEGE-5).
func (r *Rules) damage(s *State, i, n int) {
	sec := &s.Sections[i]
	for ; n > 0; n-- {
		switch {
		case sec.Gate > 0:
			sec.Gate--
		case sec.Res > 0:
			sec.Res--
		default:
			removeDefender(sec)
		}
	}
}

// targets are the squads section i's units may shoot at (C-FORT-4,
// C-FORT-9): the assault zones it faces, the deployment zones too from a
// tower above the Barrier; and the squads attached to it.
func (r *Rules) targets(s *State, i int) []*[]Squad {
	out := []*[]Squad{&s.Sections[i].Squads}
	for _, f := range r.C.Sections[i].Faces {
		z := &s.Zones[r.side[f]]
		out = append(out, &z.Assault)
		if r.level(s, i).ShootDeployment {
			out = append(out, &z.Deploy)
		}
	}
	return out
}

func (r *Rules) stage(s *State, d Dice, ch Choices, st cvcatalog.Stage, round int) error {
	if round == 1 {
		if err := r.resolvePending(s, d, st.Number); err != nil {
			return err
		}
	}
	switch st.Effect {
	case "defenderEngines": // stage 3 (C-ENGINE-1, C-FORT-6)
		return r.fireEngines(s, d, st)
	case "defendersShoot": // stage 1
		for i := range s.Sections {
			lv := r.level(s, i)
			for u, unit := range r.C.Units {
				for n := 0; n < s.Sections[i].Units[u] && unit.Ranged(); n++ {
					ts := r.targets(s, i)
					if !slices.ContainsFunc(ts, func(q *[]Squad) bool { return anyUnit(*q) }) {
						break
					}
					rfs := unit.RFS + lv.DefenderRangedRFS + s.Sections[i].Bonus[u]
					ok, _, err := hit(d, st.HitOn-rfs)
					if err != nil {
						return err
					}
					if ok {
						for _, q := range ts {
							if removeEnemy(*q) {
								s.Killed++
								break
							}
						}
					}
				}
			}
		}
	case "enemyShoot": // stage 2
		for side := range s.Zones {
			w := r.wallOf(side)
			lv := r.level(s, w)
			// the squads in the assault zone, attached to the wall or not
			shooters := slices.Concat(s.Zones[side].Assault, s.Sections[w].Squads)
			for _, q := range shooters {
				if q.Side != side {
					continue
				}
				for _, e := range q.units() {
					en := &r.C.Enemies[e]
					if en.RFS == 0 || s.Sections[w].Defenders() == 0 {
						continue
					}
					ok, _, err := hit(d, st.HitOn-(en.RFS+lv.EnemyRangedRFS))
					if err != nil {
						return err
					}
					if ok {
						removeDefender(&s.Sections[w])
					}
				}
			}
		}
	case "enemyEngines": // stage 4
		for side := range s.Zones {
			w := r.wallOf(side)
			for _, e := range s.Zones[side].Engines {
				if r.C.Engines[e].RFS == 0 {
					continue
				}
				n, err := engineShot(d, st, st.HitOn-r.C.Engines[e].RFS)
				if err != nil {
					return err
				}
				if n == 0 {
					continue
				}
				r.damage(s, w, n)
				s.say("a %s hits section %s: %d Resistance", r.C.Engines[e].ID, r.C.Sections[w].ID, n)
			}
		}
	case "advance": // stage 5 (C-DITCH-4, -5, -6, -7)
		for side := range s.Zones {
			z := &s.Zones[side]
			var stay, enter []Squad
			for _, q := range z.Deploy {
				if q.Via >= 0 && s.Ring[q.Via] > 0 && !q.Slowed {
					q.Slowed = true
					stay = append(stay, q)
					continue
				}
				enter = append(enter, q)
			}
			// C-DITCH-6: the loss is counted per crossing: the units that
			// cross one moat section at this stage together.
			for g := range r.C.Ring {
				if s.Ring[g] == 2 {
					s.Killed += r.moatLoss(enter, g)
				}
			}
			for _, q := range enter {
				if q.Size() > 0 {
					z.Assault = append(z.Assault, q)
				}
			}
			z.Deploy = stay
		}
	case "formSquads": // stage 6 (C-DEF-4)
		for side := range s.Zones {
			z := &s.Zones[side]
			w := r.wallOf(side)
			var wait []Squad
			for _, q := range z.Assault {
				if len(s.Sections[w].Squads) < r.C.Limits.SquadsPerSection && q.Size() > 0 {
					s.Sections[w].Squads = append(s.Sections[w].Squads, q)
				} else if q.Size() > 0 {
					wait = append(wait, q)
				}
			}
			z.Assault = wait
		}
	case "assault": // stages 9 and 10 (C-SIEGE-5)
		for i := range s.Sections {
			sec := &s.Sections[i]
			lv := r.level(s, i)
			for qi := range sec.Squads {
				q := &sec.Squads[qi]
				if q.Assault < 0 {
					continue
				}
				a := &r.C.Enemies[q.Assault]
				st0 := a.ST
				if a.Aerial {
					st0 += lv.EnemyAerialST
				}
				attack := st0
				for _, e := range q.Support {
					attack += r.C.Enemies[e].SU
				}
				f, err := d.D6()
				if err != nil {
					return err
				}
				attack += f
				defence := sec.Res
				if sec.Gate >= 0 {
					defence = sec.Gate // C-FORT-12: the gate first
					if sec.Gate == 0 {
						defence = sec.Res
					}
				}
				for u, unit := range r.C.Units {
					defence += sec.Units[u] * unit.EN
				}
				if attack > defence {
					r.damage(s, i, 1)
					s.say("a squad of %s beats section %s (%d against %d)", a.ID, r.C.Sections[i].ID, attack, defence)
				}
			}
		}
	case "oracle": // stage 11 (C-HERO-2)
		if p := r.hero(s, "moveUnits"); p >= 0 && ch.Oracle != nil {
			h := r.C.Hero(s.Heroes[p])
			moves := ch.Oracle(s, round)
			if len(moves) > h.Ability.Amount {
				return refuse("too-many", "the Oracle moves at most %d units", h.Ability.Amount)
			}
			for _, m := range moves {
				if err := r.oracleMove(s, m); err != nil {
					return err
				}
			}
		}
	case "strikeBack": // stage 12
		for i := range s.Sections {
			sec := &s.Sections[i]
			for u, unit := range r.C.Units {
				for n := 0; n < sec.Units[u] && !unit.Ranged(); n++ {
					if !anyUnit(sec.Squads) {
						break
					}
					ok, _, err := hit(d, st.HitOn)
					if err != nil {
						return err
					}
					if ok && removeEnemy(sec.Squads) {
						s.Killed++
					}
				}
			}
		}
	case "breakSquads": // stage 13 (C-SIEGE-5, C-SIEGE-7)
		for i := range s.Sections {
			sec := &s.Sections[i]
			var keep []Squad
			for _, q := range sec.Squads {
				if q.Assault >= 0 {
					keep = append(keep, q)
				}
			}
			sec.Squads = keep
			down := sec.Res == 0 || sec.Gate == 0
			if down && sec.Defenders() == 0 && len(sec.Squads) > 0 && !s.Breached[i] {
				s.Breached[i] = true
				if s.FirstBreach == 0 {
					s.FirstBreach = s.Turn
				}
				s.say("section %s is breached (C-SIEGE-7)", r.C.Sections[i].ID)
			}
		}
	}
	return nil
}

func (q *Squad) units() []int {
	out := slices.Clone(q.Support)
	if q.Assault >= 0 {
		out = append(out, q.Assault)
	}
	return out
}

func anyUnit(sq []Squad) bool {
	return slices.ContainsFunc(sq, func(q Squad) bool { return q.Size() > 0 })
}

// moatLoss removes the moat's share of the squads crossing ring section
// g (C-DITCH-5, C-DITCH-6): rounded down, support units before assault
// units, the highest loss order first. It returns the units removed.
func (r *Rules) moatLoss(sq []Squad, g int) int {
	n := 0
	for _, q := range sq {
		if q.Via == g {
			n += q.Size()
		}
	}
	n = n * r.C.Moat.LossPercent / 100
	for k := 0; k < n; k++ {
		bq, bi := -1, -1
		for qi := range sq {
			if sq[qi].Via != g {
				continue
			}
			for i, e := range sq[qi].Support {
				if bq < 0 || r.C.Enemies[e].LossOrder > r.C.Enemies[sq[bq].Support[bi]].LossOrder {
					bq, bi = qi, i
				}
			}
		}
		if bq >= 0 {
			sq[bq].Support = slices.Delete(sq[bq].Support, bi, bi+1)
			continue
		}
		for qi := range sq {
			if sq[qi].Via == g && sq[qi].Assault >= 0 {
				sq[qi].Assault = -1
				break
			}
		}
	}
	return n
}

func (r *Rules) oracleMove(s *State, m cvcatalog.OracleMove) error {
	u, ok := r.unit[m.Unit]
	if !ok {
		return refuse("unknown", "no unit type %q", m.Unit)
	}
	from, err := r.sectionOf(m.From)
	if err != nil {
		return err
	}
	to, err := r.sectionOf(m.To)
	if err != nil {
		return err
	}
	if s.Sections[from].Units[u] == 0 {
		return refuse("no-unit", "section %s holds no %s", m.From, m.Unit)
	}
	if s.Sections[to].Defenders() >= r.Capacity(s, to) {
		return refuse("over-capacity", "section %s is full (C-HERO-2)", m.To)
	}
	s.Sections[from].Units[u]--
	s.Sections[to].Units[u]++
	// C-HERO-4 (Decision): the Heretic's bonus follows the unit.
	if s.Sections[from].Bonus[u] > 0 && s.Sections[from].Units[u] == 0 {
		s.Sections[to].Bonus[u] = max(s.Sections[to].Bonus[u], s.Sections[from].Bonus[u])
	}
	s.say("the Oracle moves a %s from %s to %s", m.Unit, m.From, m.To)
	return nil
}

// pillage is the pillage step (C-SIEGE-8, Decision): for each breached
// section the bank loses resources, Gold first, and the highest building
// one level, the Keep last.
func (r *Rules) pillage(s *State) {
	keep := r.building["keep"]
	for i, b := range s.Breached {
		if !b {
			continue
		}
		for n := r.C.End.PillageResources; n > 0; {
			took := false
			for k := 3; k >= 0 && n > 0; k-- {
				if s.Bank[k] > 0 {
					s.Bank[k]--
					n--
					took = true
					break
				}
			}
			if !took {
				break
			}
		}
		for n := 0; n < r.C.End.PillageLevels; n++ {
			best := -1
			for j, l := range s.Buildings {
				if l > 0 && j != keep && (best < 0 || l > s.Buildings[best]) {
					best = j
				}
			}
			if best < 0 {
				best = keep
			}
			if s.Buildings[best] > 0 {
				s.Buildings[best]--
			}
		}
		s.say("section %s is pillaged (C-SIEGE-8)", r.C.Sections[i].ID)
	}
}
