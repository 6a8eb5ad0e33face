package ubengine

import (
	"errors"
	"slices"
	"testing"
)

// army builds units 1..n from compact specs, ids in order.
func army(specs ...Unit) []Unit {
	for i := range specs {
		specs[i].ID = i + 1
		if specs[i].Name == "" {
			specs[i].Name = "u" + string(rune('a'+i))
		}
		if !specs[i].Type.vehicle() {
			specs[i].MayCharge = true
		}
	}
	return specs
}

func inf(side int) Unit { return Unit{Side: side, Type: Infantry, Size: 1, MayEmbark: true} }

func mustNew(t *testing.T, sides int, units []Unit, init int) State {
	t.Helper()
	s, err := New(sides, units, init)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play applies orders in sequence and returns the state and every
// request emitted.
func play(t *testing.T, s State, orders ...Order) (State, []Request) {
	t.Helper()
	var all []Request
	for _, o := range orders {
		n, reqs, err := s.Apply(o)
		if err != nil {
			t.Fatalf("Apply(%+v): %v (legal: %+v)", o, err, s.Legal())
		}
		if !slices.Contains(s.Legal(), o) {
			t.Fatalf("Apply accepted %+v, which Legal does not list", o)
		}
		s, all = n, append(all, reqs...)
	}
	return s, all
}

func code(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Code + " " + r.Rule
	}
	if err != nil {
		return "other " + err.Error()
	}
	return ""
}

func steps(reqs []Request) []string {
	var out []string
	for _, q := range reqs {
		out = append(out, string(q.Step)+":"+q.Kind.String())
	}
	return out
}

// U-TURN-2, U-TURN-3, U-TOKEN-1: alternation with unequal unit counts;
// the side with more units finishes alone.
func TestAlternationUnequal(t *testing.T) {
	s := mustNew(t, 2, army(inf(0), inf(0), inf(0), inf(1)), 0)
	s, _ = play(t, s,
		Order{Kind: TakeCover, Side: 0, Unit: 1},
		Order{Kind: NoReaction, Side: 1}, // unit 4 could cover-fire (U-REACT-11)
		Order{Kind: TakeCover, Side: 1, Unit: 4},
		Order{Kind: NoReaction, Side: 0},
	)
	if s.Phase != Planning || s.Deciding != 0 {
		t.Fatalf("after two orders: phase %v side %d, want side 0 planning", s.Phase, s.Deciding)
	}
	// Side 1 holds no token: it is not asked (U-REACT-3) and skipped (U-TURN-3).
	s, _ = play(t, s, Order{Kind: TakeCover, Side: 0, Unit: 2})
	if s.Deciding != 0 || s.Phase != Planning {
		t.Fatalf("side 0 should go on alone, got side %d phase %v", s.Deciding, s.Phase)
	}
	s, _ = play(t, s, Order{Kind: TakeCover, Side: 0, Unit: 3})
	if s.Phase != Melee || len(s.Legal()) != 0 {
		t.Fatalf("no token left: want melee and no legal order, got %v %v", s.Phase, s.Legal())
	}
}

