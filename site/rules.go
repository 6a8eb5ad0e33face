package site

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// chapter is one rules page in one language, parsed.
type chapter struct {
	Lang     lang.Lang
	File     string // content path, for errors
	Slug     string // page name shared by both languages: NN-slug.md → slug
	Title    string
	TitleID  string // id of the page's "# Title {#id}", if any
	Order    int
	Sections []section // level-2 headings, for the contents
	Body     template.HTML

	src      []byte // Markdown body (front matter removed)
	lineBase int    // lines of front matter before the body
	doc      ast.Node
	rules    []string        // rule anchors defined here, in order
	ids      map[string]bool // every anchor of the page
	// siteLinks are the page's links to files of the site that are not
	// rules pages: the site checks them once it knows its files.
	siteLinks []siteLink
	// figures are the images its drawn figures need written
	figures []FigureFile
}

// siteLink is a link of a rules page to a file of the site.
type siteLink struct {
	off    int    // where the link is in the page
	dest   string // as written
	target string // the file it names, relative to the site folder ("" when it leads out of the site)
}

// section is a heading of a chapter.
type section struct {
	ID    string
	Title string
	Level int
}

// Pos returns the file:line:col of a byte offset of the body.
func (c *chapter) pos(off int) diag.Pos {
	p := diag.Pos{File: c.File, Line: c.lineBase + 1, Col: 1}
	if off < 0 || off > len(c.src) {
		return diag.Pos{File: c.File}
	}
	before := c.src[:off]
	p.Line += bytes.Count(before, []byte("\n"))
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	p.Col = utf8.RuneCount(before[lineStart:]) + 1
	return p
}

// Errors is every problem of a site build (package diag).
type Errors = diag.List

