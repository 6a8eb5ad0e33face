package convicted

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"wbtool.dev/wbtool/games/convicted/cvengine"
	"wbtool.dev/wbtool/games/convicted/cvmatch"
)

// TestProperties plays random games at every player count and checks the
// engine's invariants after every step: 12 actions a turn in all, never
// carried over (C-ACT-4, C-ACT-5); resources never negative; no counted
// component beyond its printed count (C-COMP-2); no decision puts a
// section over its capacity (C-DEF-7); no section mounts more engines
// than its slots (C-FORT-8), no turn casts more than the spell markers
// (C-SPELL-1); and a save sheet of any state loads back to the same sheet
// (C-SAVE-1).
func TestProperties(t *testing.T) {
	c := loadStarter(t)
	r := c.rules
	games := 12
	if testing.Short() {
		games = 4
	}
	for players := 1; players <= 4; players++ {
		for g := 0; g < games; g++ {
			seed := uint64(100*players + g)
			rng := rand.New(rand.NewPCG(seed, 7))
			dice := cvengine.NewSeeded(seed)
			var heroes []string
			for _, h := range c.Catalog.Heroes[:players] {
				heroes = append(heroes, h.ID)
			}
			s, err := r.Setup(players, heroes, 1+g%len(c.Catalog.Scenarios), dice)
			if err != nil {
				t.Fatal(err)
			}
			turn := 0
			for steps := 0; s.Period != cvengine.Over; steps++ {
				if steps > cvmatch.MaxSteps {
					t.Fatalf("seed %d: no end", seed)
				}
				if s.Period == cvengine.Actions && s.Turn != turn {
					turn = s.Turn
					sum := s.Counter
					for _, a := range s.Actions {
						sum += a
					}
					if s.Counter != 0 || sum != r.C.Limits.ActionsPerTurn {
						t.Fatalf("seed %d turn %d starts with %d markers dealt, %d on the counter", seed, s.Turn, sum, s.Counter)
					}
				}
				before := make([]int, len(s.Sections))
				for i := range s.Sections {
					before[i] = s.Sections[i].Defenders()
				}
				if s.Period == cvengine.Actions {
					legal := r.Legal(s)
					a := legal[rng.IntN(len(legal))]
					if err := r.Apply(s, a); err != nil {
						t.Fatalf("seed %d: a legal %s is refused: %v", seed, a, err)
					}
					for i := range s.Sections {
						if d := s.Sections[i].Defenders(); d > r.Capacity(s, i) && d > before[i] {
							t.Fatalf("seed %d: %s puts %d units on section %d (capacity %d)", seed, a, d, i, r.Capacity(s, i))
						}
					}
				} else if err := r.SiegePeriod(s, dice, cvmatch.Choices(r)); err != nil {
					t.Fatalf("seed %d: siege: %v", seed, err)
				}
				for k, n := range s.Bank {
					if n < 0 {
						t.Fatalf("seed %d: the bank holds %d of resource %d", seed, n, k)
					}
				}
				for k, n := range r.InUse(s) {
					if n > r.Cap(k) {
						t.Fatalf("seed %d: %d %s in play, %d printed", seed, n, k, r.Cap(k))
					}
				}
				for i := range s.Sections {
					lv := r.C.Fortifications.Levels(r.C.Sections[i].Kind)[s.Sections[i].Level]
					if n := len(s.Sections[i].Engines); n > lv.EngineSlots {
						t.Fatalf("seed %d: %d engines on a %s, which mounts %d (C-FORT-8)", seed, n, lv.Name.EN, lv.EngineSlots)
					}
				}
				if n := s.Cast[0] + s.Cast[1]; n > r.C.Components.SpellMarkers {
					t.Fatalf("seed %d: %d spells and blessings cast, %d markers (C-SPELL-1)", seed, n, r.C.Components.SpellMarkers)
				}
			}
			sv := r.Save(s, "test", nil)
			back, err := r.FromSave(&sv, s.Scenario, cvengine.NewSeeded(seed))
			if err != nil {
				t.Fatalf("seed %d: the save sheet does not load: %v", seed, err)
			}
			again := r.Save(back, "test", nil)
			again.Result = sv.Result // the next scenario starts afresh
			if !reflect.DeepEqual(again, sv) {
				t.Fatalf("seed %d: the save sheet does not load back the same:\n%+v\n%+v", seed, sv, again)
			}
		}
	}
}
