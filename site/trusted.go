package site

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"
	"sync/atomic"
	"wbtool.dev/wbtool/lang"
)

// This file is the only place where the package makes template.HTML (the
// audited allow-list of reliability notes B3; a test fails on any other
// conversion). Everything else reaches the page through html/template's
// escaping.

// trustedHTML marks the output of goldmark (safe mode, after sanitize and
// with this package's node renderers) as HTML.
func trustedHTML(s string) template.HTML { return template.HTML(s) } //nolint:gosec // audited: see above

// fragmentHTML marks a fragment drawn by html/template (page.Shared) as
// HTML.
func fragmentHTML(s string) template.HTML { return template.HTML(s) } //nolint:gosec // audited: html/template's output

// NaturalLabel is the label of a die's natural result in language l.
func NaturalLabel(l lang.Lang) string {
	if l == lang.French {
		return "résultat naturel"
	}
	return "natural result"
}

// urlPlain matches the links a page writes as they are: html/template's
// URL filter, normaliser and attribute escaper leave them unchanged (no
// scheme but http or https before a plain host, nothing to encode or
// escape).
var urlPlain = regexp.MustCompile(`^(https?://[A-Za-z0-9.-]+/)?[A-Za-z0-9._/#-]*$`)

// CardWriter writes a card page's content as html/template writes it
// from card.html: strings escaped by html/template's rules for HTML text
// and quoted attribute values (escText), safe HTML as it is, links only
// when they are plain (urlPlain). ok turns false on anything else: the
// page is then drawn by its template.
type CardWriter struct {
	Buf strings.Builder
	OK  bool
}

// Tag writes constant markup of this package.
func (w *CardWriter) Tag(s string) { w.Buf.WriteString(s) }

// Text writes a string escaped as html/template escapes it in HTML text
// and in a quoted attribute value (htmlEscaper, attrEscaper).
func (w *CardWriter) Text(s string) { escText(&w.Buf, s) }

// HTML writes HTML made by this package (template.HTML).
func (w *CardWriter) HTML(h template.HTML) { w.Buf.WriteString(string(h)) }

// URL writes a link of an href or src attribute, when it is plain.
func (w *CardWriter) URL(s string) {
	if !urlPlain.MatchString(s) {
		w.OK = false
		return
	}
	w.Buf.WriteString(s)
}

// escText writes s escaped as html/template's htmlEscaper and attrEscaper
// escape a string: NUL, quotes, ampersand, plus and angle brackets (the
// table holds ASCII only, which never occurs inside a multi-byte UTF-8
// sequence: a byte scan does what its rune scan does).
func escText(sb *strings.Builder, s string) {
	written := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case 0:
			r = "\uFFFD"
		case '"':
			r = "&#34;"
		case '&':
			r = "&amp;"
		case '\'':
			r = "&#39;"
		case '+':
			r = "&#43;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		default:
			continue
		}
		sb.WriteString(s[written:i])
		sb.WriteString(r)
		written = i + 1
	}
	sb.WriteString(s[written:])
}

