package convicted

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/games/convicted/cvengine"
)

// TestRulebookChecksAids: the starter's rulebook (its player aids) has no
// problem; an aid naming a rule the rule table does not have is an error,
// in each language.
func TestRulebookChecksAids(t *testing.T) {
	c := loadStarter(t)
	src := c.Rulebook()
	res, err := booklet.Build(src, booklet.Options{CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) > 0 {
		t.Fatalf("starter rulebook:\n%s", res.Problems.Text())
	}
	if len(res.Books) != 4 {
		t.Fatalf("%d books, want a reading copy and a booklet per language", len(res.Books))
	}
	src.Aids[0].Entries[3].Rule = "C-SIEGE-55"
	res, err = booklet.Build(src, booklet.Options{CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	got := res.Problems.Text()
	for _, l := range []string{"en", "fr"} {
		want := `player aid "stages" names rule C-SIEGE-55, which no rules page (` + l + `) anchors and the game does not define`
		if !strings.Contains(got, want) {
			t.Errorf("problems:\n%s\nwant %s", got, want)
		}
	}
}

// TestAidsFollowTheData: 14 stages, the 12 actions a turn and their
// split by player count, every printed count; each decision the engine
// offers at set-up is in the actions aid, and takes an action marker
// exactly when the aid says so.
func TestAidsFollowTheData(t *testing.T) {
	c := loadStarter(t)
	aids := c.aids()
	if n := len(aids[0].Entries); n != 14 {
		t.Errorf("%d stages, want 14", n)
	}
	if got := aids[1].Entries[0].Text.EN; !strings.HasPrefix(got, "12 actions a turn, shared by the defenders. 1 player: 12; 2 players: 6 each") {
		t.Errorf("actions: %q", got)
	}
	if n := len(aids[2].Entries); n != len(componentWords) || aids[2].Entries[10].Text.EN != "12" {
		t.Errorf("components: %d entries, action markers %q", n, aids[2].Entries[10].Text.EN)
	}
	c.Catalog.Stages.List[0].HitOn = 5
	if got := c.aids()[0].Entries[0].Text.EN; got != "Shooting, hits on 5+" {
		t.Errorf("stage 1 after a change of its data: %q", got)
	}

	r, err := cvengine.New(c.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Setup(1, []string{"deserter"}, 1, cvengine.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	marker := map[string]bool{}
	for _, a := range aidActions {
		marker[a.do] = a.marker
	}
	seen := map[string]bool{}
	for _, a := range r.Legal(s) {
		if a.Do == cvengine.EndGo || seen[a.Do] {
			continue
		}
		seen[a.Do] = true
		want, ok := marker[a.Do]
		if !ok {
			t.Errorf("the engine offers %q, which the actions aid does not list", a.Do)
			continue
		}
		next := s.Clone()
		if err := r.Apply(next, a); err != nil {
			t.Errorf("%v: %v", a, err)
			continue
		}
		if took := next.Actions[0] < s.Actions[0]; took != want {
			t.Errorf("%v took a marker: %v, the aid says %v", a, took, want)
		}
	}
	if len(seen) < 4 {
		t.Errorf("the engine offered only %v at set-up", slices.Sorted(maps.Keys(seen)))
	}
}
