package site

import (
	"fmt"
	"html/template"

	"wbtool.dev/wbtool/catalog"
)

// Stale translations (issue 16): a translation whose source text changed
// since a translator accepted it (the translations lock; the build fills
// catalog.Catalog.Stale) is marked discreetly where the page shows it: a
// small raised sign after the text, whose title and hidden text say, in
// the page's language, that the translation is to review (stale.note).
// A stale key names a translation's language, so the source language's
// pages never carry the mark. In draft builds the texts themselves carry
// the print's tag (render.Drafted, MarkStale) and the pages add no mark.

// staleMark is the mark after a text whose translation in l at one of
// the given content paths is stale; "" when none is.
func (b *builder) staleMark(l catalog.Lang, paths ...[]string) template.HTML {
	for _, path := range paths {
		if b.cat.IsStale(l, path...) {
			note := b.label("stale.note", l)
			var h htmlBuf
			h.tag(` <span class="stale-mark" title="`).Text(note).tag(`"><span aria-hidden="true">⚠</span><span class="visually-hidden">`).Text(note).tag(`</span></span>`)
			return h.HTML()
		}
	}
	return ""
}

// Stale is the mark after the text at the content path (its parts
// joined: "skills", id, "text"; an index may be a number) when its
// translation in the page's language is stale, "" otherwise. Templates
// call it: {{.Stale "scenarios" $s.ID "name"}}.
func (p *page) Stale(parts ...any) template.HTML {
	path := make([]string, len(parts))
	for i, x := range parts {
		path[i] = fmt.Sprint(x)
	}
	return p.b.staleMark(p.Lang, path)
}
