package booklet

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// Options say which rulebooks to make and how.
type Options struct {
	// Langs are the languages to print (nil: every language).
	Langs []lang.Lang
	// Tool is wbtool's version (the PDFs' creator) and Date the PDFs'
	// date (zero: render.DefaultDate).
	Tool string
	Date time.Time
	// CheckOnly lays the books out for their problems and writes no PDF.
	CheckOnly bool
	// Paper is "a4" (default: an A4 reading copy, an A5 booklet on A4)
	// or "letter" (a letter reading copy, a half-letter booklet on
	// letter).
	Paper string
	// Name is the file name of the rulebook of language l in format
	// "a4" or "letter" (the reading copies) or "a5" or "half-letter"
	// (the imposed booklets); nil: DefaultName.
	Name func(l lang.Lang, format string) string
}

// DefaultName is rules-<lang>.pdf for the A4 reading copy,
// rules-<lang>-a5-booklet.pdf for the A5 booklet, and
// rules-<lang>-letter.pdf and rules-<lang>-half-letter-booklet.pdf on
// letter.
func DefaultName(l lang.Lang, format string) string {
	switch format {
	case "a4":
		return "rules-" + string(l) + ".pdf"
	case "letter":
		return "rules-" + string(l) + "-letter.pdf"
	}
	return "rules-" + string(l) + "-" + format + "-booklet.pdf"
}

// Formats are the formats of the rulebooks on paper ("a4" or
// "letter"): the reading copy's, then the booklet's.
func Formats(paper string) []string {
	var out []string
	for _, g := range formats(paper) {
		out = append(out, g.name)
	}
	return out
}

// Book is one rulebook laid out: what a test or a report reads of it.
type Book struct {
	Lang   lang.Lang
	Format string // "a4", "a5", "letter" or "half-letter"
	Pages  int
	Passes int
	// Anchors are the pages of the anchors: rule numbers ("R-SHOOT-2"),
	// headings ("shooting#line-of-sight"), chapters ("shooting#").
	Anchors map[string]int
	// Rules are the rule numbers in the order the book prints them.
	Rules []string
}

// Result is what Build made.
type Result struct {
	Files    map[string][]byte // by file name (Options.Name)
	Books    []Book
	Problems diag.List
}

// Build lays out the rulebook of src in each language asked, an A4
// reading copy and an A5 booklet imposed for saddle stitching, and writes
// them (unless CheckOnly). Problems of the content (a cross-reference to a
// rule no page anchors, a block taller than a page, a player aid naming
// an unknown rule) are diagnostics at their Markdown line; the problems
// the site reports of the same pages are left to the site.
//
// The result is shared with the builds that make the same books (a
// memo of the last few, for watch and serve): its files are read only.
func Build(src ruleset.RulebookSource, o Options) (*Result, error) {
	key := memoKey(src, o)
	if res, ok := memo.get(key); ok {
		return res, nil
	}
	res, err := build(src, o)
	if err == nil {
		memo.put(key, res)
	}
	return res, err
}

// build is Build without the memo.
func build(src ruleset.RulebookSource, o Options) (*Result, error) {
	docs, _ := site.ParseRules(src.Pages, site.RulesOptions{RulePrefix: src.RulePrefix, RequireAnchors: src.RequireAnchors, Noun: src.Noun,
		Entity: func(id string, l lang.Lang) (string, string, bool) {
			if src.Entity == nil {
				return "", "", false
			}
			name, ok := src.Entity(id, l)
			return name, "", ok
		},
		Icon: func(name string, l lang.Lang) (string, bool) {
			return "", src.HasIcon != nil && src.HasIcon(name)
		},
		IconLabel: src.IconLabel,
		Figure: func(kind, id string, l lang.Lang) (string, string, bool) {
			if src.Figure == nil {
				return "", "", false
			}
			_, ok := src.Figure(kind, id, l)
			return "", "", ok
		}})
	ruleRe := regexp.MustCompile(`^` + regexp.QuoteMeta(src.RulePrefix) + `-[A-Z]+-[0-9]+$`)
	isRule := ruleRe.MatchString
	res := &Result{Files: map[string][]byte{}}
	if o.Name == nil {
		o.Name = DefaultName
	}
	langs := o.Langs
	if len(langs) == 0 {
		langs = src.Langs
	}
	if len(langs) == 0 {
		langs = lang.Langs
	}
	for _, l := range langs {
		if len(docs[l]) == 0 && (len(src.Aids) == 0 || src.Defined == nil) {
			// no pages: a book of its player aids alone when the game
			// defines their rules outside the pages (Defined)
			continue
		}
		b := newBook(src, l, docs[l], isRule)
		for _, g := range formats(o.Paper) {
			p, passes := b.layout(g)
			if !g.booklet {
				// the problems are the same in both formats but for a
				// page overflow: reported once, from the reading copy
				res.Problems = append(res.Problems, p.probs...)
				res.Problems = append(res.Problems, b.refProblems(p)...)
			} else {
				for _, d := range p.probs {
					if strings.Contains(d.Msg, "taller than") {
						res.Problems = append(res.Problems, d)
					}
				}
			}
			pages := p.draw()
			if g.booklet {
				pages = p.pad(pages)
			}
			bk := Book{Lang: l, Format: g.name, Pages: len(pages), Passes: passes, Anchors: p.anchors}
			for _, c := range b.chapters {
				bk.Rules = append(bk.Rules, c.rules...)
			}
			res.Books = append(res.Books, bk)
			if o.CheckOnly {
				continue
			}
			so := render.SheetOptions{Lang: l, Version: src.Version, Set: src.Game, Game: src.Game, Tool: o.Tool, Date: o.Date}
			title := src.Game + " — " + word(l, "rules")
			name := o.Name(l, g.name)
			if g.booklet {
				pages = impose(pages, word(l, "fold"), g.sheetW, g.sheetH)
				title += " (" + g.title + ")"
			}
			pdf, err := render.PagesPDF(so, title, pages)
			if err != nil {
				return nil, fmt.Errorf("rulebook %s: %w", name, err)
			}
			res.Files[name] = pdf
		}
	}
	res.Problems = dedupe(res.Problems)
	return res, nil
}

