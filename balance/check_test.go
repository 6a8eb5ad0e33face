package balance_test

import (
	"os"
	"strings"
	"testing"

	"wbtool.dev/wbtool/balance"
)

// pinned is the small run pinned by TestResultGolden: 90 matchups (6
// plain, 84 variants) of 4 games, 13 card tallies, no shard.
func pinned(t *testing.T) *balance.Result {
	t.Helper()
	data, err := os.ReadFile("testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := balance.ParseResult(data, warboundFormats)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// warboundFormats are the formats of the results the tests read: the
// pinned result is a Warbound run's.
func warboundFormats(string) ([]string, error) { return []string{"exploration", "confrontation"}, nil }

// reparse writes r as a file and reads it back.
func reparse(r *balance.Result) (*balance.Result, error) {
	b, err := balance.MarshalResult(r)
	if err != nil {
		return nil, err
	}
	return balance.ParseResult(b, warboundFormats)
}

// TestParseRefuses: a result file no run writes — a name with control
// characters, a count below zero or beyond its games, tallies that do not
// add up, a shard count no run has — is refused with what is wrong and
// where, before any sum or summary is made of it.
func TestParseRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(r *balance.Result)
		want string // "" for a result read
	}{
		{"as written", func(r *balance.Result) {}, ""},
		{"a shard of 2", func(r *balance.Result) {
			r.Shards = []balance.Shard{{I: 1, N: 2}}
			for i := range r.Matchups {
				m := &r.Matchups[i]
				*m = balance.Matchup{MatchKey: m.MatchKey, Games: 2, Draws: 2, Lengths: []int{2}}
			}
		}, ""},
		{"engine with escapes", func(r *balance.Result) { r.Engine = "e\x1b[31m\x07" }, `engine "e\x1b[31m\a": not a name wbtool writes`},
		{"content with a C1 control", func(r *balance.Result) { r.Content = "c\u009b2J" }, `content "c\u009b2J": not a name wbtool writes`},
		{"bot with a newline", func(r *balance.Result) { r.Settings.Bot = "random\nno alert" }, `bot "random\nno alert": not a name wbtool writes`},
		{"deck with OSC 52", func(r *balance.Result) { r.Matchups[2].Decks[1] = "\x1b]52;c;eA==\x07" }, `matchup 3: deck "\x1b]52;c;eA==\a": not a name wbtool writes`},
		{"card with CR", func(r *balance.Result) { r.Cards[0].Card = "x\r999" }, `card 1: card "x\r999": not a name wbtool writes`},
		{"no games per matchup", func(r *balance.Result) { r.Settings.Games = 0 }, "settings: games: expected 1 to 1000000 games per matchup and seat order, got 0"},
		{"absurd games", func(r *balance.Result) { r.Settings.Games = 4000000000000000000 }, "settings: games: expected 1 to 1000000 games per matchup and seat order, got 4000000000000000000"},
		{"unknown format", func(r *balance.Result) { r.Settings.Formats = append(r.Settings.Formats, "skirmish") }, `settings: format "skirmish": expected exploration or confrontation`},
		{"scenario twice", func(r *balance.Result) { r.Settings.Scenarios = append(r.Settings.Scenarios, r.Settings.Scenarios[0]) }, `settings: scenario "salvage-field" is listed twice`},
		{"absurd shard count", func(r *balance.Result) { r.Shards = []balance.Shard{{I: 0, N: 4000000000000000000}} }, "shard 0/4000000000000000000: 4000000000000000000 shards are more than a run can be cut into (at most 100000)"},
		{"negative shard count", func(r *balance.Result) { r.Shards = []balance.Shard{{I: 0, N: -3}} }, "shard 0/-3: expected I/N with 0 ≤ I < N"},
		{"index beyond count", func(r *balance.Result) { r.Shards = []balance.Shard{{I: 4, N: 4}} }, "shard 4/4: expected I/N with 0 ≤ I < N"},
		{"more shards than games", func(r *balance.Result) { r.Shards = []balance.Shard{{I: 0, N: 361}} }, "shard 0/361: the run has 360 games (90 matchups × 4), fewer than its 361 shards: cut it into at most 360"},
		{"shard twice", func(r *balance.Result) { r.Shards = []balance.Shard{{I: 1, N: 3}, {I: 1, N: 3}} }, "shard 1/3: listed twice"},
		{"shards of two counts", func(r *balance.Result) { r.Shards = []balance.Shard{{I: 1, N: 3}, {I: 1, N: 4}} }, "shard 1/4: the result also holds shards of 3"},
		{"wins without games", func(r *balance.Result) {
			r.Matchups[0].Games, r.Matchups[0].Wins, r.Matchups[0].Draws, r.Matchups[0].Unfinished = 0, [2]int{10, 0}, 0, 0
		}, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): first seat's wins: 10, expected 0 to 0"},
		{"negative games", func(r *balance.Result) { r.Matchups[0].Games = -5 }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): games: -5, expected 0 to 4"},
		{"more games than the run", func(r *balance.Result) { r.Matchups[0].Games = 5 }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): games: 5, expected 0 to 4"},
		{"tallies that do not add up", func(r *balance.Result) { r.Matchups[0].Draws++ }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): 2 + 2 wins, 1 draws and 0 unfinished games make 5, not its 4 games"},
		{"fewer games than the run", func(r *balance.Result) {
			m := &r.Matchups[0]
			m.Games, m.Wins, m.Draws, m.Unfinished, m.Lengths = 1, [2]int{1, 0}, 0, 0, []int{1}
		}, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): games: 1, but the run plays 4 of this matchup"},
		{"a shard's games", func(r *balance.Result) { r.Shards = []balance.Shard{{I: 0, N: 2}} }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): games: 4, but the shard 0/2 plays 2 of this matchup"},
		{"length bins", func(r *balance.Result) { r.Matchups[0].Lengths = []int{4, 4} }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): its length bins hold 8 games, not its 4 games"},
		{"negative VP", func(r *balance.Result) { r.Matchups[0].VP[1] = -1 }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): second seat's VP: -1, expected 0 to 4194304"},
		{"endless games", func(r *balance.Result) { r.Matchups[0].Steps = 80001 }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): decisions: 80001, expected 0 to 80000"},
		{"negative squares", func(r *balance.Result) { r.Matchups[0].StepsSq = -1 << 62 }, "matchup 1 (clans-vigil vs raiders-strike on salvage-field): squared decisions: -4611686018427387904, expected 0 to "},
		{"matchup twice", func(r *balance.Result) { r.Matchups[1] = r.Matchups[0] }, "matchup 2: clans-vigil vs raiders-strike on salvage-field is listed twice"},
		{"a pairing missing", func(r *balance.Result) { r.Matchups = r.Matchups[1:] }, "scenario salvage-field: 5 matchups of 3 decks, but a run plays every ordered pair of its decks (6)"},
		{"an unknown scenario", func(r *balance.Result) { r.Matchups[4].Scenario = "elsewhere" }, "matchup 5: scenario elsewhere is not in the run's settings"},
		{"a deck against itself", func(r *balance.Result) { r.Matchups[0].Decks[1] = r.Matchups[0].Decks[0] }, "matchup 1: deck clans-vigil plays itself"},
		{"a card acting more than it plays", func(r *balance.Result) { r.Cards[0].Acted = r.Cards[0].Games + 1 }, "card 1 ("},
		{"a card scoring more than its side", func(r *balance.Result) { r.Cards[0].VP = r.Cards[0].SideVP + 1 }, "card 1 ("},
		{"a card twice", func(r *balance.Result) { r.Cards[1] = r.Cards[0] }, "card 2 ("},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := pinned(t)
			c.edit(r)
			_, err := reparse(r)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want == "":
			case err == nil:
				t.Fatalf("read, want %q", c.want)
			case !strings.HasPrefix(err.Error(), c.want):
				t.Fatalf("error\n%s\nwant\n%s", err, c.want)
			}
		})
	}
}

