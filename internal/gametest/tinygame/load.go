package tinygame

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/suggest"
)

// Ext is the extension of the tiny game's content files. Their format is
// a list of entries, each a header line `KIND ID` at the start of a line
// followed by indented `field: value` lines; `#` starts a comment line.
const Ext = ".tg"

// MaxFileSize bounds a content file.
const MaxFileSize = 1 << 20

// field is one field a kind of entry may have.
type field struct {
	name     string
	required bool
	min, max int    // a number's range; both 0: text
	ref      string // a reference to an entry of this kind ("card": unit or spell)
}

var kinds = map[string][]field{
	"unit": {{name: "name.en", required: true}, {name: "name.fr", required: true},
		{name: "power", required: true, min: 0, max: 9}, {name: "cost", required: true, min: 1, max: 5}},
	"spell": {{name: "name.en", required: true}, {name: "name.fr", required: true},
		{name: "damage", required: true, min: 1, max: 9}, {name: "cost", required: true, min: 1, max: 5},
		{name: "counters", ref: "unit"}},
	"check": {{name: "a", required: true, ref: "card"}, {name: "b", required: true, ref: "card"},
		{name: "winner", required: true}},
}

// Value is a field's value with its position.
type Value struct {
	Text string
	Pos  diag.Pos
}

// Entry is one entry of the content.
type Entry struct {
	Kind, ID string
	Pos      diag.Pos
	Fields   map[string]Value
}

type loader struct {
	root    string
	draft   bool
	errs    diag.List
	entries []*Entry
	byID    map[string]*Entry
	drafts  []Missing
}

// Missing is a text a draft load filled with a placeholder.
type Missing struct {
	Pos  diag.Pos
	Path string
	Lang string
}

func (l *loader) errorf(pos diag.Pos, p, format string, args ...any) {
	l.errs = append(l.errs, diag.Errorf(pos, p, format, args...))
}

// load reads every content file of fsys (and the extra ones), checks
// every entry, and reports every problem.
func load(fsys fs.FS, root string, extra []file, draft bool) (*Content, error) {
	l := &loader{root: root, draft: draft, byID: map[string]*Entry{}}
	var names []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, Ext) {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var files []file
	for _, n := range names {
		pos := diag.Pos{File: l.display(n)}
		st, err := fs.Stat(fsys, n)
		if err == nil && st.Size() > MaxFileSize {
			l.errorf(pos, "", "the file is %d bytes, more than the %d a content file may have", st.Size(), MaxFileSize)
			continue
		}
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			l.errorf(pos, "", "cannot read the file: %v", err)
			continue
		}
		files = append(files, file{name: l.display(n), src: b})
	}
	for _, f := range append(files, extra...) {
		l.parse(f)
	}
	l.check()
	if l.errs.HasErrors(false) {
		return nil, l.errs.Sorted()
	}
	return newContent(l.entries, l.drafts, l.errs), nil
}

type file struct {
	name string
	src  []byte
}

func (l *loader) display(rel string) string {
	if l.root == "" {
		return rel
	}
	return path.Join(l.root, rel)
}

func (l *loader) parse(f file) {
	if !utf8.Valid(f.src) {
		l.errorf(diag.Pos{File: f.name, Line: 1, Col: 1}, "", "the file is not UTF-8 text")
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(f.src))
	sc.Buffer(nil, MaxFileSize+1)
	var cur *Entry
	skip := false // after a broken header, up to the next one
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		pos := diag.Pos{File: f.name, Line: n, Col: len(line) - len(strings.TrimLeft(line, " \t")) + 1}
		if pos.Col == 1 {
			cur = l.header(trimmed, pos)
			skip = cur == nil
			continue
		}
		if skip {
			continue
		}
		if cur == nil {
			l.errorf(pos, "", "a field outside an entry: start one with a line like `unit scout`")
			continue
		}
		name, value, ok := strings.Cut(trimmed, ":")
		if !ok {
			l.errorf(pos, cur.Kind+"s."+cur.ID, "expected `field: value`, found %q", trimmed)
			continue
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		var known []string
		var def *field
		for i, fd := range kinds[cur.Kind] {
			known = append(known, fd.name)
			if fd.name == name {
				def = &kinds[cur.Kind][i]
			}
		}
		p := cur.Kind + "s." + cur.ID + "." + name
		switch {
		case def == nil:
			hint := ""
			if s := suggest.Closest(name, known); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			l.errorf(pos, p, "a %s has no field %q%s", cur.Kind, name, hint)
		case cur.Fields[name].Pos.File != "":
			l.errorf(pos, p, "%s given twice (first at line %d)", name, cur.Fields[name].Pos.Line)
		default:
			cur.Fields[name] = Value{Text: value, Pos: diag.Pos{File: f.name, Line: n, Col: strings.Index(line, value) + 1}}
		}
	}
}

