package booklet

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/site"
)

// geometry is a page format: its size, margins (inner at the fold) and
// body size; a booklet's pages are imposed two by two on sheets.
type geometry struct {
	name                      string
	page                      string // "an A4 page", for errors
	title                     string // a booklet's format in its PDF title
	w, h                      float64
	inner, outer, top, bottom float64
	body                      float64 // pt
	booklet                   bool
	sheetW, sheetH            float64 // a booklet's sheet, landscape
}

var (
	// A4 is the reading copy: a long line at 10.5 pt.
	formatA4 = geometry{name: "a4", page: "an A4 page", w: 210, h: 297, inner: 24, outer: 22, top: 24, bottom: 22, body: 10.5}
	// A5 is the booklet's page: half an A4 sheet, so that two fill one
	// side of it exactly.
	formatA5 = geometry{name: "a5", page: "an A5 page", title: "A5", w: 297.0 / 2, h: 210, inner: 16, outer: 13, top: 18, bottom: 17, body: 9,
		booklet: true, sheetW: 297, sheetH: 210}
	// Letter and half letter are the same on US paper.
	formatLetter     = geometry{name: "letter", page: "a letter page", w: 215.9, h: 279.4, inner: 24, outer: 22, top: 24, bottom: 22, body: 10.5}
	formatHalfLetter = geometry{name: "half-letter", page: "a half-letter page", title: "half letter", w: 279.4 / 2, h: 215.9, inner: 16, outer: 13, top: 18, bottom: 17, body: 9,
		booklet: true, sheetW: 279.4, sheetH: 215.9}
)

// formats are the reading copy's and the booklet's formats on paper
// ("a4", "letter").
func formats(paper string) []geometry {
	if paper == "letter" {
		return []geometry{formatLetter, formatHalfLetter}
	}
	return []geometry{formatA4, formatA5}
}

// left is the left margin of page n (1-based): odd pages are right-hand
// pages, with the fold on their left.
func (g geometry) left(n int) float64 {
	if n%2 == 1 {
		return g.inner
	}
	return g.outer
}

func (g geometry) colW() float64 { return g.w - g.inner - g.outer }
func (g geometry) em() float64   { return g.body * render.PtToMM }

// unit is what the paginator places: lines that stay together.
type unit struct {
	h, before float64
	items     []render.Item // from the unit's top-left corner at the column's left edge
	keep      bool          // keep with the next unit
	anchors   []string      // the anchors it holds
	terms     []string      // the glossary terms it uses
	header    *unit         // the header of its table, repeated at a page's top
	isHeader  bool
	pos       diag.Pos
}

// page is a laid-out page.
type page struct {
	items []render.Item
	head  string // the running head (the chapter's title)
	name  string // its bookmark
	bare  bool   // no running head nor folio (covers, blanks)
	units []placedUnit
}

type placedUnit struct {
	u *unit
	y float64
}

// strings of the booklet, by language.
var words = map[lang.Lang]map[string]string{
	lang.English: {"rules": "Rules", "contents": "Contents", "glossary": "Glossary", "index": "Index", "see": "see",
		"aids": "Player aids", "version": "Version", "made": "Printed from the rules pages with wbtool", "lang": "English",
		"rule": "Rule", "fold": "Fold here; staple along the fold", "p": "p."},
	lang.French: {"rules": "Règles", "contents": "Sommaire", "glossary": "Glossaire", "index": "Index", "see": "voir",
		"aids": "Aides de jeu", "version": "Version", "made": "Imprimé depuis les pages de règles avec wbtool", "lang": "Français",
		"rule": "Règle", "fold": "Plier ici ; agrafer le long du pli", "p": "p."},
	"de": {"rules": "Regeln", "contents": "Inhalt", "glossary": "Glossar", "index": "Register", "see": "siehe",
		"aids": "Spielhilfen", "version": "Version", "made": "Mit wbtool aus den Regelseiten gedruckt", "lang": "Deutsch",
		"rule": "Regel", "fold": "Hier falzen; entlang des Falzes heften", "p": "S."},
}

// word is the booklet's word k in l: English's for a language it has
// no words in (the book's own headings are never empty).
func word(l lang.Lang, k string) string {
	if w, ok := words[l][k]; ok {
		return w
	}
	return words[lang.English][k]
}

// pass is one layout of a book in one format, with the page numbers of
// the pass before.
type pass struct {
	b     *book
	g     geometry
	prev  map[string]int // anchor → page, from the pass before
	pages []*page
	y     float64 // on the last page, from its top margin
	// found in this pass
	anchors map[string]int
	terms   map[string][]int
	probs   diag.List
	overrun map[diag.Pos]bool
	head    string
}

