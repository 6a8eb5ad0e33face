package wbengine

import (
	"math"
	"math/rand/v2"
)

// SearchLevel is a budget of the search bot (SearchBot): how many
// playouts it spends on one decision, among how many candidates, and how
// far each playout looks ahead.
type SearchLevel struct {
	Playouts   int // playouts per decision (a decision with one legal choice costs none)
	Candidates int // the best decisions by one-ply score that the playouts compare
	Horizon    int // decisions played in each playout before the position is scored
	Sample     int // decisions the rollout policy scores at each of its steps
}

// SearchLevels are the documented levels of the search bot, 1 to 3; 2 is
// the default (README: "Bots"). Level 0 is unused.
var SearchLevels = [...]SearchLevel{
	{},
	{Playouts: 24, Candidates: 4, Horizon: 12, Sample: 3},
	{Playouts: 64, Candidates: 6, Horizon: 24, Sample: 4},
	{Playouts: 192, Candidates: 8, Horizon: 36, Sample: 4},
}

// DefaultSearchLevel is the level of "mcts" without a number.
const DefaultSearchLevel = 2

// SearchBot is a Monte Carlo search bot. At each decision with more than
// one legal choice it keeps the Candidates best decisions by the greedy
// bot's one-ply score, then shares its playouts among them by UCB1 (the
// selection rule of Monte Carlo tree search, at the root). A playout
// copies the state and determinises what the player cannot know: the
// dice to come (the copy's generator is reseeded from the bot's own) and,
// before they are drawn, the personal Objectives (R-OBJ-3), redrawn. It
// applies the candidate, plays on with a sampled greedy policy (the best
// of Sample random legal decisions by one-ply score) for Horizon
// decisions or to the end of the game, and scores the result for the
// player: 1 a win, 0 a loss, ½ a draw, or the heuristic score of the
// position squashed to 0..1. The decision with the most playouts is
// taken. Everything is drawn from the bot's seeded generator, never the
// game's, so a game of search bots is the same for the same seeds.
type SearchBot struct {
	lv     SearchLevel
	r      *rand.Rand
	cand   []int
	scores []int
	visits []int
	sums   []float64
	buf    []Decision
	ev     []Event
}

// NewSearchBot returns a search bot of level lv (1–3; out of range: the
// default level) seeded with seed.
func NewSearchBot(lv int, seed uint64) *SearchBot {
	if lv < 1 || lv >= len(SearchLevels) {
		lv = DefaultSearchLevel
	}
	return NewSearchBotBudget(SearchLevels[lv], seed)
}

// NewSearchBotBudget returns a search bot with the given budget.
func NewSearchBotBudget(lv SearchLevel, seed uint64) *SearchBot {
	lv.Playouts = max(lv.Playouts, 1)
	lv.Candidates = max(lv.Candidates, 1)
	lv.Sample = max(lv.Sample, 1)
	return &SearchBot{lv: lv, r: rand.New(rand.NewPCG(seed, 0x3c75))}
}

// searchScale turns evaluate's score into a chance of winning: a lead of
// one Victory Point (100) is worth about 0.84.
const searchScale = 60

// Choose implements Bot.
func (b *SearchBot) Choose(s *State, legal []Decision) int {
	if len(legal) == 1 {
		return 0
	}
	side := int(s.toAct)
	// One-ply scores, as the greedy bot computes them, pick the candidates.
	b.scores = b.scores[:0]
	for _, d := range legal {
		c := *s
		b.reseed(&c)
		b.ev = c.DoLegal(d, nil, b.ev[:0])
		b.scores = append(b.scores, b.plyScore(&c, d, side))
	}
	b.cand = b.cand[:0]
	for i := range legal {
		b.cand = append(b.cand, i)
	}
	// Best first, ties in Legal's order (insertion sort: no allocation).
	for i := 1; i < len(b.cand); i++ {
		for j := i; j > 0 && b.scores[b.cand[j]] > b.scores[b.cand[j-1]]; j-- {
			b.cand[j], b.cand[j-1] = b.cand[j-1], b.cand[j]
		}
	}
	k := min(len(b.cand), b.lv.Candidates)
	b.cand = b.cand[:k]
	if k == 1 {
		return b.cand[0]
	}
	b.visits = zeroed(b.visits, k)
	b.sums = zeroed(b.sums, k)
	for p := range b.lv.Playouts {
		i := p
		if p >= k { // UCB1 once each candidate has one playout
			best := -1.0
			logN := math.Log(float64(p))
			for j := range k {
				u := b.sums[j]/float64(b.visits[j]) + math.Sqrt(2*logN/float64(b.visits[j]))
				if u > best {
					i, best = j, u
				}
			}
		}
		b.visits[i]++
		b.sums[i] += b.playout(s, legal[b.cand[i]], side)
	}
	best := 0
	for j := 1; j < k; j++ {
		if b.visits[j] > b.visits[best] || (b.visits[j] == b.visits[best] && b.sums[j] > b.sums[best]) {
			best = j
		}
	}
	return b.cand[best]
}

// plyScore is the one-ply score of the state c reached by d, for side.
func (b *SearchBot) plyScore(c *State, d Decision, side int) int {
	score := c.evaluate(side)
	if d.Kind == Pass {
		score -= 3 // as the greedy bot: prefer acting while it pays
	}
	return score
}

// reseed determinises c: its dice to come are drawn from the bot's
// generator, and the personal Objectives, while still undrawn, are drawn
// again.
func (b *SearchBot) reseed(c *State) {
	c.rng.Seed(b.r.Uint64(), b.r.Uint64())
	if !c.objDrawn {
		c.drawObjectives()
	}
}

// playout plays d then the rollout policy on a determinised copy of s and
// returns the result for side, from 0 (lost) to 1 (won).
func (b *SearchBot) playout(s *State, d Decision, side int) float64 {
	c := *s
	b.reseed(&c)
	b.ev = c.DoLegal(d, nil, b.ev[:0])
	for range b.lv.Horizon {
		if c.Over() {
			break
		}
		b.buf = Legal(&c, b.buf)
		if len(b.buf) == 0 {
			break
		}
		b.ev = c.DoLegal(b.buf[b.rolloutPick(&c)], nil, b.ev[:0])
	}
	switch {
	case !c.Over():
		return 1 / (1 + math.Exp(-float64(c.evaluate(side))/searchScale))
	case int(c.winner) == side:
		return 1
	case c.winner == 2:
		return 0.5
	}
	return 0
}

// rolloutPick is the rollout policy: the best by one-ply score of Sample
// legal decisions drawn at random (all of them when there are no more).
// The look-ahead rolls its own dice, not the playout's.
func (b *SearchBot) rolloutPick(c *State) int {
	n := len(b.buf)
	if n == 1 {
		return 0
	}
	side := int(c.toAct)
	best, bestScore := 0, math.MinInt
	for j := range min(n, b.lv.Sample) {
		i := j
		if n > b.lv.Sample {
			i = b.r.IntN(n)
		}
		d := b.buf[i]
		cc := *c
		cc.rng.Seed(b.r.Uint64(), b.r.Uint64())
		b.ev = cc.DoLegal(d, nil, b.ev[:0])
		if score := b.plyScore(&cc, d, side); score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// zeroed returns s resized to n zeros, reusing its array when it is big
// enough.
func zeroed[T int | float64](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
