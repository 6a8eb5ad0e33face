package warbound

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/render"
)

// TestSheetJobsKit: the build's sheets include the play kit, each at its
// own path, and every kit sheet carries a fingerprint of what it draws.
func TestSheetJobsKit(t *testing.T) {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	jobs := SheetJobs(cat, wbcards.Options{SheetOptions: render.SheetOptions{Version: "1"}})
	seen := map[string]bool{}
	kinds := map[wbcards.KitKind]int{}
	for _, j := range jobs {
		if seen[j.Path] {
			t.Errorf("two jobs write %s", j.Path)
		}
		seen[j.Path] = true
		if dir, _ := pipeline.InDir(j.Path); dir != pipeline.PrintDir {
			t.Errorf("%s is outside %s", j.Path, pipeline.PrintDir)
		}
		kinds[j.Opts.Kit.Kind]++
		if k := j.Opts.Kit.Kind; k != "" && k != wbcards.KitCalibrate && j.Opts.Kit.Source == "" {
			t.Errorf("%s: kit sheet without a fingerprint", j.Path)
		}
	}
	// per language: boards and maps and the calibration page on two papers,
	// one token sheet, one deck sheet per deck
	want := map[wbcards.KitKind]int{
		wbcards.KitBoard:     2 * 2 * len(cat.ActionBoards),
		wbcards.KitMap:       2 * 2 * len(cat.Scenarios),
		wbcards.KitCalibrate: 2 * 2,
		wbcards.KitTokens:    2,
		wbcards.KitDeck:      2 * len(cat.Decks),
	}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%d %s sheets, want %d", kinds[k], k, n)
		}
	}
	if len(jobs) != 44 {
		t.Errorf("%d sheets, want 44 (cmd/wbtool/testdata/script/build_catalog.txtar counts them)", len(jobs))
	}
	for _, p := range []string{"print/objectives-exploration-fr.pdf", "print/objectives-confrontation-en.pdf", "print/maps/burning-flank-letter-en.pdf", "print/boards/exploration-a4-fr.pdf"} {
		if !seen[p] {
			t.Errorf("no job writes %s", p)
		}
	}
	d := cat.Deck("ash-and-rust")
	j := DeckJob(cat, d, wbcards.Options{SheetOptions: render.SheetOptions{Lang: "en"}})
	if got := strings.Join(j.Cards[len(d.Cards):], ","); got != "clans-reference,raiders-reference" {
		t.Errorf("deck %s prints the Reference cards %q", d.ID, got)
	}
	// a change of a scenario changes its fingerprint
	a := fingerprint(&cat.Scenarios[0])
	cat.Scenarios[0].Terrain = cat.Scenarios[0].Terrain[1:]
	if fingerprint(&cat.Scenarios[0]) == a {
		t.Error("the fingerprint ignores the terrain")
	}
}

// TestTokenSheetFingerprint: the token sheet is printed again (its
// fingerprint changes) when a Character edit changes the token counts,
// and not when it changes only what the cards show.
func TestTokenSheetFingerprint(t *testing.T) {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	tokens := func() string {
		for _, j := range SheetJobs(cat, wbcards.Options{SheetOptions: render.SheetOptions{Version: "1"}}) {
			if j.Opts.Kit.Kind == wbcards.KitTokens {
				return j.Opts.Kit.Source
			}
		}
		t.Fatal("no token sheet")
		return ""
	}
	before := tokens()
	// a Character of the deck with the most health points
	var ch *wbcatalog.Character
	for _, tc := range wbcards.TokenCounts(cat) {
		if tc.Kind != "wound" {
			continue
		}
		for _, d := range cat.Decks {
			if strings.Contains(tc.Why, "deck "+d.ID+")") {
				for _, id := range d.Cards {
					if c := cat.Character(id); c != nil && ch == nil {
						ch = c
					}
				}
			}
		}
	}
	if ch == nil {
		t.Fatal("no Character in the deck with the most health points")
	}
	ch.Front.Attack = 1 + ch.Front.Attack%6
	ch.Name.EN += " II"
	if tokens() != before {
		t.Error("an edit of a Character's attack and name prints the token sheet again")
	}
	ch.Front.Health += 3
	ch.Panic.Health += 3
	if tokens() == before {
		t.Error("more health points in the largest deck keep the token sheet")
	}
}
