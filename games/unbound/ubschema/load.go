// Package ubschema is 40k Unbound's schema, written in CUE and embedded
// (cue/*.cue), and the loader that turns an Unbound content tree into a
// validated [ubcatalog.Catalog]: every CUE error at the designer's
// file:line:col, every broken reference with a suggestion, every problem
// at once. It uses the neutral CUE kit (package schema).
package ubschema

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

//go:embed cue/*.cue
var schemaFS embed.FS

// PackageName is the CUE package every Unbound content file declares.
const PackageName = "unbound"

const schemaPrefix = "wbtool-unbound-schema:"

// sections are the top-level fields content may declare.
var sections = []string{"armies", "checks", "game", "glossary", "orders", "scenarios", "specialRules", "units", "version"}

// Options tune Load.
type Options struct {
	Root  string
	Extra []schema.File
	Draft bool
}

type loader struct {
	fsys         fs.FS
	opt          Options
	errs         diag.List
	seen         map[string]bool
	misspellings schema.Misspelt // the fields misspelt reported
	positions    map[string]diag.Pos
}

// Load loads, validates and decodes the Unbound content tree fsys.
// Content problems are a [diag.List], all of them.
func Load(fsys fs.FS, opt Options) (*ubcatalog.Catalog, error) {
	l := &loader{fsys: fsys, opt: opt, seen: map[string]bool{}, positions: map[string]diag.Pos{}}
	return l.load()
}

func (l *loader) errorf(pos diag.Pos, p, format string, args ...any) {
	l.errs = append(l.errs, diag.Errorf(pos, p, format, args...))
}

func (l *loader) display(rel string) string {
	if l.opt.Root == "" {
		return rel
	}
	return path.Join(l.opt.Root, rel)
}