func (p *pass) word(k string) string { return word(p.b.l, k) }

// cur is the page being filled.
func (p *pass) cur() *page { return p.pages[len(p.pages)-1] }

func (p *pass) newPage(head, name string) *page {
	pg := &page{head: head, name: name}
	p.pages = append(p.pages, pg)
	p.y = 0
	return pg
}

// avail is the height of the text area.
func (p *pass) avail() float64 { return p.g.h - p.g.top - p.g.bottom }

// place flows units onto the pages: each goes where it fits, a chain of
// kept units moves whole to the next page, and a table row starting a
// page gets its table's header first.
func (p *pass) place(queue []*unit) {
	for len(queue) > 0 {
		if len(p.pages) > maxPages {
			p.probs = append(p.probs, diag.Errorf(queue[0].pos, "", "the rulebook would be more than %d pages long: shorten the rules pages", maxPages))
			return
		}
		u := queue[0]
		pg := p.cur()
		if len(pg.units) == 0 && u.header != nil && !u.isHeader {
			h := *u.header
			queue = append([]*unit{&h}, queue...)
			u = queue[0]
		}
		before := u.before
		if len(pg.units) == 0 {
			before = 0
		}
		// a page that holds only a table's header takes the row, even
		// one taller than the page (reported): no next page would do
		// better
		if p.y+before+u.h <= p.avail()+1e-6 || onlyHeaders(pg.units) {
			if u.h > p.avail()+1e-6 && !p.overrun[u.pos] {
				p.overrun[u.pos] = true
				p.probs = append(p.probs, diag.Errorf(u.pos, "", "this block is %.0f mm high, taller than the text of %s (%.0f mm): split it", u.h, p.g.page, p.avail()))
			}
			p.y += before
			pg.units = append(pg.units, placedUnit{u, p.y})
			p.y += u.h
			queue = queue[1:]
			continue
		}
		// it does not fit: the units kept with it go to the next page
		// too, unless they fill this page from its top
		n := len(pg.units)
		k := n
		for k > 0 && pg.units[k-1].u.keep {
			k--
		}
		if k > 0 && k < n {
			var back []*unit
			for _, pu := range pg.units[k:] {
				back = append(back, pu.u)
			}
			pg.units = pg.units[:k]
			queue = append(back, queue...)
		}
		p.newPage(p.head, "")
	}
}

// onlyHeaders reports whether units are none but tables' headers.
func onlyHeaders(units []placedUnit) bool {
	for _, pu := range units {
		if !pu.u.isHeader {
			return false
		}
	}
	return true
}

// finish draws the placed units of every page, and records where the
// anchors and terms are.
func (p *pass) finish() {
	for i, pg := range p.pages {
		n := i + 1
		x := p.g.left(n)
		for _, pu := range pg.units {
			pg.items = append(pg.items, render.Transform(pu.u.items, 1, x, p.g.top+pu.y)...)
			for _, a := range pu.u.anchors {
				if _, ok := p.anchors[a]; !ok {
					p.anchors[a] = n
				}
			}
			for _, t := range pu.u.terms {
				if l := p.terms[t]; len(l) == 0 || l[len(l)-1] != n {
					p.terms[t] = append(l, n)
				}
			}
		}
	}
}

// para makes the units of a paragraph of runs: lines in pairs at its
// start and end (no orphan, no widow), its first line carrying the list
// marker.
func (p *pass) para(runs []inl, st render.Style, scale float64, col render.Colour, indent float64, marker string, pos diag.Pos) []*unit {
	size := p.g.body * scale
	mr := p.runs(runs)
	w := p.g.colW() - indent
	lines, err := render.FlowLines(render.Para{Runs: mr, Base: st, Colour: col}, w, size, string(p.b.l), p.b.faction)
	if err != nil {
		p.probs = append(p.probs, diag.Errorf(pos, "", "the rulebook cannot print this: %v", err))
		return nil
	}
	if len(lines) == 0 {
		return nil
	}
	mk := func(ls []render.FlowLine) *unit {
		u := &unit{pos: pos}
		for _, l := range ls {
			u.items = append(u.items, render.Transform(l.Items, 1, indent, u.h)...)
			u.h += l.Height
		}
		return u
	}
	var us []*unit
	n := len(lines)
	switch {
	case n <= 3:
		us = []*unit{mk(lines)}
	default:
		us = append(us, mk(lines[:2]))
		for i := 2; i < n-2; i++ {
			us = append(us, mk(lines[i:i+1]))
		}
		us = append(us, mk(lines[n-2:]))
	}
	if marker != "" {
		em := size * render.PtToMM
		mw := render.Measure(marker, st, size)
		us[0].items = append(us[0].items, render.Text{X: indent - mw - 1.6, Y: em * 0.93, Size: roundPt(size), Style: st, Colour: col, S: marker, W: mw})
	}
	us[0].terms = p.b.termsIn(plainOf(runs))
	return us
}

