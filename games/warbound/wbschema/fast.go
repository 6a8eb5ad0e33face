package wbschema

import (
	"bytes"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/schema"
)

// The fast path for plain data. Most content files are plain data: fields
// with literal values, no references, no expressions. For those, CUE's
// evaluation (most of a load's time) only checks each value against the
// schema and fills the defaults. fastSchema does that in Go, from a small
// validator compiled once from the schema's syntax:
//
//   - The compiler understands the constructs the schema uses (closed
//     definitions, embedding and close(), required/optional/regular
//     fields, pattern constraints with a label alias, kinds, bounds,
//     regexps, !=, literal and struct disjunctions with defaults, fixed and
//     open lists, references to a field of the struct or of an enclosing
//     one, hidden fields, and `[if f == lit {lit}, ..., lit][i]`, the
//     check games' default board width; a definition declared twice, as
//     draft mode's #Text, is both declarations unified). Anything else
//     becomes an opaque node: detect, don't guess.
//   - A file is eligible when its syntax is plain data (fastData) and every
//     value it gives meets a known, non-opaque node.
//   - The fast path only ever says "valid, here is the data": any error, any
//     doubt (an opaque node, an ambiguous disjunction, a number form it does
//     not read) and the unit goes through CUE as before, so every diagnostic
//     is CUE's. What it gives for an entity is the JSON CUE exports for it
//     (equal once decoded: the tests compare catalogs and diagnostics with
//     the fast path on and off, and mutated files both ways).

// kinds is a set of value kinds.
type kinds uint8

const (
	kString kinds = 1 << iota
	kInt
	kFloat
	kBool
	kNull
	kStruct
	kList
	kNumber = kInt | kFloat
	kTop    = kString | kInt | kFloat | kBool | kNull | kStruct | kList
)

// dval is a plain data value of a content file.
type dval struct {
	kind   kinds
	str    string // a string; a number's text (canonical for ints)
	i      int64  // an int
	rat    *big.Rat
	b      bool
	fields []dfield
	elems  []*dval
}

type dfield struct {
	name string
	v    *dval
}

// fastAlt is one alternative of a disjunction: a conjunction of
// constraints.
type fastAlt struct {
	kinds   kinds
	def     bool    // a default alternative
	lits    []*dval // equal to each
	bounds  []fastBound
	match   []*regexp.Regexp
	nomatch []*regexp.Regexp
	ne      []*dval
	label   bool      // equal to the label of the field a pattern matched
	refs    []fastRef // equal to these fields' values
	sel     *fastSelect
	st      *fastStruct
	list    *fastList
	ref     *fastDef // a definition referred to from inside itself
	opaque  bool
}

// fastRef names a field of the struct the reference is in (up 0), or of
// an enclosing one; key is its index key (hiddenKey for hidden fields).
type fastRef struct {
	up  int
	key string
}

// hiddenKey is the index key of a hidden field: no data field has it.
func hiddenKey(name string) string { return "\x00" + name }

// fastSelect is `[if ref == lit {lit}, ..., lit][index]`: the index-th
// of the literals whose condition holds.
type fastSelect struct {
	items []fastSelItem
	index int
}

type fastSelItem struct {
	cond *fastRef // nil: always
	op   token.Token
	lit  *dval // compared with the field's value
	v    *dval
}

type fastBound struct {
	op    token.Token // >=, >, <=, <
	n     *big.Rat
	i     int64 // n, when isInt
	isInt bool
}

// fastValue is a disjunction (no alternative: bottom).
type fastValue struct {
	alts       []*fastAlt
	hasDefault bool
}

type fastField struct {
	name   string
	opt    token.Token // token.ILLEGAL (regular), token.OPTION (?) or token.NOT (!)
	v      *fastValue
	dep    bool // v refers to fields: checked after the others
	hidden bool // not output; always evaluated
}

func (f *fastField) key() string {
	if f.hidden {
		return hiddenKey(f.name)
	}
	return f.name
}

type fastPattern struct {
	label *fastValue
	alias bool // v refers to the matched label
	v     *fastValue
}

type fastStruct struct {
	fields   []*fastField
	index    map[string]int
	patterns []fastPattern
	closed   bool
	def      string // the definition whose body wrote it
}

type fastList struct {
	elems []*fastValue
	rest  *fastValue // nil: closed
}

type fastDef struct {
	v    *fastValue
	busy bool
}

func opaqueValue() *fastValue { return &fastValue{alts: []*fastAlt{{kinds: kTop, opaque: true}}} }

// fastSchema is a schema compiled for the fast path.
type fastSchema struct {
	top *fastStruct // the package's top level
}

var fastSchemas sync.Map // draft mode -> *fastSchema

// fastSchemaFor compiles the embedded schema's files (with the draft
// mode's, if draft), once per process: the embedded schema does not
// change.
func fastSchemaFor(draft bool, files []*ast.File) *fastSchema {
	if s, ok := fastSchemas.Load(draft); ok {
		return s.(*fastSchema)
	}
	s := compileFast(files)
	fastSchemas.Store(draft, s)
	return s
}

type fastCompiler struct {
	decls map[string][]*ast.Field
	defs  map[string]*fastDef
}

type fastEnv struct {
	def   string
	inDef bool
	alias string           // the pattern label alias in scope
	sts   []*ast.StructLit // the struct literals around, innermost last
}

