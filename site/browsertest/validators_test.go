package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"wbtool.dev/wbtool/games/warbound/wbsite"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/site/serve"
)

// The outside validators of issue 17 item 5: axe-core (accessibility) in
// Chromium, the Nu Html Checker (vnu), Lighthouse and the sitemaps.org
// schema, all from the npm registry. .ci/run installs them under
// /opt/wbtool-tools (npm install axe-core vnu-jar lighthouse sitemap);
// WBTOOL_TOOLS names another folder. Missing, the tests skip
// with a clear message, or fail under WBTOOL_REQUIRE_TOOLS=1.

// toolFile returns the path of file rel under the tools folder, or skips.
func toolFile(t *testing.T, rel string) string {
	t.Helper()
	skipShort(t)
	dir := os.Getenv("WBTOOL_TOOLS")
	if dir == "" {
		dir = "/opt/wbtool-tools"
	}
	p := filepath.Join(dir, rel)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	msg := fmt.Sprintf("%s not found; install it with: npm install --prefix %s axe-core@4 vnu-jar@26 lighthouse@12 sitemap@8 (or set WBTOOL_TOOLS)", p, dir)
	if os.Getenv("WBTOOL_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s (WBTOOL_REQUIRE_TOOLS=1)", msg)
	}
	t.Skip(msg)
	return ""
}

// publishedSite builds the starter site as it is published: with its
// address, so that the sitemap, canonical and Open Graph links are
// absolute.
func publishedSite(t *testing.T) site.Files {
	t.Helper()
	skipShort(t) // every caller drives Chromium or a validator: build nothing in -short
	_, files := warboundAt(t, "https://warbound.example/")
	return files
}

func htmlPaths(files site.Files) []string {
	var out []string
	for _, p := range files.Paths() {
		if strings.HasSuffix(p, ".html") {
			out = append(out, p)
		}
	}
	return out
}

type axeResult struct {
	ID    string `json:"id"`
	Help  string `json:"help"`
	Nodes []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// String says what a violation is, with its first node's markup.
func (v axeResult) String() string {
	ex := ""
	if len(v.Nodes) > 0 {
		ex = v.Nodes[0].HTML
	}
	return fmt.Sprintf("%s (%s), %d nodes, e.g. %.200s", v.ID, v.Help, len(v.Nodes), ex)
}

// axeViolations is the script that runs axe-core on the page as it stands.
const axeViolations = `axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(r.violations))`

// axeEval runs axe-core on the document open in ctx.
func axeEval(ctx context.Context) ([]axeResult, error) {
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](axeViolations, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("axe: %w", err)
	}
	var vs []axeResult
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		return nil, fmt.Errorf("axe said %q: %w", out, err)
	}
	return vs, nil
}

// axeHere runs axe-core on the page open in b as it stands (after a
// script has changed it), for b set up to inject axe-core.
func axeHere(t *testing.T, b *browser) []axeResult {
	t.Helper()
	vs, err := axeEval(b.ctx)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// axeTabs is how many tabs of one Chromium run axe-core at once: the
// pages load, lay out and run axe's rules in parallel.
const axeTabs = 3

// axePage runs axe-core on one page in a tab and returns its violations.
func axePage(ctx context.Context, url string) ([]axeResult, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	return axeEval(ctx)
}

// axeTab opens a tab of b in which every page gets axe-core (the pages'
// CSP bypassed, so that the injected script runs).
func axeTab(t *testing.T, b *browser, axe []byte, opts ...chromedp.ContextOption) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, opts...)
	t.Cleanup(cancel)
	if _, err := chromedp.Call(ctx, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true}); err != nil {
		t.Fatalf("bypass CSP: %v", err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: string(axe)}); err != nil {
		t.Fatalf("add axe: %v", err)
	}
	return ctx
}