func roundPt(v float64) float64 { return float64(int(v*100+0.5)) / 100 }

// runs turns inline runs into the render kit's, cross-references written
// with the page numbers of the pass before.
func (p *pass) runs(runs []inl) []markup.Run {
	var out []markup.Run
	for _, r := range runs {
		switch {
		case r.ref != nil:
			out = append(out, markup.Run{Text: p.refText(r.ref)})
		case r.icon != "":
			if p.b.src.HasIcon != nil && p.b.src.HasIcon(r.icon) {
				out = append(out, markup.Run{Icon: r.icon})
			} else if p.b.src.IconLabel != nil {
				out = append(out, markup.Run{Text: p.b.src.IconLabel(r.icon)})
			}
		case r.natural != 0:
			out = append(out, markup.Run{Natural: r.natural})
		default:
			out = append(out, markup.Run{Text: r.text, Strong: r.strong, Emph: r.emph})
		}
	}
	return out
}

// refText is how a cross-reference reads: " (p. 12)" after the rule
// number or a heading's name, " (see R-SHOOT-2, p. 12)" after other text.
func (p *pass) refText(r *xref) string {
	n, ok := p.prev[r.target]
	num := "00"
	if ok {
		num = strconv.Itoa(n)
	}
	pg := p.word("p") + "\u00a0" + num
	switch {
	case r.afterSee && r.rule != "" && !r.bare:
		return ", " + r.rule + ", " + pg
	case r.afterSee:
		return ", " + pg
	case r.rule != "" && !r.bare:
		return " (" + p.word("see") + " " + r.rule + ", " + pg + ")"
	}
	if r.glued {
		return "\u00a0(" + pg + ")"
	}
	return " (" + pg + ")"
}

// heading makes a heading's unit, kept with what follows.
func (p *pass) heading(b block, anchors []string) []*unit {
	scale := map[int]float64{1: 1.9, 2: 1.4, 3: 1.15}[b.level]
	if scale == 0 {
		scale = 1
	}
	runs := b.runs
	if b.id != "" && p.b.isRule(b.id) {
		runs = append([]inl{{text: b.id + " · ", strong: true}}, runs...)
	}
	us := p.para(runs, render.Bold, scale, render.ColInk, 0, "", b.pos)
	if len(us) == 0 {
		return nil
	}
	// one unit: a heading is never split
	h := &unit{pos: b.pos, keep: true, anchors: anchors}
	for _, u := range us {
		h.items = append(h.items, render.Transform(u.items, 1, 0, h.h)...)
		h.h += u.h
	}
	h.before = p.g.em() * map[int]float64{1: 0, 2: 1.3, 3: 0.9}[b.level]
	if h.before == 0 && b.level > 3 {
		h.before = p.g.em() * 0.7
	}
	h.h += p.g.em() * 0.25
	return []*unit{h}
}

// chapter lays out a rules page from a new page.
func (p *pass) chapter(c chapter) {
	p.head = c.title
	p.newPage(c.title, c.title)
	title := block{kind: bHeading, level: 1, runs: []inl{{text: c.title}}, pos: c.pos}
	anchors := []string{anchorKey(c.slug, ""), anchorKey(c.slug, c.titleID)}
	if p.b.isRule(c.titleID) {
		anchors = append(anchors, c.titleID) // "# Building a band {#WS-BUILD-1}"
	}
	us := p.heading(title, anchors)
	us[0].h += p.g.em() * 0.6
	for i, b := range c.blocks {
		switch b.kind {
		case bHeading:
			anchors := []string{anchorKey(c.slug, b.id)}
			if p.b.isRule(b.id) {
				anchors = append(anchors, b.id)
			}
			us = append(us, p.heading(b, anchors)...)
		case bPara:
			col := render.ColInk
			if b.quote {
				col = render.ColMuted
			}
			pu := p.para(b.runs, render.Regular, 1, col, b.indent, b.marker, b.pos)
			if len(pu) == 0 {
				continue
			}
			switch {
			case b.tight || b.code:
				pu[0].before = p.g.em() * 0.15
			case b.marker != "" && i > 0 && c.blocks[i-1].marker != "" && c.blocks[i-1].indent == b.indent:
				pu[0].before = p.g.em() * 0.3
			default:
				pu[0].before = p.g.em() * 0.55
			}
			pu[0].anchors = append(pu[0].anchors, b.defs...)
			if i+1 < len(c.blocks) && c.blocks[i+1].kind == bFigure {
				pu[len(pu)-1].keep = true // the words that show a figure stay with it
			}
			if b.quote {
				for _, u := range pu {
					u.items = append([]render.Item{render.Rect{X: b.bar - 2.6, Y: 0, W: 0.7, H: u.h, Paint: render.Fill(render.ColRule)}}, u.items...)
				}
			}
			us = append(us, pu...)
		case bTable:
			us = append(us, p.table(b)...)
		case bFigure:
			if u := p.figure(b); u != nil {
				us = append(us, u)
			}
		case bRule:
			w := p.g.colW()
			us = append(us, &unit{h: p.g.em(), before: p.g.em() * 0.4, pos: b.pos,
				items: []render.Item{render.Line{Pts: []render.Pt{{X: w * 0.3, Y: p.g.em() / 2}, {X: w * 0.7, Y: p.g.em() / 2}}, Colour: render.ColRule, Width: 0.3}}})
		}
	}
	p.place(us)
}

