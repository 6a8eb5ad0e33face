package match_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	starter "wbtool.dev/wbtool/games/warstuff/starter"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	engws "wbtool.dev/wbtool/games/warstuff/wsengine"
	"wbtool.dev/wbtool/games/warstuff/wsmatch"
	schemaws "wbtool.dev/wbtool/games/warstuff/wsschema"
)

var (
	catOnce sync.Once
	cat     *ws.Catalog
	catErr  error
)

func starterCatalog(t testing.TB) *ws.Catalog {
	t.Helper()
	catOnce.Do(func() { cat, catErr = schemaws.Load(starter.FS, schemaws.Options{Root: "content/warstuff"}) })
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
		{wsmatch.Options{Bot: "clever"}, "bot", `unknown bot "clever"`},
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

// TestSeats: a multiplayer game's seats are a roll-off from the seed:
// every band its own corner, the same seed the same seats, and every
// band seen in every corner over a few seeds.
func TestSeats(t *testing.T) {
	c := starterCatalog(t)
	m, err := wsmatch.New(c, wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard", "shadow-cell"}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]int]bool{}
	for seed := range uint64(60) {
		s := m.Seats(seed)
		if !slices.Equal(s, m.Seats(seed)) {
			t.Fatalf("seed %d: seats %v then %v", seed, s, m.Seats(seed))
		}
		sorted := slices.Sorted(slices.Values(s))
		if !slices.Equal(sorted, []int{0, 1, 2, 3}) {
			t.Fatalf("seed %d: seats %v, want each corner once", seed, s)
		}
		for b, c := range s {
			seen[[2]int{b, c}] = true
		}
	}
	if len(seen) != 16 {
		t.Errorf("60 seeds seat the bands in %d of the 16 (band, corner) pairs", len(seen))
	}
	two, err := wsmatch.New(c, wsmatch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s := two.Seats(1); s != nil {
		t.Errorf("a two-sided game has seats %v", s)
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
				if r.Winner == engws.Undecided {
					t.Fatalf("seed %d: unfinished", seed)
				}
				if !slices.Equal(l.Header.Variants, m.Header.Variants) || len(l.Header.Seats) != len(m.Seats(seed)) {
					t.Fatalf("seed %d: header %+v", seed, l.Header)
				}
				data, err := l.MarshalJSONL()
				if err != nil {
					t.Fatal(err)
				}
				back, err := engws.ReadLog(data)
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
// with other seats, diverges.
func TestReplayNoticesOtherSetup(t *testing.T) {
	c := starterCatalog(t)
	for _, tc := range []struct {
		o      wsmatch.Options
		change func(h *engws.LogHeader)
	}{
		{wsmatch.Options{Scenario: "invasion", Horde: "zombies", Variants: []string{"more-randomness"}}, func(h *engws.LogHeader) { h.Variants = nil }},
		{wsmatch.Options{Bands: []string{"vanguard", "shadow-cell", "vanguard"}}, func(h *engws.LogHeader) { h.Seats[0], h.Seats[1] = h.Seats[1], h.Seats[0] }},
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

// TestSimBothSeats: a two-band sim plays each band as the attacker in
// half the games (the odd games are the bands' other order), counts each
// sole victory for its band and for its seat, and says so.
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
		play, first := m, 0 // first: the attacker's band, in m's order
		if i%2 == 1 {
			play, first = other, 1
		}
		r, _, err := play.Play(seed+uint64(i), false)
		if err != nil {
			t.Fatal(err)
		}
		if r.Winner != 0 && r.Winner != 1 {
			continue
		}
		band := r.Winner
		if i%2 == 1 {
			band = 1 - band
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
	if !strings.Contains(out.String(), "each band attacks in half the games; the attacker (first seat) wins ") {
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
		r    engws.Result
		want string
	}{
		{two, engws.Result{Winner: 0}, a + " win"},
		{two, engws.Result{Winner: 1}, b + " win"},
		{two, engws.Result{Winner: engws.Draw}, "draw"},
		{two, engws.Result{Winner: engws.Undecided}, "unfinished"},
		{three, engws.Result{Winner: 2}, "vanguard#2 win"},
		{three, engws.Result{Winner: engws.Undecided}, "unfinished"},
		{three, engws.Result{Winner: engws.Draw, Winners: 0b101}, "vanguard and vanguard#2 share the victory"},
	} {
		if got := tc.m.Describe(tc.r); got != tc.want {
			t.Errorf("%s, winner %d: %q, want %q", tc.m.Title(), tc.r.Winner, got, tc.want)
		}
	}
}