// Refusal codes, each with its rule.
func TestRefusals(t *testing.T) {
	units := army(
		inf(0), // 1
		Unit{Side: 0, Type: Vehicle, Capacity: 1},  // 2: transport
		Unit{Side: 0, Type: Bike},                  // 3
		Unit{Side: 0, Type: Flyer, MustMove: true}, // 4
		inf(1), // 5
		Unit{Side: 1, Type: Vehicle, Capacity: 2},                      // 6
		Unit{Side: 1, Type: Infantry, Size: 1, MayEmbark: true, In: 6}, // 7: carried
		inf(0), // 8
	)
	units[7].Size = 2 // too big for unit 2
	s := mustNew(t, 2, units, 0)
	cases := []struct {
		name string
		o    Order
		want string
	}{
		{"vehicle may not run", Order{Kind: Run, Side: 0, Unit: 2}, "unit-type U-ORDER-4"},
		{"bike may not run", Order{Kind: Run, Side: 0, Unit: 3}, "unit-type U-ORDER-4"},
		{"vehicle may not charge", Order{Kind: Assault, Side: 0, Unit: 2, Target: 5}, "unit-type U-ORDER-5"},
		{"infantry may not throttle", Order{Kind: FullThrottle, Side: 0, Unit: 1}, "unit-type U-ORDER-9"},
		{"flyer must move", Order{Kind: Shoot, Side: 0, Unit: 4, Target: 5}, "must-move U-ORDER-2"},
		{"shoot a friend", Order{Kind: Shoot, Side: 0, Unit: 1, Target: 8}, "target-not-enemy U-ORDER-1"},
		{"shoot an embarked unit", Order{Kind: Shoot, Side: 0, Unit: 1, Target: 7}, "target-embarked U-ORDER-10"},
		{"shoot nobody", Order{Kind: Shoot, Side: 0, Unit: 1}, "no-target U-ORDER-1"},
		{"over capacity", Order{Kind: Embark, Side: 0, Unit: 8, Target: 2}, "capacity U-ORDER-7"},
		{"embark in an enemy", Order{Kind: Embark, Side: 0, Unit: 1, Target: 6}, "not-transport U-ORDER-7"},
		{"disembark nobody", Order{Kind: Disembark, Side: 0, Unit: 2, Target: 1}, "not-carried U-ORDER-8"},
		{"not your go", Order{Kind: TakeCover, Side: 1, Unit: 5}, "not-your-go U-TURN-2"},
		{"not your unit", Order{Kind: TakeCover, Side: 0, Unit: 5}, "not-your-unit U-ORDER-1"},
		{"immediate as planned", Order{Kind: CoveringFire, Side: 0, Unit: 1, Target: 5}, "not-planned U-ORDER-1"},
		{"stray target", Order{Kind: TakeCover, Side: 0, Unit: 1, Target: 5}, "stray-target U-ORDER-1"},
		{"unknown unit", Order{Kind: TakeCover, Side: 0, Unit: 99}, "unknown-unit U-UNIT-1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, _, err := s.Apply(c.o)
			if got := code(err); got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
			if !slices.Equal(n.Units, s.Units) || n.Phase != s.Phase {
				t.Fatal("a refused order changed the state")
			}
			if slices.Contains(s.Legal(), c.o) {
				t.Fatal("Legal lists a refused order")
			}
		})
	}
}

