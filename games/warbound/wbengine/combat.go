package wbengine

import "wbtool.dev/wbtool/engine/hex"

// ---- shooting (R-SHOOT, R-FORM-3) ----

// screenedBy is the set of enemies of side (bit per unit) standing next to
// one of side's Characters (R-SHOOT-1).
func (s *State) screenedBy(side int8) uint32 {
	var m uint32
	for _, t8 := range s.g.sideUnits[1-side] {
		if t := int(t8); s.inPlay(t) && s.screened(t, side) {
			m |= 1 << uint(t)
		}
	}
	return m
}

// canShootScreened reports whether u could shoot at anyone now: shootCode
// for every enemy, with the shared parts (engaged, closest distance, the
// enemies screened from u's side) worked out once.
func (s *State) canShootScreened(u int, screened uint32) bool {
	p := s.prof(u)
	if p.Near == 0 {
		return false
	}
	if s.engaged(u) && !s.hasFlag(u, FlagShootEngaged) {
		return false
	}
	side := s.g.units[u].side
	sharp := s.hasFlag(u, FlagSharpShooting)
	// The closest-enemy limit (R-SHOOT-3) needs the distances only when
	// a target in sight falls under it: work them out then, once.
	nearest := -1
	for t := range s.g.units {
		if s.g.units[t].side == side || !s.inPlay(t) {
			continue
		}
		if !sharp && screened&(1<<uint(t)) != 0 {
			continue
		}
		if !s.sees(u, t) {
			continue
		}
		if p.Far == 0 || s.hasFlag(t, FlagClosestOnly) {
			if nearest < 0 {
				nearest = s.nearestEnemyDist(u, int(side))
			}
			if s.dist(u, t) > nearest {
				continue
			}
		}
		return true
	}
	return false
}

// nearestEnemyDist is the distance from unit u of side to the closest enemy
// in play (R-SHOOT-3), or a large number when there is none.
func (s *State) nearestEnemyDist(u, side int) int {
	nearest := 1 << 30
	for _, v8 := range s.g.sideUnits[1-side] {
		if v := int(v8); s.inPlay(v) {
			nearest = min(nearest, s.dist(u, v))
		}
	}
	return nearest
}

// shootTargets is what canShootAt needs of the enemies of a side, worked
// out once for all its shooters.
type shootTargets struct {
	screened    uint32   // screenedBy
	open, all   hex.Mask // tiles of the enemies in play: not screened, all
	closestOnly bool     // some enemy in play may be shot only when closest
}

func (s *State) shootTargetsOf(side int8) (tg shootTargets) {
	tg.screened = s.screenedBy(side)
	for _, t8 := range s.g.sideUnits[1-side] {
		t := int(t8)
		if !s.inPlay(t) {
			continue
		}
		for _, x := range s.minis(t) {
			tg.all.Set(x)
			if tg.screened&(1<<uint(t)) == 0 {
				tg.open.Set(x)
			}
		}
		tg.closestOnly = tg.closestOnly || s.hasFlag(t, FlagClosestOnly)
	}
	return tg
}

// canShootAt is canShootScreened with the enemies' tiles worked out once
// (tg) and sight read as one set per miniature of u (precomputed sight).
func (s *State) canShootAt(u int, tg *shootTargets) bool {
	if s.g.sightFrom == nil {
		return s.canShootScreened(u, tg.screened)
	}
	p := s.prof(u)
	if p.Near == 0 {
		return false
	}
	if s.engaged(u) && !s.hasFlag(u, FlagShootEngaged) {
		return false
	}
	m := &tg.open
	sharp := s.hasFlag(u, FlagSharpShooting)
	if sharp {
		m = &tg.all
	}
	var see hex.Mask
	for _, x := range s.minis(u) {
		see = see.Or(s.g.sightFrom[x])
	}
	if !see.Intersects(m) {
		return false // no target in sight
	}
	if p.Far != 0 && !tg.closestOnly {
		return true // no closest-enemy limit (R-SHOOT-3)
	}
	side := s.g.units[u].side
	nearest := -1
	for _, t8 := range s.g.sideUnits[1-side] {
		t := int(t8)
		if !s.inPlay(t) || (!sharp && tg.screened&(1<<uint(t)) != 0) {
			continue
		}
		seen := false
		for _, y := range s.minis(t) {
			seen = seen || see.Has(y)
		}
		if !seen {
			continue
		}
		if p.Far == 0 || s.hasFlag(t, FlagClosestOnly) {
			if nearest < 0 {
				nearest = s.nearestEnemyDist(u, int(side))
			}
			if s.dist(u, t) > nearest {
				continue
			}
		}
		return true
	}
	return false
}

