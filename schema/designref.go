package schema

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/schema/designref"
)

// The reference for designers, read from a game's CUE schema: its
// top-level sections are the kinds of entries, its definitions' fields
// with their comments, types, bounds and defaults are the fields, and the
// first value each field has in the game's starter content is its
// example. Only the schema's syntax is read (no evaluation): what a
// designer reads is what the schema says, in words.

// RefSource is what DesignRef reads.
type RefSource struct {
	// Game is the game's name ("Warbound"), Package the package clause
	// of its content files ("warbound").
	Game, Package string
	// Schema holds the schema's .cue files at its root.
	Schema fs.FS
	// Examples is a content tree (the game's starter) whose first value
	// of each field is its example; nil: no examples.
	Examples fs.FS
	// Order lists the collections shown first, in this order; the
	// others follow in the schema's order.
	Order []string
	// Notes are the game's own pages (markup, icons).
	Notes []designref.Note
}

// DesignRef makes a game's reference for designers from its schema.
func DesignRef(src RefSource) (*designref.Reference, error) {
	g := &refGen{defs: map[string]*ast.Field{}, examples: map[string]string{}, kindOf: map[string]string{}}
	files, err := parseWithComments(src.Schema)
	if err != nil {
		return nil, err
	}
	sections := g.read(files)
	rank := func(f *ast.Field) int {
		if i := slices.Index(src.Order, labelName(f.Label)); i >= 0 {
			return i
		}
		return len(src.Order)
	}
	sort.SliceStable(sections, func(i, j int) bool { return rank(sections[i]) < rank(sections[j]) })
	ref := &designref.Reference{Game: src.Game, Package: src.Package, Notes: src.Notes}
	used := map[string]bool{}
	for _, s := range sections {
		k := g.kind(s, used)
		ref.Kinds = append(ref.Kinds, k)
	}
	if src.Examples != nil {
		if err := g.readExamples(src.Examples, sections); err != nil {
			return nil, err
		}
	}
	for _, k := range ref.Kinds {
		g.fill(k)
	}
	// the definitions the kinds use, in the order they are first named
	seen := map[string]bool{}
	for _, k := range ref.Kinds {
		seen[k.Title] = true
	}
	var queue []string
	add := func(refs []string) {
		for _, r := range refs {
			if !seen[r] {
				seen[r] = true
				queue = append(queue, r)
			}
		}
	}
	for _, k := range ref.Kinds {
		for _, f := range k.Fields {
			add(f.Refs)
		}
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		d := g.typeDef(name)
		g.fill(d)
		ref.Types = append(ref.Types, d)
		for _, f := range d.Fields {
			add(f.Refs)
		}
	}
	sort.Slice(ref.Types, func(i, j int) bool { return ref.Types[i].Name < ref.Types[j].Name })
	return ref, nil
}

// read keeps the schema's definitions and returns its top-level
// sections (the game's name left out).
func (g *refGen) read(files []*ast.File) []*ast.Field {
	var sections []*ast.Field
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			name := labelName(fd.Label)
			switch {
			case strings.HasPrefix(name, "#"):
				g.defs[name] = fd
			case strings.HasPrefix(name, "_") || name == "game" || name == "":
			default:
				sections = append(sections, fd)
			}
		}
	}
	return sections
}

// refGen holds the schema's definitions and the examples found.
type refGen struct {
	defs map[string]*ast.Field
	// examples are the first values of the starter, by definition (or
	// section) and field path: "#Character.accuracy.near".
	examples map[string]string
	// kindOf is the context (a definition or a section) of each kind's
	// entries, by collection.
	kindOf map[string]string
	// pending are the kinds and types to fill with their fields.
	bodies map[*designref.Def]refBody
	// fieldDefs remembers fieldDef's answers: the examples ask it for
	// each field of each of the starter's entries, a few dozen paths.
	fieldDefs map[[2]string]string
}

// refBody is what a page's fields are read from: a struct (or a
// definition's expression) and its context for examples.
type refBody struct {
	expr ast.Expr
	ctx  string
}

func parseWithComments(fsys fs.FS) ([]*ast.File, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("read the schema: %w", err)
	}
	var files []*ast.File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".cue") {
			continue
		}
		src, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return nil, fmt.Errorf("read the schema: %w", err)
		}
		f, err := parser.ParseFile(e.Name(), src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", e.Name(), err)
		}
		files = append(files, f)
	}
	return files, nil
}

