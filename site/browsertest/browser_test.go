package browsertest

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"wbtool.dev/wbtool/games/warbound/wbsite"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/site/serve"
)

// browser is a headless Chromium driven over the DevTools protocol, with
// the console errors and CSP reports of its pages collected.
type browser struct {
	ctx    context.Context
	mu     sync.Mutex
	issues []string
}

func (b *browser) listen(ev any) {
	var msg string
	switch e := ev.(type) {
	case *runtime.EventExceptionThrown:
		msg = "exception: " + e.ExceptionDetails.Text
		if e.ExceptionDetails.Exception != nil {
			msg += " " + e.ExceptionDetails.Exception.Description
		}
	case *log.EventEntryAdded:
		if e.Entry.Level == log.EntryLevelError || e.Entry.Level == log.EntryLevelWarning {
			msg = fmt.Sprintf("console %s: %s (%s)", e.Entry.Level, e.Entry.Text, e.Entry.URL)
		}
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError {
			msg = "console.error called"
		}
	}
	if msg != "" {
		b.mu.Lock()
		b.issues = append(b.issues, msg)
		b.mu.Unlock()
	}
}

// takeIssues returns and clears the problems the pages reported.
func (b *browser) takeIssues() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := b.issues
	b.issues = nil
	return out
}

// skipShort skips a test of a real browser or an outside validator in
// -short mode (make test-quick): each takes seconds to minutes.
func skipShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("drives Chromium or an outside validator: not in -short mode")
	}
}

// chromium is the one Chromium of the test binary: started by the first
// test that asks for a browser, closed by TestMain when every test is
// done. Each test has its own browser context in it (newBrowser): its own
// cookies, storage, cache and windows, as a fresh profile would give it.
// A Chromium for each of ~45 tests cost each its start, its GPU, network
// and storage processes.
var chromium struct {
	once   sync.Once
	ctx    context.Context // the first tab, whose context owns the browser
	cancel func()
	dir    string // its profile
	err    error
}

// chromiumOptions start Chromium as the issue asks: headless, no sandbox,
// no GPU, no background networking, a fresh profile.
func chromiumOptions(exe, dir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		// The search page writes the query into the address on every
		// keystroke; the tests type hundreds of queries in seconds, which
		// Chromium's flooding protection would throttle (a person cannot
		// type that fast).
		chromedp.Flag("disable-ipc-flooding-protection", true),
		chromedp.UserDataDir(dir),
		// Its temporary files too (a killed Chromium leaves its
		// singleton socket folder behind), so that stopChromium's
		// removal of dir takes them all.
		chromedp.Env("TMPDIR=" + dir),
		chromedp.WindowSize(1280, 900),
	}
}

// startChromium starts the test binary's Chromium (once).
func startChromium(exe string) (context.Context, error) {
	chromium.once.Do(func() {
		dir, err := os.MkdirTemp("", "browsertest-chromium-")
		if err != nil {
			chromium.err = err
			return
		}
		chromium.dir = dir
		actx, acancel := chromedp.NewExecAllocator(context.Background(), chromiumOptions(exe, dir)...)
		ctx, cancel := chromedp.NewContext(actx)
		chromium.ctx = ctx
		chromium.cancel = func() {
			// a graceful close first (the browser ends its children),
			// then the allocator kills what is left
			cctx, ccancel := context.WithTimeout(ctx, 10*time.Second)
			_ = chromedp.Cancel(cctx)
			ccancel()
			cancel()
			acancel()
		}
		if err := chromedp.Do(ctx); err != nil {
			chromium.err = fmt.Errorf("start chromium: %w", err)
		}
	})
	return chromium.ctx, chromium.err
}

// stopChromium closes the test binary's Chromium, if a test started it,
// and removes its profile.
func stopChromium() {
	if chromium.cancel != nil {
		chromium.cancel()
	}
	if chromium.dir != "" {
		_ = os.RemoveAll(chromium.dir)
	}
}

