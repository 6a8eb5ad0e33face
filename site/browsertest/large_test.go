package browsertest

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"wbtool.dev/wbtool/games/warbound/wbsite"

	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/site"
)

// benchQueries are typed in the card list by BenchmarkSearchInBrowser,
// one keystroke at a time, in each language: a name, a word of the rules
// text, typed fields.
var benchQueries = map[string][]string{
	"en": {"scout 12", "sharp", "t:character h>=3"},
	"fr": {"eclaireur 12", "precis", "t:personnage h>=3"},
}

var (
	genOnce  sync.Once
	genFiles site.Files
	genErr   error
)

// generatedSite builds the site of a generated tree of 1,000 cards (800
// Characters, 200 Upgrades), once per test binary.
func generatedSite(tb testing.TB) site.Files {
	tb.Helper()
	genOnce.Do(func() {
		fsys := fstest.MapFS{}
		for p, data := range wbgen.Tree(wbgen.Options{Characters: 800, Upgrades: 200}) {
			fsys[p] = &fstest.MapFile{Data: data}
		}
		cat, err := wbschema.Load(fsys, wbschema.Options{Root: "content"})
		if err != nil {
			genErr = err
			return
		}
		genFiles, genErr = wbsite.Build(cat, wbsite.Options{})
	})
	if genErr != nil {
		tb.Fatalf("generated site: %v", genErr)
	}
	return genFiles
}

// typeQueries types each query in the search box of the open card list,
// one character at a time after clearing the box (the clearing is a
// keystroke too), and returns the milliseconds from each keystroke to the
// frame after the one that shows its results: the input event, the
// search, the list's update, style, layout and paint. Measured in the
// page with performance.now(), without the DevTools round trips.
const typeQueries = `(async (queries) => {
  const q = document.getElementById('q');
  const painted = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  let total = 0, n = 0, worst = 0;
  for (const query of queries) {
    for (let k = 0; k <= query.length; k++) {
      const t0 = performance.now();
      q.value = query.slice(0, k);
      q.dispatchEvent(new Event('input', {bubbles: true}));
      await painted();
      const dt = performance.now() - t0;
      total += dt; n++; worst = Math.max(worst, dt);
    }
  }
  return [total, n, worst];
})(%s)`

// BenchmarkSearchInBrowser types queries in the card list in Chromium,
// over the starter content (51 cards, the reference) and a generated
// tree of 1,000 cards, in both languages, and reports milliseconds per
// keystroke (typing to results shown), the worst keystroke, and the size
// of the search index. WBTOOL_SEARCH_JS names another search.js to
// measure instead of the site's (the version before a change, so that
// before and after are measured on the same machine one after the other):
//
//	git show REV:site/assets/search.js > /tmp/before.js
//	WBTOOL_SEARCH_JS=/tmp/before.js go test ./site/browsertest -run XXX -bench SearchInBrowser -benchtime 3x
func BenchmarkSearchInBrowser(b *testing.B) {
	br := newBrowser(b)
	var script []byte
	if p := os.Getenv("WBTOOL_SEARCH_JS"); p != "" {
		var err error
		if script, err = os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
	}
	sites := []struct {
		name  string
		files func(testing.TB) site.Files
	}{
		{"starter", func(tb testing.TB) site.Files { _, f := starterSite(tb); return f }},
		{"cards=1000", generatedSite},
	}
	for _, s := range sites {
		for _, lang := range []string{"en", "fr"} {
			b.Run(s.name+"/"+lang, func(b *testing.B) {
				files := s.files(b)
				if script != nil {
					files = maps.Clone(files)
					files["assets/search.js"] = script
				}
				base := serveSite(b, files)
				idx := files[lang+"/search-index.js"]
				br.do(b, "open the card list", chromedp.Navigate(base+"/"+lang+"/cards/index.html"), chromedp.WaitVisible(chromedp.ID("q")))
				load := eval[float64](b, br, `performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`)
				qs, _ := json.Marshal(benchQueries[lang])
				expr := bytes.ReplaceAll([]byte(typeQueries), []byte("%s"), qs)
				var total, worst float64
				keys := 0
				for b.Loop() {
					// The search before a change can take seconds a keystroke.
					ctx, cancel := context.WithTimeout(br.ctx, 10*time.Minute)
					r, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](string(expr), chromedp.EvalAwaitPromise))
					cancel()
					if err != nil {
						b.Fatalf("type the queries: %v", err)
					}
					total += r[0]
					keys += int(r[1])
					worst = max(worst, r[2])
				}
				b.ReportMetric(total/float64(keys), "ms/keystroke")
				b.ReportMetric(worst, "worst-ms")
				b.ReportMetric(load, "ready-ms")
				b.ReportMetric(float64(len(idx))/1024, "index-KB")
				b.ReportMetric(float64(gzipSize(idx))/1024, "index-gzip-KB")
				br.noIssues(b)
			})
		}
	}
}