// kind is the page of a top-level section.
func (g *refGen) kind(s *ast.Field, used map[string]bool) *designref.Def {
	coll := labelName(s.Label)
	d := &designref.Def{Collection: coll, Name: coll, Title: coll, Doc: docOf(s)}
	val := s.Value
	if st, ok := val.(*ast.StructLit); ok && len(st.Elts) == 1 {
		if p, ok := st.Elts[0].(*ast.Field); ok && isPattern(p.Label) {
			d.Keyed = true
			val = p.Value
		}
	}
	def := mainRef(val)
	ctx := coll
	// an entry is the definition (`#Character & {id: ID}`, or the one
	// value of a section): the page is named after it
	entity := !d.Keyed || len(conjuncts(val)) > 1
	if def != "" && entity && g.isStruct(def) && !used[def] {
		used[def] = true
		d.Name = strings.ToLower(strings.TrimPrefix(def, "#"))
		d.Title = def
		ctx = def
		if doc := docOf(g.defs[def]); doc != "" {
			d.Doc = strings.TrimSpace(strings.TrimSpace(d.Doc) + "\n\n" + doc)
		}
		val = g.defs[def].Value
	}
	g.kindOf[coll] = ctx
	g.pend(d, val, ctx)
	return d
}

func (g *refGen) pend(d *designref.Def, e ast.Expr, ctx string) {
	if g.bodies == nil {
		g.bodies = map[*designref.Def]refBody{}
	}
	g.bodies[d] = refBody{e, ctx}
}

// typeDef is the page of a definition.
func (g *refGen) typeDef(name string) *designref.Def {
	fd := g.defs[name]
	d := &designref.Def{Name: strings.ToLower(strings.TrimPrefix(name, "#")), Title: name, Doc: docOf(fd)}
	g.pend(d, fd.Value, name)
	return d
}

// fill reads a page's fields (or its own type) and their examples.
func (g *refGen) fill(d *designref.Def) {
	b := g.bodies[d]
	if fields := g.structFields(b.expr); fields != nil || isStructExpr(b.expr) {
		d.Fields = g.fields(fields, "", b.ctx)
		if d.Keyed {
			// the entry's key, written before its block
			d.Fields = slices.DeleteFunc(d.Fields, func(f designref.Field) bool { return f.Path == "id" })
		}
		return
	}
	t := g.describe(b.expr)
	d.Type, d.Range = t.typ, t.rng
	d.Example = g.examples[b.ctx+"."]
}

// structFields lists the fields of a struct expression: a struct literal
// with its embedded definitions, a definition, a conjunction of them, and
// a disjunction of structs (each alternative's fields marked as a choice).
func (g *refGen) structFields(e ast.Expr) []refField {
	switch x := e.(type) {
	case *ast.StructLit:
		var out []refField
		for _, el := range x.Elts {
			switch f := el.(type) {
			case *ast.Field:
				name := labelName(f.Label)
				if strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
					continue
				}
				if isPattern(f.Label) {
					name = "<" + patternName(f.Label) + ">"
				}
				out = append(out, refField{name: name, f: f})
			case *ast.EmbedDecl:
				out = append(out, g.structFields(f.Expr)...)
			}
		}
		return out
	case *ast.Ident:
		if fd, ok := g.defs[x.Name]; ok && g.isStruct(x.Name) {
			return g.structFields(fd.Value)
		}
	case *ast.ParenExpr:
		return g.structFields(x.X)
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "close" && len(x.Args) == 1 {
			return g.structFields(x.Args[0])
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.AND:
			return append(g.structFields(x.X), g.structFields(x.Y)...)
		case token.OR:
			var alts [][]refField
			var names []string
			for _, a := range disjuncts(x) {
				fs := g.structFields(a)
				if len(fs) == 0 {
					continue
				}
				alts = append(alts, fs)
				for _, f := range fs {
					if f.f.Constraint == token.NOT {
						names = append(names, f.name)
					}
				}
			}
			var out []refField
			for _, fs := range alts {
				for _, f := range fs {
					if f.f.Constraint == token.NOT && len(alts) > 1 {
						f.choice = names
					}
					out = append(out, f)
				}
			}
			return out
		}
	}
	return nil
}

type refField struct {
	name   string
	f      *ast.Field
	choice []string // the alternatives of a disjunction of blocks
}

