package schema

import (
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// The loader finds designers' positions in the syntax trees of the content
// files, not in the evaluated value: the unified value's positions often
// point into the schema, and evaluating the content a second time on its
// own would double the load time.

// indexPositions records the position of every field and list element of
// a content file, keyed by its path (once per file and text with a Cache).
func (l *loader) indexPositions(f *ast.File) {
	m := l.filePositions[f]
	if m == nil {
		m = map[string]wbcatalog.Pos{}
		for _, d := range f.Decls {
			if field, ok := d.(*ast.Field); ok {
				l.indexField(m, field, "", true)
			}
		}
	}
	l.positions = append(l.positions, m)
}

// indexField indexes a field under the path key at (top: the file's top
// level, whose key is empty), built one element at a time: pathKey of the
// path.
func (l *loader) indexField(m map[string]wbcatalog.Pos, f *ast.Field, at string, top bool) {
	name, _, err := ast.LabelName(f.Label)
	if err != nil {
		return
	}
	key := childKey(at, name, top)
	if _, seen := m[key]; !seen {
		m[key] = l.position(f.Label.Pos())
	}
	l.indexExpr(m, f.Value, key)
}

// childKey is the path key of element name under the path key at.
func childKey(at, name string, top bool) string {
	if top {
		return name
	}
	return at + "\x00" + name
}

func (l *loader) indexExpr(m map[string]wbcatalog.Pos, x ast.Expr, at string) {
	switch x := x.(type) {
	case *ast.StructLit:
		for _, e := range x.Elts {
			switch e := e.(type) {
			case *ast.Field:
				l.indexField(m, e, at, false)
			case *ast.EmbedDecl:
				l.indexExpr(m, e.Expr, at)
			}
		}
	case *ast.ListLit:
		for i, e := range x.Elts {
			key := childKey(at, strconv.Itoa(i), false)
			if _, seen := m[key]; !seen {
				m[key] = l.position(e.Pos())
			}
			l.indexExpr(m, e, key)
		}
	case *ast.BinaryExpr:
		// `#Base & {...}`: the designer's fields are in the operands.
		l.indexExpr(m, x.X, at)
		l.indexExpr(m, x.Y, at)
	}
}

func pathKey(p []string) string { return strings.Join(p, "\x00") }

// lookupPos is the position recorded for key by the first file that has
// it.
func (l *loader) lookupPos(key string) (wbcatalog.Pos, bool) {
	for _, m := range l.positions {
		if pos, ok := m[key]; ok {
			return pos, true
		}
	}
	return wbcatalog.Pos{}, false
}

// exactPos is the position of exactly this path, or the zero Pos.
func (l *loader) exactPos(at []string) wbcatalog.Pos {
	pos, _ := l.lookupPos(pathKey(at))
	return pos
}

// dataPos is the position of the deepest content value on path.
func (l *loader) dataPos(segs []string) wbcatalog.Pos {
	at := make([]string, len(segs))
	for i, s := range segs {
		at[i] = unquote(s)
	}
	for n := len(at); n > 0; n-- {
		if pos, ok := l.lookupPos(pathKey(at[:n])); ok && pos.File != "" {
			return pos
		}
	}
	return wbcatalog.Pos{}
}

// dataValue evaluates the content alone, without the schema, once and only
// when needed (to look for unknown fields in entities with errors).
func (l *loader) dataValue() cue.Value {
	l.shared.dataOnce.Do(func() {
		// Errors of this second evaluation repeat the first one's.
		scratch := &loader{ctx: l.ctx}
		l.shared.data = scratch.buildPackage(l.files)
	})
	return l.shared.data
}
