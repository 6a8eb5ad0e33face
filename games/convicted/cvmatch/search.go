package cvmatch

import (
	"math"
	"math/rand/v2"

	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/games/convicted/cvengine"
)

// searchBot is the engine kit's Monte Carlo tree search (botkit.Searcher)
// choosing the defenders' actions: the players are one team against the
// game, so the search has one seat; its playouts clone the state with
// dice of their own (drawn from the bot's seeded generator, never the
// game's), play the siege periods as the match does (Choices), play on
// with random actions and score a game not over by the greedy bot's Score
// against the position searched from.
func (m *Match) searchBot(lv int, seed uint64) bot {
	srch := botkit.NewSearcher(lv, seed)
	return func(s *cvengine.State, legal []cvengine.Action) int {
		return srch.Choose(&searchPos{m: m, s: s, legal: legal, base: Score(m.R, s)}, len(legal))
	}
}

// searchScale turns a change of Score into a chance of winning.
const searchScale = 40

// searchPos is a state of the match as a botkit.Position.
type searchPos struct {
	m     *Match
	s     *cvengine.State
	dice  cvengine.Dice
	legal []cvengine.Action
	base  int
}

// Clone implements botkit.Position.
func (p *searchPos) Clone(r *rand.Rand) botkit.Position {
	return &searchPos{m: p.m, s: p.s.Clone(), dice: cvengine.NewSeeded(r.Uint64()), base: p.base}
}

// Seats implements botkit.Position: the defenders are one team.
func (p *searchPos) Seats() int { return 1 }

// ToAct implements botkit.Position.
func (p *searchPos) ToAct() int { return 0 }

// Legal implements botkit.Position.
func (p *searchPos) Legal() int {
	p.legal = p.m.R.Legal(p.s)
	return len(p.legal)
}

// Apply implements botkit.Position: the action, then the siege period
// when the action period is over.
func (p *searchPos) Apply(i int) bool {
	return p.m.R.Apply(p.s, p.legal[i]) == nil && p.siege()
}

// siege plays the siege period if it is due, as the match does.
func (p *searchPos) siege() bool {
	if p.s.Period != cvengine.Siege {
		return true
	}
	ch := Choices(p.m.R)
	if heroAmount(p.m.R, p.s, "sectionFirepower") > 0 {
		ch.Heretic = heretic(p.m.R, p.s)
	}
	return p.m.R.SiegePeriod(p.s, p.dice, ch) == nil
}

// Over implements botkit.Position.
func (p *searchPos) Over() bool { return p.s.Period == cvengine.Over }

// Result implements botkit.Position.
func (p *searchPos) Result(int) float64 {
	switch {
	case p.s.Won:
		return 1
	case p.s.Lost:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(Score(p.m.R, p.s)-p.base)/searchScale))
}

// Rollout implements botkit.Position: random actions.
func (p *searchPos) Rollout(r *rand.Rand, steps int) {
	for ; steps > 0 && !p.Over(); steps-- {
		n := p.Legal()
		if n == 0 || !p.Apply(r.IntN(n)) {
			return
		}
	}
}
