package warstuff

import (
	"context"
	"os"
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// The starter declares German in draft: a draft build publishes it beside
// English and French (cards, sheets, site pages with a three-language
// switch, the catalog's texts, English where not translated yet); any
// other build publishes English and French only, as if no draft were
// declared.
func TestDraftLanguagePublished(t *testing.T) {
	for _, draft := range []bool{false, true} {
		rc, err := Ruleset{}.Load(os.DirFS("starter"), ruleset.LoadOptions{Root: "starter", Draft: draft})
		if err != nil {
			t.Fatal(err)
		}
		c := rc.(*Content)
		scout := c.Catalog.Profile("scout")
		if got := len(c.langs()); got != map[bool]int{false: 2, true: 3}[draft] {
			t.Fatalf("draft %v: %d languages published", draft, got)
		}
		if draft != (scout.Name.In("de") == "Späher") {
			t.Errorf("draft %v: the scout's German name is %q", draft, scout.Name.In("de"))
		}
		set, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "a4"})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := set.Files["cards-de.pdf"]; ok != draft {
			t.Errorf("draft %v: German card sheet written %v (%v)", draft, ok, set.Paths)
		}
		files, err := c.Site(ruleset.SiteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		page := string(files["de/profiles/scout.html"])
		if (page != "") != draft {
			t.Fatalf("draft %v: German page written %v", draft, page != "")
		}
		en := string(files["en/profiles/scout.html"])
		if strings.Contains(en, `hreflang="de"`) != draft {
			t.Errorf("draft %v: the English page's switch lists German %v", draft, !draft)
		}
		if !draft {
			continue
		}
		for _, want := range []string{`<html lang="de">`, "Späher", `href="../../en/profiles/scout.html" hreflang="en" lang="en" title="English"`,
			`<a class="lang-switch" href="../../fr/profiles/scout.html" hreflang="fr" lang="fr"><span class="lang-code">fr</span> Français</a>`} {
			if !strings.Contains(page, want) {
				t.Errorf("the German page lacks %q", want)
			}
		}
		if mil := c.Catalog.Profile("brute"); mil.Name.In("de") != "Schläger" || c.Catalog.Profile("captain").Name.In("de") != "Captain" {
			t.Errorf("German names: %q %q", mil.Name.In("de"), c.Catalog.Profile("captain").Name.In("de"))
		}
	}
	if (lang.Text{EN: "x"}).Show("de") != "x" {
		t.Fatal("Show")
	}
}
