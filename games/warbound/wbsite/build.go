package wbsite

import (
	"errors"
	"fmt"
	"html/template"
	"sync"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/schema/designref"
	"wbtool.dev/wbtool/site"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/crash"
)

// Options configure a build. The zero value is a working default.
type Options struct {
	// BaseURL is the absolute address the site will be published at
	// (e.g. "https://warbound.example/"). With it the site has a
	// sitemap.xml of absolute URLs (the root page included) named in
	// robots.txt, and every page a canonical link, absolute hreflang
	// alternates and an Open Graph address. Empty: no sitemap (the
	// protocol wants absolute URLs), no canonical link, relative
	// alternates; the site still works from file:// and any host.
	BaseURL string

	// DeckPDF returns the path, relative to the site folder, of the
	// printable PDF of a deck in a language, e.g.
	// "print/decks/starter-raiders-en.pdf"; "" for none. Nil: no PDF links.
	// The build copies the sheets into the site folder, so that a site
	// published alone has every file it links to.
	DeckPDF func(deckID string, l wbcatalog.Lang) string

	// DeckTTS returns the path, relative to the site folder like
	// DeckPDF, of a deck's Tabletop Simulator saved object in a language,
	// e.g. "export/tts/en/raiders-strike.json"; Nil: no link (the build
	// writes them only when asked to, with its card sheets).
	DeckTTS func(deckID string, l wbcatalog.Lang) string

	// Sheets, when set, reports whether the build puts the file p
	// (relative to the site folder, "print/tokens-en.pdf") beside the
	// pages: the print sheets the site holds a copy of. A rules page may
	// link to them. Nil: none.
	Sheets func(p string) bool

	// CardsPDF returns the path, relative to the site folder like
	// DeckPDF, of the sheets of every card in a language, e.g.
	// "print/cards-en.pdf"; "" for none. Nil: no link.
	CardsPDF func(l wbcatalog.Lang) string

	// CardImages returns the SVG images of a card in a language: its
	// front, and its back (nil when the card has no printed back). Nil
	// means the faces of the print sheets, laid out by a wbcards.Layouts of
	// the build's own (Layouts.SVG, as wbcards.SVG draws them). An error for
	// a card gives a clearly marked placeholder image instead.
	CardImages func(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) (front, back []byte, err error)

	// Errata, when set, adds the errata page (errata.go) and each
	// changed card's history; ReprintPDF gives the path, relative to the
	// site folder like CardsPDF, of the reprint sheets in a language.
	Errata     *changes.Errata
	ReprintPDF func(l wbcatalog.Lang) string

	// Pages, when set, keeps the card pages between builds: only those
	// whose inputs changed are rendered again (incremental.go).
	Pages *PageCache

	// Emit, when set, is handed each file as it is made, before Build
	// returns (the build writes them meanwhile: dist.Prestage). Build's
	// files are still the site, with nil bytes for each file Emit took
	// (reported true); a file may be handed twice or not at all.
	Emit func(p string, data []byte) (taken bool)

	// Reference, when set, adds the pages for designers (designers.go).
	Reference *designref.Reference
}

// builder holds the state of one build.
type builder struct {
	cat        *wbcatalog.Catalog
	opts       Options
	files      site.Files
	tmpl       map[string]*template.Template
	exists     map[string]bool
	ruleDefs   map[wbcatalog.Lang]map[string]*site.Chapter // rule number → the chapter anchoring it
	chapters   map[wbcatalog.Lang][]*site.Chapter
	usage      *usage
	mu         sync.Mutex // guards files and errs while the languages build in parallel
	cardList   []card
	skillCache map[string]skillView                 // lang/id → rendered skill (under mu)
	searchMemo map[wbcatalog.Lang]map[string]string // card text → its search words (under mu)
	nameRanks  map[wbcatalog.Lang]map[string]int    // card id → its place by name (under mu)
	rowValues  map[string]template.HTML             // statistics values drawn (rowValue, under mu)
	// ls lays out the cards for their images when Options.CardImages is
	// nil: once per card and language.
	ls     *wbcards.Layouts
	lsOnce sync.Once
	errs   site.Errors
	f      *site.SiteFrame // the frame's state: what the layout reads
	// check: the pages' data is made (and checked) but no page, image or
	// index is written (Check).
	check    bool
	pageKeys *pageKeys // with Options.Pages
	tiles    *tileMemo
	frags    *fragmentMemo
}