func compileFast(files []*ast.File) *fastSchema {
	c := &fastCompiler{decls: map[string][]*ast.Field{}, defs: map[string]*fastDef{}}
	top := &fastStruct{index: map[string]int{}}
	var topFields []*ast.Field
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.Package, *ast.CommentGroup:
			case *ast.Field:
				name, ok := schema.PlainLabel(d)
				if !ok && d.Constraint == token.OPTION {
					name, _, _ = ast.LabelName(d.Label)
					ok = name != "" && d.Alias == nil
				}
				if !ok {
					return &fastSchema{} // nothing is eligible
				}
				c.decls[name] = append(c.decls[name], d)
				if !strings.HasPrefix(name, "#") && !strings.HasPrefix(name, "_") {
					topFields = append(topFields, d)
				}
			default:
				return &fastSchema{}
			}
		}
	}
	for _, d := range topFields {
		name, _, _ := ast.LabelName(d.Label)
		v := c.expr(d.Value, fastEnv{})
		top.add(name, d.Constraint, v, false)
	}
	return &fastSchema{top: top}
}

func (s *fastStruct) add(name string, opt token.Token, v *fastValue, hidden bool) {
	key := name
	if hidden {
		key = hiddenKey(name)
	}
	if i, ok := s.index[key]; ok {
		f := s.fields[i]
		f.v = conjValues(f.v, v)
		f.opt = mergePresence(f.opt, opt)
		f.dep = f.dep || hasRefs(v, map[*fastValue]bool{})
		return
	}
	s.index[key] = len(s.fields)
	s.fields = append(s.fields, &fastField{name: name, opt: opt, v: v, dep: hasRefs(v, map[*fastValue]bool{}), hidden: hidden})
}

// mergePresence: any regular declaration makes a field regular; else
// required wins over optional.
func mergePresence(a, b token.Token) token.Token {
	switch {
	case a == token.ILLEGAL || b == token.ILLEGAL:
		return token.ILLEGAL
	case a == token.NOT || b == token.NOT:
		return token.NOT
	}
	return token.OPTION
}

// hasRefs: v, or a value inside it, refers to fields (not through
// definitions, whose references stay inside them).
func hasRefs(v *fastValue, seen map[*fastValue]bool) bool {
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	for _, a := range v.alts {
		if len(a.refs) > 0 || a.sel != nil {
			return true
		}
		if a.st != nil {
			for _, f := range a.st.fields {
				if hasRefs(f.v, seen) {
					return true
				}
			}
			for _, p := range a.st.patterns {
				if hasRefs(p.v, seen) {
					return true
				}
			}
		}
		if a.list != nil {
			for _, e := range a.list.elems {
				if hasRefs(e, seen) {
					return true
				}
			}
			if hasRefs(a.list.rest, seen) {
				return true
			}
		}
	}
	return false
}

func (c *fastCompiler) def(name string) *fastValue {
	d := c.defs[name]
	if d == nil {
		decls := c.decls[name]
		if len(decls) == 0 {
			return opaqueValue()
		}
		for _, decl := range decls {
			if decl.Constraint != token.ILLEGAL {
				return opaqueValue()
			}
		}
		d = &fastDef{busy: true}
		c.defs[name] = d
		// A definition declared more than once (draft mode's #Text, which
		// gives the texts their placeholders) is all its declarations
		// unified, one definition.
		d.v = c.expr(decls[0].Value, fastEnv{def: name, inDef: true})
		for _, decl := range decls[1:] {
			d.v = conjValues(d.v, c.expr(decl.Value, fastEnv{def: name, inDef: true}))
		}
		d.busy = false
	}
	if d.busy {
		return &fastValue{alts: []*fastAlt{{kinds: kTop, ref: d}}}
	}
	return d.v
}

