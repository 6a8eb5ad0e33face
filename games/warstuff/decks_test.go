package warstuff_test

import (
	"testing"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestCheckDeck: the deck checker reports a band as the loader does (the
// loader refuses an illegal band, so `wbtool deck check` reaches only
// legal ones; content loaded otherwise, e.g. built in Go, may hold any):
// every problem at the band, at bands.<id>.<field>, with its rule; a legal
// band's sentence; no report for an unknown band.
func TestCheckDeck(t *testing.T) {
	at := diag.Pos{File: "bands.cue", Line: 3, Col: 8}
	cat := &wscatalog.Catalog{Limits: wscatalog.Limits{FiguresPercent: 30, Standard: 50, BigMax: 200}}
	cat.Profiles = []wscatalog.Profile{{ID: "cheap", Cost: 2}, {ID: "dear", Cost: 14}}
	cat.Bands = []wscatalog.Band{
		{ID: "mob", Format: 50, Pos: at, Figures: []wscatalog.BandEntry{{Profile: "dear", Count: 3}, {Profile: "cheap", Count: 14}}},
		{ID: "few", Format: 50, Pos: at, Figures: []wscatalog.BandEntry{{Profile: "dear", Count: 1}}},
	}
	c := &warstuff.Content{Catalog: cat}
	for _, tc := range []struct {
		id       string
		legal    string
		problems []string
	}{
		{"few", "band few (50 points) is legal: 1 figure (at most 15), 14 points: dear 14", nil},
		{"mob", "", []string{
			"bands.cue:3:8: bands.mob.total: the band costs 70 points (3 × dear 42, 14 × cheap 28); its format is 50 (WS-BUILD-58)",
			"bands.cue:3:8: bands.mob.count: the band has 17 figures; a 50-point band may have at most 15 (WS-BUILD-58)",
		}},
	} {
		r, ok := c.CheckDeck(tc.id)
		if !ok || r.Pos != at {
			t.Fatalf("%s: found %v at %v", tc.id, ok, r.Pos)
		}
		if tc.problems == nil && r.Legal != tc.legal {
			t.Errorf("%s: %q, want %q", tc.id, r.Legal, tc.legal)
		}
		if len(r.Problems) != len(tc.problems) {
			t.Fatalf("%s: problems %v, want %q", tc.id, r.Problems, tc.problems)
		}
		for i, p := range r.Problems {
			if p.String() != tc.problems[i] {
				t.Errorf("%s: %q, want %q", tc.id, p.String(), tc.problems[i])
			}
		}
	}
	if _, ok := c.CheckDeck("nosuch"); ok {
		t.Errorf("an unknown band has a report")
	}
	var _ ruleset.DeckChecker = c
	one, many := c.DeckNoun()
	if got := c.DeckIDs("bands.cue"); len(got) != 2 || one != "band" || many != "bands" {
		t.Errorf("DeckIDs: %v, nouns %q, %q", got, one, many)
	}
}
