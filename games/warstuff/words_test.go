package warstuff

import (
	"testing"

	"wbtool.dev/wbtool/changes"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/site"
)

// TestLabelsInEveryLanguage: every word label falls back on (its pages',
// the site frame's, the errata's shared words) is shown in English and
// French, and in English on a third language's draft site: never an
// empty button, heading or sort option (axe-core found them so on
// Warstuff's German draft pages), never the raw key.
func TestLabelsInEveryLanguage(t *testing.T) {
	cat := &ws.Catalog{}
	var keys []string
	for _, words := range []map[string]lang.Text{pageWords, site.FrameWords, changes.ErrataWords} {
		for k := range words {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		for _, l := range []lang.Lang{lang.English, lang.French, "de"} {
			if s := label(cat, k, l); s == "" || s == k {
				t.Errorf("label(%q, %s) = %q", k, l, s)
			}
		}
		if de, en := label(cat, k, "de"), label(cat, k, lang.English); de != en {
			t.Errorf("label(%q, de) = %q, want the English %q", k, de, en)
		}
	}
}