// TestAxeSite runs axe-core on the published site (both languages: the
// pages that hold every markup feature of its cards, decks, factions,
// scenarios and rules pages, axePages; every page under WBTOOL_LONG=1),
// in axeTabs tabs of one Chromium, on a desktop, and on a sample at
// 360 px: zero violations.
func TestAxeSite(t *testing.T) {
	t.Parallel()
	axeSource(t) // skip before building anything
	b := newBrowser(t)
	files := publishedSite(t)
	all := htmlPaths(files)
	pages := axePages(files, all)
	// A page with an image without text, read among the others in the
	// same tabs: axe must find it there, or the tabs do not run it.
	const canary = "axe-canary.html"
	files[canary] = []byte(`<!doctype html><html lang="en"><head><title>canary</title></head><body><main><img src="x.png"></main></body></html>`)
	base := serveSite(t, files)
	tally := newAxeTally(t, b, base)
	tally.most = 3
	var canaryV []axeResult
	var checks []axeCheck
	for _, c := range axeEach(t, b, base, slices.Insert(slices.Clone(pages), len(pages)/2, canary), false, false) {
		if c.page == canary {
			canaryV = c.vs
			continue
		}
		checks = append(checks, c)
	}
	tally.add("", checks)
	if !slices.ContainsFunc(canaryV, func(v axeResult) bool { return v.ID == "image-alt" }) {
		t.Errorf("axe-core did not find the image without text of the canary page: %v", canaryV)
	}
	tally.check(" at 360 px", []string{"en/index.html", "fr/cards/index.html", "fr/cards/copp/index.html", "en/rules/shooting/index.html", "fr/glossary/index.html", "en/checks/index.html"})
	t.Logf("axe-core on %d pages of %d (+6 at 360 px), %d tabs: %s", len(pages), len(all), axeTabs, tally)
}

// axeCheck is what axe-core found on one page (axeEach).
type axeCheck struct {
	page   string
	vs     []axeResult
	issues []string // the page's console problems (axeEach with issues)
	err    error
}

// axeTally runs axe-core on pages of the site served at base in b,
// reports each violation and counts them by rule.
type axeTally struct {
	t      *testing.T
	b      *browser
	base   string
	most   int // with most > 0, a rule's violations are reported on its first most pages only
	byRule map[string]int
	bad    int // pages with a violation
}

func newAxeTally(t *testing.T, b *browser, base string) *axeTally {
	return &axeTally{t: t, b: b, base: base, byRule: map[string]int{}}
}

// check runs axe-core on pages (what says how they are shown: " at
// 360 px" is on a phone).
func (a *axeTally) check(what string, pages []string) {
	a.add(what, axeEach(a.t, a.b, a.base, pages, what != "", false))
}

// add reports and counts what axe-core found on some pages.
func (a *axeTally) add(what string, checks []axeCheck) {
	a.t.Helper()
	for _, c := range checks {
		if c.err != nil {
			a.t.Errorf("%s%s: %v", c.page, what, c.err)
			continue
		}
		if len(c.vs) > 0 {
			a.bad++
		}
		for _, v := range c.vs {
			a.byRule[v.ID] += len(v.Nodes)
			if a.most == 0 || a.byRule[v.ID] <= a.most*len(v.Nodes) {
				a.t.Errorf("%s%s: %v", c.page, what, v)
			}
		}
	}
}

// String says how many pages had violations, and which rules.
func (a *axeTally) String() string {
	rules := make([]string, 0, len(a.byRule))
	for r, n := range a.byRule {
		rules = append(rules, fmt.Sprintf("%s ×%d", r, n))
	}
	sort.Strings(rules)
	return fmt.Sprintf("%d pages with violations %v", a.bad, rules)
}

// axeEach runs axe-core on pages of the site served at base, in axeTabs
// tabs of b at once, and returns what it found on each page, in the order
// of pages. Each tab has axe-core in every page (the pages' CSP bypassed)
// and hears its own pages' console problems: with issues, it shows an
// empty page of the site (axeBlank, which the site served at base must
// have: withAxeBlank) after each page, so that the page's late requests
// are reported as its own. (about:blank did that at twice the cost: a
// page of another site, so a new renderer process for it and another for
// the next page.) With phone, the tabs are 360 px wide.
func axeEach(t *testing.T, b *browser, base string, pages []string, phone, issues bool) []axeCheck {
	t.Helper()
	axe := axeSource(t)
	if issues {
		// not in the empty page: the tests that do not read the problems
		// would not pay for it
		axe = slices.Concat([]byte("if (location.pathname !== '/"+axeBlank+"') {\n"), axe, []byte("\n}\n"))
	}
	out := make([]axeCheck, len(pages))
	todo := make(chan int)
	var wg sync.WaitGroup
	for range min(axeTabs, len(pages)) {
		tab := &browser{}
		ctx := axeTab(t, b, axe, chromedp.WithListener(tab.listen))
		if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
			t.Fatalf("log.enable: %v", err)
		}
		if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
			t.Fatalf("runtime.enable: %v", err)
		}
		if phone {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740)); err != nil {
				t.Fatal(err)
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range todo {
				c := &out[i]
				c.page = pages[i]
				c.vs, c.err = axePage(ctx, base+"/"+pages[i])
				if c.err == nil && issues {
					c.err = chromedp.Do(ctx, chromedp.Navigate(base+"/"+axeBlank))
				}
				c.issues = tab.takeIssues()
			}
		}()
	}
	for i := range pages {
		todo <- i
	}
	close(todo)
	wg.Wait()
	return out
}

