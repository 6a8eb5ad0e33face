package engine_test

import (
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// TestSearchBotDeterministic: the same seeds give the same game, decision
// for decision, in both formats (the personal Objectives are hidden in
// Confrontation until turn 3, so the bot redraws them in its playouts).
func TestSearchBotDeterministic(t *testing.T) {
	cat := loadContent(t)
	for _, tc := range []struct {
		name string
		g    *wbengine.Game
	}{
		{"exploration", game(t, [2]string{"raiders-strike", "clans-vigil"})},
		{"confrontation", confrontationGame(t, cat, "crossroads-relay", [2]string{"ash-and-rust", "clans-host"}, false)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs [2]wbengine.Log
			var res [2]wbengine.PlayResult
			for i := range logs {
				bots := [2]wbengine.Bot{wbengine.NewSearchBot(1, 11), wbengine.NewGreedyBot(12)}
				r, _, err := wbengine.Play(tc.g, 5, bots, &logs[i], 5000)
				if err != nil {
					t.Fatal(err)
				}
				res[i] = r
			}
			if res[0] != res[1] || len(logs[0].Steps) != len(logs[1].Steps) {
				t.Fatalf("two games of the same seeds differ: %+v and %+v", res[0], res[1])
			}
			for i := range logs[0].Steps {
				if logs[0].Steps[i].Text != logs[1].Steps[i].Text || logs[0].Steps[i].Hash != logs[1].Steps[i].Hash {
					t.Fatalf("step %d differs: %s / %s", i+1, logs[0].Steps[i].Text, logs[1].Steps[i].Text)
				}
			}
			// Another seed of the bot plays otherwise somewhere.
			bots := [2]wbengine.Bot{wbengine.NewSearchBot(1, 99), wbengine.NewGreedyBot(12)}
			var other wbengine.Log
			if _, _, err := wbengine.Play(tc.g, 5, bots, &other, 5000); err != nil {
				t.Fatal(err)
			}
			same := len(other.Steps) == len(logs[0].Steps)
			for i := 0; same && i < len(other.Steps); i++ {
				same = other.Steps[i].Text == logs[0].Steps[i].Text
			}
			if same {
				t.Error("the bot's seed changes nothing: its playouts do not use its generator")
			}
		})
	}
}

// TestSearchBotLeavesStateAlone: choosing never changes the state it is
// shown (playouts work on copies) nor the legal list.
func TestSearchBotLeavesStateAlone(t *testing.T) {
	g := game(t, [2]string{"smoke-and-scrap", "raiders-strike"})
	s, _, err := wbengine.NewState(g, wbengine.Start{Seed: 3, Hand: -1})
	if err != nil {
		t.Fatal(err)
	}
	bot := wbengine.NewSearchBot(1, 4)
	var buf []wbengine.Decision
	for n := 0; !s.Over() && n < 60; n++ {
		buf = wbengine.Legal(&s, buf)
		h := s.Hash()
		first := buf[0]
		i := bot.Choose(&s, buf)
		if s.Hash() != h || buf[0] != first {
			t.Fatalf("step %d: Choose changed the state or the legal list", n+1)
		}
		if i < 0 || i >= len(buf) {
			t.Fatalf("step %d: choice %d out of %d", n+1, i, len(buf))
		}
		if _, err := s.Do(buf[i], nil, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkSearchDecision measures the search bot's decisions per second
// at each level on the positions of a greedy game of two starter decks
// (every position with more than one legal decision; one op is one
// decision), with the greedy bot's rate on the same positions as the
// reference.
func BenchmarkSearchDecision(b *testing.B) {
	g := game(b, [2]string{"raiders-strike", "clans-vigil"})
	var positions []wbengine.State
	s, _, err := wbengine.NewState(g, wbengine.Start{Seed: 9, Hand: -1})
	if err != nil {
		b.Fatal(err)
	}
	greedy := wbengine.NewGreedyBot(1)
	var buf []wbengine.Decision
	for !s.Over() {
		buf = wbengine.Legal(&s, buf)
		if len(buf) > 1 {
			positions = append(positions, s)
		}
		if _, err := s.Do(buf[greedy.Choose(&s, buf)], nil, nil); err != nil {
			b.Fatal(err)
		}
	}
	for _, kind := range []string{"greedy", "mcts:1", "mcts:2", "mcts:3"} {
		b.Run(kind, func(b *testing.B) {
			bot, err := wbengine.NewBot(kind, 1)
			if err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				p := &positions[i%len(positions)]
				buf = wbengine.Legal(p, buf)
				bot.Choose(p, buf)
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}

// BenchmarkBotGames plays whole games of two starter decks with the same
// bot on both sides: one op is one game; games/s per bot level.
func BenchmarkBotGames(b *testing.B) {
	g := game(b, [2]string{"raiders-strike", "clans-vigil"})
	for _, kind := range wbengine.BotKinds {
		if kind == "mcts" {
			continue // = mcts:2
		}
		b.Run(kind, func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				var bots [2]wbengine.Bot
				for i := range bots {
					bots[i], _ = wbengine.NewBot(kind, 2*seed+uint64(i))
				}
				if _, _, err := wbengine.Play(g, seed, bots, nil, 100000); err != nil {
					b.Fatal(err)
				}
				seed++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
