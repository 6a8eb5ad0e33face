package engine_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

var (
	contentOnce sync.Once
	contentCat  *wbcatalog.Catalog
	games       = map[[2]string]*wbengine.Game{}
	gamesMu     sync.Mutex
)

// game returns the compiled Exploration game of two starter decks.
func game(t testing.TB, decks [2]string) *wbengine.Game {
	t.Helper()
	contentOnce.Do(func() { contentCat = loadContent(t) })
	gamesMu.Lock()
	defer gamesMu.Unlock()
	if g := games[decks]; g != nil {
		return g
	}
	su, err := wbengine.ScenarioSetup(contentCat, "salvage-field", decks)
	if err != nil {
		t.Fatal(err)
	}
	g, err := wbengine.Compile(contentCat, su)
	if err != nil {
		t.Fatal(err)
	}
	g.PrecomputeSight()
	games[decks] = g
	return g
}

// headerGame returns the compiled game a log header names: its scenario
// (Exploration or Confrontation), decks and Maintenance option.
func headerGame(t testing.TB, h wbengine.LogHeader) *wbengine.Game {
	t.Helper()
	if h.Scenario == "salvage-field" && !h.Maintenance {
		return game(t, h.Decks)
	}
	contentOnce.Do(func() { contentCat = loadContent(t) })
	key := headerKey{h.Scenario, h.Decks, h.Maintenance}
	gamesMu.Lock()
	defer gamesMu.Unlock()
	if g := headerGames[key]; g != nil {
		return g
	}
	g := confrontationGame(t, contentCat, h.Scenario, h.Decks, h.Maintenance)
	headerGames[key] = g
	return g
}

type headerKey struct {
	scenario    string
	decks       [2]string
	maintenance bool
}

var headerGames = map[headerKey]*wbengine.Game{}

func playLog(t testing.TB, g *wbengine.Game, seed uint64, decks [2]string, greedy bool) []byte {
	t.Helper()
	return playLogOn(t, g, wbengine.LogHeader{Scenario: "salvage-field", Decks: decks}, seed, greedy)
}

