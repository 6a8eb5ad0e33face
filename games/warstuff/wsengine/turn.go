package wsengine

import (
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// canActivate reports whether figure f may take a go now (WS-ACT-3, 4).
func (s *State) canActivate(f int8) bool {
	fig := &s.figs[f]
	return fig.Side == s.toAct && !fig.has(fActivated) && fig.has(fInPlay|fReserve) && !fig.has(fFresh)
}

// sideCanAct reports whether side has a figure left to activate.
func (s *State) sideCanAct(side int8) bool {
	for i := range s.n {
		f := &s.figs[i]
		if f.Side == side && !f.has(fActivated) && f.has(fInPlay|fReserve) && !f.has(fFresh) {
			return true
		}
	}
	return false
}

// pass is a pass (WS-ACT-3), a refused free activation, or the end of the
// heroes' phase (WS-INV-10).
func (s *State) pass(x *ctx, d *Decision) error {
	switch s.pend {
	case pendFree:
		s.pend = pendNone
		s.free = NoFig
		return s.advance(x)
	case pendGo:
	default:
		return illegal(ErrNotNow)
	}
	if d.Side != s.toAct {
		return illegal(ErrNotYourTurn)
	}
	if s.g.multi() {
		return illegal(ErrNoPass) // WS-BIG-7
	}
	if s.g.Scenario == Invasion {
		x.note(EvPass, -1, -1, int16(s.toAct), "")
		s.pend = pendNone
		s.phase = 3 // the heroes' phase is over
		return s.advance(x)
	}
	if s.goes == 0 {
		return illegal(ErrFirstPass) // WS-ACT-3
	}
	s.goes++
	s.passes++
	x.note(EvPass, -1, -1, int16(s.toAct), "")
	s.pend = pendNone
	return s.advance(x)
}

// advance runs the game on until a decision is pending.
func (s *State) advance(x *ctx) error {
	for s.pend == pendNone && x.err == nil {
		if s.act.fig >= 0 {
			if err := s.run(x); err != nil {
				return err
			}
			continue
		}
		var err error
		if s.g.Scenario == Invasion {
			err = s.advanceInvasion(x)
		} else {
			err = s.advanceStandard(x)
		}
		if err != nil {
			return err
		}
	}
	return x.err
}

// advanceStandard: the next go, the end of the turn, the next turn.
func (s *State) advanceStandard(x *ctx) error {
	if s.turn == 0 {
		if s.su != suNone {
			return s.advanceSetup(x)
		}
		return s.startTurn(x)
	}
	// the go just taken ended (an activation or a pass)
	if s.g.multi() { // WS-BIG-7: no passing; sides with nothing to activate are skipped
		next := s.nextToAct(s.toAct)
		if next < 0 {
			return s.endTurn(x)
		}
		s.toAct, s.pend = next, pendGo
		return nil
	}
	if s.passes >= 2 || (!s.sideCanAct(0) && !s.sideCanAct(1)) { // WS-ACT-4
		return s.endTurn(x)
	}
	s.toAct = 1 - s.toAct
	if !s.sideCanAct(s.toAct) { // WS-ACT-3: an automatic pass
		s.passes++
		s.goes++
		x.note(EvPass, -1, -1, int16(s.toAct), "auto")
		return nil
	}
	s.pend = pendGo
	return nil
}

// newTurn clears the turn's activations.
func (s *State) newTurn(x *ctx) {
	s.turn++
	s.goes, s.passes = 0, 0
	for i := range s.n {
		s.figs[i].Flags &^= fActivated | fFresh
	}
	x.note(EvTurn, -1, -1, s.turn, "")
}

// startTurn is WS-ACT-1 (1) and (2).
func (s *State) startTurn(x *ctx) error {
	s.newTurn(x)
	return s.beginTurn(x)
}

// beginTurn is the start of a standard turn once its number is set.
func (s *State) beginTurn(x *ctx) error {
	if s.g.Scenario == Standard && s.turn >= 5 { // WS-SCEN-7
		v, err := s.roll(x, RollEnd, -1, 0, 0)
		if err != nil {
			return err
		}
		if int16(v) < s.turn {
			s.last = true
			x.note(EvLastTurn, -1, -1, s.turn, "")
		}
	}
	if s.g.multi() {
		return s.initiativeMulti(x)
	}
	if s.turn == 1 { // WS-SCEN-5: the attacker goes first
		s.first, s.toAct = s.g.Attacker, s.g.Attacker
		return s.openGo(x)
	}
	for { // WS-ACT-2, ties re-rolled (WS-QUAL-9)
		var r [2]int
		for side := range 2 {
			v, err := s.roll(x, RollInitiative, -1, 0, 0)
			if err != nil {
				return err
			}
			r[side] = int(v) + s.tactician(int8(side))
		}
		if r[0] != r[1] {
			w := int8(0)
			if r[1] > r[0] {
				w = 1
			}
			s.pend, s.toAct = pendFirst, w
			return nil
		}
	}
}

// openGo gives the first go of the turn to s.toAct (or passes for it).
func (s *State) openGo(x *ctx) error {
	if s.g.multi() && !s.sideCanAct(s.toAct) { // WS-BIG-7: skipped
		if next := s.nextToAct(s.toAct); next >= 0 {
			s.toAct = next
		}
	}
	if !s.sideCanAct(s.toAct) {
		s.passes++
		s.goes++
		x.note(EvPass, -1, -1, int16(s.toAct), "auto")
		return nil
	}
	s.pend = pendGo
	return nil
}

// tactician is +1 when the side has a Tactician in play not Stunned
// (WS-BUILD-53).
func (s *State) tactician(side int8) int {
	for i := range s.n {
		if s.figs[i].Side == side && s.inPlay(i) && !s.figs[i].has(fStunned) && s.has(i, Tactician) {
			return 1
		}
	}
	return 0
}

// endTurn is WS-ACT-1 (4): morale, the first player's band first
// (WS-MORALE-4), then the others in the order of play, then scoring on the
// last turn. It resumes after each MoraleTest decision (mstage: k, the
// k-th side's tests).
func (s *State) endTurn(x *ctx) error {
	if s.mstage == 0 {
		s.mstage = 1
		s.queueMorale(s.first)
	}
	for {
		if wait, err := s.testQueued(x); err != nil || wait {
			return err
		}
		if int(s.mstage) >= int(s.g.sides()) {
			break
		}
		s.mstage++
		s.queueMorale(s.sideAfter(s.first, s.mstage-1))
	}
	s.mstage = 0
	if s.pend == pendOver {
		return nil
	}
	if s.last || (s.g.MaxTurns > 0 && int(s.turn) >= s.g.MaxTurns) {
		s.score(x)
		return nil
	}
	return s.startTurn(x)
}

// bandTotal is the starting cost of band b (WS-MORALE-1).
func (s *State) bandTotal(b int8) int16 {
	t := int16(0)
	for i, f := range s.g.Figs {
		if f.Band == b && (s.g.Scenario != Invasion || f.Side == 0) {
			t += s.g.Profiles[s.g.Figs[i].Profile].Cost
		}
	}
	return t
}

// queueMorale queues the morale tests of side's bands that lost half
// their points (WS-MORALE-1 to 3): every figure of theirs in play.
func (s *State) queueMorale(side int8) {
	s.mq = 0
	for b := range int8(len(s.lost)) {
		total := s.bandTotal(b)
		if total == 0 || 2*s.lost[b] < total {
			continue
		}
		for i := range s.n {
			f := &s.figs[i]
			if f.Side != side || f.Band != b || !f.has(fInPlay) {
				continue
			}
			if s.g.Scenario == Invasion && f.Side == 1 {
				continue // creatures are Fearless (WS-INV-5)
			}
			s.mq |= 1 << i
		}
	}
}

// testQueued takes the queued morale tests. When their order or the
// Rallying figure to use is the player's choice (moraleChoice), it waits
// for a MoraleTest decision (WS-MORALE-4, WS-QUAL-8); otherwise it tests
// in figure order, each against the best quality it may use. It reports
// whether a decision is pending.
func (s *State) testQueued(x *ctx) (bool, error) {
	for s.mq != 0 && s.pend == pendNone {
		var i int8
		for s.mq&(1<<i) == 0 {
			i++
		}
		if !s.inPlay(i) { // eliminated meanwhile (an explosion)
			s.mq &^= 1 << i
			continue
		}
		if side := s.figs[i].Side; s.moraleChoice() && s.decides(side) {
			s.pend, s.toAct = pendMorale, side
			return true, nil
		}
		s.mq &^= 1 << i
		if err := s.moraleOf(x, i, rallyBest); err != nil {
			return false, err
		}
	}
	return s.pend != pendNone, nil
}

// moraleChoice reports whether the queued tests leave the player a choice
// that can matter: their order, when one of them is Suicidal (its
// explosion) or Rallying (its quality lent to the others); or the quality
// a figure that rolls tests against, when a Rallying friend is near.
func (s *State) moraleChoice() bool {
	n, order := 0, false
	for i := range s.n {
		if s.mq&(1<<i) == 0 || !s.inPlay(i) {
			continue
		}
		n++
		order = order || s.has(i, Suicidal) || s.has(i, Rallying)
		if s.has(i, Fearless) || s.figs[i].has(fStunned) {
			continue // no roll (WS-QUAL-8)
		}
		for j := range s.n {
			if s.rallies(i, j) {
				return true
			}
		}
	}
	return n >= 2 && order
}

// moraleOf is one end-of-turn morale test: a figure that fails is
// eliminated (WS-MORALE-1).
func (s *State) moraleOf(x *ctx, f, rally int8) error {
	ok, err := s.morale(x, f, rally)
	if err != nil || ok {
		return err
	}
	s.eliminate(x, f)
	return nil
}

// moraleTest is the player's MoraleTest decision: the next queued figure
// to test and the Rallying friend whose quality it uses (NoFig: its own).
func (s *State) moraleTest(x *ctx, d *Decision) error {
	switch {
	case s.pend != pendMorale:
		return illegal(ErrNotNow)
	case d.Side != s.toAct:
		return illegal(ErrNotYourTurn)
	case d.Fig < 0 || d.Fig >= s.n || s.mq&(1<<d.Fig) == 0 || !s.inPlay(d.Fig):
		return illegal(ErrBadTarget)
	case d.Target != NoFig && !s.rallies(d.Fig, d.Target):
		return illegal(ErrNoRally)
	}
	s.pend = pendNone
	s.mq &^= 1 << d.Fig
	if err := s.moraleOf(x, d.Fig, d.Target); err != nil {
		return err
	}
	return s.advance(x)
}

// Controller is the side controlling objective o (WS-SCEN-9), or −1.
func (s *State) Controller(o int) int {
	c := -1
	for i := range s.n {
		f := &s.figs[i]
		if !f.has(fInPlay) || f.has(fStunned) || s.has(i, Incapable) {
			continue
		}
		if geom.Gap(f.P, s.radius(i), s.g.Objectives[o], 0.5) <= 2 {
			if c >= 0 && c != int(f.Side) {
				return -1
			}
			c = int(f.Side)
		}
	}
	return c
}

// score is WS-SCEN-8 to 10.
func (s *State) score(x *ctx) {
	if s.g.multi() {
		s.scoreMulti(x)
		return
	}
	s.vp = s.killVP
	for o := range s.g.Objectives {
		c := s.Controller(o)
		switch {
		case c < 0:
		case o < len(s.g.SideVP):
			s.vp[c] += s.g.SideVP[o][c]
		case o < len(s.g.ObjectiveVP):
			s.vp[c] += s.g.ObjectiveVP[o]
		}
	}
	x.note(EvScore, -1, -1, s.vp[0], "")
	x.note(EvScore, -1, -1, s.vp[1], "")
	margin := int16(math.Round(float64(s.g.Format) / 10))
	switch d := s.vp[0] - s.vp[1]; {
	case d > margin:
		s.finish(x, 0)
	case -d > margin:
		s.finish(x, 1)
	default:
		s.finish(x, -1)
	}
}

// finish ends the game.
func (s *State) finish(x *ctx, winner int8) {
	if s.pend == pendOver {
		return
	}
	s.winner = winner
	if winner >= 0 {
		s.winners = 1 << winner
	}
	s.pend = pendOver
	s.act = activation{fig: NoFig}
	x.note(EvOver, -1, -1, int16(winner), "")
}

// sideAfter is the side k places after side in this turn's order of play:
// the other side of two; around the table by corner in a multiplayer game
// (WS-BIG-6).
func (s *State) sideAfter(side, k int8) int8 {
	if !s.g.multi() {
		return (side + k) % 2
	}
	dir := s.dir
	if dir == 0 {
		dir = 1
	}
	for ; k > 0; k-- {
		c := s.g.Corners[side]
		for step := int8(1); step <= 4; step++ {
			cc := ((c+dir*step)%4 + 4) % 4
			if o := s.sideAt(cc); o >= 0 {
				side = o
				break
			}
		}
	}
	return side
}

// sideAt is the side deploying in corner c, or −1.
func (s *State) sideAt(c int8) int8 {
	for i := range s.g.sides() {
		if s.g.Corners[i] == c {
			return i
		}
	}
	return -1
}

// nextToAct is the next side after side in the order of play that has a
// figure left to activate, or −1 (WS-BIG-7).
func (s *State) nextToAct(side int8) int8 {
	for k := int8(1); k <= s.g.sides(); k++ {
		if o := s.sideAfter(side, k); s.sideCanAct(o) {
			return o
		}
	}
	return -1
}

// initiativeMulti is a multiplayer turn's initiative (WS-BIG-6, turn 1
// included): every player rolls, +1 for a Tactician (WS-BUILD-53) and +1
// for the middle player of three (WS-BIG-8); ties for the highest are
// rolled again (WS-QUAL-9); the winner names the first player and the
// direction of play.
func (s *State) initiativeMulti(x *ctx) error {
	n := s.g.sides()
	for {
		var r [MaxSides]int
		best, ties := -1, 0
		for side := range n {
			v, err := s.roll(x, RollInitiative, -1, 0, 0)
			if err != nil {
				return err
			}
			r[side] = int(v) + s.tactician(side)
			if s.middle(side) {
				r[side]++
			}
			switch {
			case best < 0 || r[side] > r[best]:
				best, ties = int(side), 0
			case r[side] == r[best]:
				ties++
			}
		}
		if ties == 0 {
			s.pend, s.toAct = pendFirst, int8(best)
			return nil
		}
	}
}

// middle reports whether side sits between the two others of a
// three-player game: its corner shares a table edge with both of theirs
// (WS-BIG-8).
func (s *State) middle(side int8) bool {
	if s.g.sides() != 3 {
		return false
	}
	c := s.g.Corners[side]
	return s.sideAt((c+1)%4) >= 0 && s.sideAt((c+3)%4) >= 0
}

// scoreMulti is WS-BIG-9 and 10: the objectives' points and each player's
// own figures still in play; the highest total wins, and every player
// within 5 VP of it shares a draw.
func (s *State) scoreMulti(x *ctx) {
	n := s.g.sides()
	s.vp = [MaxSides]int16{}
	for o := range s.g.Objectives {
		if c := s.Controller(o); c >= 0 && o < len(s.g.ObjectiveVP) {
			s.vp[c] += s.g.ObjectiveVP[o]
		}
	}
	for i := range s.n {
		if s.inPlay(i) {
			s.vp[s.figs[i].Side] += s.prof(i).Cost
		}
	}
	top := int16(math.MinInt16)
	for side := range n {
		x.note(EvScore, -1, -1, s.vp[side], "")
		top = max(top, s.vp[side])
	}
	var w uint8
	count := 0
	for side := range n {
		if top-s.vp[side] <= 5 {
			w |= 1 << side
			count++
		}
	}
	if count == 1 {
		for side := range n {
			if w&(1<<side) != 0 {
				s.finish(x, side)
			}
		}
		return
	}
	s.finish(x, -1)
	s.winners = w
}

// Standing is what side would score if the game were scored now (the
// running score of a game's account): the eliminations' points and the
// objectives it controls (WS-SCEN-8, WS-BIG-3), or in a multiplayer game
// the objectives and its own figures in play (WS-BIG-9). Once the game is
// over it is the final score. An invasion has no score: 0.
func (s *State) Standing(side int) int {
	if s.Over() {
		return int(s.vp[side])
	}
	if s.g.Players > 0 {
		return 0
	}
	vp := 0
	if !s.g.multi() {
		vp = int(s.killVP[side])
	}
	for o := range s.g.Objectives {
		if c := s.Controller(o); c == side {
			switch {
			case o < len(s.g.SideVP) && !s.g.multi():
				vp += int(s.g.SideVP[o][c])
			case o < len(s.g.ObjectiveVP):
				vp += int(s.g.ObjectiveVP[o])
			}
		}
	}
	if s.g.multi() {
		for i := range s.n {
			if s.inPlay(i) && int(s.figs[i].Side) == side {
				vp += int(s.prof(i).Cost)
			}
		}
	}
	return vp
}
