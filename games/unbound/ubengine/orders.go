// Package ubengine is 40k Unbound's order protocol as a plain state
// value: activation tokens, alternating planned orders, the reaction
// window with its limits, and resolution left as requests (U-SCOPE-1,
// U-SCOPE-2; games/unbound/RULES.md). It uses the standard library only:
// no I/O, no clock, no randomness (dice come in as values).
package ubengine

// Kind is an order's name: a planned order (U-ORDER), an immediate
// order (U-REACT) or NoReaction, the decline in a reaction window.
type Kind int

const (
	NoReaction Kind = iota
	// Planned orders (U-ORDER-3 … U-ORDER-9).
	Shoot
	Run
	Assault
	TakeCover
	Embark
	Disembark
	FullThrottle
	// Immediate orders (U-REACT-7 … U-REACT-12).
	ReturnFire
	GoToGround
	CounterCharge
	OverwatchFire
	CoveringFire
	Interception
)

var kindNames = [...]string{"no-reaction", "shoot", "run", "assault", "take-cover", "embark", "disembark", "full-throttle",
	"return-fire", "go-to-ground", "counter-charge", "overwatch-fire", "covering-fire", "interception"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown-order"
}

// Planned reports whether k is a planned order.
func (k Kind) Planned() bool { return k >= Shoot && k <= FullThrottle }

// Immediate reports whether k is an immediate order.
func (k Kind) Immediate() bool { return k >= ReturnFire && k <= Interception }

// handicaps is the shooting handicap the default orders give their
// shots (U-REACT-10, U-REACT-11, U-SHOOT-1).
func (k Kind) handicaps() int { return DefaultOrders()[k].Handicaps }

// UnitType is a unit's type (U-UNIT-1).
type UnitType int

const (
	Infantry UnitType = iota
	Monstrous
	Bike
	Jetbike
	Artillery
	Vehicle
	Flyer
	SuperHeavy
)

// vehicle: flyers and super-heavies are vehicles (U-UNIT-1, Decision).
func (t UnitType) vehicle() bool { return t == Vehicle || t == Flyer || t == SuperHeavy }

// Order is one order given to a unit. Target is the enemy unit acted on
// (Shoot, Assault, every immediate order), the transport (Embark) or the
// carried unit (Disembark); 0 for none. Moved declares the base move
// before a planned order (U-ORDER-2, U-SCOPE-3).
type Order struct {
	Kind   Kind
	Side   int
	Unit   int
	Target int
	Moved  bool
}
