package booklet

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/site"
)

// The rules pages as blocks of flowing text: what the layout places.

type blockKind uint8

const (
	bHeading blockKind = iota
	bPara
	bTable
	bRule   // a thematic break
	bFigure // a figure from the game's data ([[card:id]], [[map:…]], …)
)

// block is one block of a chapter: a heading, a paragraph (of a list item
// or a quotation too), a table or a thematic break.
type block struct {
	kind    blockKind
	level   int    // heading level (1: the chapter's title)
	id      string // the anchor a heading gives ("" for none)
	runs    []inl
	marker  string  // a list item's bullet or number, on its first paragraph
	indent  float64 // mm from the column's left edge (lists, quotations)
	quote   bool    // inside a quotation: a bar on its left
	bar     float64 // the quotation's indent, where its bar is drawn
	tight   bool    // in a tight list after the item's first line: no space before
	code    bool
	rows    [][][]inl     // a table's cells; the first row is its header
	rowDefs [][]string    // the rule anchors each row defines
	rowPos  []diag.Pos    // where each row is written
	figures []lang.Figure // a card, or a row of drawings, from the game's data
	pos     diag.Pos
	defs    []string // the rule anchors it defines (a paragraph starting with its number)
}

// inl is a run of inline text: plain, bold and/or italic, an icon or a
// natural die result, or a cross-reference whose page is found by the
// layout.
type inl struct {
	text         string
	strong, emph bool
	icon         string
	natural      int
	ref          *xref
}

// xref is a cross-reference: the anchor it leads to and how it reads.
type xref struct {
	target string // anchor key: a rule number, or "slug#id", or "slug#"
	rule   string // the rule number printed ("" for a heading)
	bare   bool   // the reference is the rule number itself (no "see")
	// afterSee: the text before it already says "see" ("see [Shooting](…)"):
	// the page follows after a comma, not in parentheses of its own
	afterSee bool
	// glued: the page stays on the rule number's line (a table's rule
	// column)
	glued bool
	pos   diag.Pos
}

// chapter is a rules page as blocks.
type chapter struct {
	slug, title, file string
	titleID           string
	blocks            []block
	rules             []string
	pos               diag.Pos
}

// anchorKey is the key of heading id in the chapter slug.
func anchorKey(slug, id string) string { return slug + "#" + id }

// converter turns one parsed page into blocks.
type converter struct {
	doc      site.RulesDoc
	out      []block
	ruleHead func(id string) bool // id is a rule number
}

func convert(d site.RulesDoc, isRule func(string) bool) chapter {
	c := &converter{doc: d, ruleHead: isRule}
	c.blocks(d.Doc, 0, false, false)
	return chapter{slug: d.Slug, title: d.Title, file: d.File, titleID: d.TitleID, blocks: c.out, rules: d.Rules, pos: d.Pos(0)}
}

// at is the position of a block node.
func (c *converter) at(n ast.Node) diag.Pos {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return c.doc.Pos(l.At(0).Start)
	}
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if ch.Type() == ast.TypeBlock {
			return c.at(ch)
		}
		if p := ch.Pos(); p >= 0 {
			return c.doc.Pos(p)
		}
		if t, ok := ch.(*ast.Text); ok {
			return c.doc.Pos(t.Segment.Start)
		}
	}
	if p := n.Pos(); p >= 0 {
		return c.doc.Pos(p)
	}
	return c.doc.Pos(0)
}

const indentStep = 5.0 // mm a list or quotation level indents

func (c *converter) blocks(parent ast.Node, indent float64, quote, tight bool) {
	c.blocksIn(parent, indent, quote, tight, 0)
}

func (c *converter) blocksIn(parent ast.Node, indent float64, quote, tight bool, bar float64) {
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		switch x := n.(type) {
		case *ast.Heading:
			b := block{kind: bHeading, level: x.Level, runs: c.inlines(x, false, false), pos: c.at(x)}
			if id, ok := x.AttributeString("id"); ok {
				if idb, ok := id.([]byte); ok {
					b.id = string(idb)
				}
			}
			c.out = append(c.out, b)
		case *ast.Paragraph, *ast.TextBlock:
			runs := c.inlines(x, false, false)
			b := block{kind: bPara, runs: runs, indent: indent, quote: quote, bar: bar, pos: c.at(x), tight: tight && n.PreviousSibling() != nil}
			b.defs = defsOf(x)
			if len(strings.TrimSpace(plainRuns(runs))) > 0 || len(b.defs) > 0 {
				c.out = append(c.out, b)
			}
			// the figures of the paragraph, after it: a card each, the
			// drawings in one row
			row := -1 // the block of the row, in c.out
			for ch := x.FirstChild(); ch != nil; ch = ch.NextSibling() {
				f, ok := site.FigureOf(ch)
				switch {
				case !ok:
				case f.Kind != "card" && row >= 0:
					c.out[row].figures = append(c.out[row].figures, f)
				default:
					c.out = append(c.out, block{kind: bFigure, figures: []lang.Figure{f}, indent: indent, pos: c.doc.Pos(ch.Pos())})
					row = -1
					if f.Kind != "card" {
						row = len(c.out) - 1
					}
				}
			}
		case *ast.List:
			num := x.Start
			for it := x.FirstChild(); it != nil; it = it.NextSibling() {
				mark := "•"
				if x.IsOrdered() {
					mark = strconv.Itoa(num) + "."
					num++
				}
				first := len(c.out)
				c.blocksIn(it, indent+indentStep, quote, x.IsTight, bar)
				if first < len(c.out) {
					c.out[first].marker = mark
					c.out[first].tight = x.IsTight && it.PreviousSibling() != nil
				}
			}
		case *ast.Blockquote:
			c.blocksIn(x, indent+indentStep*0.8, true, false, indent+indentStep*0.8)
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			var sb strings.Builder
			for i := range x.Lines().Len() {
				seg := x.Lines().At(i)
				sb.Write(seg.Value(c.doc.Src))
			}
			for _, line := range strings.Split(strings.TrimRight(sb.String(), "\n"), "\n") {
				c.out = append(c.out, block{kind: bPara, runs: []inl{{text: line}}, indent: indent + indentStep, code: true, tight: true, pos: c.at(x)})
			}
		case *extast.Table:
			b := block{kind: bTable, indent: indent, pos: c.at(x)}
			for row := x.FirstChild(); row != nil; row = row.NextSibling() {
				var cells [][]inl
				var defs []string
				for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
					cells = append(cells, c.inlines(cell, false, false))
					defs = append(defs, defsOf(cell)...)
				}
				b.rows = append(b.rows, cells)
				b.rowDefs = append(b.rowDefs, defs)
				b.rowPos = append(b.rowPos, c.at(row))
			}
			c.out = append(c.out, b)
		case *ast.ThematicBreak:
			c.out = append(c.out, block{kind: bRule, pos: c.at(x)})
		default:
			if n.Type() == ast.TypeBlock {
				c.blocksIn(n, indent, quote, tight, bar)
			}
		}
	}
}

