package designref

import (
	"html/template"
	"regexp"
	"strings"
)

// The reference as HTML fragments, for the site's pages for designers
// (each game's site puts them in its frame): the index at
// designers/index.html, a page per name beside it (designers/NAME.html).
// Every text is escaped; links go only to the reference's own pages.

// Dir is the site folder of the pages, in each language's folder.
const Dir = "designers"

// PagePath is the path of page name from the language's folder.
func PagePath(name string) string { return Dir + "/" + name + ".html" }

// IndexHTML is the index page's body.
func (r *Reference) IndexHTML() template.HTML {
	var b strings.Builder
	b.WriteString("<p class=\"lead narrow\">" + codeSpans("The reference for designers of "+r.Game+", made from the game's schema: every kind of entry a content file may hold, every field with its type, range, default and an example from the starter. Every content file starts with `package "+r.Package+"`. In a terminal, `wbtool doc NAME` prints the same pages.") + "</p>\n")
	list := func(title string, defs []*Def) {
		if len(defs) == 0 {
			return
		}
		b.WriteString("<h2>" + esc(title) + "</h2>\n<dl class=\"reference\">\n")
		for _, d := range defs {
			head := d.Written()
			if head == "" {
				head = d.Title
			}
			b.WriteString("<dt><a href=\"" + d.Name + ".html\">" + esc(d.Name) + "</a> <code>" + esc(head) + "</code></dt>\n")
			if s := d.Summary(); s != "" {
				b.WriteString("<dd>" + esc(s) + "</dd>\n")
			}
		}
		b.WriteString("</dl>\n")
	}
	list("Kinds of entries", r.Kinds)
	list("Definitions the fields use", r.Types)
	if len(r.Notes) > 0 {
		b.WriteString("<h2>Also</h2>\n<ul class=\"plain\">\n")
		for _, n := range r.Notes {
			b.WriteString("<li><a href=\"" + n.Name + ".html\">" + esc(n.Title) + "</a></li>\n")
		}
		b.WriteString("</ul>\n")
	}
	return template.HTML(b.String())
}

// PageHTML is a page's body: a definition with its fields, or a note.
func (r *Reference) PageHTML(d *Def, note *Note) template.HTML {
	var b strings.Builder
	if note != nil {
		textHTML(&b, note.Text)
		return template.HTML(b.String())
	}
	if s := d.Written(); s != "" {
		b.WriteString("<p>Written <code>" + esc(s) + "</code></p>\n")
	}
	textHTML(&b, d.Doc)
	if d.Type != "" {
		b.WriteString("<p><strong>Type:</strong> " + r.linked(d.Type+rangeOf(d.Range)) + "</p>\n")
		if d.Example != "" {
			b.WriteString("<p><strong>Example:</strong> <code>" + esc(d.Example) + "</code></p>\n")
		}
	}
	if len(d.Fields) > 0 {
		b.WriteString("<h2>Fields</h2>\n<dl class=\"reference fields\">\n")
		seen := map[string]int{}
		for _, f := range d.Fields {
			id := anchor(f.Path)
			if seen[id]++; seen[id] > 1 {
				id += "-" + itoa(seen[id]) // a field of two forms of a block
			}
			b.WriteString("<dt id=\"" + id + "\"><code>" + esc(f.Path) + "</code> <span class=\"muted\">" + esc(f.Presence) + "</span></dt>\n<dd>")
			b.WriteString("<p>" + r.linked(f.Type+rangeOf(f.Range)))
			if f.Default != "" {
				b.WriteString("; default <code>" + esc(f.Default) + "</code>")
			}
			b.WriteString("</p>\n")
			textHTML(&b, f.Doc)
			if f.Example != "" {
				b.WriteString("<p>Example: <code>" + esc(f.Example) + "</code></p>\n")
			}
			b.WriteString("</dd>\n")
		}
		b.WriteString("</dl>\n")
	}
	b.WriteString("<p><a href=\"index.html\">" + esc("All the pages of the reference") + "</a></p>\n")
	return template.HTML(b.String())
}

var seeRef = regexp.MustCompile(`\(see ([a-z]+)\)`)

// linked is a type in words, escaped, its "(see name)" linking the page.
func (r *Reference) linked(s string) string {
	return seeRef.ReplaceAllStringFunc(esc(s), func(m string) string {
		name := seeRef.FindStringSubmatch(m)[1]
		if _, _, ok := r.Page(name); !ok {
			return m
		}
		return "(see <a href=\"" + name + ".html\">" + name + "</a>)"
	})
}

// textHTML writes a comment's text: paragraphs, and its indented lines as
// preformatted blocks.
// codeSpans is s escaped, with its `quoted` parts as code, as the
// schema's comments write them.
func codeSpans(s string) string {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 { // an unmatched backquote: plain text
		return esc(s)
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + esc(p) + "</code>")
		} else {
			b.WriteString(esc(p))
		}
	}
	return b.String()
}

func textHTML(b *strings.Builder, s string) {
	var para, pre []string
	flush := func() {
		if len(para) > 0 {
			b.WriteString("<p>" + codeSpans(strings.Join(para, " ")) + "</p>\n")
			para = nil
		}
		if len(pre) > 0 {
			b.WriteString("<pre>" + esc(strings.Join(pre, "\n")) + "</pre>\n")
			pre = nil
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		switch {
		case strings.TrimSpace(l) == "":
			flush()
		case strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "\t"):
			if len(para) > 0 {
				flush()
			}
			pre = append(pre, strings.ReplaceAll(l, "\t", "  "))
		default:
			if len(pre) > 0 {
				flush()
			}
			para = append(para, strings.TrimSpace(l))
		}
	}
	flush()
}

func esc(s string) string { return template.HTMLEscapeString(s) }

// anchor is a field's id in its page: "f-accuracy-near".
func anchor(path string) string {
	var b strings.Builder
	b.WriteString("f-")
	for _, c := range strings.ToLower(path) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// HTMLPage is one page of the reference for the site: its path from the
// language's folder, its title ("" for the index, which the site names
// in its language) and its body.
type HTMLPage struct {
	Path, Title string
	Body        template.HTML
}

// HTMLPages are the index and every page, in the order of Names.
func (r *Reference) HTMLPages() []HTMLPage {
	pages := []HTMLPage{{Path: Dir + "/index.html", Body: r.IndexHTML()}}
	for _, name := range r.Names() {
		d, note, _ := r.Page(name)
		title := name
		if d != nil {
			title = strings.TrimPrefix(d.Title, "#") // a page title, not CUE syntax
		} else if note != nil {
			title = note.Title
		}
		pages = append(pages, HTMLPage{Path: PagePath(name), Title: title, Body: r.PageHTML(d, note)})
	}
	return pages
}
