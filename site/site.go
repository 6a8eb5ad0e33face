// Package site builds the static bilingual Warbound site from the catalog:
// the rules in English and French (Markdown rendered with goldmark), a
// card database with a page per card per language, faction and card-type
// indexes, deck pages, a glossary, a search index with a small script, and
// a sitemap.
//
// Build returns the files in memory; only the CLI writes them (under
// dist/site/). Every link is relative and ends in index.html, so the site
// works from file:// and from any static host. Pages read fully without
// JavaScript; search is progressive enhancement. No page makes an
// external request.
//
// Safety: every content string goes through html/template. The only
// template.HTML values are made in trusted.go: goldmark output in safe mode
// after sanitize, card text rendered by cardText from markup runs, and this
// package's own icon drawings. The tests build a site from hostile content
// and scan every page for scripts, event handlers and dangerous URLs.
package site

import (
	"errors"
	"fmt"
	"html/template"
	"path"
	"sort"
	"strings"
	"sync"
	"wbtool.dev/wbtool/schema/designref"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/render"
)

// Files is a built site: slash paths relative to the site root (e.g.
// "en/cards/copp/index.html") mapped to their bytes.
type Files map[string][]byte

// Paths returns the file paths in sorted order.
func (f Files) Paths() []string {
	out := make([]string, 0, len(f))
	for p := range f {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

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
	// means the faces of the print sheets, laid out by a render.Layouts of
	// the build's own (Layouts.SVG, as render.SVG draws them). An error for
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
	// files are still the site; a file may be handed twice or not at all.
	Emit func(p string, data []byte)

	// Reference, when set, adds the pages for designers (designers.go).
	Reference *designref.Reference
}

// builder holds the state of one build.
type builder struct {
	cat        *wbcatalog.Catalog
	opts       Options
	files      Files
	tmpl       map[string]*template.Template
	exists     map[string]bool
	ruleDefs   map[wbcatalog.Lang]map[string]*chapter
	chapters   map[wbcatalog.Lang][]*chapter
	usage      *usage
	mu         sync.Mutex // guards files and errs while the languages build in parallel
	cardList   []card
	skillCache map[string]skillView                 // lang/id → rendered skill (under mu)
	searchMemo map[wbcatalog.Lang]map[string]string // card text → its search words (under mu)
	nameRanks  map[wbcatalog.Lang]map[string]int    // card id → its place by name (under mu)
	rowValues  map[string]template.HTML             // statistics values drawn (rowValue, under mu)
	// ls lays out the cards for their images when Options.CardImages is
	// nil: once per card and language.
	ls     *render.Layouts
	lsOnce sync.Once
	errs   Errors
	f      *siteFrame    // the frame's state: what the layout reads
	rules  *rulesDialect // nil: Warbound's
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
func Build(cat *wbcatalog.Catalog, opts Options) (Files, error) {
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
// outcome and every template executed; noTileMemo (tests) draws every
// card tile, skill block and shared fragment of the layout with its
// template, each time (the fragments from the page itself).
var (
	noTileMemo bool
	afterBuild func(cat *wbcatalog.Catalog, opts Options, err error)
	executed   func(template string)
)

func build(cat *wbcatalog.Catalog, opts Options, check bool) (Files, error) {
	b := &builder{
		check:      check,
		cat:        render.Drafted(cat), // a missing translation shows the other language, marked
		opts:       opts,
		files:      Files{},
		exists:     map[string]bool{},
		ruleDefs:   map[wbcatalog.Lang]map[string]*chapter{},
		chapters:   map[wbcatalog.Lang][]*chapter{},
		skillCache: map[string]skillView{},
		searchMemo: map[wbcatalog.Lang]map[string]string{},
		nameRanks:  map[wbcatalog.Lang]map[string]int{},
	}
	var err error
	if b.tmpl, err = templates(); err != nil {
		return nil, err
	}
	b.f = &siteFrame{label: b.label, langName: func(l wbcatalog.Lang) string { return labels["lang.name"].In(l) },
		base: b.baseURL(), exists: b.exists, styles: []string{"assets/style.css", "assets/factions.css"},
		gloss: map[wbcatalog.Lang]*glossLinker{}, glossPage: "glossary/index.html"}
	if errs := b.checkIDs(); len(errs) > 0 {
		return nil, errs.Sorted()
	}
	b.usage = b.computeUsage()
	for _, l := range wbcatalog.Langs {
		md := newMarkdown(l)
		chs, errs := b.parseChapters(md, l)
		b.errs = append(b.errs, errs...)
		b.errs = append(b.errs, b.resolveChapters(chs, l)...)
		if err := b.renderChapters(md, chs); err != nil {
			return nil, err
		}
		b.chapters[l] = chs
	}
	b.plan()
	b.errs = append(b.errs, b.checkSiteLinks()...)
	if len(b.errs) > 0 {
		return nil, b.errs.Sorted()
	}
	if opts.Pages != nil && !check {
		b.pageKeys = b.newPageKeys()
	}
	b.tiles = &tileMemo{t: b.tmpl["cards"], next: map[string]tile{}, off: noTileMemo}
	b.frags = &fragmentMemo{t: b.tmpl["card"], m: map[string]string{}, off: noTileMemo}
	if opts.Pages != nil {
		b.tiles.prev = opts.Pages.tiles
	}
	b.f.nav = b.navItems()
	for _, l := range wbcatalog.Langs {
		b.f.gloss[l] = newGlossLinker(b.cat.Glossary, l, nil)
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
	sharedAssets(b.files)
	b.files["assets/factions.css"] = b.factionCSS()
	b.builderFiles()
	b.f.robotsAndSitemap(b.files)
	if b.pageKeys != nil {
		b.commitPages()
	}
	return b.files, nil
}

// other returns the other language.
func other(l wbcatalog.Lang) wbcatalog.Lang {
	if l == wbcatalog.French {
		return wbcatalog.English
	}
	return wbcatalog.French
}

// page is what every template gets.
type page struct {
	f       *siteFrame // the frame: every page has it
	b       *builder   // Warbound's pages: the builder (nil on another game's)
	Lang    wbcatalog.Lang
	Path    string // language-relative page path, e.g. "cards/copp/index.html"
	Title   string
	Section string // "home", "rules", "cards", "decks", "glossary", "checks"
	Data    any
	// Description is the page's meta description (and Open Graph's); ""
	// gives the site's.
	Description string
	// Image is the page's Open Graph image, relative to the page; "" for
	// none.
	Image  string
	atRoot bool // the page sits at the site root, not in its language folder (404.html)
	// anyDepth: the page is served for missing paths at any depth (the
	// 404 pages), so its links start at the site's address (BaseURL), or
	// at the host's root without one.
	anyDepth bool
	// wasm: the page runs WebAssembly (the deck builder), which its
	// Content-Security-Policy must allow ('wasm-unsafe-eval': compiling a
	// module, not eval of strings).
	wasm bool
	// tmpl is the template set drawing the page (its fragments too:
	// Shared).
	tmpl *template.Template
}

// WASM reports whether the page's CSP allows WebAssembly.
func (p *page) WASM() bool { return p.wasm }

// Root is the path from the page to the site root.
func (p *page) Root() string {
	switch {
	case p.anyDepth:
		if p.f.base != "" {
			return p.f.base
		}
		return "/"
	case p.atRoot:
		return ""
	}
	return strings.Repeat("../", strings.Count(p.Path, "/")+1)
}

// Link returns the URL of a page of the same language: relative, or from
// the root for a page served at any depth.
func (p *page) Link(target string) string {
	if p.atRoot || p.anyDepth {
		return p.Root() + string(p.Lang) + "/" + target
	}
	return relPath(p.Path, target)
}

// baseURL is Options.BaseURL ending in a slash, or "".
func (b *builder) baseURL() string { return baseURL(b.opts.BaseURL) }

// Canonical is the page's published address, or "" without a BaseURL.
func (p *page) Canonical() string {
	if p.anyDepth || p.atRoot {
		return ""
	}
	return p.f.absURL(string(p.Lang) + "/" + p.Path)
}

// Alternates are the hreflang links of the page: itself, the other
// language and the root page, absolute with a BaseURL.
func (p *page) Alternates() []link {
	if p.anyDepth {
		return nil // a 404 page is no page of the site
	}
	self, alt, root := p.Link(p.Path), p.AltLink(), p.Asset("index.html")
	if base := p.f.base; base != "" {
		self = p.f.absURL(string(p.Lang) + "/" + p.Path)
		alt = p.f.absURL(string(p.AltLang()) + "/" + p.altPath())
		root = base
	}
	return []link{{Href: self, Lang: string(p.Lang)}, {Href: alt, Lang: string(p.AltLang())}, {Href: root, Lang: "x-default"}}
}

// NoIndex reports whether search engines should leave the page out (the
// 404 pages).
func (p *page) NoIndex() bool { return p.anyDepth }

// MetaDescription is the page's description.
func (p *page) MetaDescription() string {
	if p.Description != "" {
		return p.Description
	}
	return p.T("home.intro")
}

// OGImage is the absolute address of the page's image, or "".
func (p *page) OGImage() string {
	if p.Image == "" || p.f.base == "" {
		return ""
	}
	return p.f.absURL(string(p.Lang) + "/" + path.Join(path.Dir(p.Path), p.Image))
}

// OGLocale is the page's language as Open Graph writes it.
func (p *page) OGLocale() string {
	if p.Lang == wbcatalog.French {
		return "fr_FR"
	}
	return "en_GB"
}

// Asset returns the relative URL of a file at the site root.
func (p *page) Asset(target string) string { return p.Root() + target }

// T returns an interface word in the page's language.
func (p *page) T(key string) string { return p.f.label(key, p.Lang) }

// AltLang is the other language.
func (p *page) AltLang() wbcatalog.Lang { return other(p.Lang) }

// AltLink is the same page in the other language, or its home page.
func (p *page) AltLink() string {
	return p.Root() + string(other(p.Lang)) + "/" + p.altPath()
}

// altPath is the path of the page in the other language, or of its home
// page.
func (p *page) altPath() string {
	if p.anyDepth || !p.f.exists[string(other(p.Lang))+"/"+p.Path] {
		return "index.html"
	}
	return p.Path
}

// AltName is the name of the other language, in that language.
func (p *page) AltName() string { return p.f.langName(other(p.Lang)) }

// FullTitle is the <title> of the page.
func (p *page) FullTitle() string {
	site := p.T("site.title")
	if p.Title == "" || p.Title == site {
		return site + " — " + p.T("site.tagline")
	}
	return p.Title + " — " + site
}

// Is reports whether the page is in the navigation section s.
func (p *page) Is(s string) bool { return p.Section == s }

// relPath returns the relative URL from page from to page to, both
// slash paths relative to the same folder.
func relPath(from, to string) string {
	fd := strings.Split(path.Dir(from), "/")
	if path.Dir(from) == "." {
		fd = nil
	}
	td := strings.Split(to, "/")
	i := 0
	for i < len(fd) && i < len(td)-1 && fd[i] == td[i] {
		i++
	}
	return strings.Repeat("../", len(fd)-i) + strings.Join(td[i:], "/")
}

// put stores a file of the site (none when checking).
func (b *builder) put(p string, data []byte) {
	if b.check {
		return
	}
	b.mu.Lock()
	b.files[p] = data
	b.mu.Unlock()
	if b.opts.Emit != nil {
		b.opts.Emit(p, data)
	}
}

// addErr records a content error.
func (b *builder) addErr(e diag.Diagnostic) {
	b.mu.Lock()
	b.errs = append(b.errs, e)
	b.mu.Unlock()
}

// render executes template name for page p and stores it.
func (b *builder) render(name string, p *page) error {
	t, ok := b.tmpl[name]
	if !ok {
		return fmt.Errorf("site: no template %q", name)
	}
	if b.check {
		return nil
	}
	path := string(p.Lang) + "/" + p.Path
	if p.atRoot {
		path = p.Path
	}
	// card pages are keyed before their data is made (buildLang)
	var key [32]byte
	keyed := false
	if b.pageKeys != nil && name != "card" {
		key, keyed = b.pageKeys.otherKey(name, p)
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
	out, err := b.f.execute(t, p)
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
func (b *builder) checkIDs() Errors {
	var errs Errors
	check := func(kind, id string, pos wbcatalog.Pos) {
		if !safeClass.MatchString(id) {
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
func (b *builder) layouts() *render.Layouts {
	b.lsOnce.Do(func() { b.ls = render.NewLayouts(b.cat) })
	return b.ls
}
