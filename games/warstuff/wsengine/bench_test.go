package wsengine

import "testing"

// BenchmarkRandomGame plays whole random-bot games of the sample
// scenarios: one op is one game, seeds 0, 1, 2, …
func BenchmarkRandomGame(b *testing.B) {
	games := sampleGames(b)
	for gi, name := range []string{"standard-a", "standard-b", "invasion-zombies", "invasion-zols", "invasion-xenomorphs"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var decisions, seed uint64
			for b.Loop() {
				bots := [2]Bot{NewRandomBot(seed), NewRandomBot(seed + 1)}
				r, _, err := Play(games[gi], seed, bots, nil, 100000)
				if err != nil {
					b.Fatalf("seed %d: %v", seed, err)
				}
				decisions += uint64(r.Steps)
				seed++
			}
			b.ReportMetric(float64(decisions)/float64(seed), "decisions/game")
			b.ReportMetric(float64(seed)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkSearchGame plays whole games of the engine kit's search bot
// (mcts:1) on both sides of the sample standard scenario: one op is one
// game, seeds 0, 1, 2, …
func BenchmarkSearchGame(b *testing.B) {
	g := sampleGames(b)[0]
	b.ReportAllocs()
	var seed uint64
	for b.Loop() {
		bots := [2]Bot{NewSearchBot(1, 2*seed+1), NewSearchBot(1, 2*seed+2)}
		if _, _, err := Play(g, seed, bots, nil, 100000); err != nil {
			b.Fatalf("seed %d: %v", seed, err)
		}
		seed++
	}
	b.ReportMetric(float64(seed)/b.Elapsed().Seconds(), "games/s")
}