// figure lays out a figure from the game's data: a card's face, centred,
// at 70 % of its size (less when the column is narrow), its bleed hidden
// and its cut line drawn; a drawing (a map excerpt, a token, dice) at
// its real size, smaller when the column or a third of the page is too
// small for it. Nil when the game draws none (the site reports the
// unknown id at its line).
func (p *pass) figure(b block) *unit {
	if b.figures[0].Kind != "card" {
		return p.drawing(b)
	}
	if p.b.src.Figure == nil {
		return nil
	}
	f, ok := p.b.src.Figure(b.figures[0].Kind, b.figures[0].ID, p.b.l)
	if !ok || f == nil {
		return nil
	}
	w := p.g.colW() - b.indent
	k := min(0.7, w*0.5/render.CardW)
	cw, ch := render.CardW*k, render.CardH*k
	x := b.indent + (w-cw)/2
	pad := p.g.em() * 0.3
	items := render.Transform(f.Items, k, x, pad)
	bl := render.Bleed*k + 0.5
	paper := render.Fill(render.Colour{R: 0xff, G: 0xff, B: 0xff})
	items = append(items,
		render.Rect{X: x - bl, Y: pad - bl, W: cw + 2*bl, H: bl, Paint: paper},
		render.Rect{X: x - bl, Y: pad + ch, W: cw + 2*bl, H: bl, Paint: paper},
		render.Rect{X: x - bl, Y: pad, W: bl, H: ch, Paint: paper},
		render.Rect{X: x + cw, Y: pad, W: bl, H: ch, Paint: paper},
		render.Rect{X: x, Y: pad, W: cw, H: ch, R: 1.5 * k, Paint: render.Stroke(render.ColRule, 0.25)})
	return &unit{h: ch + 2*pad, before: p.g.em() * 0.4, items: items, pos: b.pos}
}

// drawing lays out the figures the game draws (Draw) of one paragraph,
// side by side and centred in the column, at their real size or smaller
// when the column or a third of the page is too small for them.
func (p *pass) drawing(b block) *unit {
	if p.b.src.Draw == nil {
		return nil
	}
	const gap = 5.0
	var ds []*render.Drawing
	var w, h float64
	for _, f := range b.figures {
		d, err := p.b.src.Draw(f, p.b.l)
		if err != nil || d == nil || d.W <= 0 || d.H <= 0 {
			continue
		}
		if len(ds) > 0 {
			w += gap
		}
		ds = append(ds, d)
		w, h = w+d.W, max(h, d.H)
	}
	if len(ds) == 0 {
		return nil
	}
	col := p.g.colW() - b.indent
	k := min(1, col/w, p.g.h/3/h)
	x := b.indent + (col-w*k)/2
	pad := p.g.em() * 0.3
	var items []render.Item
	for _, d := range ds {
		items = append(items, render.Transform(d.Items, k, x, pad+(h-d.H)*k/2)...)
		x += (d.W + gap) * k
	}
	return &unit{h: h*k + 2*pad, before: p.g.em() * 0.4, items: items, pos: b.pos}
}

