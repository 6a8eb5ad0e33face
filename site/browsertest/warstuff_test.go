package browsertest

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/games/warstuff"
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/site"
)

// The Warstuff site (issue 19) checked by the outside validators
// Warbound's site passes: axe-core on the pages that hold every markup
// feature (axePages; every page under WBTOOL_LONG=1) and the Nu Html
// Checker on every page.

// publishedWarstuff builds the Warstuff starter's site as published: with
// its address, so that canonical and hreflang links are absolute.
func publishedWarstuff(t *testing.T) site.Files {
	t.Helper()
	_, files := warstuffAt(t, "https://warstuff.example/")
	return files
}

// warstuffAt loads the Warstuff starter and builds its site published at
// base ("": no address), once per test binary.
func warstuffAt(t testing.TB, base string) (*wscatalog.Catalog, site.Files) {
	t.Helper()
	return buildOnce(t, "warstuff "+base, func() (*wscatalog.Catalog, site.Files, error) {
		cat, err := wsschema.Load(wsstarter.FS, wsschema.Options{Root: "content"})
		if err != nil {
			return nil, nil, fmt.Errorf("load the Warstuff starter: %w", err)
		}
		files, err := (&warstuff.Content{Catalog: cat}).Site(ruleset.SiteOptions{BaseURL: base})
		if err != nil {
			return nil, nil, fmt.Errorf("build its site: %w", err)
		}
		return cat, site.Files(files), nil
	})
}