// frontMatter reads the front matter of a rules file: "---" on the first
// line, "key: value" lines, and "---". Only title and order are known.
func frontMatter(file string, src []byte) (title string, order int, hasOrder bool, body []byte, lines int, errs Errors) {
	s := string(src)
	s = strings.TrimPrefix(s, "\ufeff")
	if !strings.HasPrefix(s, "---\n") && !strings.HasPrefix(s, "---\r\n") {
		return "", 0, false, []byte(s), 0, nil
	}
	rest := s[strings.IndexByte(s, '\n')+1:]
	lines = 1
	for {
		nl := strings.IndexByte(rest, '\n')
		var line string
		if nl < 0 {
			line, rest = rest, ""
		} else {
			line, rest = rest[:nl], rest[nl+1:]
		}
		lines++
		line = strings.TrimRight(line, "\r")
		if line == "---" {
			return title, order, hasOrder, []byte(rest), lines, errs
		}
		if nl < 0 {
			errs = append(errs, diag.Diagnostic{Pos: diag.Pos{File: file, Line: 1, Col: 1}, Msg: "front matter is not closed: add a line with --- after it"})
			return title, order, hasOrder, []byte(rest), lines, errs
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		pos := diag.Pos{File: file, Line: lines, Col: 1}
		if !ok {
			errs = append(errs, diag.Diagnostic{Pos: pos, Msg: fmt.Sprintf("front matter line %q should be key: value", line)})
			continue
		}
		val = strings.TrimSpace(val)
		if len(val) >= 2 && (val[0] == '"' && val[len(val)-1] == '"' || val[0] == '\'' && val[len(val)-1] == '\'') {
			if uq, err := strconv.Unquote(`"` + strings.ReplaceAll(val[1:len(val)-1], `"`, `\"`) + `"`); err == nil && val[0] == '"' {
				val = uq
			} else {
				val = val[1 : len(val)-1]
			}
		}
		switch strings.TrimSpace(key) {
		case "title":
			title = val
		case "order":
			n, err := strconv.Atoi(val)
			if err != nil {
				errs = append(errs, diag.Diagnostic{Pos: pos, Msg: fmt.Sprintf("order %q should be a whole number", val)})
				continue
			}
			order, hasOrder = n, true
		default:
			errs = append(errs, diag.Diagnostic{Pos: pos, Msg: fmt.Sprintf("unknown front matter key %q (expected title or order)", strings.TrimSpace(key))})
		}
	}
}

// chapterSlug turns "03-shooting.md" into "shooting".
func chapterSlug(p string) (slug string, num int, hasNum bool) {
	stem := strings.TrimSuffix(path.Base(p), ".md")
	if i := strings.IndexByte(stem, '-'); i > 0 {
		if n, err := strconv.Atoi(stem[:i]); err == nil {
			return stem[i+1:], n, true
		}
	}
	return stem, 0, false
}

// parseChapters parses the rules pages of language l, sorted by order.
func (b *book) parseChapters(md goldmark.Markdown, l lang.Lang) ([]*chapter, Errors) {
	var out []*chapter
	var errs Errors
	seen := map[string]string{}
	for _, rp := range b.pages {
		if rp.Lang != l || !strings.HasSuffix(rp.Path, ".md") {
			continue
		}
		title, order, hasOrder, body, lines, ferrs := frontMatter(rp.Path, rp.Source)
		errs = append(errs, ferrs...)
		slug, num, hasNum := chapterSlug(rp.Path)
		if !SafeClass.MatchString(slug) {
			errs = append(errs, diag.Diagnostic{Pos: diag.Pos{File: rp.Path}, Msg: "a rules file is named NN-slug.md with a lower-case slug (letters, digits, hyphens)"})
			continue
		}
		if other, dup := seen[slug]; dup {
			errs = append(errs, diag.Diagnostic{Pos: diag.Pos{File: rp.Path}, Msg: fmt.Sprintf("two rules files have the page name %q (also %s)", slug, other)})
			continue
		}
		seen[slug] = rp.Path
		if !hasOrder && hasNum {
			order = num
		}
		c := &chapter{Lang: l, File: rp.Path, Slug: slug, Title: title, Order: order, src: body, lineBase: lines}
		pc := parser.NewContext(parser.WithIDs(newSlugIDs()))
		c.doc = md.Parser().Parse(text.NewReader(c.src), parser.WithContext(pc))
		splitRuleRefs(c.doc, c.src, b.d.ref)
		// A leading "# Title" is the page title (the layout writes the h1).
		if h, ok := c.doc.FirstChild().(*ast.Heading); ok && h.Level == 1 {
			if c.Title == "" {
				c.Title = plainText(h, c.src, b.d.iconLabel)
			}
			if id, ok := h.AttributeString("id"); ok {
				if idb, ok := id.([]byte); ok && headingIDRe.Match(idb) {
					c.TitleID = string(idb)
				}
			}
			c.doc.RemoveChild(c.doc, h)
		}
		if c.Title == "" {
			errs = append(errs, diag.Diagnostic{Pos: diag.Pos{File: rp.Path, Line: 1, Col: 1}, Msg: "the chapter has no title: add title: to its front matter"})
			c.Title = slug
		}
		for _, p := range sanitize(c.doc, c.src, b.d.iconLabel) {
			errs = append(errs, diag.Diagnostic{Pos: c.pos(p.Offset), Msg: p.Msg})
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Order != out[j].Order {
			return out[i].Order < out[j].Order
		}
		return out[i].Slug < out[j].Slug
	})
	return out, errs
}

// resolveChapters fills in card names, icons and rule links of the
// chapters of one language, and collects their headings.
func (b *book) resolveChapters(chs []*chapter, l lang.Lang) Errors {
	var errs Errors
	d := b.d
	defs := map[string]*chapter{} // rule id → chapter defining it
	defPos := map[string]diag.Pos{}
	bySlug := map[string]*chapter{}
	// First pass: anchors. A rule is given its anchor by a heading with
	// that id ("### Skills {#R-CARD-2}") or by its number at the start of a
	// paragraph ("**R-CARD-2** A skill…").
	define := func(c *chapter, id string, off int) bool {
		if prev, dup := defPos[id]; dup {
			errs = append(errs, diag.Diagnostic{Pos: c.pos(off), Msg: fmt.Sprintf("rule %s is already given an anchor at %s; give each rule one anchor", id, prev)})
			return false
		}
		defs[id] = c
		defPos[id] = c.pos(off)
		c.rules = append(c.rules, id)
		return true
	}
	for _, c := range chs {
		bySlug[c.Slug] = c
		c.ids = map[string]bool{}
		if c.TitleID != "" {
			c.ids[c.TitleID] = true
		}
		_ = ast.Walk(c.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch r := n.(type) {
			case *ast.Heading:
				if id, ok := r.AttributeString("id"); ok {
					if idb, ok := id.([]byte); ok {
						if c.ids[string(idb)] {
							errs = append(errs, diag.Diagnostic{Pos: c.pos(r.Pos()), Msg: fmt.Sprintf("two headings of this page have the id %q", idb)})
						}
						c.ids[string(idb)] = true
						if d.id.Match(idb) {
							define(c, string(idb), r.Pos())
						}
					}
				}
			case *ruleRefNode:
				r.Plain = insideLink(r)
				r.Def = !r.Plain && startsBlock(r)
				if r.Def {
					r.Def = define(c, r.ID, r.Pos())
					c.ids[r.ID] = true
				}
			}
			return ast.WalkContinue, nil
		})
	}
	for _, c := range chs {
		_ = ast.Walk(c.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch x := n.(type) {
			case *ast.Heading:
				id, _ := x.AttributeString("id")
				idb, _ := id.([]byte)
				if x.Level >= 2 && x.Level <= 3 && idb != nil {
					c.Sections = append(c.Sections, section{ID: string(idb), Title: plainText(x, c.src, d.iconLabel), Level: x.Level})
				}
			case *ast.Link:
				if err := rewriteChapterLink(x, c, bySlug, d.path); err != "" {
					errs = append(errs, diag.Diagnostic{Pos: c.pos(linkPos(x)), Msg: err})
				}
			case *cardRefNode:
				name, page, ok := d.entity(x.ID, l)
				if !ok {
					errs = append(errs, diag.Diagnostic{Pos: c.pos(x.Pos()), Msg: fmt.Sprintf("unknown %s %q in [[%s]]: no %s has this id", d.entityNoun, x.ID, x.ID, d.entityNoun)})
					x.Name = x.ID
					return ast.WalkContinue, nil
				}
				x.Name = name
				if !insideLink(x) {
					x.Href = relPath(d.path(c.Slug), page)
				}
			case *figureNode:
				if msg := d.resolveFigure(x, c, l); msg != "" {
					errs = append(errs, diag.Diagnostic{Pos: c.pos(x.Pos()), Msg: msg})
				}
			case *iconNode:
				svg, ok := d.icon(x.Name, l)
				if !ok {
					errs = append(errs, diag.Diagnostic{Pos: c.pos(x.Pos()), Msg: fmt.Sprintf("unknown icon :%s: (write \\:%s: for the plain text)", x.Name, x.Name)})
					return ast.WalkContinue, nil
				}
				x.SVG = svg
			case *ruleRefNode:
				if x.Plain || x.Def {
					return ast.WalkContinue, nil
				}
				if def, ok := defs[x.ID]; ok {
					if def == c {
						x.Href = "#" + x.ID
					} else {
						x.Href = relPath(d.path(c.Slug), d.path(def.Slug)) + "#" + x.ID
					}
				} else if d.requireAnchors {
					errs = append(errs, diag.Diagnostic{Pos: c.pos(x.Pos()), Msg: fmt.Sprintf("rule %s: no rules page of this language gives it an anchor (a heading \"## Title {#%s}\" or a paragraph starting with **%s**)", x.ID, x.ID, x.ID)})
				}
			}
			return ast.WalkContinue, nil
		})
	}
	return errs
}

