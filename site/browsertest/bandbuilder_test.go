package browsertest

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff"
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/site"
)

// Warstuff's band builder (issue 19 item 3) in Chromium: bands built by
// clicking get the verdict of `wbtool validate` on the band the page
// exports; axe-core finds nothing to report.

// bandBuilderReady is true once the band checker is ready; while it is
// not, it touches the builder as a player's first tap would, which starts
// the checker (see builderReady).
const bandBuilderReady = `window.WB_BAND_BUILDER && (window.WB_BAND_BUILDER.ready ? !window.WB_BAND_BUILDER.checking : (document.getElementById('bb').dispatchEvent(new Event('pointerdown', {bubbles: true})), false))`

// warstuffSite loads the Warstuff starter and builds its site.
func warstuffSite(t *testing.T) (*wscatalog.Catalog, site.Files) {
	t.Helper()
	skipShort(t) // every caller drives Chromium: build nothing in -short
	return warstuffAt(t, "")
}

// validateBand is what `wbtool validate` says of the starter tree with
// the exported band added: the messages about bands.<id>, sorted.
func validateBand(t *testing.T, id, file string) []string {
	t.Helper()
	_, err := wsschema.Load(wsstarter.FS, wsschema.Options{Root: "content", Extra: []schema.File{{Name: "content/scenarios/built.cue", Src: []byte(file)}}})
	if err == nil {
		return nil
	}
	list, ok := err.(diag.List)
	if !ok {
		t.Fatalf("load: %v", err)
	}
	var out []string
	for _, d := range list {
		if !strings.HasPrefix(d.Path+".", "bands."+id+".") {
			t.Errorf("the exported band breaks something else: %s", d)
			continue
		}
		out = append(out, d.Msg)
	}
	slices.Sort(out)
	return out
}

// buildBand builds b in the open band builder by clicking: Start again,
// the format, then each profile's + button as many times as the band
// holds it, in the band's order.
func buildBand(t *testing.T, b *browser, band wscatalog.Band, std int) {
	t.Helper()
	b.do(t, "start again", chromedp.Click(chromedp.ID("bb-clear")))
	if band.Format == std {
		b.do(t, "standard", chromedp.Click(chromedp.CSS(`input[name="bb-format"][value="standard"]`)))
	} else {
		b.do(t, "big game", chromedp.Click(chromedp.CSS(`input[name="bb-format"][value="big"]`)))
		b.do(t, "big-game format", chromedp.SetValue(chromedp.ID("bb-big"), fmt.Sprint(band.Format)))
		eval[bool](t, b, `document.getElementById('bb-big').dispatchEvent(new Event('change', {bubbles: true}))`)
	}
	for _, f := range band.Figures {
		sel := `#bb-pool tr[data-id="` + f.Profile + `"] .bb-plus`
		eval[bool](t, b, `(document.querySelector(`+jsString(sel)+`).scrollIntoView({block: 'center'}), true)`)
		for range f.Count {
			// After the checker's answer, which redraws the band and its
			// verdict: a redraw between chromedp.Click's reading of the
			// button's place and its click can move the button away (a
			// missed click in the deck builder hung a test once).
			b.waitFor(t, `!window.WB_BAND_BUILDER.checking`)
			b.do(t, "add "+f.Profile, chromedp.Click(chromedp.CSS(sel)))
		}
	}
	b.waitFor(t, fmt.Sprintf(`window.WB_BAND_BUILDER.result && window.WB_BAND_BUILDER.result.count === %d && !window.WB_BAND_BUILDER.checking`, band.Count))
}

// shownBand is the verdict the page shows at a format, in English (each
// problem's data-en) and in the page's language, and the exported CUE.
type shownBand struct {
	EN, Shown []string
	Found     bool
	CUE, Slug string
	Total     int
}

