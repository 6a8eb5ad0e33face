package balance_test

import (
	"context"
	"html"
	"strings"
	"testing"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/schema"
)

var starterCat *wbcatalog.Catalog

func loadStarter(t testing.TB) *wbcatalog.Catalog {
	t.Helper()
	if starterCat == nil {
		cat, err := schema.Load(content.FS, schema.Options{Root: "content"})
		if err != nil {
			t.Fatal(err)
		}
		starterCat = cat
	}
	return starterCat
}

// small is a quick run: the Exploration decks, random bots, with variants.
func small() balance.Options {
	return balance.Options{Content: "test", Settings: balance.Settings{
		Formats: []wbcatalog.Format{wbcatalog.Exploration}, Bot: "random", Games: 6, Seed: 3, Variants: true}}
}

func run(t *testing.T, o balance.Options) *balance.Result {
	t.Helper()
	r, err := balance.Run(context.Background(), loadStarter(t), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func marshal(t *testing.T, r *balance.Result) []byte {
	t.Helper()
	r.Finish(balance.DefaultThresholds)
	b, err := balance.MarshalResult(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestShardsMergeToTheRun: N shards of a run, merged in any order, are
// the run, byte for byte; a partial set says what it lacks.
func TestShardsMergeToTheRun(t *testing.T) {
	whole := marshal(t, run(t, small()))
	for _, n := range []int{2, 3, 7} {
		var parts []*balance.Result
		for i := n - 1; i >= 0; i-- { // backwards: order does not matter
			o := small()
			o.Shard = balance.Shard{I: i, N: n}
			o.Workers = 1 + i%2
			r := run(t, o)
			// Through JSON, as a shard's file would go.
			b, err := balance.MarshalResult(r)
			if err != nil {
				t.Fatal(err)
			}
			p, err := balance.ParseResult(b)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, p)
		}
		m, err := balance.Merge(parts)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshal(t, m); string(got) != string(whole) {
			t.Fatalf("%d shards merged differ from one run", n)
		}
		part, err := balance.Merge(parts[1:])
		if err != nil {
			t.Fatal(err)
		}
		if miss := part.Missing(); len(miss) != 1 || miss[0].I != n-1 {
			t.Errorf("%d shards less one: missing %v", n, miss)
		}
		if _, err := balance.Merge(append(parts, parts[0])); err == nil {
			t.Errorf("a shard given twice merged")
		}
	}
	other := small()
	other.Seed = 4
	if _, err := balance.Merge([]*balance.Result{run(t, small()), run(t, other)}); err == nil {
		t.Error("runs of different seeds merged")
	}
}

// TestResultGolden pins the JSON result of a small run (WBTOOL_UPDATE=1
// rewrites it).
func TestResultGolden(t *testing.T) {
	o := small()
	o.Games = 4
	o.Workers = 2
	golden.Check(t, "testdata/small.json", marshal(t, run(t, o)))
}

// TestReport: the report has, per scenario, the heat map, the seat and
// draws chart, the length histogram and, with variants, the card effects;
// every alert; no script; and it is the same for the same result.
func TestReport(t *testing.T) {
	r := run(t, small())
	s := r.Finish(balance.DefaultThresholds)
	var a, b strings.Builder
	if err := balance.Report(&a, r); err != nil {
		t.Fatal(err)
	}
	if err := balance.Report(&b, r); err != nil {
		t.Fatal(err)
	}
	page := a.String()
	if page != b.String() {
		t.Fatal("two reports of one result differ")
	}
	for _, want := range []string{`aria-label="matchup heat map"`, `aria-label="seat advantage, draws, completion"`,
		`aria-label="game length histogram"`, `aria-label="card effects"`, "<h2 id=\"cards\">", `<h2 id="salvage-field">`} {
		if strings.Count(page, want) != 1 {
			t.Errorf("the report has %d × %s, want 1", strings.Count(page, want), want)
		}
	}
	if strings.Contains(page, "<script") {
		t.Error("the report has a script")
	}
	for _, al := range s.Alerts {
		if !strings.Contains(page, html.EscapeString(al.Text)) {
			t.Errorf("alert missing from the report: %s", al.Text)
		}
	}
	if len(s.Cards) < 12 || len(s.Variants) < 12 {
		t.Errorf("%d card rows, %d variants", len(s.Cards), len(s.Variants))
	}
}

// TestAlerts: a figure is flagged only when its whole interval lies
// beyond the threshold.
func TestAlerts(t *testing.T) {
	th := balance.DefaultThresholds
	for _, tc := range []struct {
		k, n int
		want bool
	}{
		{50, 100, false}, {62, 100, false}, {80, 100, true}, {20, 100, true}, {600, 1000, true}, {550, 1000, false}, {3, 3, false},
	} {
		_, got := balance.SeatAlert(balance.NewRate(tc.k, tc.n), th)
		if got != tc.want {
			t.Errorf("seat %d of %d: alert %v, want %v", tc.k, tc.n, got, tc.want)
		}
	}
}