// defsOf are the rule anchors a paragraph defines: its first rule
// number, when it starts the paragraph.
func defsOf(n ast.Node) []string {
	var out []string
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if id, def, _, ok := site.RuleRefOf(n); ok && entering && def {
			out = append(out, id)
		}
		return ast.WalkContinue, nil
	})
	return out
}

// inlines are the runs of a block's inline children.
func (c *converter) inlines(parent ast.Node, strong, emph bool) []inl {
	var out []inl
	add := func(r inl) {
		if n := len(out); n > 0 && r.text != "" && out[n-1].text != "" && out[n-1].ref == nil && r.ref == nil &&
			out[n-1].strong == r.strong && out[n-1].emph == r.emph {
			out[n-1].text += r.text
			return
		}
		out = append(out, r)
	}
	src := c.doc.Src
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		if id, def, plain, ok := site.RuleRefOf(n); ok {
			if def || plain {
				add(inl{text: id, strong: true})
			} else {
				see := endsWithSee(out)
				add(inl{text: id, strong: strong, emph: emph})
				add(inl{ref: &xref{target: id, rule: id, bare: true, pos: c.doc.Pos(n.Pos()), afterSee: see}})
			}
			continue
		}
		if _, name, ok := site.CardRefOf(n); ok {
			add(inl{text: name, strong: strong, emph: true})
			continue
		}
		if name, ok := site.IconOf(n); ok {
			add(inl{icon: name})
			continue
		}
		if v, ok := site.NaturalOf(n); ok {
			add(inl{natural: v})
			continue
		}
		switch x := n.(type) {
		case *ast.Text:
			t := site.TextOf(x, src)
			if x.SoftLineBreak() || x.HardLineBreak() {
				t += " "
			}
			add(inl{text: t, strong: strong, emph: emph})
		case *ast.String:
			add(inl{text: site.TextOf(x, src), strong: strong, emph: emph})
		case *ast.CodeSpan:
			var sb strings.Builder
			for ch := x.FirstChild(); ch != nil; ch = ch.NextSibling() {
				if t, ok := ch.(*ast.Text); ok {
					sb.Write(t.Segment.Value(src))
				}
			}
			add(inl{text: sb.String(), strong: strong, emph: emph})
		case *ast.Emphasis:
			for _, r := range c.inlines(x, strong || x.Level >= 2, emph || x.Level == 1) {
				add(r)
			}
		case *ast.Link:
			see := endsWithSee(out)
			inner := c.inlines(x, strong, emph)
			for _, r := range inner {
				add(r)
			}
			slug, frag, ok := site.LinkTarget(string(x.Destination))
			if !ok {
				continue
			}
			if slug == "" {
				slug = c.doc.Slug
			}
			r := &xref{target: anchorKey(slug, frag), pos: c.at(parent), afterSee: see}
			if p := x.Pos(); p >= 0 {
				r.pos = c.doc.Pos(p)
			} else if t, ok := x.FirstChild().(*ast.Text); ok {
				r.pos = c.doc.Pos(t.Segment.Start)
			}
			if c.ruleHead(frag) {
				r.target, r.rule = frag, frag
				r.bare = plainOf(inner) == frag
			}
			add(inl{ref: r})
		case *ast.AutoLink:
			add(inl{text: string(x.Label(src)), strong: strong, emph: emph})
		default:
			for _, r := range c.inlines(n, strong, emph) {
				add(r)
			}
		}
	}
	return out
}

// endsWithSee reports whether runs end with "see" or "voir" (and a
// space): the reference that follows is already introduced.
func endsWithSee(runs []inl) bool {
	if len(runs) == 0 || runs[len(runs)-1].text == "" {
		return false
	}
	t := strings.ToLower(strings.TrimRight(runs[len(runs)-1].text, " \u00a0"))
	if strings.HasSuffix(t, "(") {
		return true // "(R-SHOOT-2" reads "(R-SHOOT-2, p. 12)"
	}
	for _, w := range []string{"see", "voir", "cf."} {
		if t == w || strings.HasSuffix(t, " "+w) || strings.HasSuffix(t, "("+w) {
			return true
		}
	}
	return false
}

// plainOf is the text of runs.
func plainOf(runs []inl) string {
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.text)
	}
	return strings.TrimSpace(b.String())
}

// plainRuns is the text of runs, icons and references left out.
func plainRuns(runs []inl) string {
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.text)
		if r.icon != "" || r.natural != 0 {
			b.WriteString("x")
		}
	}
	return b.String()
}
