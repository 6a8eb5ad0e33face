package wbsite

import (
	"bytes"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// French spacing runs on the text before it is escaped: < > & are not
// French high punctuation and no space ever lands inside an entity.
func TestFrenchTypographyBeforeEscaping(t *testing.T) {
	const n, b = "\u202f", "\u00a0"
	md := site.NewMarkdown(wbcatalog.French)
	for _, c := range []struct{ in, want string }{
		{"Portée < 3 ; ou > 5 !", "<p>Portée &lt; 3" + n + "; ou &gt; 5" + n + "!</p>\n"},
		{"Rock & Roll : le retour", "<p>Rock &amp; Roll" + b + ": le retour</p>\n"},
		{"Déjà échappé &lt; 3 &amp; fin", "<p>Déjà échappé &lt; 3 &amp; fin</p>\n"},
		{`Pas une \* étoile ?`, "<p>Pas une * étoile" + n + "?</p>\n"},
		{"**Mot**: suite", "<p><strong>Mot</strong>" + b + ": suite</p>\n"},
		{"Trait d’union con\u00additionnel", "<p>Trait d’union con\u00additionnel</p>\n"},
	} {
		var out bytes.Buffer
		if err := md.Convert([]byte(c.in), &out); err != nil {
			t.Fatal(err)
		}
		if out.String() != c.want {
			t.Errorf("%q renders as %q, want %q", c.in, out.String(), c.want)
		}
	}

	bl := &builder{cat: fixture(nil, nil), files: site.Files{}, exists: map[string]bool{}}
	for _, c := range []struct{ in, want string }{
		{"Portée < 3 : ok", "<p>Portée &lt; 3" + b + ": ok</p>"},
		{"Rock & Roll !", "<p>Rock &amp; Roll" + n + "!</p>"},
		{"*Vite*: cours", "<p><em>Vite</em>" + b + ": cours</p>"},
		{"Ar\u00admure", "<p>Ar\u00admure</p>"},
	} {
		got := string(bl.cardText(c.in, wbcatalog.French, wbcatalog.Pos{}, "test"))
		if got != c.want {
			t.Errorf("card text %q renders as %q, want %q", c.in, got, c.want)
		}
		if strings.Contains(got, "&lt"+n) || strings.Contains(got, "&amp"+n) {
			t.Errorf("a space inside an entity: %q", got)
		}
	}
}

// A soft hyphen stays in the page (the browser honours it) but does not
// get in the way of sorting and search.
func TestSoftHyphenFolded(t *testing.T) {
	if got := site.Fold("Ar\u00admure"); got != "armure" {
		t.Errorf("fold = %q, want armure", got)
	}
}
