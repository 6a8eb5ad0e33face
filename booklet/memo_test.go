package booklet

import (
	"bytes"
	"testing"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// memoSource is fixture's rules naming a card ([[scout]]) and an aid
// drawing a faction's Order token, with the card's name and the
// faction's colour as given.
func memoSource(scout, red string) ruleset.RulebookSource {
	src := fixture()
	src.Pages = append([]lang.RulesPage(nil), src.Pages...)
	for i, p := range src.Pages {
		if p.Path == "rules/en/02-moving.md" {
			src.Pages[i].Source = append(append([]byte(nil), p.Source...), "\nThe [[scout]] runs first.\n"...)
		}
	}
	src.Noun = "card"
	src.Entity = func(id string, l lang.Lang) (string, bool) {
		switch id {
		case "scout":
			return scout, true
		case "brute": // a card the pages do not show
			return red + " brute", true
		}
		return "", false
	}
	src.Aids = append([]ruleset.Aid(nil), src.Aids...)
	src.Aids[0].Entries = append(append([]ruleset.AidEntry(nil), src.Aids[0].Entries...),
		ruleset.AidEntry{Name: lang.Text{EN: "Order", FR: "Ordre"}, Text: lang.Text{EN: "Draw :order-red:.", FR: "Piochez :order-red:."}})
	src.HasIcon = func(name string) bool { return name == "order-red" }
	src.FactionColour = func(f string) (string, bool) { return red, f == "red" }
	return src
}

// TestMemoRemakesWhatChanged: watch and serve keep the rulebooks and the
// aids' sheets of the last builds; a save that changes nothing they show
// (a card the rules do not name) gets the same files, and a change to a
// card the rules name or to a colour an aid draws makes them again, as a
// build without the memo makes them.
func TestMemoRemakesWhatChanged(t *testing.T) {
	aidName := func(l lang.Lang) string { return "aids-" + string(l) + ".pdf" }
	aids := func(t *testing.T, src ruleset.RulebookSource) map[string][]byte {
		t.Helper()
		out, err := AidSheets(src, lang.Langs, render.SheetOptions{Game: src.Game, Tool: "test"}, aidName)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	base := memoSource("Scout", "#aa0000")
	book0, aids0 := buildBook(t, base), aids(t, base)
	tests := []struct {
		name               string
		src                ruleset.RulebookSource
		newBook, newSheets bool
	}{
		{"nothing shown changed", memoSource("Scout", "#aa0000"), false, false},
		{"renamed card the rules name", memoSource("Pathfinder", "#aa0000"), true, false},
		{"faction colour an aid draws", memoSource("Scout", "#00aa00"), true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			book, sheets := buildBook(t, tt.src), aids(t, tt.src)
			if got := book != book0; got != tt.newBook {
				t.Errorf("rulebook made again: %v, want %v", got, tt.newBook)
			}
			if got := !sameFiles(sheets, aids0); got != tt.newSheets {
				t.Errorf("aid sheets made again: %v, want %v", got, tt.newSheets)
			}
			// what the memo gave is what a build without it makes
			fresh, err := build(tt.src, Options{Tool: "test"})
			if err != nil {
				t.Fatal(err)
			}
			for name, pdf := range fresh.Files {
				if !bytes.Equal(book.Files[name], pdf) {
					t.Errorf("%s differs from a build without the memo", name)
				}
			}
			freshAids, err := aidSheets(tt.src, lang.Langs, render.SheetOptions{Game: tt.src.Game, Tool: "test"}, aidName)
			if err != nil {
				t.Fatal(err)
			}
			for name, pdf := range freshAids {
				if !bytes.Equal(sheets[name], pdf) {
					t.Errorf("%s differs from sheets made without the memo", name)
				}
			}
		})
	}
}

// sameFiles reports whether a and b hold the very same byte slices (the
// memo's).
func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || len(v) == 0 || len(w) == 0 || &v[0] != &w[0] {
			return false
		}
	}
	return true
}
