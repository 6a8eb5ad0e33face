package engine_test

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// TestConfrontationRulesHaveChecks: every Confrontation rule of the issue
// is pinned by at least one check game of the starter content.
func TestConfrontationRulesHaveChecks(t *testing.T) {
	cat := loadContent(t)
	seen := map[string]bool{}
	for _, c := range cat.Checks {
		for _, r := range c.Rules {
			seen[r] = true
		}
	}
	for _, r := range []string{"R-FMT-1", "R-DECK-3", "R-ACT-6", "R-ACT-7", "R-CARD-4", "R-TURN-2", "R-TURN-7",
		"R-HIDE-1", "R-HIDE-2", "R-HIDE-3", "R-HIDE-4", "R-HIDE-5", "R-OBJ-2", "R-OBJ-3"} {
		if !seen[r] {
			t.Errorf("no check game pins %s", r)
		}
	}
}

// TestLeaderSkillsHandHolderFirst (R-TURN-2): in the Leader phase every
// Leader skill of the Hand holder resolves before any of the opponent's,
// whatever the seat. Omen (blue, with the Hand) gives Clans, Loot share
// (red, without it) gives Raiders.
func TestLeaderSkillsHandHolderFirst(t *testing.T) {
	cat := loadContent(t)
	unit := func(id, at string) wbengine.UnitSetup {
		return wbengine.UnitSetup{ID: id, Front: wbcatalog.Profile{Attack: 6, Speed: 3, Run: 2, Cost: wbcatalog.Cost{"any": 1}, Health: 3}, At: []string{at}}
	}
	for hand := range 2 {
		su := &wbengine.Setup{
			Format: wbcatalog.Confrontation, Cols: 16, Rows: 16, Board: cat.BoardFor(wbcatalog.Confrontation),
			Sides: [2]wbengine.SideSetup{
				{Name: "red", Leaders: []string{"vanta", "mother-rust"}, Units: []wbengine.UnitSetup{unit("r", "C3")}},
				{Name: "blue", Leaders: []string{"sa-keth", "nemi-ha"}, Units: []wbengine.UnitSetup{unit("b", "C14")}},
			},
		}
		g, err := wbengine.Compile(cat, su)
		if err != nil {
			t.Fatal(err)
		}
		_, ev, err := wbengine.NewState(g, wbengine.Start{Hand: hand})
		if err != nil {
			t.Fatal(err)
		}
		var orders []string
		for i := range ev {
			if ev[i].Kind == wbengine.EvOrders {
				orders = append(orders, ev[i].Format(g))
			}
		}
		// Leader Orders for both sides first (red 3 + 3, blue 3 + 3), then
		// the one skill that fires: Loot share (red without the Hand) or
		// Omen (blue with the Hand)... both when blue holds the Hand.
		got := strings.Join(orders, "; ")
		want := map[int]string{
			0: "orders red 6 raiders; orders blue 6 clans",
			1: "orders red 6 raiders; orders blue 6 clans; orders blue 1 clans; orders red 1 raiders",
		}[hand]
		if got != want {
			t.Errorf("hand %d: got %q, want %q", hand, got, want)
		}
	}
}

// TestConfrontationLogsReplay: Confrontation games (with Maintenance, so
// that every rule shows in the log) give the same log byte for byte twice
// and replay exactly.
func TestConfrontationLogsReplay(t *testing.T) {
	cat := loadContent(t)
	decks := [2]string{"raiders-warband", "clans-host"}
	g := confrontationGame(t, cat, "crossroads-relay", decks, true)
	for seed := range uint64(12) {
		play := func() []byte {
			l := &wbengine.Log{Header: wbengine.LogHeader{Engine: wbengine.Version, Seed: seed, Scenario: "crossroads-relay", Decks: decks}}
			bots := [2]wbengine.Bot{wbengine.NewRandomBot(seed), wbengine.NewRandomBot(seed + 1)}
			if seed%4 == 0 {
				bots = [2]wbengine.Bot{wbengine.NewGreedyBot(seed), wbengine.NewRandomBot(seed + 1)}
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
		a, b := play(), play()
		if string(a) != string(b) {
			t.Fatalf("seed %d: two plays give different logs", seed)
		}
		l, err := wbengine.ParseLog(a)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := wbengine.Replay(g, l); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, word := range []string{"objective", "maintenance"} {
			if !strings.Contains(string(a), "\""+word+" ") {
				t.Errorf("seed %d: no %s event in the log", seed, word)
			}
		}
	}
}