// dedupe drops a problem reported twice (once per language would be
// right: the pages differ).
func dedupe(l diag.List) diag.List {
	seen := map[string]bool{}
	var out diag.List
	for _, d := range l {
		k := d.String()
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// refProblems are the cross-references the pass could not resolve, and
// the player aids naming an unknown rule.
func (b *book) refProblems(p *pass) diag.List {
	var out diag.List
	check := func(r *xref) {
		if _, ok := p.anchors[r.target]; ok {
			return
		}
		what := r.target
		if r.rule != "" {
			what = "rule " + r.rule
		}
		if r.rule != "" && !b.src.RequireAnchors {
			if slices.Contains(b.src.Defined, r.rule) {
				return // the game defines it elsewhere: printed as it is
			}
			out = append(out, diag.Warnf(r.pos, "", "cross-reference to %s: no rules page of this language (%s) anchors it, so the rulebook prints it without a page number (a heading \"## Title {#%s}\" or a paragraph starting with **%s** gives it one)", what, b.l, r.rule, r.rule))
			return
		}
		if r.rule != "" {
			return // the site reports it at the same line
		}
		if page, _, _ := strings.Cut(r.target, "#"); !p.hasPage(page) {
			return // no such page: the site reports the link at the same line
		}
		out = append(out, diag.Errorf(r.pos, "", "cross-reference to %s: the rulebook has no such heading", what))
	}
	inls := func(runs []inl) {
		for _, r := range runs {
			if r.ref != nil {
				check(r.ref)
			}
		}
	}
	for _, c := range b.chapters {
		for _, bl := range c.blocks {
			inls(bl.runs)
			for _, row := range bl.rows {
				for _, cell := range row {
					inls(cell)
				}
			}
		}
	}
	for _, a := range b.src.Aids {
		for _, e := range a.Entries {
			if e.Rule != "" {
				if _, ok := p.anchors[e.Rule]; !ok && !slices.Contains(b.src.Defined, e.Rule) {
					also := ""
					if b.src.Defined != nil {
						also = " and the game does not define"
					}
					out = append(out, diag.Errorf(e.Pos, "", "player aid %q names rule %s, which no rules page (%s) anchors%s", a.ID, e.Rule, b.l, also))
				}
			}
		}
	}
	return out
}

// draw finishes the pages: cover, running heads, folios.
func (p *pass) draw() []render.Page {
	g := p.g
	var out []render.Page
	for i, pg := range p.pages {
		n := i + 1
		items := pg.items
		switch {
		case i == 0:
			items = append(p.coverItems(), items...)
		case !pg.bare:
			items = append(items, p.furniture(n, pg.head)...)
		}
		out = append(out, render.Page{W: g.w, H: g.h, Name: pg.name, Items: snap(items)})
	}
	return out
}

// snap puts every text run on the 0.01 mm grid the PDF backend writes
// positions on: it places each run from the one before, and a run off the
// grid would carry its rounding to the next, line after line.
func snap(items []render.Item) []render.Item {
	g := func(v float64) float64 { return math.Round(v*100) / 100 }
	for i, it := range items {
		if t, ok := it.(render.Text); ok {
			t.X, t.Y = g(t.X), g(t.Y)
			items[i] = t
		}
	}
	return items
}

// furniture are a page's running head and folio: the game on the left
// pages, the chapter on the right ones, the number at the outer corner.
func (p *pass) furniture(n int, head string) []render.Item {
	g := p.g
	size := g.body * 0.8
	x0, x1 := g.left(n), g.w-(g.inner+g.outer-g.left(n))
	y := g.top - 7
	text := head
	if n%2 == 0 {
		text = p.b.src.Game
	}
	var items []render.Item
	lang := string(p.b.l)
	if n%2 == 0 {
		items = append(items, render.PlaceText(text, lang, render.Italic, render.ColMuted, x0, y, x1-x0, size, size*0.7, 'l'))
	} else {
		items = append(items, render.PlaceText(text, lang, render.Italic, render.ColMuted, x1, y, x1-x0, size, size*0.7, 'r'))
	}
	items = append(items, render.Line{Pts: []render.Pt{{X: x0, Y: y + 2}, {X: x1, Y: y + 2}}, Colour: render.ColRule, Width: 0.25})
	fy := g.h - g.bottom + 9
	num := fmt.Sprint(n)
	if n%2 == 0 {
		items = append(items, render.PlaceText(num, lang, render.Bold, render.ColInk, x0, fy, 0, size, size, 'l'))
	} else {
		items = append(items, render.PlaceText(num, lang, render.Bold, render.ColInk, x1, fy, 0, size, size, 'r'))
	}
	return items
}

// coverItems draw the cover: the game, "Rules", the set, its version and
// the language.
func (p *pass) coverItems() []render.Item {
	g, src, l := p.g, p.b.src, string(p.b.l)
	cx := g.w / 2
	k := g.w / 210 // scale of the A4 design
	w := g.w - 2*g.outer
	items := []render.Item{
		render.Rect{X: g.outer / 2, Y: g.outer / 2, W: g.w - g.outer, H: g.h - g.outer, Paint: render.Stroke(render.ColRule, 0.8*k)},
		render.PlaceText(src.Game, l, render.Bold, render.ColInk, cx, g.h*0.36, w, 44*k, 16*k, 'c'),
		render.Line{Pts: []render.Pt{{X: cx - 30*k, Y: g.h*0.36 + 9*k}, {X: cx + 30*k, Y: g.h*0.36 + 9*k}}, Colour: render.ColMelee, Width: 1.2 * k},
		render.PlaceText(p.word("rules"), l, render.Regular, render.ColInk, cx, g.h*0.36+24*k, w, 24*k, 10*k, 'c'),
	}
	y := g.h * 0.36 * 1.0
	if set := src.Set.In(p.b.l); set != "" && set != src.Game {
		items = append(items, render.PlaceText(set, l, render.Italic, render.ColMuted, cx, y+36*k, w, 14*k, 8*k, 'c'))
	}
	items = append(items,
		render.PlaceText(p.word("version")+" "+render.VersionLabel(src.Version)+" · "+p.word("lang"), l, render.Regular, render.ColMuted, cx, g.h-g.bottom-6*k, w, 11*k, 6*k, 'c'))
	return items
}

// pad adds blank pages before the back cover so that the booklet fills
// whole sheets (4 pages a sheet), and the back cover itself.
func (p *pass) pad(pages []render.Page) []render.Page {
	g := p.g
	back := render.Page{W: g.w, H: g.h, Items: []render.Item{
		render.PlaceText(p.b.src.Game+" · "+render.VersionLabel(p.b.src.Version), string(p.b.l), render.Bold, render.ColInk, g.w/2, g.h-g.bottom-10, g.w-2*g.outer, 10, 6, 'c'),
		render.PlaceText(p.word("made"), string(p.b.l), render.Italic, render.ColMuted, g.w/2, g.h-g.bottom-4, g.w-2*g.outer, 8, 5, 'c'),
	}}
	for (len(pages)+1)%4 != 0 {
		pages = append(pages, render.Page{W: g.w, H: g.h})
	}
	return append(pages, back)
}

// impose puts the booklet's pages two by two on w × h landscape sheets in
// the order Impose gives, with fold marks at the middle.
func impose(pages []render.Page, fold string, w, h float64) []render.Page {
	var out []render.Page
	for i, s := range Impose(len(pages), 0) {
		var items []render.Item
		for half, pi := range []int{s.Left, s.Right} {
			if pi < 0 {
				continue
			}
			items = append(items, snap(render.Transform(pages[pi].Items, 1, float64(half)*w/2, 0))...)
		}
		mark := render.ColMuted
		items = append(items,
			render.Line{Pts: []render.Pt{{X: w / 2, Y: 0}, {X: w / 2, Y: 4}}, Colour: mark, Width: 0.2},
			render.Line{Pts: []render.Pt{{X: w / 2, Y: h - 4}, {X: w / 2, Y: h}}, Colour: mark, Width: 0.2})
		if i == 0 {
			items = append(items, render.PlaceText(fold, "", render.Italic, mark, w/2+2, 3.6, 0, 5, 5, 'l'))
		}
		name := ""
		if i%2 == 0 {
			name = fmt.Sprintf("%d", i/2+1)
		}
		out = append(out, render.Page{W: w, H: h, Name: name, Items: items})
	}
	return out
}

// hasPage reports whether the book has a rules page called page (the
// slug of its file): each chapter anchors "slug#".
func (p *pass) hasPage(page string) bool {
	_, ok := p.anchors[anchorKey(page, "")]
	return ok
}
