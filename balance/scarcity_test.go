package balance_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/balance/balancetest"
)

// countedLab is a coin game with two counted components whose use in the
// game of seed s is known: s mod 11 coins of 10 printed (so the peak is
// 10 and a game runs out when s mod 11 is 10), and always all 4 markers.
type countedLab struct{ *balancetest.CoinLab }

func (countedLab) Components() []balance.Component {
	return []balance.Component{{Name: "Coins", Printed: 10, Rule: "C-1"}, {Name: "Markers", Printed: 4, Always: true}}
}

func (l countedLab) Pairings(set balance.Settings) ([]balance.Pairing, error) {
	ps, err := l.CoinLab.Pairings(set)
	for i := range ps {
		play := ps[i].Play
		ps[i].Play = func(seed uint64) (balance.Tally, error) {
			t, err := play(seed)
			t.Use = []int{int(seed % 11), 4}
			return t, err
		}
	}
	return ps, err
}

// TestScarcityKnownPeak: a run's components hold the known peak and the
// games run out, the same whole or merged from shards; a game without
// counted components records none.
func TestScarcityKnownPeak(t *testing.T) {
	coin := &balancetest.CoinLab{Decks: []string{"a", "b", "c"}, Elo: []float64{0, 0, 0}}
	lab := countedLab{coin}
	set := balance.Settings{Bot: "random", Games: 44, Seed: 1}
	whole, err := balance.Run(context.Background(), lab, balance.Options{Settings: set, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	// 6 matchups of seeds 1..44: seeds 10, 21, 32 and 43 are 10 mod 11.
	want := []balance.ComponentTally{
		{Component: balance.Component{Name: "Coins", Printed: 10, Rule: "C-1"}, Games: 6 * 44, Peak: 10, RanOut: 6 * 4},
		{Component: balance.Component{Name: "Markers", Printed: 4, Always: true}, Games: 6 * 44, Peak: 4, RanOut: 6 * 44},
	}
	if got := whole.Components; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("components:\n got %+v\nwant %+v", got, want)
	}
	var parts []*balance.Result
	for i := range 3 {
		p, err := balance.Run(context.Background(), lab, balance.Options{Settings: set, Shard: balance.Shard{I: i, N: 3}})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	merged, err := balance.Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := balance.MarshalResult(whole)
	b, _ := balance.MarshalResult(merged)
	if !bytes.Equal(a, b) {
		t.Errorf("merged shards differ from the whole run:\n%s\n%s", a, b)
	}
	// Another kit's shard does not merge.
	parts[1].Components[0].Printed = 12
	if _, err := balance.Merge(parts); err == nil || !strings.Contains(err.Error(), "component 1 is Coins (12 printed), the others' is Coins (10 printed)") {
		t.Errorf("merge of another kit: %v", err)
	}

	plain, err := balance.Run(context.Background(), coin, balance.Options{Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	plain.Finish(balance.DefaultThresholds)
	out, _ := balance.MarshalResult(plain)
	if bytes.Contains(out, []byte("component")) || bytes.Contains(out, []byte("scarcity")) {
		t.Errorf("a game without counted components records them:\n%s", out)
	}
	var text bytes.Buffer
	balance.WriteText(&text, plain)
	if strings.Contains(text.String(), "printed") {
		t.Errorf("text of a game without counted components:\n%s", text.String())
	}
}

// TestScarcityThreshold: a component is flagged only when it runs out in
// more than the threshold's share of games, never when the rules use
// them all; the text and the alerts say so.
func TestScarcityThreshold(t *testing.T) {
	c := balance.Component{Name: "Stress tokens", Printed: 10}
	for _, tc := range []struct {
		ranOut, games int
		pct           float64
		always        bool
		flagged       bool
		line          string
	}{
		{31, 1000, 5, false, false, "Stress tokens: peak 10 of 10 printed; ran out in 3.1 % of games"},
		{50, 1000, 5, false, false, "Stress tokens: peak 10 of 10 printed; ran out in 5.0 % of games"},
		{51, 1000, 5, false, true, "Stress tokens: peak 10 of 10 printed; ran out in 5.1 % of games (flagged: more than 5 %)"},
		{31, 1000, 2.5, false, true, "Stress tokens: peak 10 of 10 printed; ran out in 3.1 % of games (flagged: more than 2.5 %)"},
		{0, 1000, 0, false, false, "Stress tokens: peak 10 of 10 printed; ran out in 0.0 % of games"},
		{1, 5000, 0, false, true, "Stress tokens: peak 10 of 10 printed; ran out in 1 of 5000 games (flagged: more than 0 %)"},
		{1, 5000, 5, false, false, "Stress tokens: peak 10 of 10 printed; ran out in 1 of 5000 games"},
		{1000, 1000, 5, true, false, "Stress tokens: peak 10 of 10 printed; all in use by the rules"},
	} {
		ct := balance.ComponentTally{Component: c, Games: tc.games, Peak: 10, RanOut: tc.ranOut}
		ct.Always = tc.always
		if got := ct.Scarce(tc.pct); got != tc.flagged {
			t.Errorf("%d of %d at %g %%: flagged %v, want %v", tc.ranOut, tc.games, tc.pct, got, tc.flagged)
		}
		if got := ct.Line(tc.pct); got != tc.line {
			t.Errorf("line:\n got %q\nwant %q", got, tc.line)
		}
		r := &balance.Result{Version: balance.Version, Settings: balance.Settings{Bot: "random", Games: 1}, Components: []balance.ComponentTally{ct}}
		th := balance.DefaultThresholds
		th.Scarcity = tc.pct
		s := r.Finish(th)
		alerted := len(s.Alerts) == 1 && s.Alerts[0].Kind == "scarcity" && s.Alerts[0].Text == tc.line
		if alerted != tc.flagged {
			t.Errorf("%d of %d at %g %%: alerts %+v", tc.ranOut, tc.games, tc.pct, s.Alerts)
		}
	}
}
