package designref

import (
	"fmt"
	"strings"
)

// The reference as plain text, wrapped at a width: what `wbtool doc`
// prints.

// Index is the list of pages: the kinds of entries, the definitions the
// fields use, the game's notes, one line each.
func (r *Reference) Index(width int) string {
	w := &writer{width: width}
	w.para(fmt.Sprintf("%s: the reference for designers, generated from the game's schema. Every content file starts with `package %s`; `wbtool doc NAME` prints one page.", r.Game, r.Package))
	w.blank()
	list := func(title string, defs []*Def) {
		if len(defs) == 0 {
			return
		}
		w.line(title)
		n := 0
		for _, d := range defs {
			n = max(n, len(d.Name))
		}
		for _, d := range defs {
			head := d.Written()
			if head == "" {
				head = d.Title
			}
			w.hanging("  "+pad(d.Name, n)+"  ", head+sep(d.Summary()))
		}
		w.blank()
	}
	list("Kinds of entries", r.Kinds)
	list("Definitions the fields use", r.Types)
	if len(r.Notes) > 0 {
		w.line("Also")
		n := 0
		for _, x := range r.Notes {
			n = max(n, len(x.Name))
		}
		for _, x := range r.Notes {
			w.hanging("  "+pad(x.Name, n)+"  ", x.Title)
		}
	}
	return w.String()
}

// Text is one page: a definition with its fields, or a note.
func (r *Reference) Text(d *Def, note *Note, width int) string {
	w := &writer{width: width}
	if note != nil {
		w.line(note.Title)
		w.blank()
		w.text(note.Text, "")
		return w.String()
	}
	head := d.Title
	if s := d.Written(); s != "" {
		head += " — written " + s
	}
	w.para(head)
	if d.Doc != "" {
		w.blank()
		w.text(d.Doc, "")
	}
	if d.Type != "" {
		w.blank()
		w.hanging("Type: ", d.Type+rangeOf(d.Range))
		if d.Example != "" {
			w.hanging("Example: ", d.Example)
		}
	}
	if len(d.Fields) > 0 {
		w.blank()
		w.line("Fields")
		for _, f := range d.Fields {
			w.blank()
			w.para("  " + f.Path + " (" + f.Presence + ")")
			w.hanging("    ", f.Type+rangeOf(f.Range))
			if f.Default != "" {
				w.hanging("    default: ", f.Default)
			}
			if f.Doc != "" {
				w.text(f.Doc, "    ")
			}
			if f.Example != "" {
				w.hanging("    example: ", f.Example)
			}
		}
	}
	return w.String()
}

func rangeOf(r string) string {
	if r == "" {
		return ""
	}
	return ", " + r
}

func sep(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}

func pad(s string, n int) string { return s + strings.Repeat(" ", n-len(s)) }

// writer wraps text at a width.
type writer struct {
	b     strings.Builder
	width int
}

func (w *writer) String() string { return w.b.String() }

func (w *writer) line(s string) { w.b.WriteString(strings.TrimRight(s, " ") + "\n") }

func (w *writer) blank() { w.b.WriteString("\n") }

// para writes one paragraph, wrapped.
func (w *writer) para(s string) { w.hanging("", s) }

// hanging writes s wrapped after first, its next lines indented as far.
func (w *writer) hanging(first, s string) {
	indent := strings.Repeat(" ", len([]rune(first)))
	lead := first
	if lead == "" {
		// a paragraph's own leading spaces are its indent
		t := strings.TrimLeft(s, " ")
		lead = s[:len(s)-len(t)]
		indent, s = lead, t
	}
	for _, l := range Wrap(s, w.width-len([]rune(lead))) {
		w.line(lead + l)
		lead = indent
	}
}

// text writes a comment's text: its paragraphs wrapped, its indented
// lines (tables, examples) kept as they are, each after indent.
func (w *writer) text(s, indent string) {
	var para []string
	gap := false // a blank line before the next block
	flush := func() {
		if len(para) > 0 {
			w.hanging(indent, strings.Join(para, " "))
			para = nil
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		switch {
		case strings.TrimSpace(l) == "":
			flush()
			gap = true
		case strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "\t"):
			flush()
			if gap {
				w.blank()
				gap = false
			}
			w.line(indent + strings.ReplaceAll(l, "\t", "  "))
		default:
			if gap && len(para) == 0 {
				w.blank()
			}
			gap = false
			para = append(para, strings.TrimSpace(l))
		}
	}
	flush()
}

// Wrap breaks s into lines of at most width characters at spaces (a word
// longer than width has a line of its own).
func Wrap(s string, width int) []string {
	width = max(width, 20)
	var lines []string
	var cur strings.Builder
	n := 0
	for _, word := range strings.Fields(s) {
		k := len([]rune(word))
		if n > 0 && n+1+k > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(word)
		n += k
	}
	if n > 0 || len(lines) == 0 {
		lines = append(lines, cur.String())
	}
	return lines
}
