package wsengine

import (
	"bytes"
	"testing"
)

// TestRandomPick plays the random bot's short cut (Play draws without
// Legal) on every sample scenario (the invasions also with Smart
// Creatures, More Randomness and two more spawn dice): every drawn decision is accepted and
// keeps the invariants, the log replays, and the same seed gives the same
// log byte for byte.
func TestRandomPick(t *testing.T) {
	n := uint64(12)
	if testing.Short() {
		n = 3
	}
	games := sampleGames(t)
	for _, g := range games[2:] { // the invasions again, with Smart Creatures (WS-VAR-3), More Randomness (WS-VAR-6) and They Come From Everywhere (WS-VAR-4)
		smart := *g
		smart.CreatureMove = SmartCreatures
		smart.MoreRandomness = true
		smart.Everywhere = 2
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

// TestMultiplayer plays random three- and four-player games (WS-BIG-4 to
// 10): every decision keeps the invariants, nobody passes, the logs
// replay, and a game ends with one winner or several sharing a draw within
// 5 VP of the best.
func TestMultiplayer(t *testing.T) {
	ps, idx := sampleProfiles(t)
	band := bandOf(idx)
	bands := []Band{
		band("red", "storm-seer", "trooper", "militia", "militia"),
		band("blue", "brute", "sniper", "medic"),
		band("green", "mystic", "berserk", "militia"),
		band("yellow", "trooper", "trooper", "militia"),
	}
	for n := 3; n <= 4; n++ {
		g, err := NewMultiplayer(ps, bands[:n], SampleTerrain(36))
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(8) {
			bots := make([]Bot, n)
			for i := range bots {
				bots[i] = NewRandomBot(seed*10 + uint64(i))
			}
			if seed%4 == 3 {
				bots[1] = NewGreedyBot(seed)
			}
			l := &Log{}
			r, _, err := PlayAll(g, seed, bots, l, 20000)
			if err != nil {
				t.Fatalf("%d players seed %d: %v", n, seed, err)
			}
			if err := Replay(g, l); err != nil {
				t.Fatalf("%d players seed %d: replay: %v", n, seed, err)
			}
			for _, st := range l.Steps {
				if st.Decision != nil && st.Decision.Kind == Pass {
					t.Fatalf("%d players seed %d: a pass (WS-BIG-7)", n, seed)
				}
			}
			best := 0
			for side := range n {
				best = max(best, r.VP[side])
			}
			for side := range n {
				if in := r.Winners&(1<<side) != 0; in != (best-r.VP[side] <= 5) {
					t.Fatalf("%d players seed %d: VP %v, winners %b", n, seed, r.VP, r.Winners)
				}
			}
			// the same game step by step, the invariants after every decision
			s, err := NewState(g, seed)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Start(nil); err != nil {
				t.Fatal(err)
			}
			var buf []Event
			for _, st := range l.Steps {
				if st.Decision == nil {
					continue
				}
				if buf, err = s.Do(*st.Decision, nil, buf[:0]); err != nil {
					t.Fatal(err)
				}
				if err := s.Invariants(); err != nil {
					t.Fatalf("%d players seed %d after %s: %v", n, seed, st.Text, err)
				}
			}
		}
	}
}

// TestMultiplayerWinnerNamed: a multiplayer game's sole winner is any
// side, the third and fourth too (Undecided and Draw are no side number),
// and a check game's expected winner names it.
func TestMultiplayerWinnerNamed(t *testing.T) {
	ps, idx := sampleProfiles(t)
	band := bandOf(idx)
	var bands []Band // the same band on every side: any side may win
	for _, name := range []string{"red", "blue", "green", "yellow"} {
		bands = append(bands, band(name, "trooper", "trooper", "militia"))
	}
	won := map[int]int{}
	for n := 3; n <= 4; n++ {
		g, err := NewMultiplayer(ps, bands[:n], SampleTerrain(36))
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(60) {
			bots := make([]Bot, n)
			for i := range bots {
				bots[i] = NewRandomBot(seed*10 + uint64(i))
			}
			r, end, err := PlayAll(g, seed, bots, nil, 20000)
			if err != nil {
				t.Fatalf("%d players seed %d: %v", n, seed, err)
			}
			if r.Winner == Undecided || r.Winner >= n {
				t.Fatalf("%d players seed %d: winner %d after the end", n, seed, r.Winner)
			}
			want := "draw"
			if r.Winner != Draw {
				want = sideNames[r.Winner]
			}
			if msg := (&checkRun{s: end}).expect(&Expect{Winner: want}, nil); msg != "" {
				t.Fatalf("%d players seed %d: %s", n, seed, msg)
			}
			won[r.Winner]++
		}
	}
	t.Logf("sole winners by side (-1: shared or drawn): %v", won)
	if won[2]+won[3] == 0 {
		t.Error("no game won by a third or fourth side")
	}
}