func (l *loader) load() (*ubcatalog.Catalog, error) {
	cueFiles, mdFiles, outside, err := schema.ListFiles(l.fsys)
	if err != nil {
		return nil, err
	}
	for _, e := range outside {
		l.errorf(diag.Pos{File: l.display(e.Path)}, "", "%s", schema.OutsideError(e))
	}
	files, err := schema.ParseSchema(schemaFS, "cue", schemaPrefix)
	if err != nil {
		return nil, err
	}
	if l.opt.Draft {
		f, err := contentFile.DraftText()
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	nSchema := len(files)
	add := func(name string, src []byte) {
		if f := l.parse(name, src); f != nil {
			files = append(files, f)
			for k, pos := range index(f) {
				if _, ok := l.positions[k]; !ok {
					l.positions[k] = pos
				}
			}
		}
	}
	for _, p := range cueFiles {
		src, problem := schema.ReadFile(l.fsys, p, l.display(p), schema.MaxFileSize, "is it really a content file?")
		if problem != nil {
			l.errs = append(l.errs, *problem)
			continue
		}
		add(l.display(p), src)
	}
	for _, x := range l.opt.Extra {
		add(x.Name, x.Src)
	}
	if len(files) == nSchema && len(l.errs) == 0 {
		l.errorf(diag.Pos{File: l.display(".")}, "", "no .cue files found: expected content files such as units/units.cue")
	}
	if len(l.errs) > 0 {
		return nil, l.errs.Sorted()
	}
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range files {
		if err := inst.AddSyntax(f); err != nil {
			l.cueErrors(err)
		}
	}
	v := cuecontext.New().BuildInstance(inst)
	l.validate(v)
	if len(l.errs) > 0 {
		return nil, l.errs.Sorted()
	}
	raw, err := v.MarshalJSON()
	if err != nil {
		l.errorf(diag.Pos{File: l.display(".")}, "", "cannot decode the content: %v", err)
		return nil, l.errs.Sorted()
	}
	cat, err := l.decode(raw)
	if err != nil {
		return nil, err
	}
	if l.opt.Draft {
		cat.Draft = l.drafts(v)
	}
	cat.TextPositions = map[string]diag.Pos{}
	for k, pos := range l.positions {
		segs := strings.Split(k, ".")
		if n := len(segs); n >= 2 && slices.Contains(lang.Langs, lang.Lang(segs[n-1])) {
			cat.TextPositions[lang.TextKey(segs[:n-1], lang.Lang(segs[n-1]))] = pos
		}
	}
	l.references(cat)
	cat.Warnings = l.sameNames(cat)
	l.readPages(cat, mdFiles)
	if l.errs.HasErrors(false) {
		return nil, l.errs.Sorted()
	}
	cat.Sort()
	return cat, nil
}

// parse checks and parses one content file (schema.ContentFile), its
// sections included.
func (l *loader) parse(name string, src []byte) *ast.File {
	f, errs := contentFile.Parse(name, src)
	if f != nil {
		errs = contentFile.Sections(f, sections)
	}
	l.errs = append(l.errs, errs...)
	if len(errs) > 0 {
		return nil
	}
	return f
}

// contentFile is what each content file must be (the schema kit checks it).
var contentFile = schema.ContentFile{Package: PackageName, SchemaPrefix: schemaPrefix,
	Tree: `this is a 40k Unbound tree: its game.cue says game: "unbound"`}

// position is a CUE position as a designer's file:line:col.
var position = contentFile.Position

// index is the position of every field and list element of a content
// file, by dotted path ("checks.x.steps.2.expect").
func index(f *ast.File) map[string]diag.Pos {
	out := map[string]diag.Pos{}
	var walk func(x ast.Expr, at string)
	put := func(p string, pos token.Pos) {
		if _, ok := out[p]; !ok {
			out[p] = position(pos)
		}
	}
	join := func(at, s string) string {
		if at == "" {
			return s
		}
		return at + "." + s
	}
	walk = func(x ast.Expr, at string) {
		switch x := x.(type) {
		case *ast.StructLit:
			for _, e := range x.Elts {
				if fl, ok := e.(*ast.Field); ok {
					if name, _, err := ast.LabelName(fl.Label); err == nil {
						put(join(at, name), fl.Label.Pos())
						walk(fl.Value, join(at, name))
					}
				}
			}
		case *ast.ListLit:
			for i, e := range x.Elts {
				put(join(at, strconv.Itoa(i)), e.Pos())
				walk(e, join(at, strconv.Itoa(i)))
			}
		}
	}
	walk(&ast.StructLit{Elts: f.Decls}, "")
	return out
}

// place is the position of the deepest content value on segs.
func (l *loader) place(segs []string) diag.Pos {
	for n := len(segs); n > 0; n-- {
		if pos, ok := l.positions[strings.Join(segs[:n], ".")]; ok && pos.File != "" {
			return pos
		}
	}
	return diag.Pos{}
}

// validate reports the errors of every entity on its own (CUE stops at
// one error of a struct and would hide its siblings').
func (l *loader) validate(v cue.Value) {
	opts := []cue.Option{cue.Concrete(true), cue.All(), cue.Definitions(false)}
	defer func() { l.errs = schema.OneMistake(l.errs) }()
	if err := v.Err(); err != nil {
		// the entities first: they find the misspellings that CUE's
		// errors would say less well, or not at all
		l.misspeltIn(v)
		l.cueErrors(err)
		return
	}
	it, err := v.Fields()
	if err != nil {
		l.cueErrors(err)
		return
	}
	for it.Next() {
		sec := it.Value()
		name := it.Selector().Unquoted()
		if name == "game" || name == "orders" || name == "version" {
			l.cueErrors(sec.Validate(opts...))
			continue
		}
		ents, err := sec.Fields()
		if err != nil {
			l.cueErrors(err)
			continue
		}
		var schemaOf *schema.Entities // made at the section's first error
		for ents.Next() {
			err := ents.Value().Validate(opts...)
			if err != nil {
				if schemaOf == nil {
					schemaOf = schema.EntitiesOf(sec)
				}
				l.misspelt(schemaOf, ents.Value(), name, ents.Selector().Unquoted())
			}
			l.cueErrors(err)
		}
	}
	if _, ok := l.positions["orders"]; !ok {
		l.errorf(diag.Pos{File: l.display("game.cue"), Line: 1, Col: 1}, "orders", "no `orders`: declare the 13 orders the engine reads (U-ORDER-11), as the starter's orders/orders.cue does")
	}
}

// misspelt reports the fields of an entity with errors that its schema
// does not allow, each at the field with the closest one it allows: CUE
// stops at an entity's first error, and would not reach a misspelling
// beside another mistake. CUE's own errors at them are then skipped
// (cueErrors).
func (l *loader) misspelt(schemaOf *schema.Entities, entity cue.Value, section, id string) {
	for _, f := range l.misspellings.Find(schemaOf, entity, []string{section, id}, "check its spelling against RULES.md") {
		l.errorf(l.place(f.Path), strings.Join(f.Path, "."), "%s", f.Msg)
	}
}

// misspeltIn runs misspelt on every entity of v, whose errors stop the
// validation of each entity.
func (l *loader) misspeltIn(v cue.Value) {
	secs, err := v.Fields()
	for err == nil && secs.Next() {
		ents, err := secs.Value().Fields()
		if err != nil {
			continue
		}
		schemaOf := schema.EntitiesOf(secs.Value())
		for ents.Next() {
			l.misspelt(schemaOf, ents.Value(), secs.Selector().Unquoted(), ents.Selector().Unquoted())
		}
	}
}

// cueErrors turns CUE errors into diagnostics at the content's positions,
// each once, in a designer's words.
func (l *loader) cueErrors(err error) {
	if err == nil {
		return
	}
	list := errors.Errors(err)
	alts := alternatives(list)
	for _, e := range list {
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if strings.Contains(format, "errors in empty disjunction") {
			continue
		}
		if a, ok := alts[strings.Join(e.Path(), ".")]; ok && strings.HasPrefix(format, "conflicting values %s and %s") {
			msg = a
		}
		if p := e.Path(); len(p) > 0 && strings.HasPrefix(p[0], "#") {
			continue // the schema's own definitions: reported where used
		}
		var segs []string
		for _, s := range e.Path() {
			s = strings.Trim(s, `"`)
			if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "_") {
				break
			}
			segs = append(segs, s)
		}
		pos := l.place(segs)
		if pos.File == "" {
			for _, p := range e.InputPositions() {
				if pos = position(p); pos.File != "" {
					break
				}
			}
		}
		if pos.File == "" {
			pos = position(e.Position())
		}
		if pos.File == "" {
			pos = diag.Pos{File: l.display(".")}
		}
		if l.misspellings.Covers(segs) {
			continue // reported by misspelt
		}
		p := strings.Join(segs, ".")
		msg = describe(segs, msg)
		key := pos.String() + p + msg
		if l.seen[key] {
			continue
		}
		l.seen[key] = true
		l.errorf(pos, p, "%s", msg)
	}
}