// shootable is the set of units u may shoot now (bit per unit): those
// for which shootCode is "", with the shared parts worked out once.
func (s *State) shootable(u int) (m uint32) {
	p := s.prof(u)
	if p.Near == 0 {
		return 0
	}
	if s.engaged(u) && !s.hasFlag(u, FlagShootEngaged) {
		return 0
	}
	side := s.g.units[u].side
	// With sight precomputed, what u's miniatures see is one set: no
	// enemy tile in it, no target.
	var see hex.Mask
	fast := s.g.sightFrom != nil
	if fast {
		for _, x := range s.minis(u) {
			see = see.Or(s.g.sightFrom[x])
		}
		if !see.Intersects(&s.sideTiles[1-side]) {
			return 0
		}
	}
	sharp := s.hasFlag(u, FlagSharpShooting)
	nearest := -1 // closest: worked out when first needed
	for _, t8 := range s.g.sideUnits[1-side] {
		t := int(t8)
		if !s.inPlay(t) {
			continue
		}
		if fast {
			seen := false
			for _, y := range s.minis(t) {
				seen = seen || see.Has(y)
			}
			if !seen {
				continue
			}
		} else if !s.sees(u, t) {
			continue
		}
		if !sharp && s.screened(t, side) {
			continue
		}
		if p.Far == 0 || s.hasFlag(t, FlagClosestOnly) {
			if nearest < 0 {
				nearest = s.nearestEnemyDist(u, int(side))
			}
			if s.dist(u, t) > nearest {
				continue
			}
		}
		m |= 1 << uint(t)
	}
	return m
}

// shootCode tells why u cannot shoot t, or "" when it can.
func (s *State) shootCode(u, t int) Code {
	p := s.prof(u)
	if p.Near == 0 {
		return ErrSpaceInvalid
	}
	if t < 0 || t >= len(s.g.units) || !s.inPlay(t) {
		return ErrUnknownUnit
	}
	side := s.g.units[u].side
	if s.g.units[t].side == side {
		return ErrInvalidTarget
	}
	if s.engaged(u) && !s.hasFlag(u, FlagShootEngaged) {
		return ErrEnemyAdjacent
	}
	if !s.hasFlag(u, FlagSharpShooting) && s.screened(t, side) {
		return ErrTargetScreened
	}
	if !s.sees(u, t) {
		return ErrNoSight
	}
	if (p.Far == 0 || s.hasFlag(t, FlagClosestOnly)) && !s.closest(u, t) {
		return ErrNotClosest
	}
	return ""
}

func (s *State) checkShoot(d *Decision) error {
	if s.pend != pendActivation {
		return fail(ErrWrongPhase)
	}
	if s.act.remaining&aShoot == 0 || (d.Aim && s.act.remaining&aAim == 0) {
		return fail(ErrNoAction)
	}
	if d.Unit != s.act.unit {
		return fail(ErrUnknownUnit)
	}
	if c := s.shootCode(int(d.Unit), int(d.Target)); c != "" {
		return fail(c)
	}
	return nil
}

