package balance_test

import (
	"context"
	"testing"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/schema"
)

var starterCat *catalog.Catalog

func loadStarter(t testing.TB) *catalog.Catalog {
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
		Formats: []catalog.Format{catalog.Exploration}, Bot: "random", Games: 6, Seed: 3, Variants: true}}
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
