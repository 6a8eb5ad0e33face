package warstuff_test

import (
	"testing"

	starter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wsengine"
	schemaws "wbtool.dev/wbtool/games/warstuff/wsschema"
)

// TestStarterGamesPlay: the starter catalog converts into the engine's
// games (profiles, bands, scenarios, hordes) and bots play them to the end
// with the invariants holding.
func TestStarterGamesPlay(t *testing.T) {
	cat, err := schemaws.Load(starter.FS, schemaws.Options{Root: "content/warstuff"})
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	for _, sc := range cat.Scenarios {
		var pairs [][]string
		switch sc.Kind {
		case wsengine.Invasion:
			for _, h := range cat.Hordes {
				for _, b := range cat.Bands {
					if b.Format == 50 {
						pairs = append(pairs, []string{b.ID, h.ID})
						break
					}
				}
			}
		default:
			for _, a := range cat.Bands {
				for _, b := range cat.Bands {
					if a.ID != b.ID && a.Format == sc.Format && b.Format == sc.Format {
						pairs = append(pairs, []string{a.ID, b.ID})
					}
				}
			}
		}
		for _, p := range pairs {
			var g *wsengine.Game
			if sc.Kind == wsengine.Invasion {
				g, err = wsengine.GameFromCatalog(cat, sc.ID, p[:1], p[1])
			} else {
				g, err = wsengine.GameFromCatalog(cat, sc.ID, p, "")
			}
			if err != nil {
				t.Fatalf("%s %v: %v", sc.ID, p, err)
			}
			g.MaxTurns = 10
			for seed := range uint64(2) {
				var log wsengine.Log
				r, s, err := wsengine.Play(g, seed, [2]wsengine.Bot{wsengine.NewRandomBot(seed), wsengine.NewGreedyBot(seed)}, &log, 20000)
				if err != nil {
					t.Fatalf("%s %v seed %d: %v", sc.ID, p, seed, err)
				}
				if err := s.Invariants(); err != nil {
					t.Fatalf("%s %v seed %d: %v", sc.ID, p, seed, err)
				}
				if err := wsengine.Replay(g, &log); err != nil {
					t.Fatalf("%s %v seed %d: replay: %v", sc.ID, p, seed, err)
				}
				if r.Winner == wsengine.Undecided {
					t.Errorf("%s %v seed %d: unfinished", sc.ID, p, seed)
				}
				games++
			}
		}
	}
	if games < 10 {
		t.Errorf("only %d games", games)
	}
}
