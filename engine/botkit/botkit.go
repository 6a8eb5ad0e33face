// Package botkit is the shape the engines' simple bots share, whatever the
// game: each bot has its own seeded generator (never the game's, so a bot
// never changes the dice), and the greedy bot takes the decision whose
// one-ply look-ahead scores best.
package botkit

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Generator streams: a random and a greedy bot with the same seed draw
// differently.
const (
	RandomStream = 0x5eed
	GreedyStream = 0x9eed
)

// NewRand returns a bot's generator for seed on stream.
func NewRand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }

// Greedy returns the index of the best of n decisions: score(i) plays
// decision i on a copy of the state and scores what it leads to, or says
// it cannot be played (false). Ties go to the first; 0 when none can.
func Greedy(n int, score func(i int) (int, bool)) int {
	best, bestScore := 0, -1<<30
	for i := range n {
		if v, ok := score(i); ok && v > bestScore {
			best, bestScore = i, v
		}
	}
	return best
}

// Roll fills dice with faces 1 to sides drawn from r: a look-ahead's own
// dice.
func Roll(r *rand.Rand, dice []int8, sides int) {
	for i := range dice {
		dice[i] = int8(1 + r.IntN(sides))
	}
}

// Bots are the bot names every game's --bot takes: a random and a greedy
// player and the kit's search at its levels (mcts is its default level).
var Bots = []string{"random", "greedy", "mcts", "mcts:1", "mcts:2", "mcts:3"}

// UnknownBot is the refusal of a --bot name a game does not have, in the
// same words for every game; bots are the game's names.
func UnknownBot(name string, bots []string) error {
	return fmt.Errorf("no bot %q: expected one of %s", name, strings.Join(bots, ", "))
}
