package engine_test

import (
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// BenchmarkRandomGame plays complete random-bot Exploration games of two
// starter decks on the Exploration scenario: one op is one game.
// clans-vigil fields a Formation, whose moves are the costliest to list.
func BenchmarkRandomGame(b *testing.B) {
	for _, decks := range [][2]string{{"raiders-strike", "clans-vigil"}, {"raiders-strike", "smoke-and-scrap"}} {
		b.Run(decks[0]+"-vs-"+decks[1], func(b *testing.B) {
			g := game(b, decks)
			bots := [2]wbengine.Bot{wbengine.NewRandomBot(1), wbengine.NewRandomBot(2)}
			steps := 0
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				r, _, err := wbengine.Play(g, seed, bots, nil, 100000)
				if err != nil {
					b.Fatal(err)
				}
				steps += r.Steps
				seed++
			}
			b.ReportMetric(float64(steps)/float64(b.N), "decisions/game")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkCheckGames runs every check game of the starter content once
// per op (the work of `wbtool check` after loading).
func BenchmarkCheckGames(b *testing.B) {
	cat := loadContent(b)
	for b.Loop() {
		for i := range cat.Checks {
			if r := wbengine.RunCheck(cat, &cat.Checks[i]); !r.Passed() {
				b.Fatal(r.ID)
			}
		}
	}
	b.ReportMetric(float64(len(cat.Checks)), "checks")
}

// BenchmarkRandomConfrontationGame plays complete random-bot Confrontation
// games of two starter decks on the Crossroads Relay scenario, with the
// Maintenance option: one op is one game.
func BenchmarkRandomConfrontationGame(b *testing.B) {
	cat := loadContent(b)
	for _, decks := range [][2]string{{"raiders-warband", "clans-host"}, {"ash-and-rust", "raiders-warband"}} {
		b.Run(decks[0]+"-vs-"+decks[1], func(b *testing.B) {
			g := confrontationGame(b, cat, "crossroads-relay", decks, true)
			bots := [2]wbengine.Bot{wbengine.NewRandomBot(1), wbengine.NewRandomBot(2)}
			steps := 0
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				r, _, err := wbengine.Play(g, seed, bots, nil, 100000)
				if err != nil {
					b.Fatal(err)
				}
				steps += r.Steps
				seed++
			}
			b.ReportMetric(float64(steps)/float64(b.N), "decisions/game")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