func (c *fastCompiler) expr(x ast.Expr, e fastEnv) *fastValue {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return c.expr(x.X, e)
	case *ast.BasicLit:
		d, ok := literalOf(x, false)
		if !ok {
			return opaqueValue()
		}
		return &fastValue{alts: []*fastAlt{{kinds: d.kind, lits: []*dval{d}}}}
	case *ast.Ident:
		return c.ident(x, e)
	case *ast.StructLit:
		return c.structLit(x, e)
	case *ast.ListLit:
		l := &fastList{}
		for i, el := range x.Elts {
			if el, ok := el.(*ast.Ellipsis); ok {
				if i != len(x.Elts)-1 || el.Type == nil {
					return opaqueValue()
				}
				l.rest = c.expr(el.Type, e)
				continue
			}
			l.elems = append(l.elems, c.expr(el, e))
		}
		return &fastValue{alts: []*fastAlt{{kinds: kList, list: l}}}
	case *ast.UnaryExpr:
		switch x.Op {
		case token.SUB:
			d, ok := numberOf(x)
			if !ok {
				return opaqueValue()
			}
			return &fastValue{alts: []*fastAlt{{kinds: d.kind, lits: []*dval{d}}}}
		case token.GEQ, token.GTR, token.LEQ, token.LSS:
			d, ok := numberOf(x.X)
			if !ok {
				return opaqueValue()
			}
			b := fastBound{op: x.Op, n: d.ratValue()}
			if d.kind == kInt {
				b.i, b.isInt = d.i, true
			}
			return &fastValue{alts: []*fastAlt{{kinds: kNumber, bounds: []fastBound{b}}}}
		case token.NEQ:
			lit, ok := x.X.(*ast.BasicLit)
			if !ok {
				return opaqueValue()
			}
			d, ok := literalOf(lit, false)
			if !ok {
				return opaqueValue()
			}
			return &fastValue{alts: []*fastAlt{{kinds: d.kind, ne: []*dval{d}}}}
		case token.MAT, token.NMAT:
			lit, ok := x.X.(*ast.BasicLit)
			if !ok {
				return opaqueValue()
			}
			d, ok := literalOf(lit, false)
			if !ok || d.kind != kString {
				return opaqueValue()
			}
			re, err := regexp.Compile(d.str)
			if err != nil {
				return opaqueValue()
			}
			a := &fastAlt{kinds: kString}
			if x.Op == token.MAT {
				a.match = []*regexp.Regexp{re}
			} else {
				a.nomatch = []*regexp.Regexp{re}
			}
			return &fastValue{alts: []*fastAlt{a}}
		}
		return opaqueValue() // a default marker outside a disjunction, !x...
	case *ast.BinaryExpr:
		switch x.Op {
		case token.AND:
			return conjValues(c.expr(x.X, e), c.expr(x.Y, e))
		case token.OR:
			return c.disjunction(x, e)
		}
		return opaqueValue()
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		if !ok || id.Node != nil {
			return opaqueValue()
		}
		switch {
		case id.Name == "error":
			return &fastValue{} // always an error
		case id.Name == "close" && len(x.Args) == 1:
			v := c.expr(x.Args[0], e)
			if len(v.alts) != 1 || !plainStructAlt(v.alts[0]) || v.alts[0].opaque || v.hasDefault {
				return opaqueValue()
			}
			a := *v.alts[0]
			st := *a.st
			st.closed = true
			a.st = &st
			return &fastValue{alts: []*fastAlt{&a}}
		}
		return opaqueValue()
	case *ast.IndexExpr:
		return c.selectExpr(x, e)
	}
	return opaqueValue()
}

func (c *fastCompiler) ident(x *ast.Ident, e fastEnv) *fastValue {
	// The parser resolves an identifier to its scope (a struct literal,
	// a file) and the value it names; across files it leaves both nil.
	if e.alias != "" && x.Name == e.alias && (len(e.sts) == 0 || x.Scope != ast.Node(e.sts[len(e.sts)-1])) {
		return &fastValue{alts: []*fastAlt{{kinds: kString, label: true}}}
	}
	for up := 0; up < len(e.sts) && x.Scope != nil; up++ {
		st := e.sts[len(e.sts)-1-up]
		if x.Scope != ast.Node(st) {
			continue
		}
		for _, el := range st.Elts {
			if f, ok := el.(*ast.Field); ok && f.Constraint == token.ILLEGAL {
				name, isIdent, err := ast.LabelName(f.Label)
				if err != nil || name != x.Name || strings.HasPrefix(name, "#") {
					continue
				}
				key := name
				if isIdent && strings.HasPrefix(name, "_") {
					key = hiddenKey(name)
				}
				return &fastValue{alts: []*fastAlt{{kinds: kTop, refs: []fastRef{{up, key}}}}}
			}
		}
		return opaqueValue()
	}
	if _, file := x.Scope.(*ast.File); x.Scope != nil && !file {
		return opaqueValue() // a field of an outer struct, a let, a comprehension's variable
	}
	switch x.Name {
	case "string":
		return &fastValue{alts: []*fastAlt{{kinds: kString}}}
	case "int":
		return &fastValue{alts: []*fastAlt{{kinds: kInt}}}
	case "float":
		return &fastValue{alts: []*fastAlt{{kinds: kFloat}}}
	case "number":
		return &fastValue{alts: []*fastAlt{{kinds: kNumber}}}
	case "bool":
		return &fastValue{alts: []*fastAlt{{kinds: kBool}}}
	}
	if strings.HasPrefix(x.Name, "#") {
		return c.def(x.Name)
	}
	return opaqueValue()
}

