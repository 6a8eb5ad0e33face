package translations

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// XLIFF 1.2, as CAT tools read it: one <file> per language pair, one
// <trans-unit> per text whose id (and resname) is the text's key, the
// card's room as maxwidth with size-unit="char", a translation to review
// as state="needs-review-translation" with the previous source in a note,
// the translator's comments as notes from "wbtool".

// xliffNS is XLIFF 1.2's namespace.
const xliffNS = "urn:oasis:names:tc:xliff:document:1.2"

// previousNote starts the note that holds a stale entry's previous source.
const previousNote = "Previous source: "

// WriteXLIFF is f as an XLIFF 1.2 document. The same file always gives
// the same bytes.
func WriteXLIFF(f *File) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	fmt.Fprintf(&b, "<xliff version=\"1.2\" xmlns=%q>\n", xliffNS)
	fmt.Fprintf(&b, "  <file original=%s source-language=%s target-language=%s datatype=\"plaintext\" product-name=%s tool-id=\"wbtool\">\n",
		xmlAttr("content"), xmlAttr(string(f.Source)), xmlAttr(string(f.Lang)), xmlAttr(f.Game))
	b.WriteString("    <header>\n      <tool tool-id=\"wbtool\" tool-name=\"wbtool\"/>\n    </header>\n    <body>\n")
	for _, e := range f.Entries {
		fmt.Fprintf(&b, "      <trans-unit id=%s resname=%s xml:space=\"preserve\"", xmlAttr(e.Key), xmlAttr(e.Key))
		if e.MaxLen > 0 {
			fmt.Fprintf(&b, " maxwidth=\"%d\" size-unit=\"char\"", e.MaxLen)
		}
		b.WriteString(">\n")
		b.WriteString("        <source>" + xmlText(e.Source) + "</source>\n")
		if e.Target != "" {
			state := "translated"
			if e.Fuzzy {
				state = "needs-review-translation"
			}
			fmt.Fprintf(&b, "        <target state=%q>%s</target>\n", state, xmlText(e.Target))
		}
		if e.HasPrevious {
			b.WriteString("        <note from=\"wbtool\" annotates=\"source\">" + xmlText(previousNote+e.Previous) + "</note>\n")
		}
		for _, c := range e.Comments {
			b.WriteString("        <note from=\"wbtool\">" + xmlText(c) + "</note>\n")
		}
		for _, r := range e.Refs {
			b.WriteString("        <context-group purpose=\"location\"><context context-type=\"sourcefile\">" + xmlText(r) + "</context></context-group>\n")
		}
		b.WriteString("      </trans-unit>\n")
	}
	b.WriteString("    </body>\n  </file>\n</xliff>\n")
	return b.Bytes()
}

func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	// a newline stays a newline (EscapeText writes &#xA;): the text reads
	// as it is written, xml:space="preserve" keeps it
	return strings.ReplaceAll(b.String(), "&#xA;", "\n")
}

func xmlAttr(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return `"` + strings.ReplaceAll(b.String(), `"`, "&#34;") + `"`
}

