package wsengine

import (
	"math"
	"math/rand/v2"

	"wbtool.dev/wbtool/engine/botkit"
)

// SearchBot is the engine kit's Monte Carlo tree search (botkit.Searcher)
// playing Warstuff: its playouts copy the state with dice of their own
// (drawn from the bot's seeded generator, never the game's), list and
// play decisions as Legal and Do do, play on with the random bot's policy
// and score a game not over by evaluate, squashed to a chance of winning.
type SearchBot struct {
	m       *botkit.Searcher
	root    searchPos
	scratch searchPos // the playouts' copy, reused (botkit.Position.Clone)
}

// NewSearchBot returns a search bot of level lv (1–3, botkit.SearchLevels)
// seeded with seed.
func NewSearchBot(lv int, seed uint64) *SearchBot {
	return &SearchBot{m: botkit.NewSearcher(lv, seed)}
}

// Choose implements Bot.
func (b *SearchBot) Choose(s *State, legal []Decision) int {
	b.root = searchPos{s: *s, legal: legal, scratch: &b.scratch}
	return b.m.Choose(&b.root, len(legal))
}

// searchPos is a State as a botkit.Position.
type searchPos struct {
	s       State
	legal   []Decision
	ev      []Event
	scratch *searchPos // the root's: the copy Clone hands out
}

// searchScale turns evaluate's score into a chance of winning: a lead of
// one figure of cost 3 (50) is worth about 0.7.
const searchScale = 60

// Clone implements botkit.Position.
func (p *searchPos) Clone(r *rand.Rand) botkit.Position {
	c := p.scratch
	if c == nil {
		c = &searchPos{}
	}
	c.s = p.s
	c.s.rng.Seed(r.Uint64(), r.Uint64())
	return c
}

// Seats implements botkit.Position.
func (p *searchPos) Seats() int { return int(p.s.g.sides()) }

// ToAct implements botkit.Position.
func (p *searchPos) ToAct() int { return int(p.s.toAct) }

// Legal implements botkit.Position.
func (p *searchPos) Legal() int {
	p.legal = p.s.Legal(p.legal[:0])
	return len(p.legal)
}

// Apply implements botkit.Position.
func (p *searchPos) Apply(i int) bool {
	var err error
	p.ev, err = p.s.Do(p.legal[i], nil, p.ev[:0])
	return err == nil
}

// Over implements botkit.Position.
func (p *searchPos) Over() bool { return p.s.Over() }

// Result implements botkit.Position.
func (p *searchPos) Result(seat int) float64 {
	if !p.s.Over() {
		return 1 / (1 + math.Exp(-float64(p.s.evaluate(int8(seat)))/searchScale))
	}
	switch w := p.s.Winner(); {
	case w == seat:
		return 1
	case w >= 0:
		return 0
	case p.s.Winners()&(1<<seat) != 0:
		return 0.5
	case p.s.Winners() != 0:
		return 0
	}
	return 0.5
}

// Rollout implements botkit.Position: the random bot's policy, drawing
// from r.
func (p *searchPos) Rollout(r *rand.Rand, steps int) {
	rb := RandomBot{r: r}
	for ; steps > 0 && !p.s.Over(); steps-- {
		d, buf, ok := rb.pick(&p.s, p.legal[:0])
		p.legal = buf
		if !ok {
			if p.legal = p.s.Legal(p.legal[:0]); len(p.legal) == 0 {
				return
			}
			d = p.legal[r.IntN(len(p.legal))]
		}
		var err error
		if p.ev, err = p.s.Do(d, nil, p.ev[:0]); err != nil {
			return
		}
	}
}
