package convicted

import (
	"strings"
	"testing"

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