// TestMergeNamesTheFile: a merge's error names the file of the part at
// fault, and a merge cannot sum more games than the run plays.
func TestMergeNamesTheFile(t *testing.T) {
	a, b := pinned(t), pinned(t)
	a.Source, b.Source = "dist-0/balance/shard-0-of-2.json", "dist-1/balance/shard-1-of-2.json"
	b.Engine = "wbtool-engine/1"
	_, err := balance.Merge([]*balance.Result{a, b})
	want := "dist-1/balance/shard-1-of-2.json: played with engine wbtool-engine/1 on content test, dist-0/balance/shard-0-of-2.json with engine wbtool-engine/2"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Merge: %v, want %s", err, want)
	}

	// Two partial results that each hold 2 of a matchup's 4 games, but
	// name shards whose games they are not: the sum is refused once it
	// passes the run's games.
	part := func(src string, shards ...balance.Shard) *balance.Result {
		r := pinned(t)
		r.Source, r.Shards = src, shards
		return r
	}
	_, err = balance.Merge([]*balance.Result{part("p.json", balance.Shard{I: 0, N: 4}, balance.Shard{I: 1, N: 4}), part("q.json", balance.Shard{I: 2, N: 4}, balance.Shard{I: 3, N: 4})})
	want = "q.json: matchup 1 (clans-vigil vs raiders-strike on salvage-field): 4 more games make 8, more than the run's 4"
	if err == nil || err.Error() != want {
		t.Errorf("Merge: %v, want %s", err, want)
	}
}