// axeBlank is the empty page axeEach shows between the pages it reads
// when it reports their console problems: it requests nothing (its icon
// is in it).
const axeBlank = "axe-blank.html"

// withAxeBlank adds axeBlank to the files of a site.
func withAxeBlank(files site.Files) site.Files {
	files[axeBlank] = []byte(`<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><title>blank</title></head><body></body></html>`)
	return files
}

// axeSource is axe-core's script (or the test skips without it).
func axeSource(t *testing.T) []byte {
	t.Helper()
	axe, err := os.ReadFile(toolFile(t, "node_modules/axe-core/axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	return axe
}

// axeBrowser is a browser that puts axe-core in every page it opens.
func axeBrowser(t *testing.T) *browser {
	axe := axeSource(t)
	b := newBrowser(t)
	b.ctx = axeTab(t, b, axe)
	return b
}

// axeRun opens page p of the site served at base in b (axeBrowser) and
// returns axe-core's violations there.
func axeRun(t *testing.T, b *browser, base, p string) []axeResult {
	t.Helper()
	vs, err := axePage(b.ctx, base+"/"+p)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return vs
}

// TestNuHTMLChecker runs the Nu Html Checker (vnu.jar, with the
// machine's Java) on every page: zero errors.
func TestNuHTMLChecker(t *testing.T) {
	t.Parallel()
	files := publishedSite(t)
	n := vnuCheck(t, files, htmlPaths(files))
	t.Logf("vnu: %d pages, 0 errors expected", n)
}

// vnuJava are the Java options of a vnu run: Java's first compiler only
// (a run of a few hundred pages is over before the second one's work pays:
// 5.4 → 2.4 s of CPU for Warbound's 310 pages), with the larger stack
// that compiler's code needs for vnu's schema (vnu wants 512k at least),
// and no performance-data file (Java left /tmp/hsperfdata_USER behind).
var vnuJava = []string{"-XX:TieredStopAtLevel=1", "-Xss8m", "-XX:-UsePerfData"}

// vnuCheck runs the Nu Html Checker on the given pages of files: an
// error of the test for each error it finds. It returns the number of
// pages read.
func vnuCheck(t *testing.T, files site.Files, pages []string) int {
	t.Helper()
	jar := toolFile(t, "node_modules/vnu-jar/build/dist/vnu.jar")
	java, err := exec.LookPath("java")
	if err != nil {
		if os.Getenv("WBTOOL_REQUIRE_TOOLS") == "1" {
			t.Fatal("java is required for vnu.jar (WBTOOL_REQUIRE_TOOLS=1)")
		}
		t.Skip("java not installed: apt-get install default-jre-headless")
	}
	dir := t.TempDir()
	var args []string
	for _, p := range pages {
		fp := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(fp), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fp, files[p], 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, fp)
	}
	out, err := exec.Command(java, append(append(vnuJava, "-jar", jar, "--errors-only", "--format", "gnu"), args...)...).CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		t.Errorf("vnu found %d errors (%v); first ones:\n%s", len(lines), err, strings.Join(lines[:min(20, len(lines))], "\n"))
	}
	return len(args)
}

// lighthousePages are the pages Lighthouse reads: one per kind of page
// (the root at its address "/", a home, the card database, a card, a
// rules page, the glossary, a deck, the search help), both languages.
var lighthousePages = []string{"", "en/index.html", "fr/cards/index.html", "en/cards/copp/index.html",
	"fr/rules/shooting/index.html", "en/glossary/index.html", "fr/decks/clans-host/index.html", "en/search/index.html"}

