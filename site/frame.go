package site

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"strings"
	"sync"
	"wbtool.dev/wbtool/lang"
)

// The site frame (issue 19): what every game's site shares. Warbound's
// site (this package's builder) and any other ruleset's site (package
// games/warstuff) are drawn in the same frame:
//
//   - the layout (frame/layout.html) and a rules chapter's page
//     (frame/chapter.html, "chapter-page"): head with the Content-Security-
//     Policy, description, canonical and hreflang links, Open Graph; the
//     header with the brand, the language switch and the navigation; the
//     footer; the shared stylesheet and script (assets/style.css,
//     assets/site.js) and icon (assets/favicon.svg);
//   - the root page choosing a language (frame/root.html), the 404
//     pages, sitemap.xml (with an address) and robots.txt;
//   - glossary-term links: the first use of each term in the text of a
//     gloss-scope or card-text element links to the glossary;
//   - the search: assets/search.js reads an index made by [SearchIndex].
//
// A ruleset contributes its pages with [Frame.Build]: its templates
// (each defines "content", and may define "head", "scripts" and
// "footer"), one [Page] per page and language, its navigation and
// interface words. Templates read the page's methods: .T "key" (a
// label), .Link "path" (a page of the same language, relative),
// .Asset "path" (a file at the site root), .Data (the page's data),
// .Title, .Lang, .AltLink.

//go:embed frame/*.html
var frameFS embed.FS

// NoTileMemo (tests) draws every card tile, skill block and shared
// fragment of the layout with its template, each time (the fragments
// from the page itself).
var NoTileMemo bool

// SiteFrame is the game-neutral state of one site build: what the
// layout reads on every page.
type SiteFrame struct {
	Label    func(key string, l lang.Lang) string
	LangName func(l lang.Lang) string // a language's name in itself
	Base     string                   // the site's address ending in "/", or ""
	Exists   map[string]bool          // every page, "en/cards/x/index.html"
	Nav      []NavItem
	Styles   []string // stylesheets at the site root
	Gloss    map[lang.Lang]*GlossLinker
	// Langs are the site's languages, in order (nil: lang.Langs).
	Langs []lang.Lang
	// glossPage is the glossary's path in a language folder: its terms
	// LinkItem there, and it links none.
	GlossPage string
	// Version is Frame.Version.
	Version string

	sharedMu sync.Mutex
	shared   map[sharedKey]template.HTML // the layout's fragments drawn (page.Shared)
	// chrome, when set, is what a shared fragment reads for a chrome (a
	// game's chrome with methods of its own); nil: the chrome itself.
	ChromeHook func(c Chrome) any
}

// NavItem is a section of the navigation.
type NavItem struct {
	Section string // a Page's Section: the item is marked current there
	Path    string // the page it opens, relative to the language folder
	Label   string // the label key of its text
}

// navLink is a navigation item as a page shows it.
type navLink struct {
	Href, Label string
	Current     bool
}

// Nav is the page's navigation.
func (p *View) Nav() []navLink {
	out := make([]navLink, 0, len(p.Site.Nav))
	for _, n := range p.Site.Nav {
		out = append(out, navLink{Href: p.Link(n.Path), Label: p.T(n.Label), Current: p.Section == n.Section})
	}
	return out
}

// Styles are the page's stylesheets, relative to it.
func (p *View) Styles() []string {
	out := make([]string, 0, len(p.Site.Styles))
	for _, s := range p.Site.Styles {
		out = append(out, p.Asset(s))
	}
	return out
}

// Execute renders page p with template t (a layout clone with the page's
// "content"), its glossary terms linked.
func (f *SiteFrame) Execute(t *template.Template, p *View) ([]byte, error) {
	p.tmpl = t
	var buf bytes.Buffer
	buf.Grow(16 << 10) // most pages: fewer copies as it grows
	drawn, err := drawLayout(t, p, &buf)
	if err == nil && !drawn {
		buf.Reset()
		err = t.ExecuteTemplate(&buf, "layout", p.data())
	}
	if err != nil {
		return nil, fmt.Errorf("site: page %s/%s: %w", p.Lang, p.Path, err)
	}
	if p.AtRoot || p.Path == f.GlossPage {
		return buf.Bytes(), nil
	}
	return f.Gloss[p.Lang].link(buf.Bytes(), p.Link(f.GlossPage)), nil
}

// SharedAssets are the frame's files at the site root.
func SharedAssets(files Files) {
	files["assets/style.css"] = []byte(StyleCSS)
	files["assets/search.js"] = []byte(searchJS)
	files["assets/site.js"] = []byte(SiteJS)
	files["assets/favicon.svg"] = []byte(FaviconSVG)
}

