package unbound

import (
	"encoding/json"
	"strings"
	"testing"

	"wbtool.dev/wbtool/changes"
	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/site/sitecheck"
)

func starterContent(t *testing.T) *Content {
	t.Helper()
	c, err := Ruleset{}.Load(ubstarter.FS, ruleset.LoadOptions{Root: "games/unbound/starter"})
	if err != nil {
		t.Fatalf("load the starter: %v", err)
	}
	return c.(*Content)
}

// TestSiteInTheFrame: the site is drawn in the kit's frame (its
// stylesheet, CSP, icon, language switch, root and 404 pages, sitemap
// with an address), every link and #anchor resolves, no page runs a
// script the site does not ship, the rules pages anchor their rule
// numbers and link the glossary, and the search index holds the orders,
// units, special rules, terms and numbered rules.
func TestSiteInTheFrame(t *testing.T) {
	c := starterContent(t)
	files, err := c.Site(ruleset.SiteOptions{BaseURL: "https://unbound.example/"})
	if err != nil {
		t.Fatalf("site: %v", err)
	}
	fs := site.Files(files)
	for _, p := range []string{"index.html", "404.html", "sitemap.xml", "robots.txt", "assets/style.css", "assets/unbound.css", "assets/favicon.svg", "assets/search.js",
		"en/index.html", "fr/orders.html", "en/glossary.html", "fr/armies.html", "en/scope.html", "fr/rules/orders.html", "en/search-index.js", "fr/404.html"} {
		if fs[p] == nil {
			t.Errorf("the site has no %s", p)
		}
	}
	for _, p := range fs.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		page := string(fs[p])
		for _, want := range []string{`http-equiv="Content-Security-Policy"`, `<link rel="icon" href="`, `assets/style.css`} {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
		if p != "index.html" && !strings.Contains(page, `id="lang-switch"`) {
			t.Errorf("%s has no language switch", p)
		}
	}
	for _, want := range []string{`<loc>https://unbound.example/fr/orders.html</loc>`, `hreflang="en" href="https://unbound.example/en/rules/orders.html"`} {
		if !strings.Contains(string(fs["sitemap.xml"]), want) {
			t.Errorf("sitemap.xml lacks %s", want)
		}
	}
	rules := string(fs["en/rules/orders.html"])
	for _, want := range []string{`<a class="rule-id" id="U-REACT-12" href="#U-REACT-12">`, `<a class="rule-ref" href="turn.html#U-REACT-3">`, `href="../glossary.html#term-glossary-planned-order"`} {
		if !strings.Contains(rules, want) {
			t.Errorf("en/rules/orders.html lacks %s", want)
		}
	}
	// the build copies the print kit into the site, which the home page
	// links
	fs["print/cards-en.pdf"], fs["print/cards-fr.pdf"] = []byte("%PDF"), []byte("%PDF")
	if n := sitecheck.CheckLinks(t, fs); n < 500 {
		t.Errorf("only %d links checked", n)
	}
	sitecheck.CheckXSS(t, fs)
	var idx site.IndexData
	if err := json.Unmarshal(fs["fr/search-index.json"], &idx); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, e := range idx.Cards {
		kinds[e.Kind]++
	}
	if kinds["order"] != len(c.Catalog.Orders) || kinds["unit"] != len(c.Catalog.Units) || kinds["term"] != len(c.Catalog.Glossary) || kinds["rule"] < len(c.Catalog.SpecialRules)+30 {
		t.Errorf("the search index holds %v", kinds)
	}
}

// TestSiteRulesProblems: a rule number no rules page anchors and an
// unknown [[id]] are errors at their line, as the other games' sites
// report them; validate reads the same (CheckOnly).
func TestSiteRulesProblems(t *testing.T) {
	for _, tt := range []struct{ add, want string }{
		{"\nSee U-ORDER-99.\n", "rules/en/2-orders.md:58:5: rule U-ORDER-99: no rules page of this language gives it an anchor"},
		{"\nSee [[no-such-order]].\n", `rules/en/2-orders.md:58:5: unknown order or unit "no-such-order"`},
		{"\nSee [the forces](../nowhere.html).\n", "rules/en/2-orders.md:58:5: link to ../nowhere.html: the site has no such page"},
	} {
		c := starterContent(t)
		cat := *c.Catalog
		cat.Pages = append(cat.Pages[:0:0], cat.Pages...)
		found := false
		for i := range cat.Pages {
			if cat.Pages[i].Lang == "en" && strings.HasSuffix(cat.Pages[i].Pos.File, "2-orders.md") {
				cat.Pages[i].Body += tt.add
				found = true
			}
		}
		if !found {
			t.Fatal("no English orders page")
		}
		c.Catalog = &cat
		for _, check := range []bool{false, true} {
			_, err := c.Site(ruleset.SiteOptions{CheckOnly: check})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%q (check only %v): got %v, want %s", tt.add, check, err, tt.want)
			}
		}
	}
}

// TestSiteErrataInTheFrame: with --since, the errata page is a page of
// the frame in each language (its navigation, language switch and the
// changes in players' words) and the home page links it.
func TestSiteErrataInTheFrame(t *testing.T) {
	c := starterContent(t)
	c.since0 = "v1"
	c.errata = &changes.Report{Changes: []changes.Entity{{Collection: "units", Noun: "Unit", ID: "warden-line", Change: changes.Changed,
		Name:   &lang.Text{EN: "Warden Line", FR: "Ligne de gardiens"},
		Fields: []changes.Field{{Path: "name", Lang: lang.French, Old: "Gardiens", New: "Ligne de gardiens"}}}}}
	files, err := c.Site(ruleset.SiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string][]string{
		"fr/errata.html": {`id="lang-switch"`, `<nav class="nav"`, "Ligne de gardiens", "Gardiens → Ligne de gardiens", "depuis la version v1"},
		"en/errata.html": {`id="lang-switch"`, "Warden Line", "since the version v1"},
		"en/index.html":  {`href="errata.html"`},
	} {
		page := strings.ReplaceAll(string(files[p]), "\u00a0", " ")
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %q", p, w)
			}
		}
	}
	if strings.Contains(string(files["en/errata.html"]), "Gardiens →") {
		t.Error("the English errata page shows a French change")
	}
}
