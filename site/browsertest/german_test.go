package browsertest

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warstuff"
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/site"
)

// A language in draft (issue 33): the Warstuff starter's German pages of
// a --draft build, checked by axe-core as the English and French ones.

// TestWarstuffGermanDraftAxe runs axe-core on the German axePages of the
// Warstuff starter's --draft site (rules chapters, profiles, bands,
// glossary, band builder, 404), and on three of them at 360 px: zero
// violations. The pages are German pages (lang="de"), and each English
// page's switch offers German.
func TestWarstuffGermanDraftAxe(t *testing.T) {
	t.Parallel()
	c, err := warstuff.Ruleset{}.Load(wsstarter.FS, ruleset.LoadOptions{Root: "content", Draft: true})
	if err != nil {
		t.Fatalf("load the Warstuff starter in draft: %v", err)
	}
	out, err := c.Site(ruleset.SiteOptions{BaseURL: "https://warstuff.example/"})
	if err != nil {
		t.Fatalf("build its site: %v", err)
	}
	files := site.Files(out)
	var pages []string
	for _, p := range htmlPaths(files) {
		if strings.HasPrefix(p, "de/") {
			pages = append(pages, p)
		}
	}
	if len(pages) < 10 {
		t.Fatalf("%d German pages in the draft site, want the whole site in German: %v", len(pages), pages)
	}
	for _, p := range pages {
		if !strings.Contains(string(files[p]), `<html lang="de"`) {
			t.Errorf("%s is not marked as German (<html lang=\"de\">)", p)
		}
		if en := "en/" + strings.TrimPrefix(p, "de/"); files[en] != nil && !strings.Contains(string(files[en]), `hreflang="de" lang="de"`) {
			t.Errorf("%s's language switch does not offer German", en)
		}
	}
	tally := newAxeTally(t, newBrowser(t), serveSite(t, files))
	read := axePages(files, pages)
	tally.check("", read)
	var phone []string
	for _, p := range []string{"de/index.html", "de/profiles/scout.html", "de/glossary.html"} {
		if files[p] == nil {
			t.Errorf("no page %s in the German draft site", p)
			continue
		}
		phone = append(phone, p)
	}
	tally.check(" at 360 px", phone)
	t.Logf("axe-core on %d German draft pages of %d (+%d at 360 px): %s", len(read), len(pages), len(phone), tally)
}