// TestLighthouse runs Lighthouse (npm lighthouse@12, which runs on Node
// 18.16 and later; 13 wants Node 22) on pages of the published sites
// (Warbound's and Warstuff's) served over HTTP at the addresses they are
// built for, and a few of Warbound's built without --base-url: its
// accessibility and SEO categories score 0.95 or more on each, robots.txt
// audit included (Lighthouse fetches it from inside the page, which the
// pages' policy allows: connect-src 'self'; Lighthouse issue 4386). One Node process
// and one Chromium audit every page (testdata/lighthouse.mjs), each page
// in a new tab as the lighthouse command would: a Node, Lighthouse and
// Chromium started for each page took most of the time.
func TestLighthouse(t *testing.T) {
	t.Parallel()
	toolFile(t, "node_modules/lighthouse/cli/index.js") // skip before building anything
	var urls, names []string
	serveAt := func(files func(base string) site.Files, pages []string) {
		h := &serve.Handler{}
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		fs := files(srv.URL + "/")
		h.Set(fs)
		for _, p := range pages {
			if _, ok := fs[p]; p != "" && !ok {
				t.Fatalf("the site has no %s", p)
			}
			urls = append(urls, srv.URL+"/"+p)
			names = append(names, "/"+p)
		}
	}
	cat, _ := starterSite(t)
	serveAt(func(base string) site.Files {
		files, err := wbsite.Build(cat, wbsite.Options{BaseURL: base})
		if err != nil {
			t.Fatalf("build: %v", err)
		}
		return files
	}, lighthousePages)
	serveAt(func(base string) site.Files {
		_, ws := warstuffAt(t, base)
		return ws
	}, warstuffLighthousePages)
	for i := len(lighthousePages); i < len(names); i++ {
		names[i] = "Warstuff " + names[i]
	}
	convicted := len(names)
	serveAt(func(base string) site.Files { return convictedAt(t, base) }, convictedLighthousePages)
	for i := convicted; i < len(names); i++ {
		names[i] = "The Convicted " + names[i]
	}
	ub := len(names)
	serveAt(func(base string) site.Files { return unboundAt(t, base) }, unboundLighthousePages)
	for i := ub; i < len(names); i++ {
		names[i] = "40k Unbound " + names[i]
	}
	// Without --base-url: no canonical, no hreflang, no sitemap.
	unpublished := len(names)
	serveAt(func(string) site.Files {
		_, files := starterSite(t)
		return files
	}, []string{"", "fr/cards/copp/index.html", "en/rules/shooting/index.html"})
	for i := unpublished; i < len(names); i++ {
		names[i] = "without --base-url " + names[i]
	}
	reports, said := runLighthouse(t, lighthouseJobs, nil, urls)
	for i, r := range reports {
		judgeLighthouse(t, names[i], r)
	}
	t.Logf("lighthouse.mjs:\n%s", said)
}

// lighthouseJobs is how many Lighthouse runners TestLighthouse starts at
// once, each with its own Chromium and a share of the pages: most of a
// page's time is Lighthouse waiting for the page to be quiet (a second
// after load, a second without network, a second without CPU work).
const lighthouseJobs = 3

