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
	opts := bothSheets(cat)
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

// bothSheets are the options of the sheets of every card and of the
// first deck, in each language.
func bothSheets(cat *wbcatalog.Catalog) []Options {
	deck := &cat.Decks[0]
	var opts []Options
	for _, l := range wbcatalog.Langs {
		o := Options{SheetOptions: render.SheetOptions{Lang: l, Version: "v1", Tool: "test"}}
		opts = append(opts, o)
		o.Cards = append(append([]string{}, deck.Cards...), DeckReferences(cat, deck)...)
		o.Kit = Kit{Kind: KitDeck, ID: deck.ID}
		opts = append(opts, o)
	}
	return opts
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

// TestFacelessEqualsKept: layouts that keep no face (a one-shot build of
// a large set: keepNoFaces) print the bytes, draw the card images and
// report the diagnostics of layouts that keep everything — Check first
// or the sheets first — and hold no face afterwards but those laid out
// for a second use (at most heldFaces).
func TestFacelessEqualsKept(t *testing.T) {
	cat := starterCatalog(t)
	opts := bothSheets(cat)
	use := func(ls *Layouts, checkFirst bool) (sheets [][]byte, checks []string, svgs [][]byte) {
		with := make([]Options, len(opts))
		for i, o := range opts {
			o.Layouts = ls
			with[i] = o
		}
		check := func() {
			for _, l := range wbcatalog.Langs {
				checks = append(checks, ls.Check(l).Error())
			}
		}
		if checkFirst {
			check()
		}
		sheets = printSheets(t, cat, with)
		if !checkFirst {
			check()
		}
		for _, l := range wbcatalog.Langs {
			for _, id := range allCards(cat)[:5] {
				f, b, err := ls.SVG(cat, id, l)
				if err != nil {
					t.Fatal(err)
				}
				svgs = append(svgs, f, b)
			}
		}
		return sheets, checks, svgs
	}
	kept := NewLayouts(cat)
	wantSheets, wantChecks, wantSVGs := use(kept, true)
	for _, checkFirst := range []bool{true, false} {
		ls := NewLayouts(cat)
		ls.OneShot()
		ls.keepNoFaces()
		sheets, checks, svgs := use(ls, checkFirst)
		for i := range wantSheets {
			if !bytes.Equal(sheets[i], wantSheets[i]) {
				t.Errorf("check first %v, sheet %d (%s %v): other bytes", checkFirst, i, opts[i].Lang, opts[i].Kit.Kind)
			}
		}
		for i := range wantChecks {
			if checks[i] != wantChecks[i] {
				t.Errorf("check first %v: Check(%s) = %q, want %q", checkFirst, wbcatalog.Langs[i], checks[i], wantChecks[i])
			}
		}
		for i := range wantSVGs {
			if !bytes.Equal(svgs[i], wantSVGs[i]) {
				t.Errorf("check first %v, image %d: other bytes", checkFirst, i)
			}
		}
		held := 0
		for k, e := range ls.cards {
			if !e.slim || len(e.card.Front.Items)+len(e.card.Back.Items) > 0 || e.pdf != nil {
				t.Errorf("%v: a face is kept", k)
			}
			if e.held != nil {
				held++
			}
		}
		if held != ls.held || held > heldFaces {
			t.Errorf("%d faces held for a second use (counted %d), want at most %d", held, ls.held, heldFaces)
		}
	}
}
