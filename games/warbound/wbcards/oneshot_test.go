package wbcards

import (
	"bytes"
	"sync"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// TestOneShotSheetsEqualKept: a one-shot build's layouts (no numbered
// card kept, each card's PDF drawing let go once a page drew it) print
// the bytes of layouts that keep everything: the sheets of both
// languages and of a deck, concurrently, then all of them again (every
// face drawn item by item the second time), and the drawings are gone.
func TestOneShotSheetsEqualKept(t *testing.T) {
	cat := starterCatalog(t)
	deck := &cat.Decks[0]
	var opts []Options
	for _, l := range wbcatalog.Langs {
		o := Options{SheetOptions: render.SheetOptions{Lang: l, Version: "v1", Tool: "test"}}
		opts = append(opts, o)
		o.Cards = append(append([]string{}, deck.Cards...), DeckReferences(cat, deck)...)
		o.Kit = Kit{Kind: KitDeck, ID: deck.ID}
		opts = append(opts, o)
	}
	printAll := func(ls *Layouts) [][]byte {
		with := make([]Options, len(opts))
		for i, o := range opts {
			o.Layouts = ls
			with[i] = o
		}
		return printSheets(t, cat, with)
	}
	want := printAll(NewLayouts(cat))
	one := NewLayouts(cat)
	one.OneShot()
	for round := range 2 {
		for i, got := range printAll(one) {
			if !bytes.Equal(got, want[i]) {
				t.Errorf("round %d, sheet %d (%s %v): the one-shot layouts print other bytes", round, i, opts[i].Lang, opts[i].Kit.Kind)
			}
		}
	}
	for k, e := range one.cards {
		if e.stamped.Load() != nil {
			t.Errorf("%v: the numbered card is kept", k)
		}
		for side := range e.pdf {
			if e.pdf[side].Kept() {
				t.Errorf("%v: side %d's drawing is kept", k, side)
			}
		}
	}
}

// printSheets prints the sheets of opts concurrently.
func printSheets(t *testing.T, cat *wbcatalog.Catalog, opts []Options) [][]byte {
	out := make([][]byte, len(opts))
	var wg sync.WaitGroup
	for i, o := range opts {
		wg.Go(func() {
			pdf, err := Sheets(cat, o)
			if err != nil {
				t.Error(err)
			}
			out[i] = pdf
		})
	}
	wg.Wait()
	return out
}