// rulesDialect is how a game writes its rules pages: the shape of its
// rule numbers, where its chapters are published, and what [[id]] names.
type rulesDialect struct {
	ref *regexp.Regexp // a rule number in text
	id  *regexp.Regexp // a whole rule number
	// path is a chapter's page, relative to the language folder.
	path func(slug string) string
	// entity gives the name of [[id]] in a language and its page
	// (relative to the language folder); nil: the catalog's cards.
	entity     func(id string, l lang.Lang) (name, page string, ok bool)
	entityNoun string // what [[id]] names, in its error
	// icon draws :name: in a language (inline SVG), false for an unknown
	// icon; iconLabel is an icon's English name for plain text (a title,
	// an image's alt text), "" for none.
	icon      func(name string, l lang.Lang) (string, bool)
	iconLabel func(name string) string
	// figure is RulesOptions.Figure, draw RulesOptions.Draw.
	figure func(kind, id string, l lang.Lang) (src, alt string, ok bool)
	draw   func(f lang.Figure, l lang.Lang) (svg []byte, alt string, err error)
	// requireAnchors: a rule number that no chapter of the language
	// anchors is an error (else it is shown unlinked).
	requireAnchors bool
}

// book is the rules pages of a game, parsed and rendered with its dialect.
type book struct {
	pages []lang.RulesPage
	d     *rulesDialect
}