// table lays out a table: columns as wide as their text needs, shared
// out when the column is too narrow; each row one unit, the header kept
// with the first row and repeated on each page the table continues on.
func (p *pass) table(b block) []*unit {
	if len(b.rows) == 0 {
		return nil
	}
	ncol := 0
	for _, r := range b.rows {
		ncol = max(ncol, len(r))
	}
	const pad = 1.4
	avail := p.g.colW() - b.indent
	// the widths at the largest size from 0.9 of the body down to 0.7
	// at which every column holds its longest word
	var widths []float64
	var size float64
	for scale := 0.9; ; scale -= 0.05 {
		size = p.g.body * scale
		var fits bool
		widths, fits = p.columns(b, ncol, size, pad, avail)
		if fits || scale < 0.7 {
			break
		}
	}
	var header *unit
	var out []*unit
	for ri, r := range b.rows {
		st := render.Regular
		if ri == 0 {
			st = render.Bold
		}
		u := &unit{pos: b.pos}
		if ri < len(b.rowPos) {
			u.pos = b.rowPos[ri]
		}
		x := b.indent
		var cells [][]render.Item
		for ci := range ncol {
			var cell []inl
			if ci < len(r) {
				cell = r[ci]
			}
			w := max(widths[ci]-2*pad, 1)
			lines, err := render.FlowLines(render.Para{Runs: p.runs(cell), Base: st, Colour: render.ColInk}, w, size, string(p.b.l), p.b.faction)
			if err != nil {
				p.probs = append(p.probs, diag.Errorf(b.pos, "", "the rulebook cannot print this table: %v", err))
			}
			y := pad * 0.7
			var items []render.Item
			for _, l := range lines {
				items = append(items, render.Transform(l.Items, 1, x+pad, y)...)
				y += l.Height
			}
			cells = append(cells, items)
			u.h = max(u.h, y+pad*0.7)
			x += widths[ci]
			u.terms = append(u.terms, p.b.termsIn(plainOf(cell))...)
		}
		if ri < len(b.rowDefs) {
			u.anchors = append(u.anchors, b.rowDefs[ri]...)
		}
		tw := x - b.indent
		if ri == 0 {
			u.items = append(u.items, render.Rect{X: b.indent, Y: 0, W: tw, H: u.h, Paint: render.Fill(render.ColParchment)})
		}
		u.items = append(u.items, render.Line{Pts: []render.Pt{{X: b.indent, Y: u.h}, {X: b.indent + tw, Y: u.h}}, Colour: render.ColRule, Width: 0.25})
		for _, c := range cells {
			u.items = append(u.items, c...)
		}
		if ri == 0 {
			u.keep, u.isHeader, u.before = true, true, p.g.em()*0.6
			header = u
		} else {
			u.header = header
		}
		out = append(out, u)
	}
	return out
}

// columns shares avail out between the columns of table b at size pt:
// each gets what its longest word needs, then the rest in proportion to
// what its text takes on one line. fits is false when the longest words
// alone are wider than avail.
func (p *pass) columns(b block, ncol int, size, pad, avail float64) (widths []float64, fits bool) {
	natural := make([]float64, ncol)
	least := make([]float64, ncol)
	for ri, r := range b.rows {
		st := render.Regular
		if ri == 0 {
			st = render.Bold
		}
		for ci, cell := range r {
			total := 0.0
			// the cell's words, as the lines break them: at ASCII
			// spaces only, across runs
			word, wordW := false, 0.0
			end := func() {
				if word {
					least[ci] = max(least[ci], wordW+2*pad+0.5)
				}
				word, wordW = false, 0
			}
			for _, mr := range p.runs(cell) {
				rs := st
				if mr.Strong {
					rs |= render.Bold
				}
				if mr.Emph {
					rs |= render.Italic
				}
				if mr.Icon != "" || mr.Natural != 0 {
					w := 1.3 * size * render.PtToMM
					total += w
					word, wordW = true, wordW+w
					continue
				}
				t := typo.NumberSpaces(markup.Typography(mr.Text, string(p.b.l)))
				total += render.Measure(t, rs, size)
				for i, f := range strings.Split(t, " ") {
					if i > 0 {
						end()
					}
					if f != "" {
						word, wordW = true, wordW+render.Measure(f, rs, size)
					}
				}
			}
			end()
			natural[ci] = max(natural[ci], total+2*pad+1)
		}
	}
	widths = slices.Clone(natural)
	sum, base, extra := 0.0, 0.0, 0.0
	for ci := range widths {
		natural[ci] = max(natural[ci], least[ci])
		widths[ci] = natural[ci]
		sum += natural[ci]
		base += least[ci]
		extra += natural[ci] - least[ci]
	}
	if sum <= avail {
		return widths, true
	}
	left := max(0, avail-base)
	for ci := range widths {
		widths[ci] = least[ci]
		if extra > 0 {
			widths[ci] += left * (natural[ci] - least[ci]) / extra
		}
	}
	return widths, base <= avail+1e-6
}

