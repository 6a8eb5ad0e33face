package wbengine

import (
	"wbtool.dev/wbtool/engine/hex"
)

// ---- activation (R-ACTV) ----

// cost returns the tokens unit u must pay on space sp: coloured part per
// colour and colourless part (R-ACTV-1, R-ACT-6 cost reduction).
func (s *State) cost(u, sp int) (col [MaxColours]int8, any int8) {
	p := s.prof(u)
	col = p.Cost
	any = p.Any
	if s.g.spaces[sp].reduce {
		any = 0
	}
	return col, any
}

// payment works out which tokens pay for an activation; ok is false when
// the side cannot pay. pay is the decision's choice for the colourless part
// (all zero: DefaultPayment).
//
// v is the second unit of a Multiple activation, or -1: the cost is then
// the sum of both (R-ACT-6).
func (s *State) payment(side, u, v, sp int, pay *[MaxColours]int8) (out [MaxColours]int8, ok bool) {
	col, any := s.cost(u, sp)
	if v >= 0 {
		col2, any2 := s.cost(v, sp)
		for c := range col {
			col[c] += col2[c]
		}
		any += any2
	}
	have := s.orders[side]
	nc := len(s.g.colours)
	for c := range nc {
		if have[c] < col[c] {
			return out, false
		}
		have[c] -= col[c]
		out[c] = col[c]
	}
	chosen := int8(0)
	for c := range nc {
		chosen += pay[c]
	}
	if chosen > 0 {
		if chosen != any {
			return out, false
		}
		for c := range nc {
			if pay[c] < 0 || have[c] < pay[c] {
				return out, false
			}
			out[c] += pay[c]
		}
		return out, true
	}
	// DefaultPayment: the largest pile first, ties by colour order.
	for ; any > 0; any-- {
		best := -1
		for c := range nc {
			if have[c] > 0 && (best < 0 || have[c] > have[best]) {
				best = c
			}
		}
		if best < 0 {
			return out, false
		}
		have[best]--
		out[best]++
	}
	return out, true
}

// partsValid tells which actions of a space unit u could do now (R-ACT-3).
func (s *State) partsValid(u int, acts actionSet) actionSet {
	if acts&aShoot != 0 {
		return s.partsValidScreened(u, acts, s.screenedBy(s.g.units[u].side))
	}
	return s.partsValidScreened(u, acts, 0)
}

// partsValidScreened is partsValid with the enemies screened from u's
// side worked out (screenedBy).
func (s *State) partsValidScreened(u int, acts actionSet, screened uint32) actionSet {
	var ok actionSet
	if acts&(aMove|aRun) != 0 {
		// A move of one tile is legal whenever a longer one is: the two
		// differ only when the allowance is 0.
		if acts&aMove != 0 && s.canMove(u, false) {
			ok |= aMove
			if acts&aRun != 0 {
				ok |= aRun
			}
		} else if acts&aRun != 0 && s.canMove(u, true) {
			ok |= aRun
		}
	}
	if acts&aFight != 0 && s.canFight(u) {
		ok |= aFight
	}
	if acts&aShoot != 0 && s.canShootScreened(u, screened) {
		ok |= aShoot
	}
	if acts&aHide != 0 && s.canHide(u) {
		ok |= aHide
	}
	return ok
}

func (s *State) checkActivate(d *Decision) error {
	if s.pend != pendAction {
		return fail(ErrWrongPhase)
	}
	u := int(d.Unit)
	if u < 0 || u >= len(s.g.units) || int(s.g.units[u].side) != int(d.Side) || !s.inPlay(u) {
		return fail(ErrUnknownUnit)
	}
	if err := s.openSpace(int(d.Space)); err != nil {
		return err
	}
	sp := &s.g.spaces[d.Space]
	if s.partsValid(u, sp.actions) == 0 { // CompositeSpaceValid (R-ACT-3)
		return fail(ErrSpaceInvalid)
	}
	v := int(d.With) - 1
	if v >= 0 {
		if !sp.multi {
			return fail(ErrNotMultiple)
		}
		if v == u {
			return fail(ErrMultipleSame)
		}
		if v >= len(s.g.units) || int(s.g.units[v].side) != int(d.Side) || !s.inPlay(v) {
			return fail(ErrUnknownUnit)
		}
		if s.partsValid(v, sp.actions) == 0 { // MultipleBothValid
			return fail(ErrSpaceInvalid)
		}
	} else if d.With < 0 {
		return fail(ErrUnknownUnit)
	}
	if _, ok := s.payment(int(d.Side), u, v, int(d.Space), &d.Pay); !ok {
		return fail(ErrCannotPay)
	}
	if sp.tempo && (d.Colour < 0 || int(d.Colour) >= len(s.g.colours)) {
		return fail(ErrNoTokens)
	}
	return nil
}