// chapters parses and resolves the chapters of language l, with the
// goldmark instance that parsed them.
func (b *book) chapters(l lang.Lang) (goldmark.Markdown, []*chapter, Errors) {
	md := NewMarkdown(l)
	chs, errs := b.parseChapters(md, l)
	errs = append(errs, b.resolveChapters(chs, l)...)
	return md, chs, errs
}

// renderChapters writes the HTML body of each chapter.
func (b *book) renderChapters(md goldmark.Markdown, chs []*chapter) error {
	for _, c := range chs {
		var buf bytes.Buffer
		if err := md.Renderer().Render(&buf, c.src, c.doc); err != nil {
			return fmt.Errorf("render %s: %w", c.File, err)
		}
		// A Markdown table's empty corner cell is no header: an empty <th>
		// tells a screen reader nothing (axe: empty-table-header).
		c.Body = trustedHTML(emptyHeader.ReplaceAllString(buf.String(), "<td$1></td>"))
	}
	return nil
}

// emptyHeader is an empty table header cell of goldmark's output.
var emptyHeader = regexp.MustCompile(`<th((?: [a-z-]+="[^"<>]*")*)>\s*</th>`)

// insideLink reports whether n is inside a Markdown link.
func insideLink(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Kind() == ast.KindLink || p.Kind() == ast.KindAutoLink {
			return true
		}
	}
	return false
}

// startsBlock reports whether n is the first thing of its paragraph (or
// list item, or table cell), possibly wrapped in emphasis: "**R-SHOOT-7**
// Armour…" defines the anchor.
func startsBlock(n ast.Node) bool {
	for {
		if n.PreviousSibling() != nil {
			return false
		}
		p := n.Parent()
		if p == nil {
			return false
		}
		if p.Type() == ast.TypeBlock {
			return p.Kind() == ast.KindParagraph || p.Kind() == ast.KindTextBlock || p.Kind() == extast.KindTableCell
		}
		n = p
	}
}

// rewriteChapterLink turns a link to another rules file of the same
// language ("04-deck-building.md#R-DECK-4") into a link to its page, and
// checks that the page and the anchor exist. It returns a problem, or "".
func rewriteChapterLink(l *ast.Link, c *chapter, bySlug map[string]*chapter, pagePath func(slug string) string) string {
	dest := string(l.Destination)
	if strings.HasPrefix(dest, "#") {
		if !c.ids[dest[1:]] {
			return fmt.Sprintf("link to #%s: this page has no heading or rule with that id", dest[1:])
		}
		return ""
	}
	file, frag, _ := strings.Cut(dest, "#")
	file, _, _ = strings.Cut(file, "?")
	switch {
	case strings.Contains(file, ":"):
		return "" // another site (the Markdown keeps http, https and mailto only)
	case strings.HasPrefix(file, "/"):
		return fmt.Sprintf("link to %s: a link from the root of the site breaks once the site is published in a folder or opened from disk: write it from this page (another rules page by its file, 04-deck-building.md; a card as [[id]]; another page relative to this one, ../../cards/index.html) or as a full https:// address", dest)
	case !strings.HasSuffix(file, ".md"):
		if file == "" {
			return "" // this page
		}
		// another file of the site: the site checks it once it knows its files
		rel, err := url.PathUnescape(file)
		if err != nil {
			return fmt.Sprintf("link to %s: not a valid link (%v)", dest, err)
		}
		target := path.Join(path.Dir(string(c.Lang)+"/"+pagePath(c.Slug)), rel)
		if target == ".." || strings.HasPrefix(target, "../") {
			target = ""
		}
		c.siteLinks = append(c.siteLinks, siteLink{off: linkPos(l), dest: dest, target: target})
		return ""
	}
	slug, _, _ := chapterSlug(file)
	target, ok := bySlug[slug]
	if !ok || path.Base(file) != path.Base(target.File) {
		return fmt.Sprintf("link to %s: there is no such rules file in %s", file, path.Dir(c.File))
	}
	if frag != "" && !target.ids[frag] {
		return fmt.Sprintf("link to %s#%s: %s has no heading or rule with that id", file, frag, path.Base(target.File))
	}
	url := relPath(pagePath(c.Slug), pagePath(target.Slug))
	if target == c {
		url = ""
	}
	if frag != "" {
		url += "#" + frag
	}
	if url == "" {
		url = "#"
	}
	l.Destination = []byte(url)
	return ""
}

