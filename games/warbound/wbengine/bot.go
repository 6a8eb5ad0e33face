package wbengine

import (
	"math/rand/v2"

	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/engine/hex"
)

// Bot chooses one of the legal decisions of a state.
type Bot interface {
	Choose(s *State, legal []Decision) int
}

// RandomBot picks uniformly among the legal decisions, with its own seeded
// generator (never the game's, so that a bot never changes the dice).
type RandomBot struct {
	r     *rand.Rand
	pairs [][2]hex.Tile // a Formation's moves being counted (randomPick)
}

// NewRandomBot returns a random bot seeded with seed.
func NewRandomBot(seed uint64) *RandomBot {
	return &RandomBot{r: botkit.NewRand(seed, botkit.RandomStream)}
}

// Choose implements Bot.
func (b *RandomBot) Choose(s *State, legal []Decision) int { return b.r.IntN(len(legal)) }

// GreedyBot scores each legal decision by the state it leads to (one ply,
// on a copy with its own dice) and takes the best; ties go to the first.
type GreedyBot struct {
	r   *rand.Rand
	buf []Event
}

// NewGreedyBot returns a greedy bot; seed drives its look-ahead dice.
func NewGreedyBot(seed uint64) *GreedyBot {
	return &GreedyBot{r: botkit.NewRand(seed, botkit.GreedyStream)}
}

// Choose implements Bot.
func (b *GreedyBot) Choose(s *State, legal []Decision) int {
	side := int(s.toAct)
	var forced [maxDice * 2]int8
	return botkit.Greedy(len(legal), func(i int) (int, bool) {
		// The look-ahead rolls its own dice (never the game's generator),
		// drawn from the bot's generator: one sample of what it may do.
		botkit.Roll(b.r, forced[:], 10)
		dice := Dice{Forced: forced[:]}
		c := *s
		var err error
		if b.buf, err = c.Do(legal[i], &dice, b.buf[:0]); err != nil {
			return 0, false
		}
		score := c.evaluate(side)
		if legal[i].Kind == Pass {
			score -= 3 // prefer acting while it pays
		}
		return score, true
	})
}

// evaluate scores a state for side: Victory Points first, then the
// damage and Stress on each side, the Orders kept and the distance to the
// scenario's markers.
func (s *State) evaluate(side int) int {
	g := s.g
	score := 100 * (int(s.vp[side]) - int(s.vp[1-side]))
	for u := range g.units {
		sign := 1
		if int(g.units[u].side) != side {
			sign = -1
		}
		if !s.inPlay(u) {
			if s.units[u].removed {
				score -= sign * 40
			}
			continue
		}
		us := &s.units[u]
		score -= sign * (6*s.health(u) + 3*int(us.tok[TokStress]) + 2*int(us.tok[TokBreak]))
		if us.panicked {
			score -= sign * 10
		}
		if s.hasCover(u) { // Confrontation: a Cover token blunts the next shot
			score += sign * 2
		}
		best := 99
		for m := range g.markers {
			for _, t := range s.minis(u) {
				best = min(best, g.grid.Distance(t, g.markers[m].tile))
			}
		}
		if best < 99 {
			score -= sign * best
		}
	}
	return score
}

// randomPick is RandomBot's choice without listing every legal decision
// where counting them is enough: the activations (counted per unit), a
// single miniature's moves and deployment tiles (counted from tile sets)
// and a Formation's moves (kept as tile pairs); only the one drawn is
// built. The draw is the same as Choose on Legal's list (same length,
// same order), so games are the same (TestPlayRandomPickMatchesLegal).
// ok is false when there is no short cut (or nothing legal): the caller
// lists and calls Choose.
func (b *RandomBot) randomPick(s *State, buf []Decision) (d Decision, out []Decision, ok bool) {
	if s.pend == pendAction {
		// Activations are counted, and only the one drawn is built;
		// exchanges and the pass come after them in Legal.
		base := baseDecision(s.toAct)
		var p actPlan
		n := 0
		if s.planActivations(&p) {
			_, n, _ = s.walkActivations(&p, base, nil, false, -1)
		}
		buf = s.legalExchanges(base, buf[:0])
		d = base
		d.Kind = Pass
		buf = append(buf, d)
		k := b.r.IntN(n + len(buf))
		if k >= n {
			return buf[k-n], buf, true
		}
		_, _, d = s.walkActivations(&p, base, nil, false, k)
		return d, buf, true
	}
	if s.pend == pendDeploy {
		return b.deployPick(s, buf)
	}
	if s.pend != pendActivation {
		return d, buf, false
	}
	u := int(s.act.unit)
	base := baseDecision(s.toAct)
	base.Unit = s.act.unit
	if s.g.units[u].minis != 1 {
		return b.formationPick(s, base, buf)
	}
	moves := s.singleMoves(u)
	buf = s.legalAfterMoves(base, buf[:0])
	n0, n1 := moves[0].Count(), moves[1].Count()
	total := n0 + n1 + len(buf)
	if total == 0 {
		return d, buf, false
	}
	k := b.r.IntN(total)
	switch {
	case k < n0:
		d = base
		d.Kind, d.Tile = Move, moves[0].Nth(k)
	case k < n0+n1:
		d = base
		d.Kind, d.Tile, d.Run = Move, moves[1].Nth(k-n0), true
	default:
		d = buf[k-n0-n1]
	}
	if d.Kind == Move {
		b.withPaths(s, u, &d)
	}
	return d, buf, true
}