// alternatives folds the errors of a failed disjunction of values, one
// "conflicting values" pair per alternative, into one message by path:
// the value found (the one every pair has) and what was expected.
func alternatives(list []errors.Error) map[string]string {
	pairs := map[string][][2]string{}
	for _, e := range list {
		format, args := e.Msg()
		if strings.HasPrefix(format, "conflicting values %s and %s") && len(args) >= 2 {
			p := strings.Join(e.Path(), ".")
			pairs[p] = append(pairs[p], [2]string{fmt.Sprint(args[0]), fmt.Sprint(args[1])})
		}
	}
	out := map[string]string{}
	for p, ps := range pairs {
		if len(ps) < 2 {
			continue
		}
		count := map[string]int{}
		for _, pair := range ps {
			count[pair[0]]++
			count[pair[1]]++
		}
		found := ""
		for v, n := range count {
			if n == len(ps) && (found == "" || v < found) {
				found = v
			}
		}
		var exp []string
		for _, pair := range ps {
			if pair[0] == found {
				exp = append(exp, pair[1])
			} else {
				exp = append(exp, pair[0])
			}
		}
		sort.Strings(exp)
		out[p] = fmt.Sprintf("found %s: expected one of %s", found, strings.Join(exp, ", "))
	}
	return out
}

var outOfBound = regexp.MustCompile(`^invalid value (\S+) \(out of bound (<=|<|>=|>)(\S+)\)$`)