func gzipSize(data []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return buf.Len()
}

// TestSearchThousandCards searches the generated 1,000-card site on a
// desktop and a 360 px phone: the list shows a page of tiles with a
// "show more" button that brings the next page and moves the focus to
// it, the count gives every match, and the screenshots of the results
// are taken to look at.
func TestSearchThousandCards(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	files := generatedSite(t)
	base := serveSite(t, files)
	total := strings.Count(string(files["en/cards/index.html"]), "<li data-id=")
	if total < 1000 {
		t.Fatalf("the generated card list has %d cards", total)
	}
	for _, vp := range viewports {
		b.do(t, "viewport "+vp.name, chromedp.EmulateViewport(vp.w, vp.h))
		b.do(t, "open the list", chromedp.Navigate(base+"/en/cards/index.html"), chromedp.WaitVisible(chromedp.ID("q")))
		if n := eval[int](t, b, visibleItems+`.length`); n != 60 {
			t.Errorf("%s: %d tiles in the page before any search, want the first 60", vp.name, n)
		}
		b.do(t, "type", chromedp.SendKeys(chromedp.ID("q"), `"scout 1"`))
		b.waitFor(t, `document.getElementById('count').textContent.startsWith('111 / `+fmt.Sprint(total)+`')`)
		ids := eval[[]string](t, b, visibleItems+`.map(li => li.getAttribute('data-id'))`)
		if len(ids) != 60 || ids[0] != "gen-char-0001" {
			t.Errorf("%s: \"scout 1\" shows %d tiles from %v, want 60 from gen-char-0001", vp.name, len(ids), ids[:min(3, len(ids))])
		}
		if m := eval[[]string](t, b, visibleItems+`.slice(0, 3).map(li => li.querySelector('.name mark').textContent)`); !slices.Equal(m, []string{"Scout 1", "Scout 1", "Scout 1"}) {
			t.Errorf("%s: highlighted %q", vp.name, m)
		}
		b.screenshot(t, "search-1000-"+vp.name+".png")
		if label := eval[string](t, b, `document.querySelector('#card-list button.more').textContent`); label != "Show 51 more (51 left)" {
			t.Errorf("%s: the button says %q", vp.name, label)
		}
		b.do(t, "scroll to the button", chromedp.ScrollIntoView(chromedp.CSS("#card-list button.more")))
		b.screenshot(t, "search-1000-more-"+vp.name+".png")
		b.do(t, "show more", chromedp.Click(chromedp.CSS("#card-list button.more")))
		b.waitFor(t, visibleItems+`.length === 111`)
		focused := eval[string](t, b, `(document.activeElement.closest('li') || {id: ''}).getAttribute ? document.activeElement.closest('li').getAttribute('data-id') : ''`)
		if want := eval[string](t, b, visibleItems+`[60].getAttribute('data-id')`); focused != want {
			t.Errorf("%s: the focus is on %q after show more, want the first new tile %s", vp.name, focused, want)
		}
		if eval[bool](t, b, `!document.querySelector('#card-list button.more').hidden`) {
			t.Errorf("%s: the button still shows with every match in the page", vp.name)
		}
		if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > int(vp.w) {
			t.Errorf("%s: the page is %dpx wide", vp.name, w)
		}
	}
	b.noIssues(t)
}
