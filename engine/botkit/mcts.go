package botkit

import (
	"math"
	"math/rand/v2"
)

// Position is what a game's engine state offers the generic search
// (Search): a game in progress, played on in place. Search never plays on
// the game's own state: it clones it first, and each clone rolls its own
// dice from the generator it is given, so the search never learns the
// game's dice to come nor changes them.
type Position interface {
	// Clone returns a copy to play on whose dice come from r (the
	// search's generator), never from the game's. The search plays on one
	// clone at a time and drops it before the next Clone: a Position may
	// hand out the same scratch copy again.
	Clone(r *rand.Rand) Position
	// Seats is the number of seats (players) of the game.
	Seats() int
	// ToAct is the seat that decides next (0 to Seats−1).
	ToAct() int
	// Legal lists the decisions of the seat to act and returns how many
	// there are; Apply takes an index into this listing.
	Legal() int
	// Apply plays decision i of the last listing; false when it cannot
	// be played (the position is then not played on).
	Apply(i int) bool
	// Over reports whether the game has ended.
	Over() bool
	// Result is the outcome for seat, 0 (a loss) to 1 (a win), ½ a draw;
	// before the end, the engine's estimate of it.
	Result(seat int) float64
	// Rollout plays on with the engine's seeded random policy, drawing
	// from r, for at most steps decisions or to the end of the game.
	Rollout(r *rand.Rand, steps int)
}

// SearchLevel is a budget of Search.
type SearchLevel struct {
	Iterations int // playouts per decision (a decision with one legal choice costs none)
	Depth      int // the deepest the tree grows below the root
	Horizon    int // random decisions each playout plays after the tree
}

// SearchLevels are the generic search bot's levels, 1 to 3 ("mcts:1" to
// "mcts:3"); level 0 is unused.
var SearchLevels = [...]SearchLevel{
	{},
	{Iterations: 24, Depth: 4, Horizon: 12},
	{Iterations: 64, Depth: 6, Horizon: 24},
	{Iterations: 192, Depth: 8, Horizon: 36},
}

// DefaultSearchLevel is the level of "mcts" without a number.
const DefaultSearchLevel = 2

// SearchStream is the search bot's generator stream (NewRand).
const SearchStream = 0x3c7b

// ParseSearch reads a search bot's name: "mcts" (the default level) or
// "mcts:1" to "mcts:3"; ok is false for any other name.
func ParseSearch(kind string) (level int, ok bool) {
	if kind == "mcts" {
		return DefaultSearchLevel, true
	}
	if len(kind) == len("mcts:1") && kind[:5] == "mcts:" {
		if lv := int(kind[5] - '0'); lv >= 1 && lv < len(SearchLevels) {
			return lv, true
		}
	}
	return 0, false
}

// Searcher is Monte Carlo tree search (UCT) over Positions, open-loop:
// the tree's nodes are sequences of decision indices and every playout
// replays its sequence on a fresh clone, so chance (dice drawn by the
// clone from the search's generator) is sampled anew each time. A
// playout selects by UCB1 down the tree, adds one node (an untried
// decision drawn at random), plays Horizon random decisions
// (Position.Rollout) and credits every node with the Result of the seat
// that chose it. The decision tried most is taken, ties to the first.
// Everything is drawn from the Searcher's seeded generator: the same seed
// and position give the same choice.
type Searcher struct {
	lv    SearchLevel
	r     *rand.Rand
	nodes []node
	path  []int32
	res   []float64
}

// node is one decision in the tree: the seat that chose it, its visits,
// the sum of that seat's results, and its children (first child and
// next sibling, indices into Searcher.nodes, 0 for none).
type node struct {
	move         int32
	seat         int8
	visits       int32
	sum          float64
	child, next  int32
	tried, moves int32 // children added; decisions listed on the last visit
}

// NewSearcher returns a search of level lv (1–3; out of range: the
// default level) seeded with seed.
func NewSearcher(lv int, seed uint64) *Searcher {
	if lv < 1 || lv >= len(SearchLevels) {
		lv = DefaultSearchLevel
	}
	return NewSearcherBudget(SearchLevels[lv], seed)
}

// NewSearcherBudget returns a search with the given budget.
func NewSearcherBudget(lv SearchLevel, seed uint64) *Searcher {
	lv.Iterations = max(lv.Iterations, 1)
	lv.Depth = max(lv.Depth, 1)
	return &Searcher{lv: lv, r: NewRand(seed, SearchStream)}
}