// describe rewrites CUE's wording for designers.
func describe(segs []string, msg string) string {
	last := ""
	if len(segs) > 0 {
		last = segs[len(segs)-1]
	}
	switch {
	case msg == "field not allowed" && last != "":
		return fmt.Sprintf("unknown field %q: check its spelling against RULES.md", last)
	case strings.Contains(msg, "field is required but not present") && last == "en":
		return "missing English text: add `en: \"...\"` (or build with --draft)"
	case strings.Contains(msg, "field is required but not present") && last == "fr":
		return "missing French text: add `fr: \"...\"` (or build with --draft)"
	case strings.Contains(msg, "field is required but not present") && last != "":
		return fmt.Sprintf("missing field %q: add it", last)
	}
	if v, ok := schema.NotAVersion(msg); ok {
		return v
	}
	if m := outOfBound.FindStringSubmatch(msg); m != nil {
		least := map[string]string{"<=": "at most", "<": "less than", ">=": "at least", ">": "more than"}[m[2]]
		return fmt.Sprintf("%s is out of range: it must be %s %s", m[1], least, m[3])
	}
	if t, ok := schema.TypeConflict(msg); ok {
		return t
	}
	if rest, ok := strings.CutPrefix(msg, "conflicting values "); ok {
		return "found " + rest
	}
	return msg
}

// drafts are the texts draft mode filled with a placeholder.
func (l *loader) drafts(v cue.Value) []lang.MissingText {
	var out []lang.MissingText
	v.Walk(func(x cue.Value) bool {
		d, _ := x.Default() // the placeholder is the default of a missing text
		if d.Kind() != cue.StringKind {
			return true
		}
		s, err := d.String()
		if err != nil || (s != lang.MissingEN && s != lang.MissingFR) {
			return true
		}
		var segs []string
		for _, sel := range x.Path().Selectors() {
			segs = append(segs, strings.Trim(sel.String(), `"`))
		}
		in := lang.English
		if segs[len(segs)-1] == "fr" {
			in = lang.French
		}
		text := segs[:len(segs)-1]
		out = append(out, lang.MissingText{Pos: l.place(text), Path: strings.Join(text, "."), Lang: in})
		return true
	}, nil)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos.String() < out[j].Pos.String() })
	return out
}

// readPages reads the rules pages (rules/en, rules/fr).
func (l *loader) readPages(cat *ubcatalog.Catalog, files []string) {
	for _, p := range files {
		lng, name, src, problem := schema.ReadRulesPage(l.fsys, p, l.display(p), lang.Langs)
		if problem != nil {
			l.errs = append(l.errs, *problem)
		}
		if src == nil {
			continue
		}
		pos := diag.Pos{File: l.display(p)}
		cat.Pages = append(cat.Pages, ubcatalog.Page{Lang: string(lng), Path: name, Body: string(src), Pos: pos})
	}
}

// at is the position of a dotted path, or the tree's.
func (l *loader) at(p string) diag.Pos {
	if pos := l.place(strings.Split(p, ".")); pos.File != "" {
		return pos
	}
	return diag.Pos{File: l.display(".")}
}