func (s *State) doShoot(d *Decision, dice *Dice, ev []Event) []Event {
	u, t := int(d.Unit), int(d.Target)
	p := s.prof(u)
	s.atk = attackCtx{kind: RollRanged, attacker: int8(u), target: int8(t)}
	target := p.Far
	if s.closest(u, t) {
		target = p.Near
	}
	n := int(p.Ranged) + s.statMod(u, StatRangedDice)
	if s.g.spaces[s.act.space].extra {
		n++
	}
	hit := p.Hit + int8(s.statMod(u, StatHit)+s.statMod(u, StatRangedHit)) + s.spotted[t][s.g.units[u].side]
	s.act.remaining &^= aShoot | aAim
	s.act.did |= aShoot
	s.act.done++
	ev = s.attack(u, t, n, d.Aim, s.coverAgainst(t), RollRanged, target-int8(s.statMod(u, StatAccuracy)), hit, dice, ev)
	ev = s.unitTrigger(u, TrigAfterShoot, t, dice, ev)
	s.atk = attackCtx{}
	return ev
}

// ---- fighting (R-FIGHT, R-FORM-4) ----

func (s *State) canFight(u int) bool { return s.engaged(u) }

func (s *State) checkFight(d *Decision) error {
	if s.pend != pendActivation {
		return fail(ErrWrongPhase)
	}
	if s.act.remaining&aFight == 0 {
		return fail(ErrNoAction)
	}
	u, t := int(d.Unit), int(d.Target)
	if d.Unit != s.act.unit {
		return fail(ErrUnknownUnit)
	}
	if t < 0 || t >= len(s.g.units) || !s.inPlay(t) {
		return fail(ErrUnknownUnit)
	}
	if s.g.units[t].side == s.g.units[u].side {
		return fail(ErrInvalidTarget)
	}
	if !s.adjacentTo(u, t) {
		return fail(ErrNotAdjacent)
	}
	return nil
}

func (s *State) doFight(d *Decision, dice *Dice, ev []Event) []Event {
	u, t := int(d.Unit), int(d.Target)
	p := s.prof(u)
	s.atk = attackCtx{kind: RollMelee, attacker: int8(u), target: int8(t)}
	n := int(p.Melee) + s.statMod(u, StatMeleeDice)
	if s.g.spaces[s.act.space].extra {
		n++
	}
	hit := p.Hit + int8(s.statMod(u, StatHit)+s.statMod(u, StatMeleeHit))
	s.act.remaining &^= aFight
	s.act.did |= aFight
	s.act.done++
	ev = s.attack(u, t, n, false, coverNone, RollMelee, p.Attack-int8(s.statMod(u, StatAttack)), hit, dice, ev) // Cover gives nothing in melee (R-HIDE-2)
	ev = s.unitTrigger(u, TrigAfterFight, t, dice, ev)
	s.atk = attackCtx{}
	return ev
}

// attack rolls n attack dice of u against t: hits on target+ with the hit
// modifier, one Stress per die that is not a natural [1] (R-SHOOT-5,
// R-FIGHT-2), then damage (R-SHOOT-6/7). With aim, one more die is rolled
// and the lowest dropped first (R-ACT-4). cover is the target's Cover
// against a ranged attack: plain, −1 to hit (R-HIDE-2); by terrain, one
// more die and the highest dropped (R-HIDE-3, CoverDiceOrder); either
// way only hits add Stress. The attacker loses its own Cover by rolling
// (R-HIDE-4).
func (s *State) attack(u, t, n int, aim bool, cover, purpose int, target, mod int8, dice *Dice, ev []Event) []Event {
	ev = s.loseCover(u, ev)
	n = min(max(n, 0), maxDice-2)
	e := Event{Kind: EvRoll, Side: s.g.units[u].side, Unit: int8(u), Target: int8(t), N: int16(purpose)}
	rolled := n
	if aim {
		rolled++
	}
	if cover == coverTerrain {
		rolled++
	}
	for i := range rolled {
		e.Dice[i] = s.roll(dice)
	}
	e.NDice = int8(rolled)
	ev = append(ev, e)
	kept := e.Dice[:rolled]
	if aim { // drop the lowest (AimDroppedDieNoStress)
		low := 0
		for i, v := range kept {
			if v < kept[low] {
				low = i
			}
		}
		kept[low], kept[len(kept)-1] = kept[len(kept)-1], kept[low]
		kept = kept[:len(kept)-1]
	}
	if cover == coverTerrain && len(kept) > 0 { // drop the highest (R-HIDE-3)
		high := 0
		for i, v := range kept {
			if v > kept[high] {
				high = i
			}
		}
		kept[high], kept[len(kept)-1] = kept[len(kept)-1], kept[high]
		kept = kept[:len(kept)-1]
	}
	if cover == coverPlain {
		mod-- // R-HIDE-2
	}
	hits, stress := 0, 0
	for _, v := range kept {
		if v != 1 {
			stress++
		}
		if success(v, mod, target) {
			hits++
		}
	}
	if cover != coverNone {
		stress = hits // only hits add Stress (R-HIDE-2, R-HIDE-3)
	}
	s.lastHits = int8(hits)
	ev = append(ev, Event{Kind: EvHit, Side: s.g.units[u].side, Unit: int8(u), Target: int8(t), N: int16(hits)})
	ev = s.addTokens(t, TokStress, stress, ev)
	before := s.units[t].tok[TokWound]
	ev = s.damage(t, hits, purpose, dice, ev)
	s.lastWounds = s.units[t].tok[TokWound] - before
	return ev
}