func (c *fastCompiler) structLit(x *ast.StructLit, e fastEnv) *fastValue {
	st := &fastStruct{index: map[string]int{}, closed: e.inDef, def: e.def}
	inner := e
	inner.sts = append(e.sts[:len(e.sts):len(e.sts)], x)
	for _, el := range x.Elts {
		switch el := el.(type) {
		case *ast.CommentGroup:
		case *ast.Field:
			if el.Alias != nil || len(el.Attrs) > 0 {
				return opaqueValue()
			}
			if pat, ok := el.Label.(*ast.ListLit); ok {
				if len(pat.Elts) != 1 || el.Constraint != token.ILLEGAL {
					return opaqueValue()
				}
				pe := fastEnv{def: e.def, inDef: e.inDef, sts: inner.sts}
				lx := pat.Elts[0]
				if a, ok := lx.(*ast.Alias); ok {
					if e.alias != "" {
						return opaqueValue()
					}
					pe.alias, lx = a.Ident.Name, a.Expr
				}
				p := fastPattern{label: c.expr(lx, fastEnv{def: e.def, inDef: e.inDef}), alias: pe.alias != ""}
				if hasRefs(p.label, map[*fastValue]bool{}) {
					return opaqueValue()
				}
				p.v = c.expr(el.Value, pe)
				st.patterns = append(st.patterns, p)
				continue
			}
			if _, ok := el.Label.(*ast.Alias); ok {
				return opaqueValue()
			}
			name, isIdent, err := ast.LabelName(el.Label)
			if err != nil || isIdent && strings.HasPrefix(name, "#") {
				return opaqueValue() // definitions inside a struct
			}
			hidden := isIdent && strings.HasPrefix(name, "_")
			if hidden && el.Constraint != token.ILLEGAL {
				return opaqueValue()
			}
			st.add(name, el.Constraint, c.expr(el.Value, inner), hidden)
		case *ast.EmbedDecl:
			v := c.expr(el.Expr, e)
			if len(v.alts) != 1 || v.alts[0].st == nil || v.alts[0].opaque || v.hasDefault || !plainStructAlt(v.alts[0]) {
				return opaqueValue()
			}
			emb := v.alts[0].st
			for _, f := range emb.fields {
				st.add(f.name, f.opt, f.v, f.hidden)
			}
			st.patterns = append(st.patterns, emb.patterns...)
		default:
			return opaqueValue()
		}
	}
	return &fastValue{alts: []*fastAlt{{kinds: kStruct, st: st}}}
}

// selectExpr compiles `[if ref == lit {lit}, ..., lit][index]` (a
// default that depends on another field); anything else is opaque.
func (c *fastCompiler) selectExpr(x *ast.IndexExpr, e fastEnv) *fastValue {
	list, ok := x.X.(*ast.ListLit)
	idx, ok2 := x.Index.(*ast.BasicLit)
	if !ok || !ok2 {
		return opaqueValue()
	}
	i, ok := literalOf(idx, false)
	if !ok || i.kind != kInt {
		return opaqueValue()
	}
	sel := &fastSelect{index: int(i.i)}
	for _, el := range list.Elts {
		item := fastSelItem{}
		if comp, ok := el.(*ast.Comprehension); ok {
			if len(comp.Clauses) != 1 {
				return opaqueValue()
			}
			clause, ok := comp.Clauses[0].(*ast.IfClause)
			body, ok2 := comp.Value.(*ast.StructLit)
			if !ok || !ok2 || len(body.Elts) != 1 {
				return opaqueValue()
			}
			cond, ok := clause.Condition.(*ast.BinaryExpr)
			emb, ok2 := body.Elts[0].(*ast.EmbedDecl)
			if !ok || !ok2 || cond.Op != token.EQL && cond.Op != token.NEQ {
				return opaqueValue()
			}
			id, ok := cond.X.(*ast.Ident)
			lit, ok2 := cond.Y.(*ast.BasicLit)
			if !ok || !ok2 {
				return opaqueValue()
			}
			ref := c.ident(id, e)
			if len(ref.alts) != 1 || len(ref.alts[0].refs) != 1 || ref.alts[0].kinds != kTop {
				return opaqueValue()
			}
			item.cond, item.op = &ref.alts[0].refs[0], cond.Op
			if item.lit, ok = literalOf(lit, false); !ok {
				return opaqueValue()
			}
			el = emb.Expr
		}
		v, ok := el.(*ast.BasicLit)
		if !ok {
			return opaqueValue()
		}
		if item.v, ok = literalOf(v, false); !ok {
			return opaqueValue()
		}
		sel.items = append(sel.items, item)
	}
	return &fastValue{alts: []*fastAlt{{kinds: kTop, sel: sel}}}
}

// plainStructAlt: the alternative is a struct and nothing else.
func plainStructAlt(a *fastAlt) bool {
	return a.kinds == kStruct && len(a.lits)+len(a.bounds)+len(a.match)+len(a.nomatch)+len(a.ne)+len(a.refs) == 0 &&
		!a.label && a.list == nil && a.ref == nil && a.sel == nil
}