// leader is a line of the contents or the index: text on the left, the
// pages on the right, dots between.
func (p *pass) leader(text, pages string, st render.Style, indent float64) *unit {
	size := p.g.body * 0.95
	em := size * render.PtToMM
	w := p.g.colW()
	pw := render.Measure(pages, render.Regular, size)
	text = render.MarkupTypo(text, string(p.b.l))
	maxText := w - indent - pw - 6
	s, sz := text, size
	if fit, ok := render.FitLine(text, st, maxText, size, size*0.75); ok {
		sz = fit
	} else {
		sz = fit
		for render.Measure(s+"…", st, sz) > maxText && len(s) > 1 {
			_, n := utf8.DecodeLastRuneInString(s)
			s = s[:len(s)-n]
		}
		s += "…"
	}
	tw := render.Measure(s, st, sz)
	y := em * 0.93
	u := &unit{h: em * 1.35}
	u.items = append(u.items, render.Text{X: indent, Y: y, Size: roundPt(sz), Style: st, Colour: render.ColInk, S: s, W: tw})
	// the leader: dots a space apart, up to the pages
	dots := ""
	for room := w - pw - 2 - (indent + tw + 2); ; {
		next := dots + ". "
		if render.Measure(next, render.Regular, size) > room {
			break
		}
		dots = next
	}
	if dots != "" {
		dw := render.Measure(dots, render.Regular, size)
		u.items = append(u.items, render.Text{X: w - pw - 1 - dw, Y: y, Size: roundPt(size), Style: render.Regular, Colour: render.ColMuted, S: dots, W: dw})
	}
	u.items = append(u.items, render.Text{X: w - pw, Y: y, Size: roundPt(size), Style: render.Regular, Colour: render.ColInk, S: pages, W: pw})
	return u
}

// tocEntry is a line of the contents.
type tocEntry struct {
	text   string
	anchor string
	level  int
}

// section starts a section of the book's own (contents, aids,
// glossary, index) on a new page: its title's unit, anchored at "#key".
func (p *pass) section(key string) []*unit {
	p.head = p.word(key)
	p.newPage(p.head, p.head)
	return p.heading(block{kind: bHeading, level: 1, runs: []inl{{text: p.head}}}, []string{"#" + key})
}

// contents lays out the table of contents from a new page.
func (p *pass) contents(entries []tocEntry) {
	us := p.section("contents")
	us[0].h += p.g.em() * 0.4
	for _, e := range entries {
		num := "00"
		if n, ok := p.prev[e.anchor]; ok {
			num = strconv.Itoa(n)
		}
		st, indent := render.Bold, 0.0
		if e.level > 1 {
			st, indent = render.Regular, 5
		}
		u := p.leader(e.text, num, st, indent)
		if e.level == 1 {
			u.before = p.g.em() * 0.5
			u.keep = true
		}
		us = append(us, u)
	}
	p.place(us)
}

// aids lays out the player aids from a new page: a table per aid.
func (p *pass) aids(aids []ruleset.Aid) {
	us := p.section("aids")
	l := p.b.l
	for _, a := range aids {
		us = append(us, p.heading(block{kind: bHeading, level: 2, runs: []inl{{text: a.Title.In(l)}}}, []string{"#aid-" + a.ID})...)
		tb := block{kind: bTable}
		for _, e := range a.Entries {
			row := [][]inl{{{text: e.Name.In(l), strong: true}}, markupRuns(e.Text.In(l))}
			switch {
			case e.Rule != "" && p.b.cited(e.Rule):
				row = append(row, []inl{{text: e.Rule}})
			case e.Rule != "":
				row = append(row, []inl{{text: e.Rule}, {ref: &xref{target: e.Rule, rule: e.Rule, bare: true, glued: true}}})
			default:
				row = append(row, []inl{{text: ""}})
			}
			tb.rows = append(tb.rows, row)
		}
		// a header row of the table's own: the aid's columns
		tb.rows = append([][][]inl{{{{text: ""}}, {{text: ""}}, {{text: p.word("rule")}}}}, tb.rows...)
		us = append(us, p.table(tb)...)
	}
	p.place(us)
}

// glossary lays out the glossary from a new page.
func (p *pass) glossary(terms []lang.Term) {
	us := p.section("glossary")
	for _, t := range terms {
		runs := append([]inl{{text: strings.TrimSpace(t.Term.In(p.b.l)), strong: true}, {text: " " + "\u2014" + " "}}, markupRuns(t.Definition.In(p.b.l))...)
		pu := p.para(runs, render.Regular, 0.95, render.ColInk, 0, "", t.Pos)
		if len(pu) > 0 {
			pu[0].before = p.g.em() * 0.35
			pu[0].anchors = append(pu[0].anchors, "#term-"+t.ID)
			pu[0].terms = nil
		}
		us = append(us, pu...)
	}
	p.place(us)
}