// fields are the rows of a block's fields, nested blocks after their
// field with dotted paths.
func (g *refGen) fields(fs []refField, prefix, ctx string) []designref.Field {
	var out []designref.Field
	for _, rf := range fs {
		p := prefix + rf.name
		t := g.describe(rf.f.Value)
		row := designref.Field{Path: p, Type: t.typ, Range: t.rng, Default: t.def, Doc: docOf(rf.f), Refs: t.refs,
			Example: g.examples[ctx+"."+p]}
		for _, r := range t.refs {
			if !g.isStruct(r) && row.Example != "" {
				g.setFirst(r+".", row.Example) // a simple definition's example
			}
		}
		switch {
		case rf.choice != nil && rf.name == rf.choice[0]:
			row.Presence = "a form: write exactly one of " + strings.Join(rf.choice, ", ")
		case rf.choice != nil:
			row.Presence = "a form"
		case rf.f.Constraint == token.NOT:
			row.Presence = "required"
		case rf.f.Constraint == token.OPTION:
			row.Presence = "optional"
		case t.def != "" || t.optional:
			row.Presence = "has a default"
		default:
			row.Presence = "required"
		}
		out = append(out, row)
		if sub := g.inlineStruct(rf.f.Value); sub != nil {
			out = append(out, g.fields(sub, p+".", ctx)...)
		}
	}
	return out
}

// inlineStruct is the fields of a block written in place (not a named
// definition, which has its own page).
func (g *refGen) inlineStruct(e ast.Expr) []refField {
	switch x := e.(type) {
	case *ast.StructLit:
		return g.structFields(x)
	case *ast.BinaryExpr:
		if x.Op == token.AND || x.Op == token.OR {
			if _, ok := x.X.(*ast.Ident); ok {
				return nil
			}
			if isStructExpr(x) {
				return g.structFields(x)
			}
		}
	case *ast.ListLit:
		if len(x.Elts) == 0 {
			return nil
		}
		// a list's elements: its first (or its open part's type)
		if el, ok := x.Elts[0].(*ast.Ellipsis); ok {
			return g.inlineStruct(el.Type)
		}
		return g.inlineStruct(x.Elts[0])
	}
	return nil
}

// described is a value's type in words.
type described struct {
	typ, rng, def string
	refs          []string
	optional      bool // a block whose fields all have defaults
}