// TestWarstuffSiteStandards runs axe-core on the axePages of the published
// Warstuff site on a desktop (both languages: rules chapters, profiles,
// glossary, bands, band builder, the 404 page), and on a sample at 360 px;
// then vnu on every page: zero violations, zero errors. Every page links
// its icon, which the server answers (no console problem).
func TestWarstuffSiteStandards(t *testing.T) {
	t.Parallel()
	files := publishedWarstuff(t)
	pages := htmlPaths(files)
	// the published pages' head: absolute canonical and hreflang links
	// (as the sitemap has them), a description, the icon
	for _, p := range pages {
		if p == "index.html" || strings.HasSuffix(p, "404.html") {
			continue // the root page and the 404 pages have none
		}
		lang, rest, _ := strings.Cut(p, "/")
		other := map[string]string{"en": "fr", "fr": "en"}[lang]
		addr := "https://warstuff.example/" + lang + "/" + strings.TrimSuffix(rest, "index.html")
		head := string(files[p])
		for _, want := range []string{
			`<link rel="canonical" href="` + addr + `">`,
			`<link rel="alternate" hreflang="` + lang + `" href="` + addr + `">`,
			`<link rel="alternate" hreflang="` + other + `" href="https://warstuff.example/` + other + `/` + strings.TrimSuffix(rest, "index.html") + `">`,
			`<link rel="alternate" hreflang="x-default" href="https://warstuff.example/">`,
			`<meta name="description" content="`,
			`<link rel="icon" href="`,
			`<meta property="og:url" content="` + addr + `">`,
			`<meta property="og:title" content="`,
		} {
			if !strings.Contains(head, want) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
		if strings.Contains(p, "/profiles/") && !strings.HasSuffix(p, "index.html") {
			if strings.Contains(head, `content="Warstuff, `) {
				t.Errorf("%s has the site's description, not its profile's", p)
			}
			if img := strings.TrimSuffix(addr, ".html") + ".svg"; !strings.Contains(head, `<meta property="og:image" content="`+img+`">`) {
				t.Errorf("%s lacks its card as og:image %s", p, img)
			}
		}
	}
	// each tab hears its own pages' console problems (the favicon
	// request among them)
	b := newBrowser(t)
	base := serveSite(t, withAxeBlank(maps.Clone(files)))
	tally := newAxeTally(t, b, base)
	report := func(what string, checks []axeCheck) {
		tally.add(what, checks)
		for _, c := range checks {
			for _, s := range c.issues {
				// the 404 page's links (its icon too) start at the site's
				// address, which is not this test's server
				if !(strings.HasSuffix(c.page, "404.html") && strings.Contains(s, "(https://warstuff.example/")) {
					t.Errorf("%s%s reported a problem: %s", c.page, what, s)
				}
			}
		}
	}
	var desktop []string
	for _, p := range pages {
		if !strings.HasSuffix(p, "404.html") {
			desktop = append(desktop, p)
		}
	}
	report("", axeEach(t, b, base, axePages(files, desktop), false, true))
	phone := []string{"en/index.html", "fr/profiles/index.html", "fr/glossary.html", "en/bands.html"}
	for _, p := range pages {
		if strings.Contains(p, "/profiles/") && !strings.HasSuffix(p, "index.html") {
			phone = append(phone, p) // the first profile page
			break
		}
	}
	report(" at 360 px", axeEach(t, b, base, phone, true, true))
	// last, so that their late requests (their icon at the site's
	// address, not this server) cannot be taken for another page's
	report(" at 360 px", axeEach(t, b, base, []string{"en/404.html", "fr/404.html", "404.html"}, true, true))
	t.Logf("axe-core on %d Warstuff pages of %d on a desktop, %d at 360 px (404.html among them): %s", len(axePages(files, desktop)), len(desktop), len(phone)+3, tally)
	if n := vnuCheck(t, files, pages); n != len(pages) || !slices.Contains(pages, "en/profiles/index.html") {
		t.Errorf("vnu read %d pages of %d", n, len(pages))
	}
	t.Logf("vnu on %d Warstuff pages", len(pages))
}

// warstuffQueries are typed queries of the profile search (the shared
// search.js reading Warstuff's index) and the profiles each must find,
// in id order.
var warstuffQueries = []struct {
	lang, q string
	want    []string
}{
	{"en", "k:deadly", []string{"brute", "giga-zol", "gunner"}},
	{"en", "q<=3 o>=10", []string{"captain", "giga-zol", "sniper", "storm-seer"}},
	{"en", "t:creature k:fast", []string{"xenomorph"}},
	{"en", "r>=27", []string{"gunner", "sniper", "trooper"}},
	{"en", `n:"STORM"`, []string{"storm-seer"}},
	{"en", "k:psyker or k:medic", []string{"medic", "storm-seer", "warp-adept"}},
	{"en", "t:profile -k:agile q=3", []string{"captain", "sniper"}},
	{"fr", "k:mortelle t:profil", []string{"brute", "gunner"}},
	{"fr", "n:chien", []string{"hound"}},
}

// TestWarstuffSearch types each query in the Warstuff profile list, on a
// desktop and on a phone, and compares the profiles shown; a query the
// syntax refuses says why with the known values, and the list stays.
func TestWarstuffSearch(t *testing.T) {
	t.Parallel()
	_, files := warstuffSite(t)
	b := newBrowser(t)
	base := serveSite(t, files)
	for _, vp := range viewports {
		b.do(t, "viewport "+vp.name, chromedp.EmulateViewport(vp.w, vp.h))
		lang := ""
		for _, tc := range warstuffQueries {
			// One page load per language: the list's twenty card images
			// are most of a load's CPU, and a query typed in the box is
			// filtered by the same code as one in the address (which
			// the error and the sort below open).
			if tc.lang != lang {
				lang = tc.lang
				b.do(t, "open "+tc.lang, chromedp.Navigate(base+"/"+tc.lang+"/profiles/index.html"), chromedp.WaitVisible(chromedp.ID("q")))
			}
			typeQuery(t, b, tc.q, false)
			b.waitFor(t, `document.getElementById('q').value === `+jsString(tc.q))
			got := eval[[]string](t, b, visibleItems+`.map(li => li.getAttribute('data-id')).sort()`)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s %s %q shows %v, want %v", vp.name, tc.lang, tc.q, got, tc.want)
			}
			if msg := eval[string](t, b, `document.getElementById('q-error').hidden ? '' : document.getElementById('q-error').textContent`); msg != "" {
				t.Errorf("%s %q: error %q", vp.name, tc.q, msg)
			}
		}
		b.do(t, "open an error", chromedp.Navigate(base+"/en/profiles/index.html?q="+urlQuery("k:nothing")), chromedp.WaitVisible(chromedp.ID("q")))
		b.waitFor(t, `!document.getElementById('q-error').hidden`)
		if msg := eval[string](t, b, `document.getElementById('q-error').textContent`); !strings.Contains(msg, "Known: agile") {
			t.Errorf("%s: k:nothing says %q", vp.name, msg)
		}
		if n := eval[int](t, b, visibleItems+`.length`); n != 20 {
			t.Errorf("%s: %d profiles listed with an error, want all 20", vp.name, n)
		}
		// sorted by quality: the best (lowest) first
		b.do(t, "sort", chromedp.Navigate(base+"/en/profiles/index.html?sort=quality"), chromedp.WaitVisible(chromedp.ID("q")))
		if first := eval[string](t, b, visibleItems+`[0].getAttribute('data-id')`); first != "giga-zol" {
			t.Errorf("%s: sorted by quality, %s first, want giga-zol (2+)", vp.name, first)
		}
	}
	b.noIssues(t)
}

