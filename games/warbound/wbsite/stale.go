package wbsite

import (
	"bytes"
	"fmt"
	"html/template"
	"regexp"
	"strconv"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// Stale translations (issue 16): a translation whose source text changed
// since a translator accepted it (the translations lock; the build fills
// wbcatalog.Catalog.Stale) is marked discreetly where the page shows it: a
// small raised sign after the text, whose title and hidden text say, in
// the page's language, that the translation is to review (stale.note).
// A stale key names a translation's language, so the source language's
// pages never carry the mark. In draft builds the texts themselves carry
// the print's tag (wbcards.Drafted, MarkStale) and the pages add no mark.

// staleMark is the mark after a text whose translation in l at one of
// the given content paths is stale; "" when none is.
func (b *builder) staleMark(l wbcatalog.Lang, paths ...[]string) template.HTML {
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

// cardStale reports whether card c shows, in language l, a stale
// translation: its name, text, flavour, scoring, or a skill it prints.
func (b *builder) cardStale(l wbcatalog.Lang, c card) bool {
	coll := c.Kind.Collection()
	paths := [][]string{{coll, c.ID, "name"}, {coll, c.ID, "text"}, {coll, c.ID, "flavor"}}
	var skills []string
	switch c.Kind {
	case wbcatalog.KindCharacter:
		if ch := b.cat.Character(c.ID); ch != nil {
			skills = append(append(skills, ch.Front.Skills...), ch.Panic.Skills...)
		}
	case wbcatalog.KindLeader:
		if ld := b.cat.Leader(c.ID); ld != nil {
			skills = append(skills, ld.Skill)
		}
	case wbcatalog.KindReference:
		if r := b.cat.Reference(c.ID); r != nil {
			skills = r.Skills
		}
	case wbcatalog.KindObjective:
		if o := b.cat.Objective(c.ID); o != nil {
			for i := range o.Scoring {
				paths = append(paths, []string{coll, c.ID, "scoring", strconv.Itoa(i), "text"})
			}
		}
	}
	for _, s := range skills {
		paths = append(paths, []string{"skills", s, "name"}, []string{"skills", s, "text"})
	}
	return b.staleMark(l, paths...) != ""
}

var viewBoxRe = regexp.MustCompile(`^<svg [^>]*viewBox="0 0 ([0-9.]+) ([0-9.]+)"`)

// staleImage is a card image with a small mark in its top right corner
// (a "!" in a ring, titled with the note), for a card that shows a stale
// translation; the image as it is when its size cannot be read.
func (b *builder) staleImage(svg []byte, l wbcatalog.Lang) []byte {
	m := viewBoxRe.FindSubmatch(svg)
	end := bytes.LastIndex(svg, []byte("</svg>"))
	if m == nil || end < 0 {
		return svg
	}
	w, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil || w < 10 {
		return svg
	}
	x := strconv.FormatFloat(w-3.2, 'f', 2, 64)
	mark := `<g><title>` + site.EscapeHTML(b.label("stale.note", l)) + `</title><circle cx="` + x + `" cy="3.2" r="2" fill="#ffffff" stroke="#8a4b00" stroke-width="0.4"/>` +
		`<text x="` + x + `" y="4.35" font-size="3.2" font-weight="bold" text-anchor="middle" fill="#8a4b00">!</text></g>`
	out := make([]byte, 0, len(svg)+len(mark))
	out = append(append(append(out, svg[:end]...), mark...), svg[end:]...)
	return out
}
