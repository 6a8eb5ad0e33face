package botkit

import (
	"math/rand/v2"
	"testing"
)

// nim is a tiny synthetic game: a pile of stones, each seat in turn takes
// 1 to 3, whoever takes the last stone wins.
type nim struct {
	pile, toAct int
	winner      int
}

func (g *nim) Clone(*rand.Rand) Position { c := *g; return &c }
func (g *nim) Seats() int                { return 2 }
func (g *nim) ToAct() int                { return g.toAct }
func (g *nim) Legal() int                { return min(3, g.pile) }
func (g *nim) Over() bool                { return g.pile == 0 }

func (g *nim) Apply(i int) bool {
	if i < 0 || i >= g.Legal() {
		return false
	}
	g.pile -= i + 1
	if g.pile == 0 {
		g.winner = g.toAct
	}
	g.toAct = 1 - g.toAct
	return true
}

func (g *nim) Result(seat int) float64 {
	switch {
	case !g.Over():
		return 0.5
	case g.winner == seat:
		return 1
	}
	return 0
}

func (g *nim) Rollout(r *rand.Rand, steps int) {
	for ; steps > 0 && !g.Over(); steps-- {
		g.Apply(r.IntN(g.Legal()))
	}
}

// playNim plays a game from pile with the search on seat 0 against a
// random player, and returns the winner.
func playNim(pile int, lv SearchLevel, seed uint64) int {
	g := &nim{pile: pile}
	m := NewSearcherBudget(lv, seed)
	r := NewRand(seed, RandomStream)
	for !g.Over() {
		n := g.Legal()
		i := r.IntN(n)
		if g.toAct == 0 {
			i = m.Choose(g, n)
		}
		g.Apply(i)
	}
	return g.winner
}

func TestSearchBeatsRandomAtNim(t *testing.T) {
	for _, tc := range []struct {
		name    string
		lv      SearchLevel
		minWins int
	}{
		{"level 1", SearchLevels[1], 80},
		{"level 2", SearchLevels[2], 90},
		{"deep", SearchLevel{Iterations: 400, Depth: 12, Horizon: 20}, 98},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wins := 0
			for seed := range uint64(100) {
				if playNim(13, tc.lv, seed) == 0 {
					wins++
				}
			}
			if wins < tc.minWins {
				t.Errorf("the search won %d of 100 games against random, want ≥ %d", wins, tc.minWins)
			}
		})
	}
}

// From a pile of 5 the only winning move takes 1 (leaving 4); from 7,
// take 3.
func TestSearchFindsTheWinningMove(t *testing.T) {
	for _, tc := range []struct{ pile, want int }{{5, 0}, {6, 1}, {7, 2}, {9, 0}} {
		for seed := range uint64(10) {
			g := &nim{pile: tc.pile}
			if got := NewSearcher(3, seed).Choose(g, g.Legal()); got != tc.want {
				t.Errorf("pile %d seed %d: chose %d, want %d", tc.pile, seed, got, tc.want)
			}
		}
	}
}

func TestSearchIsDeterministic(t *testing.T) {
	for seed := range uint64(20) {
		a, b := NewSearcher(1, seed), NewSearcher(1, seed)
		for pile := 4; pile < 30; pile++ {
			g := &nim{pile: pile}
			if x, y := a.Choose(g, g.Legal()), b.Choose(g, g.Legal()); x != y {
				t.Fatalf("seed %d pile %d: chose %d then %d", seed, pile, x, y)
			}
		}
		first, again := playNim(30, SearchLevels[1], seed), playNim(30, SearchLevels[1], seed)
		if first != again {
			t.Fatalf("seed %d: the same game ended differently", seed)
		}
	}
}

func TestParseSearch(t *testing.T) {
	for _, tc := range []struct {
		kind string
		lv   int
		ok   bool
	}{
		{"mcts", DefaultSearchLevel, true}, {"mcts:1", 1, true}, {"mcts:3", 3, true},
		{"mcts:0", 0, false}, {"mcts:4", 0, false}, {"mcts:", 0, false}, {"greedy", 0, false},
	} {
		if lv, ok := ParseSearch(tc.kind); lv != tc.lv || ok != tc.ok {
			t.Errorf("ParseSearch(%q) = %d, %v, want %d, %v", tc.kind, lv, ok, tc.lv, tc.ok)
		}
	}
}