// RobotsAndSitemap writes robots.txt, and with an address sitemap.xml.
func (f *SiteFrame) RobotsAndSitemap(files Files) {
	robots := "User-agent: *\nAllow: /\n"
	if f.Base != "" {
		// The sitemap protocol wants absolute URLs: without the site's
		// address there is no sitemap.
		files["sitemap.xml"] = SitemapLangs(f.Base, f.Exists, f.langs())
		robots += "Sitemap: " + f.Base + "sitemap.xml\n"
	}
	files["robots.txt"] = []byte(robots)
}

// langs are the site's languages.
func (f *SiteFrame) langs() []lang.Lang {
	if f.Langs == nil {
		return lang.Langs
	}
	return f.Langs
}

// absURL is the published address of a file of the site ("en/cards/x/"
// for "en/cards/x/index.html"), or "" without an address.
func (f *SiteFrame) absURL(sitePath string) string {
	if f.Base == "" {
		return ""
	}
	return f.Base + strings.TrimSuffix(sitePath, "index.html")
}

// RootPage is the site's index.html: a choice of language.
func (f *SiteFrame) RootPage(t *template.Template) ([]byte, error) {
	type langLink struct {
		Lang, Href, AltHref, Name, Tagline string
	}
	var ls []langLink
	for _, l := range f.langs() {
		ll := langLink{Lang: string(l), Href: string(l) + "/index.html", AltHref: string(l) + "/index.html", Name: f.LangName(l),
			Tagline: f.Label("site.tagline", l)}
		if abs := f.absURL(ll.Href); abs != "" {
			ll.AltHref = abs
		}
		ls = append(ls, ll)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "root", map[string]any{"Langs": ls, "Title": f.Label("site.title", lang.English),
		"Description": f.Label("home.intro", lang.English), "Canonical": f.absURL("index.html")}); err != nil {
		return nil, fmt.Errorf("site: root page: %w", err)
	}
	return buf.Bytes(), nil
}

// RootTemplate is the root page's template.
var RootTemplate = template.Must(template.ParseFS(frameFS, "frame/root.html"))

// LayoutTemplate parses the frame's layout and the files of fsys matching
// patterns (shared definitions), for page templates to be added to a
// clone of it.
func LayoutTemplate(funcs template.FuncMap, fsys fs.FS, patterns ...string) (*template.Template, error) {
	t, err := template.New("layout.html").Funcs(funcs).ParseFS(frameFS, "frame/layout.html", "frame/chapter.html", "frame/search.html")
	if err != nil {
		return nil, fmt.Errorf("site frame: %w", err)
	}
	for _, pat := range patterns {
		if t, err = t.ParseFS(fsys, pat); err != nil {
			return nil, fmt.Errorf("site templates: %w", err)
		}
	}
	return t, nil
}

// ---------------------------------------------------------------------------
// The API a ruleset uses.

// Frame is what a game gives the shared frame to build its site.
type Frame struct {
	// Label gives an interface word in a language. The frame reads
	// site.title, site.tagline, home.intro (the site's description),
	// nav.skip, lang.switch, lang.name (a language's name in itself) and
	// footer.text; a game's templates read their own keys.
	Label func(key string, l lang.Lang) string

	// BaseURL is the address the site will be published at, as
	// Options.BaseURL: with it, a sitemap, canonical links, absolute
	// hreflang alternates and Open Graph addresses.
	BaseURL string

	// Nav are the sections of the navigation, in order.
	Nav []NavItem

	// Langs are the site's languages, in order (nil: English and
	// French): a page per language, the language switch listing each,
	// hreflang alternates, the sitemap, the root page's choice.
	Langs []lang.Lang

	// Styles are the game's stylesheets at the site root (in Files),
	// after assets/style.css.
	Styles []string

	// Templates holds the game's page templates: each file *.html at its
	// root defines "content" (and may define "head", "scripts",
	// "footer"), and is named by its file name without .html in
	// Page.Template. A file named shared.html holds definitions every
	// template may use, and is no page template.
	Templates fs.FS

	// Glossary are the terms linked from the text of gloss-scope and
	// card-text elements to GlossaryPage#term-<id> (a path in the
	// language folder); nil links none. Exact, when set, tells the terms
	// (by id) matched only with the case the glossary writes them in:
	// names of special rules, written with a capital, that are also plain
	// words ("Fast", "Slow").
	Glossary     []lang.Term
	GlossaryPage string
	Exact        func(id string) bool

	// Version is the content's version as printed ("v0.1"), shown in the
	// frame's footer after the site's title, as on the sheets; "" shows
	// none.
	Version string
}

