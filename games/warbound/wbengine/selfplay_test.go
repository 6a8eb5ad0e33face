package wbengine

import (
	"math/rand/v2"
	"testing"
)

// playRandom plays one game with uniformly random legal decisions and
// calls check after every decision.
func playRandom(t testing.TB, g *Game, seed uint64, check func(s *State, d Decision)) State {
	s, _, err := NewState(g, Start{Seed: seed, Hand: -1})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var buf []Decision
	var ev []Event
	for n := 0; !s.Over(); n++ {
		if n > 5000 {
			t.Fatalf("seed %d: game does not end", seed)
		}
		buf = Legal(&s, buf)
		if len(buf) == 0 {
			t.Fatalf("seed %d: no legal decision in phase %s pend %d", seed, s.phase, s.pend)
		}
		d := buf[r.IntN(len(buf))]
		var err error
		ev, err = s.Do(d, nil, ev[:0])
		if err != nil {
			t.Fatalf("seed %d step %d: legal decision %s refused: %v", seed, n, d.Format(g), err)
		}
		if check != nil {
			check(&s, d)
		}
	}
	return s
}

func TestRandomGamesEnd(t *testing.T) {
	cat := testCatalog()
	g := mustGame(t, cat, testSetup(cat))
	wins := [3]int{}
	for seed := range uint64(300) {
		s := playRandom(t, g, seed, nil)
		if s.Turn() != 5 || s.Winner() < 0 {
			t.Fatalf("seed %d: ended on turn %d winner %d", seed, s.Turn(), s.Winner())
		}
		wins[s.Winner()]++
	}
	t.Logf("wins %v", wins)
}
