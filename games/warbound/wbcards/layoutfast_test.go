package wbcards

import (
	"reflect"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// The layout's fast paths give the very numbers of the plain way they
// replace: the PDFs and SVGs stay byte for byte the same.

// TestLayoutsSharedAsFresh: the cards of a Layouts, which share what
// many cards lay out alike (parsed texts, common backs), have the items
// of cards laid out each on its own, in both modes.
func TestLayoutsSharedAsFresh(t *testing.T) {
	cat := starterCatalog(t)
	for _, measure := range []bool{false, true} {
		for _, l := range wbcatalog.Langs {
			ls := NewLayouts(cat)
			if measure {
				ls.CheckOnly()
			}
			for _, id := range allCards(ls.cat) {
				shared := ls.checked(l, id)
				b := &builder{cat: ls.cat, lang: l, measure: measure}
				alone, ok := b.layoutCard(id)
				if !ok || !shared.ok {
					t.Fatalf("%s: not laid out", id)
				}
				if !reflect.DeepEqual(alone, shared.card) {
					t.Errorf("%s (%s, measure %v): the shared layout differs from one on its own", id, l, measure)
				}
				if len(b.errs) != len(shared.errs) || len(b.warns) != len(shared.warns) {
					t.Errorf("%s (%s, measure %v): diagnostics differ", id, l, measure)
				}
			}
		}
	}
}

// TestStampedCardsAsFresh: cards stamped once and given again (every
// sheet of a build; watch's kept layouts) are the cards stamped afresh,
// for another version and after the card numbers moved.
func TestStampedCardsAsFresh(t *testing.T) {
	cat := starterCatalog(t)
	ids := allCards(cat)
	ls := NewLayouts(cat)
	for _, version := range []string{"v1", "v1", "v2-long-version-name-that-does-not-fit-in-the-margin", "v1"} {
		got, err := ls.Cards(wbcatalog.French, ids, version)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := NewLayouts(cat).Cards(wbcatalog.French, ids, version)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("version %s: the cards stamped again differ from cards stamped afresh", version)
		}
	}
	// one Character less: the numbers of the cards after it move
	next := *cat
	next.Characters = append([]wbcatalog.Character(nil), cat.Characters[1:]...)
	// kept: the cards laid out the same, as watch keeps them
	fresh := NewLayouts(&next)
	same := map[string]bool{}
	for _, id := range allCards(&next) {
		a, b := ls.laid(wbcatalog.French, id), fresh.laid(wbcatalog.French, id)
		same[id] = a.ok && b.ok && reflect.DeepEqual(a.card, b.card)
	}
	kept := NewLayouts(&next)
	kept.Keep(ls, func(l wbcatalog.Lang, id string) bool { return l == wbcatalog.French && same[id] })
	nextIDs := allCards(&next)
	got, err := kept.Cards(wbcatalog.French, nextIDs, "v1")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := NewLayouts(&next).Cards(wbcatalog.French, nextIDs, "v1")
	if !reflect.DeepEqual(got, want) {
		t.Error("kept cards keep their old numbers")
	}
}