// describe puts a schema expression in words: "whole number", "1 to 8",
// "one of "passive", "active"", "list of skill ids". No regular
// expression is shown: a text of a fixed form is "text" (its comment and
// example say the form).
func (g *refGen) describe(e ast.Expr) described {
	var d described
	var kinds []string
	var lo, hi, not string
	var lits []string
	var parts, all []ast.Expr // without and with the default
	for _, a := range disjuncts(e) {
		if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.MUL {
			d.def = g.literal(u.X)
			if id, ok := u.X.(*ast.Ident); ok && !isBuiltin(id.Name) && !strings.HasPrefix(id.Name, "#") {
				d.def = "the same as " + id.Name
			}
			all = append(all, u.X)
			continue
		}
		parts = append(parts, a)
		all = append(all, a)
	}
	allLit := len(all) > 1
	for _, p := range all {
		if l, ok := p.(*ast.BasicLit); ok {
			lits = append(lits, l.Value)
		} else {
			allLit = false
		}
	}
	if allLit {
		d.typ = "one of " + strings.Join(lits, ", ")
		return d
	}
	if len(parts) == 0 {
		parts = all
	}
	if len(parts) > 1 {
		var alts []string
		for _, p := range parts {
			if _, ok := p.(*ast.Ident); ok && !isBuiltin(p.(*ast.Ident).Name) && !strings.HasPrefix(p.(*ast.Ident).Name, "#") {
				continue // a default taken from another field: its own row says it
			}
			s := g.describe(p)
			if s.typ == "" {
				continue
			}
			alts = append(alts, s.typ+rangeSuffix(s.rng))
			d.refs = append(d.refs, s.refs...)
		}
		if isStructExpr(e) {
			d.typ = "a block of fields, one of these forms"
			return d
		}
		d.typ = strings.Join(alts, ", or ")
		if len(alts) == 1 {
			d.typ = alts[0]
		}
		return d
	}
	for _, c := range conjuncts(parts[0]) {
		switch x := c.(type) {
		case *ast.Ident:
			switch {
			case isBuiltin(x.Name):
				kinds = append(kinds, builtinWord(x.Name))
			case strings.HasPrefix(x.Name, "#"):
				d.refs = append(d.refs, x.Name)
				name := strings.ToLower(strings.TrimPrefix(x.Name, "#"))
				if g.isStruct(x.Name) {
					kinds = append(kinds, "a block (see "+name+")")
					if g.allDefaults(g.defs[x.Name].Value) {
						d.optional = true
					}
				} else if fd, ok := g.defs[x.Name]; ok {
					s := g.describe(fd.Value)
					if i := strings.Index(s.typ, " (see "); i >= 0 {
						s.typ = s.typ[:i] // one name is enough: the page names the next
					}
					if s.typ == "text of a set form" {
						s.typ = "text"
					}
					kinds = append(kinds, s.typ+" (see "+name+")")
					if d.rng == "" {
						d.rng = s.rng
					}
					d.refs = append(d.refs, s.refs...)
				}
			default:
				d.def = "the value of " + x.Name
			}
		case *ast.UnaryExpr:
			v := g.literal(x.X)
			switch x.Op {
			case token.GEQ:
				lo = v
			case token.GTR:
				lo = "more than " + v
			case token.LEQ:
				hi = v
			case token.LSS:
				hi = "less than " + v
			case token.NEQ:
				if v == `""` {
					not = "not empty"
				} else {
					not = "not " + v
				}
			case token.MAT, token.NMAT:
				kinds = append(kinds, "text of a set form")
			}
		case *ast.BasicLit:
			kinds = append(kinds, "exactly "+x.Value)
		case *ast.StructLit:
			kinds = append(kinds, "a block of fields")
			if g.allDefaults(x) {
				d.optional = true
			}
		case *ast.ListLit:
			kinds = append(kinds, g.listWords(x, &d))
		case *ast.CallExpr:
			if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "close" {
				kinds = append(kinds, "a block of fields")
			}
		case *ast.ParenExpr:
			s := g.describe(x.X)
			kinds = append(kinds, s.typ)
			d.refs = append(d.refs, s.refs...)
		}
	}
	d.typ = strings.Join(dedupe(kinds), ", ")
	switch {
	case lo != "" && hi != "" && !strings.Contains(lo+hi, " "):
		d.rng = lo + " to " + hi
	case lo != "" && hi != "":
		d.rng = lo + ", " + hi
	case lo != "" && strings.HasPrefix(lo, "more"):
		d.rng = lo
	case lo != "":
		d.rng = "at least " + lo
	case strings.HasPrefix(hi, "less"):
		d.rng = hi
	case hi != "":
		d.rng = "at most " + hi
	}
	if not != "" {
		d.rng = strings.TrimPrefix(d.rng+", "+not, ", ")
	}
	if d.typ == "" && d.rng != "" {
		d.typ = "number"
	}
	return d
}

// listWords describes a list: "list of X", with how many.
func (g *refGen) listWords(x *ast.ListLit, d *described) string {
	var fixed []ast.Expr
	var rest ast.Expr
	open := false
	for _, el := range x.Elts {
		if e, ok := el.(*ast.Ellipsis); ok {
			open, rest = true, e.Type
			continue
		}
		if _, ok := el.(*ast.Comprehension); ok {
			return "list"
		}
		fixed = append(fixed, el)
	}
	elem := rest
	if elem == nil && len(fixed) > 0 {
		elem = fixed[0]
	}
	if elem == nil {
		if open {
			return "list"
		}
		return "empty list"
	}
	s := g.describe(elem)
	d.refs = append(d.refs, s.refs...)
	what := s.typ + rangeSuffix(s.rng)
	if isStructExpr(elem) && s.typ == "a block of fields" {
		what = "blocks (fields below)"
	} else if rest, ok := strings.CutPrefix(what, "a block "); ok {
		what = "blocks " + rest
	}
	switch {
	case open && len(fixed) == 0:
		return "list of " + what
	case open:
		return fmt.Sprintf("list of %s, at least %d", what, len(fixed))
	default:
		return fmt.Sprintf("list of exactly %d: %s", len(fixed), what)
	}
}

func rangeSuffix(r string) string {
	if r == "" {
		return ""
	}
	return " (" + r + ")"
}

// literal is a value's source text, on one line.
func (g *refGen) literal(e ast.Expr) string {
	return oneLine(e)
}

func (g *refGen) isStruct(def string) bool {
	fd, ok := g.defs[def]
	return ok && isStructExpr(fd.Value)
}