// markupRuns are the runs of a text in card markup (a glossary
// definition, a skill's text): emphasis, icons, natural results; the
// text as it is when it does not parse.
func markupRuns(s string) []inl {
	doc, err := markup.Parse(s)
	if err != nil {
		return []inl{{text: s}}
	}
	var out []inl
	for i, para := range doc.Paragraphs {
		if i > 0 {
			out = append(out, inl{text: " "})
		}
		for _, r := range para.Runs {
			out = append(out, inl{text: r.Text, strong: r.Strong, emph: r.Emph, icon: r.Icon, natural: r.Natural})
		}
	}
	return out
}

// index lays out the index from a new page: each term with the pages
// that use it (its glossary entry's when none does).
func (p *pass) index(terms []lang.Term) {
	us := p.section("index")
	for _, t := range terms {
		pages := p.terms[t.ID]
		if len(pages) == 0 {
			pages = []int{p.anchors["#term-"+t.ID]}
		}
		var nums []string
		for _, n := range pages {
			nums = append(nums, strconv.Itoa(n))
		}
		term, list := strings.TrimSpace(t.Term.In(p.b.l)), strings.Join(nums, ", ")
		if render.Measure(list, render.Regular, p.g.body*0.95) < p.g.colW()*0.45 {
			us = append(us, p.leader(term, list, render.Regular, 0))
			continue
		}
		// a long list of pages: under the term, wrapped
		pu := p.para([]inl{{text: term, strong: true}, {text: "  " + list}}, render.Regular, 0.95, render.ColInk, 0, "", diag.Pos{})
		for _, u := range pu {
			u.terms = nil
		}
		if len(pu) > 0 {
			pu[0].before = p.g.em() * 0.2
		}
		us = append(us, pu...)
	}
	p.place(us)
}

// book is a game's rules in one language, ready to lay out.
type book struct {
	src      ruleset.RulebookSource
	l        lang.Lang
	chapters []chapter
	terms    []lang.Term // sorted as the glossary prints them
	folded   [][]string  // each term's folded forms
	ruleRe   func(string) bool
}

func (b *book) isRule(id string) bool { return b.ruleRe(id) }

// cited reports whether rule is one the game defines outside its pages
// (RulebookSource.Defined) and no chapter anchors: it prints with no
// page.
func (b *book) cited(rule string) bool {
	if !slices.Contains(b.src.Defined, rule) {
		return false
	}
	for _, c := range b.chapters {
		if slices.Contains(c.rules, rule) {
			return false
		}
	}
	return true
}

// dropCited drops the page references of the rules cited but not
// anchored (cited): the rule number prints alone.
func (b *book) dropCited() {
	if b.src.Defined == nil {
		return
	}
	drop := func(runs []inl) {
		for i := range runs {
			if r := runs[i].ref; r != nil && r.rule != "" && b.cited(r.rule) {
				runs[i].ref = nil
			}
		}
	}
	for ci := range b.chapters {
		for bi := range b.chapters[ci].blocks {
			bl := &b.chapters[ci].blocks[bi]
			drop(bl.runs)
			for _, row := range bl.rows {
				for _, cell := range row {
					drop(cell)
				}
			}
		}
	}
}

// faction is the colour of a faction's Order token icons.
func (b *book) faction(id string) (render.Colour, bool) {
	if b.src.FactionColour == nil {
		return render.Colour{}, false
	}
	hex, ok := b.src.FactionColour(id)
	if !ok {
		return render.Colour{}, false
	}
	return render.ParseColour(hex)
}

// termsIn are the ids of the glossary terms that text uses, as whole
// words (a plural s or x allowed).
func (b *book) termsIn(text string) []string {
	if len(b.terms) == 0 || text == "" {
		return nil
	}
	f := site.Fold(text)
	var out []string
	for i, forms := range b.folded {
		for _, t := range forms {
			if wordIn(f, t) {
				out = append(out, b.terms[i].ID)
				break
			}
		}
	}
	return out
}

