package wsengine

import (
	"testing"
)

// sampleSpecs are profiles for bot games: the digest's worked example
// (WS-EX-8) and figures that carry every rule and power at least once.
var sampleSpecs = []ProfileSpec{
	{ID: "storm-seer", Quality: 3, Ranged: []WeaponSpec{{Range: "18", Rules: []string{"precise", "piercing"}}},
		MeleeRules: []string{"powerful"}, Powers: []string{"lightning_bolt", "healing"}, Rules: []string{"agile", "slow"}, Cost: 19},
	{ID: "trooper", Quality: 4, Ranged: []WeaponSpec{{Range: "27", Rules: []string{"precise"}}, {Range: "flame", Rules: []string{"powerful"}}},
		Rules: []string{"tactician"}, Cost: 11},
	{ID: "militia", Quality: 5, Ranged: []WeaponSpec{{Range: "9"}}, Cost: 3},
	{ID: "brute", Quality: 4, MeleeRules: []string{"deadly", "chaining"}, Rules: []string{"furious", "frightening", "large_target", "sturdy", "fast"}, Cost: 9},
	{ID: "sniper", Quality: 3, Ranged: []WeaponSpec{{Range: "27", Rules: []string{"scoped", "risky", "paralysing"}}},
		Rules: []string{"camouflage", "stealthy", "infiltrator", "small_target"}, Cost: 13},
	{ID: "medic", Quality: 4, Ranged: []WeaponSpec{{Range: "9", Rules: []string{"explosive"}}}, Rules: []string{"medic", "rallying", "reinforced_armour", "resilient"}, Cost: 13},
	{ID: "mystic", Quality: 4, Powers: []string{"mind_blast", "fireball", "shock", "cone_of_cold", "inspiration", "hand_of_fire", "paralysis"},
		Rules: []string{"teleport", "regeneration", "flying"}, Cost: 20},
	{ID: "berserk", Quality: 5, MeleeRules: []string{"powerful"}, Rules: []string{"frenzied", "hit_and_run", "suicidal", "very_fast", "fearless", "clumsy", "terrifying", "incapable"}, Cost: 5},
	// creatures (WS-INV-15 to 17)
	{ID: "zombie", Quality: 5, Rules: []string{"clumsy", "slow", "fearless", "headshot", "unkillable"}},
	{ID: "mini-zol", Quality: 5, Rules: []string{"agile", "small_target", "fearless", "sprotch"}},
	{ID: "zol", Quality: 4, Rules: []string{"agile", "fearless", "sprotch"}, Smaller: "mini-zol"},
	{ID: "mega-zol", Quality: 3, MeleeRules: []string{"piercing"}, Rules: []string{"agile", "large_target", "fearless", "sprotch"}, Smaller: "zol"},
	{ID: "giga-zol", Quality: 2, MeleeRules: []string{"piercing", "deadly"}, Rules: []string{"agile", "large_target", "fearless", "sprotch"}, Smaller: "mega-zol"},
	{ID: "xenomorph", Quality: 4, MeleeRules: []string{"powerful"}, Rules: []string{"agile", "fast", "camouflage", "fearless", "cunning"}},
}

func sampleProfiles(t testing.TB) ([]Profile, map[string]int16) {
	ps, idx, err := Profiles(sampleSpecs)
	if err != nil {
		t.Fatal(err)
	}
	return ps, idx
}

// bandOf is a band of sample profiles by id.
func bandOf(idx map[string]int16) func(name string, ids ...string) Band {
	return func(name string, ids ...string) Band {
		b := Band{Name: name}
		for _, id := range ids {
			b.Figs = append(b.Figs, idx[id])
		}
		return b
	}
}

func sampleGames(t testing.TB) []*Game {
	ps, idx := sampleProfiles(t)
	band := bandOf(idx)
	std, err := NewStandard(ps, [2]Band{
		band("red", "storm-seer", "trooper", "trooper", "militia", "militia", "militia"),
		band("blue", "brute", "sniper", "medic", "berserk", "militia", "militia"),
	}, SampleTerrain(32), 0, 50)
	if err != nil {
		t.Fatal(err)
	}
	std2, err := NewStandard(ps, [2]Band{
		band("red", "mystic", "brute", "berserk", "militia"),
		band("blue", "sniper", "medic", "trooper", "militia", "militia"),
	}, SampleTerrain(32), 1, 50)
	if err != nil {
		t.Fatal(err)
	}
	var games = []*Game{std, std2}
	for _, cr := range []Creatures{
		{Spawn: idx["zombie"], Merge: [3]int16{-1, -1, -1}, SpawnDice: 8},
		{Spawn: idx["zol"], Merge: [3]int16{idx["zol"], idx["mega-zol"], idx["giga-zol"]}},
		{Spawn: idx["xenomorph"], Merge: [3]int16{-1, -1, -1}},
	} {
		g, err := NewInvasion(ps, []Band{band("heroes", "storm-seer", "trooper", "medic", "brute", "militia")}, cr, SampleTerrain(32))
		if err != nil {
			t.Fatal(err)
		}
		g.MaxTurns = 8
		games = append(games, g)
	}
	return games
}

// TestSelfPlayInvariants plays random and greedy games of every sample
// scenario, checking the invariants after every decision and that the log
// replays.
func TestSelfPlayInvariants(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 4
	}
	for gi, g := range sampleGames(t) {
		for seed := range uint64(n) {
			bots := [2]Bot{NewRandomBot(seed), NewRandomBot(seed + 100)}
			if seed%4 == 3 {
				bots[0] = NewGreedyBot(seed)
			}
			s, err := NewState(g, seed)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Start(nil); err != nil {
				t.Fatalf("game %d seed %d: start: %v", gi, seed, err)
			}
			var legal []Decision
			var log Log
			log.Header.Seed = seed
			for steps := 0; !s.Over(); steps++ {
				if steps > 5000 {
					t.Fatalf("game %d seed %d: over 5000 decisions (turn %d)", gi, seed, s.Turn())
				}
				legal = s.Legal(legal[:0])
				if len(legal) == 0 {
					t.Fatalf("game %d seed %d turn %d: nothing legal (pending %d)", gi, seed, s.Turn(), s.pend)
				}
				d := legal[bots[s.toAct].Choose(s, legal)]
				ev, err := s.Do(d, nil, nil)
				if err != nil {
					t.Fatalf("game %d seed %d turn %d: listed decision %+v refused: %v", gi, seed, s.Turn(), d, err)
				}
				log.record(s, &d, ev)
				if err := s.Invariants(); err != nil {
					t.Fatalf("game %d seed %d turn %d after %+v: %v", gi, seed, s.Turn(), d, err)
				}
			}
			if seed%8 == 0 {
				if err := Replay(g, &log); err != nil {
					t.Fatalf("game %d seed %d: replay: %v", gi, seed, err)
				}
			}
		}
	}
}