// disjunction compiles a | b | ..., with its default markers.
func (c *fastCompiler) disjunction(x *ast.BinaryExpr, e fastEnv) *fastValue {
	var ops []ast.Expr
	var flatten func(x ast.Expr)
	flatten = func(x ast.Expr) {
		if b, ok := x.(*ast.BinaryExpr); ok && b.Op == token.OR {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		ops = append(ops, x)
	}
	flatten(x)
	marked := make([]bool, len(ops))
	anyMarked := false
	for i, op := range ops {
		if u, ok := op.(*ast.UnaryExpr); ok && u.Op == token.MUL {
			marked[i], ops[i], anyMarked = true, u.X, true
		}
	}
	out := &fastValue{}
	for i, op := range ops {
		v := c.expr(op, e)
		if anyMarked && !marked[i] && v.hasDefault {
			return opaqueValue() // nested defaults under a marked disjunction
		}
		for _, a := range v.alts {
			b := *a
			if anyMarked {
				b.def = marked[i]
			}
			out.alts = append(out.alts, &b)
			out.hasDefault = out.hasDefault || b.def
		}
	}
	return out
}

func conjValues(a, b *fastValue) *fastValue {
	out := &fastValue{}
	for _, x := range a.alts {
		for _, y := range b.alts {
			z := conjAlts(x, y)
			if z == nil {
				continue
			}
			z.def = (x.def || !a.hasDefault) && (y.def || !b.hasDefault)
			if !a.hasDefault && !b.hasDefault {
				z.def = false
			}
			out.alts = append(out.alts, z)
			out.hasDefault = out.hasDefault || z.def
		}
	}
	return out
}

// conjAlts is x & y, or nil when it is always an error.
func conjAlts(x, y *fastAlt) *fastAlt {
	if x.opaque || y.opaque || x.ref != nil || y.ref != nil {
		return &fastAlt{kinds: kTop, opaque: true}
	}
	z := &fastAlt{
		kinds:   x.kinds & y.kinds,
		lits:    append(append([]*dval(nil), x.lits...), y.lits...),
		bounds:  append(append([]fastBound(nil), x.bounds...), y.bounds...),
		match:   append(append([]*regexp.Regexp(nil), x.match...), y.match...),
		nomatch: append(append([]*regexp.Regexp(nil), x.nomatch...), y.nomatch...),
		ne:      append(append([]*dval(nil), x.ne...), y.ne...),
		label:   x.label || y.label,
		refs:    append(append([]fastRef(nil), x.refs...), y.refs...),
		st:      x.st,
		list:    x.list,
	}
	if z.kinds == 0 {
		return nil
	}
	if x.sel != nil || y.sel != nil {
		return &fastAlt{kinds: kTop, opaque: true}
	}
	if y.st != nil {
		if z.st != nil {
			st, ok := conjStructs(x.st, y.st)
			if !ok {
				return &fastAlt{kinds: kTop, opaque: true}
			}
			z.st = st
		} else {
			z.st = y.st
		}
	}
	if y.list != nil {
		if z.list != nil {
			return &fastAlt{kinds: kTop, opaque: true}
		}
		z.list = y.list
	}
	return z
}

// conjStructs unifies two structs: the literals of one definition's body
// (or an open struct with a closed one, when the open one declares
// nothing the closed one does not); anything else is left to CUE.
func conjStructs(a, b *fastStruct) (*fastStruct, bool) {
	if a.closed && b.closed && a.def != b.def {
		return nil, false
	}
	if a.closed != b.closed {
		closed, open := a, b
		if b.closed {
			closed, open = b, a
		}
		if len(open.patterns) > 0 || len(closed.patterns) > 0 {
			return nil, false
		}
		for _, f := range open.fields {
			if _, ok := closed.index[f.key()]; !ok {
				return nil, false
			}
		}
	}
	st := &fastStruct{index: map[string]int{}, closed: a.closed || b.closed, def: a.def}
	if b.closed && !a.closed {
		st.def = b.def
	}
	for _, s := range []*fastStruct{a, b} {
		for _, f := range s.fields {
			st.add(f.name, f.opt, f.v, f.hidden)
		}
		st.patterns = append(st.patterns, s.patterns...)
	}
	return st, true
}

// literalOf reads a literal of a content file (or of the schema): a
// double-quoted string, a decimal int or float, true, false or null.
// Other forms (multipliers, hex, exponents, bytes) are not read.
func literalOf(x *ast.BasicLit, neg bool) (*dval, bool) {
	switch x.Kind {
	case token.STRING:
		if neg || !strings.HasPrefix(x.Value, `"`) {
			return nil, false
		}
		v := x.Value
		if len(v) >= 2 && v[len(v)-1] == '"' && !strings.HasPrefix(v, `"""`) && strings.IndexByte(v, '\\') < 0 {
			// a one-line string without escapes is its text
			if s := v[1 : len(v)-1]; utf8.ValidString(s) && strings.IndexByte(s, '"') < 0 {
				return &dval{kind: kString, str: s}, true
			}
		}
		s, err := literal.Unquote(v)
		if err != nil || !utf8.ValidString(s) {
			return nil, false
		}
		return &dval{kind: kString, str: s}, true
	case token.INT:
		if !decimalDigits(x.Value) || len(x.Value) > 1 && x.Value[0] == '0' {
			return nil, false
		}
		i, err := strconv.ParseInt(x.Value, 10, 64)
		if err != nil {
			return nil, false
		}
		if neg {
			i = -i
		}
		return &dval{kind: kInt, i: i, str: strconv.FormatInt(i, 10)}, true
	case token.FLOAT:
		intPart, frac, ok := strings.Cut(x.Value, ".")
		if !ok || !decimalDigits(intPart) || !decimalDigits(frac) || len(intPart) > 1 && intPart[0] == '0' {
			return nil, false
		}
		r, ok := new(big.Rat).SetString(x.Value)
		if !ok {
			return nil, false
		}
		s := x.Value
		if neg && r.Sign() == 0 {
			return nil, false // -0.0: CUE's export drops the sign, JSON keeps it
		}
		if neg {
			r.Neg(r)
			s = "-" + s
		}
		return &dval{kind: kFloat, rat: r, str: s}, true
	case token.TRUE, token.FALSE:
		if neg {
			return nil, false
		}
		return &dval{kind: kBool, b: x.Kind == token.TRUE, str: x.Value}, true
	case token.NULL:
		if neg {
			return nil, false
		}
		return &dval{kind: kNull, str: "null"}, true
	}
	return nil, false
}

func decimalDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// numberOf reads a number literal, maybe negative.
func numberOf(x ast.Expr) (*dval, bool) {
	neg := false
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, x = true, u.X
	}
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT && lit.Kind != token.FLOAT {
		return nil, false
	}
	return literalOf(lit, neg)
}

