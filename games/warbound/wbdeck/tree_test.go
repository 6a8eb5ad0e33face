package wbdeck_test

import (
	"reflect"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbdeck"
	"wbtool.dev/wbtool/games/warbound/wbdeck/corpus"
	"wbtool.dev/wbtool/internal/jstree/treetest"
)

// TestTreesAreJSON: the checker module reads the starter's Data and every
// deck of the CLI's corpus from their JSON trees as encoding/json reads
// them, and the tree of every Result is its JSON.
func TestTreesAreJSON(t *testing.T) {
	full, err := corpus.Starter()
	if err != nil {
		t.Fatal(err)
	}
	data := wbdeck.Compact(full)
	got, err := wbdeck.DataFromTree(treetest.JSON(t, data))
	if err != nil {
		t.Fatal(err)
	}
	if want := treetest.RoundTrip(t, data); !reflect.DeepEqual(got, want) {
		t.Fatalf("Data from its tree:\n got %+v\nwant %+v", got, want)
	}
	cat := got.Catalog()
	cases, err := corpus.Decks()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wbdeck.DeckFromTree(map[string]any{"cards": "copp"}); err == nil {
		t.Error("a deck whose cards are a string read without an error")
	}
	for _, c := range cases {
		deck, err := wbdeck.DeckFromTree(treetest.JSON(t, c.Deck))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if want := treetest.RoundTrip(t, c.Deck); !reflect.DeepEqual(deck, want) {
			t.Errorf("%s: deck from its tree:\n got %+v\nwant %+v", c.Name, deck, want)
		}
		res := wbdeck.Check(cat, deck)
		if got, want := treetest.JSON(t, res.Tree()), treetest.JSON(t, res); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: result tree:\n got %v\nwant %v", c.Name, got, want)
		}
	}
}