// drawLayout writes page p as template "layout" of the frame
// (frame/layout.html) draws it, in Go around the page template's "head",
// "content" and "scripts": the layout has some forty actions per page,
// each a reflective call and an escaper's. Only pages marked fast (not in
// check mode, nor with noTileMemo); false, with nothing to keep in buf,
// for a link that is not plain: the template draws the page.
// TestTilesEqualTemplate compares both on every page of four sites.
func drawLayout(t *template.Template, p *View, buf *bytes.Buffer) (bool, error) {
	if !p.Fast || NoTileMemo {
		return false, nil
	}
	w := &CardWriter{OK: true}
	flush := func() { buf.WriteString(w.Buf.String()); w.Buf.Reset() }
	exec := func(name string) error {
		flush()
		return t.ExecuteTemplate(buf, name, p.data())
	}
	shared := func(name string) error {
		h, err := p.Shared(name)
		w.HTML(h)
		return err
	}
	lang, alt := string(p.Lang), string(p.AltLang())
	site, desc := p.T("site.title"), p.MetaDescription()
	w.Tag("<!DOCTYPE html>\n<html lang=\"")
	w.Text(lang)
	w.Tag("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" +
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'")
	if p.WASM() {
		w.Tag(" 'wasm-unsafe-eval'")
	}
	// connect-src: the streamed module's fetch, and the page's own
	// robots.txt as crawlers' audits (Lighthouse) read it from the page.
	w.Tag("; connect-src 'self'; form-action 'self'; base-uri 'none'\">\n<meta name=\"referrer\" content=\"no-referrer\">\n<title>")
	w.Text(p.FullTitle())
	w.Tag("</title>\n")
	if err := shared("frame-head-links"); err != nil {
		return false, err
	}
	if err := exec("head"); err != nil {
		return false, err
	}
	w.Tag(`<meta name="description" content="`)
	w.Text(desc)
	w.Tag("\">\n")
	if p.NoIndex() {
		w.Tag("<meta name=\"robots\" content=\"noindex\">\n")
	}
	canon := p.Canonical()
	if canon != "" {
		w.Tag(`<link rel="canonical" href="`)
		w.URL(canon)
		w.Tag("\">\n")
	}
	for _, a := range p.Alternates() {
		w.Tag(`<link rel="alternate" hreflang="`)
		w.Text(a.Lang)
		w.Tag(`" href="`)
		w.URL(a.Href)
		w.Tag("\">\n")
	}
	w.Tag("<meta property=\"og:type\" content=\"website\">\n<meta property=\"og:site_name\" content=\"")
	w.Text(site)
	w.Tag("\">\n<meta property=\"og:title\" content=\"")
	w.Text(p.Title)
	w.Tag("\">\n<meta property=\"og:description\" content=\"")
	w.Text(desc)
	w.Tag("\">\n<meta property=\"og:locale\" content=\"")
	w.Text(p.OGLocale())
	w.Tag("\">\n")
	if canon != "" {
		w.Tag(`<meta property="og:url" content="`)
		w.Text(canon)
		w.Tag("\">\n")
	}
	if img := p.OGImage(); img != "" {
		w.Tag(`<meta property="og:image" content="`)
		w.Text(img)
		w.Tag("\">\n")
	}
	w.Tag("\n</head>\n<body class=\"section-")
	w.Text(p.Section)
	w.Tag("\">\n<a class=\"skip\" href=\"#main\">")
	w.Text(p.T("nav.skip"))
	w.Tag("</a>\n<header class=\"top\">\n<div class=\"bar\">\n<a class=\"brand\" href=\"")
	w.URL(p.Link("index.html"))
	w.Tag(`"><svg class="brand-mark" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l8.7 5v10L12 22l-8.7-5V7z"/></svg><span>`)
	w.Text(site)
	more := p.MoreLangs()
	w.Tag("</span></a>\n")
	if len(more) > 0 { // the switches as one item of the bar
		w.Tag(`<div class="lang-switches">`)
	}
	w.Tag("<a class=\"lang-switch\" id=\"lang-switch\" href=\"")
	altLink, switchLabel := p.AltLink(), p.SwitchLabel()
	w.URL(altLink)
	w.Tag(`" hreflang="`)
	w.Text(alt)
	w.Tag(`" lang="`)
	w.Text(alt)
	w.Tag(`" title="`)
	w.Text(switchLabel)
	w.Tag(`"><span class="lang-code">`)
	w.Text(alt)
	w.Tag(`</span> `)
	w.Text(p.AltName())
	w.Tag("</a>")
	for _, m := range more {
		w.Tag("\n<a class=\"lang-switch\" href=\"")
		w.URL(m.Href)
		w.Tag(`" hreflang="`)
		w.Text(m.Lang)
		w.Tag(`" lang="`)
		w.Text(m.Lang)
		w.Tag(`"><span class="lang-code">`)
		w.Text(m.Lang)
		w.Tag(`</span> `)
		w.Text(m.Label)
		w.Tag("</a>")
	}
	if len(more) > 0 {
		w.Tag("</div>")
	}
	w.Tag("\n</div>\n")
	if err := shared("frame-nav"); err != nil {
		return false, err
	}
	w.Tag("\n</header>\n<main id=\"main\">\n")
	if !w.OK {
		return false, nil
	}
	if err := exec("content"); err != nil {
		return false, err
	}
	w.Tag("\n</main>\n<footer class=\"foot\">")
	if err := shared("footer"); err != nil {
		return false, err
	}
	w.Tag(`<p><a href="`)
	w.URL(altLink)
	w.Tag(`" hreflang="`)
	w.Text(alt)
	w.Tag(`" lang="`)
	w.Text(alt)
	w.Tag(`">`)
	w.Text(switchLabel)
	w.Tag("</a></p></footer>\n<script src=\"")
	w.URL(p.Asset("assets/site.js"))
	w.Tag("\" defer></script>\n")
	if err := exec("scripts"); err != nil {
		return false, err
	}
	w.Tag("\n</body>\n</html>\n")
	flush()
	if w.OK {
		LayoutsDrawn.Add(1)
	}
	return w.OK, nil
}

// LayoutsDrawn counts the pages drawLayout wrote (tests).
var LayoutsDrawn atomic.Int64