// withPaths gives a move drawn without Legal the paths Legal gives it
// (BotPathChoice), when a reaction could fire.
func (b *RandomBot) withPaths(s *State, u int, d *Decision) {
	if n := s.pathAllowance(u); s.reactionsNear(u, n) {
		one := [1]Decision{*d}
		s.fillBotPaths(u, one[:], n)
		*d = one[0]
	}
}

// formationPick is randomPick for a Formation's activation: its moves go
// to a list of tile pairs, only the one drawn becomes a Decision.
func (b *RandomBot) formationPick(s *State, base Decision, buf []Decision) (d Decision, out []Decision, ok bool) {
	u := int(s.act.unit)
	pairs := b.pairs[:0]
	var nwalk int
	for i, run := range [2]bool{false, true} {
		if i == 1 {
			nwalk = len(pairs)
		}
		need := aMove
		if run {
			need = aRun
		}
		if s.act.remaining&need == 0 {
			continue
		}
		n := s.allowance(u, run)
		if n == 0 {
			continue
		}
		s.formationMovesTo(u, n, nil, &pairs)
	}
	b.pairs = pairs
	buf = s.legalAfterMoves(base, buf[:0])
	total := len(pairs) + len(buf)
	if total == 0 {
		return d, buf, false
	}
	k := b.r.IntN(total)
	if k >= len(pairs) {
		return buf[k-len(pairs)], buf, true
	}
	d = base
	d.Kind, d.Tile, d.Tile2, d.Run = Move, pairs[k][0], pairs[k][1], k >= nwalk
	b.withPaths(s, u, &d)
	return d, buf, true
}

// deployPick is randomPick for the deployment of a single miniature:
// Legal lists the free tiles of the zone in board order.
func (b *RandomBot) deployPick(s *State, buf []Decision) (d Decision, out []Decision, ok bool) {
	u := s.deployUnit()
	if u < 0 || s.g.units[u].minis != 1 {
		return d, buf, false
	}
	z := s.deployZoneOf(s.toAct)
	free := s.g.grid.All()
	for i := range free {
		free[i] &= z[i] &^ (s.g.blockMove[i] | s.sideTiles[0][i] | s.sideTiles[1][i])
	}
	n := free.Count()
	if n == 0 {
		return d, buf, false
	}
	d = baseDecision(s.toAct)
	d.Kind, d.Unit, d.Tile = DeployUnit, int8(u), free.Nth(b.r.IntN(n))
	return d, buf, true
}

// BotKinds are the names NewBot knows, as the CLI's --bot takes them:
// "mcts" is the search bot at its default level, "mcts:1" to "mcts:3"
// choose the level (SearchLevels).
var BotKinds = []string{"random", "greedy", "mcts", "mcts:1", "mcts:2", "mcts:3"}

// NewBot returns the bot named kind (one of BotKinds) seeded with seed.
func NewBot(kind string, seed uint64) (Bot, error) {
	switch kind {
	case "random":
		return NewRandomBot(seed), nil
	case "greedy":
		return NewGreedyBot(seed), nil
	case "mcts":
		return NewSearchBot(DefaultSearchLevel, seed), nil
	}
	if len(kind) == len("mcts:1") && kind[:5] == "mcts:" {
		if lv := int(kind[5] - '0'); lv >= 1 && lv < len(SearchLevels) {
			return NewSearchBot(lv, seed), nil
		}
	}
	return nil, botkit.UnknownBot(kind, BotKinds)
}
