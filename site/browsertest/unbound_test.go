package browsertest

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/games/unbound"
	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/site"
)

// The 40k Unbound site (issue 30), drawn in the shared frame, checked as
// Warbound's and Warstuff's are: axe-core and the Nu Html Checker on every
// page, every link a browser follows over HTTP and from disk, its search,
// Lighthouse on its home and order database (validators_test.go), and
// screenshots on a desktop and a phone.

// unboundAt builds the 40k Unbound starter's site published at base
// ("": no address), once per test binary.
func unboundAt(t testing.TB, base string) site.Files {
	t.Helper()
	return rulesetSite(t, base, "the 40k Unbound starter", unbound.Ruleset{}, ubstarter.FS, "games/unbound/starter", func(fs site.Files) {
		// the build copies the print kit into the site; the home page links it
		fs["print/cards-en.pdf"], fs["print/cards-fr.pdf"] = []byte("%PDF-1.4\n"), []byte("%PDF-1.4\n")
	})
}

// unboundLighthousePages are the 40k Unbound pages Lighthouse reads: the
// root, a home page and the order database.
var unboundLighthousePages = []string{"", "en/index.html", "fr/orders.html"}

// TestUnboundSiteStandards runs axe-core on the axePages of the published
// site on a desktop, on a sample at 360 px and on the 404 pages, then
// vnu on every page: zero violations, zero errors; the published pages'
// head has absolute canonical and hreflang links.
func TestUnboundSiteStandards(t *testing.T) {
	t.Parallel()
	files := unboundAt(t, "https://unbound.example/")
	pages := htmlPaths(files)
	for _, p := range pages {
		if p == "index.html" || strings.HasSuffix(p, "404.html") {
			continue
		}
		l, rest, _ := strings.Cut(p, "/")
		rest = strings.TrimSuffix(rest, "index.html") // a folder's address
		other := map[string]string{"en": "fr", "fr": "en"}[l]
		for _, want := range []string{
			`<link rel="canonical" href="https://unbound.example/` + l + "/" + rest + `">`,
			`<link rel="alternate" hreflang="` + other + `" href="https://unbound.example/` + other + "/" + rest + `">`,
			`<link rel="alternate" hreflang="x-default" href="https://unbound.example/">`,
		} {
			if !strings.Contains(string(files[p]), want) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
	}
	b := newBrowser(t)
	base := serveSite(t, files)
	tally := newAxeTally(t, b, base)
	var desktop []string
	for _, p := range pages {
		if !strings.HasSuffix(p, "404.html") {
			desktop = append(desktop, p)
		}
	}
	read := axePages(files, desktop)
	tally.check("", read)
	phone := []string{"en/index.html", "fr/orders.html", "en/rules/orders.html", "fr/glossary.html", "en/armies.html", "fr/scope.html", "en/404.html", "fr/404.html", "404.html"}
	tally.check(" at 360 px", phone)
	t.Logf("axe-core on %d 40k Unbound pages of %d on a desktop, %d at 360 px: %s", len(read), len(desktop), len(phone), tally)
	if got := vnuCheck(t, files, pages); got != len(pages) {
		t.Errorf("vnu read %d pages of %d", got, len(pages))
	}
	t.Logf("vnu on %d 40k Unbound pages", len(pages))
}

// ids finds the id attributes of a page.
var ids = regexp.MustCompile(`\sid="([^"]+)"`)

// TestUnboundLinks opens every page of the site over HTTP and from disk
// (file://) and follows, as the browser resolves them, all its links
// (document.links) and the files it loads (scripts, stylesheets, icon):
// each must name a file of the site, and a #fragment an id of that page.
// The 404 pages, whose links start at the host's root, are read over
// HTTP only.
func TestUnboundLinks(t *testing.T) {
	t.Parallel()
	files := unboundAt(t, "")
	anchors := map[string]map[string]bool{}
	for _, p := range htmlPaths(files) {
		anchors[p] = map[string]bool{}
		for _, m := range ids.FindAllStringSubmatch(string(files[p]), -1) {
			anchors[p][m[1]] = true
		}
	}
	b := newBrowser(t)
	const collect = `[...document.links].map(a => a.href).concat([...document.querySelectorAll('script[src], link[href]')].map(e => e.src || e.href))`
	for _, root := range []string{serveSite(t, files), onDisk(t, files)} {
		fromDisk := strings.HasPrefix(root, "file:")
		n := 0
		for _, p := range htmlPaths(files) {
			if fromDisk && strings.HasSuffix(p, "404.html") {
				continue
			}
			b.do(t, "open "+p, chromedp.Navigate(root+"/"+p), chromedp.WaitReady("body"))
			for _, href := range eval[[]string](t, b, collect) {
				u, err := url.Parse(href)
				if err != nil || !strings.HasPrefix(href, root+"/") {
					t.Errorf("%s (%s): link %s leaves the site", p, root[:4], href)
					continue
				}
				target := strings.TrimPrefix(u.Path, strings.TrimPrefix(root, "file://"))
				target = strings.TrimPrefix(target, "/")
				if target == "" || strings.HasSuffix(target, "/") {
					target += "index.html"
				}
				if files[target] == nil {
					t.Errorf("%s (%s): link %s: the site has no %s", p, root[:4], href, target)
					continue
				}
				if u.Fragment != "" && !anchors[target][u.Fragment] {
					t.Errorf("%s (%s): link %s: %s has no id %q", p, root[:4], href, target, u.Fragment)
				}
				n++
			}
		}
		t.Logf("%s: %d links and loads followed", root[:4], n)
		if n < 500 {
			t.Errorf("%s: only %d links followed", root[:4], n)
		}
	}
	b.noIssues(t)
}

// unboundQueries are typed queries of the order database's search and
// the entries each must find, in id order.
var unboundQueries = []struct {
	lang, q string
	want    []string
}{
	{"en", "t:order k:immediate", []string{"counter-charge", "covering-fire", "go-to-ground", "interception", "overwatch-fire", "return-fire"}},
	{"en", "t:order -u:artillery", []string{"full-throttle", "run"}},
	{"en", "t:unit u:vehicle", []string{"unit-pyre-engine", "unit-warden-carrier"}},
	{"en", "n:U-REACT-1", []string{"rule-U-REACT-1", "rule-U-REACT-10", "rule-U-REACT-11", "rule-U-REACT-12"}},
	{"fr", "t:unite u:motos", []string{"unit-outriders"}},
	{"fr", "t:ordre k:immediat h>=1", []string{"covering-fire", "overwatch-fire"}},
}

// TestUnboundSearch types each query in the order database on a desktop
// and on a phone, and compares the entries shown; an unknown value says
// which are known, and the list stays whole.
func TestUnboundSearch(t *testing.T) {
	t.Parallel()
	files := unboundAt(t, "")
	b := newBrowser(t)
	base := serveSite(t, files)
	for _, vp := range viewports {
		b.do(t, "viewport "+vp.name, chromedp.EmulateViewport(vp.w, vp.h))
		for _, tc := range unboundQueries {
			b.do(t, "open "+tc.q, chromedp.Navigate(base+"/"+tc.lang+"/orders.html?q="+urlQuery(tc.q)), chromedp.WaitVisible(chromedp.ID("q")))
			got := eval[[]string](t, b, visibleItems+`.map(li => li.getAttribute('data-id')).sort()`)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s %s %q shows %v, want %v", vp.name, tc.lang, tc.q, got, tc.want)
			}
		}
		b.do(t, "open an error", chromedp.Navigate(base+"/en/orders.html?q="+urlQuery("t:nothing")), chromedp.WaitVisible(chromedp.ID("q")))
		b.waitFor(t, `!document.getElementById('q-error').hidden`)
		if msg := eval[string](t, b, `document.getElementById('q-error').textContent`); !strings.Contains(msg, "Known: order") {
			t.Errorf("%s: t:nothing says %q", vp.name, msg)
		}
		if all, shown := eval[int](t, b, `document.querySelectorAll('#card-list li[data-id]').length`), eval[int](t, b, visibleItems+`.length`); shown != min(all, 60) {
			t.Errorf("%s: %d entries shown with an error, want %d", vp.name, shown, min(all, 60))
		}
	}
	b.noIssues(t)
}