// damage deals n damage to t (R-SHOOT-6, R-SHOOT-7): armour rolls first
// (an X+ test: ArmourNaturalResults), saving at most the armour points
// left, each save adding a Break; the rest become Wounds.
func (s *State) damage(t, n, kind int, dice *Dice, ev []Event) []Event {
	if n <= 0 {
		return ev
	}
	// Defensive effects that cancel damage before armour (Parry).
	for _, i := range s.prof(t).effects {
		r := &s.g.effects[i]
		if r.trig != TrigPassive || !s.condition(t, r.eff.Condition) {
			continue
		}
		for _, op := range r.eff.Do {
			if c := op.Cancel; c != nil && n > 0 && ((c.Attack == "melee" && kind == RollMelee) || (c.Attack == "ranged" && kind == RollRanged)) {
				e := Event{Kind: EvRoll, Side: s.g.units[t].side, Unit: int8(t), N: RollEffect}
				cancelled := 0
				for j := range min(n, maxDice) {
					e.Dice[j] = s.roll(dice)
					if success(e.Dice[j], 0, int8(c.Target)) {
						cancelled++
					}
				}
				e.NDice = int8(min(n, maxDice))
				ev = append(ev, e)
				n -= min(cancelled, n)
			}
		}
	}
	if n <= 0 {
		return ev
	}
	p := s.prof(t)
	us := &s.units[t]
	left := int(p.Armor) + s.statMod(t, StatArmor) - int(us.tok[TokBreak])
	if p.Save == 0 {
		left = 0
	}
	saves := 0
	if left > 0 {
		e := Event{Kind: EvRoll, Side: s.g.units[t].side, Unit: int8(t), N: RollArmour}
		k := min(n, maxDice)
		for i := range k {
			v := s.roll(dice)
			e.Dice[i] = v
			if success(v, int8(s.statMod(t, StatSave)), p.Save) {
				saves++
			}
		}
		e.NDice = int8(k)
		ev = append(ev, e)
		saves = min(saves, left)
	}
	ev = s.addTokens(t, TokBreak, saves, ev)
	if kind == RollRanged {
		t = s.protector(t, n-saves)
	}
	return s.addTokens(t, TokWound, n-saves, ev)
}

// protector returns the Character that takes the Wounds a shot would add
// to t: a friendly Character next to t with the protector flag and more
// health left than t, else t itself (AutomaticChoices: ProtectorChoice).
func (s *State) protector(t, wounds int) int {
	if wounds <= 0 {
		return t
	}
	left := func(u int) int { return int(s.prof(u).Health) + s.statMod(u, StatHealth) - s.health(u) }
	best := t
	for v := range s.g.units {
		if v != t && s.inPlay(v) && s.g.units[v].side == s.g.units[t].side && s.adjacentTo(v, t) &&
			s.hasFlag(v, FlagProtector) && left(v) > left(best) {
			best = v
		}
	}
	return best
}