// wordIn reports whether t is in s as a whole word (or its plural).
func wordIn(s, t string) bool {
	for at := 0; ; {
		i := strings.Index(s[at:], t)
		if i < 0 {
			return false
		}
		i += at
		end := i + len(t)
		if end < len(s) && (s[end] == 's' || s[end] == 'x') {
			end++
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[end:])
		if (i == 0 || !isWord(before)) && (end == len(s) || !isWord(after)) {
			return true
		}
		at = i + 1
	}
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' }

// newBook prepares the chapters of one language.
func newBook(src ruleset.RulebookSource, l lang.Lang, docs []site.RulesDoc, isRule func(string) bool) *book {
	b := &book{src: src, l: l, ruleRe: isRule}
	for _, d := range docs {
		b.chapters = append(b.chapters, convert(d, isRule))
	}
	b.dropCited()
	for _, t := range src.Glossary {
		if strings.TrimSpace(t.Term.In(l)) == "" {
			continue
		}
		b.terms = append(b.terms, t)
	}
	sort.SliceStable(b.terms, func(i, j int) bool {
		a, c := site.Fold(b.terms[i].Term.In(l)), site.Fold(b.terms[j].Term.In(l))
		if a != c {
			return a < c
		}
		return b.terms[i].ID < b.terms[j].ID
	})
	// one entry per id: the first (a game may list a term twice, spelt
	// two ways)
	seen := map[string]int{}
	var terms []lang.Term
	for _, t := range b.terms {
		f := site.Fold(strings.TrimSpace(t.Term.In(l)))
		if i, dup := seen[t.ID]; dup {
			if utf8.RuneCountInString(f) >= 3 {
				b.folded[i] = append(b.folded[i], f)
			}
			continue
		}
		seen[t.ID] = len(terms)
		terms = append(terms, t)
		var forms []string
		if utf8.RuneCountInString(f) >= 3 {
			forms = append(forms, f)
		}
		b.folded = append(b.folded, forms)
	}
	b.terms = terms
	return b
}

// layout lays the book out in format g: passes until the page numbers
// printed are those found (at most maxPasses).
func (b *book) layout(g geometry) (*pass, int) {
	prev := map[string]int{}
	var p *pass
	n := 0
	for n < maxPasses {
		n++
		p = b.pass(g, prev)
		if sameNumbers(prev, p.anchors) {
			break
		}
		prev = p.anchors
	}
	return p, n
}

const maxPasses = 6

// maxPages bounds a rulebook: the paginator stops there.
const maxPages = 2000

// sameNumbers reports whether every anchor is on the page it was.
func sameNumbers(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// pass is one layout of the book with the page numbers prev.
func (b *book) pass(g geometry, prev map[string]int) *pass {
	p := &pass{b: b, g: g, prev: prev, anchors: map[string]int{}, terms: map[string][]int{}, overrun: map[diag.Pos]bool{}}
	cover := p.newPage("", b.src.Game)
	cover.bare = true
	// the contents
	var toc []tocEntry
	for _, c := range b.chapters {
		toc = append(toc, tocEntry{text: c.title, anchor: anchorKey(c.slug, ""), level: 1})
		for _, bl := range c.blocks {
			if bl.kind == bHeading && bl.level == 2 && bl.id != "" {
				t := plainOf(bl.runs)
				if p.b.isRule(bl.id) {
					t = bl.id + " · " + t
				}
				toc = append(toc, tocEntry{text: t, anchor: anchorKey(c.slug, bl.id), level: 2})
			}
		}
	}
	if len(b.src.Aids) > 0 {
		toc = append(toc, tocEntry{text: p.word("aids"), anchor: "#aids", level: 1})
	}
	if len(b.terms) > 0 {
		toc = append(toc, tocEntry{text: p.word("glossary"), anchor: "#glossary", level: 1}, tocEntry{text: p.word("index"), anchor: "#index", level: 1})
	}
	p.contents(toc)
	for _, c := range b.chapters {
		p.chapter(c)
	}
	if len(b.src.Aids) > 0 {
		p.aids(b.src.Aids)
	}
	if len(b.terms) > 0 {
		p.glossary(b.terms)
		// the index needs the pages of this pass: the units placed so
		// far are drawn first
		p.finish()
		done := len(p.pages)
		p.index(b.terms)
		p.finishFrom(done)
	} else {
		p.finish()
	}
	return p
}

// finishFrom draws the pages from index from on (finish, for the pages
// added after it ran).
func (p *pass) finishFrom(from int) {
	pages := p.pages
	p.pages = pages[from:]
	// finish numbers pages from 1: lay them out with their true numbers
	saved := p.anchors
	p.anchors = map[string]int{}
	for i, pg := range p.pages {
		n := from + i + 1
		x := p.g.left(n)
		for _, pu := range pg.units {
			pg.items = append(pg.items, render.Transform(pu.u.items, 1, x, p.g.top+pu.y)...)
			for _, a := range pu.u.anchors {
				if _, ok := saved[a]; !ok {
					saved[a] = n
				}
			}
		}
	}
	p.anchors = saved
	p.pages = pages
}

// String names a format, for errors.
func (g geometry) String() string { return fmt.Sprintf("%s %gx%g", g.name, g.w, g.h) }