// newBrowser opens a window of the test binary's Chromium in a browser
// context of its own (no cookies, storage or cache shared with another
// test), closed at the end of the test.
func newBrowser(t testing.TB) *browser {
	t.Helper()
	skipShort(t)
	root, err := startChromium(testtool.Require(t, "chromium"))
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{}
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext(), chromedp.WithListener(b.listen))
	t.Cleanup(cancel)
	if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("open a window of chromium: %v", err)
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("runtime.enable: %v", err)
	}
	b.ctx = ctx
	return b
}

// do runs actions. Like waitFor it has no deadline of its own: at load
// 50 a navigation took more than the 20 s it once had (TestTypedQueries
// failed so); a busy machine only makes a step slower, and go test's
// -timeout ends one that never ends, naming the test.
func (b *browser) do(t testing.TB, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression (no deadline, as do).
func eval[T any](t testing.TB, b *browser, expr string, opts ...chromedp.EvaluateOption) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr, opts...))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitFor evaluates a JavaScript predicate until it is true. It retries
// through errors, because a click that navigates destroys the page the
// last evaluation ran in (an evaluation in such a page may never answer:
// each try has 20 s). There is no deadline: a busy machine only makes the
// wait longer, and go test's -timeout ends one that never ends.
func (b *browser) waitFor(t testing.TB, expr string) {
	t.Helper()
	for {
		ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		if b.ctx.Err() != nil {
			t.Fatalf("waiting for %s: the browser is gone (%v)", expr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitLoaded waits for cond on a document that has finished loading.
// After a navigation, location and the <html> element's lang are set
// while the body may still be parsing, so a check on them alone can let
// a test read the page before its h1 exists (a CI flake on
// TestLanguageSwitchKeepsTheCard).
func (b *browser) waitLoaded(t testing.TB, cond string) {
	t.Helper()
	b.waitFor(t, `document.readyState === 'complete' && (`+cond+`)`)
}

// builtSites holds the sites the tests build, each built once per test
// binary: loading a starter and building its site costs a second or more
// of CPU, and a dozen tests read the same site.
var builtSites testtool.Memo[builtSite]

type builtSite struct {
	cat   any
	files site.Files
	err   error
}

// buildOnce returns the catalog and site that build makes, built the
// first time key is asked for. Each caller gets its own copy of the file
// map (a test may add or break a page); the pages' bytes and the catalog
// are shared: tests only read them.
func buildOnce[C any](t testing.TB, key string, build func() (C, site.Files, error)) (C, site.Files) {
	t.Helper()
	s := builtSites.Get(key, func() builtSite {
		cat, files, err := build()
		return builtSite{cat, files, err}
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.cat.(C), maps.Clone(s.files)
}

// rulesetSite loads a game's starter (what names it in errors) through
// its ruleset and builds its site published at base ("": no address),
// once per test binary; then, if given, lets fix add what the build
// would copy in beside it.
func rulesetSite(t testing.TB, base, what string, r ruleset.Ruleset, fsys fs.FS, root string, fix func(site.Files)) site.Files {
	t.Helper()
	_, files := buildOnce(t, r.Game()+" "+base, func() (struct{}, site.Files, error) {
		c, err := r.Load(fsys, ruleset.LoadOptions{Root: root})
		if err != nil {
			return struct{}{}, nil, fmt.Errorf("load %s: %w", what, err)
		}
		out, err := c.Site(ruleset.SiteOptions{BaseURL: base})
		if err != nil {
			return struct{}{}, nil, fmt.Errorf("build its site: %w", err)
		}
		files := site.Files(out)
		if fix != nil {
			fix(files)
		}
		return struct{}{}, files, nil
	})
	return files
}

// warboundAt loads the starter content and builds its site published at
// base ("": no address), once per test binary.
func warboundAt(t testing.TB, base string) (*wbcatalog.Catalog, site.Files) {
	t.Helper()
	return buildOnce(t, "warbound "+base, func() (*wbcatalog.Catalog, site.Files, error) {
		cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
		if err != nil {
			return nil, nil, fmt.Errorf("load: %w", err)
		}
		files, err := wbsite.Build(cat, wbsite.Options{BaseURL: base})
		if err != nil {
			return nil, nil, fmt.Errorf("build: %w", err)
		}
		return cat, files, nil
	})
}

// starterSite builds the site of the starter content.
func starterSite(t testing.TB) (*wbcatalog.Catalog, site.Files) {
	t.Helper()
	return warboundAt(t, "")
}

// serveSite serves the files as `wbtool serve` does, on 127.0.0.1.
func serveSite(t testing.TB, files site.Files) string {
	t.Helper()
	h := &serve.Handler{}
	h.Set(files)
	srv := httptest.NewServer(h) // listens on 127.0.0.1
	t.Cleanup(srv.Close)
	return srv.URL
}

// screenshot saves a picture of the page in $WBTOOL_SCREENSHOTS, to look
// at. Without it, no picture is taken: it went to the test's temporary
// folder, removed with the test, and no assertion reads it (each one was
// a paint and a PNG encoding of the whole window in Chromium).
func (b *browser) screenshot(t testing.TB, name string) {
	t.Helper()
	dir := os.Getenv("WBTOOL_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s (%d bytes)", p, len(png))
}

const visibleItems = `Array.from(document.querySelectorAll('#card-list li')).filter(li => !li.hidden && li.offsetParent !== null)`

// TestSearchFiltersTheCardList types in the search box and checks that
// the list shrinks to the matching cards, then filters by type.
func TestSearchFiltersTheCardList(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	cat, files := starterSite(t)
	base := serveSite(t, files)
	copp := cat.Character("copp")
	if copp == nil {
		t.Fatal("the starter content has no copp")
	}
	b.do(t, "open the card list", chromedp.Navigate(base+"/en/cards/index.html"), chromedp.WaitVisible(chromedp.ID("q")))
	total := eval[int](t, b, visibleItems+`.length`)
	if total < 20 {
		t.Fatalf("only %d cards listed", total)
	}
	b.do(t, "type a name", chromedp.SendKeys(chromedp.ID("q"), "cop"))
	b.waitFor(t, visibleItems+`.length < `+fmt.Sprint(total))
	names := eval[[]string](t, b, visibleItems+`.map(li => li.getAttribute('data-id'))`)
	if len(names) == 0 || !contains(names, "copp") {
		t.Fatalf("typing cop shows %v, want copp among them", names)
	}
	// Cards whose name matches come before cards whose text matches.
	shownNames := eval[[]string](t, b, visibleItems+`.map(li => li.querySelector('.name').textContent.toLowerCase())`)
	seenText := false
	for _, n := range shownNames {
		if !strings.Contains(n, "cop") {
			seenText = true
		} else if seenText {
			t.Errorf("a name match comes after a text match: %q", shownNames)
			break
		}
	}
	count := eval[string](t, b, `document.getElementById('count').textContent`)
	if !strings.HasPrefix(count, fmt.Sprintf("%d / %d", len(names), total)) {
		t.Errorf("count says %q for %d of %d", count, len(names), total)
	}
	// Search reads the card text too, accents folded: a word of a skill.
	b.do(t, "clear", chromedp.Click(chromedp.ID("f-reset")))
	b.waitFor(t, visibleItems+`.length === `+fmt.Sprint(total))
	b.do(t, "filter by type", chromedp.SetValue(chromedp.ID("f-kind"), "leader"),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('f-kind').dispatchEvent(new Event('change'))`))
			return err
		}))
	kinds := eval[[]string](t, b, visibleItems+`.map(li => li.getAttribute('data-kind'))`)
	if len(kinds) == 0 || len(kinds) != len(cat.Leaders) {
		t.Errorf("type filter shows %d cards, want the %d Leaders", len(kinds), len(cat.Leaders))
	}
	for _, k := range kinds {
		if k != "leader" {
			t.Errorf("type filter shows a %s", k)
		}
	}
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the page reported problems: %q", issues)
	}
}

// TestHomeSearchAndPhoneScreenshots searches from the home page on a
// phone-sized screen (the form leads to the filtered card list) and takes
// the screenshots to look at.
func TestHomeSearchAndPhoneScreenshots(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	_, files := starterSite(t)
	base := serveSite(t, files)
	b.do(t, "desktop home", chromedp.Navigate(base+"/en/index.html"), chromedp.WaitVisible(chromedp.ID("home-q")))
	b.screenshot(t, "home-desktop.png")
	b.do(t, "desktop card", chromedp.Navigate(base+"/en/cards/copp/index.html"), chromedp.WaitVisible(chromedp.CSS(".card-images img")))
	b.screenshot(t, "card-desktop.png")
	b.do(t, "desktop rules", chromedp.Navigate(base+"/fr/rules/cards/index.html"), chromedp.WaitVisible(chromedp.CSS("article")))
	b.screenshot(t, "rules-fr-desktop.png")

	b.do(t, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	b.do(t, "phone home", chromedp.Navigate(base+"/fr/index.html"), chromedp.WaitVisible(chromedp.ID("home-q")))
	b.screenshot(t, "home-phone.png")
	b.do(t, "search from home", chromedp.SendKeys(chromedp.ID("home-q"), "hurl"), chromedp.Submit(chromedp.ID("home-q")))
	b.waitLoaded(t, `location.pathname.endsWith('/fr/cards/index.html') && document.getElementById('q') && document.getElementById('q').value === 'hurl'`)
	b.waitFor(t, visibleItems+`.length >= 1`)
	names := eval[[]string](t, b, visibleItems+`.map(li => li.querySelector('.name').textContent)`)
	for _, n := range names {
		if !strings.Contains(strings.ToLower(n), "hurl") && !strings.Contains(strings.ToLower(eval[string](t, b, `JSON.stringify(window.WB_SEARCH_INDEX)`)), "hurl") {
			t.Errorf("search for hurl shows %q", n)
		}
	}
	b.screenshot(t, "search-phone.png")
	b.do(t, "phone card", chromedp.Navigate(base+"/fr/cards/copp/index.html"), chromedp.WaitVisible(chromedp.CSS(".card-images img")))
	b.screenshot(t, "card-phone.png")
	b.do(t, "phone rules", chromedp.Navigate(base+"/en/rules/shooting/index.html"), chromedp.WaitVisible(chromedp.CSS("article")))
	b.screenshot(t, "rules-phone.png")
	// Nothing wider than the phone: no sideways scrolling.
	if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the rules page is %dpx wide on a 390px phone", w)
	}
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the pages reported problems: %q", issues)
	}
}

// clickLangSwitch clicks the language switch from inside the page. A
// chromedp.Click right after a navigation can race the new document (the
// node id it resolved belongs to the old one); a click in the page cannot.
func clickLangSwitch(t *testing.T, b *browser) {
	t.Helper()
	b.waitFor(t, `document.readyState === 'complete' && document.getElementById('lang-switch') !== null`)
	if !eval[bool](t, b, `(document.getElementById('lang-switch').click(), true)`) {
		t.Fatal("could not click the language switch")
	}
}

// TestLanguageSwitchKeepsTheCard clicks the language switch on a card
// page: it must land on the same card in French, and back.
func TestLanguageSwitchKeepsTheCard(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	cat, files := starterSite(t)
	base := serveSite(t, files)
	for _, c := range cat.Characters[:min(3, len(cat.Characters))] {
		b.do(t, "open "+c.ID, chromedp.Navigate(base+"/en/cards/"+c.ID+"/index.html"), chromedp.WaitVisible(chromedp.ID("lang-switch")))
		clickLangSwitch(t, b)
		b.waitLoaded(t, `location.pathname === '/fr/cards/`+c.ID+`/index.html' && document.documentElement.lang === 'fr'`)
		if h1 := eval[string](t, b, `document.querySelector('h1').textContent`); h1 != c.Name.FR {
			t.Errorf("French page of %s shows %q, want %q", c.ID, h1, c.Name.FR)
		}
		clickLangSwitch(t, b)
		b.waitLoaded(t, `location.pathname === '/en/cards/`+c.ID+`/index.html' && document.documentElement.lang === 'en'`)
	}
	// On a rules page the switch keeps the rule the reader is at.
	b.do(t, "open a rule", chromedp.Navigate(base+"/fr/rules/shooting/index.html#R-SHOOT-4"), chromedp.WaitVisible(chromedp.ID("lang-switch")))
	clickLangSwitch(t, b)
	b.waitLoaded(t, `location.pathname === '/en/rules/shooting/index.html' && location.hash === '#R-SHOOT-4' && document.documentElement.lang === 'en'`)
	// The card list keeps its filters.
	b.do(t, "filtered list", chromedp.Navigate(base+"/en/cards/index.html?kind=leader"), chromedp.WaitVisible(chromedp.ID("q")))
	clickLangSwitch(t, b)
	b.waitLoaded(t, `location.pathname === '/fr/cards/index.html' && document.getElementById('f-kind').value === 'leader'`)
}

// TestCardPageShowsItsImage: the card image is loaded and drawn.
func TestCardPageShowsItsImage(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	_, files := starterSite(t)
	base := serveSite(t, files)
	b.do(t, "open copp", chromedp.Navigate(base+"/en/cards/copp/index.html"), chromedp.WaitVisible(chromedp.CSS(".card-images img")))
	b.waitFor(t, `Array.from(document.querySelectorAll('.card-images img')).every(i => i.complete)`)
	w := eval[int](t, b, `document.querySelector('.card-images img').naturalWidth`)
	shown := eval[int](t, b, `document.querySelector('.card-images img').getBoundingClientRect().width`)
	if w == 0 || shown < 100 {
		t.Errorf("card image: natural width %d, shown %dpx wide", w, shown)
	}
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the page reported problems: %q", issues)
	}
}

// TestWorksFromFile opens the site from disk (file://): the search index
// loads through <script src>, the search works, the language switch and
// the relative links work, and the CSP blocks nothing of ours.
func TestWorksFromFile(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	_, files := starterSite(t)
	root := onDisk(t, files)
	b.do(t, "open index.html", chromedp.Navigate(root+"/index.html"), chromedp.WaitVisible(chromedp.CSS(".langs a")))
	b.do(t, "choose French", chromedp.Click(chromedp.CSS(`.langs li[lang="fr"] a`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/index.html')`) // the French page, loaded: not the old one's nodes
	// The home search form submits to the card list from file:// too.
	b.do(t, "search from home", chromedp.SendKeys(chromedp.ID("home-q"), "copp"), chromedp.Submit(chromedp.ID("home-q")))
	b.waitLoaded(t, `location.pathname.endsWith('/fr/cards/index.html') && document.getElementById('q').value === 'copp'`)
	b.do(t, "back home", chromedp.Navigate(root+"/fr/index.html"), chromedp.WaitVisible(chromedp.ID("home-q")))
	b.do(t, "go to cards", chromedp.Click(chromedp.CSS(`.nav a[href$="cards/index.html"]`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/cards/index.html') && !document.getElementById('filters').hidden`)
	total := eval[int](t, b, visibleItems+`.length`)
	b.do(t, "type", chromedp.SendKeys(chromedp.ID("q"), "copp"))
	b.waitFor(t, visibleItems+`.length >= 1 && `+visibleItems+`.length < `+fmt.Sprint(total))
	if n := eval[int](t, b, `(window.WB_SEARCH_INDEX || []).length`); n != total {
		t.Errorf("search index from file:// has %d entries, list has %d", n, total)
	}
	b.do(t, "open copp", chromedp.Click(chromedp.CSS(`#card-list li[data-id="copp"] a`)))
	b.waitLoaded(t, `location.href.endsWith('/fr/cards/copp/index.html')`)
	b.waitFor(t, `document.querySelector('.card-images img').complete && document.querySelector('.card-images img').naturalWidth > 0`)
	clickLangSwitch(t, b)
	b.waitLoaded(t, `location.href.endsWith('/en/cards/copp/index.html')`)
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the pages reported problems from file://: %q", issues)
	}
}

// onDisk writes a site into a temporary folder and returns its file://
// address.
func onDisk(t *testing.T, files site.Files) string {
	t.Helper()
	dir := t.TempDir()
	for p, data := range files {
		fp := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(fp), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fp, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// TestReadsWithoutJavaScript: with scripts off, the card list shows every
// card, the search form stays out of the way, and the links still work.
func TestReadsWithoutJavaScript(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	_, files := starterSite(t)
	base := serveSite(t, files)
	if _, err := chromedp.Call(b.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("disable scripts: %v", err)
	}
	b.do(t, "open the list", chromedp.Navigate(base+"/en/cards/index.html"), chromedp.WaitVisible(chromedp.ID("card-list")))
	// Evaluate runs even with page scripts disabled (it is the DevTools).
	shown := eval[int](t, b, visibleItems+`.length`)
	inHTML := strings.Count(string(files["en/cards/index.html"]), "<li data-id=")
	if shown != inHTML || shown == 0 {
		t.Errorf("without JavaScript %d of %d cards show", shown, inHTML)
	}
	if vis := eval[bool](t, b, `document.getElementById('filters').offsetParent !== null`); vis {
		t.Error("the search form shows without JavaScript, where it cannot work")
	}
	b.do(t, "follow a card", chromedp.Click(chromedp.CSS(`#card-list li[data-id="copp"] a`)))
	b.waitLoaded(t, `location.pathname === '/en/cards/copp/index.html'`)
}

// TestDesignersFooter looks at a rules page and its footer at 360 px and
// at desktop width: the menu has no check games, the footer's designers'
// line fits without sideways scrolling and leads to the check games page
// and its index by rule (issue 11 item 6).
func TestDesignersFooter(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	_, files := starterSite(t)
	base := serveSite(t, files)
	for _, v := range []struct {
		name string
		w, h int64
	}{{"360", 360, 780}, {"desktop", 1280, 900}} {
		b.do(t, "viewport "+v.name, chromedp.EmulateViewport(v.w, v.h))
		b.do(t, "rules page "+v.name, chromedp.Navigate(base+"/en/rules/shooting/index.html"), chromedp.WaitVisible(chromedp.CSS("article")))
		if n := eval[int](t, b, `document.querySelectorAll('.nav a[href*="checks/"]').length`); n != 0 {
			t.Errorf("%s: the menu has %d links to the check games", v.name, n)
		}
		b.screenshot(t, "rules-top-"+v.name+".png")
		b.do(t, "scroll to the footer "+v.name, chromedp.ScrollIntoView(chromedp.CSS("footer.foot")))
		b.screenshot(t, "rules-footer-"+v.name+".png")
		if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > int(v.w) {
			t.Errorf("%s: the rules page is %dpx wide", v.name, w)
		}
		b.do(t, "follow the designers' link "+v.name, chromedp.Click(chromedp.CSS(`footer .designers a[href$="checks/index.html"]`)))
		b.waitLoaded(t, `location.pathname === '/en/checks/index.html' && document.getElementById('rules-pinned') !== null`)
		b.screenshot(t, "checks-"+v.name+".png")
	}
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the pages reported problems: %q", issues)
	}
}

// starterBrowser starts Chromium and serves the starter site to it.
func starterBrowser(t *testing.T) (b *browser, files site.Files, base string) {
	t.Helper()
	b = newBrowser(t)
	_, files = starterSite(t)
	return b, files, serveSite(t, files)
}

// noIssues fails the test when the pages reported problems.
func (b *browser) noIssues(t testing.TB) {
	t.Helper()
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the pages reported problems: %q", issues)
	}
}