// Build builds the whole site from the catalog. Content errors (an unknown
// card in [[...]], an unknown icon, a broken link between rules pages)
// come back as Errors, each with its file:line:col.
func Build(cat *wbcatalog.Catalog, opts Options) (site.Files, error) {
	files, err := build(cat, opts, false)
	if afterBuild != nil {
		afterBuild(cat, opts, err)
	}
	return files, err
}

// Check returns what [Build] returns as its error, and builds nothing:
// every page's data is made, with the content checks that go with it
// (rules pages and their links and anchors, card texts, ids, Action
// boards and scenario maps), but no template is executed and no card
// image drawn. `wbtool validate` runs it: a site that checks builds.
//
// The two agree because they are one code path: Check is Build with the
// writing steps left out (builder.check). Those steps cannot report a
// content problem — a template that fails on some content is a bug, and
// the tests execute every template (and compare Check with every Build
// of the package's tests).
func Check(cat *wbcatalog.Catalog, opts Options) error {
	_, err := build(cat, opts, true)
	return err
}

// afterBuild and executed, when set (by the tests), see every Build's
// outcome and every template executed.
var (
	afterBuild func(cat *wbcatalog.Catalog, opts Options, err error)
	executed   func(template string)
)

func build(cat *wbcatalog.Catalog, opts Options, check bool) (site.Files, error) {
	b := &builder{
		check:      check,
		cat:        wbcards.Drafted(cat), // a missing translation shows the other language, marked
		opts:       opts,
		files:      site.Files{},
		exists:     map[string]bool{},
		ruleDefs:   map[wbcatalog.Lang]map[string]*site.Chapter{},
		chapters:   map[wbcatalog.Lang][]*site.Chapter{},
		skillCache: map[string]skillView{},
		searchMemo: map[wbcatalog.Lang]map[string]string{},
		nameRanks:  map[wbcatalog.Lang]map[string]int{},
	}
	if !check { // a check executes no template (render)
		var err error
		if b.tmpl, err = templates(); err != nil {
			return nil, err
		}
	}
	b.f = &site.SiteFrame{Label: b.label, LangName: func(l wbcatalog.Lang) string { return labels["lang.name"].In(l) },
		Base: b.baseURL(), Exists: b.exists, Styles: []string{"assets/style.css", "assets/factions.css"},
		Gloss: map[wbcatalog.Lang]*site.GlossLinker{}, GlossPage: "glossary/index.html",
		ChromeHook: func(c site.Chrome) any { return chrome{c, b} }}
	if errs := b.checkIDs(); len(errs) > 0 {
		return nil, errs.Sorted()
	}
	b.usage = b.computeUsage()
	chapters, errs, err := site.RenderChapters(b.cat.Rules, b.rulesOptions())
	if err != nil {
		return nil, err
	}
	b.errs = append(b.errs, errs...)
	for _, l := range wbcatalog.Langs {
		defs := map[string]*site.Chapter{}
		for i := range chapters[l] {
			c := &chapters[l][i]
			b.chapters[l] = append(b.chapters[l], c)
			for _, r := range c.Rules {
				defs[r] = c
			}
		}
		b.ruleDefs[l] = defs
	}
	b.plan()
	var static map[string]bool
	b.errs = append(b.errs, site.CheckChapterLinks(chapters, func(p string) bool {
		if static == nil {
			static = b.staticFiles()
		}
		return b.siteHas(p, static)
	})...)
	if len(b.errs) > 0 {
		return nil, b.errs.Sorted()
	}
	if opts.Pages != nil && !check {
		b.pageKeys = b.newPageKeys()
	}
	b.tiles = &tileMemo{t: b.tmpl["cards"], next: map[string]tile{}, off: site.NoTileMemo}
	b.frags = &fragmentMemo{t: b.tmpl["card"], m: map[string]string{}, off: site.NoTileMemo}
	if opts.Pages != nil {
		b.tiles.prev = opts.Pages.tiles
	}
	b.f.Nav = b.navItems()
	for _, l := range wbcatalog.Langs {
		b.f.Gloss[l] = site.NewGlossLinker(b.cat.Glossary, l, glossExact)
	}
	// The languages are built in parallel; they share only read-only
	// state, and put files and errors under the builder's lock.
	langErrs := make([]error, len(wbcatalog.Langs))
	var wg sync.WaitGroup
	var panics crash.Catcher // a panic is handed to the site stage
	for i, l := range wbcatalog.Langs {
		wg.Go(func() {
			defer panics.Catch()
			langErrs[i] = errors.Join(b.buildLang(l), b.buildErrata(l))
		})
	}
	wg.Wait()
	panics.Rethrow()
	if err := errors.Join(langErrs...); err != nil {
		return nil, err
	}
	if len(b.errs) > 0 {
		return nil, b.errs.Sorted()
	}
	if err := b.buildRoot(); err != nil {
		return nil, err
	}
	if b.check {
		return nil, nil
	}
	site.SharedAssets(b.files)
	b.files["assets/factions.css"] = b.factionCSS()
	b.builderFiles()
	b.f.RobotsAndSitemap(b.files)
	if b.pageKeys != nil {
		b.commitPages()
	}
	return b.files, nil
}