// runLighthouse runs testdata/lighthouse.mjs (flags first, as
// --perf=mobile) on urls, in jobs Node processes at once, each with its
// own Chromium and a run of consecutive urls, and returns a report per
// url in order and what the runners said on stderr.
func runLighthouse(t *testing.T, jobs int, flags, urls []string) ([]lighthouseReport, string) {
	t.Helper()
	cli := toolFile(t, "node_modules/lighthouse/cli/index.js")
	node := testtool.Require(t, "node")
	chromium := testtool.Require(t, "chromium")
	runner, err := filepath.Abs(filepath.Join("testdata", "lighthouse.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	modules := filepath.Dir(filepath.Dir(filepath.Dir(cli))) // WBTOOL_TOOLS/node_modules
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	jobs = max(1, min(jobs, len(urls)))
	type result struct {
		reports []lighthouseReport
		stderr  bytes.Buffer
		err     error
	}
	results := make([]result, jobs)
	var wg sync.WaitGroup
	for j := range jobs {
		part := urls[j*len(urls)/jobs : (j+1)*len(urls)/jobs]
		profile := t.TempDir()
		args := append([]string{runner, modules, chromium, profile}, flags...)
		cmd := exec.CommandContext(ctx, node, append(args, part...)...)
		// chrome-launcher ends Chromium with SIGKILL, which leaves its
		// singleton socket folder (org.chromium.Chromium.*) in the
		// temporary folder: 4 per run piled up in /tmp. Inside the
		// profile, the test's cleanup removes it.
		cmd.Env = append(os.Environ(), "TMPDIR="+profile)
		r := &results[j]
		cmd.Stderr = &r.stderr
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := cmd.Output()
			if err == nil {
				err = json.Unmarshal(out, &r.reports)
			}
			if err == nil && len(r.reports) != len(part) {
				err = fmt.Errorf("%d reports for %d pages", len(r.reports), len(part))
			}
			r.err = err
		}()
	}
	wg.Wait()
	var reports []lighthouseReport
	var said strings.Builder
	for _, r := range results {
		if r.err != nil {
			t.Fatalf("lighthouse: %v\n%s", r.err, r.stderr.String())
		}
		reports = append(reports, r.reports...)
		said.Write(r.stderr.Bytes())
	}
	return reports, said.String()
}

// lighthouseReport is what TestLighthouse reads of a Lighthouse report.
type lighthouseReport struct {
	Version    string `json:"lighthouseVersion"`
	Categories map[string]struct {
		Score float64 `json:"score"`
		Refs  []struct {
			ID     string  `json:"id"`
			Weight float64 `json:"weight"`
		} `json:"auditRefs"`
	} `json:"categories"`
	Audits map[string]struct {
		Title        string   `json:"title"`
		Score        *float64 `json:"score"`
		Explanation  string   `json:"explanation"`
		NumericValue float64  `json:"numericValue"`
	} `json:"audits"`
}

// judgeLighthouse fails the test when page's accessibility or SEO score
// is under 0.95, naming the audits that failed.
func judgeLighthouse(t *testing.T, page string, r lighthouseReport) {
	t.Helper()
	var scores []string
	for _, name := range []string{"accessibility", "seo"} {
		c, ok := r.Categories[name]
		if !ok {
			t.Errorf("lighthouse %s: no %s category", page, name)
			continue
		}
		scores = append(scores, fmt.Sprintf("%s %.2f", name, c.Score))
		if c.Score >= 0.95 {
			continue
		}
		var failed []string
		for _, ref := range c.Refs {
			if a := r.Audits[ref.ID]; ref.Weight > 0 && a.Score != nil && *a.Score < 1 {
				failed = append(failed, fmt.Sprintf("%s (%s) %s", ref.ID, a.Title, a.Explanation))
			}
		}
		t.Errorf("%s: Lighthouse %s %.2f, want at least 0.95; failed audits: %q", page, name, c.Score, failed)
	}
	t.Logf("Lighthouse %s %s: %s", r.Version, page, strings.Join(scores, ", "))
}

// warstuffLighthousePages are the Warstuff pages Lighthouse reads, one
// per kind of page.
var warstuffLighthousePages = []string{"", "en/index.html", "fr/profiles/index.html", "en/profiles/storm-seer.html",
	"fr/rules/building.html", "en/glossary.html", "fr/bands.html", "en/bandbuilder.html"}

// TestSitemapSchema validates the sitemap of the published site with
// xmllint against the official sitemaps.org schema (sitemap.xsd of 2008,
// as the npm package sitemap ships it), the language alternates'
// xhtml:link declared by testdata/xhtml-link.xsd. A sitemap with a
// <url> without its <loc> must fail the same check.
func TestSitemapSchema(t *testing.T) {
	t.Parallel()
	official := toolFile(t, "node_modules/sitemap/schema/sitemap.xsd")
	xmllint := testtool.Require(t, "xmllint")
	link, err := filepath.Abs(filepath.Join("testdata", "xhtml-link.xsd"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	schema := filepath.Join(dir, "schema.xsd")
	both := `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
<xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="` + (&url.URL{Scheme: "file", Path: official}).String() + `"/>
<xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="` + (&url.URL{Scheme: "file", Path: link}).String() + `"/>
</xsd:schema>
`
	if err := os.WriteFile(schema, []byte(both), 0o644); err != nil {
		t.Fatal(err)
	}
	validate := func(name string, data []byte) error {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", schema, p).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%v: %s", err, out)
		}
		return nil
	}
	files := publishedSite(t)
	sm, ok := files["sitemap.xml"]
	if !ok {
		t.Fatal("the published site has no sitemap.xml")
	}
	if err := validate("sitemap.xml", sm); err != nil {
		t.Errorf("sitemap.xml does not validate against the sitemaps.org schema: %v", err)
	}
	if err := validate("warstuff.xml", publishedWarstuff(t)["sitemap.xml"]); err != nil {
		t.Errorf("Warstuff's sitemap.xml does not validate against the sitemaps.org schema: %v", err)
	}
	if err := validate("unbound.xml", unboundAt(t, "https://unbound.example/")["sitemap.xml"]); err != nil {
		t.Errorf("40k Unbound's sitemap.xml does not validate against the sitemaps.org schema: %v", err)
	}
	if err := validate("convicted.xml", convictedAt(t, "https://convicted.example/")["sitemap.xml"]); err != nil {
		t.Errorf("The Convicted's sitemap.xml does not validate against the sitemaps.org schema: %v", err)
	}
	// The schema wants a <loc> in every <url> (it cannot tell a
	// relative address from an absolute one: TestSitemap does).
	bad := regexp.MustCompile(`<loc>[^<]*</loc>`).ReplaceAll(sm, nil)
	if bytes.Equal(bad, sm) {
		t.Fatal("the sitemap has no <loc> to break")
	}
	if err := validate("noloc.xml", bad); err == nil {
		t.Error("a sitemap without <loc> validates: the check cannot fail")
	}
}