func (l *loader) header(s string, pos diag.Pos) *Entry {
	kind, id, _ := strings.Cut(s, " ")
	id = strings.TrimSpace(id)
	if _, ok := kinds[kind]; !ok {
		hint := ""
		if g := suggest.Closest(kind, []string{"check", "spell", "unit"}); g != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", g)
		}
		l.errorf(pos, "", "unknown kind of entry %q%s: expected unit, spell or check", kind, hint)
		return nil
	}
	if id == "" || strings.ContainsAny(id, " \t:") {
		l.errorf(pos, "", "a %s needs one id after its kind, e.g. `%s scout`", kind, kind)
		return nil
	}
	if prev := l.byID[id]; prev != nil {
		l.errorf(pos, kind+"s."+id, "%q is already the id of the %s at %s", id, prev.Kind, prev.Pos)
		return nil
	}
	e := &Entry{Kind: kind, ID: id, Pos: pos, Fields: map[string]Value{}}
	l.byID[id] = e
	l.entries = append(l.entries, e)
	return e
}

// check checks every entry: required fields, numbers and references.
func (l *loader) check() {
	var cards []string
	for _, e := range l.entries {
		if e.Kind != "check" {
			cards = append(cards, e.ID)
		}
	}
	sort.Strings(cards)
	for _, e := range l.entries {
		for _, fd := range kinds[e.Kind] {
			v, ok := e.Fields[fd.name]
			p := e.Kind + "s." + e.ID + "." + fd.name
			if !ok {
				if lang, text := strings.CutPrefix(fd.name, "name."); text && l.draft {
					en := e.Fields["name.en"].Text
					e.Fields[fd.name] = Value{Text: "[" + lang + ": " + en + "]", Pos: e.Pos}
					l.drafts = append(l.drafts, Missing{Pos: e.Pos, Path: p, Lang: lang})
					continue
				}
				if fd.required {
					l.errorf(e.Pos, p, "the %s %s has no %s", e.Kind, e.ID, fd.name)
				}
				continue
			}
			switch {
			case fd.max > 0:
				n, err := strconv.Atoi(v.Text)
				if err != nil || n < fd.min || n > fd.max {
					l.errorf(v.Pos, p, "%s is %s: expected a whole number from %d to %d", fd.name, v.Text, fd.min, fd.max)
				}
			case fd.ref != "":
				for _, id := range strings.Fields(v.Text) {
					t := l.byID[id]
					if t != nil && t.Kind != "check" && (fd.ref == "card" || t.Kind == fd.ref) {
						continue
					}
					hint := ""
					if s := suggest.Closest(id, cards); s != "" {
						hint = fmt.Sprintf(" (did you mean %q?)", s)
					}
					l.errorf(v.Pos, p, "unknown %s %q%s", fd.ref, id, hint)
				}
			case fd.name == "winner" && v.Text != "a" && v.Text != "b" && v.Text != "draw":
				l.errorf(v.Pos, p, "winner is %q: expected a, b or draw", v.Text)
			case v.Text == "":
				l.errorf(v.Pos, p, "%s is empty", fd.name)
			}
		}
	}
}