func readBand(t *testing.T, b *browser, format int) shownBand {
	t.Helper()
	raw := eval[string](t, b, fmt.Sprintf(`JSON.stringify((() => {
		const v = document.querySelector('.bb-verdict[data-format="%d"]');
		const li = v ? Array.from(v.querySelectorAll('.bb-problems li')) : [];
		return {EN: li.map(x => x.dataset.en), Shown: li.map(x => x.textContent), Found: !!v,
			CUE: document.getElementById('bb-cue').value, Slug: window.WB_BAND_BUILDER.result.slug, Total: window.WB_BAND_BUILDER.result.total};
	})())`, format))
	var s shownBand
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBandBuilderMatchesCLI: every sample band of the Warstuff starter,
// and bands that break the total, the figure count or both, built by
// clicks on a desktop (every third also at 360 px, in French), show the
// verdict `wbtool validate` gives to the CUE file the page exports, which
// the test adds to the starter tree; no page is wider than its screen.
func TestBandBuilderMatchesCLI(t *testing.T) {
	t.Parallel()
	cat, files := warstuffSite(t)
	b := newBrowser(t)
	base := serveSite(t, files)
	byCost := slices.Clone(cat.Profiles)
	slices.SortStableFunc(byCost, func(x, y wscatalog.Profile) int { return x.Cost - y.Cost })
	cheap, dear := byCost[0], byCost[len(byCost)-1]
	std := cat.Limits.Standard
	bands := slices.Clone(cat.Bands)
	bands = append(bands,
		wscatalog.Band{ID: "crowd", Format: std, Figures: []wscatalog.BandEntry{{Profile: cheap.ID, Count: cat.Limits.MaxFigures(std) + 1}}},
		wscatalog.Band{ID: "rich", Format: std, Figures: []wscatalog.BandEntry{{Profile: dear.ID, Count: std/dear.Cost + 1}}},
		wscatalog.Band{ID: "both", Format: std, Figures: []wscatalog.BandEntry{{Profile: dear.ID, Count: 3}, {Profile: cheap.ID, Count: 13}}},
		wscatalog.Band{ID: "big-crowd", Format: 75, Figures: []wscatalog.BandEntry{{Profile: cheap.ID, Count: 23}}},
	)
	illegal := 0
	for i, band := range bands {
		cat.Tally(&band, wscatalog.ByID)
		type run struct {
			vp   string
			w, h int64
			lang string
		}
		runs := []run{{"desktop", 1280, 900, "en"}}
		if i%3 == 0 {
			runs = append(runs, run{"phone", 360, 740, "fr"})
		}
		for _, r := range runs {
			b.do(t, "viewport "+r.vp, chromedp.EmulateViewport(r.w, r.h))
			b.do(t, "open the band builder", chromedp.Navigate(base+"/"+r.lang+"/bandbuilder.html"), chromedp.WaitReady(chromedp.ID("bb-pool")))
			b.waitFor(t, bandBuilderReady)
			buildBand(t, b, band, std)
			shown := readBand(t, b, band.Format)
			if !shown.Found {
				t.Fatalf("%s (%s): no verdict at %d points", band.ID, r.vp, band.Format)
			}
			if shown.Total != band.Total {
				t.Errorf("%s: the page counts %d points, the catalog %d", band.ID, shown.Total, band.Total)
			}
			want := validateBand(t, shown.Slug, shown.CUE)
			got := slices.Sorted(slices.Values(shown.EN))
			if !slices.Equal(got, want) {
				t.Errorf("%s (%s): the page says\n  %q\nvalidate says\n  %q\nof\n%s", band.ID, r.vp, got, want, shown.CUE)
			}
			if len(want) > 0 {
				illegal++
			}
			// The page's language: the catalog's own message, naming profiles by name.
			var fr []string
			for _, p := range cat.CheckBand(&band) {
				fr = append(fr, p.Named.In(wscatalog.Lang(r.lang))+" ("+p.Rule+")")
			}
			if !slices.Equal(shown.Shown, fr) {
				t.Errorf("%s (%s): shown %q, want %q", band.ID, r.lang, shown.Shown, fr)
			}
			if w := eval[int](t, b, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
				t.Errorf("%s: the page is %d px wider than the %s screen", band.ID, w, r.vp)
			}
			if i == len(bands)-2 {
				eval[bool](t, b, `(document.getElementById('bb-summary').scrollIntoView({block: 'start'}), true)`)
				b.screenshot(t, "bandbuilder-"+r.vp+"-"+r.lang+".png")
			}
		}
	}
	if illegal < 4 {
		t.Errorf("only %d illegal verdicts: the cases no longer test refusals", illegal)
	}
	b.noIssues(t)
}

// TestBandBuilderShare: a sample band's link on the bands page opens the
// builder with the band, and the language switch keeps it.
func TestBandBuilderShare(t *testing.T) {
	t.Parallel()
	cat, files := warstuffSite(t)
	b := newBrowser(t)
	base := serveSite(t, files)
	band := cat.Bands[len(cat.Bands)-1]
	b.do(t, "open the bands", chromedp.Navigate(base+"/en/bands.html"), chromedp.WaitReady(chromedp.ID(band.ID)))
	link := eval[string](t, b, `document.getElementById(`+jsString(band.ID)+`).querySelector('a').href`)
	b.do(t, "follow", chromedp.Navigate(link), chromedp.WaitReady(chromedp.ID("bb-pool")))
	b.waitFor(t, bandBuilderReady)
	if n := eval[int](t, b, `window.WB_BAND_BUILDER.result.total`); n != band.Total {
		t.Errorf("shared band: %d points, want %d", n, band.Total)
	}
	if f := eval[string](t, b, `document.querySelector('input[name="bb-format"]:checked').value`); (f == "big") != (band.Format > cat.Limits.Standard) {
		t.Errorf("format %s for a %d-point band", f, band.Format)
	}
	b.do(t, "switch language", chromedp.Click(chromedp.ID("lang-switch")), chromedp.WaitReady(chromedp.ID("bb-pool")))
	b.waitFor(t, bandBuilderReady)
	if n := eval[int](t, b, `window.WB_BAND_BUILDER.result.total`); n != band.Total || !strings.Contains(eval[string](t, b, `location.pathname`), "/fr/") {
		t.Errorf("after the language switch: %d points at %s", n, eval[string](t, b, `location.href`))
	}
	b.noIssues(t)
}

// TestBandBuilderAxe runs axe-core on the band builder with an illegal
// band built, en and fr, on a desktop and a phone: as loaded, with the
// profile filter in use, and printed (the band sheet).
func TestBandBuilderAxe(t *testing.T) {
	t.Parallel()
	axe, err := os.ReadFile(toolFile(t, "node_modules/axe-core/axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	_, files := warstuffSite(t)
	b := newBrowser(t)
	base := serveSite(t, files)
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: string(axe)}); err != nil {
		t.Fatalf("add axe: %v", err)
	}
	for _, vp := range viewports {
		b.do(t, "viewport "+vp.name, chromedp.EmulateViewport(vp.w, vp.h))
		for _, lang := range []string{"en", "fr"} {
			b.do(t, "open", chromedp.Navigate(base+"/"+lang+"/bandbuilder.html#n=A&f=50&p=trooper:3,militia:12"), chromedp.WaitReady(chromedp.ID("bb-pool")))
			b.waitFor(t, bandBuilderReady)
			for _, v := range axeHere(t, b) {
				t.Errorf("%s %s: %v", vp.name, lang, v)
			}
			// filtered, then the printed band sheet
			eval[bool](t, b, `(() => { const f = document.getElementById('bb-filter'); f.value = 'mil'; return f.dispatchEvent(new Event('input', {bubbles: true})); })()`)
			for _, v := range axeHere(t, b) {
				t.Errorf("%s %s, filtered: %v", vp.name, lang, v)
			}
			media(t, b, "print")
			for _, v := range axeHere(t, b) {
				t.Errorf("%s %s, printed: %v", vp.name, lang, v)
			}
			media(t, b, "")
		}
	}
}

// TestBandBuilderNuChecker: the Nu Html Checker on the band builder's DOM
// once its script has shown an illegal band, en and fr: 0 errors.
func TestBandBuilderNuChecker(t *testing.T) {
	t.Parallel()
	toolFile(t, "node_modules/vnu-jar/build/dist/vnu.jar") // skips before starting Chromium
	_, files := warstuffSite(t)
	b := newBrowser(t)
	base := serveSite(t, files)
	built := site.Files{}
	for _, lang := range []string{"en", "fr"} {
		b.do(t, "open", chromedp.Navigate(base+"/"+lang+"/bandbuilder.html#n=A&f=50&p=trooper:3,militia:12"), chromedp.WaitReady(chromedp.ID("bb-pool")))
		b.waitFor(t, bandBuilderReady)
		built[lang+"/bandbuilder-built.html"] = []byte(eval[string](t, b, `'<!DOCTYPE html>\n' + document.documentElement.outerHTML`))
	}
	if n := vnuCheck(t, built, built.Paths()); n != 2 {
		t.Errorf("vnu read %d pages, want 2", n)
	}
}

// TestBandBuilderWithoutWasm: without WebAssembly the page says so, lists
// the profiles and offers no editing; a shared band's figures still show.
// A hostile band name in the link stays text.
func TestBandBuilderWithoutWasm(t *testing.T) {
	t.Parallel()
	_, files := warstuffSite(t)
	b := newBrowser(t)
	base := serveSite(t, files)
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `delete window.WebAssembly;`}); err != nil {
		t.Fatal(err)
	}
	b.do(t, "open", chromedp.Navigate(base+"/en/bandbuilder.html#n=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&f=50&p=trooper:2"), chromedp.WaitReady(chromedp.ID("bb-pool")))
	b.waitFor(t, `window.WB_BAND_BUILDER && window.WB_BAND_BUILDER.failed`)
	if s := eval[string](t, b, `document.getElementById('bb-status').textContent`); !strings.Contains(s, "WebAssembly") {
		t.Errorf("status says %q", s)
	}
	if n := eval[int](t, b, `document.querySelectorAll('#bb-pool button:not(:disabled)').length`); n != 0 {
		t.Errorf("%d editing buttons enabled without the checker", n)
	}
	if got := eval[[]string](t, b, `Array.from(document.querySelectorAll('#bb-list li')).map(li => li.textContent)`); len(got) != 1 || !strings.HasPrefix(got[0], "2 × ") {
		t.Errorf("the shared band shows %q", got)
	}
	if n := eval[int](t, b, `document.querySelectorAll('main img').length`); n != 0 {
		t.Errorf("the band's name became markup: %d images", n)
	}
	if v := eval[string](t, b, `document.getElementById('bb-name').value`); v != "<img src=x onerror=alert(1)>" {
		t.Errorf("name field %q", v)
	}
	b.noIssues(t)
}