func (s *State) doActivate(d *Decision, dice *Dice, ev []Event) []Event {
	u, side, sp := int(d.Unit), int(d.Side), int(d.Space)
	paid, _ := s.payment(side, u, int(d.With)-1, sp, &d.Pay)
	for c, n := range paid[:len(s.g.colours)] {
		if n > 0 {
			s.orders[side][c] -= n
			s.spaces[sp].paid[c] += n
			s.paidTurn[side] += int16(n)
			ev = append(ev, Event{Kind: EvPay, Side: d.Side, Colour: int8(c), N: int16(n)})
		}
	}
	s.spaces[sp].taken = true // even with no token paid: ZeroCostTakesSpace
	ev = append(ev, Event{Kind: EvActivate, Side: d.Side, Unit: d.Unit, Space: d.Space})
	if s.hgSpace == d.Space && s.hourglass != d.Side { // R-INIT-2
		s.hourglass = d.Side
		ev = append(ev, Event{Kind: EvHourglass, Side: d.Side, Space: -1})
	}
	s.second = d.With // MultipleBothValid: the second one after the first
	return s.beginActivation(u, sp, d.Colour, dice, ev)
}

// beginActivation starts unit u's activation on space sp, paid already;
// gain is the temporisation colour of the first activation of the space,
// -1 for the second of a Multiple activation.
func (s *State) beginActivation(u, sp int, gain int8, dice *Dice, ev []Event) []Event {
	side := s.g.units[u].side
	us := &s.units[u]
	if us.activations > 0 && !s.hasFlag(u, FlagNoReactivationStress) { // R-ACTV-2, ReactivationStressFirst
		ev = s.addTokens(u, TokStress, 1, ev)
	}
	us.activations++
	s.spaces[sp].acts++
	if bit := uint32(1) << uint(u); s.maint&bit != 0 { // R-TURN-7: removed the first time
		s.maint &^= bit
		ev = append(ev, Event{Kind: EvMaintenance, Side: side, Unit: int8(u)})
	}
	if s.g.spaces[sp].tempo && gain >= 0 { // R-ACT-6 temporisation: at the start
		s.orders[side][gain]++
		ev = append(ev, Event{Kind: EvOrders, Side: side, Colour: gain, N: 1})
	}
	s.act = activation{unit: int8(u), space: int8(sp), remaining: s.g.spaces[sp].actions}
	s.pend = pendActivation
	return s.unitTrigger(u, TrigActivationStart, -1, dice, ev)
}

func (s *State) checkEnd() error {
	if s.pend != pendActivation {
		return fail(ErrWrongPhase)
	}
	if s.act.done == 0 && s.partsValid(int(s.act.unit), s.act.remaining) != 0 { // ActionRequired
		return fail(ErrActionRequired)
	}
	return nil
}

func (s *State) doEnd(dice *Dice, ev []Event) []Event {
	u := int(s.act.unit)
	ev = s.unitTrigger(u, TrigActivationEnd, -1, dice, ev)
	ev = append(ev, Event{Kind: EvEndActivation, Side: s.g.units[u].side, Unit: int8(u)})
	ev = s.interact(u, ev)
	ev = s.endOfActivation(u, dice, ev)
	sp := int(s.act.space)
	s.act = activation{}
	if v := int(s.second) - 1; v >= 0 { // Multiple: the second Character (R-ACT-6)
		s.second = 0
		if s.inPlay(v) {
			ev = append(ev, Event{Kind: EvActivate, Side: s.g.units[v].side, Unit: int8(v), Space: int8(sp)})
			return s.beginActivation(v, sp, -1, dice, ev)
		}
	}
	return s.nextActor(dice, ev)
}