// Choose returns the index of the decision to take among the n decisions
// root lists (root.Legal() == n); root itself is not played on.
func (m *Searcher) Choose(root Position, n int) int {
	if n <= 1 {
		return 0
	}
	seats := root.Seats()
	if cap(m.res) < seats {
		m.res = make([]float64, seats)
	}
	m.res = m.res[:seats]
	m.nodes = append(m.nodes[:0], node{}, node{moves: int32(n), seat: int8(root.ToAct())})
	for range m.lv.Iterations {
		m.playout(root)
	}
	best, bestVisits := 0, int32(-1)
	for c := m.nodes[1].child; c != 0; c = m.nodes[c].next {
		if v := m.nodes[c].visits; v > bestVisits || v == bestVisits && int(m.nodes[c].move) < best {
			best, bestVisits = int(m.nodes[c].move), v
		}
	}
	return best
}

// playout is one iteration: select, expand, roll out, back up.
func (m *Searcher) playout(root Position) {
	p := root.Clone(m.r)
	m.path = append(m.path[:0], 1)
	cur := int32(1)
	for depth := 0; depth < m.lv.Depth && !p.Over(); depth++ {
		n := int32(p.Legal())
		if n == 0 {
			break
		}
		m.nodes[cur].moves = n
		seat := int8(p.ToAct())
		next := m.selectChild(cur, n)
		if next == 0 { // expand an untried decision
			next = m.expand(cur, n, seat)
			if !p.Apply(int(m.nodes[next].move)) {
				m.backup(next, nil)
				return
			}
			m.path = append(m.path, next)
			break
		}
		if !p.Apply(int(m.nodes[next].move)) {
			m.backup(next, nil)
			return
		}
		m.path = append(m.path, next)
		cur = next
	}
	if !p.Over() && m.lv.Horizon > 0 {
		p.Rollout(m.r, m.lv.Horizon)
	}
	for s := range m.res {
		m.res[s] = min(max(p.Result(s), 0), 1)
	}
	m.backup(0, m.res)
}

// selectChild returns the child of cur to descend to by UCB1 among the
// decisions listed now (move < n), or 0 when a decision is still untried.
func (m *Searcher) selectChild(cur, n int32) int32 {
	if m.nodes[cur].tried < n {
		untried := n
		for c := m.nodes[cur].child; c != 0; c = m.nodes[c].next {
			if m.nodes[c].move < n {
				untried--
			}
		}
		if untried > 0 {
			return 0
		}
	}
	logN := math.Log(float64(max(m.nodes[cur].visits, 1)))
	best, bestV := int32(0), math.Inf(-1)
	for c := m.nodes[cur].child; c != 0; c = m.nodes[c].next {
		k := &m.nodes[c]
		if k.move >= n {
			continue
		}
		v := k.sum/float64(k.visits) + 1.4*math.Sqrt(logN/float64(k.visits))
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// expand adds a child of cur for a decision drawn at random among the
// untried ones (move < n).
func (m *Searcher) expand(cur, n int32, seat int8) int32 {
	var seen []bool
	if n <= 64 {
		var a [64]bool
		seen = a[:n]
	} else {
		seen = make([]bool, n)
	}
	untried := n
	for c := m.nodes[cur].child; c != 0; c = m.nodes[c].next {
		if mv := m.nodes[c].move; mv < n && !seen[mv] {
			seen[mv] = true
			untried--
		}
	}
	k := m.r.Int32N(untried)
	move := int32(0)
	for ; ; move++ {
		if !seen[move] {
			if k == 0 {
				break
			}
			k--
		}
	}
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{move: move, seat: seat, next: m.nodes[cur].child})
	m.nodes[cur].child = id
	m.nodes[cur].tried++
	return id
}

// backup credits the path's nodes with res (per seat), or, when res is
// nil, a loss for the seat of failed (a decision that could not be
// played) and nothing for the others.
func (m *Searcher) backup(failed int32, res []float64) {
	for _, id := range m.path {
		m.nodes[id].visits++
		if res != nil && id != 1 {
			m.nodes[id].sum += res[m.nodes[id].seat]
		}
	}
	if res == nil && failed != 0 {
		m.nodes[failed].visits++
	}
}