// TestWarstuffFromFile opens the Warstuff site from disk (file://), as
// Warbound's: the root page leads to French, the home search box to the
// profile list with the query applied (its index loaded by <script src>),
// a profile opens with its card, its special rule links to the glossary
// entry, and the language switch keeps the page. Then, at 360 px, no
// page of each kind scrolls sideways.
func TestWarstuffFromFile(t *testing.T) {
	t.Parallel()
	_, files := warstuffSite(t)
	b := newBrowser(t)
	root := onDisk(t, files)
	b.do(t, "open index.html", chromedp.Navigate(root+"/index.html"), chromedp.WaitVisible(chromedp.CSS(".langs a")))
	b.do(t, "choose French", chromedp.Click(chromedp.CSS(`.langs li[lang="fr"] a`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/index.html')`) // the French page, loaded: not the old one's nodes
	b.do(t, "search from home", chromedp.SendKeys(chromedp.ID("home-q"), "k:mortelle"), chromedp.Submit(chromedp.ID("home-q")))
	b.waitLoaded(t, `location.pathname.endsWith('/fr/profiles/index.html') && document.getElementById('q').value === 'k:mortelle'`)
	b.waitFor(t, visibleItems+`.length === 3`)
	if n := eval[int](t, b, `(window.WB_SEARCH_INDEX || []).length`); n != 20 {
		t.Errorf("search index from file:// has %d profiles, want 20", n)
	}
	b.do(t, "open the gunner", chromedp.Click(chromedp.CSS(`#card-list li[data-id="gunner"] a`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/profiles/gunner.html')`)
	b.waitFor(t, `document.querySelector('.card-images img').complete && document.querySelector('.card-images img').naturalWidth > 0`)
	b.do(t, "follow a rule", chromedp.Click(chromedp.CSS(`.stats-lines a.gloss[href$="#term-deadly"]`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/glossary.html#term-deadly') && document.getElementById('term-deadly') !== null`)
	clickLangSwitch(t, b)
	b.waitLoaded(t, `location.href.endsWith('/en/glossary.html#term-deadly')`)
	b.do(t, "phone", chromedp.EmulateViewport(360, 740))
	for _, p := range []string{"en/index.html", "fr/rules/building.html", "fr/profiles/index.html", "fr/profiles/storm-seer.html", "fr/glossary.html", "fr/bands.html", "fr/bandbuilder.html"} {
		b.do(t, "open "+p, chromedp.Navigate(root+"/"+p), chromedp.WaitVisible(chromedp.CSS("footer")))
		if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > 360 {
			t.Errorf("%s is %dpx wide at 360 px", p, w)
		}
	}
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the pages reported problems from file://: %q", issues)
	}
}