// Page is a page of a game's site, in one language.
type Page struct {
	Lang     lang.Lang
	Path     string // relative to the language folder: "profiles/x.html"
	Template string // a template of Frame.Templates
	Title    string
	Section  string // the navigation item marked current
	// Description is its meta description (and Open Graph's); "" gives
	// the site's (home.intro).
	Description string
	// Image is its Open Graph image, relative to the page; "" for none.
	Image string
	// Data is what its template reads as .Data.
	Data any
	// WASM: the page runs WebAssembly, which its Content-Security-Policy
	// then allows ('wasm-unsafe-eval').
	WASM bool
}

// Build draws pages in the frame and returns the site: every page, with
// each language's 404.html page (a Page of that path, served at any
// depth) also at the site's root in English; the root page choosing a
// language; the frame's assets; robots.txt, and with a BaseURL
// sitemap.xml. Every language must have the same pages, or the language
// switch leads to the other language's home page.
func (f Frame) Build(pages []Page) (Files, error) {
	if f.Label == nil || f.Templates == nil {
		return nil, errors.New("site frame: Label and Templates are required")
	}
	sf := &SiteFrame{Label: f.Label, Base: BaseURL(f.BaseURL), Exists: map[string]bool{}, Nav: f.Nav,
		Styles: append([]string{"assets/style.css"}, f.Styles...), Gloss: map[lang.Lang]*GlossLinker{}, GlossPage: f.GlossaryPage, Version: f.Version}
	sf.Langs = f.Langs
	sf.LangName = func(l lang.Lang) string {
		if l != lang.English && l != lang.French {
			return l.Endonym()
		}
		return f.Label("lang.name", l)
	}
	if f.Glossary != nil && f.GlossaryPage != "" {
		for _, l := range sf.langs() {
			sf.Gloss[l] = NewGlossLinker(f.Glossary, l, f.Exact)
		}
	}
	tmpl, err := gameTemplates(f.Templates)
	if err != nil {
		return nil, err
	}
	for _, p := range pages {
		sf.Exists[string(p.Lang)+"/"+p.Path] = true
	}
	files := Files{}
	var notFound *Page
	for i := range pages {
		pg := &pages[i]
		t, ok := tmpl[pg.Template]
		if !ok {
			return nil, fmt.Errorf("site: no template %q for %s/%s", pg.Template, pg.Lang, pg.Path)
		}
		p := &View{Site: sf, Lang: pg.Lang, Path: pg.Path, Title: pg.Title, Section: pg.Section, Data: pg.Data,
			Description: pg.Description, Image: pg.Image, HasWasm: pg.WASM, AnyDepth: pg.Path == "404.html"}
		out, err := sf.Execute(t, p)
		if err != nil {
			return nil, err
		}
		files[string(pg.Lang)+"/"+pg.Path] = out
		if p.AnyDepth && pg.Lang == lang.English {
			notFound = pg
		}
	}
	root, err := sf.RootPage(RootTemplate)
	if err != nil {
		return nil, err
	}
	files["index.html"] = root
	if notFound != nil {
		p := &View{Site: sf, Lang: notFound.Lang, Path: notFound.Path, Title: notFound.Title, Data: notFound.Data, AtRoot: true, AnyDepth: true}
		if files["404.html"], err = sf.Execute(tmpl[notFound.Template], p); err != nil {
			return nil, err
		}
	}
	SharedAssets(files)
	sf.RobotsAndSitemap(files)
	return files, nil
}

// gameTemplates parses a game's page templates, each on a clone of the
// layout with the game's shared.html.
func gameTemplates(fsys fs.FS) (map[string]*template.Template, error) {
	var shared []string
	if _, err := fs.Stat(fsys, "shared.html"); err == nil {
		shared = []string{"shared.html"}
	}
	layout, err := LayoutTemplate(nil, fsys, shared...)
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(fsys, "*.html")
	if err != nil {
		return nil, err
	}
	out := map[string]*template.Template{}
	for _, n := range names {
		if n == "shared.html" {
			continue
		}
		t, err := template.Must(layout.Clone()).ParseFS(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("site templates: %w", err)
		}
		out[strings.TrimSuffix(path.Base(n), ".html")] = t
	}
	return out, nil
}

// BaseURL is an address ending in a slash, or "".
func BaseURL(s string) string {
	if s != "" && !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s
}