// BenchmarkBandBuilderStart measures the band builder's start in Chromium
// on the Warstuff starter site: from navigation to the band checker ready
// (the base64 module read, decoded, compiled and run), the module's part,
// and one check of a 15-figure band; against the profile list's start in
// the same run (navigation to its search box) as the reference.
func BenchmarkBandBuilderStart(b *testing.B) {
	br := newBrowser(b)
	cat, err := wsschema.Load(wsstarter.FS, wsschema.Options{Root: "content"})
	if err != nil {
		b.Fatal(err)
	}
	files, err := (&warstuff.Content{Catalog: cat}).Site(ruleset.SiteOptions{})
	if err != nil {
		b.Fatal(err)
	}
	base := serveSite(b, site.Files(files))
	band := `{"name":"x","format":50,"big":100,"figures":[{"profile":"captain","count":1},{"profile":"trooper","count":2},{"profile":"militia","count":12}]}`
	var ready, module, check, list float64
	for i := 0; i < b.N; i++ {
		br.do(b, "profile list", chromedp.Navigate(base+"/en/profiles/index.html"), chromedp.WaitVisible(chromedp.ID("q")))
		list += eval[float64](b, br, `performance.now()`)
		br.do(b, "builder", chromedp.Navigate(base+"/en/bandbuilder.html"), chromedp.WaitReady(chromedp.ID("bb-pool")))
		br.waitFor(b, bandBuilderReady)
		ready += eval[float64](b, br, `window.WB_BAND_BUILDER.readyAt`)
		module += eval[float64](b, br, `window.WB_BAND_BUILDER.startMs`)
		check += eval[float64](b, br, `(async () => { const d = `+jsString(band)+`; const t0 = performance.now();
			for (let i = 0; i < 100; i++) await new Promise(r => window.wbChecker.check("wbBandCheck", d, r));
			return (performance.now() - t0) / 100; })()`, chromedp.EvalAwaitPromise)
	}
	n := float64(b.N)
	b.ReportMetric(ready/n, "ready-ms")
	b.ReportMetric(module/n, "module-ms")
	b.ReportMetric(check/n, "check-ms")
	b.ReportMetric(list/n, "profiles-ms")
	b.ReportMetric(ready/list, "ready/profiles")
}

