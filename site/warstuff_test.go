package site_test

import (
	"strings"
	"testing"
	"wbtool.dev/wbtool/site/sitecheck"

	"wbtool.dev/wbtool/games/warstuff"
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/site"
)

// TestWarstuffSiteInFrame: the Warstuff starter's site, drawn in the
// shared frame, passes the checks every Warbound site of these tests
// passes: every internal link and #anchor resolves (rules chapters,
// profiles, glossary terms, the band builder's links), nothing runs that
// came from content; and it has the frame's parts — the shared
// stylesheet and search script, the root and 404 pages, robots.txt and,
// with an address, the sitemap.
func TestWarstuffSiteInFrame(t *testing.T) {
	cat, err := wsschema.Load(wsstarter.FS, wsschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{"", "https://warstuff.example/"} {
		out, err := (&warstuff.Content{Catalog: cat}).Site(ruleset.SiteOptions{BaseURL: base})
		if err != nil {
			t.Fatal(err)
		}
		files := site.Files(out)
		if n := sitecheck.CheckLinks(t, files); n < 1000 {
			t.Errorf("only %d links checked", n)
		}
		if n := sitecheck.CheckXSS(t, files); n < 90 {
			t.Errorf("only %d pages scanned", n)
		}
		for _, p := range []string{"index.html", "404.html", "en/404.html", "fr/404.html", "robots.txt", "assets/style.css", "assets/search.js",
			"assets/site.js", "assets/favicon.svg", "en/search-index.js", "fr/search-index.json", "en/rules/building.html"} {
			if _, ok := files[p]; !ok {
				t.Errorf("no %s", p)
			}
		}
		if _, ok := files["sitemap.xml"]; ok != (base != "") {
			t.Errorf("with address %q: sitemap %v", base, ok)
		}
		// glossary-term links and rule links in the chapters
		page := string(files["en/rules/building.html"])
		for _, want := range []string{`<a class="gloss" href="../glossary.html#term-deadly">Deadly</a>`, `<a class="rule-ref" href="playing.html#WS-QUAL-1">WS-QUAL-1</a>`} {
			if !strings.Contains(page, want) {
				t.Errorf("en/rules/building.html lacks %s", want)
			}
		}
	}
}
