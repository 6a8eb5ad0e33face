package balance_test

import (
	"context"
	"strings"
	"testing"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/balance/balancetest"
)

// TestPlaytestsBesideBots: playtests of the run's content version on its
// pairs are summed per pair (seats folded), others set aside; a pair
// where people and bots disagree beyond both intervals is flagged, one
// within them is not; the tallies read back.
func TestPlaytestsBesideBots(t *testing.T) {
	lab := &balancetest.CoinLab{Decks: []string{"a", "b", "c"}, Elo: []float64{400, 0, 0}}
	r, err := balance.Run(context.Background(), lab, balance.Options{Settings: balance.Settings{Bot: "random", Games: 100, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	pt := func(d0, d1, winner string) balance.Playtest {
		return balance.Playtest{ID: d0 + d1, Decks: [2]string{d0, d1}, Scenario: balancetest.Scenario, Content: r.Content, Winner: winner}
	}
	var logs []balance.Playtest
	for range 6 { // people: b beats a every time, where the bots say a wins ~90 %
		logs = append(logs, pt("a", "b", "b"), pt("b", "a", "b"))
	}
	logs = append(logs, pt("b", "c", "b"), pt("c", "b", "b"), pt("b", "c", "draw"))
	other := pt("a", "c", "a")
	other.Content = "another-version"
	logs = append(logs, other, pt("a", "z", "a"))
	if aside := r.AddPlaytests(logs); aside != 2 || r.PlaytestsAside != 2 {
		t.Errorf("set aside %d, want 2", aside)
	}
	if len(r.Playtests) != 2 || r.Playtests[0].Decks != [2]string{"a", "b"} || r.Playtests[0].Wins != [2]int{0, 12} ||
		r.Playtests[1].Decks != [2]string{"b", "c"} || r.Playtests[1].Wins != [2]int{2, 0} || r.Playtests[1].Draws != 1 {
		t.Fatalf("%+v", r.Playtests)
	}
	s := r.Finish(balance.DefaultThresholds)
	if len(s.Playtests) != 2 || !s.Playtests[0].Disagree || s.Playtests[1].Disagree {
		t.Errorf("disagreements %+v", s.Playtests)
	}
	var flagged []string
	for _, a := range s.Alerts {
		if a.Kind == "playtest" {
			flagged = append(flagged, a.Text)
		}
	}
	if len(flagged) != 1 || !strings.Contains(flagged[0], "a against b wins 0.0 % [0.0–24.2] of 12 decisive games played by people") {
		t.Errorf("alerts %q", flagged)
	}
	b, err := balance.MarshalResult(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := balance.ParseResult(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	back.Playtests[0].Wins[0] = 5 // no longer adds up
	b2, _ := balance.MarshalResult(back)
	if _, err := balance.ParseResult(b2, nil); err == nil || !strings.Contains(err.Error(), "do not make its 12 games") {
		t.Errorf("a tally that does not add up: %v", err)
	}
}
