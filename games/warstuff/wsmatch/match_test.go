package wsmatch_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsengine"
	"wbtool.dev/wbtool/games/warstuff/wsmatch"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
)

var (
	catOnce sync.Once
	cat     *wscatalog.Catalog
	catErr  error
)

func starterCatalog(t testing.TB) *wscatalog.Catalog {
	t.Helper()
	catOnce.Do(func() { cat, catErr = wsschema.Load(wsstarter.FS, wsschema.Options{Root: "games/warstuff/starter"}) })
	if catErr != nil {
		t.Fatal(catErr)
	}
	return cat
}

// TestOptionErrors: options the content or the rules refuse name their
// flag and say what to do.
func TestOptionErrors(t *testing.T) {
	c := starterCatalog(t)
	for _, tc := range []struct {
		o          wsmatch.Options
		flag, want string
	}{
		{wsmatch.Options{Scenario: "nowhere"}, "scenario", `no scenario "nowhere"`},
		{wsmatch.Options{Bands: []string{"vanguard", "nobody"}}, "decks", `no band "nobody"`},
		{wsmatch.Options{Bands: []string{"vanguard"}}, "decks", "two bands A,B, or three or four"},
		{wsmatch.Options{Bands: []string{"vanguard", "vanguard", "vanguard", "vanguard", "vanguard"}}, "decks", "not 5"},
		{wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "iron-column"}}, "decks", "takes 50-point bands (WS-BIG-4)"},
		{wsmatch.Options{Bot: "clever"}, "bot", `no bot "clever"`},
		{wsmatch.Options{Horde: "zombies"}, "horde", "only on the invasion"},
		{wsmatch.Options{Scenario: "invasion", Horde: "ghosts"}, "horde", `no horde "ghosts"`},
		{wsmatch.Options{Variants: []string{"clock=5"}}, "variant", "clock is a variant of the invasion (WS-VAR); add --scenario invasion"},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"clock"}}, "variant", "clock=: Against the Clock takes the record to beat"},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"clock=0"}}, "variant", "at least 1"},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"smart-creature"}}, "variant", `no variant "smart-creature" (did you mean "smart-creatures"?)`},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"bitter-end=2"}}, "variant", "bitter-end takes no value"},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"late-arrival", "late-arrival"}}, "variant", "late-arrival given twice"},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"everywhere=3"}}, "variant", "everywhere=3: They Come From Everywhere takes the spawn dice each player adds, +1 or +2, or takes away, -1 or -2 (WS-VAR-4)"},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"everywhere=0"}}, "variant", "everywhere=0: They Come"},
		{wsmatch.Options{Scenario: "invasion", Variants: []string{"everywhere"}}, "variant", "everywhere=: They Come"},
		{wsmatch.Options{Variants: []string{"everywhere=1"}}, "variant", "everywhere is a variant of the invasion (WS-VAR); add --scenario invasion"},
	} {
		_, err := wsmatch.New(c, tc.o)
		var oe *wsmatch.OptionError
		if !errors.As(err, &oe) {
			t.Errorf("%+v: got %v, want an OptionError", tc.o, err)
			continue
		}
		if oe.Flag != tc.flag || !strings.Contains(oe.Msg, tc.want) {
			t.Errorf("%+v: got --%s: %s, want --%s: …%s…", tc.o, oe.Flag, oe.Msg, tc.flag, tc.want)
		}
	}
}