// U-REACT-3, U-REACT-7 … U-REACT-12: which reactions each planned order
// opens, always with "no reaction".
func TestReactionsOpened(t *testing.T) {
	units := army(inf(0), inf(1), inf(1))
	s := mustNew(t, 2, units, 0)
	cases := []struct {
		name    string
		planned Order
		want    []Order
	}{
		{"shoot", Order{Kind: Shoot, Side: 0, Unit: 1, Target: 2}, []Order{
			{Kind: NoReaction, Side: 1},
			{Kind: ReturnFire, Side: 1, Unit: 2, Target: 1},
			{Kind: GoToGround, Side: 1, Unit: 2, Target: 1},
			{Kind: CoveringFire, Side: 1, Unit: 2, Target: 1},
			{Kind: CoveringFire, Side: 1, Unit: 3, Target: 1},
		}},
		{"assault", Order{Kind: Assault, Side: 0, Unit: 1, Target: 2, Moved: true}, []Order{
			{Kind: NoReaction, Side: 1},
			{Kind: CounterCharge, Side: 1, Unit: 2, Target: 1},
			{Kind: OverwatchFire, Side: 1, Unit: 2, Target: 1},
			{Kind: CoveringFire, Side: 1, Unit: 2, Target: 1},
			{Kind: CoveringFire, Side: 1, Unit: 3, Target: 1},
			{Kind: Interception, Side: 1, Unit: 3, Target: 1},
		}},
		{"run", Order{Kind: Run, Side: 0, Unit: 1}, []Order{
			{Kind: NoReaction, Side: 1},
			{Kind: CoveringFire, Side: 1, Unit: 2, Target: 1},
			{Kind: CoveringFire, Side: 1, Unit: 3, Target: 1},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, _ := play(t, s, c.planned)
			if n.Phase != Reacting || n.Deciding != 1 {
				t.Fatalf("phase %v side %d, want side 1 reacting", n.Phase, n.Deciding)
			}
			if got := n.Legal(); !slices.Equal(got, c.want) {
				t.Fatalf("legal:\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

// U-REACT-3, U-REACT-4, U-REACT-5: two opponents react, the active side
// counters with the planned unit, which drops its Assault; nobody may
// answer the counter.
func TestTwoReactCounterReplaces(t *testing.T) {
	s := mustNew(t, 3, army(inf(0), inf(0), inf(1), inf(1), inf(2)), 0)
	s, reqs := play(t, s,
		Order{Kind: Assault, Side: 0, Unit: 1, Target: 3, Moved: true},
		Order{Kind: CoveringFire, Side: 1, Unit: 4, Target: 1},
	)
	if reqs != nil {
		t.Fatalf("requests before the window closed: %v", steps(reqs))
	}
	if s.Phase != Reacting || s.Deciding != 2 {
		t.Fatalf("side 2 should declare next, got %v side %d", s.Phase, s.Deciding)
	}
	// A second reaction from side 1 is not open: side 1 has declared.
	if _, _, err := s.Apply(Order{Kind: CounterCharge, Side: 1, Unit: 3, Target: 1}); code(err) != "not-your-go U-TURN-2" {
		t.Fatalf("second reaction of side 1: %v", err)
	}
	s, reqs = play(t, s, Order{Kind: CoveringFire, Side: 2, Unit: 5, Target: 1})
	if s.Phase != Countering || s.Deciding != 0 || reqs != nil {
		t.Fatalf("active side should counter, got %v side %d", s.Phase, s.Deciding)
	}
	s, reqs = play(t, s, Order{Kind: GoToGround, Side: 0, Unit: 1, Target: 5})
	// Go to Ground is "before": it comes just before the covering fire it
	// answers, so the better save holds against that shot (U-REACT-8).
	want := []string{"reaction:covering-fire", "counter:go-to-ground", "reaction:covering-fire", "planned-replaced:assault"}
	if got := steps(reqs); !slices.Equal(got, want) {
		t.Fatalf("requests %v, want %v", got, want)
	}
	// Nobody answers the counter: the next side plans at once.
	if s.Phase != Planning || s.Deciding != 1 {
		t.Fatalf("after the counter: %v side %d, want side 1 planning", s.Phase, s.Deciding)
	}
	for _, id := range []int{1, 4, 5} {
		if s.Units[id-1].Tokens != 0 {
			t.Errorf("unit %d kept its token", id)
		}
	}
	if !s.Units[0].Cover {
		t.Error("go to ground gave no cover (U-REACT-8)")
	}
	if s.Units[1].Tokens != 1 || s.Units[2].Tokens != 1 {
		t.Error("units that gave no order lost their token")
	}
}

// U-REACT-5: a counter given to another unit leaves the planned order
// standing; U-REACT-13: resolution order of an assault.
func TestCounterByOtherUnitKeepsPlanned(t *testing.T) {
	s := mustNew(t, 2, army(inf(0), inf(0), inf(1), inf(1)), 0)
	s, reqs := play(t, s,
		Order{Kind: Assault, Side: 0, Unit: 1, Target: 3, Moved: true},
		Order{Kind: Interception, Side: 1, Unit: 4, Target: 1},
		Order{Kind: CoveringFire, Side: 0, Unit: 2, Target: 4},
	)
	// Covering Fire is "before": it hits the interceptor before it charges.
	want := []string{"base-move:assault", "preliminary-shot:assault", "counter:covering-fire", "reaction:interception", "charge:assault"}
	if got := steps(reqs); !slices.Equal(got, want) {
		t.Fatalf("requests %v, want %v", got, want)
	}
	if reqs[2].Handicaps != 1 {
		t.Error("covering fire carries one handicap (U-REACT-11)")
	}
	// Three orders, three tokens gone; side 1 plans with unit 3.
	if got := s.Legal(); len(got) == 0 || got[0].Unit != 3 {
		t.Fatalf("side 1 should plan with unit 3: %+v", got)
	}
}

// U-REACT-4: no reaction, no counter; U-REACT-7: return fire together
// with the shot.
func TestNoReactionNoCounter(t *testing.T) {
	s := mustNew(t, 2, army(inf(0), inf(1)), 0)
	s, reqs := play(t, s,
		Order{Kind: Shoot, Side: 0, Unit: 1, Target: 2},
		Order{Kind: ReturnFire, Side: 1, Unit: 2, Target: 1},
	)
	if reqs != nil {
		t.Fatalf("requests before the window closed: %v", steps(reqs))
	}
	// Return fire is a shooting reaction aimed at unit 1, so unit 1 may
	// counter (U-REACT-6); its side declines.
	if s.Phase != Countering {
		t.Fatalf("phase %v, want countering", s.Phase)
	}
	s, reqs = play(t, s, Order{Kind: NoReaction, Side: 0})
	want := []string{"order:shoot", "reaction:return-fire"}
	if got := steps(reqs); !slices.Equal(got, want) || !reqs[1].Together {
		t.Fatalf("requests %v together=%v, want %v with return fire together", got, reqs[1].Together, want)
	}
	if s.Phase != Melee {
		t.Fatalf("every token spent, phase %v", s.Phase)
	}

	s = mustNew(t, 2, army(inf(0), inf(0), inf(1)), 0)
	s, _ = play(t, s, Order{Kind: TakeCover, Side: 0, Unit: 1})
	if _, _, err := s.Apply(Order{Kind: NoReaction, Side: 1, Moved: true}); code(err) != "stray-unit U-REACT-3" {
		t.Fatalf("no reaction with a move: %v", err)
	}
	s, _ = play(t, s, Order{Kind: NoReaction, Side: 1})
	if s.Phase != Planning || s.Deciding != 1 {
		t.Fatalf("no reaction: no counter window, got %v side %d", s.Phase, s.Deciding)
	}
}

// U-TOKEN-4, U-MELEE-3, U-END-2, U-END-5: locked units get no token, the
// initiative passes, the game stops after turn 7.
func TestNextTurnLockedAndInitiative(t *testing.T) {
	s := mustNew(t, 2, army(inf(0), inf(1), inf(1)), 0)
	if _, err := s.NextTurn(nil); code(err) != "tokens-left U-MELEE-1" {
		t.Fatalf("next turn with tokens left: %v", err)
	}
	s, _ = play(t, s,
		Order{Kind: Assault, Side: 0, Unit: 1, Target: 2},
		Order{Kind: NoReaction, Side: 1},
		Order{Kind: TakeCover, Side: 1, Unit: 2},
		Order{Kind: TakeCover, Side: 1, Unit: 3},
	)
	s, err := s.NextTurn([]int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if s.Turn != 2 || s.Initiative != 1 || s.Deciding != 1 {
		t.Fatalf("turn %d initiative %d deciding %d", s.Turn, s.Initiative, s.Deciding)
	}
	if s.Units[0].Tokens != 0 || s.Units[1].Tokens != 0 || s.Units[2].Tokens != 1 {
		t.Fatalf("tokens %d %d %d, want 0 0 1", s.Units[0].Tokens, s.Units[1].Tokens, s.Units[2].Tokens)
	}
	if _, _, err := s.Apply(Order{Kind: TakeCover, Side: 1, Unit: 2}); code(err) != "no-token U-TOKEN-5" {
		t.Fatalf("locked unit ordered: %v", err)
	}
	// A locked unit cannot react either: side 0 is never asked.
	s, _ = play(t, s, Order{Kind: TakeCover, Side: 1, Unit: 3})
	if s.Phase != Melee {
		t.Fatalf("phase %v", s.Phase)
	}
	for s.Turn < LastTurn {
		if s, err = s.NextTurn(nil); err != nil {
			t.Fatal(err)
		}
		for s.Phase != Melee {
			s, _, _ = s.Apply(s.Legal()[0])
		}
	}
	if _, err := s.NextTurn(nil); code(err) != "game-over U-END-5" {
		t.Fatalf("turn 8: %v", err)
	}
}

// U-ORDER-7, U-ORDER-8, U-ORDER-9, U-ORDER-10, U-ORDER-5: embark, no
// throttle after, disembark, no assault after a moving disembark.
func TestTransport(t *testing.T) {
	units := army(inf(0), Unit{Side: 0, Type: Vehicle, Capacity: 1}, inf(1), inf(1), inf(1))
	s := mustNew(t, 2, units, 0)
	s, _ = play(t, s, Order{Kind: Embark, Side: 0, Unit: 1, Target: 2}, Order{Kind: NoReaction, Side: 1},
		Order{Kind: TakeCover, Side: 1, Unit: 3}, Order{Kind: NoReaction, Side: 0})
	if s.Units[0].In != 2 {
		t.Fatal("unit 1 did not embark")
	}
	if _, _, err := s.Apply(Order{Kind: FullThrottle, Side: 0, Unit: 2}); code(err) != "after-embark U-ORDER-9" {
		t.Fatalf("throttle after embark: %v", err)
	}
	s, _ = play(t, s, Order{Kind: Disembark, Side: 0, Unit: 2, Target: 1, Moved: true}, Order{Kind: NoReaction, Side: 1})
	if s.Units[0].In != 0 || !s.Units[0].LeftTransport {
		t.Fatal("unit 1 did not disembark")
	}
	// Next turn: it may act again, and the disembark facts are cleared.
	s, _ = play(t, s, Order{Kind: TakeCover, Side: 1, Unit: 4}, Order{Kind: TakeCover, Side: 1, Unit: 5})
	s, err := s.NextTurn(nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Units[0].LeftTransport {
		t.Fatal("per-turn facts kept")
	}

	// Same turn: the carried unit keeps no token here (it embarked), so
	// test the assault refusal on a unit that starts inside.
	units = army(Unit{Side: 0, Type: Infantry, Size: 1, MayEmbark: true, In: 2}, Unit{Side: 0, Type: Vehicle, Capacity: 1}, inf(1), inf(1))
	for _, c := range []struct {
		moved, assaultVehicle bool
		want                  string
	}{{true, false, "after-disembark U-ORDER-5"}, {false, false, ""}, {true, true, ""}} {
		units[1].AssaultVehicle = c.assaultVehicle
		s := mustNew(t, 2, units, 0)
		if _, _, err := s.Apply(Order{Kind: Run, Side: 0, Unit: 1}); code(err) != "embarked U-ORDER-10" {
			t.Fatalf("embarked run: %v", err)
		}
		s, _ = play(t, s, Order{Kind: Disembark, Side: 0, Unit: 2, Target: 1, Moved: c.moved}, Order{Kind: NoReaction, Side: 1},
			Order{Kind: TakeCover, Side: 1, Unit: 3}, Order{Kind: NoReaction, Side: 0})
		_, _, err := s.Apply(Order{Kind: Assault, Side: 0, Unit: 1, Target: 3})
		if got := code(err); got != c.want {
			t.Errorf("moved=%v assault vehicle=%v: got %q, want %q", c.moved, c.assaultVehicle, got, c.want)
		}
	}
}

// U-PSY-3, U-PSY-4: start-of-turn powers spend the token, only before
// the first order.
func TestManifestAtStart(t *testing.T) {
	s := mustNew(t, 2, army(inf(0), inf(0), inf(1)), 0)
	s2, err := s.ManifestAtStart(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s2.Units[0].Tokens != 0 || s.Units[0].Tokens != 1 {
		t.Fatal("token not spent, or the receiver changed")
	}
	s3, _ := play(t, s2, Order{Kind: TakeCover, Side: 0, Unit: 2}, Order{Kind: NoReaction, Side: 1})
	if _, err := s3.ManifestAtStart(1, 3); code(err) != "not-start U-PSY-3" {
		t.Fatalf("manifest after the first order: %v", err)
	}
}

// U-SHOOT-2, U-SHOOT-4 (the booklet's worked example), U-RULE-5.
func TestLadder(t *testing.T) {
	cases := []struct {
		name      string
		adv, hand int
		want      ShotMode
	}{
		{"two advantages", 2, 0, RerollMisses},
		{"more advantages", 2, 1, RerollMisses},
		{"equal", 1, 1, Normal},
		{"none", 0, 0, Normal},
		{"one more handicap", 0, 1, RerollHits},
		{"worked example, twin-linked: overwatch + invisible vs twin-linked", 1, 2, RerollHits},
		{"worked example, other weapons", 0, 2, NoShot},
		{"three handicaps", 1, 4, NoShot},
	}
	for _, c := range cases {
		if got := Ladder(c.adv, c.hand); got != c.want {
			t.Errorf("%s: Ladder(%d, %d) = %v, want %v", c.name, c.adv, c.hand, got, c.want)
		}
	}
	// The worked example end to end: Overwatch Fire at an Invisible
	// target (one situation handicap), twin-linked or not.
	if got := WeaponShot(OverwatchFire, 0, 1, true); got != RerollHits {
		t.Errorf("twin-linked overwatch at an invisible target: %v", got)
	}
	if got := WeaponShot(OverwatchFire, 0, 1, false); got != NoShot {
		t.Errorf("other weapons: %v", got)
	}
	if got := WeaponShot(Shoot, 0, 1, true); got != Normal {
		t.Errorf("planned shoot, twin-linked, invisible target: %v", got)
	}
	if OverwatchFire.handicaps() != 1 || CoveringFire.handicaps() != 1 || ReturnFire.handicaps() != 0 {
		t.Error("U-REACT-10/11: overwatch and covering fire carry one handicap")
	}
}

// U-END-3, U-END-5.
func TestGameEnds(t *testing.T) {
	for _, c := range []struct {
		turn, die int
		want      bool
	}{{4, 6, false}, {5, 4, false}, {5, 5, true}, {6, 2, false}, {6, 3, true}, {7, 1, true}} {
		if got := GameEnds(c.turn, c.die); got != c.want {
			t.Errorf("GameEnds(%d, %d) = %v", c.turn, c.die, got)
		}
	}
}

// U-PSY-1, U-PSY-6.
func TestPools(t *testing.T) {
	p := Pools(3, []int{2, 0})
	if !slices.Equal(p, []Pool{{5, 5}, {3, 3}}) {
		t.Fatalf("pools %v", p)
	}
	q, err := p[0].Spend(4, false)
	if err != nil || q != (Pool{1, 5}) {
		t.Fatalf("spend: %v %v", q, err)
	}
	if _, err := q.Spend(2, false); code(err) != "pool U-PSY-6" {
		t.Fatalf("overspend: %v", err)
	}
	if q, _ = q.Spend(5, true); q != (Pool{1, 0}) {
		t.Fatalf("deny pool: %v", q)
	}
}

// U-TOKEN-6: a destroyed unit loses its token and is no target; units
// inside a destroyed transport stay in play with their token; nothing is
// destroyed while a window is open.
func TestDestroyed(t *testing.T) {
	units := army(inf(0), inf(0), inf(1), Unit{Side: 1, Type: Vehicle, Capacity: 1}, Unit{Side: 1, Type: Infantry, Size: 1, MayEmbark: true, In: 4})
	s := mustNew(t, 2, units, 0)
	open, _ := play(t, s, Order{Kind: Shoot, Side: 0, Unit: 1, Target: 4})
	if _, err := open.Destroyed(4); code(err) != "window-open U-REACT-13" {
		t.Fatalf("destroyed in an open window: %v", err)
	}
	s, _ = play(t, s, Order{Kind: Shoot, Side: 0, Unit: 1, Target: 4}, Order{Kind: NoReaction, Side: 1})
	s, err := s.Destroyed(4, 3)
	if err != nil {
		t.Fatal(err)
	}
	if u := s.Units[4]; u.In != 0 || u.Tokens != 1 {
		t.Fatalf("carried unit: in %d tokens %d, want on the table with its token", u.In, u.Tokens)
	}
	if s.Units[3].Tokens != 0 || s.Units[2].Tokens != 0 {
		t.Fatal("destroyed units kept their token")
	}
	if s.Deciding != 1 {
		t.Fatalf("side 1 still holds a token (unit 5) and plans: deciding %d", s.Deciding)
	}
	if _, _, err := s.Apply(Order{Kind: Shoot, Side: 1, Unit: 5, Target: 1}); err != nil {
		t.Fatalf("the freed unit may act: %v", err)
	}
	if _, _, err := s.Apply(Order{Kind: TakeCover, Side: 1, Unit: 3}); code(err) != "gone U-TOKEN-6" {
		t.Fatalf("a destroyed unit ordered: %v", err)
	}
	s, _ = play(t, s, Order{Kind: TakeCover, Side: 1, Unit: 5}, Order{Kind: NoReaction, Side: 0})
	if _, _, err := s.Apply(Order{Kind: Shoot, Side: 0, Unit: 2, Target: 3}); code(err) != "target-gone U-TOKEN-6" {
		t.Fatalf("shooting a destroyed unit: %v", err)
	}
	s, _ = play(t, s, Order{Kind: TakeCover, Side: 0, Unit: 2})
	if s, err = s.NextTurn(nil); err != nil || s.Units[2].Tokens != 0 {
		t.Fatalf("a destroyed unit got a token next turn: %v", err)
	}
}
