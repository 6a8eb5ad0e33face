package wbengine

import "fmt"

// Recorder sees every decision of a game that PlayRecorded plays, with
// the state after it and the events it caused (a *Log is one; balance
// runs count per-card figures with another). It must not keep ev, which
// is reused.
type Recorder interface {
	Record(s *State, d Decision, ev []Event)
}

// PlayRecorded is Play with any Recorder (nil: none).
func PlayRecorded(g *Game, seed uint64, bots [2]Bot, rec Recorder, limit int) (PlayResult, State, error) {
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	var err error
	sc.st, _, err = NewState(g, Start{Seed: seed, Hand: -1})
	if err != nil {
		return PlayResult{}, sc.st, err
	}
	s := &sc.st // the bots see the state through a pointer: keep it off the stack
	buf, ev := sc.buf[:0], sc.ev[:0]
	defer func() { sc.buf, sc.ev = buf[:0], ev[:0] }()
	for !s.Over() {
		if s.Steps() >= limit {
			return PlayResult{}, *s, fmt.Errorf("seed %d: no end after %d decisions", seed, limit)
		}
		var d Decision
		ok := false
		if rb, isRandom := bots[s.toAct].(*RandomBot); isRandom {
			d, buf, ok = rb.randomPick(s, buf)
		}
		if !ok {
			buf = Legal(s, buf)
			if len(buf) == 0 {
				return PlayResult{}, *s, fmt.Errorf("seed %d: no legal decision at step %d", seed, s.Steps())
			}
			d = buf[bots[s.toAct].Choose(s, buf)]
		}
		ev = s.DoLegal(d, nil, ev[:0])
		if rec != nil {
			rec.Record(s, d, ev)
		}
	}
	return PlayResult{Winner: s.Winner(), VP: [2]int{s.VP(0), s.VP(1)}, Turns: s.Turn(), Steps: s.Steps()}, *s, nil
}
