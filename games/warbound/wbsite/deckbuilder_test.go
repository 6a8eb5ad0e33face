package wbsite

import (
	"html"
	"net/url"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// TestDeckBuilderLinks: every deck page links to the deck builder with
// its deck in the address (format, name, cards and attachments in order),
// in both languages, and the builder page exists in both.
func TestDeckBuilderLinks(t *testing.T) {
	cat := fixture(nil, nil)
	files, err := Build(cat, Options{CardImages: stubImages})
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Decks) == 0 {
		t.Fatal("the fixture has no deck")
	}
	for _, l := range wbcatalog.Langs {
		if _, ok := files[string(l)+"/"+builderPage]; !ok {
			t.Fatalf("no %s/%s", l, builderPage)
		}
		for _, d := range cat.Decks {
			page := string(files[string(l)+"/decks/"+d.ID+"/index.html"])
			_, rest, ok := strings.Cut(page, `href="../../deckbuilder/index.html#`)
			if !ok {
				t.Fatalf("%s %s: no link to the deck builder", l, d.ID)
			}
			frag, _, _ := strings.Cut(rest, `"`)
			q, err := url.ParseQuery(html.UnescapeString(frag))
			if err != nil {
				t.Fatal(err)
			}
			var as []string
			for _, a := range d.Attachments {
				as = append(as, a.Upgrade+":"+a.To)
			}
			if q.Get("f") != string(d.Format) || q.Get("n") != d.Name.In(l) || q.Get("c") != strings.Join(d.Cards, ",") || q.Get("a") != strings.Join(as, ",") {
				t.Errorf("%s %s: the builder link holds %v", l, d.ID, q)
			}
		}
	}
	for _, f := range []string{"deck-data.js", "assets/deckcheck-wasm.js", "assets/wasm_exec.js", "assets/wasmstart.js", "assets/deckbuilder.js", "assets/deckbuilder.css"} {
		if len(files[f]) == 0 {
			t.Errorf("no %s", f)
		}
	}
}
