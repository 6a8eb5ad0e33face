package convicted

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestSitePages: every page of the site is drawn in the frame (a head
// with the Content-Security-Policy, the stylesheets, the language
// switch), each language has the same pages, and the campaign tracker
// shows what a save sheet holds — the defenders' engines mounted on a
// section among it (C-SAVE-2).
func TestSitePages(t *testing.T) {
	c := loadStarter(t)
	sv := &c.Catalog.Saves[0]
	n := sv.Sections["n"]
	n.Engines = map[string]int{"ballista": 2}
	sv.Sections["n"] = n
	files, err := c.Site(ruleset.SiteOptions{BaseURL: "https://convicted.example/"})
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]int{}
	for p, b := range files {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		for _, want := range []string{"<head>", `<meta http-equiv="Content-Security-Policy"`, `href="` /* a stylesheet */, `class="lang-switch"`} {
			if p != "index.html" && !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
		if l, rest, ok := strings.Cut(p, "/"); ok && (l == "en" || l == "fr") {
			pages[rest]++
		}
	}
	for p, k := range pages {
		if k != 2 {
			t.Errorf("%s is in %d languages, want 2", p, k)
		}
	}
	for _, want := range []string{"en/cards/index.html", "en/cards/spell-thunderbolt.html", "fr/coverage.html", "en/campaign.html", "fr/reference.html", "sitemap.xml", "en/search-index.js", "assets/convicted.css", "assets/favicon.svg"} {
		if files[want] == nil {
			t.Errorf("the site has no %s", want)
		}
	}
	for p, want := range map[string]string{"en/campaign.html": "2 Ballista", "fr/campaign.html": "2 Baliste"} {
		if !strings.Contains(string(files[p]), want) {
			t.Errorf("%s does not show the mounted engines (%q)", p, want)
		}
	}
}

// TestCoverageSourceInPageLanguage: the rules-coverage page's "where the
// seed has it" column is in the page's language (a rule's source is one
// text for every language, "p. 9", or {en, fr}): no English words nor
// straight quotes on the French page, the English text on the English
// page, as check --coverage prints it.
func TestCoverageSourceInPageLanguage(t *testing.T) {
	c := loadStarter(t)
	files, err := c.Site(ruleset.SiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cell := regexp.MustCompile(`<tr id="(C-[A-Z]+-\d+)"[^>]*>(?:<t[hd][^>]*>.*?</t[hd]>){2}<td>([^<]*)</td>`)
	english := regexp.MustCompile(`\b(pp|and|or|no|the|contents|named|chapter|probably|general|rules|step|stage|example|lost|Siege|Enemies|Components|Training|Research)\b|&#34;|"`)
	for _, l := range lang.Langs {
		rows := cell.FindAllStringSubmatch(string(files[string(l)+"/coverage.html"]), -1)
		if len(rows) != len(c.Catalog.Rules) {
			t.Fatalf("%s/coverage.html: %d rows of sources, want %d", l, len(rows), len(c.Catalog.Rules))
		}
		for _, r := range rows {
			src := html.UnescapeString(r[2])
			if l == lang.French {
				if w := english.FindString(r[2]); w != "" {
					t.Errorf("fr/coverage.html: %s's source %q holds %q", r[1], src, w)
				}
			} else if want := c.Catalog.Rule(r[1]).Source; src != want {
				t.Errorf("en/coverage.html: %s's source %q, want %q", r[1], src, want)
			}
		}
	}
}
