package browsertest

import (
	"bytes"
	"html"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/games/convicted"
	cvstarter "wbtool.dev/wbtool/games/convicted/starter"
	"wbtool.dev/wbtool/site"
)

// The Convicted's site (issue 31) checked as Warstuff's is: axe-core on
// its axePages, vnu on every page, every link and image of every page
// found (over HTTP and from file://), Lighthouse on the home page, the
// card database and the rules-coverage page, and screenshots on a desktop
// and a phone.

// convictedAt loads The Convicted's starter and builds its site
// published at base ("": no address), once per test binary.
func convictedAt(t *testing.T, base string) site.Files {
	t.Helper()
	skipShort(t)
	return rulesetSite(t, base, "The Convicted's starter", convicted.Ruleset{}, cvstarter.FS, ".", nil)
}

// convictedPages are a page of each kind, both languages.
var convictedPages = []string{"en/index.html", "fr/cards/index.html", "en/cards/hero-oracle.html", "fr/cards/spell-thunderbolt.html",
	"en/cards/foe-wolf.html", "fr/coverage.html", "en/campaign.html", "fr/reference.html"}

// linkRE finds the addresses a page links or loads.
var linkRE = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// idRE finds the ids of a page's elements.
var idRE = regexp.MustCompile(`\sid="([^"]*)"`)

// brokenLinks are the links and images of the site's pages that lead to
// no file (or to no element of a file, #id), as "page: href".
func brokenLinks(files site.Files) []string {
	ids := map[string][]string{}
	var bad []string
	for _, p := range htmlPaths(files) {
		for _, m := range linkRE.FindAllSubmatch(files[p], -1) {
			href := html.UnescapeString(string(m[1]))
			if strings.Contains(href, "://") || strings.HasPrefix(href, "data:") {
				continue // the published addresses (canonical, hreflang): TestConvictedSiteStandards
			}
			target, frag, _ := strings.Cut(href, "#")
			target, _, _ = strings.Cut(target, "?")
			file := p
			if target != "" {
				file = path.Join(path.Dir(p), target)
				if strings.HasSuffix(target, "/") {
					file += "/index.html"
				}
			}
			if strings.HasSuffix(p, "404.html") && strings.HasPrefix(href, "/") {
				file = strings.TrimPrefix(href, "/") // served at any depth: links from the root
			}
			if _, ok := files[file]; !ok {
				bad = append(bad, p+": "+href)
				continue
			}
			if frag == "" {
				continue
			}
			if _, ok := ids[file]; !ok {
				for _, m := range idRE.FindAllSubmatch(files[file], -1) {
					ids[file] = append(ids[file], string(m[1]))
				}
			}
			if !slices.Contains(ids[file], frag) {
				bad = append(bad, p+": "+href+" (no such element)")
			}
		}
	}
	return bad
}

// TestConvictedLinks: every link and image of every page of the site
// leads to a file of the site, its #fragment to an element there; a
// broken link must be found.
func TestConvictedLinks(t *testing.T) {
	t.Parallel()
	files := convictedAt(t, "")
	if bad := brokenLinks(files); len(bad) > 0 {
		t.Errorf("%d broken links: %q", len(bad), bad[:min(20, len(bad))])
	}
	files["en/index.html"] = bytes.Replace(files["en/index.html"], []byte(`href="coverage.html"`), []byte(`href="coverage2.html"`), 1)
	files["fr/cards/index.html"] = bytes.Replace(files["fr/cards/index.html"], []byte(`href="#search-help"`), []byte(`href="#nowhere"`), 1)
	if bad := brokenLinks(files); len(bad) != 2 {
		t.Errorf("two links broken on purpose, %d found: %q", len(bad), bad)
	}
}

