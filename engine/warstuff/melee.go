package warstuff

import (
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// Combat steps (activation.cstep).
const (
	cNone    = iota
	cRiposte // the riposte comes next
	cFurious // Furious' second attack comes next
	cEnd     // the end of the combat comes next
)

// combat is a charge's melee (WS-MELEE-2 to 7): the charge attack, then
// combatOn for the riposte, Furious' second attack and the end of the
// combat.
func (s *State) combat(x *ctx, a, t int8, charge bool) error {
	act := &s.act
	act.combat = [2]int8{a, t}
	x.note(EvCharge, a, t, 0, "")
	scareA, err := s.scare(x, a, t) // WS-MELEE-7
	if err != nil {
		return err
	}
	scareT := int8(0)
	if !s.figs[t].has(fStunned) && !s.has(a, HitAndRun) {
		if scareT, err = s.scare(x, t, a); err != nil {
			return err
		}
	}
	act.scare = [2]int8{scareA, scareT}
	if act.d.Suicide && act.fig == a {
		x.note(EvEliminated, a, -1, 0, "suicide")
		s.eliminate(x, a)
		return nil
	}
	if charge && act.d.NoAttack && act.fig == a {
		x.note(EvMiss, a, t, 0, "no-attack") // it may attack (WS-MELEE-2): it does not
	} else if _, err := s.meleeStrike(x, a, t, charge, scareA); err != nil {
		return err
	}
	act.cstep = cRiposte
	if s.hitAndRun() {
		act.cstep = cFurious // WS-MELEE-6: no riposte
	}
	return s.combatOn(x)
}

// hitAndRun reports whether the combat's charger has Hit and Run
// (WS-BUILD-33).
func (s *State) hitAndRun() bool {
	a := s.act.combat[0]
	// it moves after attacking in a charge: one that does not attack is
	// charged back as usual
	return s.has(a, HitAndRun) && s.act.fig == a && !s.act.d.NoAttack
}

// decides reports whether side's player makes its own choices: the
// invasion's creatures follow their rules (WS-INV-7) and take every attack
// they may.
func (s *State) decides(side int8) bool { return !(s.g.Scenario == Invasion && side == 1) }

// canRiposte reports whether the charged figure may riposte now.
func (s *State) canRiposte() bool {
	a, t := s.act.combat[0], s.act.combat[1]
	return s.inPlay(t) && !s.figs[t].has(fStunned) && s.inPlay(a)
}

// canFurious reports whether the charger may make Furious' second attack.
func (s *State) canFurious() bool {
	a, t := s.act.combat[0], s.act.combat[1]
	return s.has(a, Furious) && s.inPlay(a) && !s.figs[a].has(fStunned) && s.inPlay(t)
}

// combatOn carries the combat on from act.cstep: the riposte (WS-MELEE-3)
// and Furious' second attack (WS-MELEE-4) are their player's choice (a
// pending decision), then the end of the combat (WS-MELEE-5) or the Hit and
// Run move (WS-BUILD-33).
func (s *State) combatOn(x *ctx) error {
	act := &s.act
	for act.fig >= 0 && s.pend == pendNone && x.err == nil {
		a, t := act.combat[0], act.combat[1]
		switch act.cstep {
		case cRiposte:
			act.cstep = cFurious
			if !s.canRiposte() {
				continue
			}
			if s.decides(s.figs[t].Side) {
				s.pend, s.toAct = pendRiposte, s.figs[t].Side
				return nil
			}
			if _, err := s.meleeStrike(x, t, a, false, act.scare[1]); err != nil {
				return err
			}
		case cFurious:
			act.cstep = cEnd
			if !s.canFurious() {
				continue
			}
			if s.decides(s.figs[a].Side) {
				s.pend, s.toAct = pendFurious, s.figs[a].Side
				return nil
			}
			if _, err := s.meleeStrike(x, a, t, false, act.scare[0]); err != nil {
				return err
			}
		case cEnd:
			act.cstep = cNone
			return s.combatEnd(x)
		default:
			return nil
		}
	}
	return x.err
}

// combatEnd is the Hit and Run move (WS-BUILD-33), or the end of the
// combat (WS-MELEE-5).
func (s *State) combatEnd(x *ctx) error {
	act := &s.act
	a, t := act.combat[0], act.combat[1]
	if s.hitAndRun() {
		if s.inPlay(a) && !s.figs[a].has(fStunned) && act.d.After.N > 0 {
			if c := s.checkPath(a, &act.d.After, 2, NoFig); c != "" {
				return illegal(c)
			}
			act.extra, act.pway, act.asked = exAfter, 0, 0 // walked by extraMove
		}
		return nil
	}
	// WS-MELEE-5 (revised): the combatants' state at the end of the
	// combat, whenever it began: a target Stunned before the charge counts
	down := func(w int8) bool { return !s.inPlay(w) || s.figs[w].has(fStunned) }
	if down(a) || down(t) {
		for _, w := range [2]int8{a, t} {
			if s.inPlay(w) && !s.figs[w].has(fStunned) {
				act.postFig = w
				s.pend, s.toAct = pendPostMove, s.figs[w].Side
				return nil
			}
		}
		return nil
	}
	if s.inPlay(a) && s.inPlay(t) {
		return s.recoil(x, a, t, 1)
	}
	return nil
}

// strikeBack is the answer to a pending riposte or Furious attack: take
// it (Riposte, FuriousAttack) or not (Decline); the combat goes on.
func (s *State) strikeBack(x *ctx, d *Decision) error {
	act := &s.act
	a, t := act.combat[0], act.combat[1]
	switch {
	case s.pend != pendRiposte && s.pend != pendFurious,
		d.Kind == Riposte && s.pend != pendRiposte, d.Kind == FuriousAttack && s.pend != pendFurious:
		return illegal(ErrNotNow)
	case d.Side != s.toAct:
		return illegal(ErrNotYourTurn)
	}
	striker, victim, scare := t, a, act.scare[1]
	if s.pend == pendFurious {
		striker, victim, scare = a, t, act.scare[0]
	}
	if d.Fig >= 0 && d.Fig != striker {
		return illegal(ErrBadTarget)
	}
	s.pend = pendNone
	if d.Kind != Decline {
		if _, err := s.meleeStrike(x, striker, victim, false, scare); err != nil {
			return err
		}
	}
	return s.combatOn(x)
}

// scare is the morale test of a figure about to attack a Frightening or
// Terrifying enemy (WS-MELEE-7): 0 passed or none, 1 frightened, 2
// terrified.
func (s *State) scare(x *ctx, a, t int8) (int8, error) {
	kind := int8(0)
	switch {
	case s.has(t, Terrifying):
		kind = 2
	case s.has(t, Frightening):
		kind = 1
	default:
		return 0, nil
	}
	ok, err := s.morale(x, a, rallyBest)
	if err != nil || ok {
		return 0, err
	}
	return kind, nil
}

// meleeStrike is one melee attack of a at t (WS-MELEE-2): the charge DB,
// the melee rules (Hand of Fire replaces them, WS-BUILD-28).
func (s *State) meleeStrike(x *ctx, a, t int8, charge bool, scare int8) (bool, error) {
	rules := s.prof(a).Melee
	if s.figs[a].has(fHandOfFire) {
		rules = 1<<Piercing | 1<<Deadly
		s.figs[a].Flags &^= fHandOfFire
	}
	k := attack{rules: rules}
	if charge {
		k.db = 1
	}
	switch scare {
	case 1:
		k.dm = 1
	case 2:
		k.sixOnly = true
	}
	hit, err := s.strike(x, a, t, k)
	if err != nil || !hit || !rules.Has(Chaining) || !charge {
		return hit, err
	}
	prev := t
	for i, next := range s.act.d.Chain { // WS-BUILD-12 in melee: enemies in contact
		if next < 0 || next == prev || next >= s.n || !s.inPlay(next) || !s.enemies(a, next) || s.gap(a, next) > geom.Contact || !s.inPlay(a) {
			break
		}
		k := attack{rules: rules &^ (1 << Chaining), noDB: true, mod: -(i + 1)}
		h, err := s.strike(x, a, next, k)
		if err != nil || !h {
			return hit, err
		}
		prev = next
	}
	return hit, nil
}

// rallyBest: a morale test in the middle of an attack uses the best
// quality among the figure's and its Rallying friends' (see bestRallying).
const rallyBest int8 = -2

// rallies reports whether Rallying figure j may lend f its quality
// (WS-BUILD-45: a friend in play within 9").
func (s *State) rallies(f, j int8) bool {
	return j >= 0 && j < s.n && j != f && s.inPlay(j) && !s.enemies(f, j) && s.has(j, Rallying) && s.gap(f, j) <= 9
}

// morale is a morale test (WS-QUAL-8) against f's own quality (rally is
// NoFig), a Rallying friend's (rally is that friend) or the best of them
// (rallyBest).
func (s *State) morale(x *ctx, f int8, rally int8) (bool, error) {
	switch {
	case s.has(f, Fearless):
		x.note(EvMorale, f, -1, 1, "fearless")
		return true, nil
	case s.figs[f].has(fStunned):
		x.note(EvMorale, f, -1, 0, "stunned")
		return false, nil
	}
	q := s.quality(f)
	switch {
	case rally == rallyBest && bestRallying:
		for j := range s.n {
			if s.rallies(f, j) {
				q = min(q, s.quality(j))
			}
		}
	case rally >= 0:
		q = s.quality(rally)
	}
	ok, _, err := s.test(x, RollMorale, f, 0, 0, 0, q)
	if err != nil {
		return false, err
	}
	n := int16(0)
	if ok {
		n = 1
	}
	x.note(EvMorale, f, -1, n, "")
	return ok, nil
}

// Extra moves (activation.extra).
const (
	exNone  = iota
	exPost  // the 2" move after a combat (WS-MELEE-5)
	exAfter // the Hit and Run move (WS-BUILD-33)
)

// postMove is the 2" move after a combat (WS-MELEE-5, WS-MOVE-6): checked
// now, walked by extraMove.
func (s *State) postMove(x *ctx, d *Decision) error {
	a := &s.act
	f := a.postFig
	if d.Fig != f {
		return illegal(ErrBadTarget)
	}
	s.pend = pendNone
	if d.Path.N == 0 {
		a.postFig = NoFig
		a.stage = stEnd
		return nil
	}
	if c := s.checkPath(f, &d.Path, 2, NoFig); c != "" {
		return illegal(c)
	}
	a.extra, a.post, a.pway, a.asked = exPost, d.Path, 0, 0
	a.stage = stPostMove
	return nil
}

// extraMove walks the move after the combat, if any, asking Overwatch
// first (WS-ALERT-2: any voluntary path move), then ends the activation.
func (s *State) extraMove(x *ctx) error {
	a := &s.act
	if a.extra == exNone {
		a.stage = stEnd
		return nil
	}
	m, pa, way := s.moving()
	if *way < pa.N && s.inPlay(m) && !s.figs[m].has(fStunned) {
		if s.askOverwatch(x) {
			return nil
		}
		if _, err := s.walk(x, m, pa, way, 1e9); err != nil {
			return err
		}
		detail := "post-combat"
		if a.extra == exAfter {
			detail = "hit-and-run"
		}
		x.note(EvMove, m, -1, 0, detail)
	}
	a.extra, a.postFig = exNone, NoFig
	a.stage = stEnd
	return nil
}

// moving is the figure moving now, its path and the waypoint it goes to:
// the activation's move (none when appearing), or the move after the
// combat.
func (s *State) moving() (int8, *Path, *int8) {
	a := &s.act
	switch a.extra {
	case exPost:
		return a.postFig, &a.post, &a.pway
	case exAfter:
		return a.fig, &a.d.After, &a.pway
	}
	if a.spawn {
		return a.fig, &noPath, &a.way
	}
	return a.fig, &a.d.Path, &a.way
}

// noPath is the move of a figure appearing: none.
var noPath Path

// rest is the rest of the mover's path.
func (s *State) rest() (int8, Path) {
	m, pa, way := s.moving()
	var r Path
	for i := *way; i < pa.N; i++ {
		r.W[r.N] = pa.W[i]
		r.N++
	}
	return m, r
}

// watchers reports whether an Overwatch figure of side could shoot the
// moving figure somewhere along the rest of its move (or where it
// appears).
func (s *State) watchers(side int8) bool {
	m, _, _ := s.moving()
	for w := range s.n {
		if s.figs[w].Side == side && s.canWatch(w, m) && len(s.watchPoints(w, 1)) > 0 {
			return true
		}
	}
	return false
}

func (s *State) canWatch(w, m int8) bool {
	f := &s.figs[w]
	return f.Flags&(fInPlay|fOverwatch) == fInPlay|fOverwatch && !f.has(fStunned) &&
		s.enemies(w, m) && s.prof(w).Ranged()
}

// watchShot is the weapon w may shoot the mover with from where it stands
// (flame: the template laid toward it, WS-SHOOT-5), or −1.
func (s *State) watchShot(w, m int8) int8 {
	pr := s.prof(w)
	for wi := range pr.NWeapons {
		if pr.Weapons[wi].Range == RangeFlame {
			if s.flameReaches(w, m, s.figs[m].P.Sub(s.figs[w].P)) {
				return wi
			}
		} else if s.canShoot(w, m, wi, s.figs[w].P) == "" {
			return wi
		}
	}
	return -1
}

// flameReaches reports whether w's template laid along axis covers
// figure m and w sees it (WS-GEOM-9).
func (s *State) flameReaches(w, m int8, axis geom.Vec) bool {
	if axis == (geom.Vec{}) || s.figs[w].has(fStunned) {
		return false
	}
	tp := geom.FlameTemplate(s.figs[w].P, s.radius(w), axis)
	return tp.Gap(s.figs[m].P, s.radius(m)) <= 0 && s.sees(w, m)
}

// watchPoints lists up to n distances along the rest of the move (0 when
// appearing) at which w could shoot the mover, every half inch.
func (s *State) watchPoints(w int8, n int) []float64 {
	var out []float64
	m, rest := s.rest()
	from := s.figs[m].P
	total := pathLen(from, &rest)
	for d := 0.0; d <= total+1e-9 && len(out) < n; d += 0.5 {
		p, _ := pointAt(from, &rest, d)
		s.figs[m].P = p
		if s.watchShot(w, m) >= 0 {
			out = append(out, d)
		}
		s.figs[m].P = from
	}
	return out
}

// askOverwatch waits for the Overwatch decision of the first enemy side
// (in the order of play after the mover's) that has a watcher able to
// shoot and has not let this move go.
func (s *State) askOverwatch(x *ctx) bool {
	m, _, _ := s.moving()
	for k := int8(1); k < s.g.sides(); k++ {
		side := s.sideAfter(s.figs[m].Side, k)
		if s.act.asked&(1<<side) == 0 && s.watchers(side) {
			s.pend, s.toAct = pendOverwatch, side
			return true
		}
	}
	return false
}

// interrupt is an Overwatch shot (WS-ALERT-2 to 5), or letting the mover go.
func (s *State) interrupt(x *ctx, d *Decision) error {
	a := &s.act
	m, pa, way := s.moving()
	if d.Kind == NoInterrupt {
		a.asked |= 1 << s.toAct
		s.pend = pendNone
		return nil
	}
	w := d.Fig
	if w < 0 || w >= s.n || !s.canWatch(w, m) || s.figs[w].Side != s.toAct {
		return illegal(ErrBadTarget)
	}
	if d.At < 0 {
		return illegal(ErrNoShot)
	}
	s.pend = pendNone
	stop := func() { // the move ends here: off any friend's base (WS-MOVE-2)
		s.settle(m)
		if m == a.fig {
			a.ended = true
		}
		a.extra, a.postFig = exNone, NoFig
		a.stage = stEnd
	}
	ok, err := s.walk(x, m, pa, way, d.At)
	if err != nil {
		return err
	}
	if !ok {
		stop()
		return nil
	}
	x.note(EvStop, m, w, 0, "overwatch")
	pr := s.prof(w)
	if d.Weapon < 0 || d.Weapon >= pr.NWeapons {
		return illegal(ErrNoShot)
	}
	s.figs[w].Flags &^= fOverwatch // WS-ALERT-3
	if pr.Weapons[d.Weapon].Range == RangeFlame {
		axis := d.Axis
		if axis == (geom.Vec{}) {
			axis = s.figs[m].P.Sub(s.figs[w].P)
		}
		if !s.flameReaches(w, m, axis) {
			return illegal(ErrBadTarget) // the template must cover the mover (WS-ALERT-5)
		}
		if err := s.flameShot(x, w, d.Weapon, axis, m); err != nil {
			return err
		}
	} else {
		if c := s.canShoot(w, m, d.Weapon, s.figs[w].P); c != "" {
			return illegal(c)
		}
		if err := s.shoot(x, w, m, d.Weapon, false, true, d.Chain); err != nil {
			return err
		}
	}
	if !s.inPlay(m) || s.figs[m].has(fStunned) { // WS-ALERT-4
		stop()
	}
	return nil
}

// checkPower validates a power's use (WS-BUILD-21) from point p.
func (s *State) checkPower(f int8, d *Decision, p geom.Vec) error {
	pw := Power(d.Power - 1)
	if d.Power < 1 || int(pw) >= int(numPowers) || !s.prof(f).Powers.Has(pw) {
		return illegal(ErrNoPower)
	}
	if c := s.powerTarget(f, pw, d.PowerTarget, d.PowerAxis, p); c != "" {
		return illegal(c)
	}
	return nil
}

// powerTarget checks a power's target from the Psyker standing at p.
func (s *State) powerTarget(f int8, pw Power, t int8, axis geom.Vec, p geom.Vec) string {
	spec := PowerSpecs[pw]
	switch pw {
	case HandOfFire:
		return ""
	case ConeOfCold:
		if axis == (geom.Vec{}) {
			return ErrBadTarget
		}
		var buf [MaxFigs]int8
		if _, enemy := s.underTemplateFrom(f, p, axis, buf[:0]); !enemy {
			return ErrBadTarget // a visible enemy under the template (WS-BUILD-21)
		}
		return ""
	}
	if t < 0 || t >= s.n || !s.inPlay(t) {
		return ErrBadTarget
	}
	switch pw {
	case Healing:
		if s.enemies(f, t) {
			return ErrBadTarget
		}
	case Inspiration:
		if t == f || s.enemies(f, t) {
			return ErrBadTarget
		}
	default:
		if !s.enemies(f, t) {
			return ErrNotEnemy
		}
	}
	if t != f {
		if geom.Gap(p, s.radius(f), s.figs[t].P, s.radius(t)) > spec.Range+1e-9 {
			return ErrOutOfRange
		}
		if !s.seesFrom(f, p, t) {
			return ErrNoSight
		}
	}
	return ""
}

// usePower uses the activation's power (WS-BUILD-21 to 30).
func (s *State) usePower(x *ctx) error {
	a := &s.act
	f, d := a.fig, &a.d
	pw := Power(d.Power - 1)
	if s.figs[f].has(fStunned) || s.powerTarget(f, pw, d.PowerTarget, d.PowerAxis, s.figs[f].P) != "" {
		x.note(EvPower, f, d.PowerTarget, 0, PowerSpecs[pw].ID+" lost")
		return nil
	}
	db := 0
	if d.Option == AimedShot {
		db = 1
	}
	ok, err := s.fixed(x, RollPower, f, PowerSpecs[pw].Difficulty, db)
	if err != nil {
		return err
	}
	n := int16(0)
	if ok {
		n = 1
	}
	x.note(EvPower, f, d.PowerTarget, n, PowerSpecs[pw].ID)
	if !ok {
		return nil
	}
	t := d.PowerTarget
	switch pw {
	case MindBlast: // WS-BUILD-22
		passed, err := s.morale(x, t, rallyBest)
		if err != nil || passed {
			return err
		}
		return s.hit(x, t, hitOpts{src: f, aggressor: f, noCover: true, noDefence: true, deadly: true})
	case Fireball:
		var buf [MaxFigs]int8
		around := s.around(t, buf[:0])
		if err := s.hit(x, t, hitOpts{src: f, aggressor: f}); err != nil {
			return err
		}
		return s.blast(x, t, around)
	case Shock:
		v, err := s.roll(x, RollPush, f, 0, 0)
		if err != nil {
			return err
		}
		return s.displace(x, t, s.figs[t].P.Sub(s.figs[f].P), float64(v))
	case ConeOfCold:
		var buf [MaxFigs]int8
		under, enemy := s.underTemplate(f, d.PowerAxis, buf[:0])
		if !enemy {
			return nil
		}
		s.hitOrder(x, f, under)
		for _, u := range under {
			if err := s.hit(x, u, hitOpts{rules: 1 << Paralysing, src: f, aggressor: f}); err != nil {
				return err
			}
		}
	case LightningBolt:
		return s.hit(x, t, hitOpts{rules: 1 << Piercing, src: f, aggressor: f})
	case Inspiration:
		s.free = t
	case HandOfFire:
		s.figs[f].Flags |= fHandOfFire
	case Paralysis:
		return s.stun(x, t)
	case Healing:
		v, err := s.roll(x, RollHeal, f, 0, 0)
		if err != nil {
			return err
		}
		h := min(d3(v), s.figs[t].Wounds)
		s.figs[t].Wounds -= h
		x.note(EvHeal, t, f, int16(h), "healing")
	}
	return nil
}

// checkArrive checks a Teleport arrival point (WS-BUILD-54).
func (s *State) checkArrive(f int8, p geom.Vec) error {
	r := s.radius(f)
	if p.X-r < 0 || p.Y-r < 0 || p.X+r > s.g.Size || p.Y+r > s.g.Size {
		return illegal(ErrOffTable)
	}
	for j := range s.n {
		if s.inPlay(j) && s.enemies(f, j) && geom.Gap(p, r, s.figs[j].P, s.radius(j)) <= 9 {
			return illegal(ErrNearEnemy)
		}
	}
	if s.overlaps(f, p) {
		return illegal(ErrOverlap)
	}
	return nil
}

// arrive is a Teleport arrival (WS-BUILD-54).
func (s *State) arrive(x *ctx) error {
	a := &s.act
	f := a.fig
	fig := &s.figs[f]
	a.begun = true
	ok := fig.has(fTeleAuto)
	if !ok {
		var err error
		if ok, _, err = s.test(x, RollTeleport, f, 0, 0, 0, 0); err != nil {
			return err
		}
	}
	if !ok {
		fig.Flags |= fTeleAuto
		x.note(EvTeleport, f, -1, 0, "failed")
		a.ended, a.stage = true, stEnd
		return nil
	}
	fig.Flags = fig.Flags&^(fReserve|fTeleAuto) | fInPlay
	fig.P = a.d.Path.End(fig.P)
	fig.Z = s.elevationAt(fig.P)
	x.note(EvTeleport, f, -1, 1, "")
	a.spawn = true // its appearance allows Overwatch (WS-ALERT-2)
	return nil
}

// touchedObjective is the first unsabotaged objective f touches, or −1.
func (s *State) touchedObjective(f int8) int {
	for i, o := range s.g.Objectives {
		if s.sab&(1<<i) == 0 && geom.Gap(s.figs[f].P, s.radius(f), o, 0.5) <= geom.Contact {
			return i
		}
	}
	return -1
}

// sabotage is the special activation of WS-INV-10.
func (s *State) sabotage(x *ctx, f int8) error {
	i := s.touchedObjective(f)
	if i < 0 {
		return nil
	}
	mod := 0
	if s.has(f, Tactician) {
		mod = 1
	}
	ok, _, err := s.test(x, RollSabotage, f, 0, 0, mod, 0)
	if err != nil || !ok {
		return err
	}
	s.sab |= 1 << i
	x.note(EvSabotage, f, -1, int16(i+1), "")
	return nil
}

// contactPoint is where f's centre stands when it touches t coming from p
// in a straight line: placeGap from t's base.
func (s *State) contactPoint(f, t int8, p geom.Vec) geom.Vec {
	c := s.figs[t].P
	d := s.radius(f) + s.radius(t) + placeGap
	u := p.Sub(c).Unit()
	if u == (geom.Vec{}) {
		u = geom.Vec{X: 1}
	}
	return c.Add(u.Scale(d))
}

// chargePath is a straight charge of f to t, if legal (WS-MELEE-1).
func (s *State) chargePath(f, t int8) (Path, bool) {
	pa := Line(s.contactPoint(f, t, s.figs[f].P))
	if s.gap(f, t) <= geom.Contact {
		pa.N = 0 // already in contact: it charges with no movement (WS-MOVE-4)
	}
	return pa, s.canCharge(f, t, &pa) == ""
}

// frenzyTarget reports whether a Frenzied figure has an enemy it must
// charge (WS-BUILD-37).
func (s *State) frenzyTarget(f int8) bool {
	for t := range s.n {
		if s.inPlay(t) && s.enemies(f, t) && s.sees(f, t) {
			if _, ok := s.chargePath(f, t); ok {
				return true
			}
		}
	}
	return false
}

// angle helper for placements.
func around(c geom.Vec, d, a float64) geom.Vec {
	return geom.Vec{X: c.X + d*math.Cos(a), Y: c.Y + d*math.Sin(a)}
}
