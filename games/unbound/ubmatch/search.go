package ubmatch

import (
	"math"
	"math/rand/v2"

	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/games/unbound/ubengine"
)

// searchBot is the engine kit's Monte Carlo tree search (botkit.Searcher)
// choosing a side's orders: its playouts copy the match between two
// decisions (the state machine of start/apply) with dice of their own,
// drawn from the bot's seeded generator, never the game's; they resolve
// every order with the stand-in table as the match does, play on with
// random orders and score a game not over by its victory points.
type searchBot struct {
	srch *botkit.Searcher
	root searchPos
}

func newSearchBot(lv int, seed uint64) *searchBot {
	return &searchBot{srch: botkit.NewSearcher(lv, seed)}
}

func (b *searchBot) choose(g *game, legal []ubengine.Order) int {
	b.root.g = g
	return b.srch.Choose(&b.root, len(legal))
}

// searchScale turns a lead in victory points into a chance of winning.
const searchScale = 1.5

// searchPos is a match waiting for a decision, as a botkit.Position.
type searchPos struct {
	g    *game
	pcg  *rand.PCG
	copy *searchPos // the copy Clone hands out, reused
}

// Clone implements botkit.Position: a copy of the match without account,
// log or tallies, whose dice come from r.
func (p *searchPos) Clone(r *rand.Rand) botkit.Position {
	c := p.copy
	if c == nil {
		c = &searchPos{g: &game{}, pcg: rand.NewPCG(0, 0)}
		c.g.dice = rand.New(c.pcg)
		p.copy = c
	}
	c.pcg.Seed(r.Uint64(), r.Uint64())
	c.g.copyFrom(p.g)
	return c
}

// copyFrom makes g a copy of src that plays on without touching it: the
// engine's state is a value (Apply returns a new one), the match's own
// slices are copied into g's.
func (g *game) copyFrom(src *game) {
	*g = game{m: src.m, t: src.t, s: src.s, dice: g.dice,
		locked: append(g.locked[:0], src.locked...),
		lost:   append(g.lost[:0], src.lost...),
		vp:     append(g.vp[:0], src.vp...),
		cover:  append(g.cover[:0], src.cover...),
		steps:  src.steps, stage: src.stage, legal: src.legal, over: src.over, too: src.too}
}

// Seats implements botkit.Position.
func (p *searchPos) Seats() int { return len(p.g.vp) }

// ToAct implements botkit.Position.
func (p *searchPos) ToAct() int { return p.g.s.Deciding }

// Legal implements botkit.Position: the match lists the decision due
// when it stops for it.
func (p *searchPos) Legal() int { return len(p.g.legal) }

// Apply implements botkit.Position.
func (p *searchPos) Apply(i int) bool { return p.g.apply(i) == nil }

// Over implements botkit.Position.
func (p *searchPos) Over() bool { return p.g.over }

// Result implements botkit.Position: 1 for the sole leader in victory
// points at the end, ½ for a leader tied, 0 otherwise; before the end, a
// chance from the lead over the best other side.
func (p *searchPos) Result(seat int) float64 {
	other := math.MinInt
	for side, v := range p.g.vp {
		if side != seat {
			other = max(other, v)
		}
	}
	lead := p.g.vp[seat] - other
	if p.g.over && !p.g.too {
		switch {
		case lead > 0:
			return 1
		case lead == 0:
			return 0.5
		}
		return 0
	}
	return 1 / (1 + math.Exp(-float64(lead)/searchScale))
}

// Rollout implements botkit.Position: random orders.
func (p *searchPos) Rollout(r *rand.Rand, steps int) {
	for ; steps > 0 && !p.g.over; steps-- {
		if p.g.apply(r.IntN(len(p.g.legal))) != nil {
			return
		}
	}
}