// endOfActivation applies R-END-1 and R-END-2 to every Character in play:
// death first, then panic (DeathBeforePanic).
func (s *State) endOfActivation(active int, dice *Dice, ev []Event) []Event {
	g := s.g
	for u := range g.units {
		if !s.inPlay(u) {
			continue
		}
		if s.health(u) >= int(s.prof(u).Health)+s.statMod(u, StatHealth) {
			us := &s.units[u]
			us.removed = true
			s.cover &^= 1 << uint(u) // CoverLostOnAttackDice: it goes with the Character
			for _, t := range s.minis(u) {
				s.lift(u, t)
			}
			ev = append(ev, Event{Kind: EvRemoved, Side: g.units[u].side, Unit: int8(u)})
			ev = s.scoreEvent(scoreRemove, 1-int(g.units[u].side), ev)
			if g.units[u].side != g.units[active].side {
				ev = s.unitTrigger(active, TrigRemovesEnemy, u, dice, ev)
			}
		}
	}
	for u := range g.units {
		if !s.inPlay(u) {
			continue
		}
		p := s.prof(u)
		us := &s.units[u]
		if !us.panicked && p.Morale > 0 && int(us.tok[TokStress]) >= int(p.Morale)+s.statMod(u, StatMorale) {
			us.panicked = true
			us.tok[TokStress] = 0
			ev = append(ev, Event{Kind: EvPanic, Side: g.units[u].side, Unit: int8(u)})
			ev = s.scoreEvent(scorePanic, 1-int(g.units[u].side), ev)
		}
	}
	return ev
}

// addTokens puts n tokens of kind k on unit u; Stress needs a morale pool
// (R-END-3). It returns how many were placed through the events.
func (s *State) addTokens(u, k, n int, ev []Event) []Event {
	if n <= 0 {
		return ev
	}
	if k == TokStress && (s.units[u].panicked || s.prof(u).Morale == 0) {
		return ev // PanicNoMoralePool
	}
	s.units[u].tok[k] += int8(n)
	return append(ev, Event{Kind: EvToken, Side: s.g.units[u].side, Target: int8(u), Colour: int8(k), N: int16(n)})
}

// ---- movement (R-MOVE, R-FORM-2) ----

// blockedFor is the set of tiles a miniature of u cannot enter: obstacles
// and every miniature but its own.
func (s *State) blockedFor(u int) hex.Mask {
	m := s.g.blockMove.Or(s.sideTiles[0].Or(s.sideTiles[1])) // every miniature (Invariants: sideTiles)
	if s.inPlay(u) {
		for _, t := range s.minis(u) {
			m.Clear(t)
		}
	}
	return m
}

func (s *State) allowance(u int, run bool) int {
	p := s.prof(u)
	n := int(p.Speed) + s.statMod(u, StatSpeed)
	if run {
		n += int(p.Run) + s.statMod(u, StatRun)
	}
	return max(n, 0)
}

// canMove reports whether u can make at least one legal move.
func (s *State) canMove(u int, run bool) bool {
	n := s.allowance(u, run)
	if n == 0 {
		return false
	}
	t := s.minis(u)
	g := s.g.grid
	// Fast path: one free neighbour (next to the twin, for a Formation)
	// is a legal move of one tile.
	// (sideTiles holds every miniature: Invariants.)
	bm, s0, s1 := &s.g.blockMove, &s.sideTiles[0], &s.sideTiles[1]
	n0 := g.NeighbourMask(t[0])
	if len(t) == 1 {
		for i := range n0 {
			if n0[i]&^(bm[i]|s0[i]|s1[i]) != 0 {
				return true
			}
		}
		return false
	}
	n1 := g.NeighbourMask(t[1])
	for i := range n0 {
		if n0[i]&n1[i]&^(bm[i]|s0[i]|s1[i]) != 0 {
			return true
		}
	}
	found := false
	s.formationMoves(u, n, func(a, b hex.Tile) bool { found = true; return false })
	return found
}

