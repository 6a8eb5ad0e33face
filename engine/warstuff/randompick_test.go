package warstuff

import (
	"bytes"
	"testing"
)

// TestRandomPick plays the random bot's short cut (Play draws without
// Legal) on every sample scenario (the invasions also with Smart
// Creatures and More Randomness): every drawn decision is accepted and
// keeps the invariants, the log replays, and the same seed gives the same
// log byte for byte.
func TestRandomPick(t *testing.T) {
	n := uint64(12)
	if testing.Short() {
		n = 3
	}
	games := sampleGames(t)
	for _, g := range games[2:] { // the invasions again, with Smart Creatures (WS-VAR-3) and More Randomness (WS-VAR-6)
		smart := *g
		smart.CreatureMove = SmartCreatures
		smart.MoreRandomness = true
		games = append(games, &smart)
	}
	for gi, g := range games {
		for seed := range n {
			s, err := NewState(g, seed)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Start(nil); err != nil {
				t.Fatal(err)
			}
			bots := [2]*RandomBot{NewRandomBot(seed), NewRandomBot(seed + 1)}
			var buf []Decision
			for steps := 0; !s.Over(); steps++ {
				if steps > 5000 {
					t.Fatalf("game %d seed %d: over 5000 decisions", gi, seed)
				}
				d, out, ok := bots[s.toAct].pick(s, buf[:0])
				buf = out
				if !ok {
					buf = s.Legal(buf[:0])
					d = buf[bots[s.toAct].Choose(s, buf)]
				}
				if _, err := s.Do(d, nil, nil); err != nil {
					t.Fatalf("game %d seed %d turn %d: drawn decision %+v refused: %v", gi, seed, s.Turn(), d, err)
				}
				if err := s.Invariants(); err != nil {
					t.Fatalf("game %d seed %d after %+v: %v", gi, seed, d, err)
				}
			}
			var logs [2][]byte
			for i := range logs {
				l := &Log{}
				if _, _, err := Play(g, seed, [2]Bot{NewRandomBot(seed), NewRandomBot(seed + 1)}, l, 100000); err != nil {
					t.Fatalf("game %d seed %d: %v", gi, seed, err)
				}
				if err := Replay(g, l); err != nil {
					t.Fatalf("game %d seed %d: replay: %v", gi, seed, err)
				}
				if logs[i], err = l.MarshalJSONL(); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(logs[0], logs[1]) {
				t.Fatalf("game %d seed %d: two plays of the same seed differ", gi, seed)
			}
		}
	}
}
