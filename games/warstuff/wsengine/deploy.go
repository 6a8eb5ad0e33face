package wsengine

import (
	"fmt"
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// The set-up as decisions (Game.Deploy): the roll-offs, the choice of
// corners and each figure's placement go through Legal and Do like every
// other decision (the digest's section 19, "Set-up"):
//
//   - two players (WS-SCEN-2 to 4): each rolls a die, ties rolled again
//     (WS-QUAL-9); the winner names the attacker (Attacker); the attacker
//     chooses a corner (Corner), the other player takes the opposite one;
//     the attacker places all its figures within 9" of its corner, then the
//     other player (Deploy; a Teleport figure may stay in reserve instead,
//     Reserve, WS-BUILD-54); then the Infiltrators, the attacker's first,
//     anywhere more than 9" from every enemy (Infiltrate, WS-BUILD-42);
//   - multiplayer (WS-BIG-5): every player rolls, the tied ones rolling
//     again among themselves; in decreasing order of the rolls each chooses
//     a free corner and places its figures there; then the Infiltrators in
//     the same order;
//   - the invasion (WS-INV-3): each hero player, in band order (the
//     engine's Decision: the source gives no order), chooses a corner of
//     its own and deploys as in WS-SCEN-4, after Late Arrival's spawning
//     (WS-VAR-1).
//
// A player places its figures one by one in any order; none may overlap
// a base or an objective marker, leave the table or touch an enemy
// (WS-SCEN-4's Decision, WS-VAR-1's).

// set-up stages (State.su).
const (
	suNone       int8 = iota // no set-up pending
	suRollOff                // the roll-off is to be rolled
	suAttacker               // the winner names the attacker
	suCorner                 // order[placing] chooses a corner
	suDeploy                 // order[placing] places its ordinary figures
	suInfiltrate             // order[placing] places its Infiltrators
)

// deployZone is the distance from its corner within which a player
// deploys (WS-SCEN-4, WS-BIG-1, WS-BIG-5, WS-INV-3).
const deployZone = 9

// Roll purposes of the set-up.
const (
	RollAttacker   = "attacker"   // who chooses the attacker (WS-SCEN-2)
	RollDeployment = "deployment" // multiplayer deployment order (WS-BIG-5)
)

// Error codes of the set-up's decisions.
const (
	ErrNotInZone      = "not-in-zone"       // WS-SCEN-4: within 9" of its corner
	ErrDeployed       = "already-deployed"  // the figure is placed or in reserve
	ErrInfiltrateLate = "infiltrates-later" // WS-BUILD-42: after every other figure
	ErrNoInfiltrator  = "not-an-infiltrator"
	ErrNoTeleport     = "no-teleport" // WS-BUILD-54
	ErrCornerTaken    = "corner-taken"
)

// players is the number of players who set up: the sides, or the hero
// bands of the invasion.
func (g *Game) players() int8 {
	if g.Scenario == Invasion {
		return int8(max(g.Players, 1))
	}
	return g.sides()
}

// playerOf is the player figure f belongs to: its side, or its band in
// the invasion (every hero is side 0).
func (s *State) playerOf(f int8) int8 {
	if s.g.Scenario == Invasion {
		return s.figs[f].Band
	}
	return s.figs[f].Side
}

// sideOfPlayer is the side a player decides for.
func (s *State) sideOfPlayer(p int8) int8 {
	if s.g.Scenario == Invasion {
		return 0
	}
	return p
}

// Placing is the player placing or choosing now during the set-up (a
// side, a hero band in the invasion), or −1 once the set-up is over.
func (s *State) Placing() int {
	if s.su < suCorner {
		return -1
	}
	return int(s.order[s.placing])
}

// InSetup reports whether the set-up is still going on.
func (s *State) InSetup() bool { return s.su != suNone }

// Unplaced reports whether figure i waits to be deployed.
func (s *State) Unplaced(i int) bool { return s.figs[i].has(fUnplaced) }

// Reserved reports whether figure i is in reserve (WS-BUILD-54).
func (s *State) Reserved(i int) bool { return s.figs[i].has(fReserve) }

// regame replaces the state's game by a copy changed by f: what the
// set-up decides (the attacker, the corners, where the objectives lie)
// is fixed from then on. The game the state started with is not touched.
func (s *State) regame(f func(g *Game)) {
	ng := *s.g
	f(&ng)
	s.g = &ng
}

// advanceSetup runs the set-up until it waits for a decision or ends.
func (s *State) advanceSetup(x *ctx) error {
	for {
		switch s.su {
		case suRollOff:
			return s.rollOff(x)
		case suAttacker:
			s.pend = pendAttacker
			return nil
		case suCorner:
			s.pend, s.toAct = pendCorner, s.sideOfPlayer(s.order[s.placing])
			return nil
		case suDeploy, suInfiltrate:
			inf := s.su == suInfiltrate
			if s.toPlace(s.order[s.placing], inf) {
				s.pend, s.toAct = pendDeploy, s.sideOfPlayer(s.order[s.placing])
				return nil
			}
			s.placing++
			switch {
			case s.placing < s.g.players() && !inf && s.g.twoSided():
				// the other player deploys in the opposite corner
			case s.placing < s.g.players() && !inf:
				s.su = suCorner
			case s.placing < s.g.players():
			case !inf:
				s.su, s.placing = suInfiltrate, 0
			default:
				s.su, s.placing = suNone, 0
				return nil
			}
		default:
			return nil
		}
	}
}

// twoSided reports whether the set-up is the standard one of two
// players: an attacker and the opposite corner (WS-SCEN-2, 3).
func (g *Game) twoSided() bool { return g.Scenario != Invasion && !g.multi() }

// toPlace reports whether player p has figures left to place in this
// stage: ordinary ones, or Infiltrators (inf).
func (s *State) toPlace(p int8, inf bool) bool {
	for i := range s.n {
		if s.figs[i].has(fUnplaced) && s.playerOf(i) == p && s.has(i, Infiltrator) == inf {
			return true
		}
	}
	return false
}

// rollOff is the set-up's roll-off: who names the attacker (WS-SCEN-2),
// or the multiplayer deployment order (WS-BIG-5); ties are rolled again
// (WS-QUAL-9). The invasion has none: the hero players choose in band
// order.
func (s *State) rollOff(x *ctx) error {
	n := s.g.players()
	players := make([]int8, n)
	for i := range players {
		players[i] = int8(i)
	}
	if s.g.Scenario == Invasion {
		copy(s.order[:], players)
		s.su, s.placing = suCorner, 0
		return nil
	}
	purpose := RollDeployment
	if s.g.twoSided() {
		purpose = RollAttacker
	}
	order, err := s.rollOrder(x, purpose, players)
	if err != nil {
		return err
	}
	copy(s.order[:], order)
	if s.g.twoSided() {
		s.su, s.toAct = suAttacker, order[0]
		return nil
	}
	s.su, s.placing = suCorner, 0
	return nil
}

// rollOrder orders players by decreasing rolls, the tied ones rolling
// again among themselves until no tie is left (WS-QUAL-9, WS-BIG-5). Each
// roll's event names its player (Event.N).
func (s *State) rollOrder(x *ctx, purpose string, players []int8) ([]int8, error) {
	if len(players) < 2 {
		return players, nil
	}
	var by [7][]int8
	for _, p := range players {
		v, err := s.roll(x, purpose, -1, 0, 0)
		if err != nil {
			return nil, err
		}
		x.ev[len(x.ev)-1].N = int16(p)
		by[v] = append(by[v], p)
	}
	var out []int8
	for v := 6; v >= 1; v-- {
		o, err := s.rollOrder(x, purpose, by[v])
		if err != nil {
			return nil, err
		}
		out = append(out, o...)
	}
	return out, nil
}

// setupDecision applies a decision of the set-up.
func (s *State) setupDecision(x *ctx, d *Decision) error {
	switch d.Kind {
	case Attacker:
		if s.pend != pendAttacker {
			return illegal(ErrNotNow)
		}
		if d.Side != s.toAct {
			return illegal(ErrNotYourTurn) // the roll-off's winner names it (WS-SCEN-2)
		}
		if d.Choice < 0 || d.Choice > 1 {
			return illegal(ErrBadTarget)
		}
		s.chooseAttacker(x, d.Choice)
	case Corner:
		if s.pend != pendCorner {
			return illegal(ErrNotNow)
		}
		if d.Side != s.toAct {
			return illegal(ErrNotYourTurn)
		}
		if d.Choice < 0 || d.Choice > 3 {
			return illegal(ErrBadTarget)
		}
		if s.cornerTaken(d.Choice) {
			return illegal(ErrCornerTaken) // a free corner (WS-BIG-5, WS-INV-3)
		}
		s.chooseCorner(x, d.Choice)
	case Deploy, Infiltrate, Reserve:
		if err := s.checkPlace(d); err != nil {
			return err
		}
		s.placeFig(x, d)
	default:
		return illegal(ErrBadOption)
	}
	s.pend = pendNone
	return s.advance(x)
}

// chooseAttacker makes side the attacker (WS-SCEN-2), who then chooses
// its corner and deploys first. A big game's objectives on the deployment
// diagonal score for the side by its half (WS-BIG-3): their columns
// follow the attacker.
func (s *State) chooseAttacker(x *ctx, side int8) {
	s.regame(func(g *Game) {
		if side != g.Attacker && g.SideVP != nil {
			vp := make([][2]int16, len(g.SideVP))
			for o, v := range g.SideVP {
				vp[o] = [2]int16{v[1], v[0]}
			}
			g.SideVP = vp
		}
		g.Attacker = side
	})
	s.order = [MaxSides]int8{side, 1 - side}
	x.note(EvAttacker, -1, -1, int16(side), "")
	s.su, s.placing, s.toAct = suCorner, 0, side
}

// cornerTaken reports whether a player already deploys in corner c.
func (s *State) cornerTaken(c int8) bool {
	for k := range s.placing {
		if s.g.Corners[s.order[k]] == c {
			return true
		}
	}
	return false
}

// chooseCorner gives the corner to the player choosing; in a game of two
// the other player takes the opposite corner and the objectives turn with
// the corners: the secondaries lie on the diagonal joining the unused
// corners (WS-SCEN-3, WS-BIG-2), the game's objectives being given for
// an attacker in the SW corner.
func (s *State) chooseCorner(x *ctx, c int8) {
	p := s.order[s.placing]
	s.regame(func(g *Game) {
		g.Corners[p] = c
		if !g.twoSided() {
			return
		}
		g.Corners[s.order[1]] = (c + 2) % 4
		if c == 0 || len(g.Objectives) == 0 {
			return
		}
		objs := make([]geom.Vec, len(g.Objectives))
		for i, o := range g.Objectives {
			for range c { // a quarter turn takes SW to NW, NW to NE, …
				o = geom.Vec{X: o.Y, Y: g.Size - o.X}
			}
			objs[i] = o
		}
		g.Objectives = objs
	})
	x.note(EvCorner, -1, -1, int16(c), s.g.sideName(s.sideOfPlayer(p)))
	s.su = suDeploy
}

// checkPlace checks a Deploy, Infiltrate or Reserve decision.
func (s *State) checkPlace(d *Decision) error {
	at := geom.Vec{}
	if d.Path.N == 1 {
		at = d.Path.W[0].P
	}
	if code := s.placeCode(d.Kind, d.Side, d.Fig, d.Path.N, at); code != "" {
		return illegal(code)
	}
	return nil
}

// placeCode is checkPlace's verdict on placing figure f at at (n the
// path's points): the illegal decision's code, "" when legal. It
// allocates nothing, for the set-up's lists (placePoints).
func (s *State) placeCode(kind Kind, side, f, n int8, at geom.Vec) string {
	if s.pend != pendDeploy {
		return ErrNotNow
	}
	if f < 0 || f >= s.n {
		return ErrUnknownFig
	}
	p := s.order[s.placing]
	if side != s.toAct || s.playerOf(f) != p || s.figs[f].Side != s.toAct {
		return ErrNotYourTurn // WS-SCEN-4: one player after the other
	}
	if !s.figs[f].has(fUnplaced) {
		return ErrDeployed
	}
	inf := s.has(f, Infiltrator)
	switch kind {
	case Reserve:
		if !s.has(f, Teleport) {
			return ErrNoTeleport
		}
		return ""
	case Infiltrate:
		if !inf {
			return ErrNoInfiltrator
		}
		if s.su != suInfiltrate {
			return ErrInfiltrateLate
		}
	case Deploy:
		if inf {
			return ErrInfiltrateLate // WS-BUILD-42: Infiltrate, after the others
		}
	}
	if n != 1 {
		return ErrNoMove // one point: where it stands
	}
	return s.placeAt(kind, f, p, at)
}

// placeAt is placeCode's verdict on the point itself, once the figure may
// be placed by player p with this kind.
func (s *State) placeAt(kind Kind, f, p int8, at geom.Vec) string {
	r := s.radius(f)
	if at.X-r < 0 || at.Y-r < 0 || at.X+r > s.g.Size || at.Y+r > s.g.Size {
		return ErrOffTable
	}
	if kind == Deploy {
		corner := CornerAt(int(s.g.Corners[p]), s.g.Size)
		if !geom.Within(at, r, corner, 0, deployZone) && geom.Dist(at, corner)-r > deployZone+1e-9 {
			return ErrNotInZone
		}
	}
	near := geom.Contact
	if kind == Infiltrate {
		near = deployZone
	}
	for j := range s.n {
		if !s.inPlay(j) || !s.enemies(f, j) {
			continue
		}
		rj := s.radius(j)
		if geom.Apart(at, r, s.figs[j].P, rj, near) {
			continue // certainly farther: the same verdict without Hypot
		}
		gap := near - 1 // certainly nearer than near: the same verdict
		if !geom.Within(at, r, s.figs[j].P, rj, near) {
			gap = geom.Gap(at, r, s.figs[j].P, rj)
		}
		if kind == Infiltrate && gap <= deployZone {
			return ErrNearEnemy // more than 9" from every enemy (WS-BUILD-42)
		}
		if gap <= geom.Contact {
			return ErrEnemyContact // WS-SCEN-4, WS-VAR-1
		}
	}
	if s.overlaps(f, at) {
		return ErrOverlap
	}
	return ""
}

// placeFig carries out a checked Deploy, Infiltrate or Reserve.
func (s *State) placeFig(x *ctx, d *Decision) {
	fig := &s.figs[d.Fig]
	if d.Kind == Reserve {
		fig.Flags = fig.Flags&^fUnplaced | fReserve
		x.note(EvDeploy, d.Fig, -1, 0, "reserve")
		return
	}
	fig.Flags = fig.Flags&^fUnplaced | fInPlay
	fig.P = d.Path.W[0].P
	fig.Z = s.elevationAt(fig.P)
	how := "at"
	if d.Kind == Infiltrate {
		how = "infiltrates to"
	}
	x.note(EvDeploy, d.Fig, -1, 0, fmt.Sprintf("%s (%.1f, %.1f)", how, fig.P.X, fig.P.Y))
}

// legalSetup lists the set-up's decisions: every choice of attacker and
// corner, and for each figure to place a sample of points (Do accepts any
// legal point): in its zone, the points of a few rays from the corner;
// for an Infiltrator, the legal points of a 2" grid nearest the centre
// and each objective; a Teleport figure's reserve.
func (s *State) legalSetup(buf []Decision) []Decision {
	switch s.pend {
	case pendAttacker:
		for side := range int8(2) {
			d := NewDecision(Attacker, s.toAct, NoFig)
			d.Choice = side
			buf = append(buf, d)
		}
	case pendCorner:
		for c := range int8(4) {
			if !s.cornerTaken(c) {
				d := NewDecision(Corner, s.toAct, NoFig)
				d.Choice = c
				buf = append(buf, d)
			}
		}
	case pendDeploy:
		p := s.order[s.placing]
		inf := s.su == suInfiltrate
		// a figure's points depend on it only through its base: the
		// player's other figures of the same size reuse them
		var sizes [8]float64
		var points [8][]geom.Vec
		known := 0
		for f := range s.n {
			if !s.figs[f].has(fUnplaced) || s.playerOf(f) != p || s.has(f, Infiltrator) != inf {
				continue
			}
			if s.has(f, Teleport) {
				buf = append(buf, NewDecision(Reserve, s.toAct, f))
			}
			kind := Deploy
			if inf {
				kind = Infiltrate
			}
			r, pts := s.radius(f), []geom.Vec(nil)
			k := 0
			for k < known && sizes[k] != r {
				k++
			}
			if k < known {
				pts = points[k]
			} else {
				pts = s.placePoints(f, kind)
				if known < len(sizes) {
					sizes[known], points[known] = r, pts
					known++
				}
			}
			for _, at := range pts {
				d := NewDecision(kind, s.toAct, f)
				d.Path = Line(at)
				buf = append(buf, d)
			}
		}
	}
	return buf
}

// placePoints samples legal points for figure f: in its zone, the
// farthest, middle and nearest free points of three rays from its corner
// (or the first free point of a crowded corner); for an Infiltrator the
// legal points of a 2" grid nearest the centre and each objective.
func (s *State) placePoints(f int8, kind Kind) []geom.Vec {
	var out []geom.Vec
	if s.placeCode(kind, s.toAct, f, 0, geom.Vec{}) != ErrNoMove {
		return nil // the figure may not be placed: no point is legal
	}
	p := s.order[s.placing]
	ok := func(at geom.Vec) bool { return s.placeAt(kind, f, p, at) == "" }
	r := s.radius(f)
	if kind == Deploy {
		corner := CornerAt(int(s.g.Corners[s.order[s.placing]]), s.g.Size)
		in := geom.Vec{X: s.g.Size / 2, Y: s.g.Size / 2}.Sub(corner).Unit()
		// rays from the corner: toward the centre and along the edges,
		// each at its farthest, middle and nearest free point
		for _, deg := range [...]float64{0, -40, 40} {
			a := deg * math.Pi / 180
			u := geom.Vec{X: in.X*math.Cos(a) - in.Y*math.Sin(a), Y: in.X*math.Sin(a) + in.Y*math.Cos(a)}
			for _, dist := range [...]float64{deployZone, deployZone * 0.6, deployZone * 0.25} {
				for t := dist; t > r*math.Sqrt2; t -= 0.5 {
					if at := corner.Add(u.Scale(t)); ok(at) {
						out = append(out, at)
						break
					}
				}
			}
		}
		if len(out) == 0 { // a crowded corner: the first free point
			for ring := 0.0; ring <= deployZone && len(out) == 0; ring += 0.5 {
				for a := 0.0; a <= 90 && len(out) == 0; a += 5 {
					rad := (a - 45) * math.Pi / 180
					u := geom.Vec{X: in.X*math.Cos(rad) - in.Y*math.Sin(rad), Y: in.X*math.Sin(rad) + in.Y*math.Cos(rad)}
					if at := corner.Add(u.Scale(ring + r*math.Sqrt2 + 0.05)); ok(at) {
						out = append(out, at)
					}
				}
			}
		}
		return out
	}
	// Infiltrate: the legal grid points nearest the centre and each
	// objective: for each, the first legal point of the grid in order of
	// distance (gridByDistance), each point tested once
	nx := 0
	for x := 1.0; x < s.g.Size; x += 2 {
		nx++
	}
	var tested [gridMemo]int8 // 1 legal, 2 not, by grid index
	legal := func(at geom.Vec) bool {
		i := int((at.X-1)/2)*nx + int((at.Y-1)/2)
		if nx*nx > gridMemo {
			return ok(at)
		}
		if tested[i] == 0 {
			tested[i] = 2 - b2i(ok(at))
		}
		return tested[i] == 1
	}
	for i := -1; i < len(s.g.Objectives); i++ {
		goal := geom.Vec{X: s.g.Size / 2, Y: s.g.Size / 2}
		if i >= 0 {
			goal = s.g.Objectives[i]
		}
		for _, at := range s.table.gridByDistance(s.g.Size, goal) {
			if legal(at) {
				if !containsVec(out, at) {
					out = append(out, at)
				}
				break
			}
		}
	}
	return out
}

// gridMemo bounds the grid points placePoints remembers the test of (a
// table of side 64).
const gridMemo = 32 * 32

func containsVec(vs []geom.Vec, v geom.Vec) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}
