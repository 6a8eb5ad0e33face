package wsmatch_test

import (
	"testing"

	"wbtool.dev/wbtool/games/warstuff/wsengine"
	"wbtool.dev/wbtool/games/warstuff/wsmatch"
)

// TestBotsPlayTheSetup: random and greedy bots play the set-up through
// Legal in every kind of game: one attacker named (two players), one
// corner per player, every figure placed or kept in reserve exactly once,
// the invariants holding after each decision, and the log replaying.
// It logs the set-up decisions per game (go test -v).
func TestBotsPlayTheSetup(t *testing.T) {
	c := starterCatalog(t)
	for _, tc := range []struct {
		name    string
		o       wsmatch.Options
		players int
	}{
		{"standard", wsmatch.Options{}, 2},
		{"big-game", wsmatch.Options{Scenario: "big-game", Bands: []string{"iron-column", "warp-host"}}, 2},
		{"three", wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "wrecking-crew"}}, 3},
		{"four", wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "wrecking-crew", "vanguard"}}, 4},
		{"invasion", wsmatch.Options{Scenario: "invasion", Bands: []string{"vanguard", "shadow-cell"}, Variants: []string{"late-arrival"}}, 2},
	} {
		for _, bot := range []string{"random", "greedy"} {
			t.Run(tc.name+"/"+bot, func(t *testing.T) {
				o := tc.o
				o.Bot = bot
				m, err := wsmatch.New(c, o)
				if err != nil {
					t.Fatal(err)
				}
				const games = 4
				total := 0
				for seed := range uint64(games) {
					_, l, err := m.Play(seed, true)
					if err != nil {
						t.Fatal(err)
					}
					g, _, err := m.Game(seed)
					if err != nil {
						t.Fatal(err)
					}
					kinds := map[wsengine.Kind]int{}
					placed := map[int]int{}
					err = wsengine.Trace(g, l, func(s *wsengine.State, d *wsengine.Decision, _ []wsengine.Event) {
						if err := s.Invariants(); err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
						if d == nil || d.Kind < wsengine.Attacker {
							return
						}
						kinds[d.Kind]++
						if d.Kind >= wsengine.Deploy {
							placed[int(d.Fig)]++
						}
					})
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					// two players: one attacker, whose corner fixes the other's
					attackers, corners := 0, tc.players
					if tc.players == 2 && tc.o.Scenario != "invasion" {
						attackers, corners = 1, 1
					}
					if kinds[wsengine.Attacker] != attackers || kinds[wsengine.Corner] != corners {
						t.Errorf("seed %d: %d attackers named, %d corners chosen; want %d and %d", seed, kinds[wsengine.Attacker], kinds[wsengine.Corner], attackers, corners)
					}
					if len(placed) != len(g.Figs) {
						t.Errorf("seed %d: %d of %d figures placed", seed, len(placed), len(g.Figs))
					}
					for f, n := range placed {
						if n != 1 {
							t.Errorf("seed %d: figure %d placed %d times", seed, f, n)
						}
					}
					n := 0
					for _, k := range kinds {
						n += k
					}
					total += n
					t.Logf("seed %d: %d set-up decisions (attacker %d, corner %d, deploy %d, infiltrate %d, reserve %d)", seed, n,
						kinds[wsengine.Attacker], kinds[wsengine.Corner], kinds[wsengine.Deploy], kinds[wsengine.Infiltrate], kinds[wsengine.Reserve])
				}
				t.Logf("%s, %s bots: %.1f set-up decisions per game", tc.name, bot, float64(total)/games)
			})
		}
	}
}
