package ubengine

import (
	"fmt"
	"slices"
)

// Unit is one unit of a side. ID is its 1-based index in State.Units.
type Unit struct {
	ID   int
	Side int
	Name string
	Type UnitType
	Size int // places it takes in a transport (U-ORDER-7)
	// Capacity is a vehicle's transport capacity; 0 for none (U-UNIT-2).
	Capacity       int
	MayEmbark      bool // may ride in transports (U-ORDER-7)
	MayCharge      bool // may take Assault (U-ORDER-5, Decision)
	AssaultVehicle bool // units leaving it may still assault (U-ORDER-5)
	MustMove       bool // makes its base move with every planned order (U-ORDER-2)

	// Tokens is the unit's activation tokens: 0 or 1 (U-TOKEN).
	Tokens int
	// Locked: still locked in close combat; no token next turn (U-TOKEN-4).
	Locked bool
	// In is the transport carrying the unit, 0 when on the table.
	In int
	// Per-turn facts.
	NoThrottle     bool // a unit embarked into it this turn (U-ORDER-7)
	LeftTransport  bool // disembarked this turn (U-ORDER-5)
	TransportMoved bool // its transport had moved when it disembarked
	Cover          bool // Take Cover / Go to Ground bonus until its next order
	// Gone: destroyed or otherwise off the battlefield for good (U-TOKEN-6).
	Gone bool
	// Reserve: kept in reserve, not yet on the battlefield: no token
	// until it arrives (U-RES-4).
	Reserve bool
}

// Phase is where the order step stands.
type Phase int

const (
	// Planning: Active gives a planned order (U-TURN-2).
	Planning Phase = iota
	// Reacting: Deciding declares one immediate order or none (U-REACT-3).
	Reacting
	// Countering: the active side may answer once (U-REACT-4).
	Countering
	// Melee: no token left; close combat and end of turn (U-MELEE-1).
	Melee
)

// Window is a planned order's reaction window.
type Window struct {
	Planned   Order
	Reactions []Order // at most one per other side, in seat order
	Counter   *Order
	asked     []int // sides still to declare, in seat order
}

// State is the whole protocol state, a plain value: Apply returns a new
// one and never changes its receiver.
type State struct {
	Turn       int
	Sides      int
	Initiative int // the side with the initiative this turn
	Units      []Unit
	Phase      Phase
	Active     int // the side giving the current planned order
	Deciding   int // the side to move now
	Window     *Window
	Given      int // planned orders closed this turn
	// Orders are the orders' rules the engine reads (Decision
	// U-ORDER-11); New sets DefaultOrders, WithOrders others.
	Orders Orders
}

// Refusal is a refused order: a stable code and the rule it breaks.
type Refusal struct {
	Code string
	Rule string
	Msg  string
	// format and args make Msg when Error is called: Legal tries many
	// orders and formats none of its refusals.
	format string
	args   []any
}

func (r *Refusal) Error() string {
	if r.Msg == "" && r.format != "" {
		r.Msg = fmt.Sprintf(r.format, r.args...)
	}
	return fmt.Sprintf("%s (%s): %s", r.Code, r.Rule, r.Msg)
}

func refuse(code, rule, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Rule: rule, format: format, args: args}
}

// New starts turn 1's order step: every unit not kept locked receives a
// token (U-TOKEN-1 … U-TOKEN-4) and the initiative side plans first.
func New(sides int, units []Unit, initiative int) (State, error) {
	if sides < 2 {
		return State{}, refuse("sides", "U-UNIT-4", "a game needs at least two sides, got %d", sides)
	}
	if initiative < 0 || initiative >= sides {
		return State{}, refuse("initiative", "U-DEPLOY-7", "side %d has no seat", initiative)
	}
	s := State{Turn: 1, Sides: sides, Initiative: initiative, Units: slices.Clone(units), Orders: DefaultOrders()}
	for i, u := range s.Units {
		if u.ID != i+1 {
			return State{}, refuse("unit-id", "U-UNIT-1", "unit %q has id %d, want %d", u.Name, u.ID, i+1)
		}
		if u.Side < 0 || u.Side >= sides {
			return State{}, refuse("unit-side", "U-UNIT-1", "unit %q is on side %d of %d", u.Name, u.Side, sides)
		}
		if u.In != 0 && (u.In < 1 || u.In > len(units) || units[u.In-1].Capacity == 0) {
			return State{}, refuse("not-transport", "U-UNIT-2", "unit %q starts in unit %d, which carries nobody", u.Name, u.In)
		}
	}
	s.organise()
	return s, nil
}

// organise gives tokens and clears the per-turn facts (U-TOKEN-1 … 4),
// then opens the order step with the initiative side (U-TURN-2).
func (s *State) organise() {
	for i := range s.Units {
		u := &s.Units[i]
		u.NoThrottle, u.LeftTransport, u.TransportMoved = false, false, false
		u.Tokens = 1
		if u.Locked || u.Gone || u.Reserve {
			u.Tokens = 0
		}
	}
	s.Window = nil
	s.Given = 0
	s.Phase = Planning
	s.Active = s.Initiative
	s.advance(s.Initiative)
}