// TestUnboundFromFile opens the site from disk as a reader would: the
// root page leads to French, the home search box to the order database
// with the query applied (its index loaded by <script src>), a rules
// page's glossary link to its term, the language switch keeps the page.
// Then screenshots of each kind of page on a desktop and at 360 px, where
// no page scrolls sideways.
func TestUnboundFromFile(t *testing.T) {
	t.Parallel()
	files := unboundAt(t, "")
	b := newBrowser(t)
	root := onDisk(t, files)
	b.do(t, "open index.html", chromedp.Navigate(root+"/index.html"), chromedp.WaitVisible(chromedp.CSS(".langs a")))
	b.do(t, "choose French", chromedp.Click(chromedp.CSS(`.langs li[lang="fr"] a`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/index.html')`) // the French page, loaded: not the old one's nodes
	b.do(t, "search from home", chromedp.SendKeys(chromedp.ID("home-q"), "k:immediat"), chromedp.Submit(chromedp.ID("home-q")))
	b.waitLoaded(t, `location.pathname.endsWith('/fr/orders.html') && document.getElementById('q').value === 'k:immediat'`)
	b.waitFor(t, visibleItems+`.length === 6`)
	b.do(t, "open the rules", chromedp.Navigate(root+"/fr/rules/orders.html"), chromedp.WaitVisible(chromedp.CSS("footer")))
	b.do(t, "follow a term", chromedp.Click(chromedp.CSS(`article a.gloss[href$="#term-glossary-planned-order"]`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/glossary.html#term-glossary-planned-order')`)
	clickLangSwitch(t, b)
	b.waitLoaded(t, `location.href.endsWith('/en/glossary.html#term-glossary-planned-order')`)
	shots := []string{"en/index.html", "fr/orders.html", "en/rules/orders.html", "fr/glossary.html", "en/armies.html", "fr/scope.html"}
	for _, vp := range viewports {
		b.do(t, vp.name, chromedp.EmulateViewport(vp.w, vp.h))
		for _, p := range shots {
			b.do(t, "open "+p, chromedp.Navigate(root+"/"+p), chromedp.WaitVisible(chromedp.CSS("footer")))
			if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > int(vp.w) {
				t.Errorf("%s is %dpx wide at %d px", p, w, vp.w)
			}
			b.screenshot(t, "unbound-"+vp.name+"-"+strings.NewReplacer("/", "-", ".html", "").Replace(p)+".png")
		}
	}
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the pages reported problems from file://: %q", issues)
	}
}
