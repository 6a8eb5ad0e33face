package engine_test

import (
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// TestPlayRandomPickMatchesLegal: Play gives a RandomBot short cuts
// (counting some decisions instead of listing them); the games must be
// those of the plain loop, Legal then Choose, step by step, in both
// formats, for single miniatures and Formations alike.
func TestPlayRandomPickMatchesLegal(t *testing.T) {
	cat := loadContent(t)
	for _, tc := range []struct {
		name string
		g    *wbengine.Game
	}{
		{"exploration-formation", game(t, [2]string{"raiders-strike", "clans-vigil"})},
		{"exploration", game(t, [2]string{"smoke-and-scrap", "raiders-strike"})},
		{"confrontation", confrontationGame(t, cat, "crossroads-relay", [2]string{"ash-and-rust", "clans-host"}, true)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(40) {
				bots := [2]wbengine.Bot{wbengine.NewRandomBot(seed), wbengine.NewRandomBot(seed + 1)}
				var got wbengine.Log
				res, _, err := wbengine.Play(tc.g, seed, bots, &got, 5000)
				if err != nil {
					t.Fatal(err)
				}
				// The plain loop, with fresh bots of the same seeds.
				bots = [2]wbengine.Bot{wbengine.NewRandomBot(seed), wbengine.NewRandomBot(seed + 1)}
				s, _, err := wbengine.NewState(tc.g, wbengine.Start{Seed: seed, Hand: -1})
				if err != nil {
					t.Fatal(err)
				}
				var buf []wbengine.Decision
				for n := 0; !s.Over(); n++ {
					buf = wbengine.Legal(&s, buf)
					d := buf[bots[s.ToAct()].Choose(&s, buf)]
					if n >= len(got.Steps) || got.Steps[n].Text != d.Format(tc.g) {
						t.Fatalf("seed %d step %d: Play chose otherwise than Legal then Choose (%s)", seed, n+1, d.Format(tc.g))
					}
					if _, err := s.Do(d, nil, nil); err != nil {
						t.Fatal(err)
					}
				}
				if res.Steps != s.Steps() || res.Winner != s.Winner() || res.VP != [2]int{s.VP(0), s.VP(1)} {
					t.Fatalf("seed %d: Play ended %+v, the plain loop after %d steps, winner %d", seed, res, s.Steps(), s.Winner())
				}
			}
		})
	}
}