// advance finds the first side from seat from on that still holds a
// token (U-TURN-2, U-TURN-3, Decision U-TURN-5); none left: melee.
func (s *State) advance(from int) {
	for k := 0; k < s.Sides; k++ {
		side := (from + k) % s.Sides
		if s.holdsToken(side) {
			s.Phase, s.Active, s.Deciding = Planning, side, side
			return
		}
	}
	s.Phase = Melee
}

func (s *State) holdsToken(side int) bool {
	for _, u := range s.Units {
		if u.Side == side && u.Tokens > 0 {
			return true
		}
	}
	return false
}

func (s *State) unit(id int) *Unit {
	if id < 1 || id > len(s.Units) {
		return nil
	}
	return &s.Units[id-1]
}

func (s State) clone() State {
	s.Units = slices.Clone(s.Units)
	if s.Window != nil {
		w := *s.Window
		w.Reactions = slices.Clone(w.Reactions)
		w.asked = slices.Clone(w.asked)
		if w.Counter != nil {
			c := *w.Counter
			w.Counter = &c
		}
		s.Window = &w
	}
	return s
}

// NextTurn ends the turn after close combat: locked lists the units
// still locked in combat (U-MELEE-3; a successful Disengage leaves its
// units out, U-RULE-3). The initiative passes to the next seat
// (U-END-2) and tokens are given again. Refused after turn 7 (U-END-5).
func (s State) NextTurn(locked []int) (State, error) {
	if s.Phase != Melee {
		return s, refuse("tokens-left", "U-MELEE-1", "close combat comes when no unit holds a token")
	}
	if s.Turn >= LastTurn {
		return s, refuse("game-over", "U-END-5", "the game ends after turn %d", LastTurn)
	}
	n := s.clone()
	for i := range n.Units {
		n.Units[i].Locked = false
	}
	for _, id := range locked {
		u := n.unit(id)
		if u == nil {
			return s, refuse("unknown-unit", "U-MELEE-3", "no unit %d", id)
		}
		u.Locked = true
	}
	n.Turn++
	n.Initiative = (n.Initiative + 1) % n.Sides
	n.organise()
	return n, nil
}

// ManifestAtStart records that a psyker in unit id manifested powers at
// the start of the turn, before the first order (U-PSY-3): its unit
// neither moves nor acts this turn, so its token goes (Decision
// U-PSY-4). The powers and the dice are the caller's (U-PSY-6).
func (s State) ManifestAtStart(side, id int) (State, error) {
	if s.Phase != Planning || s.Given > 0 || s.Window != nil {
		return s, refuse("not-start", "U-PSY-3", "start-of-turn powers come before the first order")
	}
	n := s.clone()
	u, r := n.ownTokenUnit(Order{Side: side, Unit: id})
	if r != nil {
		return s, r
	}
	u.Tokens = 0
	n.advance(n.Active)
	return n, nil
}

// Destroyed records what a resolution reported: the units ids are gone
// from the battlefield. They lose their token (U-TOKEN-6) and are no
// longer targets; units inside a destroyed transport are set on the
// table, keeping their token (Decision U-TOKEN-6; where they go is the
// underlying game's). Only between planned orders: requests are
// answered once a window is closed.
func (s State) Destroyed(ids ...int) (State, error) {
	if s.Window != nil {
		return s, refuse("window-open", "U-REACT-13", "resolution comes after the reaction window closes")
	}
	n := s.clone()
	for _, id := range ids {
		u := n.unit(id)
		if u == nil {
			return s, refuse("unknown-unit", "U-UNIT-1", "no unit %d", id)
		}
		u.Gone, u.Tokens, u.In, u.Locked = true, 0, 0, false
		for i := range n.Units {
			if n.Units[i].In == id {
				n.Units[i].In = 0
			}
		}
	}
	if n.Phase != Melee {
		n.advance(n.Deciding)
	}
	return n, nil
}

// Arrive records that units ids arrived from reserve or by deep strike
// this turn (U-RES-2; which arrive is the underlying game's reserve roll,
// U-RES-1). They are on the battlefield at organisation and receive a
// token (U-RES-4), so arrivals come before the first order of the turn.
func (s State) Arrive(ids ...int) (State, error) {
	if s.Phase != Planning || s.Given > 0 || s.Window != nil {
		return s, refuse("not-start", "U-TURN-1", "reserves arrive before the first order of the turn")
	}
	n := s.clone()
	for _, id := range ids {
		u := n.unit(id)
		switch {
		case u == nil:
			return s, refuse("unknown-unit", "U-UNIT-1", "no unit %d", id)
		case !u.Reserve:
			return s, refuse("not-in-reserve", "U-RES-1", "unit %q is not in reserve", u.Name)
		}
		u.Reserve, u.Tokens = false, 1
	}
	n.advance(n.Initiative)
	return n, nil
}
