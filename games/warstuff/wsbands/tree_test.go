package wsbands_test

import (
	"reflect"
	"testing"

	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wsbands"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/internal/jstree/treetest"
	"wbtool.dev/wbtool/lang"
)

// TestTreesAreJSON: the checker module reads the starter's Data and bands
// (legal, illegal, unknown profiles, no figures) from their JSON trees as
// encoding/json reads them, and the tree of every Result is its JSON.
func TestTreesAreJSON(t *testing.T) {
	full, err := wsschema.Load(wsstarter.FS, wsschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	data := wsbands.Compact(full)
	data.Profiles[0].Name = data.Profiles[0].Name.With(lang.Lang("de"), "Name")
	got, err := wsbands.DataFromTree(treetest.JSON(t, data))
	if err != nil {
		t.Fatal(err)
	}
	if want := treetest.RoundTrip(t, data); !reflect.DeepEqual(got, want) {
		t.Fatalf("Data from its tree:\n got %+v\nwant %+v", got, want)
	}
	cat := got.Catalog()
	bands := []wsbands.Band{{Name: "none", Format: 50, Figures: []wscatalog.BandEntry{}}, {Name: "bad", Format: 0},
		{Name: "unknown", Format: 50, Big: 75, Figures: []wscatalog.BandEntry{{Profile: "nobody", Count: 2}, {Profile: full.Profiles[0].ID, Count: 40}}}}
	for _, b := range full.Bands {
		bands = append(bands, wsbands.Band{Name: b.ID, Format: b.Format, Big: 100, Figures: b.Figures})
	}
	for _, b := range bands {
		band, err := wsbands.BandFromTree(treetest.JSON(t, b))
		if err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		if want := treetest.RoundTrip(t, b); !reflect.DeepEqual(band, want) {
			t.Errorf("%s: band from its tree:\n got %+v\nwant %+v", b.Name, band, want)
		}
		res := wsbands.Check(cat, band)
		if got, want := treetest.JSON(t, res.Tree()), treetest.JSON(t, res); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: result tree:\n got %v\nwant %v", b.Name, got, want)
		}
	}
}
