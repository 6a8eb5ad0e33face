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
	"html/template"
	"path"
	"sort"
	"strings"
	"wbtool.dev/wbtool/lang"
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

// OtherLang returns the other language.
// (English's is French, any other's English).
func OtherLang(l lang.Lang) lang.Lang {
	if l == lang.English {
		return lang.French
	}
	return lang.English
}

// View is a page as the frame draws it: what every template gets (or a
// game's page holding it, self).
type View struct {
	Site *SiteFrame // the frame: every page has it
	// self is what the page's templates read as "." (a game's page that
	// holds this view, with methods of its own); nil: the view itself.
	Self any
	// fast: the layout around the page's content is written in Go
	// (drawLayout) rather than by executing the layout template.
	Fast    bool
	Lang    lang.Lang
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
	AtRoot bool // the page sits at the site root, not in its language folder (404.html)
	// anyDepth: the page is served for missing paths at any depth (the
	// 404 pages), so its links start at the site's address (BaseURL), or
	// at the host's root without one.
	AnyDepth bool
	// wasm: the page runs WebAssembly (the deck builder), which its
	// Content-Security-Policy must allow ('wasm-unsafe-eval': compiling a
	// module, not eval of strings).
	HasWasm bool
	// tmpl is the template set drawing the page (its fragments too:
	// Shared).
	tmpl *template.Template
}

// data is what the page's templates read as ".".
func (p *View) data() any {
	if p.Self != nil {
		return p.Self
	}
	return p
}

// ContentVersion is the content's version as the footer shows it
// (Frame.Version): "" for none.
func (p *View) ContentVersion() string { return p.Site.Version }

// WASM reports whether the page's CSP allows WebAssembly.
func (p *View) WASM() bool { return p.HasWasm }

// Root is the path from the page to the site root.
func (p *View) Root() string {
	switch {
	case p.AnyDepth:
		if p.Site.Base != "" {
			return p.Site.Base
		}
		return "/"
	case p.AtRoot:
		return ""
	}
	return strings.Repeat("../", strings.Count(p.Path, "/")+1)
}

// Link returns the URL of a page of the same language: relative, or from
// the root for a page served at any depth.
func (p *View) Link(target string) string {
	if p.AtRoot || p.AnyDepth {
		return p.Root() + string(p.Lang) + "/" + target
	}
	return relPath(p.Path, target)
}

// Canonical is the page's published address, or "" without a BaseURL.
func (p *View) Canonical() string {
	if p.AnyDepth || p.AtRoot {
		return ""
	}
	return p.Site.absURL(string(p.Lang) + "/" + p.Path)
}

// Alternates are the hreflang links of the page: itself, the other
// languages (the switch's first) and the root page, absolute; none
// without a BaseURL (search engines read only absolute hreflang
// addresses: relative ones are errors, and the language switch links the
// other languages anyway).
func (p *View) Alternates() []LinkItem {
	base := p.Site.Base
	if p.AnyDepth || base == "" {
		return nil // a 404 page is no page of the site
	}
	out := []LinkItem{{Href: p.Site.absURL(string(p.Lang) + "/" + p.Path), Lang: string(p.Lang)}}
	for _, l := range p.others() {
		out = append(out, LinkItem{Href: p.Site.absURL(string(l) + "/" + p.pathIn(l)), Lang: string(l)})
	}
	return append(out, LinkItem{Href: base, Lang: "x-default"})
}

// NoIndex reports whether search engines should leave the page out (the
// 404 pages).
func (p *View) NoIndex() bool { return p.AnyDepth }

// MetaDescription is the page's description.
func (p *View) MetaDescription() string {
	if p.Description != "" {
		return p.Description
	}
	return p.T("home.intro")
}

// OGImage is the absolute address of the page's image, or "".
func (p *View) OGImage() string {
	if p.Image == "" || p.Site.Base == "" {
		return ""
	}
	return p.Site.absURL(string(p.Lang) + "/" + path.Join(path.Dir(p.Path), p.Image))
}

// OGLocale is the page's language as Open Graph writes it.
func (p *View) OGLocale() string {
	switch p.Lang {
	case lang.English:
		return "en_GB"
	case lang.French:
		return "fr_FR"
	}
	return p.Lang.Locale()
}

// Asset returns the relative URL of a file at the site root.
func (p *View) Asset(target string) string { return p.Root() + target }

// T returns an interface word in the page's language.
func (p *View) T(key string) string { return p.Site.Label(key, p.Lang) }

// AltLang is the other language: the language switch's first link
// (English's is French, any other's English).
func (p *View) AltLang() lang.Lang { return OtherLang(p.Lang) }

// AltLink is the same page in the other language, or its home page.
func (p *View) AltLink() string {
	return p.Root() + string(OtherLang(p.Lang)) + "/" + p.AltPath()
}

// AltPath is the path of the page in the other language, or of its home
// page.
func (p *View) AltPath() string { return p.pathIn(OtherLang(p.Lang)) }

// pathIn is the path of the page in language l, or of l's home page.
func (p *View) pathIn(l lang.Lang) string {
	if p.AnyDepth || !p.Site.Exists[string(l)+"/"+p.Path] {
		return "index.html"
	}
	return p.Path
}

// AltName is the name of the other language, in that language.
func (p *View) AltName() string { return p.Site.LangName(OtherLang(p.Lang)) }

// SwitchLabel is the language switch's title: lang.switch, written for
// English's and French's pages; a page in another language says the
// other language's name.
func (p *View) SwitchLabel() string {
	if p.Lang != lang.English && p.Lang != lang.French {
		return p.AltName()
	}
	return p.T("lang.switch")
}

// others are the site's languages but the page's, the other language
// first.
func (p *View) others() []lang.Lang {
	out := []lang.Lang{OtherLang(p.Lang)}
	for _, l := range p.Site.langs() {
		if l != p.Lang && l != out[0] {
			out = append(out, l)
		}
	}
	return out
}

// MoreLangs are the language switch's links after the first, to the
// same page in each further language of a site in more than two (none
// in two): Href, Label (the language's name in itself), Lang.
func (p *View) MoreLangs() []LinkItem {
	var out []LinkItem
	for _, l := range p.others()[1:] {
		out = append(out, LinkItem{Href: p.Root() + string(l) + "/" + p.pathIn(l), Label: p.Site.LangName(l), Lang: string(l)})
	}
	return out
}

// FullTitle is the <title> of the page.
func (p *View) FullTitle() string {
	site := p.T("site.title")
	if p.Title == "" || p.Title == site {
		return site + " — " + p.T("site.tagline")
	}
	return p.Title + " — " + site
}

// Is reports whether the page is in the navigation section s.
func (p *View) Is(s string) bool { return p.Section == s }

// relPath returns the relative URL from page from to page to, both
// slash paths relative to the same folder.
func relPath(from, to string) string {
	// from's folders, one by one, against to's leading folders (not its
	// last element): the common ones dropped from to, one "../" for
	// each other (lists link every card: no slices split and joined)
	dir := path.Dir(from)
	if dir == "." {
		return to
	}
	up, rest, same := 0, to, true
	for {
		seg, more, found := strings.Cut(dir, "/")
		if same {
			if tseg, trest, ok := strings.Cut(rest, "/"); ok && tseg == seg {
				rest = trest
			} else {
				same = false
			}
		}
		if !same {
			up++
		}
		if !found {
			break
		}
		dir = more
	}
	return strings.Repeat("../", up) + rest
}

// LinkItem is a labelled relative link.
type LinkItem struct {
	Href  string
	Label string
	Class string
	Lang  string
}