// ParseXLIFF reads an XLIFF 1.2 document (name names it in positions):
// its first <file>'s languages and every trans-unit, each at its line and
// column.
func ParseXLIFF(src []byte, name string) (*File, diag.List) {
	f := &File{}
	var problems diag.List
	posAt := func(off int64) diag.Pos {
		line, col := lineCol(src, int(off))
		return diag.Pos{File: name, Line: line, Col: col}
	}
	bad := func(p diag.Pos, format string, args ...any) {
		problems = append(problems, diag.Errorf(p, "", format, args...))
	}
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	var (
		cur      *Entry
		elem     string // the text element being read: source, target, note
		noteAnn  string
		text     strings.Builder
		files    int
		inUnit   bool
		sawXLIFF bool
	)
	for {
		off := d.InputOffset()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			p := posAt(d.InputOffset())
			if errors.As(err, &se) {
				p = diag.Pos{File: name, Line: se.Line, Col: 1}
				bad(p, "not well-formed XML: %s", se.Msg)
			} else {
				bad(p, "cannot read the XLIFF document: %v", err)
			}
			return f, problems
		}
		switch t := tok.(type) {
		case xml.StartElement:
			at := posAt(off)
			attr := func(local string) (string, bool) {
				for _, a := range t.Attr {
					if a.Name.Local == local && (a.Name.Space == "" || a.Name.Space == xliffNS) {
						return a.Value, true
					}
				}
				return "", false
			}
			switch t.Name.Local {
			case "xliff":
				sawXLIFF = true
				if v, _ := attr("version"); v != "1.2" {
					bad(at, "XLIFF version %q: wbtool reads XLIFF 1.2", v)
				}
			case "file":
				files++
				if files > 1 {
					bad(at, "a second <file>: wbtool reads one language per XLIFF document")
					continue
				}
				s, _ := attr("source-language")
				l, ok := attr("target-language")
				if !ok {
					bad(at, "<file> has no target-language: the language of the translation")
				}
				f.Source, f.Lang, f.LangPos = lang.Lang(s), lang.Lang(l), at
				if g, ok := attr("product-name"); ok {
					f.Game = g
				}
			case "trans-unit":
				if files > 1 {
					continue
				}
				id, ok := attr("id")
				if !ok {
					bad(at, "a trans-unit with no id: the id is the text's key (export the file again)")
				}
				cur, inUnit = &Entry{Key: id, Pos: at}, true
				if w, ok := attr("maxwidth"); ok {
					n, err := strconv.Atoi(w)
					if err != nil || n <= 0 {
						bad(at, "cannot read maxwidth=%q: expected a number of characters", w)
					}
					cur.MaxLen = n
				}
			case "context":
				if inUnit && elem == "" {
					if ct, _ := attr("context-type"); ct == "sourcefile" {
						elem = "context"
						text.Reset()
					}
				}
			case "source", "target", "note":
				if !inUnit || elem != "" {
					continue
				}
				elem, noteAnn = t.Name.Local, ""
				text.Reset()
				switch elem {
				case "target":
					cur.TargetPos = posAt(d.InputOffset())
					if s, _ := attr("state"); strings.HasPrefix(s, "needs-") || s == "new" {
						cur.Fuzzy = true
					}
				case "note":
					noteAnn, _ = attr("annotates")
				}
			default:
				if elem != "" {
					bad(at, "markup <%s> inside a text: wbtool texts are plain (write the card markup as characters)", t.Name.Local)
				}
			}
		case xml.CharData:
			if elem != "" {
				text.Write(t)
			}
		case xml.EndElement:
			switch {
			case t.Name.Local == elem:
				switch elem {
				case "source":
					cur.Source = text.String()
				case "target":
					cur.Target = text.String()
				case "context":
					cur.Refs = append(cur.Refs, text.String())
				case "note":
					if s, ok := strings.CutPrefix(text.String(), previousNote); ok && noteAnn == "source" {
						cur.Previous, cur.HasPrevious = s, true
					} else {
						cur.Comments = append(cur.Comments, text.String())
					}
				}
				elem = ""
			case t.Name.Local == "trans-unit" && inUnit:
				if cur.Target == "" {
					cur.Fuzzy = false
				}
				f.Entries = append(f.Entries, *cur)
				cur, inUnit = nil, false
			}
		}
	}
	if !sawXLIFF {
		bad(diag.Pos{File: name, Line: 1, Col: 1}, "not an XLIFF document: its root must be <xliff version=\"1.2\">")
	} else if files == 0 {
		bad(diag.Pos{File: name, Line: 1, Col: 1}, "the XLIFF document has no <file>")
	}
	return f, problems
}

// lineCol is the 1-based line and column (in characters) of byte offset
// off of src.
func lineCol(src []byte, off int) (int, int) {
	off = min(max(off, 0), len(src))
	before := src[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, len([]rune(string(before[start:]))) + 1
}