// allDefaults says whether every field of a block can be left out.
func (g *refGen) allDefaults(e ast.Expr) bool {
	fs := g.structFields(e)
	for _, f := range fs {
		if f.f.Constraint == token.NOT {
			return false
		}
		if f.f.Constraint == token.OPTION || isPattern(f.f.Label) {
			continue
		}
		t := g.describe(f.f.Value)
		if t.def == "" && !t.optional {
			return false
		}
	}
	return true
}

func isStructExpr(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.StructLit:
		return true
	case *ast.ParenExpr:
		return isStructExpr(x.X)
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		return ok && id.Name == "close"
	case *ast.BinaryExpr:
		if x.Op == token.AND {
			return isStructExpr(x.X) || isStructExpr(x.Y)
		}
		if x.Op == token.OR {
			for _, a := range disjuncts(x) {
				if isStructExpr(a) {
					return true
				}
			}
		}
	}
	return false
}

func disjuncts(e ast.Expr) []ast.Expr {
	if p, ok := e.(*ast.ParenExpr); ok {
		if b, ok := p.X.(*ast.BinaryExpr); ok && b.Op == token.OR {
			e = b
		}
	}
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.OR {
		return append(disjuncts(b.X), disjuncts(b.Y)...)
	}
	if c, ok := e.(*ast.CallExpr); ok {
		if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "error" {
			return nil
		}
	}
	return []ast.Expr{e}
}

func conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.AND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// mainRef is the definition a section's entries are: `#Character & {id:
// ID}` → "#Character".
func mainRef(e ast.Expr) string {
	for _, c := range conjuncts(e) {
		if id, ok := c.(*ast.Ident); ok && strings.HasPrefix(id.Name, "#") {
			return id.Name
		}
	}
	return ""
}

func isBuiltin(n string) bool {
	switch n {
	case "int", "number", "float", "string", "bool", "null", "bytes", "_", "uint":
		return true
	}
	return false
}

func builtinWord(n string) string {
	switch n {
	case "int", "uint":
		return "whole number"
	case "float":
		return "decimal number"
	case "string":
		return "text"
	case "bool":
		return "true or false"
	case "_":
		return "any value"
	}
	return n
}

func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	if len(out) > 1 && out[0] == "text" && out[1] == "text of a set form" {
		out = out[1:]
	}
	return out
}

func labelName(l ast.Label) string {
	switch x := l.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil {
			return s
		}
		return x.Value
	}
	return ""
}

func isPattern(l ast.Label) bool {
	_, ok := l.(*ast.ListLit)
	return ok
}

// patternName names a pattern label's keys: [#ID] → "ID", [ID=string] →
// "key".
func patternName(l ast.Label) string {
	if x, ok := l.(*ast.ListLit); ok && len(x.Elts) == 1 {
		if id, ok := x.Elts[0].(*ast.Ident); ok && strings.HasPrefix(id.Name, "#") {
			return strings.ToLower(strings.TrimPrefix(id.Name, "#"))
		}
	}
	return "key"
}

// docOf is a field's comments: the ones above it and the one after it on
// its line.
func docOf(f *ast.Field) string {
	if f == nil {
		return ""
	}
	var parts []string
	for _, cg := range ast.Comments(f) {
		parts = append(parts, strings.TrimRight(cg.Text(), "\n"))
	}
	for _, cg := range ast.Comments(f.Value) {
		if cg.Line || cg.Position > 0 {
			parts = append(parts, strings.TrimRight(cg.Text(), "\n"))
		}
	}
	return strings.Join(parts, "\n\n")
}

// oneLine is an expression's CUE source on one line, shortened past 76
// characters.
func oneLine(e ast.Expr) string {
	b, err := format.Node(stripComments(e))
	if err != nil {
		return ""
	}
	var out strings.Builder
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if i > 0 {
			prev := strings.TrimSpace(lines[i-1])
			switch {
			case strings.HasSuffix(prev, "{") || strings.HasSuffix(prev, "["):
			case strings.HasSuffix(prev, ","):
				out.WriteString(" ")
			case strings.HasPrefix(l, "}") || strings.HasPrefix(l, "]"):
			default:
				out.WriteString(", ")
			}
		}
		out.WriteString(l)
	}
	s := out.String()
	if r := []rune(s); len(r) > 76 {
		s = string(r[:75]) + "…"
	}
	return s
}

// stripComments copies nothing: it drops the comments of e's nodes (an
// example shows the value alone).
func stripComments(e ast.Expr) ast.Node {
	ast.Walk(e, func(n ast.Node) bool {
		ast.SetComments(n, nil)
		return true
	}, nil)
	return e
}