// TestConvictedSiteStandards runs axe-core on the axePages of the
// published site (both languages: home, card database, the cards, the
// rules coverage, the campaign tracker, the reference, the 404 pages) on
// a desktop and a page of each kind at 360 px, then vnu on every page:
// zero violations, zero errors. Each page's head has its canonical and
// hreflang links, a description, the icon and the Content-Security-
// Policy, and the sitemap lists every page with its alternate.
func TestConvictedSiteStandards(t *testing.T) {
	t.Parallel()
	const addr = "https://convicted.example/"
	files := convictedAt(t, addr)
	pages := htmlPaths(files)
	for _, p := range pages {
		head := string(files[p])
		for _, want := range []string{`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`, `<link rel="icon" href="`, `<meta name="description" content="`} {
			if !strings.Contains(head, want) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
		if p == "index.html" || strings.HasSuffix(p, "404.html") {
			continue
		}
		l, rest, _ := strings.Cut(p, "/")
		rest = strings.TrimSuffix(rest, "index.html") // a folder's address
		other := map[string]string{"en": "fr", "fr": "en"}[l]
		for _, want := range []string{
			`<link rel="canonical" href="` + addr + l + "/" + rest + `">`,
			`<link rel="alternate" hreflang="` + other + `" href="` + addr + other + "/" + rest + `">`,
		} {
			if !strings.Contains(head, want) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
		if !strings.Contains(string(files["sitemap.xml"]), "<loc>"+addr+l+"/"+rest+"</loc>") {
			t.Errorf("sitemap.xml lacks %s", p)
		}
	}
	b := newBrowser(t)
	base := serveSite(t, files)
	tally := newAxeTally(t, b, base)
	tally.most = 3
	var desktop []string
	for _, p := range pages {
		if !strings.HasSuffix(p, "404.html") {
			desktop = append(desktop, p)
		}
	}
	read := axePages(files, desktop)
	tally.check("", read)
	tally.check(" at 360 px", append(slices.Clone(convictedPages), "en/404.html", "404.html"))
	t.Logf("axe-core on %d Convicted pages of %d on a desktop, %d at 360 px: %s", len(read), len(desktop), len(convictedPages)+2, tally)
	if n := vnuCheck(t, files, pages); n != len(pages) {
		t.Errorf("vnu read %d pages of %d", n, len(pages))
	}
	t.Logf("vnu on %d Convicted pages", len(pages))
}

// TestConvictedInTheBrowser opens the site over HTTP and from disk
// (file://): the root page leads to French, the home search box to the
// card database with the query applied (its index loaded by <script
// src>), a card opens with its face, the language switch keeps the card;
// on every page of each kind every image is drawn and no page scrolls
// sideways at 360 px; typed queries find their cards. Screenshots on a
// desktop and a phone (WBTOOL_SCREENSHOTS=dir keeps them).
func TestConvictedInTheBrowser(t *testing.T) {
	t.Parallel()
	files := convictedAt(t, "")
	b := newBrowser(t)
	for _, root := range []string{serveSite(t, files), onDisk(t, files)} {
		b.do(t, "desktop", chromedp.EmulateViewport(1280, 900))
		b.do(t, "open index.html", chromedp.Navigate(root+"/index.html"), chromedp.WaitVisible(chromedp.CSS(".langs a")))
		b.do(t, "choose French", chromedp.Click(chromedp.CSS(`.langs li[lang="fr"] a`)))
		b.waitLoaded(t, `location.href.endsWith('/fr/index.html')`) // the French page, loaded: not the old one's nodes
		b.do(t, "search from home", chromedp.SendKeys(chromedp.ID("home-q"), "t:sort lv>=3"), chromedp.Submit(chromedp.ID("home-q")))
		b.waitLoaded(t, `location.pathname.endsWith('/fr/cards/index.html') && document.getElementById('q').value === 't:sort lv>=3'`)
		b.waitFor(t, visibleItems+`.length === 2`)
		got := eval[[]string](t, b, visibleItems+`.map(li => li.getAttribute('data-id')).sort()`)
		if want := []string{"spell-rain-of-fire", "spell-thunderbolt"}; !slices.Equal(got, want) {
			t.Errorf("%s: t:sort lv>=3 shows %v, want %v", root, got, want)
		}
		for q, want := range map[string]int{"t:foe": 9, "t:defender rfs>=1": 3, "t:hero": 4, "oracle": 1} {
			b.do(t, "query "+q, chromedp.Navigate(root+"/en/cards/index.html?q="+urlQuery(q)), chromedp.WaitVisible(chromedp.ID("q")))
			b.waitFor(t, `document.getElementById('count').textContent !== ''`)
			if n := eval[int](t, b, visibleItems+`.length`); n != want {
				t.Errorf("%s: %q shows %d cards, want %d", root, q, n, want)
			}
		}
		b.do(t, "open the thunderbolt", chromedp.Navigate(root+"/fr/cards/spell-thunderbolt.html"), chromedp.WaitVisible(chromedp.CSS(".card-images img")))
		b.waitFor(t, `document.querySelector('.card-images img').complete && document.querySelector('.card-images img').naturalWidth > 0`)
		if strings.HasPrefix(root, "http") {
			b.screenshot(t, "convicted-card-desktop.png")
		}
		clickLangSwitch(t, b)
		b.waitLoaded(t, `location.href.endsWith('/en/cards/spell-thunderbolt.html')`)
		b.do(t, "phone", chromedp.EmulateViewport(360, 740))
		for _, p := range convictedPages {
			b.do(t, "open "+p, chromedp.Navigate(root+"/"+p), chromedp.WaitVisible(chromedp.CSS("footer")))
			b.waitFor(t, `Array.from(document.images).every(i => i.loading === 'lazy' || (i.complete && i.naturalWidth > 0))`)
			if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > 360 {
				t.Errorf("%s%s is %dpx wide at 360 px", root, p, w)
			}
			if strings.HasPrefix(root, "http") && (p == "en/index.html" || p == "fr/coverage.html" || p == "fr/cards/index.html") {
				b.screenshot(t, "convicted-"+strings.NewReplacer("/", "-", ".html", "").Replace(p)+"-phone.png")
			}
		}
		if issues := b.takeIssues(); len(issues) > 0 {
			t.Errorf("the pages reported problems from %s: %q", root, issues)
		}
	}
}

// convictedLighthousePages are the pages TestLighthouse reads: the root,
// the home page, the card database and the rules-coverage page.
var convictedLighthousePages = []string{"", "en/index.html", "fr/cards/index.html", "en/coverage.html", "fr/coverage.html"}
