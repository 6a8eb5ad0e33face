package warstuff

import (
	"slices"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// test is a quality test of figure f (WS-QUAL-2) with bonus and penalty
// dice and a flat modifier; target 0 means the current quality.
func (s *State) test(x *ctx, purpose string, f int8, db, dm, mod int, target int8) (bool, int8, error) {
	if target == 0 {
		target = s.quality(f)
	}
	v, err := s.roll(x, purpose, f, db, dm)
	if err != nil {
		return false, 0, err
	}
	return int(v)+mod >= int(target), v, nil
}

// fixed is a roll against a fixed number (WS-QUAL-6).
func (s *State) fixed(x *ctx, purpose string, f int8, need int8, db int) (bool, error) {
	v, err := s.roll(x, purpose, f, db, 0)
	return v >= need, err
}

// hitOpts describes a hit being resolved (WS-SHOOT-6).
type hitOpts struct {
	rules     AttackRules
	src       int8 // the attacking figure: terrain protection is judged from it; −1 none
	aggressor int8 // recoil away from it; −1 none (WS-WOUND-6)
	shot      bool // a shot (Camouflage, WS-BUILD-34)
	token     bool // the target counts as having a Cover token (Overwatch, WS-ALERT-2)
	noCover   bool // Scoped Aimed Shot, falls, Mind Blast
	noDefence bool // Mind Blast
	deadly    bool // d3 wounds even without the rule (Mind Blast)
}

// hit resolves one hit on t (WS-SHOOT-6).
func (s *State) hit(x *ctx, t int8, o hitOpts) error {
	if !s.inPlay(t) {
		return nil
	}
	x.note(EvHit, t, o.src, 0, "")
	noDef := o.noDefence
	if o.rules.Has(Piercing) {
		ok, err := s.fixed(x, RollPierce, o.src, 4, 0)
		if err != nil {
			return err
		}
		noDef = noDef || ok
	}
	if !o.noCover {
		n := 0
		if o.token || s.figs[t].has(fCover) {
			n++
		}
		if o.src >= 0 && s.protected(o.src, t) {
			n++
		}
		if n > 0 {
			need := 5 - (n - 1) // light 5+, heavy 4+ (WS-COVER-2)
			mod := 0
			if o.shot && s.has(t, Camouflage) {
				mod = 1
			}
			v, err := s.roll(x, RollCover, t, 0, 0)
			if err != nil {
				return err
			}
			if int(v)+mod >= need {
				x.note(EvSaved, t, -1, int16(n), "")
				return nil
			}
		}
	}
	wounds := int8(0)
	if !noDef {
		dm := 0
		if o.rules.Has(Powerful) {
			dm = 1
		}
		ok, _, err := s.test(x, RollDefence, t, 0, dm, 0, 0)
		if err != nil {
			return err
		}
		if ok {
			x.note(EvDefended, t, -1, 0, "")
			return s.paralyse(x, t, o)
		}
	}
	wounds = 1
	if o.rules.Has(Deadly) || o.deadly {
		v, err := s.roll(x, RollDeadly, o.src, 0, 0)
		if err != nil {
			return err
		}
		wounds = d3(v)
	}
	if o.src >= 0 && s.has(t, ReinforcedArmour) { // WS-BUILD-32: attacks by enemy figures
		left := wounds
		for range wounds {
			ok, err := s.fixed(x, RollArmour, t, 4, 0)
			if err != nil {
				return err
			}
			if ok {
				left--
				x.note(EvIgnored, t, -1, 1, "reinforced_armour")
			}
		}
		wounds = left
	}
	wounds = s.resilient(x, t, wounds)
	if wounds == 0 {
		return s.paralyse(x, t, o)
	}
	return s.wound(x, t, wounds, o.aggressor)
}

// paralyse is WS-SHOOT-6 step 7: a Paralysing hit that did not wound.
func (s *State) paralyse(x *ctx, t int8, o hitOpts) error {
	if !o.rules.Has(Paralysing) || !s.inPlay(t) {
		return nil
	}
	ok, err := s.fixed(x, RollParalyse, o.src, 4, 0)
	if err != nil || !ok {
		return err
	}
	return s.stun(x, t)
}

// resilient cancels the first wound of the game (WS-BUILD-49).
func (s *State) resilient(x *ctx, t int8, wounds int8) int8 {
	if wounds > 0 && s.has(t, Resilient) && !s.figs[t].has(fResilientUsed) {
		s.figs[t].Flags |= fResilientUsed
		x.note(EvIgnored, t, -1, 1, "resilient")
		return wounds - 1
	}
	return wounds
}

// autoWound is an automatic wound with no aggressor: dangerous terrain,
// Risky (WS-WOUND-1); Resilient still applies.
func (s *State) autoWound(x *ctx, t int8) error {
	if s.resilient(x, t, 1) == 0 {
		return nil
	}
	return s.wound(x, t, 1, -1)
}

// wound is the wound procedure (WS-WOUND-4), with zombies' Unkillable and
// zols' Sprotch in its place.
func (s *State) wound(x *ctx, t int8, n int8, aggressor int8) error {
	f := &s.figs[t]
	if s.has(t, Sprotch) { // WS-INV-16: one size smaller per wound
		for range n {
			if !s.inPlay(t) {
				break
			}
			sm := s.prof(t).Smaller
			if sm < 0 {
				s.eliminate(x, t)
				break
			}
			f.Prof = sm
			f.Wounds = 0
			x.note(EvShrink, t, -1, 0, s.g.Profiles[sm].ID)
		}
		return nil
	}
	f.Wounds += n
	x.note(EvWound, t, aggressor, int16(n), "")
	if s.quality(t) >= 7 {
		s.eliminate(x, t)
		return nil
	}
	if s.has(t, Unkillable) { // WS-INV-15: no wound roll, still recoils
		return s.recoil(x, t, aggressor, 1)
	}
	v, err := s.roll(x, RollWound, t, 0, 0)
	if err != nil {
		return err
	}
	if v <= f.Wounds || (s.has(t, SmallTarget) && v <= 3) {
		s.eliminate(x, t)
		return nil
	}
	if err := s.stun(x, t); err != nil {
		return err
	}
	return s.recoil(x, t, aggressor, 1)
}

// stun makes t Stunned (WS-WOUND-8), unless Sturdy saves it (WS-BUILD-50);
// a Stunned figure stunned again is unchanged (WS-WOUND-11).
func (s *State) stun(x *ctx, t int8) error {
	f := &s.figs[t]
	if !s.inPlay(t) || f.has(fStunned) {
		return nil
	}
	if s.has(t, Sturdy) {
		ok, err := s.fixed(x, RollSturdy, t, 4, 0)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
	f.Flags |= fStunned
	f.Flags &^= fCover | fOverwatch
	x.note(EvStunned, t, -1, 0, "")
	s.act.hurt(t)
	return nil
}

// eliminate removes t from play (WS-WOUND-5), counts its cost as lost
// (WS-MORALE-1) and scored (WS-SCEN-8), and explodes a Suicidal figure
// (WS-BUILD-52).
func (s *State) eliminate(x *ctx, t int8) {
	f := &s.figs[t]
	if !f.has(fInPlay) {
		return
	}
	f.Flags &^= fInPlay | fCover | fOverwatch | fStunned
	f.Flags |= fEliminated
	x.note(EvEliminated, t, -1, 0, "")
	s.act.hurt(t)
	cost := s.prof(t).Cost
	if s.g.Scenario != Invasion || f.Side == 0 {
		s.lost[f.Band] += cost
	}
	if s.g.Scenario == Standard && !s.g.multi() { // WS-BIG-9: none in multiplayer
		s.killVP[1-f.Side] += cost
	}
	if s.has(t, Suicidal) {
		s.explode(x, t)
	}
	if s.g.Scenario == Invasion && f.Side == 0 && !s.heroesLeft() {
		s.finish(x, 1) // WS-INV-12
	}
}

// explode: every figure within 2" of a Suicidal figure suffers an automatic
// hit (WS-BUILD-52), in figure order.
func (s *State) explode(x *ctx, t int8) {
	var buf [MaxFigs]int8
	near := buf[:0]
	for i := range s.n {
		if i != t && s.inPlay(i) && s.gap(i, t) <= 2 {
			near = append(near, i)
		}
	}
	s.hitOrder(x, t, near)
	for _, i := range near {
		if !s.inPlay(i) {
			continue
		}
		if err := s.hit(x, i, hitOpts{src: t, aggressor: t}); err != nil {
			x.err = err
			return
		}
	}
}

// recoil pushes t d inches straight away from figure from (WS-WOUND-6).
func (s *State) recoil(x *ctx, t, from int8, d float64) error {
	if from < 0 || !s.inPlay(t) {
		return nil
	}
	dir := s.figs[t].P.Sub(s.figs[from].P)
	x.note(EvRecoil, t, from, 0, "")
	return s.displace(x, t, dir, d)
}

// heroesLeft reports whether a hero is in play or in reserve.
func (s *State) heroesLeft() bool {
	for i := range s.n {
		if s.figs[i].Side == 0 && s.figs[i].has(fInPlay|fReserve) {
			return true
		}
	}
	return false
}

// stealthyOK is the Stealthy test of a figure shooting or charging t from
// more than 6" (WS-BUILD-39).
func (s *State) stealthyOK(x *ctx, a, t int8, from geom.Vec) (bool, error) {
	if !s.has(t, Stealthy) || geom.Gap(from, s.radius(a), s.figs[t].P, s.radius(t)) <= 6 {
		return true, nil
	}
	ok, _, err := s.test(x, RollStealthy, a, 0, 0, 0, 0)
	return ok, err
}

// attack is one to-hit roll and its hit: a shot or a melee attack.
type attack struct {
	rules   AttackRules
	shot    bool
	db, dm  int
	mod     int
	sixOnly bool // failed Terrifying test (WS-BUILD-55)
	aimed   bool // Aimed Shot (Scoped)
	token   bool // Overwatch shot
	noDB    bool // Chaining follow-up: every DB ignored
}

// strike rolls to hit t and resolves the hit; it reports whether it hit.
func (s *State) strike(x *ctx, a, t int8, k attack) (bool, error) {
	db, dm := k.db, k.dm
	if k.rules.Has(Precise) {
		db++
	}
	if k.shot {
		if s.has(t, LargeTarget) {
			db++
		}
		if s.has(t, SmallTarget) {
			dm++
		}
	} else if s.has(a, LargeTarget) && !s.has(t, LargeTarget) {
		db++ // WS-MELEE-8
	}
	if k.noDB {
		db = 0
	}
	target := int8(0)
	if k.sixOnly {
		target = 6
	}
	ok, v, err := s.test(x, RollHit, a, db, dm, k.mod, target)
	if err != nil {
		return false, err
	}
	if k.rules.Has(Risky) && v == 1 { // WS-BUILD-18
		x.note(EvWound, a, -1, 0, "risky")
		if err := s.autoWound(x, a); err != nil {
			return false, err
		}
	}
	if v == 6 && s.has(t, Headshot) && s.figs[a].Side == 0 { // WS-INV-15
		x.note(EvHit, t, a, 0, "headshot")
		s.eliminate(x, t)
		return true, nil
	}
	if !ok {
		x.note(EvMiss, a, t, 0, "")
		return false, nil
	}
	o := hitOpts{rules: k.rules, src: a, aggressor: a, shot: k.shot, token: k.token,
		noCover: k.aimed && k.rules.Has(Scoped)}
	var buf [MaxFigs]int8
	around := s.around(t, buf[:0])
	if err := s.hit(x, t, o); err != nil {
		return true, err
	}
	if k.rules.Has(Explosive) {
		if err := s.blast(x, t, around); err != nil {
			return true, err
		}
	}
	return true, nil
}

// around lists the other figures within 2" of t (WS-BUILD-11), taken when
// the hit lands, before it moves anyone.
func (s *State) around(t int8, buf []int8) []int8 {
	for i := range s.n {
		if i != t && s.inPlay(i) && s.gap(i, t) <= 2 {
			buf = append(buf, i)
		}
	}
	return buf
}

// blast is Explosive's secondary hits on the figures that were within 2"
// of t (WS-BUILD-11): each on 4+, with no special rules; t is their
// aggressor.
func (s *State) blast(x *ctx, t int8, around []int8) error {
	s.hitOrder(x, t, around)
	for _, i := range around {
		if !s.inPlay(i) {
			continue
		}
		ok, err := s.fixed(x, RollExplosive, i, 4, 0)
		if err != nil {
			return err
		}
		if ok {
			if err := s.hit(x, i, hitOpts{src: t, aggressor: t}); err != nil {
				return err
			}
		}
	}
	return nil
}

// hitOrder puts figs, hit at once by src's attack (a template, Explosive,
// a Suicidal explosion), in the order their hits are resolved
// (WS-SHOOT-7): the attacking side's choice, the Order of its decision
// being resolved (or of the activation in progress), then figure order.
// An explosion of the other side's figure goes in figure order.
func (s *State) hitOrder(x *ctx, src int8, figs []int8) {
	var order *[4]int8
	switch side := s.figs[src].Side; {
	case x.dec != nil && x.dec.Side == side && x.dec.Order[0] != NoFig:
		order = &x.dec.Order
	case s.act.fig >= 0 && s.act.d.Side == side:
		order = &s.act.d.Order
	default:
		return
	}
	rank := func(f int8) int {
		for i, o := range order {
			if o == f {
				return i
			}
		}
		return len(order) + int(f)
	}
	slices.SortStableFunc(figs, func(a, b int8) int { return rank(a) - rank(b) })
}
