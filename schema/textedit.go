package schema

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/diag"
)

// Where the content files write their texts, for `wbtool i18n import`,
// which rewrites a translation in place: the string literal of each
// field, by its content path ("skills/cool-headed/text/fr", list elements
// by index), and each struct's last field, where a language the text
// lacks goes. Only plain string literals are texts it can write; a text
// built by an expression, a reference or a default is not listed.

// StringSite is one string literal of a content file.
type StringSite struct {
	File       string // as positions name it
	Start, End int    // byte offsets of the literal, quotes included
	Pos        diag.Pos
	Value      string // the literal's text
}

// StructSite is where a field can be added to a struct of a content
// file: after its last field, on the same line when the struct is written
// on one line.
type StructSite struct {
	File    string
	At      int    // byte offset after the last field
	OneLine bool   // the struct is written on one line: add ", name: value"
	Indent  string // the last field's indentation (several lines)
	Pos     diag.Pos
	Fields  int
}

// TextIndex is every string literal and struct of a tree's content files,
// by content path (slash-joined labels).
type TextIndex struct {
	Strings map[string][]StringSite
	Structs map[string][]StructSite
}

// NewTextIndex is an empty index.
func NewTextIndex() *TextIndex {
	return &TextIndex{Strings: map[string][]StringSite{}, Structs: map[string][]StructSite{}}
}

// Add indexes one content file (name as positions show it). A file that
// does not parse is reported in the designer's words, and not indexed.
func (ix *TextIndex) Add(name string, src []byte) diag.List {
	f, err := parser.ParseFile(name, src, parser.ParseComments)
	if err != nil {
		return SyntaxErrors(name, src, err)
	}
	w := &textWalker{ix: ix, name: name, src: src}
	w.decls(nil, f.Decls, token.NoPos, token.NoPos)
	return nil
}

type textWalker struct {
	ix   *TextIndex
	name string
	src  []byte
}

func (w *textWalker) pos(p token.Pos) diag.Pos {
	return diag.Pos{File: w.name, Line: p.Line(), Col: p.Column()}
}

// decls walks the fields of a struct (or file) at path; lbrace and
// rbrace are its braces (NoPos for a file or a struct written without
// them).
func (w *textWalker) decls(path []string, decls []ast.Decl, lbrace, rbrace token.Pos) {
	var last ast.Node
	n := 0
	for _, d := range decls {
		f, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		name, _, err := ast.LabelName(f.Label)
		if err != nil || f.Constraint != token.ILLEGAL {
			continue
		}
		last = f
		n++
		w.expr(append(path[:len(path):len(path)], name), f.Value)
	}
	if last == nil || len(path) == 0 {
		return
	}
	end := last.End()
	s := StructSite{File: w.name, At: end.Offset(), Pos: w.pos(last.Pos()), Fields: n}
	s.OneLine = lbrace.IsValid() && rbrace.IsValid() && lbrace.Line() == rbrace.Line()
	if !s.OneLine {
		start := last.Pos().Offset()
		ls := bytes.LastIndexByte(w.src[:start], '\n') + 1
		s.Indent = string(w.src[ls:start])
		if strings.TrimLeft(s.Indent, " \t") != "" {
			return // the last field shares its line with something else
		}
	}
	key := strings.Join(path, "/")
	w.ix.Structs[key] = append(w.ix.Structs[key], s)
}

func (w *textWalker) expr(path []string, e ast.Expr) {
	switch x := e.(type) {
	case *ast.StructLit:
		w.decls(path, x.Elts, x.Lbrace, x.Rbrace)
	case *ast.ListLit:
		for i, el := range x.Elts {
			w.expr(append(path[:len(path):len(path)], strconv.Itoa(i)), el)
		}
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return
		}
		v, err := literal.Unquote(x.Value)
		if err != nil {
			return
		}
		key := strings.Join(path, "/")
		w.ix.Strings[key] = append(w.ix.Strings[key], StringSite{File: w.name, Start: x.Pos().Offset(), End: x.End().Offset(), Pos: w.pos(x.Pos()), Value: v})
	}
}

// QuoteString is s as a CUE string literal.
func QuoteString(s string) string { return literal.String.Quote(s) }

// FieldLabel is name as a CUE field label: as it is when it is an
// identifier, quoted otherwise.
func FieldLabel(name string) string {
	if ast.IsValidIdent(name) && !strings.HasPrefix(name, "#") && !strings.HasPrefix(name, "_") {
		return name
	}
	return literal.Label.Quote(name)
}

// Splice replaces src[Start:End] with Text.
type Splice struct {
	Start, End int
	Text       string
}

// InsertField is the splice that adds field label: value (a CUE
// expression) after the struct's last field.
func (s StructSite) InsertField(label, value string) Splice {
	if s.OneLine {
		return Splice{Start: s.At, End: s.At, Text: ", " + label + ": " + value}
	}
	return Splice{Start: s.At, End: s.At, Text: "\n" + s.Indent + label + ": " + value}
}

// ApplySplices is src with the splices made (none overlaps another;
// splices at the same offset keep their order).
func ApplySplices(src []byte, splices []Splice) []byte {
	sort.SliceStable(splices, func(i, j int) bool { return splices[i].Start < splices[j].Start })
	var b bytes.Buffer
	at := 0
	for _, s := range splices {
		b.Write(src[at:s.Start])
		b.WriteString(s.Text)
		at = s.End
	}
	b.Write(src[at:])
	return b.Bytes()
}
