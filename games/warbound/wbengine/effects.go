package wbengine

import (
	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// Statistics effects modify (wbcatalog.Stat, as indices).
const (
	StatSpeed = iota
	StatRun
	StatAttack
	StatAccuracy
	StatRangedDice
	StatMeleeDice
	StatHit
	StatRangedHit
	StatMeleeHit
	StatHealth
	StatMorale
	StatArmor
	StatSave
	numStats
)

var statIndex = map[wbcatalog.Stat]int{
	wbcatalog.StatSpeed: StatSpeed, wbcatalog.StatRun: StatRun, wbcatalog.StatAttack: StatAttack,
	wbcatalog.StatAccuracy: StatAccuracy, wbcatalog.StatRangedDice: StatRangedDice, wbcatalog.StatMeleeDice: StatMeleeDice,
	wbcatalog.StatHit: StatHit, wbcatalog.StatRangedHit: StatRangedHit, wbcatalog.StatMeleeHit: StatMeleeHit,
	wbcatalog.StatHealth: StatHealth, wbcatalog.StatMorale: StatMorale, wbcatalog.StatArmor: StatArmor, wbcatalog.StatSave: StatSave,
}

// Flags effects grant (wbcatalog.Flag, as bits).
const (
	FlagSharpShooting uint8 = 1 << iota
	FlagShootEngaged
	FlagNoReactivationStress
	FlagClosestOnly
	FlagProtector
	FlagPathfinder
)

var flagBits = map[wbcatalog.Flag]uint8{
	wbcatalog.FlagSharpShooting: FlagSharpShooting, wbcatalog.FlagShootEngaged: FlagShootEngaged,
	wbcatalog.FlagNoReactivationStress: FlagNoReactivationStress, wbcatalog.FlagClosestOnly: FlagClosestOnly,
	wbcatalog.FlagProtector: FlagProtector, wbcatalog.FlagPathfinder: FlagPathfinder,
}

// Triggers as indices.
const (
	TrigPassive = iota
	TrigActive
	TrigLeaderPhase
	TrigTurnStart
	TrigActivationStart
	TrigActivationEnd
	TrigAfterMove
	TrigAfterShoot
	TrigAfterFight
	TrigCleanup
	TrigRemovesEnemy
	TrigEnemyMoves // a reaction (resolved by react, in the middle of a move)
	TrigManual     // no effect: printed only
)

var trigIndex = map[wbcatalog.Trigger]int{
	wbcatalog.TrigPassive: TrigPassive, wbcatalog.TrigActive: TrigActive, wbcatalog.TrigLeaderPhase: TrigLeaderPhase,
	wbcatalog.TrigTurnStart: TrigTurnStart, wbcatalog.TrigActivationStart: TrigActivationStart,
	wbcatalog.TrigActivationEnd: TrigActivationEnd, wbcatalog.TrigAfterMove: TrigAfterMove,
	wbcatalog.TrigAfterShoot: TrigAfterShoot, wbcatalog.TrigAfterFight: TrigAfterFight, wbcatalog.TrigCleanup: TrigCleanup,
	wbcatalog.TrigRemovesEnemy: TrigRemovesEnemy, wbcatalog.TrigEnemyMoves: TrigEnemyMoves,
}

// effectRef is one effect in play: from which card, for which unit (-1:
// the whole side: Leader skills and Vocations).
type effectRef struct {
	eff     *wbcatalog.Effect
	trig    int
	kind    string // skill, equipment, vocation
	card    string
	unit    int
	side    int
	choose  wbcatalog.Who // the selector the player chooses for (active)
	within  int
	sight   bool // the chosen Character must be in sight
	moveMax int  // a move op: tiles
	// mods and flags are what the effect's own operations (not those
	// after "if you do") modify and grant, looked up once.
	mods  [numStats]int8
	flags uint8
}

func (g *Game) addEffect(e *wbcatalog.Effect, kind, card string, unit, side int) int16 {
	r := effectRef{eff: e, trig: TrigManual, kind: kind, card: card, unit: unit, side: side}
	if e != nil {
		if t, ok := trigIndex[e.Trigger]; ok {
			r.trig = t
		}
		for _, op := range e.Do {
			if op.Modify != nil {
				r.mods[statIndex[op.Modify.Stat]] += int8(op.Modify.Add)
			}
			r.flags |= flagBits[op.Flag]
		}
		walkOps(e.Do, func(op *wbcatalog.Op) {
			who, within := opSelector(op)
			if r.choose == "" && (who == wbcatalog.WhoFriend || who == wbcatalog.WhoEnemy || (who == wbcatalog.WhoTarget && r.trig == TrigActive)) {
				r.choose, r.within = who, within
			}
			if (op.Tokens != nil && op.Tokens.Sight) || (op.Spot != nil && op.Spot.Sight) {
				r.sight = true
			}
			if op.Move != nil && r.moveMax == 0 {
				r.moveMax = op.Move.Tiles
			}
		})
	}
	g.effects = append(g.effects, r)
	return int16(len(g.effects) - 1)
}

func walkOps(ops []wbcatalog.Op, f func(*wbcatalog.Op)) {
	for i := range ops {
		f(&ops[i])
		walkOps(ops[i].IfYouDo, f)
	}
}

func opSelector(op *wbcatalog.Op) (wbcatalog.Who, int) {
	switch {
	case op.Tokens != nil:
		return op.Tokens.Who, op.Tokens.Within
	case op.Move != nil:
		return op.Move.Who, op.Move.Within
	case op.Roll != nil:
		return op.Roll.Who, op.Roll.Within
	case op.Damage != nil:
		return op.Damage.Who, op.Damage.Within
	case op.Spot != nil:
		return op.Spot.Who, op.Spot.Within
	case op.Boost != nil:
		return op.Boost.Who, op.Boost.Within
	}
	return "", 0
}

// applyPassive adds the unconditional passive effects to the profile and
// lists the conditional ones.
func (g *Game) applyPassive(p *Profile, side int) {
	p.effects = append(p.effects, g.sideFx[side]...)
	for _, i := range p.effects {
		r := &g.effects[i]
		if r.trig != TrigPassive {
			continue
		}
		if r.eff.Condition != nil {
			p.cond = append(p.cond, i)
			for st, m := range r.mods {
				if m != 0 {
					p.condStats |= 1 << uint(st)
				}
			}
			p.condFlags |= r.flags
			continue
		}
		for _, op := range r.eff.Do {
			if op.Modify != nil {
				p.mods[statIndex[op.Modify.Stat]] += int8(op.Modify.Add)
			}
			if a := op.Armor; a != nil {
				if p.Armor == 0 {
					p.Save = int8(a.Save)
				}
				p.Armor += int8(a.Points)
			}
			p.flags |= flagBits[op.Flag]
		}
	}
}

// statMod is what effects add to statistic st of unit u now: passive
// effects (unconditional and conditional) and the activation's own.
func (s *State) statMod(u, st int) int {
	p := s.prof(u)
	n := int(p.mods[st])
	if p.condStats&(1<<uint(st)) != 0 { // else no conditional effect modifies st
		for _, i := range p.cond {
			r := &s.g.effects[i]
			if r.mods[st] != 0 && s.condition(u, r.eff.Condition) {
				n += int(r.mods[st])
			}
		}
	}
	if s.pend == pendActivation && int(s.act.unit) == u {
		n += int(s.act.mods[st])
	}
	return n + int(s.boost[u][st])
}

// hasFlag reports whether an effect grants flag f to unit u now.
func (s *State) hasFlag(u int, f uint8) bool {
	p := s.prof(u)
	if p.flags&f != 0 {
		return true
	}
	if p.condFlags&f == 0 {
		return false // no conditional effect grants f
	}
	for _, i := range p.cond {
		r := &s.g.effects[i]
		if r.flags&f != 0 && s.condition(u, r.eff.Condition) {
			return true
		}
	}
	return false
}

// condition evaluates an effect's condition for unit u (u < 0: a side
// effect, only Period applies).
func (s *State) condition(u int, c *wbcatalog.Condition) bool {
	if c == nil {
		return true
	}
	return s.conditionSide(u, int(s.g.units[u].side), c)
}

// conditionSide evaluates a condition for unit u (-1: a side effect) of
// side.
func (s *State) conditionSide(u, side int, c *wbcatalog.Condition) bool {
	if c == nil {
		return true
	}
	if c.Hand != nil && (int(s.hand) == side) != *c.Hand {
		return false
	}
	if c.Period > 0 && int(s.g.periodOf[s.turn]) < c.Period {
		return false
	}
	if c.PeriodStart && s.turn > 1 && s.g.periodOf[s.turn] == s.g.periodOf[s.turn-1] {
		return false
	}
	if u < 0 {
		return true
	}
	if c.Faction != "" && s.g.units[u].faction != c.Faction {
		return false
	}
	if c.Did != "" {
		if s.pend != pendActivation || int(s.act.unit) != u || s.act.did&actionBits[c.Did] == 0 {
			return false
		}
	}
	if c.Attack != "" || c.TargetWounded != nil || c.TargetClosest != nil || c.TargetFlanked {
		if s.atk.kind == 0 || int(s.atk.attacker) != u {
			return false
		}
		if (c.Attack == "ranged" && s.atk.kind != RollRanged) || (c.Attack == "melee" && s.atk.kind != RollMelee) {
			return false
		}
		t := int(s.atk.target)
		if c.TargetWounded != nil && (s.health(t) > 0) != *c.TargetWounded {
			return false
		}
		if c.TargetClosest != nil && s.closest(u, t) != *c.TargetClosest {
			return false
		}
		if c.TargetFlanked {
			flanked := false
			for v := range s.g.units {
				if v != u && s.inPlay(v) && s.g.units[v].side == s.g.units[u].side && s.adjacentTo(v, t) {
					flanked = true
				}
			}
			if !flanked {
				return false
			}
		}
	}
	if c.Wounds > 0 && int(s.lastWounds) < c.Wounds {
		return false
	}
	if c.Action != "" {
		if s.pend != pendActivation || int(s.act.unit) != u || s.g.spaces[s.act.space].actions&actionBits[c.Action] == 0 {
			return false
		}
	}
	if c.Panicked != nil && s.units[u].panicked != *c.Panicked {
		return false
	}
	if c.Engaged != nil && s.engaged(u) != *c.Engaged {
		return false
	}
	if c.Wounded != nil && (s.health(u) > 0) != *c.Wounded {
		return false
	}
	if c.Hits > 0 && int(s.lastHits) < c.Hits {
		return false
	}
	if c.FriendWithin > 0 && !s.anyWithin(u, int8(side), true, c.FriendWithin) {
		return false
	}
	if c.EnemyWithin > 0 && !s.anyWithin(u, int8(side), false, c.EnemyWithin) {
		return false
	}
	return true
}

func (s *State) anyWithin(u int, side int8, friend bool, n int) bool {
	for v := range s.g.units {
		if v != u && s.inPlay(v) && (s.g.units[v].side == side) == friend && s.dist(u, v) <= n {
			return true
		}
	}
	return false
}

// selects reports whether unit v matches selector who for an effect of
// unit u (side side).
func (s *State) selects(u, side int, who wbcatalog.Who, within, v int) bool {
	if v < 0 || v >= len(s.g.units) || !s.inPlay(v) {
		return false
	}
	friend := int(s.g.units[v].side) == side
	switch who {
	case wbcatalog.WhoFriend, wbcatalog.WhoFriends:
		if !friend || v == u {
			return false
		}
	case wbcatalog.WhoEnemy, wbcatalog.WhoEnemies, wbcatalog.WhoTarget:
		if friend {
			return false
		}
	default:
		return false
	}
	if within > 0 && u >= 0 && s.dist(u, v) > within {
		return false
	}
	return true
}

// ---- triggered effects ----

// opCtx is what an effect's operations act on.
type opCtx struct {
	unit, side int
	target     int         // chosen or attacked unit (a reaction: the enemy moving), -1
	tiles      [2]hex.Tile // chosen destination of a move (a Formation: both miniatures)
	paths      [2]Path     // the move's paths (zero: the engine's shortest path)
	active     bool
}

var noTiles = [2]hex.Tile{hex.None, hex.None}

// unitTrigger runs unit u's effects with trigger trig.
func (s *State) unitTrigger(u, trig, target int, dice *Dice, ev []Event) []Event {
	p := s.prof(u)
	for _, i := range p.effects {
		r := &s.g.effects[i]
		if r.trig != trig || !s.condition(u, r.eff.Condition) {
			continue
		}
		ctx := opCtx{unit: u, side: int(s.g.units[u].side), target: target, tiles: noTiles}
		ev = s.runEffect(i, &ctx, dice, ev)
	}
	return ev
}

// sideTrigger runs a side's Leader skills and Vocations with trigger trig,
// then the same trigger of each of its Characters in play. Their choices
// are automatic (LeaderPhaseChoicesAutomatic). Their dice come from the
// decision that led there, forced like any other.
func (s *State) sideTrigger(side, trig int, dice *Dice, ev []Event) []Event {
	g := s.g
	for _, list := range [2][]int16{g.leaderFx[side], g.sideFx[side]} {
		for _, i := range list {
			r := &g.effects[i]
			if r.trig != trig || !s.conditionSide(-1, side, r.eff.Condition) {
				continue
			}
			ctx := opCtx{unit: -1, side: side, target: -1, tiles: noTiles}
			ev = s.runEffect(i, &ctx, dice, ev)
		}
	}
	for u := range g.units {
		if int(g.units[u].side) != side || !s.inPlay(u) {
			continue
		}
		for _, i := range s.prof(u).effects {
			r := &g.effects[i]
			if r.unit < 0 || r.trig != trig || !s.condition(u, r.eff.Condition) {
				continue
			}
			ctx := opCtx{unit: u, side: side, target: -1, tiles: noTiles}
			ev = s.runEffect(i, &ctx, dice, ev)
		}
	}
	return ev
}

// runEffect runs the operations of effect i (an index of Game.effects)
// and marks the tokens, hits and rolls they made with it (Event.Cause)
// where an effect they set off has not marked them already.
func (s *State) runEffect(i int16, c *opCtx, dice *Dice, ev []Event) []Event {
	start := len(ev)
	ev, _ = s.runOps(s.g.effects[i].eff.Do, c, dice, ev)
	for j := start; j < len(ev); j++ {
		switch ev[j].Kind {
		case EvToken, EvTokenOff, EvHit, EvRoll:
			if ev[j].Cause == 0 {
				ev[j].Cause = i + 1
			}
		}
	}
	return ev
}

// EffectSource names effect i+1 of an Event.Cause: its kind (skill,
// equipment, vocation) and the id of that skill or card.
func (g *Game) EffectSource(cause int16) (kind, id string) {
	if cause < 1 || int(cause) > len(g.effects) {
		return "", ""
	}
	r := &g.effects[cause-1]
	return r.kind, r.card
}

// runOps runs operations in order; it reports whether the last one
// happened (for "if you do", R-WORD-4).
func (s *State) runOps(ops []wbcatalog.Op, c *opCtx, dice *Dice, ev []Event) ([]Event, bool) {
	happened := false
	for i := range ops {
		op := &ops[i]
		happened = false
		switch {
		case op.Modify != nil:
			if c.unit >= 0 && s.pend == pendActivation && int(s.act.unit) == c.unit {
				s.act.mods[statIndex[op.Modify.Stat]] += int8(op.Modify.Add)
				happened = true
			}
		case op.Flag != "":
			happened = true
		case op.Tokens != nil:
			k := tokenIndex(op.Tokens.Token)
			s.forEachSel(c, sel{who: op.Tokens.Who, within: op.Tokens.Within, sight: op.Tokens.Sight, max: op.Tokens.Max,
				min: op.Tokens.Min, token: k, removing: op.Tokens.N < 0}, func(v int) {
				if op.Tokens.N > 0 {
					before := s.units[v].tok[k]
					ev = s.addTokens(v, k, op.Tokens.N, ev)
					happened = happened || s.units[v].tok[k] > before
				} else if n := min(-op.Tokens.N, int(s.units[v].tok[k])); n > 0 {
					s.units[v].tok[k] -= int8(n)
					ev = append(ev, Event{Kind: EvTokenOff, Side: s.g.units[v].side, Target: int8(v), Colour: int8(k), N: int16(n)})
					happened = true
				}
			})
		case op.Orders != nil:
			ci := s.g.Colour(op.Orders.Colour)
			if op.Orders.Colour == "choice" {
				ci = s.choiceColour(c.side)
			}
			if ci >= 0 && op.Orders.N > 0 {
				s.orders[c.side][ci] += int8(op.Orders.N)
				ev = append(ev, Event{Kind: EvOrders, Side: int8(c.side), Colour: int8(ci), N: int16(op.Orders.N)})
				happened = true
			}
		case op.Move != nil:
			v := c.target
			if op.Move.Who == wbcatalog.WhoSelf {
				v = c.unit
			}
			if v >= 0 && c.tiles != noTiles && s.inPlay(v) {
				ev = s.moveUnit(v, c.tiles, c.paths, op.Move.Tiles, dice, ev)
				happened = true
			}
		case op.Roll != nil:
			if c.unit >= 0 { // "Roll X" dice are attack dice (R-HIDE-4)
				ev = s.loseCover(c.unit, ev)
			}
			e := Event{Kind: EvRoll, Side: int8(c.side), Unit: int8(max(c.unit, -1)), N: RollEffect}
			n := min(op.Roll.Dice, maxDice)
			hits := 0
			for j := range n {
				e.Dice[j] = s.roll(dice)
				if success(e.Dice[j], 0, int8(op.Roll.Target)) {
					hits++
				}
			}
			e.NDice = int8(n)
			ev = append(ev, e)
			if hits > 0 {
				s.forEach(c, op.Roll.Who, op.Roll.Within, func(v int) {
					if op.Roll.Damage {
						ev = s.damage(v, hits, RollEffect, dice, ev)
					} else if op.Roll.Token != "" {
						ev = s.addTokens(v, tokenIndex(op.Roll.Token), hits, ev)
					}
				})
				happened = true
			}
		case op.Spot != nil:
			s.forEachSel(c, sel{who: op.Spot.Who, within: op.Spot.Within, sight: op.Spot.Sight}, func(v int) {
				s.spotted[v][c.side] += int8(op.Spot.Hit)
				happened = true
			})
		case op.Boost != nil:
			s.forEachSel(c, sel{who: op.Boost.Who, within: op.Boost.Within}, func(v int) {
				s.boost[v][statIndex[op.Boost.Stat]] += int8(op.Boost.Add)
				happened = true
			})
		case op.Pull != nil:
			if c.unit >= 0 && c.target >= 0 && s.inPlay(c.target) && s.inPlay(c.unit) {
				for range op.Pull.Tiles {
					t := s.pullTile(c.unit, c.target)
					if t == hex.None {
						break
					}
					ev = s.moveUnit(c.target, [2]hex.Tile{t, hex.None}, [2]Path{}, 1, dice, ev)
					happened = true
				}
			}
		case op.Damage != nil:
			s.forEach(c, op.Damage.Who, op.Damage.Within, func(v int) {
				ev = s.damage(v, op.Damage.N, RollEffect, dice, ev)
				happened = true
			})
		}
		if happened && len(op.IfYouDo) > 0 {
			ev, happened = s.runOps(op.IfYouDo, c, dice, ev)
		}
	}
	return ev, happened
}

// sel is a selector with its filters.
type sel struct {
	who      wbcatalog.Who
	within   int
	sight    bool
	max      int
	min      int
	token    int
	removing bool
}

// forEachSel calls f for every unit the selector picks; plural selectors
// with max take the Characters holding the most tokens first when removing
// tokens, the nearest first otherwise, ties by unit order
// (AutomaticChoices: UpToChoice).
func (s *State) forEachSel(c *opCtx, sl sel, f func(v int)) {
	ok := func(v int) bool {
		if sl.sight && (c.unit < 0 || !s.sees(c.unit, v)) {
			return false
		}
		if sl.min > 0 && int(s.units[v].tok[sl.token]) < sl.min {
			return false
		}
		return true
	}
	if sl.who != wbcatalog.WhoFriends && sl.who != wbcatalog.WhoEnemies {
		if sl.who == wbcatalog.WhoSelf {
			s.forEach(c, sl.who, sl.within, f)
			return
		}
		s.forEach(c, sl.who, sl.within, func(v int) {
			if ok(v) {
				f(v)
			}
		})
		return
	}
	var list [MaxUnits]int8
	n := 0
	for v := range s.g.units {
		if s.selects(c.unit, c.side, sl.who, sl.within, v) && ok(v) {
			list[n] = int8(v)
			n++
		}
	}
	if sl.max > 0 && n > sl.max {
		key := func(v int8) int {
			if sl.removing {
				return -int(s.units[v].tok[sl.token])
			}
			if c.unit >= 0 {
				return s.dist(c.unit, int(v))
			}
			return 0
		}
		// insertion sort: stable, no allocation
		for i := 1; i < n; i++ {
			for j := i; j > 0 && key(list[j]) < key(list[j-1]); j-- {
				list[j], list[j-1] = list[j-1], list[j]
			}
		}
		n = sl.max
	}
	for _, v := range list[:n] {
		f(int(v))
	}
}

// choiceColour is the Order colour a player picks when an effect lets them
// choose: the colour their Characters in play need most (ChoiceColour).
func (s *State) choiceColour(side int) int {
	var need [MaxColours]int
	for u := range s.g.units {
		if int(s.g.units[u].side) == side && s.inPlay(u) {
			for c, n := range s.prof(u).Cost {
				need[c] += int(n)
			}
		}
	}
	best := 0
	for c := range s.g.colours {
		if need[c] > need[best] {
			best = c
		}
	}
	return best
}

// pullTile is the open tile next to t one step closer to u, or hex.None
// (PullChoice: the first such tile in board order).
func (s *State) pullTile(u, t int) hex.Tile {
	if s.g.units[t].minis != 1 {
		return hex.None
	}
	from := s.units[t].tiles[0]
	d := s.dist(u, t)
	best := hex.None
	for _, n := range s.g.grid.Neighbours(from) {
		if n == hex.None || !s.freeTile(n) || (best != hex.None && n > best) {
			continue
		}
		nd := 1 << 30
		for _, x := range s.minis(u) {
			nd = min(nd, s.g.grid.Distance(x, n))
		}
		if nd < d && nd >= 1 {
			best = n
		}
	}
	return best
}

// forEach calls f for every unit the selector picks.
func (s *State) forEach(c *opCtx, who wbcatalog.Who, within int, f func(v int)) {
	switch who {
	case wbcatalog.WhoSelf:
		if c.unit >= 0 && s.inPlay(c.unit) {
			f(c.unit)
		}
	case wbcatalog.WhoTarget, wbcatalog.WhoFriend, wbcatalog.WhoEnemy:
		if c.target >= 0 && s.inPlay(c.target) {
			f(c.target)
			return
		}
		if c.active || who == wbcatalog.WhoTarget {
			return
		}
		// A triggered effect with nobody chosen: the nearest match.
		best, bd := -1, 1<<30
		for v := range s.g.units {
			if s.selects(c.unit, c.side, who, within, v) {
				d := 0
				if c.unit >= 0 {
					d = s.dist(c.unit, v)
				}
				if d < bd {
					best, bd = v, d
				}
			}
		}
		if best >= 0 {
			f(best)
		}
	case wbcatalog.WhoFriends, wbcatalog.WhoEnemies:
		for v := range s.g.units {
			if s.selects(c.unit, c.side, who, within, v) {
				f(v)
			}
		}
	}
}

func tokenIndex(name string) int {
	for i, n := range TokenNames {
		if n == name {
			return i
		}
	}
	return TokWound
}

// ---- active skills (R-CARD-2) ----

// skillRef returns the effect in slot i of unit u's profile, if active.
func (s *State) skillRef(u, i int) *effectRef {
	p := s.prof(u)
	if i < 0 || i >= len(p.effects) {
		return nil
	}
	r := &s.g.effects[p.effects[i]]
	if r.trig != TrigActive {
		return nil
	}
	return r
}

func (s *State) checkSkill(d *Decision) error {
	if s.pend != pendActivation {
		return fail(ErrWrongPhase)
	}
	u := int(s.act.unit)
	if d.Unit != s.act.unit {
		return fail(ErrUnknownUnit)
	}
	r := s.skillRef(u, int(d.Skill))
	if r == nil || s.act.skills&(1<<uint(d.Skill)) != 0 || !s.condition(u, r.eff.Condition) {
		return fail(ErrSkillUsed)
	}
	if r.choose != "" {
		if !s.selects(u, int(d.Side), r.choose, r.within, int(d.Target)) {
			return fail(ErrInvalidTarget)
		}
		if r.sight && !s.sees(u, int(d.Target)) {
			return fail(ErrNoSight)
		}
	}
	if r.moveMax > 0 {
		v := int(d.Target)
		if r.choose == "" {
			v = u
		}
		if v < 0 || !s.inPlay(v) {
			return fail(ErrInvalidTarget)
		}
		dst := [2]hex.Tile{d.Tile, d.Tile2}
		if s.g.units[v].minis == 1 {
			dst[1] = hex.None
		}
		if c := s.moveOK(v, dst, d.Path, r.moveMax); c != "" {
			return fail(c)
		}
	}
	return nil
}

func (s *State) doSkill(d *Decision, dice *Dice, ev []Event) []Event {
	u := int(s.act.unit)
	r := s.skillRef(u, int(d.Skill))
	s.act.skills |= 1 << uint(d.Skill)
	ev = append(ev, Event{Kind: EvSkill, Side: d.Side, Unit: d.Unit, N: int16(d.Skill), Cause: s.prof(u).effects[d.Skill] + 1})
	c := opCtx{unit: u, side: int(d.Side), target: -1, tiles: noTiles, active: true}
	if r.choose != "" {
		c.target = int(d.Target)
	}
	if r.moveMax > 0 {
		if r.choose == "" {
			c.target = u
		}
		c.tiles, c.paths = [2]hex.Tile{d.Tile, d.Tile2}, d.Path
		if s.g.units[c.target].minis == 1 {
			c.tiles[1] = hex.None
		}
	}
	return s.runEffect(s.prof(u).effects[d.Skill], &c, dice, ev)
}