// moveOK checks a move of unit u's miniatures to dst (hex.None: stays),
// by paths (zero: any path within n tiles).
func (s *State) moveOK(u int, dst [2]hex.Tile, paths [2]Path, n int) Code {
	_, c := s.movePlan(u, dst, paths, n)
	return c
}

// movePlan checks a move like moveOK and tells which miniature moves
// first (FormationMoveOrder: the first, unless only the other order
// works).
func (s *State) movePlan(u int, dst [2]hex.Tile, paths [2]Path, n int) (first int, code Code) {
	g := s.g
	t := s.minis(u)
	moved := false
	for i := range t {
		if dst[i] == hex.None {
			dst[i] = t[i]
		}
		if dst[i] < 0 || int(dst[i]) >= g.grid.Len() {
			return 0, ErrPathBlocked
		}
		if dst[i] != t[i] {
			moved = true
		} else if paths[i] != 0 {
			return 0, ErrPathInvalid // a miniature that stays has no path
		}
	}
	if !moved {
		return 0, ErrOutOfReach // a move covers at least one tile (R-MOVE-1)
	}
	blocked := s.blockedFor(u)
	if len(t) == 1 {
		return 0, s.stepsCode(t[0], dst[0], paths[0], n, &blocked)
	}
	if dst[0] == dst[1] {
		return 0, ErrPathBlocked
	}
	if !g.grid.Adjacent(dst[0], dst[1]) {
		return 0, ErrFormationSplit
	}
	// FormationMoveOrder: first then second, else second then first.
	var firstCode Code
	for _, order := range [2][2]int{{0, 1}, {1, 0}} {
		a, b := order[0], order[1]
		m := blocked
		m.Set(t[b])
		c := s.stepsCode(t[a], dst[a], paths[a], n, &m)
		if c == "" {
			m = blocked
			m.Set(dst[a])
			c = s.stepsCode(t[b], dst[b], paths[b], n, &m)
		}
		if c == "" {
			return a, ""
		}
		if firstCode == "" {
			firstCode = c
		}
	}
	return 0, firstCode
}

// stepsCode checks one miniature's move from a to b in at most n tiles:
// by path p when it is given (R-MOVE-1: every tile of it free), by any
// path otherwise.
func (s *State) stepsCode(a, b hex.Tile, p Path, n int, blocked *hex.Mask) Code {
	if c := s.pathCode(a, b, n, blocked); c != "" || p == 0 {
		return c
	}
	return s.g.walkCode(a, b, p, n, blocked)
}

// pathCode checks one miniature's move from a to b in at most n tiles.
func (s *State) pathCode(a, b hex.Tile, n int, blocked *hex.Mask) Code {
	if a == b {
		return ""
	}
	if blocked.Has(b) {
		return ErrPathBlocked
	}
	if s.g.grid.Distance(a, b) > n {
		return ErrOutOfReach
	}
	if s.g.grid.PathLength(a, b, n, blocked) < 0 {
		return ErrPathBlocked
	}
	return ""
}

func (s *State) checkMove(d *Decision) error {
	if s.pend != pendActivation {
		return fail(ErrWrongPhase)
	}
	need := aMove
	if d.Run {
		need = aRun
	}
	if s.act.remaining&need == 0 {
		return fail(ErrNoAction)
	}
	u := int(s.act.unit)
	if d.Unit != s.act.unit {
		return fail(ErrUnknownUnit)
	}
	dst := [2]hex.Tile{d.Tile, d.Tile2}
	if s.g.units[u].minis == 1 {
		dst[1] = hex.None
	}
	if c := s.moveOK(u, dst, d.Path, s.allowance(u, d.Run)); c != "" {
		return fail(c)
	}
	return nil
}