// readExamples walks the starter's entries beside the schema and keeps
// the first value of every field, by context and path.
func (g *refGen) readExamples(fsys fs.FS, sections []*ast.Field) error {
	cueFiles, _, _, err := ListFiles(fsys)
	if err != nil {
		return err
	}
	secs := map[string]*ast.Field{}
	for _, s := range sections {
		secs[labelName(s.Label)] = s
	}
	for _, p := range cueFiles {
		if path.Base(p) == "game.cue" {
			continue
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(p, src)
		if err != nil {
			continue // a broken starter file gives no examples
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			coll := labelName(fd.Label)
			s, ok := secs[coll]
			if !ok {
				continue
			}
			ctx := g.kindOf[coll]
			keyed := false
			if st, ok := s.Value.(*ast.StructLit); ok && len(st.Elts) == 1 {
				if p, ok := st.Elts[0].(*ast.Field); ok && isPattern(p.Label) {
					keyed = true
				}
			}
			if !keyed {
				g.example(fd.Value, ctx, "")
				continue
			}
			for _, e := range entries(fd.Value) {
				g.example(e.Value, ctx, "")
			}
		}
	}
	return nil
}

// entries are the fields of a section's value (`characters: x: {…}` is a
// struct of one field).
func entries(e ast.Expr) []*ast.Field {
	st, ok := e.(*ast.StructLit)
	if !ok {
		return nil
	}
	var out []*ast.Field
	for _, el := range st.Elts {
		if f, ok := el.(*ast.Field); ok {
			out = append(out, f)
		}
	}
	return out
}

// example records value e at ctx.prefix and, for a block, each of its
// fields, stepping into a definition's context where the schema names
// one.
func (g *refGen) example(e ast.Expr, ctx, prefix string) {
	key := ctx + "." + prefix
	if !g.hasExample(key) {
		g.examples[key] = oneLine(e)
	}
	if prefix != "" && !g.hasExample(strings.TrimSuffix(key, ".")) {
		g.examples[strings.TrimSuffix(key, ".")] = g.examples[key]
	}
	st, ok := e.(*ast.StructLit)
	if !ok {
		if l, ok := e.(*ast.ListLit); ok {
			for _, el := range l.Elts {
				if _, ok := el.(*ast.StructLit); ok {
					g.example(el, ctx, prefix)
				}
			}
		}
		return
	}
	for _, f := range entries(st) {
		name := labelName(f.Label)
		// a field whose schema is a definition with fields of its own
		// is that definition's context
		if def := g.fieldDef(ctx, prefix+name); def != "" {
			// formatted only for its first example: a starter has many
			// entries of each kind
			if k := ctx + "." + prefix + name; !g.hasExample(k) {
				g.examples[k] = oneLine(f.Value)
			}
			g.example(f.Value, def, "")
			continue
		}
		g.example(f.Value, ctx, prefix+name+".")
	}
}

// hasExample reports whether key has its (first) example already.
func (g *refGen) hasExample(key string) bool {
	_, ok := g.examples[key]
	return ok
}

func (g *refGen) setFirst(key, v string) {
	if !g.hasExample(key) {
		g.examples[key] = v
	}
}

// fieldDef is the struct definition field path p of context ctx names
// (its type, or its list's elements), or "".
func (g *refGen) fieldDef(ctx, p string) string {
	k := [2]string{ctx, p}
	if d, ok := g.fieldDefs[k]; ok {
		return d
	}
	if g.fieldDefs == nil {
		g.fieldDefs = map[[2]string]string{}
	}
	d := g.findFieldDef(ctx, p)
	g.fieldDefs[k] = d
	return d
}

func (g *refGen) findFieldDef(ctx, p string) string {
	fd, ok := g.defs[ctx]
	if !ok {
		return ""
	}
	e := fd.Value
	for _, name := range strings.Split(p, ".") {
		var next ast.Expr
		for _, rf := range g.structFields(e) {
			if rf.name == name {
				next = rf.f.Value
				break
			}
		}
		if next == nil {
			return ""
		}
		e = next
	}
	for _, c := range conjuncts(e) {
		if l, ok := c.(*ast.ListLit); ok {
			for _, el := range l.Elts {
				if x, ok := el.(*ast.Ellipsis); ok {
					c = x.Type
				} else {
					c = el
				}
				break
			}
		}
		if id, ok := c.(*ast.Ident); ok && g.isStruct(id.Name) {
			return id.Name
		}
	}
	return ""
}
