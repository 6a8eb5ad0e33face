package wbmatch

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbschema"
)

// starterCat is the starter content, loaded once for the package's tests,
// which only read it: each use checks at the test's end that its JSON
// hash is unchanged.
var starterCat struct {
	once sync.Once
	cat  *wbcatalog.Catalog
	sum  [sha256.Size]byte
	err  error
}

func starter(t testing.TB) *wbcatalog.Catalog {
	t.Helper()
	s := &starterCat
	s.once.Do(func() {
		if s.cat, s.err = wbschema.Load(content.FS, wbschema.Options{Root: "content"}); s.err == nil {
			var b []byte
			b, s.err = json.Marshal(s.cat)
			s.sum = sha256.Sum256(b)
		}
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	t.Cleanup(func() {
		if b, err := json.Marshal(s.cat); err != nil || sha256.Sum256(b) != s.sum {
			t.Errorf("%s changed the shared starter catalog (%v): load one of its own", t.Name(), err)
		}
	})
	return s.cat
}

// TestOptionErrors: options the content or the rules refuse are
// OptionErrors saying what to do; the defaults resolve.
func TestOptionErrors(t *testing.T) {
	cat := starter(t)
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Format: "skirmish"}, `--format: expected exploration or confrontation, got "skirmish"`},
		{Options{Maintenance: true}, "--maintenance: the Maintenance option is a Confrontation rule (R-TURN-7); add --format confrontation"},
		{Options{Decks: "a,b,c"}, `--decks: expected two deck ids A,B, got "a,b,c"`},
		{Options{Decks: "nope,clans-vigil"}, "nope"},
		{Options{Scenario: "nowhere"}, "nowhere"},
		{Options{Bot: "oracle"}, "--bot: "},
	} {
		_, err := New(cat, tc.o)
		var oe *OptionError
		if !errors.As(err, &oe) || !strings.Contains(oe.Msg, tc.want) {
			t.Errorf("%+v: got %v, want an OptionError with %q", tc.o, err, tc.want)
		}
	}
	m, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := FormatDecks(cat, wbcatalog.Exploration)
	if m.Decks != [2]string{all[0], all[1]} || m.Scenario == "" {
		t.Errorf("defaults: %v on %q", m.Decks, m.Scenario)
	}
	ms, err := Pairings(cat, Options{})
	if err != nil || len(ms) != len(all)*(len(all)-1) {
		t.Errorf("pairings: %d (%v), want %d", len(ms), err, len(all)*(len(all)-1))
	}
}

// TestPlayReplay: a game's log replays identically to the same result;
// the same seed plays the same game; a log of other content warns and one
// changed step diverges.
func TestPlayReplay(t *testing.T) {
	cat := starter(t)
	m, err := New(cat, Options{Bot: "greedy"})
	if err != nil {
		t.Fatal(err)
	}
	r, l, err := m.Play(7, true)
	if err != nil {
		t.Fatal(err)
	}
	r2, l2, err := m.Play(7, true)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := l.MarshalJSONL()
	b, _ := l2.MarshalJSONL()
	if r != r2 || !bytes.Equal(a, b) {
		t.Fatal("the same seed played two games")
	}
	rep, err := Replay(cat, l)
	if err != nil || rep.Diverged != nil || len(rep.Warnings) != 0 {
		t.Fatalf("replay: %v %+v", err, rep)
	}
	if rep.Result != Describe(m.Decks, r.Winner) || rep.VP != r.VP {
		t.Errorf("replay ends %s %v, the game %s %v", rep.Result, rep.VP, Describe(m.Decks, r.Winner), r.VP)
	}
	if line := m.Line(7, r); !strings.HasPrefix(line, m.Decks[0]+" vs "+m.Decks[1]+" on "+m.Scenario+", seed 7: ") {
		t.Errorf("line %q", line)
	}

	other := *l
	other.Header.Content = "0123456789abcdef"
	other.Steps = append([]wbengine.LogStep(nil), l.Steps...)
	other.Steps[len(other.Steps)/2].Hash = "x"
	rep, err = Replay(cat, &other)
	if err != nil || rep.Diverged == nil || len(rep.Warnings) != 1 {
		t.Errorf("changed log: %v %+v", err, rep)
	}
}

// TestSim: games split between the pairings, each counted once, and the
// same seed sums the same; every game counts the starter's tokens, the
// same peaks again.
func TestSim(t *testing.T) {
	cat := starter(t)
	ms, err := Pairings(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	games := 3*len(ms) + 1
	kit := NewKit(cat)
	if len(kit.Names) != 6 || kit.Names[3] != "Stress tokens" || kit.Counts[3] != (wbcatalog.Count{Printed: 30, Rule: "R-CARD-7"}) {
		t.Fatalf("starter's kit: %+v", kit)
	}
	// The most of each token in any game: a maximum, the same in any order.
	peaks := func(into []int) func([]int) {
		var mu sync.Mutex
		return func(p []int) {
			mu.Lock()
			defer mu.Unlock()
			for i := range into {
				into[i] = max(into[i], p[i])
			}
		}
	}
	p1, p2 := make([]int, 6), make([]int, 6)
	st, err := Sim(ms, games, 5, nil, kit, peaks(p1))
	if err != nil {
		t.Fatal(err)
	}
	st2, _ := Sim(ms, games, 5, nil, kit, peaks(p2))
	if !slices.Equal(p1, p2) || p1[0] == 0 || p1[3] == 0 {
		t.Errorf("peaks %v, again %v", p1, p2)
	}
	n := 0
	for i, s := range st {
		n += s.Games
		if s.Wins0+s.Wins1+s.Draws != s.Games || s != st2[i] {
			t.Errorf("pairing %d: %+v, again %+v", i, s, st2[i])
		}
	}
	if n != games {
		t.Errorf("%d games played, want %d", n, games)
	}
	var w bytes.Buffer
	first, second := Write(&w, ms, st, func(k, n int) string { return "r" })
	if first+second == 0 || !strings.Contains(w.String(), "first seat wins r") {
		t.Errorf("report:\n%s", w.String())
	}
}