// CheckChapterLinks checks the links of the rules pages to other files of the
// site (Chapter.Links), once the site knows its files: each must name a
// file the site has (has, given the target relative to the site folder);
// an error at the link otherwise.
func CheckChapterLinks(chapters map[lang.Lang][]Chapter, has func(target string) bool) Errors {
	var errs Errors
	for _, l := range lang.Langs {
		for _, c := range chapters[l] {
			for _, sl := range c.Links {
				if sl.Target == "" {
					errs = append(errs, diag.Diagnostic{Pos: sl.Pos, Msg: fmt.Sprintf("link to %s: it leads out of the site: link a page of the site from this one (../../cards/index.html), another rules page by its file (04-deck-building.md), a card as [[id]], or the web with https://", sl.Dest)})
					continue
				}
				if !has(sl.Target) {
					errs = append(errs, diag.Diagnostic{Pos: sl.Pos, Msg: fmt.Sprintf("link to %s: the site has no such page or file (%s): link another rules page by its file (04-deck-building.md), a card as [[id]], or a page the site has, relative to this one (../../cards/index.html)", sl.Dest, sl.Target)})
				}
			}
		}
	}
	return errs
}

// SiteHas is CheckChapterLinks's has for a site made whole as files keyed
// by their path: a file of files, or a card sheet (print/…), which the
// build copies into the site after.
func SiteHas(files map[string][]byte) func(target string) bool {
	return func(target string) bool {
		_, ok := files[target]
		return ok || strings.HasPrefix(target, "print/")
	}
}

// linkPos is the offset of a link: goldmark records its text's start.
func linkPos(l *ast.Link) int {
	if l.Pos() >= 0 {
		return l.Pos()
	}
	if t, ok := l.FirstChild().(*ast.Text); ok {
		return t.Segment.Start
	}
	return -1
}

// Chapter is a rules page of a game, rendered by [Chapters].
type Chapter struct {
	Lang     lang.Lang
	File     string // the Markdown file, for errors
	Slug     string // the page's name, the same in both languages
	Title    string
	TitleID  string        // the id of its "# Title {#id}", if any
	Body     template.HTML // the page's HTML, without its title
	Sections []Section     // its headings of levels 2 and 3
	Rules    []string      // the rule numbers it anchors, in order
	// Links are its links to files of the site that are not rules pages
	// (an image, a card's page, a sheet): [CheckLinks] checks them once
	// the site knows its files.
	Links []SiteLink
	// Figures are the images its figures drawn from the game's data need
	// (maps, tokens, dice), relative to the language folder: the game's
	// site writes them.
	Figures []FigureFile
}

// SiteLink is a link of a rules page to a file of the site.
type SiteLink struct {
	Pos    diag.Pos // where the link is written
	Dest   string   // as written
	Target string   // the file it names, relative to the site folder ("" when it leads out of the site)
}

// Section is a heading of a chapter.
type Section struct {
	ID, Title string
	Level     int
}