// Chrome is what the layout's shared fragments (page.Shared) may read of
// a page: its language, section, whether it runs WebAssembly, and where
// it sits — its depth and first folder, which decide its links to the
// site's root, its assets and the index page of every section. Its page
// is one with those and nothing else (no title, path or data): its
// methods give what the page's would, and Link refuses a target deeper
// than a section's index page.
type Chrome struct{ p *View }

// chromeOf returns page p's chrome, and the key of everything it holds.
func chromeOf(p *View) (Chrome, chromeKey) {
	place := "index.html"
	if d := path.Dir(p.Path); d != "." {
		dirs := strings.Split(d, "/")
		place = dirs[0] + strings.Repeat("/_", len(dirs)-1) + "/index.html"
	}
	c := &View{Site: p.Site, Lang: p.Lang, Path: place, Section: p.Section, AtRoot: p.AtRoot, AnyDepth: p.AnyDepth, HasWasm: p.HasWasm}
	return Chrome{c}, chromeKey{lang: p.Lang, section: p.Section, place: place, atRoot: p.AtRoot, anyDepth: p.AnyDepth, wasm: p.HasWasm}
}

// chromeKey is a chrome's contents.
type chromeKey struct {
	lang                   lang.Lang
	section, place         string
	atRoot, anyDepth, wasm bool
}

// sharedKey names a fragment drawn for a chrome with a template set.
type sharedKey struct {
	t      *template.Template
	name   string
	chrome chromeKey
}

// T is the page's T.
func (c Chrome) T(key string) string { return c.p.T(key) }

// Link is the page's Link, for the root page and the index pages of
// sections ("index.html", "cards/index.html").
func (c Chrome) Link(target string) (string, error) {
	if strings.Count(target, "/") > 1 {
		return "", fmt.Errorf("site: a shared fragment links %q, deeper than a section's index page", target)
	}
	return c.p.Link(target), nil
}

// Asset is the page's Asset.
func (c Chrome) Asset(target string) string { return c.p.Asset(target) }

// Styles are the page's stylesheets.
func (c Chrome) Styles() []string { return c.p.Styles() }

// Nav is the page's navigation.
func (c Chrome) Nav() []navLink { return c.p.Nav() }

// Is is the page's Is.
func (c Chrome) Is(s string) bool { return c.p.Is(s) }

// WASM is the page's WASM.
func (c Chrome) WASM() bool { return c.p.WASM() }

// ContentVersion is the page's ContentVersion.
func (c Chrome) ContentVersion() string { return c.p.ContentVersion() }

// View is the chrome's page: one with the chrome's language, section and
// place, and nothing else.
func (c Chrome) View() *View { return c.p }

// Shared is the layout's fragment name (a template of the page's set that
// reads only the page's chrome: see chrome) for this page: drawn once per
// build for every page with the same chrome. Every page has a navigation,
// a footer and the links of its head: drawn once, they cost a fraction.
func (p *View) Shared(name string) (template.HTML, error) {
	if p.tmpl == nil {
		return "", fmt.Errorf("site: fragment %s outside a page", name)
	}
	if NoTileMemo { // tests: drawn from the page itself, every time
		var sb strings.Builder
		err := p.tmpl.ExecuteTemplate(&sb, name, p.data())
		return fragmentHTML(sb.String()), err
	}
	c, ck := chromeOf(p)
	k := sharedKey{p.tmpl, name, ck}
	f := p.Site
	f.sharedMu.Lock()
	h, ok := f.shared[k]
	f.sharedMu.Unlock()
	if ok {
		return h, nil
	}
	var sb strings.Builder
	var data any = c
	if f.ChromeHook != nil {
		data = f.ChromeHook(c)
	}
	if err := p.tmpl.ExecuteTemplate(&sb, name, data); err != nil {
		return "", err
	}
	h = fragmentHTML(sb.String())
	f.sharedMu.Lock()
	if f.shared == nil {
		f.shared = map[sharedKey]template.HTML{}
	}
	f.shared[k] = h
	f.sharedMu.Unlock()
	return h, nil
}

// StyleCSS is the frame's style sheet (assets/style.css).
//
//go:embed assets/style.css
var StyleCSS string

//go:embed assets/search.js
var searchJS string

// SiteJS is the frame's script (assets/site.js).
//
//go:embed assets/site.js
var SiteJS string

// FaviconSVG is the site's icon (assets/favicon.svg).
//
//go:embed assets/favicon.svg
var FaviconSVG string

// Favicon is the site's icon (assets/favicon.svg), for other games'
// sites too.
func Favicon() []byte { return []byte(FaviconSVG) }
