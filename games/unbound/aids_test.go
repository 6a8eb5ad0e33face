package unbound

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/games/unbound/ubengine"
)

// TestRulebookChecksAids: the starter's rulebook has no problem; an aid
// entry naming a rule RULES.md does not define is an error at the data
// the entry is made of, in each language; a cross-reference to a rule
// the pages only cite prints with no warning.
func TestRulebookChecksAids(t *testing.T) {
	c := starter(t)
	res, err := booklet.Build(c.Rulebook(), booklet.Options{CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) > 0 {
		t.Fatalf("starter rulebook:\n%s", res.Problems.Text())
	}
	src := c.Rulebook()
	for i := range src.Aids {
		if src.Aids[i].ID == "planned-orders" {
			src.Aids[i].Entries[0].Rule = "U-ORDER-99"
		}
	}
	res, err = booklet.Build(src, booklet.Options{CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	got := res.Problems.Text()
	for _, want := range []string{
		`orders.cue:8:2: player aid "planned-orders" names rule U-ORDER-99, which no rules page (en) anchors and the game does not define`,
		`orders.cue:8:2: player aid "planned-orders" names rule U-ORDER-99, which no rules page (fr) anchors and the game does not define`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems:\n%s\nwant %s", got, want)
		}
	}
	if n := len(res.Problems); n != 2 {
		t.Errorf("%d problems, want 2:\n%s", n, got)
	}
}

// TestAidsFollowTheData: the orders aids are the engine's reading of the
// content's orders (a changed condition changes the aid), and the ladder
// is ubengine.Ladder's.
func TestAidsFollowTheData(t *testing.T) {
	c := starter(t)
	entry := func(aid, rule string) string {
		for _, a := range c.aids() {
			for _, e := range a.Entries {
				if a.ID == aid && e.Rule == rule {
					return e.Text.EN
				}
			}
		}
		t.Fatalf("no entry %s in aid %s", rule, aid)
		return ""
	}
	counts := map[string]int{}
	for _, a := range c.aids() {
		counts[a.ID] = len(a.Entries)
	}
	if counts["planned-orders"]+counts["immediate-orders"] != 13 || counts["turn-sequence"] != 6 || counts["shooting-ladder"] != 4 || counts["reaction-window"] != 3 {
		t.Errorf("aid sizes %v: want 13 orders, 6 steps, 4 ladder rungs, 3 window rules", counts)
	}
	if got := entry("immediate-orders", "U-REACT-8"); !strings.HasPrefix(got, "Who: any unit. When: the unit is the target of a planned Shoot. Resolved: before the order it answers.") {
		t.Errorf("go to ground: %q", got)
	}
	if got := entry("planned-orders", "U-ORDER-4"); !strings.HasPrefix(got, "Who: infantry, monstrous creatures.") {
		t.Errorf("run: %q", got)
	}
	if got := entry("turn-sequence", "U-END-3"); !strings.Contains(got, "After turn 5 it ends on a 5+. After turn 6 it ends on a 3+. After turn 7 the game ends.") {
		t.Errorf("end of turn: %q", got)
	}
	o := c.Catalog.Order("go-to-ground")
	o.Condition, o.Timing = string(ubengine.WhenAssaulted), string(ubengine.After)
	if got := entry("immediate-orders", "U-REACT-8"); !strings.Contains(got, "When: the unit is the target of a planned Assault. Resolved: after the attacker's move and shots.") {
		t.Errorf("go to ground, changed in the content: %q", got)
	}
	for _, a := range c.aids() {
		if a.ID != "shooting-ladder" {
			continue
		}
		want := []string{"re-roll failed hits", "shoot normally", "re-roll successful hits", "the weapon does not fire"}
		for i, e := range a.Entries {
			if e.Text.EN != want[i] || e.Text.FR == "" {
				t.Errorf("ladder rung %d: %q/%q, want %q", i, e.Text.EN, e.Text.FR, want[i])
			}
		}
	}
}
