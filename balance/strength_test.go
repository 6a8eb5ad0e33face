package balance_test

import (
	"fmt"
	"sync"
	"testing"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/schema"
)

var (
	starterOnce sync.Once
	starterGame *wbengine.Game
	starterErr  error
)

// starter compiles an Exploration game of two starter decks.
func starter(tb testing.TB) *wbengine.Game {
	tb.Helper()
	starterOnce.Do(func() {
		cat, err := schema.Load(content.FS, schema.Options{Root: "content"})
		if err != nil {
			starterErr = err
			return
		}
		su, err := wbengine.ScenarioSetup(cat, "salvage-field", [2]string{"raiders-strike", "clans-vigil"})
		if err != nil {
			starterErr = err
			return
		}
		starterGame, starterErr = wbengine.Compile(cat, su)
		if starterErr == nil {
			starterGame.PrecomputeSight()
		}
	})
	if starterErr != nil {
		tb.Fatal(starterErr)
	}
	return starterGame
}

// BenchmarkBotStrength plays paired games of a bot against a reference
// bot on the starter Exploration decks: one op is a pair, the same seed
// with the bot in each seat. It reports the bot's win, draw and loss
// rates in percent with the 95 % Wilson interval of the win rate (run with
// -benchtime=500x for 1,000 games), and games per second.
func BenchmarkBotStrength(b *testing.B) {
	g := starter(b)
	for _, pair := range [][2]string{{"mcts", "greedy"}, {"mcts", "random"}, {"mcts:1", "greedy"}, {"mcts:3", "greedy"}, {"greedy", "random"}} {
		b.Run(fmt.Sprintf("%s-vs-%s", pair[0], pair[1]), func(b *testing.B) {
			var won, drawn, games int
			seed := uint64(0)
			for b.Loop() {
				for seat := range 2 {
					var bots [2]wbengine.Bot
					var err error
					if bots[seat], err = wbengine.NewBot(pair[0], 2*seed+1); err != nil {
						b.Fatal(err)
					}
					if bots[1-seat], err = wbengine.NewBot(pair[1], 2*seed+2); err != nil {
						b.Fatal(err)
					}
					r, _, err := wbengine.Play(g, seed, bots, nil, 100000)
					if err != nil {
						b.Fatal(err)
					}
					games++
					switch r.Winner {
					case seat:
						won++
					case 2:
						drawn++
					}
				}
				seed++
			}
			w := balance.NewRate(won, games)
			b.ReportMetric(w.Pct, "win%")
			b.ReportMetric(w.Lo, "win-lo%")
			b.ReportMetric(w.Hi, "win-hi%")
			b.ReportMetric(100*float64(drawn)/float64(games), "draw%")
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