func (d *dval) ratValue() *big.Rat {
	if d.kind == kInt {
		return new(big.Rat).SetInt64(d.i)
	}
	return d.rat
}

// fastData reads a value of a content file as plain data.
func fastData(x ast.Expr) (*dval, bool) {
	switch x := x.(type) {
	case *ast.BasicLit:
		return literalOf(x, false)
	case *ast.UnaryExpr:
		if x.Op == token.SUB {
			return numberOf(x)
		}
	case *ast.StructLit:
		d := &dval{kind: kStruct}
		for _, el := range x.Elts {
			switch el := el.(type) {
			case *ast.CommentGroup:
			case *ast.Field:
				name, ok := dataLabel(el)
				if !ok {
					return nil, false
				}
				for _, f := range d.fields {
					if f.name == name {
						return nil, false // CUE unifies the two: left to it
					}
				}
				v, ok := fastData(el.Value)
				if !ok {
					return nil, false
				}
				d.fields = append(d.fields, dfield{name, v})
			default:
				return nil, false
			}
		}
		return d, true
	case *ast.ListLit:
		d := &dval{kind: kList}
		for _, el := range x.Elts {
			v, ok := fastData(el)
			if !ok {
				return nil, false
			}
			d.elems = append(d.elems, v)
		}
		return d, true
	}
	return nil, false
}

// dataLabel is the name of a plain data field: an identifier that names
// neither a definition nor a hidden field, or a simple quoted string.
func dataLabel(f *ast.Field) (string, bool) {
	if len(f.Attrs) > 0 || f.Value == nil {
		return "", false
	}
	name, ok := schema.PlainLabel(f)
	if !ok {
		return "", false
	}
	switch l := f.Label.(type) {
	case *ast.Ident:
		if strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
			return "", false
		}
	case *ast.BasicLit:
		if l.Kind != token.STRING || strings.ContainsRune(l.Value, '\\') || !strings.HasPrefix(l.Value, `"`) || strings.HasPrefix(l.Value, `"""`) {
			return "", false
		}
	default:
		return "", false
	}
	return name, true
}

// Checking. Each check returns the value's JSON, or false: an error or a
// doubt, either way a case for CUE.

// fastScope is a struct being checked, for the references into it: the
// JSON of its fields so far, and the struct around it.
type fastScope struct {
	up   *fastScope
	s    *fastStruct
	outs [][]byte
}

// lookup is the JSON of the field r names, if known by now.
func (sc *fastScope) lookup(r fastRef) ([]byte, bool) {
	for i := 0; i < r.up && sc != nil; i++ {
		sc = sc.up
	}
	if sc == nil {
		return nil, false
	}
	i, ok := sc.s.index[r.key]
	if !ok || sc.outs[i] == nil {
		return nil, false
	}
	return sc.outs[i], true
}

func (v *fastValue) check(d *dval, label string, sc *fastScope) ([]byte, bool) {
	var out []byte
	n, defaults := 0, 0
	for _, a := range v.alts {
		if a.opaque {
			return nil, false
		}
		o, res := a.check(d, label, sc)
		if res < 0 {
			return nil, false // a reference not known: left to CUE
		}
		if res == 0 {
			continue
		}
		if n > 0 && (d.kind == kStruct || !bytes.Equal(o, out)) {
			return nil, false // ambiguous for all we know
		}
		out, n = o, n+1
		if a.def {
			defaults++
		}
	}
	// Equal scalars are one value for CUE; two lists that both accept
	// (`[...#ID] | *[]` and []) are one only through the default.
	if n > 1 && d.kind == kList && defaults != 1 {
		return nil, false
	}
	return out, n > 0
}

// check reports 1 and the JSON when the alternative accepts d, 0 when it
// does not, -1 when it cannot tell.
func (a *fastAlt) check(d *dval, label string, sc *fastScope) ([]byte, int) {
	if a.ref != nil {
		out, ok := a.ref.v.check(d, label, sc)
		if !ok {
			return nil, -1 // a failed recursive value: no telling which way
		}
		return out, 1
	}
	if d.kind&a.kinds == 0 {
		return nil, 0
	}
	switch d.kind {
	case kStruct:
		if a.st == nil {
			return nil, -1
		}
		out, ok := a.st.check(d, label, sc)
		return out, b2i(ok)
	case kList:
		if a.list == nil {
			return nil, -1
		}
		out, ok := a.list.check(d, label, sc)
		return out, b2i(ok)
	}
	for _, l := range a.lits {
		if !sameScalar(d, l) {
			return nil, 0
		}
	}
	for _, b := range a.bounds {
		if !b.holds(d) {
			return nil, 0
		}
	}
	for _, re := range a.match {
		if !re.MatchString(d.str) {
			return nil, 0
		}
	}
	for _, re := range a.nomatch {
		if re.MatchString(d.str) {
			return nil, 0
		}
	}
	for _, x := range a.ne {
		if d.kind != x.kind || sameScalar(d, x) {
			return nil, 0
		}
	}
	out := appendScalar(nil, d)
	if a.label && (d.kind != kString || d.str != label) {
		return nil, 0
	}
	for _, r := range a.refs {
		o, ok := sc.lookup(r)
		if !ok {
			return nil, -1
		}
		if !bytes.Equal(o, out) {
			return nil, 0
		}
	}
	if a.sel != nil {
		o, ok := a.sel.eval(sc)
		if !ok {
			return nil, -1
		}
		if !bytes.Equal(o, out) {
			return nil, 0
		}
	}
	return out, 1
}