// baseURL is Options.BaseURL ending in a slash, or "".
func (b *builder) baseURL() string { return site.BaseURL(b.opts.BaseURL) }

// put stores a file of the site (none when checking).
func (b *builder) put(p string, data []byte) {
	if b.check {
		return
	}
	if b.opts.Emit != nil && b.opts.Emit(p, data) && b.pageKeys == nil {
		data = nil // written meanwhile: not held (the page cache reads its pages back)
	}
	b.mu.Lock()
	b.files[p] = data
	b.mu.Unlock()
}

// addErr records a content error.
func (b *builder) addErr(e diag.Diagnostic) {
	b.mu.Lock()
	b.errs = append(b.errs, e)
	b.mu.Unlock()
}

// render executes template name for page p and stores it.
func (b *builder) render(name string, p *page) error {
	if b.check {
		return nil
	}
	t, ok := b.tmpl[name]
	if !ok {
		return fmt.Errorf("site: no template %q", name)
	}
	path := string(p.Lang) + "/" + p.Path
	if p.AtRoot {
		path = p.Path
	}
	// card pages are keyed before their data is made (buildLang)
	var key [32]byte
	keyed := false
	if b.pageKeys != nil && name != "card" {
		key, keyed = b.pageKeys.otherKey(name, p.View)
		if keyed {
			if page, ok := b.reusePage(path, key, [2][]byte{}, false); ok {
				b.put(path, page)
				return nil
			}
		}
	}
	if executed != nil {
		executed(name)
	}
	out, err := b.f.Execute(t, p.View)
	if err != nil {
		return err
	}
	b.put(path, out)
	if keyed {
		b.keepPage(path, key, [2][]byte{}, out)
	}
	return nil
}

// checkIDs makes sure that every id that names a page or a folder is
// lower-case kebab, so that no content can make a path such as
// "../../x" (the loader checks this too; a file name is not the place to
// trust it).
func (b *builder) checkIDs() site.Errors {
	var errs site.Errors
	check := func(kind, id string, pos wbcatalog.Pos) {
		if !site.SafeClass.MatchString(id) {
			errs = append(errs, diag.Diagnostic{Pos: pos, Msg: fmt.Sprintf("%s id %q cannot name a page: use lower-case letters, digits and hyphens", kind, id)})
		}
	}
	for _, c := range b.allCards() {
		check(string(c.Kind), c.ID, c.Pos)
	}
	for _, f := range b.cat.Factions {
		check("faction", f.ID, f.Pos)
	}
	for _, d := range b.cat.Decks {
		check("deck", d.ID, d.Pos)
	}
	return errs
}

// layouts is the build's card layouts (for the images when
// Options.CardImages is nil).
func (b *builder) layouts() *wbcards.Layouts {
	b.lsOnce.Do(func() { b.ls = wbcards.NewLayouts(b.cat) })
	return b.ls
}

// glossActions are the action kinds whose glossary entries, by
// convention "action-<kind>", name the actions: matched only with the
// glossary's case (glossExact).
var glossActions = []wbcatalog.Action{wbcatalog.ActMove, wbcatalog.ActRun, wbcatalog.ActFight, wbcatalog.ActShoot, wbcatalog.ActAim, wbcatalog.ActHide}

// glossExact tells the glossary terms matched only with the glossary's
// case: the actions'.
func glossExact(id string) bool {
	for _, a := range glossActions {
		if id == "action-"+string(a) {
			return true
		}
	}
	return false
}
