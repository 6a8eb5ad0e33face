package wbcards

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// TestSheetsReusedEqualFresh: a sequence of random card edits printed as
// watch prints them — the layouts of the cards not edited kept (with
// their faces drawn), the pages of the last build in a PageCache, the
// sheets of both languages and of a deck rendered concurrently — gives
// after every edit the bytes of sheets rendered afresh, with no cache
// (every face drawn item by item, every page compressed).
func TestSheetsReusedEqualFresh(t *testing.T) {
	cat := starterCatalog(t)
	if len(cat.Decks) == 0 || len(cat.Characters) < 2 {
		t.Fatal("the starter content has no deck or too few Characters")
	}
	deck := &cat.Decks[0]
	jobs := func(cat *wbcatalog.Catalog, ls *Layouts, pages *render.PageCache, bleed float64) []Options {
		var out []Options
		for _, l := range wbcatalog.Langs {
			o := Options{SheetOptions: render.SheetOptions{Lang: l, Version: "v1", Tool: "test", Bleed: bleed, Pages: pages}, Layouts: ls, drawAnew: ls == nil}
			out = append(out, o)
			o.Cards = append(append([]string{}, deck.Cards...), DeckReferences(cat, deck)...)
			o.Kit = Kit{Kind: KitDeck, ID: deck.ID}
			out = append(out, o)
		}
		return out
	}
	printAll := func(cat *wbcatalog.Catalog, opts []Options) [][]byte { return printSheets(t, cat, opts) }
	pages := render.NewPageCache()
	prev := NewLayouts(cat)
	printAll(cat, jobs(cat, prev, pages, 0))
	pages.Sweep()
	rng := rand.New(rand.NewPCG(13, 4))
	mixed := false
	for step := 1; step <= 6; step++ {
		next := *cat
		next.Characters = append([]wbcatalog.Character(nil), cat.Characters...)
		i := rng.IntN(len(next.Characters))
		edited := next.Characters[i].ID
		next.Characters[i].Front.Attack = 1 + (next.Characters[i].Front.Attack+step)%6
		cat = &next
		ls := NewLayouts(cat)
		ls.Keep(prev, func(l wbcatalog.Lang, id string) bool { return id != edited })
		bleed := 0.0
		if step == 5 {
			bleed = 2 // every page changes
		}
		got := printAll(cat, jobs(cat, ls, pages, bleed))
		want := printAll(cat, jobs(cat, nil, nil, bleed))
		for k := range want {
			if !bytes.Equal(got[k], want[k]) {
				t.Fatalf("step %d (%s edited): sheet %d differs from a fresh render (%d bytes, want %d)", step, edited, k, len(got[k]), len(want[k]))
			}
		}
		t.Logf("step %d: %s edited, %d pages compressed, %d reused", step, edited, pages.Compressed, pages.Reused)
		mixed = mixed || pages.Compressed > 0 && pages.Reused > pages.Compressed
		pages.Sweep()
		prev = ls
	}
	if !mixed {
		t.Error("no edit reused most pages and compressed some: the test proves nothing about the cache")
	}
}