// TestSeats: a multiplayer game's seats are chosen in the set-up, in the
// order of the roll-off (WS-BIG-5): every band its own corner, reported
// in the log's header, the same seed the same seats, and every band seen
// in every corner over a few seeds. A two-sided game reports none.
func TestSeats(t *testing.T) {
	c := starterCatalog(t)
	m, err := wsmatch.New(c, wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard", "shadow-cell"}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]string]bool{}
	for seed := range uint64(40) {
		_, l, err := m.Play(seed, true)
		if err != nil {
			t.Fatal(err)
		}
		s := l.Header.Seats
		if _, again, _ := m.Play(seed, true); !slices.Equal(s, again.Header.Seats) {
			t.Fatalf("seed %d: seats %v then %v", seed, s, again.Header.Seats)
		}
		if sorted := slices.Sorted(slices.Values(s)); !slices.Equal(sorted, []string{"NE", "NW", "SE", "SW"}) {
			t.Fatalf("seed %d: seats %v, want each corner once", seed, s)
		}
		for b, c := range s {
			seen[[2]string{m.Header.Bands[b] + string(rune('0'+b)), c}] = true
		}
		if m.Seats(seed) != nil {
			t.Fatalf("seed %d: seats rolled outside the engine", seed)
		}
	}
	if len(seen) != 16 {
		t.Errorf("40 seeds seat the bands in %d of the 16 (band, corner) pairs", len(seen))
	}
	two, err := wsmatch.New(c, wsmatch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, l, _ := two.Play(1, true); l.Header.Seats != nil {
		t.Errorf("a two-sided game has seats %v", l.Header.Seats)
	}
}

// TestLegacyLogsReplay: logs of the engine that set games up by presets
// (wbtool-warstuff/3: the first band attacking from the SW corner, a
// multiplayer game's seats rolled into the header) still replay, step by
// step; and with other seats they diverge.
func TestLegacyLogsReplay(t *testing.T) {
	c := starterCatalog(t)
	for _, name := range []string{"legacy-standard", "legacy-three", "legacy-invasion"} {
		data, err := os.ReadFile(filepath.Join("testdata", name+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		// The logs were played with an earlier starter: replay says so
		// (a warning), and must still replay them step by step.
		l, warning, err := wsmatch.ReplayLog(c, data)
		if err != nil || warning != "" && !strings.HasPrefix(warning, "played with content ") {
			t.Fatalf("%s: %v %s", name, err, warning)
		}
		if l.Header.Engine != wsengine.LegacyVersion {
			t.Fatalf("%s: engine %s", name, l.Header.Engine)
		}
		if len(l.Header.Seats) > 0 {
			l.Header.Seats[0], l.Header.Seats[1] = l.Header.Seats[1], l.Header.Seats[0]
			if err := wsmatch.Replay(c, l); err == nil {
				t.Errorf("%s: other seats replay identically", name)
			}
		}
	}
}

// TestPlayReplay: games of two, three and four bands and invasions with
// each variant play to the end; the log's header keeps what set the game
// up, the log replays, and the same seed gives the same log.
func TestPlayReplay(t *testing.T) {
	c := starterCatalog(t)
	for _, tc := range []struct {
		name string
		o    wsmatch.Options
	}{
		{"standard", wsmatch.Options{}},
		{"three", wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard"}, Bot: "greedy"}},
		{"four", wsmatch.Options{Bands: []string{"shadow-cell", "vanguard", "shadow-cell", "vanguard"}}},
		{"late-arrival", wsmatch.Options{Scenario: "invasion", Variants: []string{"late-arrival"}}},
		{"clock", wsmatch.Options{Scenario: "invasion", Horde: "zols", Variants: []string{"clock=4"}}},
		{"smart", wsmatch.Options{Scenario: "invasion", Horde: "zombies", Variants: []string{"smart-creatures"}}},
		{"bitter-end", wsmatch.Options{Scenario: "invasion", Variants: []string{"bitter-end"}}},
		{"more-randomness", wsmatch.Options{Scenario: "invasion", Bands: []string{"vanguard", "shadow-cell"}, Variants: []string{"more-randomness", "smart-creatures"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := wsmatch.New(c, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			for seed := range uint64(3) {
				r, l, err := m.Play(seed, true)
				if err != nil {
					t.Fatal(err)
				}
				if r.Winner == wsengine.Undecided {
					t.Fatalf("seed %d: unfinished", seed)
				}
				seats := 0
				if tc.o.Scenario == "" && len(tc.o.Bands) > 2 {
					seats = len(tc.o.Bands)
				}
				if !slices.Equal(l.Header.Variants, m.Header.Variants) || len(l.Header.Seats) != seats {
					t.Fatalf("seed %d: header %+v", seed, l.Header)
				}
				data, err := l.MarshalJSONL()
				if err != nil {
					t.Fatal(err)
				}
				back, err := wsengine.ReadLog(data)
				if err != nil {
					t.Fatal(err)
				}
				if err := wsmatch.Replay(c, back); err != nil {
					t.Fatalf("seed %d: replay: %v", seed, err)
				}
				_, l2, _ := m.Play(seed, true)
				data2, _ := l2.MarshalJSONL()
				if !bytes.Equal(data, data2) {
					t.Fatalf("seed %d: two logs of one seed differ", seed)
				}
				if d := m.Describe(r); d == "unfinished" {
					t.Fatalf("seed %d: %s", seed, d)
				}
			}
		})
	}
}

// TestReplayNoticesOtherSetup: a log replayed without its variant, or
// with the bands in another order, diverges.
func TestReplayNoticesOtherSetup(t *testing.T) {
	c := starterCatalog(t)
	for _, tc := range []struct {
		o      wsmatch.Options
		change func(h *wsengine.LogHeader)
	}{
		{wsmatch.Options{Scenario: "invasion", Horde: "zombies", Variants: []string{"more-randomness"}}, func(h *wsengine.LogHeader) { h.Variants = nil }},
		{wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard"}}, func(h *wsengine.LogHeader) { h.Bands[0], h.Bands[1] = h.Bands[1], h.Bands[0] }},
	} {
		m, err := wsmatch.New(c, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		_, l, err := m.Play(1, true)
		if err != nil {
			t.Fatal(err)
		}
		tc.change(&l.Header)
		if err := wsmatch.Replay(c, l); err == nil {
			t.Errorf("%+v: a changed header replays identically", tc.o)
		}
	}
}

// TestSim: the statistics sum every game once, per band, and do not
// depend on the cores' scheduling.
func TestSim(t *testing.T) {
	c := starterCatalog(t)
	m, err := wsmatch.New(c, wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard"}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := m.Sim(24, 7)
	if err != nil {
		t.Fatal(err)
	}
	won := st.Draws
	for _, w := range st.Wins {
		won += w
	}
	if st.Games != 24 || won != 24 || len(st.Wins) != 3 {
		t.Fatalf("stats %+v: each of the 24 games once", st)
	}
	again, _ := m.Sim(24, 7)
	var a, b bytes.Buffer
	m.Write(&a, st, nil)
	m.Write(&b, again, nil)
	if a.String() != b.String() {
		t.Fatalf("two sims of one seed:\n%s\n%s", a.String(), b.String())
	}
	if !strings.Contains(a.String(), "vanguard#2 wins ") {
		t.Errorf("no line for the second vanguard:\n%s", a.String())
	}
}

// TestSimBothSeats: a two-band sim plays the bands in both orders (the
// odd games are the bands' other order), counts each sole victory for its
// band and for its seat (the attacker, named in the set-up, or the
// other), and says so.
func TestSimBothSeats(t *testing.T) {
	c := starterCatalog(t)
	m, err := wsmatch.New(c, wsmatch.Options{Bands: []string{"vanguard", "shadow-cell"}})
	if err != nil {
		t.Fatal(err)
	}
	other, err := wsmatch.New(c, wsmatch.Options{Bands: []string{"shadow-cell", "vanguard"}})
	if err != nil {
		t.Fatal(err)
	}
	const games, seed = 40, 11
	st, err := m.Sim(games, seed)
	if err != nil {
		t.Fatal(err)
	}
	var want wsmatch.Stats
	for i := range games {
		play := m
		if i%2 == 1 {
			play = other
		}
		r, _, err := play.Play(seed+uint64(i), false)
		if err != nil {
			t.Fatal(err)
		}
		if r.Winner != 0 && r.Winner != 1 {
			continue
		}
		band, first := r.Winner, r.Attacker // first: the attacker's band, in m's order
		if i%2 == 1 {
			band, first = 1-band, 1-first
		}
		want.Wins = append(want.Wins, band)
		if band == first {
			want.Seat[0]++
		} else {
			want.Seat[1]++
		}
	}
	wins := []int{0, 0}
	for _, b := range want.Wins {
		wins[b]++
	}
	if st.Wins[0] != wins[0] || st.Wins[1] != wins[1] || st.Seat != want.Seat {
		t.Errorf("sim: wins %v, seats %v; games one by one: wins %v, seats %v", st.Wins, st.Seat, wins, want.Seat)
	}
	if st.Seat[0]+st.Seat[1] != st.Wins[0]+st.Wins[1] || st.Seat[0] == 0 || st.Seat[1] == 0 {
		t.Errorf("seats %v do not split the %d sole victories", st.Seat, st.Wins[0]+st.Wins[1])
	}
	var out bytes.Buffer
	m.Write(&out, st, nil)
	if !strings.Contains(out.String(), "the roll-off's winner names the attacker; the attacker (first seat) wins ") {
		t.Errorf("no seat line:\n%s", out.String())
	}
}

// BenchmarkPlay: one game per iteration, two to four bands and the
// invasion with its variants; compare the sub-benchmarks within one run.
func BenchmarkPlay(b *testing.B) {
	c := starterCatalog(b)
	for _, bc := range []struct {
		name string
		o    wsmatch.Options
	}{
		{"two", wsmatch.Options{}},
		{"three", wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard"}}},
		{"four", wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard", "shadow-cell"}}},
		{"invasion", wsmatch.Options{Scenario: "invasion"}},
		{"invasion-variants", wsmatch.Options{Scenario: "invasion", Variants: []string{"smart-creatures", "more-randomness"}}},
	} {
		m, err := wsmatch.New(c, bc.o)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			for i := range b.N {
				if _, _, err := m.Play(uint64(i), false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDescribe: a game's winner is a side, Draw or Undecided, whatever
// the number of sides: a three-player game's third side wins like the
// others, and an unfinished game is never a side's win.
func TestDescribe(t *testing.T) {
	cat := starterCatalog(t)
	two, err := wsmatch.New(cat, wsmatch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	three, err := wsmatch.New(cat, wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard"}})
	if err != nil {
		t.Fatal(err)
	}
	a, b := two.Sides()[0], two.Sides()[1]
	for _, tc := range []struct {
		m    *wsmatch.Match
		r    wsengine.Result
		want string
	}{
		{two, wsengine.Result{Winner: 0}, a + " win"},
		{two, wsengine.Result{Winner: 1}, b + " win"},
		{two, wsengine.Result{Winner: wsengine.Draw}, "draw"},
		{two, wsengine.Result{Winner: wsengine.Undecided}, "unfinished"},
		{three, wsengine.Result{Winner: 2}, "vanguard#2 win"},
		{three, wsengine.Result{Winner: wsengine.Undecided}, "unfinished"},
		{three, wsengine.Result{Winner: wsengine.Draw, Winners: 0b101}, "vanguard and vanguard#2 share the victory"},
	} {
		if got := tc.m.Describe(tc.r); got != tc.want {
			t.Errorf("%s, winner %d: %q, want %q", tc.m.Title(), tc.r.Winner, got, tc.want)
		}
	}
}
