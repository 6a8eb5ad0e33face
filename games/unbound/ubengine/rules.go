package ubengine

import "slices"

// Condition says when an immediate order is open, read against the
// planned order of the window (U-REACT-7 … U-REACT-12), or against the
// reactions for the counter-order (Decision U-REACT-6).
type Condition string

const (
	// WhenShotAt: the unit is the target of a planned Shoot.
	WhenShotAt Condition = "shot-at"
	// WhenAssaulted: the unit is the target of a planned Assault.
	WhenAssaulted Condition = "assaulted"
	// WhenEnemyAssaults: an enemy unit gives a planned Assault at
	// another unit (the target counter-charges, Decision U-REACT-12).
	WhenEnemyAssaults Condition = "enemy-assaults"
	// WhenEnemyOrder: an enemy unit receives any planned order.
	WhenEnemyOrder Condition = "enemy-order"
)

// Conditions are every condition, in the order the rules give them.
var Conditions = []Condition{WhenShotAt, WhenAssaulted, WhenEnemyAssaults, WhenEnemyOrder}

// Timing is when an immediate order is resolved against the order it
// answers (U-REACT-1, Decision U-REACT-13).
type Timing string

const (
	Before   Timing = "before"
	Together Timing = "together"
	After    Timing = "after"
)

// Timings are every timing.
var Timings = []Timing{Before, Together, After}

// Rule is one order as data (Decision U-ORDER-11): who may take it and,
// for an immediate order, when it is open and when it is resolved. The
// engine reads these; what an order does to the state (a unit boards a
// transport, the cover bonus) stays the engine's, per Kind.
type Rule struct {
	Kind Kind
	// ID is the rule that defines the order ("U-ORDER-4"): refusals cite it.
	ID string
	// Types are the unit types that may take it; none: every type.
	Types []UnitType
	// FromTransport: a unit inside a transport may take it (U-ORDER-10).
	FromTransport bool
	// Condition and Timing: an immediate order's (U-REACT-1).
	Condition Condition
	Timing    Timing
	// Handicaps are the shooting handicaps its shots take (U-SHOOT-1).
	Handicaps int
	// Shoots: the order lets the unit shoot (U-PSY-5, U-REACT-6).
	Shoots bool
	// Charges: the order charges the unit it acts on (U-REACT-6).
	Charges bool
}

// Orders are the rules of every order, indexed by Kind (NoReaction's
// entry is unused).
type Orders [Interception + 1]Rule

var (
	notRunning  = []UnitType{Infantry, Monstrous}
	fullThrottl = []UnitType{Bike, Jetbike, Vehicle, Flyer, SuperHeavy}
)

// DefaultOrders are the orders as RULES.md gives them (U-ORDER,
// U-REACT): the data the starter content repeats.
func DefaultOrders() Orders {
	return Orders{
		Shoot:         {Kind: Shoot, ID: "U-ORDER-3", FromTransport: true, Shoots: true},
		Run:           {Kind: Run, ID: "U-ORDER-4", Types: notRunning},
		Assault:       {Kind: Assault, ID: "U-ORDER-5", Charges: true},
		TakeCover:     {Kind: TakeCover, ID: "U-ORDER-6", FromTransport: true},
		Embark:        {Kind: Embark, ID: "U-ORDER-7"},
		Disembark:     {Kind: Disembark, ID: "U-ORDER-8"},
		FullThrottle:  {Kind: FullThrottle, ID: "U-ORDER-9", Types: fullThrottl},
		ReturnFire:    {Kind: ReturnFire, ID: "U-REACT-7", Condition: WhenShotAt, Timing: Together, Shoots: true},
		GoToGround:    {Kind: GoToGround, ID: "U-REACT-8", Condition: WhenShotAt, Timing: Before},
		CounterCharge: {Kind: CounterCharge, ID: "U-REACT-9", Condition: WhenAssaulted, Timing: After, Charges: true},
		OverwatchFire: {Kind: OverwatchFire, ID: "U-REACT-10", Condition: WhenAssaulted, Timing: After, Handicaps: 1, Shoots: true},
		CoveringFire:  {Kind: CoveringFire, ID: "U-REACT-11", Condition: WhenEnemyOrder, Timing: Before, Handicaps: 1, Shoots: true, FromTransport: true},
		Interception:  {Kind: Interception, ID: "U-REACT-12", Condition: WhenEnemyAssaults, Timing: After, Charges: true},
	}
}

// allows reports whether a unit of type t may take the order.
func (r Rule) allows(t UnitType) bool { return len(r.Types) == 0 || slices.Contains(r.Types, t) }

// rule is kind's rule in s (the defaults when s has none).
func (s *State) rule(k Kind) Rule {
	if s.Orders[Shoot].Kind != Shoot { // a state made without New
		return DefaultOrders()[k]
	}
	return s.Orders[k]
}

// WithOrders returns s reading the orders' rules from o (Decision
// U-ORDER-11): content that changes an order's condition changes what
// Legal lists.
func (s State) WithOrders(o Orders) State {
	s.Orders = o
	return s
}

// KindOf is the order named name ("covering-fire"); ok is false for an
// unknown name.
func KindOf(name string) (Kind, bool) {
	for k, n := range kindNames {
		if n == name {
			return Kind(k), true
		}
	}
	return 0, false
}

var typeNames = [...]string{"infantry", "monstrous", "bike", "jetbike", "artillery", "vehicle", "flyer", "super-heavy"}

func (t UnitType) String() string {
	if t >= 0 && int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "unknown-type"
}

// TypeOf is the unit type named name ("jetbike").
func TypeOf(name string) (UnitType, bool) {
	for k, n := range typeNames {
		if n == name {
			return UnitType(k), true
		}
	}
	return 0, false
}
