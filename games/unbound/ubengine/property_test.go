package ubengine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomArmy draws sides and units of every type, some transports with
// units inside, from a seeded source.
func randomArmy(r *rand.Rand) (int, []Unit) {
	sides := 2 + r.IntN(2)
	n := sides + r.IntN(8)
	var units []Unit
	for i := 0; i < n; i++ {
		u := Unit{ID: i + 1, Side: i % sides, Type: UnitType(r.IntN(int(SuperHeavy) + 1)), Size: 1 + r.IntN(2)}
		u.Name = "unit"
		if u.Type.vehicle() {
			if r.IntN(2) == 0 {
				u.Capacity = 1 + r.IntN(3)
				u.AssaultVehicle = r.IntN(3) == 0
			}
			u.MustMove = u.Type == Flyer
		} else {
			u.MayCharge = true
			u.MayEmbark = u.Type == Infantry
		}
		units = append(units, u)
	}
	for i := range units {
		if !units[i].MayEmbark || r.IntN(3) != 0 {
			continue
		}
		for j := range units {
			t := units[j]
			if t.Capacity > 0 && t.Side == units[i].Side && load(units, t.ID)+units[i].Size <= t.Capacity {
				units[i].In = t.ID
				break
			}
		}
	}
	return sides, units
}

func load(units []Unit, id int) int {
	n := 0
	for _, u := range units {
		if u.In == id {
			n += u.Size
		}
	}
	return n
}

// TestRandomGamesKeepTheProtocol plays random games through Legal and
// checks the protocol's invariants after every step:
// U-TOKEN-5: tokens are 0 or 1, never negative, and each unit gives at
// most one order per turn (a counter replacing its own planned order is
// that one order, U-REACT-5); U-REACT-3: each other side declares at
// most once per window; U-REACT-4: at most one counter, and only after a
// reaction; U-TURN-2: every unit holding a token at the start of the
// order step has given exactly one order when it ends, unless destroyed
// first (U-TOKEN-6); U-END-5: no turn
// after 7; Legal is never empty before melee, every listed order is
// accepted, and an unlisted order is refused without changing the state.
func TestRandomGamesKeepTheProtocol(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 30))
		sides, units := randomArmy(r)
		s, err := New(sides, units, r.IntN(sides))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for {
			if r.IntN(4) == 0 { // start-of-turn powers (U-PSY-4)
				for _, u := range s.Units {
					if u.Side == s.Deciding && u.Tokens > 0 && r.IntN(2) == 0 {
						if n, err := s.ManifestAtStart(u.Side, u.ID); err == nil {
							s = n
						}
						break
					}
				}
			}
			start := map[int]bool{}
			for _, u := range s.Units {
				if u.Tokens > 0 {
					start[u.ID] = true
				}
			}
			acted := map[int]int{}
			for s.Phase != Melee {
				legal := s.Legal()
				if len(legal) == 0 {
					t.Fatalf("seed %d turn %d: no legal order in phase %v", seed, s.Turn, s.Phase)
				}
				probe := Order{Kind: Kind(r.IntN(int(Interception) + 1)), Side: r.IntN(sides), Unit: r.IntN(len(s.Units) + 1), Target: r.IntN(len(s.Units) + 1), Moved: r.IntN(2) == 0}
				if !slices.Contains(legal, probe) {
					n, _, err := s.Apply(probe)
					if err == nil || !slices.Equal(n.Units, s.Units) || n.Phase != s.Phase {
						t.Fatalf("seed %d: unlisted order %+v accepted or changed the state (err %v)", seed, probe, err)
					}
				}
				o := legal[r.IntN(len(legal))]
				before := s
				n, _, err := s.Apply(o)
				if err != nil {
					t.Fatalf("seed %d: listed order %+v refused: %v", seed, o, err)
				}
				if before.Window != nil {
					if before.Phase == Reacting && slices.ContainsFunc(before.Window.Reactions, func(x Order) bool { return x.Side == o.Side }) {
						t.Fatalf("seed %d: side %d declared twice in one window", seed, o.Side)
					}
					if before.Phase == Countering && (before.Window.Counter != nil || !reacted(before.Window)) {
						t.Fatalf("seed %d: counter without a reaction or twice", seed)
					}
				}
				if n.Phase == Planning || n.Phase == Melee {
					if w := windowOf(before, o); w != nil {
						for id := range unitsIn(w) {
							acted[id]++
						}
					}
				}
				if n.Window == nil && n.Phase != Melee && r.IntN(8) == 0 { // a resolution destroys a unit
					if d, err := n.Destroyed(1 + r.IntN(len(n.Units))); err == nil {
						n = d
					}
				}
				for _, u := range n.Units {
					if u.Tokens < 0 || u.Tokens > 1 {
						t.Fatalf("seed %d: unit %d holds %d tokens", seed, u.ID, u.Tokens)
					}
				}
				s = n
			}
			for id, k := range acted {
				if k > 1 || !start[id] {
					t.Fatalf("seed %d turn %d: unit %d gave %d orders (token at start: %v)", seed, s.Turn, id, k, start[id])
				}
			}
			for id := range start {
				if acted[id] != 1 && !(acted[id] == 0 && s.Units[id-1].Gone) {
					t.Fatalf("seed %d turn %d: unit %d held a token and gave %d orders", seed, s.Turn, id, acted[id])
				}
			}
			var locked []int
			for _, u := range s.Units {
				if r.IntN(5) == 0 {
					locked = append(locked, u.ID)
				}
			}
			n, err := s.NextTurn(locked)
			if err != nil {
				if s.Turn != LastTurn {
					t.Fatalf("seed %d: turn %d refused: %v", seed, s.Turn, err)
				}
				break
			}
			if n.Turn > LastTurn {
				t.Fatalf("seed %d: turn %d", seed, n.Turn)
			}
			for _, id := range locked {
				if n.Units[id-1].Tokens != 0 {
					t.Fatalf("seed %d: locked unit %d got a token (U-TOKEN-4)", seed, id)
				}
			}
			s = n
		}
	}
}

// windowOf is the window that o closed: the one in before, with o added
// as its last declaration.
func windowOf(before State, o Order) *Window {
	if before.Window == nil {
		return &Window{Planned: o}
	}
	w := before.clone().Window
	switch before.Phase {
	case Reacting:
		w.Reactions = append(w.Reactions, o)
	case Countering:
		w.Counter = &o
	}
	return w
}

// unitsIn is the set of units that gave an order in w.
func unitsIn(w *Window) map[int]bool {
	out := map[int]bool{w.Planned.Unit: true}
	for _, r := range w.Reactions {
		if r.Kind != NoReaction {
			out[r.Unit] = true
		}
	}
	if w.Counter != nil && w.Counter.Kind != NoReaction {
		out[w.Counter.Unit] = true
	}
	return out
}
