package site

import (
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// The rules pages as documents for another layout than the site's (the
// printed rulebook, package booklet): parsed and resolved exactly as the
// site's chapters (front matter, ids, rule anchors, [[id]] names, links
// between chapters checked), but not rendered to HTML. The dialect's own
// nodes are read through RuleRefOf, CardRefOf, IconOf and NaturalOf.

// RulesDoc is one rules page in one language, parsed.
type RulesDoc struct {
	Lang    lang.Lang
	File    string
	Slug    string
	Title   string
	TitleID string
	Rules   []string // the rule numbers it anchors, in order
	Doc     ast.Node // the Markdown tree, without its "# Title"
	Src     []byte   // the Markdown body the tree's segments index
	pos     func(off int) diag.Pos
}

// Pos is the file:line:col of a byte offset of Src.
func (d RulesDoc) Pos(off int) diag.Pos { return d.pos(off) }

// ParseRules parses and resolves a game's rules pages as [Chapters]
// does, without rendering them: each language's pages in order, and
// the problems Chapters reports.
func ParseRules(pages []lang.RulesPage, opts RulesOptions) (map[lang.Lang][]RulesDoc, diag.List) {
	opts.Path = func(slug string) string { return slug + docPageSuffix }
	b := newBook(pages, opts)
	out := map[lang.Lang][]RulesDoc{}
	var errs Errors
	for _, l := range lang.Langs {
		_, chs, perrs := b.chapters(l)
		errs = append(errs, perrs...)
		for _, c := range chs {
			out[l] = append(out[l], RulesDoc{Lang: l, File: c.File, Slug: c.Slug, Title: c.Title, TitleID: c.TitleID,
				Rules: c.rules, Doc: c.doc, Src: c.src, pos: c.pos})
		}
	}
	return out, errs.Sorted()
}

// newBook is the book of pages in a game's dialect (RenderChapters').
func newBook(pages []lang.RulesPage, opts RulesOptions) *book {
	if opts.Path == nil {
		opts.Path = func(slug string) string { return "rules/" + slug + "/index.html" }
	}
	d := &rulesDialect{path: opts.Path, entity: opts.Entity, entityNoun: opts.Noun, requireAnchors: opts.RequireAnchors,
		ref:  regexp.MustCompile(regexp.QuoteMeta(opts.RulePrefix) + `-[A-Z]+-[0-9]+`),
		id:   regexp.MustCompile(`^` + regexp.QuoteMeta(opts.RulePrefix) + `-[A-Z]+-[0-9]+$`),
		icon: opts.Icon, iconLabel: opts.IconLabel, figure: opts.Figure, draw: opts.Draw}
	if d.entity == nil {
		d.entity = func(string, lang.Lang) (string, string, bool) { return "", "", false }
	}
	if d.entityNoun == "" {
		d.entityNoun = "page"
	}
	if d.icon == nil {
		d.icon = func(string, lang.Lang) (string, bool) { return "", false }
	}
	if d.iconLabel == nil {
		d.iconLabel = func(string) string { return "" }
	}
	return &book{pages: pages, d: d}
}

// RuleRefOf reads a rule number node: its id, whether it defines the
// rule's anchor (it starts its paragraph), and whether it is plain text
// (inside a link).
func RuleRefOf(n ast.Node) (id string, def, plain, ok bool) {
	r, ok := n.(*ruleRefNode)
	if !ok {
		return "", false, false, false
	}
	return r.ID, r.Def, r.Plain, true
}

// CardRefOf reads a [[id]] node: the id and its name in the page's
// language (the id when unknown).
func CardRefOf(n ast.Node) (id, name string, ok bool) {
	r, ok := n.(*cardRefNode)
	if !ok {
		return "", "", false
	}
	return r.ID, r.Name, true
}

// FigureOf reads a figure node, [[kind:id args…]]; false for another
// node or a figure written wrong (the site reports it).
func FigureOf(n ast.Node) (lang.Figure, bool) {
	r, ok := n.(*figureNode)
	if !ok || r.Bad != "" {
		return lang.Figure{}, false
	}
	return lang.Figure{Kind: r.What, ID: r.ID, Args: r.Args}, true
}

// IconOf reads an :icon: node.
func IconOf(n ast.Node) (name string, ok bool) {
	r, ok := n.(*iconNode)
	if !ok {
		return "", false
	}
	return r.Name, true
}

// NaturalOf reads a natural die result node, [1]..[10].
func NaturalOf(n ast.Node) (int, bool) {
	r, ok := n.(*naturalNode)
	if !ok {
		return 0, false
	}
	return r.N, true
}

// TextOf is the text a reader sees of a text node's source (backslash
// escapes and entities resolved), or of a typographer's string.
func TextOf(n ast.Node, src []byte) string {
	switch n := n.(type) {
	case *ast.Text:
		return markdownText(n.Segment.Value(src))
	case *ast.String:
		return html.UnescapeString(string(n.Value))
	}
	return ""
}

// LinkTarget reads a link of a RulesDoc: the slug of the rules page it
// leads to ("" for its own page) and the fragment; ok is false for a link
// out of the rules (another page of the site, the web).
func LinkTarget(dest string) (slug, frag string, ok bool) {
	file, frag, _ := strings.Cut(dest, "#")
	if file == "" {
		return "", frag, frag != ""
	}
	slug, isPage := strings.CutSuffix(file, docPageSuffix)
	if !isPage || strings.ContainsAny(slug, "/:") {
		return "", "", false
	}
	return slug, frag, true
}

// docPageSuffix ends a rules page's path in a RulesDoc's links: ParseRules
// places every page at "<slug>.md", so that a link between two pages is
// "<slug>.md#id".
const docPageSuffix = ".md"