// TestBandBuilderFilterPrint, on a phone in French: the profile filter finds profiles by a part
// of their name or of a special rule's, accents aside; the invasion's
// creatures are not offered and the page's link lists exactly them; Print
// prints the band sheet alone: the roster with each profile's cost, the
// total and the verdict, without the site's frame or the builder.
func TestBandBuilderFilterPrint(t *testing.T) {
	t.Parallel()
	cat, files := warstuffSite(t)
	b := newBrowser(t)
	base := serveSite(t, files)
	b.do(t, "phone", chromedp.EmulateViewport(360, 740))
	b.do(t, "open", chromedp.Navigate(base+"/fr/bandbuilder.html#n=Temp%C3%AAte&f=50&p=storm-seer:3,trooper:2,militia:9"), chromedp.WaitReady(chromedp.ID("bb-pool")))
	b.waitFor(t, bandBuilderReady)

	// The filter: a general rule with an accent in French, typed without it.
	var rule *wscatalog.Rule
	for i, r := range cat.Rules {
		held := slices.ContainsFunc(cat.Profiles, func(p wscatalog.Profile) bool { return slices.Contains(p.Rules, r.ID) })
		if r.Kind == wscatalog.GeneralRule && held && strings.ContainsAny(r.Name.FR, "éèêà") {
			rule = &cat.Rules[i]
			break
		}
	}
	if rule == nil {
		t.Fatal("no general rule with an accent in French")
	}
	plain := strings.NewReplacer("é", "e", "è", "e", "ê", "e", "à", "a").Replace(strings.ToLower(rule.Name.FR))
	var want []string
	for _, p := range cat.Profiles {
		if slices.Contains(p.Rules, rule.ID) || strings.Contains(strings.ToLower(p.Name.FR), plain) {
			want = append(want, p.ID)
		}
	}
	slices.Sort(want)
	b.do(t, "filter", chromedp.SendKeys(chromedp.ID("bb-filter"), plain))
	shown := func() []string {
		got := eval[[]string](t, b, `Array.from(document.querySelectorAll('#bb-pool tbody tr')).filter(tr => tr.offsetParent !== null).map(tr => tr.dataset.id)`)
		slices.Sort(got)
		return got
	}
	if got := shown(); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("filter %q (%s) shows %q, want %q", plain, rule.ID, got, want)
	}
	if m := eval[string](t, b, `document.getElementById('bb-matches').textContent`); m != fmt.Sprintf("%d profils sur %d", len(want), len(cat.Profiles)) {
		t.Errorf("matches line %q", m)
	}
	filter := func(q string) {
		eval[bool](t, b, `(() => { const f = document.getElementById('bb-filter'); f.value = `+jsString(q)+`; return f.dispatchEvent(new Event('input', {bubbles: true})); })()`)
	}
	eval[bool](t, b, `(document.getElementById('bb-filter').scrollIntoView({block: 'start'}), true)`)
	b.screenshot(t, "bandbuilder-filter-phone-fr.png")
	filter("zzzz")
	if got := shown(); len(got) != 0 || eval[bool](t, b, `document.getElementById('bb-nomatch').hidden`) {
		t.Errorf("filter zzzz shows %q and no message", got)
	}
	filter("")
	if got := shown(); len(got) != len(cat.Profiles) {
		t.Errorf("no filter: %d profiles shown, want %d", len(got), len(cat.Profiles))
	}

	// The tally stays in view at the screen's foot while profiles are
	// picked (never over the verdicts: TestBuildersOnAPhone).
	eval[bool](t, b, `(document.querySelector('#bb-pool tbody tr:nth-child(3)').scrollIntoView({block: 'center'}), true)`)
	if !eval[bool](t, b, `(() => { const r = document.getElementById('bb-sticky').getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight && r.top > innerHeight / 2; })()`) {
		t.Error("the tally is not at the foot of the phone's screen")
	}
	b.screenshot(t, "bandbuilder-phone-fr.png")

	// No creature in the pool (WS-INV-14); the intro's link lists them.
	for _, c := range cat.Creatures {
		if eval[bool](t, b, `!!document.querySelector('#bb-pool tr[data-id=`+jsString(c.ID)+`]')`) {
			t.Errorf("creature %s offered in the band builder", c.ID)
		}
	}

	// Print (on an A4 page's width): the button prints; printed, the
	// sheet alone.
	b.do(t, "A4 width", chromedp.EmulateViewport(794, 1123))
	eval[bool](t, b, `(window.print = () => { window.printed = true; }, true)`)
	b.do(t, "print", chromedp.Click(chromedp.ID("bb-print")))
	if !eval[bool](t, b, `window.printed === true`) {
		t.Error("the Print button did not print")
	}
	media(t, b, "print")
	if got := eval[[]bool](t, b, `['bb-sheet', 'bb', 'bb-status', 'bb-pool', 'lang-switch'].map(id => document.getElementById(id).offsetParent !== null)`); !slices.Equal(got, []bool{true, false, false, false, false}) {
		t.Errorf("printed: sheet, builder, status, pool, frame shown = %v, want only the sheet", got)
	}
	if n := eval[int](t, b, `Array.from(document.querySelectorAll('header, footer, nav, #main > h1')).filter(x => x.offsetParent !== null).length`); n != 0 {
		t.Errorf("printed: %d parts of the site's frame shown", n)
	}
	band := wscatalog.Band{Format: 50, Figures: []wscatalog.BandEntry{{Profile: "storm-seer", Count: 3}, {Profile: "trooper", Count: 2}, {Profile: "militia", Count: 9}}}
	problems := cat.CheckBand(&band)
	var rows [][]string
	for _, f := range band.Figures {
		p := cat.Profile(f.Profile)
		rows = append(rows, []string{p.Name.FR, fmt.Sprint(f.Count), fmt.Sprint(p.Cost), fmt.Sprint(f.Count * p.Cost)})
	}
	got := eval[[][]string](t, b, `Array.from(document.querySelectorAll('#bb-sheet-rows tr')).map(tr => [0, 4, 5, 6].map(i => tr.cells[i].textContent))`)
	if !slices.EqualFunc(got, rows, slices.Equal) {
		t.Errorf("sheet rows %q, want %q", got, rows)
	}
	if tot := eval[string](t, b, `document.getElementById('bb-sheet-total').textContent`); tot != fmt.Sprintf("%d / 50 pts", band.Total) {
		t.Errorf("sheet total %q, want %d / 50 pts", tot, band.Total)
	}
	var named []string
	for _, p := range problems {
		named = append(named, p.Named.FR+" ("+p.Rule+")")
	}
	if got := eval[[]string](t, b, `Array.from(document.querySelectorAll('#bb-sheet-problems li')).map(li => li.textContent)`); len(named) == 0 || !slices.Equal(got, named) {
		t.Errorf("sheet problems %q, want %q", got, named)
	}
	b.screenshot(t, "bandbuilder-print-fr.png")
	media(t, b, "")

	// The creatures' link.
	b.do(t, "creatures", chromedp.Click(chromedp.CSS(`a[href*="type:creature"]`)), chromedp.WaitVisible(chromedp.ID("q")))
	b.waitFor(t, `document.getElementById('count').textContent !== ''`)
	var creatures []string
	for _, c := range cat.Creatures {
		creatures = append(creatures, c.ID)
	}
	slices.Sort(creatures)
	listed := eval[[]string](t, b, `Array.from(document.querySelectorAll('#card-list li[data-id]')).filter(li => li.offsetParent !== null).map(li => li.dataset.id)`)
	slices.Sort(listed)
	if !slices.Equal(listed, creatures) {
		t.Errorf("the creatures' link lists %q, want %q", listed, creatures)
	}
	b.noIssues(t)
}

// media emulates CSS media m ("print"; "" for the screen again).
func media(t *testing.T, b *browser, m string) {
	t.Helper()
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: m}); err != nil {
		t.Fatalf("media %q: %v", m, err)
	}
}