// playLogOn plays and records a game of g under the header h.
func playLogOn(t testing.TB, g *wbengine.Game, h wbengine.LogHeader, seed uint64, greedy bool) []byte {
	t.Helper()
	h.Engine, h.Seed, h.Bots = wbengine.Version, seed, [2]string{"random", "random"}
	l := &wbengine.Log{Header: h}
	bots := [2]wbengine.Bot{wbengine.NewRandomBot(seed), wbengine.NewRandomBot(seed + 1)}
	if greedy {
		bots = [2]wbengine.Bot{wbengine.NewGreedyBot(seed), wbengine.NewGreedyBot(seed + 1)}
		l.Header.Bots = [2]string{"greedy", "greedy"}
	}
	if _, _, err := wbengine.Play(g, seed, bots, l, 100000); err != nil {
		t.Fatal(err)
	}
	data, err := l.MarshalJSONL()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestLogsAreDeterministicAndReplay: the same seed gives the same log byte
// for byte; replaying a log reproduces every event and state hash, and
// recording the replay gives the same bytes again.
func TestLogsAreDeterministicAndReplay(t *testing.T) {
	decks := [][2]string{{"raiders-strike", "clans-vigil"}, {"smoke-and-scrap", "raiders-strike"}, {"clans-vigil", "smoke-and-scrap"}}
	for _, d := range decks {
		g := game(t, d)
		for seed := range uint64(20) {
			greedy := seed%5 == 0
			a := playLog(t, g, seed, d, greedy)
			b := playLog(t, g, seed, d, greedy)
			if !bytes.Equal(a, b) {
				t.Fatalf("%v seed %d: two plays give different logs", d, seed)
			}
			l, err := wbengine.ParseLog(a)
			if err != nil {
				t.Fatal(err)
			}
			final, err := wbengine.Replay(g, l)
			if err != nil {
				t.Fatalf("%v seed %d: %v", d, seed, err)
			}
			if !final.Over() {
				t.Fatalf("%v seed %d: replay did not reach the end", d, seed)
			}
			// Record the replay: the same bytes.
			again := &wbengine.Log{Header: l.Header}
			s, _, _ := wbengine.NewState(g, wbengine.Start{Seed: seed, Hand: -1})
			for _, st := range l.Steps {
				ev, err := s.Do(st.Decision.Decision(), &wbengine.Dice{Forced: st.Dice}, nil)
				if err != nil {
					t.Fatal(err)
				}
				again.Record(&s, st.Decision.Decision(), ev)
			}
			c, _ := again.MarshalJSONL()
			if !bytes.Equal(a, c) {
				t.Fatalf("%v seed %d: the replay's log differs from the original", d, seed)
			}
		}
	}
}

// TestReplayNamesTheDivergingStep: a tampered log diverges at the
// tampered step.
func TestReplayNamesTheDivergingStep(t *testing.T) {
	d := [2]string{"raiders-strike", "clans-vigil"}
	g := game(t, d)
	for seed := range uint64(10) {
		l, err := wbengine.ParseLog(playLog(t, g, seed, d, false))
		if err != nil {
			t.Fatal(err)
		}
		// Change the first die rolled.
		at := -1
		for i, st := range l.Steps {
			if len(st.Dice) > 0 {
				at = i
				break
			}
		}
		if at < 0 {
			continue
		}
		l.Steps[at].Dice[0] = 11 - l.Steps[at].Dice[0] // another face
		_, err = wbengine.Replay(g, l)
		var div *wbengine.Divergence
		if err == nil || !errorsAs(err, &div) || div.Step != l.Steps[at].N {
			t.Fatalf("seed %d: tampered step %d, replay says %v", seed, l.Steps[at].N, err)
		}
		return
	}
	t.Fatal("no game rolled a die")
}

func errorsAs(err error, div **wbengine.Divergence) bool {
	d, ok := err.(*wbengine.Divergence)
	if ok {
		*div = d
	}
	return ok
}

// TestTraces replays every saved trace under testdata/traces. Golden
// traces (golden-*.jsonl) must replay exactly (WBTOOL_UPDATE=1 rewrites
// them after an intended rules change); traces of failed games must
// replay without a panic or a broken invariant for as long as their
// decisions stay legal.
func TestTraces(t *testing.T) {
	dir := filepath.Join("..", "testdata", "traces")
	if os.Getenv("WBTOOL_UPDATE") == "1" {
		for _, seed := range []uint64{1, 2} {
			d := [2]string{"raiders-strike", "clans-vigil"}
			data := playLog(t, game(t, d), seed, d, seed == 2)
			name := filepath.Join(dir, "golden-"+d[0]+"-"+d[1]+"-"+string(rune('0'+seed))+".jsonl")
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if os.Getenv("WBTOOL_UPDATE") == "1" {
		h := wbengine.LogHeader{Scenario: "crossroads-relay", Decks: [2]string{"raiders-warband", "clans-host"}, Maintenance: true}
		data := playLogOn(t, headerGame(t, h), h, 1, false)
		if err := os.WriteFile(filepath.Join(dir, "golden-confrontation-raiders-warband-clans-host-1.jsonl"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("no traces in testdata/traces")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		l, err := wbengine.ParseLog(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		g := headerGame(t, l.Header)
		if strings.HasPrefix(filepath.Base(f), "golden-") {
			if _, err := wbengine.Replay(g, l); err != nil {
				t.Errorf("%s: %v (run with WBTOOL_UPDATE=1 after an intended rules change)", f, err)
			}
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", f, r)
				}
			}()
			s, _, err := wbengine.NewState(g, wbengine.Start{Seed: l.Header.Seed, Hand: -1})
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range l.Steps {
				if _, err := s.Do(st.Decision.Decision(), &wbengine.Dice{Forced: st.Dice}, nil); err != nil {
					t.Logf("%s: step %d is no longer legal (%v): the game took another course", f, st.N, err)
					return
				}
				if err := s.Invariants(); err != nil {
					t.Errorf("%s: step %d: %v", f, st.N, err)
					return
				}
			}
		}()
	}
}

// TestGreedyBeatsRandom: the greedy bot wins clearly more often than the
// random one.
func TestGreedyBeatsRandom(t *testing.T) {
	d := [2]string{"raiders-strike", "clans-vigil"}
	g := game(t, d)
	wins := 0
	const n = 60
	for seed := range uint64(n) {
		bots := [2]wbengine.Bot{wbengine.NewGreedyBot(seed), wbengine.NewRandomBot(seed)}
		if seed%2 == 1 {
			bots = [2]wbengine.Bot{wbengine.NewRandomBot(seed), wbengine.NewGreedyBot(seed)}
		}
		r, _, err := wbengine.Play(g, seed, bots, nil, 100000)
		if err != nil {
			t.Fatal(err)
		}
		if (seed%2 == 0 && r.Winner == 0) || (seed%2 == 1 && r.Winner == 1) {
			wins++
		}
	}
	if wins < n*2/3 {
		t.Fatalf("greedy won %d of %d games against random", wins, n)
	}
	t.Logf("greedy won %d of %d", wins, n)
}

// FuzzGame plays a game whose decisions are picked by the fuzzer's bytes
// (then by a generator seeded from them) and checks the invariants after
// every decision; any panic or broken invariant is a failure.
func FuzzGame(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3})
	f.Add(uint64(42), []byte{255, 7, 7, 7, 0, 0, 9})
	f.Add(uint64(7), []byte{})
	f.Add(uint64(3), []byte{5, 1, 4, 1, 5})    // Confrontation
	f.Add(uint64(9), []byte{2, 7, 1, 8, 2, 8}) // Confrontation, Maintenance
	all := [][2]string{{"raiders-strike", "clans-vigil"}, {"smoke-and-scrap", "raiders-strike"}, {"clans-vigil", "smoke-and-scrap"},
		{"raiders-warband", "clans-host"}, {"ash-and-rust", "raiders-warband"}}
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		d := all[seed%uint64(len(all))]
		var g *wbengine.Game
		if seed%uint64(len(all)) < 3 {
			g = game(t, d)
		} else { // Confrontation, Maintenance on every other game
			g = headerGame(t, wbengine.LogHeader{Scenario: "crossroads-relay", Decks: d, Maintenance: seed%2 == 0})
		}
		s, _, err := wbengine.NewState(g, wbengine.Start{Seed: seed, Hand: -1})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, uint64(len(choices))))
		var buf []wbengine.Decision
		for i := 0; !s.Over(); i++ {
			if i > 10000 {
				t.Fatal("no end")
			}
			buf = wbengine.Legal(&s, buf)
			if len(buf) == 0 {
				t.Fatal("no legal decision")
			}
			k := r.IntN(len(buf))
			if i < len(choices) {
				k = int(choices[i]) % len(buf)
			}
			// A mangled decision is either legal or refused with the
			// state left exactly as it was.
			bad := buf[r.IntN(len(buf))]
			switch r.IntN(7) {
			case 0:
				bad.Unit = int8(r.IntN(30) - 3)
			case 1:
				bad.Target = int8(r.IntN(30) - 3)
			case 2:
				bad.Tile = hex.Tile(r.IntN(300) - 20)
			case 3:
				bad.Space = int8(r.IntN(40) - 3)
			case 4:
				bad.Kind = wbengine.Kind(r.IntN(15))
			case 5:
				bad.Side = 1 - bad.Side
			case 6:
				bad.With = int8(r.IntN(30) - 3)
			}
			before := s
			if _, err := s.Do(bad, nil, nil); err != nil {
				if s != before {
					t.Fatalf("step %d: the refused decision %+v changed the state", i, bad)
				}
			} else {
				s = before // legal after all: play the chosen one instead
			}
			if _, err := s.Do(buf[k], nil, nil); err != nil {
				t.Fatalf("step %d: %s refused: %v", i, buf[k].Format(g), err)
			}
			if err := s.Invariants(); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
	})
}

// TestPrecomputedTablesAgree: games played with the sight and distance
// tables give the same logs as games computing them on the spot.
func TestPrecomputedTablesAgree(t *testing.T) {
	d := [2]string{"clans-vigil", "smoke-and-scrap"}
	fast := game(t, d)
	su, err := wbengine.ScenarioSetup(contentCat, "salvage-field", d)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := wbengine.Compile(contentCat, su)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(30) {
		if a, b := playLog(t, fast, seed, d, seed%3 == 0), playLog(t, slow, seed, d, seed%3 == 0); !bytes.Equal(a, b) {
			t.Fatalf("seed %d: the tables change the game", seed)
		}
	}
}