// decode turns the validated content into the catalog.
func (l *loader) decode(raw []byte) (*ubcatalog.Catalog, error) {
	var doc struct {
		Orders       map[string]ubcatalog.Order       `json:"orders"`
		Units        map[string]ubcatalog.Unit        `json:"units"`
		Armies       map[string]json.RawMessage       `json:"armies"`
		Scenarios    map[string]ubcatalog.Scenario    `json:"scenarios"`
		SpecialRules map[string]ubcatalog.SpecialRule `json:"specialRules"`
		Glossary     map[string]ubcatalog.Term        `json:"glossary"`
		Checks       map[string]json.RawMessage       `json:"checks"`
		Version      string                           `json:"version"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("decode the content: %w", err)
	}
	cat := &ubcatalog.Catalog{Game: ubcatalog.Game, Version: ubcatalog.SchemaVersion, ContentVersion: doc.Version}
	for id, o := range doc.Orders {
		o.ID, o.Pos = id, l.at("orders."+id)
		o.Kind = "planned"
		if o.Condition != "" {
			o.Kind = "immediate"
		}
		cat.Orders = append(cat.Orders, o)
	}
	for id, u := range doc.Units {
		u.ID, u.Pos = id, l.at("units."+id)
		if u.Size == 0 {
			u.Size = 1
		}
		cat.Units = append(cat.Units, u)
	}
	for id, b := range doc.Armies {
		var a struct {
			Name        ubcatalog.Text             `json:"name"`
			WarpCharges int                        `json:"warpCharges"`
			Units       map[string]ubcatalog.Entry `json:"units"`
		}
		if err := json.Unmarshal(b, &a); err != nil {
			return nil, fmt.Errorf("decode army %s: %w", id, err)
		}
		army := ubcatalog.Army{ID: id, Name: a.Name, WarpCharges: a.WarpCharges, Pos: l.at("armies." + id)}
		for eid, e := range a.Units {
			e.ID, e.Pos = eid, l.at("armies."+id+".units."+eid)
			army.Entries = append(army.Entries, e)
		}
		cat.Armies = append(cat.Armies, army)
	}
	for id, s := range doc.Scenarios {
		s.ID, s.Pos = id, l.at("scenarios."+id)
		cat.Scenarios = append(cat.Scenarios, s)
	}
	for id, r := range doc.SpecialRules {
		r.ID = id
		cat.SpecialRules = append(cat.SpecialRules, r)
	}
	for id, t := range doc.Glossary {
		t.ID = id
		cat.Glossary = append(cat.Glossary, t)
	}
	for id, b := range doc.Checks {
		var head struct {
			Rules []string          `json:"rules"`
			Steps []json.RawMessage `json:"steps"`
		}
		if err := json.Unmarshal(b, &head); err != nil {
			return nil, fmt.Errorf("decode check %s: %w", id, err)
		}
		c := ubcatalog.Check{ID: id, Rules: head.Rules, JSON: b, Pos: l.at("checks." + id)}
		for i := range head.Steps {
			base := fmt.Sprintf("checks.%s.steps.%d", id, i)
			c.Steps = append(c.Steps, l.at(base))
			c.Expects = append(c.Expects, l.positions[base+".expect"])
			c.Fails = append(c.Fails, l.positions[base+".fails"])
		}
		cat.Checks = append(cat.Checks, c)
	}
	cat.Sort()
	return cat, nil
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// Files is the schema's .cue files at its root (the reference for
// designers reads them).
func Files() fs.FS {
	sub, err := fs.Sub(schemaFS, "cue")
	if err != nil {
		panic(err) // the embed holds the folder
	}
	return sub
}

// sameNames warns at both entries when two of one kind share a name in
// one language (issue 36 item 8): players could not tell them apart in
// the order database, search or a force's list. An error under --strict.
func (l *loader) sameNames(c *ubcatalog.Catalog) diag.List {
	var out diag.List
	for _, g := range []struct {
		coll  string
		items []lang.Named
	}{
		{"orders", schema.Named(c.Orders, func(x *ubcatalog.Order) (string, lang.Text) { return x.ID, x.Name })},
		{"units", schema.Named(c.Units, func(x *ubcatalog.Unit) (string, lang.Text) { return x.ID, x.Name })},
		{"specialRules", schema.Named(c.SpecialRules, func(x *ubcatalog.SpecialRule) (string, lang.Text) { return x.ID, x.Name })},
		{"glossary", schema.Named(c.Glossary, func(x *ubcatalog.Term) (string, lang.Text) { return x.ID, x.Term })},
		{"armies", schema.Named(c.Armies, func(x *ubcatalog.Army) (string, lang.Text) { return x.ID, x.Name })},
		{"scenarios", schema.Named(c.Scenarios, func(x *ubcatalog.Scenario) (string, lang.Text) { return x.ID, x.Name })},
	} {
		field := "name"
		if g.coll == "glossary" {
			field = "term"
		}
		out = append(out, schema.SameNameWarnings(g.items, g.coll, "the order database, search or a force's list", func(id string, lg lang.Lang) (diag.Pos, string) {
			segs := []string{g.coll, id, field, string(lg)}
			return l.place(segs), strings.Join(segs, ".")
		})...)
	}
	return out.Sorted()
}
