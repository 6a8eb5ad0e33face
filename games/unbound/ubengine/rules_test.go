package ubengine

import (
	"slices"
	"testing"
)

// TestOrdersAsData: changing an order's data changes what Legal lists
// (Decision U-ORDER-11).
func TestOrdersAsData(t *testing.T) {
	bike := Unit{Side: 0, Type: Bike, Size: 1}
	units := army(bike, inf(1), inf(1))
	s := mustNew(t, 2, units, 0)
	run := Order{Kind: Run, Side: 0, Unit: 1}
	if slices.Contains(s.Legal(), run) {
		t.Fatal("a bike runs under the default orders (U-ORDER-4)")
	}
	o := DefaultOrders()
	o[Run].Types = append(o[Run].Types, Bike)
	if !slices.Contains(s.WithOrders(o).Legal(), run) {
		t.Fatal("Run opened to bikes in the data, but Legal does not list it")
	}

	// Covering fire made a reaction to shots at the unit only: the
	// second infantry, not shot at, loses it.
	shoot := Order{Kind: Shoot, Side: 0, Unit: 1, Target: 2}
	cover := Order{Kind: CoveringFire, Side: 1, Unit: 3, Target: 1}
	n, _, err := s.Apply(shoot)
	if err != nil || !slices.Contains(n.Legal(), cover) {
		t.Fatalf("default covering fire not open: %v %v", err, n.Legal())
	}
	o = DefaultOrders()
	o[CoveringFire].Condition = WhenShotAt
	n, _, err = s.WithOrders(o).Apply(shoot)
	if err != nil || slices.Contains(n.Legal(), cover) {
		t.Fatalf("covering fire on shot-at only still open to an unshot unit: %v %v", err, n.Legal())
	}
	if r := n.Check(cover); r == nil || r.Code != "condition" || r.Rule != "U-REACT-11" {
		t.Fatalf("refusal %v, want condition U-REACT-11", r)
	}
}

// TestArrive: a reserve has no token until it arrives (U-RES-4).
func TestArrive(t *testing.T) {
	r := inf(1)
	r.Reserve = true
	s := mustNew(t, 2, army(inf(0), r), 0)
	if s.Units[1].Tokens != 0 {
		t.Fatal("a unit in reserve holds a token")
	}
	n, err := s.Arrive(2)
	if err != nil || n.Units[1].Tokens != 1 {
		t.Fatalf("arrival: %v, tokens %d", err, n.Units[1].Tokens)
	}
	if _, err := n.Arrive(2); code(err) != "not-in-reserve U-RES-1" {
		t.Fatalf("second arrival: %v", err)
	}
}