// RulesOptions are a game's rules dialect (see markdown.go for the
// dialect itself).
type RulesOptions struct {
	// RulePrefix starts the game's rule numbers: "WS" for WS-BUILD-3.
	RulePrefix string
	// Path is a chapter's page relative to the language folder, from its
	// slug (NN-slug.md → slug): links between chapters are rewritten to it.
	Path func(slug string) string
	// Entity gives the name of [[id]] in a language and its page,
	// relative to the language folder; Noun names what it is in the
	// error for an unknown id. Nil: [[id]] is always an error.
	Entity func(id string, l lang.Lang) (name, page string, ok bool)
	Noun   string
	// RequireAnchors: a rule number that no chapter of its language
	// anchors is an error, as a link to a missing anchor is.
	RequireAnchors bool
	// Icon draws the game's icon :name: in a language (inline SVG made
	// by the game, trusted: never content), false for an unknown icon;
	// IconLabel is an icon's English name in plain text (a title, an
	// image's alt text), "" for none. Nil: the game has no icons, and
	// every :name: is an error.
	Icon      func(name string, l lang.Lang) (svg string, ok bool)
	IconLabel func(name string) string
	// Figure gives the image of a figure [[card:id]] in a language
	// (kind "card"), relative to the language folder, and its text;
	// false for an unknown id. Nil: the game draws no figures.
	Figure func(kind, id string, l lang.Lang) (src, alt string, ok bool)
	// Draw draws the other figures, [[map:…]], [[token:…]], [[dice:…]]
	// (lang.Figure), in a language: an SVG image and its text, or the
	// reason it cannot, in the designer's words (an unknown scenario, a
	// tile off the board), reported at the figure. Nil: the game draws
	// none of them.
	Draw func(f lang.Figure, l lang.Lang) (svg []byte, alt string, err error)
}

// Chapters renders a game's rules pages (Markdown, lang.RulesPage)
// with the dialect of Warbound's: front matter, heading ids, rule
// anchors and links, links between chapters checked and rewritten to
// their pages, [[id]] links, raw HTML never rendered, French typography.
// It returns each language's chapters in order, or every problem with
// its file:line:col.
func Chapters(pages []lang.RulesPage, opts RulesOptions) (map[lang.Lang][]Chapter, diag.List) {
	out, errs, err := RenderChapters(pages, opts)
	if err != nil {
		errs = append(errs, diag.Diagnostic{Msg: err.Error()})
	}
	return out, errs.Sorted()
}

// RenderChapters is [Chapters] with the problems of the content apart
// from a failure to render (an error, not the content's), and unsorted.
//
// The chapters of the last few renderings are kept (watch and serve
// render on every save): pages and answers of the game's functions the
// same as one of them, its chapters are given again, in a new map and
// slices sharing their HTML.
func RenderChapters(pages []lang.RulesPage, opts RulesOptions) (map[lang.Lang][]Chapter, diag.List, error) {
	key := chapterKey(pages, opts)
	if out, errs, ok := rememberedChapters(key, opts); ok {
		return out, errs, nil
	}
	r := &recorder{seen: map[string]bool{}}
	out, errs, err := renderChapters(pages, r.recording(opts))
	if err == nil {
		rememberChapters(&chapterEntry{key: key, lookups: r.lookups, out: out, errs: errs})
	}
	return out, errs, err
}

// renderChapters is RenderChapters without the memo.
func renderChapters(pages []lang.RulesPage, opts RulesOptions) (map[lang.Lang][]Chapter, diag.List, error) {
	b := newBook(pages, opts)
	out := map[lang.Lang][]Chapter{}
	var errs Errors
	for _, l := range pageLangs(pages) {
		md, chs, perrs := b.chapters(l)
		errs = append(errs, perrs...)
		if err := b.renderChapters(md, chs); err != nil {
			return nil, errs, err
		}
		for _, c := range chs {
			ch := Chapter{Lang: l, File: c.File, Slug: c.Slug, Title: c.Title, TitleID: c.TitleID, Body: c.Body, Rules: c.rules, Figures: c.figures}
			for _, s := range c.Sections {
				ch.Sections = append(ch.Sections, Section(s))
			}
			for _, sl := range c.siteLinks {
				ch.Links = append(ch.Links, SiteLink{Pos: c.pos(sl.off), Dest: sl.dest, Target: sl.target})
			}
			out[l] = append(out[l], ch)
		}
	}
	return out, errs, nil
}

// pageLangs are the languages of a game's rules pages: English and
// French, then any other the pages are written in, in their order.
func pageLangs(pages []lang.RulesPage) []lang.Lang {
	out := slices.Clone(lang.Langs)
	for _, p := range pages {
		if !slices.Contains(out, p.Lang) {
			out = append(out, p.Lang)
		}
	}
	return out
}
