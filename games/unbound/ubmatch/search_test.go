package ubmatch

import (
	"bytes"
	"testing"

	"wbtool.dev/wbtool/games/unbound/ubengine"
)

// pairedGame plays seed with bot a on side seat and bot b on the others,
// and returns the result.
func pairedGame(t testing.TB, m *Match, seed uint64, a, b string, seat int) Result {
	t.Helper()
	bots := make([]bot, len(m.Armies))
	for i := range bots {
		name := b
		if i == seat {
			name = a
		}
		bots[i] = newBot(name, seed*uint64(len(m.Armies))+uint64(i)+1)
	}
	decide := func(g *game, legal []ubengine.Order) (int, error) { return bots[g.s.Deciding].choose(g, legal), nil }
	r, _, err := m.play(seed, decide, nil, nil)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return r
}

// TestSearchBeatsRandom: the engine kit's search at level 1 against the
// random bot, each seed played twice with the seats swapped (paired
// games, so the first seat's edge cancels out): the search wins most.
func TestSearchBeatsRandom(t *testing.T) {
	m, err := New(catalog(t), Options{Scenario: "border-clash", Bot: "random"})
	if err != nil {
		t.Fatal(err)
	}
	const seeds = 20
	won, lost := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		for seat := range 2 {
			switch r := pairedGame(t, m, seed, "mcts:1", "random", seat); r.Winner {
			case seat:
				won++
			case 1 - seat:
				lost++
			}
		}
	}
	t.Logf("mcts:1 against random: won %d, lost %d of %d games", won, lost, 2*seeds)
	if won <= seeds {
		t.Fatalf("mcts:1 won %d of %d paired games against random, want most", won, 2*seeds)
	}
}

// TestSearchIsSeeded: the same seed plays the same game (log and
// account), the search's playouts never touch the game's dice, and the
// log replays.
func TestSearchIsSeeded(t *testing.T) {
	for _, sc := range []string{"border-clash", "three-way"} {
		m, err := New(catalog(t), Options{Scenario: sc, Bot: "mcts:1"})
		if err != nil {
			t.Fatal(err)
		}
		var logs [2][]byte
		var accts [2]string
		for k := range logs {
			_, l, acct, err := m.Play(7, true)
			if err != nil {
				t.Fatal(err)
			}
			if logs[k], err = l.MarshalJSONL(); err != nil {
				t.Fatal(err)
			}
			accts[k] = acct
			if err := Replay(m, l); err != nil {
				t.Fatalf("%s: replay: %v", sc, err)
			}
		}
		if !bytes.Equal(logs[0], logs[1]) || accts[0] != accts[1] {
			t.Fatalf("%s: seed 7 played twice gives two games", sc)
		}
	}
}

// BenchmarkSearchGame: whole games of mcts:1 on both sides.
func BenchmarkSearchGame(b *testing.B) {
	m, err := New(catalog(b), Options{Bot: "mcts:1"})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		if _, _, _, err := m.Play(uint64(i), false); err != nil {
			b.Fatal(err)
		}
	}
}
