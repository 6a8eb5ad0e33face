package wbcards

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// TestCardNumbers: every face of a card but the shared backs carries the
// card's number (its kind's letter and its place in catalog order) and
// the set's version, on the sheets, the site's images and the exports
// alike; the number is the same in both languages.
func TestCardNumbers(t *testing.T) {
	cat := testCatalog()
	cat.Set.Version = "1.2.3"
	for _, l := range wbcatalog.Langs {
		cards, err := LayoutCards(cat, l, allCards(cat))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		ls := NewLayouts(cat)
		for _, c := range cards {
			n := CardNumber(cat, c.ID)
			if len(n) != 3 || seen[n] {
				t.Errorf("%s: number %q", c.ID, n)
			}
			seen[n] = true
			for _, f := range []*render.Face{&c.Front, &c.Back} {
				has := strings.Contains(faceText(f), n+" · v1.2.3")
				if shared := f.Side == "common-back"; has == shared {
					t.Errorf("%s %s (%s): stamp %v", c.ID, f.Side, l, has)
				}
			}
			// the site's images: one card alone, through the shared
			// layouts and without them
			for _, svg := range []func(*wbcatalog.Catalog, string, wbcatalog.Lang) ([]byte, []byte, error){SVG, ls.SVG} {
				front, _, err := svg(cat, c.ID, l)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(front), n+" · v1.2.3") {
					t.Errorf("%s (%s): the SVG front lacks %q", c.ID, l, n+" · v1.2.3")
				}
			}
		}
	}
	if ids := cat.CardIDs(wbcatalog.KindEquipment); len(ids) < 2 || CardNumber(cat, ids[1]) != "E02" {
		t.Errorf("second Equipment card %v: not E02", ids)
	}
}