func b2i(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

// eval is the JSON of the selected literal.
func (s *fastSelect) eval(sc *fastScope) ([]byte, bool) {
	n := 0
	for _, it := range s.items {
		if it.cond != nil {
			o, ok := sc.lookup(*it.cond)
			if !ok {
				return nil, false
			}
			want := appendScalar(nil, it.lit)
			// Only a scalar of the literal's kind compares for certain.
			if len(o) == 0 || kindOfJSON(o) != kindOfJSON(want) || kindOfJSON(o) == 0 {
				return nil, false
			}
			if bytes.Equal(o, want) != (it.op == token.EQL) {
				continue
			}
		}
		if n == s.index {
			return appendScalar(nil, it.v), true
		}
		n++
	}
	return nil, false // out of range: an error
}

// kindOfJSON is the kind of a scalar's JSON (0 for anything else, and
// for numbers that are not ints, whose text may differ for equal values).
func kindOfJSON(b []byte) kinds {
	switch c := b[0]; {
	case c == '"':
		return kString
	case c == 't' || c == 'f':
		return kBool
	case c == 'n':
		return kNull
	case c == '-' || c >= '0' && c <= '9':
		if bytes.IndexByte(b, '.') >= 0 {
			return 0
		}
		return kInt
	}
	return 0
}

func sameScalar(a, b *dval) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case kString, kInt, kFloat:
		return a.str == b.str
	case kBool:
		return a.b == b.b
	case kNull:
		return true
	}
	return false
}

func (b fastBound) holds(d *dval) bool {
	var c int
	switch {
	case d.kind == kInt && b.isInt:
		c = cmpInt(d.i, b.i)
	case d.kind == kInt || d.kind == kFloat:
		c = d.ratValue().Cmp(b.n)
	default:
		return false
	}
	switch b.op {
	case token.GEQ:
		return c >= 0
	case token.GTR:
		return c > 0
	case token.LEQ:
		return c <= 0
	case token.LSS:
		return c < 0
	}
	return false
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func appendScalar(buf []byte, d *dval) []byte {
	switch d.kind {
	case kString:
		return appendJSONString(buf, d.str)
	case kBool:
		return strconv.AppendBool(buf, d.b)
	}
	return append(buf, d.str...) // numbers, null
}

func appendJSONString(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			buf = append(buf, '\\', c)
		case c < 0x20:
			buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			buf = append(buf, c)
		}
	}
	return append(buf, '"')
}

func (l *fastList) check(d *dval, label string, sc *fastScope) ([]byte, bool) {
	if len(d.elems) < len(l.elems) || l.rest == nil && len(d.elems) > len(l.elems) {
		return nil, false
	}
	out := []byte{'['}
	for i, e := range d.elems {
		v := l.rest
		if i < len(l.elems) {
			v = l.elems[i]
		}
		o, ok := v.check(e, label, sc)
		if !ok {
			return nil, false
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, o...)
	}
	return append(out, ']'), true
}

// check checks a struct of data: every field is declared or matches a
// pattern, the required ones are there, the regular ones it lacks have a
// concrete default, the hidden ones evaluate. Fields that refer to others
// are checked after the others, in their order.
func (s *fastStruct) check(d *dval, label string, up *fastScope) ([]byte, bool) {
	sc := &fastScope{up: up, s: s, outs: make([][]byte, len(s.fields))}
	var extra []dfield // fields matched by patterns only, with their JSON
	given := make([]*dval, len(s.fields))
	for _, f := range d.fields {
		i, declared := s.index[f.name]
		if declared {
			given[i] = f.v
			if s.fields[i].dep {
				continue // after the others
			}
		}
		out, ok := s.checkField(i, declared, f.name, f.v, label, sc)
		if !ok {
			return nil, false
		}
		if declared {
			sc.outs[i] = out
		} else {
			extra = append(extra, dfield{f.name, &dval{str: string(out)}})
		}
	}
	for pass := 0; pass < 2; pass++ {
		for i, f := range s.fields {
			if f.dep != (pass == 1) || sc.outs[i] != nil {
				continue
			}
			if given[i] != nil {
				out, ok := s.checkField(i, true, f.name, given[i], label, sc)
				if !ok {
					return nil, false
				}
				sc.outs[i] = out
				continue
			}
			switch f.opt {
			case token.OPTION:
				continue
			case token.NOT:
				return nil, false
			}
			out, ok := concrete(f.v, label, sc)
			if !ok {
				return nil, false
			}
			sc.outs[i] = out
		}
	}
	buf := []byte{'{'}
	n := 0
	add := func(name string, out []byte) {
		if n > 0 {
			buf = append(buf, ',')
		}
		n++
		buf = appendJSONString(buf, name)
		buf = append(buf, ':')
		buf = append(buf, out...)
	}
	for i, f := range s.fields {
		if sc.outs[i] != nil && !f.hidden {
			add(f.name, sc.outs[i])
		}
	}
	for _, f := range extra {
		add(f.name, []byte(f.v.str))
	}
	return append(buf, '}'), true
}