func (s *State) doMove(d *Decision, dice *Dice, ev []Event) []Event {
	u := int(d.Unit)
	dst := [2]hex.Tile{d.Tile, d.Tile2}
	if s.g.units[u].minis == 1 {
		dst[1] = hex.None
	}
	ev = s.moveUnit(u, dst, d.Path, s.allowance(u, d.Run), dice, ev)
	if d.Run {
		s.act.remaining &^= aRun
		s.act.did |= aRun
	} else {
		s.act.remaining &^= aMove
		s.act.did |= aMove
	}
	s.act.done++
	return s.unitTrigger(u, TrigAfterMove, -1, dice, ev)
}

// relocate moves u's miniatures to dst (hex.None: stays).
func (s *State) relocate(u int, dst [2]hex.Tile, ev []Event) []Event {
	us := &s.units[u]
	n := int(s.g.units[u].minis)
	for i := range n {
		s.lift(u, us.tiles[i])
	}
	for i := range n {
		if dst[i] != hex.None && dst[i] != us.tiles[i] {
			ev = s.loseCover(u, ev) // R-HIDE-4: moved by any means
			us.tiles[i] = dst[i]
			ev = append(ev, Event{Kind: EvMove, Side: s.g.units[u].side, Unit: int8(u), Mini: int8(i), Tile: dst[i]})
		}
		s.put(u, us.tiles[i])
	}
	return ev
}

// ---- geometry between units ----

// dist is the distance between two units, nearer miniatures
// (FormationDistance, R-FORM-3).
func (s *State) dist(a, b int) int {
	best := 1 << 30
	g := s.g
	if g.distance != nil {
		n := g.grid.Len()
		if g.units[a].minis == 1 && g.units[b].minis == 1 {
			return int(g.distance[int(s.units[a].tiles[0])*n+int(s.units[b].tiles[0])])
		}
		for _, x := range s.minis(a) {
			for _, y := range s.minis(b) {
				best = min(best, int(g.distance[int(x)*n+int(y)]))
			}
		}
		return best
	}
	for _, x := range s.minis(a) {
		for _, y := range s.minis(b) {
			best = min(best, g.grid.Distance(x, y))
		}
	}
	return best
}

// adjacentTo reports whether a miniature of a stands next to one of b.
func (s *State) adjacentTo(a, b int) bool { return s.dist(a, b) == 1 }

// nextToSide reports whether a miniature of side stands next to one of
// u's (u's own miniatures do not count).
func (s *State) nextToSide(u int, side int8) bool {
	t := s.minis(u)
	if side != s.g.units[u].side { // u's own miniatures are not in the set
		m := &s.sideTiles[side]
		for _, x := range t {
			if s.g.grid.NeighbourMask(x).Intersects(m) {
				return true
			}
		}
		return false
	}
	m := s.sideTiles[side]
	for _, x := range t {
		if int(s.occ[x]) == u+1 {
			m.Clear(x) // u's own miniatures do not count
		}
	}
	for _, x := range t {
		if s.g.grid.NeighbourMask(x).Intersects(&m) {
			return true
		}
	}
	return false
}

// engaged reports whether an enemy stands next to u (R-SHOOT-1, R-FORM-3).
func (s *State) engaged(u int) bool { return s.nextToSide(u, 1-s.g.units[u].side) }

// screened reports whether target t stands next to one of side's
// Characters (R-SHOOT-1, ScreeningIncludesShooter).
func (s *State) screened(t int, side int8) bool { return s.nextToSide(t, side) }

// sees reports whether one miniature of a sees one of b (R-SHOOT-2,
// SightRule, R-FORM-3).
func (s *State) sees(a, b int) bool {
	for _, x := range s.minis(a) {
		for _, y := range s.minis(b) {
			if s.g.sightFrom != nil {
				if s.g.sightFrom[x].Has(y) {
					return true
				}
			} else if s.g.grid.Sight(x, y, &s.g.blockSight) {
				return true
			}
		}
	}
	return false
}

// closest reports whether t is among the enemies of u at the fewest tiles
// (R-SHOOT-3), seen or not, screened or not.
func (s *State) closest(u, t int) bool {
	side := s.g.units[u].side
	dt := s.dist(u, t)
	for v := range s.g.units {
		if s.g.units[v].side != side && s.inPlay(v) && s.dist(u, v) < dt {
			return false
		}
	}
	return true
}
