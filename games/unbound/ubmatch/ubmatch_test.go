package ubmatch

import (
	"strings"
	"testing"
	"time"

	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/games/unbound/ubengine"
	"wbtool.dev/wbtool/games/unbound/ubschema"
)

func catalog(t testing.TB) *ubcatalog.Catalog {
	cat, err := ubschema.Load(ubstarter.FS, ubschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestSelfPlay: random, greedy and search self-play over both scenarios ends by
// turn 7 (U-END-5), names the stand-in and replays. (One order per unit
// and turn, at most one reaction per opponent and one counter per window,
// tokens never negative: ubengine's property tests.)
func TestSelfPlay(t *testing.T) {
	cat := catalog(t)
	for _, sc := range []string{"border-clash", "three-way"} {
		for _, bot := range []string{"random", "greedy", "mcts:1"} {
			m, err := New(cat, Options{Scenario: sc, Bot: bot})
			if err != nil {
				t.Fatal(err)
			}
			seeds := uint64(40)
			if bot == "mcts:1" {
				seeds = 3 // the search's own tests: search_test.go
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				r, l, acct, err := m.Play(seed, true)
				if err != nil {
					t.Fatalf("%s %s seed %d: %v", sc, bot, seed, err)
				}
				if r.Turns > ubengine.LastTurn || r.Turns < 5 && !r.Too {
					t.Fatalf("%s %s seed %d: ended after turn %d", sc, bot, seed, r.Turns)
				}
				if !strings.Contains(acct, StandIn) || !strings.Contains(strings.Join(m.Report(r), "\n"), StandIn) {
					t.Fatal("the account or the result does not name the stand-in")
				}
				if err := Replay(m, l); err != nil {
					t.Fatalf("%s %s seed %d: replay: %v", sc, bot, seed, err)
				}
			}
		}
	}
}

// TestReplayCatchesATamperedLog.
func TestReplayCatchesATamperedLog(t *testing.T) {
	m, err := New(catalog(t), Options{Bot: "random"})
	if err != nil {
		t.Fatal(err)
	}
	_, l, _, err := m.Play(3, false)
	if err != nil {
		t.Fatal(err)
	}
	l.Steps[2].Hash = "0" + l.Steps[2].Hash
	if err := Replay(m, l); err == nil {
		t.Fatal("a log with a wrong hash replays")
	}
}

// BenchmarkRandomGame: random games per second (the figure).
func BenchmarkRandomGame(b *testing.B) {
	m, err := New(catalog(b), Options{Bot: "random"})
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, _, _, err := m.Play(uint64(i), false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "games/s")
}