// checkField checks the value of field name (declared: the i-th of s)
// against its declaration and every pattern its name matches; sc is the
// struct's scope.
func (s *fastStruct) checkField(i int, declared bool, name string, v *dval, label string, sc *fastScope) ([]byte, bool) {
	var out []byte
	if declared {
		o, ok := s.fields[i].v.check(v, label, sc)
		if !ok {
			return nil, false
		}
		out = o
	}
	nameVal := &dval{kind: kString, str: name}
	for _, p := range s.patterns {
		if _, ok := p.label.check(nameVal, label, nil); !ok {
			if !allRejectSurely(p.label) {
				return nil, false
			}
			continue
		}
		pl := label
		if p.alias {
			pl = name
		}
		o, ok := p.v.check(v, pl, sc)
		if !ok || out != nil && !bytes.Equal(o, out) {
			return nil, false
		}
		out = o
	}
	// A field neither declared nor matched: not allowed in a closed
	// struct, and unchecked in an open one; either way CUE decides.
	return out, out != nil
}

// allRejectSurely: a label a pattern did not match is surely not matched
// when no alternative of the pattern's label is opaque.
func allRejectSurely(v *fastValue) bool {
	for _, a := range v.alts {
		if a.opaque || a.ref != nil {
			return false
		}
	}
	return true
}

// concrete is the value of a regular field the data does not give: its
// one default, or its one concrete alternative.
func concrete(v *fastValue, label string, sc *fastScope) ([]byte, bool) {
	var cands []*fastAlt
	for _, a := range v.alts {
		if a.opaque || a.ref != nil {
			return nil, false
		}
		if !v.hasDefault || a.def {
			cands = append(cands, a)
		}
	}
	if len(cands) != 1 {
		return nil, false
	}
	a := cands[0]
	var cand *dval
	switch {
	case a.st != nil:
		if a.kinds != kStruct {
			return nil, false
		}
		return a.st.check(&dval{kind: kStruct}, label, sc)
	case a.list != nil:
		if a.kinds != kList || len(a.list.elems) > 0 || a.list.rest != nil {
			return nil, false
		}
		return []byte("[]"), true
	case len(a.lits) > 0:
		cand = a.lits[0]
	case a.label:
		cand = &dval{kind: kString, str: label}
	case len(a.refs) > 0 || a.sel != nil:
		// The value of another field: only alone (no constraint to
		// check it against).
		if len(a.refs)+b2i(a.sel != nil) != 1 || a.kinds != kTop || len(a.lits)+len(a.bounds)+len(a.match)+len(a.nomatch)+len(a.ne) > 0 || a.label {
			return nil, false
		}
		if a.sel != nil {
			return a.sel.eval(sc)
		}
		return sc.lookup(a.refs[0])
	default:
		return nil, false
	}
	out, res := a.check(cand, label, sc)
	return out, res == 1
}

// fastEntity is an entity of a file that passed the fast path.
type fastEntity struct {
	coll int
	id   string
	raw  []byte
}

// file checks a content file; it reports false when the file is not plain
// data, or not valid for certain, or the schema is not understood there.
func (s *fastSchema) file(f *ast.File) ([]fastEntity, bool) {
	if s == nil || s.top == nil {
		return nil, false
	}
	var out []fastEntity
	seen := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Package, *ast.CommentGroup:
			continue
		case *ast.Field:
			name, ok := dataLabel(d)
			if !ok {
				return nil, false
			}
			i, declared := s.top.index[name]
			if !declared {
				return nil, false
			}
			field := s.top.fields[i]
			c := findCollection(name)
			if c == nil || c.single() {
				v, ok := fastData(d.Value)
				if !ok {
					return nil, false
				}
				raw, ok := s.top.checkField(i, true, name, v, "", &fastScope{s: s.top, outs: make([][]byte, len(s.top.fields))})
				if !ok {
					return nil, false
				}
				if c != nil {
					if seen[name] {
						return nil, false
					}
					seen[name] = true
					out = append(out, fastEntity{coll: collIndex(c), raw: raw})
				}
				continue
			}
			if len(field.v.alts) != 1 || field.v.alts[0].st == nil || field.v.alts[0].opaque {
				return nil, false
			}
			sec := field.v.alts[0].st
			st, ok := d.Value.(*ast.StructLit)
			if !ok {
				return nil, false
			}
			for _, el := range st.Elts {
				ef, ok := el.(*ast.Field)
				if !ok {
					if _, ok := el.(*ast.CommentGroup); ok {
						continue
					}
					return nil, false
				}
				id, ok := dataLabel(ef)
				if !ok {
					return nil, false
				}
				key := name + "\x00" + id
				if seen[key] {
					return nil, false
				}
				seen[key] = true
				v, ok := fastData(ef.Value)
				if !ok {
					return nil, false
				}
				j, declared := sec.index[id]
				raw, ok := sec.checkField(j, declared, id, v, "", &fastScope{s: sec, outs: make([][]byte, len(sec.fields))})
				if !ok {
					return nil, false
				}
				out = append(out, fastEntity{coll: collIndex(c), id: id, raw: raw})
			}
		default:
			return nil, false
		}
	}
	return out, true
}

func collIndex(c *collection) int {
	for i := range collections {
		if &collections[i] == c {
			return i
		}
	}
	return -1
}
