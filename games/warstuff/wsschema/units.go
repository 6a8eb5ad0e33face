package wsschema

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/schema"
)

// Per-file evaluation with a [schema.Cache] (watch and serve keep one
// for the session), as Warbound's loader does: after a save only the
// units of the saved file are evaluated again.
//
// Warstuff content files share more than Warbound's: every profile's
// cost is checked against the tables and the limits, a band names
// profiles, a horde names creatures, the reminders follow the tables. So
// the files that declare values of the game as a whole (game, limits,
// tables, anything that is not a section of entities, and the reminders,
// which the schema checks against the tables) are
// the context, present in every unit; a file's unit is the context, the
// file, and the ids of the entities its sections' checks look up (a
// band's, the profiles'; a horde's or a creature's, the creatures'), as
// the lists the schema reads them from: those checks read only the ids, so a
// band's unit is evaluated again when a profile is added, removed or
// renamed, not when one changes. Each unit reports only its
// own entities (the context unit: the context's, and the top-level
// values); their diagnostics must lie in its own files, or the whole
// package is evaluated instead. The package as a whole is evaluated too
// when the syntax shows files that use the package as a whole: an entity
// declared in two files, a reference to a section, a top-level
// declaration that is not a plain field.

// deps are the sections whose entities' ids a section's checks read.
var deps = map[string][]string{
	"bands":     {"profiles"},
	"hordes":    {"creatures"},
	"creatures": {"creatures"},
}

// unitResult is what the cache keeps of one unit: its evaluation, or
// that it cannot be evaluated on its own.
type unitResult struct {
	ev    *evaluation
	whole bool
}

// fileInfo is what the syntax says of one content file.
type fileInfo struct {
	syn      schema.Syntax
	context  bool
	sections map[string]bool // the entity sections it declares
}

// evalUnits evaluates the content unit by unit, taking unchanged units'
// results from the cache; nil means the whole package must be evaluated.
func (l *loader) evalUnits(schemaFiles []*ast.File, files []schema.Syntax) *evaluation {
	c := l.opt.Cache
	infos, owner, ids, why := analyse(files)
	if why != "" {
		c.WholePackage(why)
		return nil
	}
	schemaSyn := make([]schema.Syntax, len(schemaFiles))
	for i, f := range schemaFiles {
		schemaSyn[i] = schema.NewSyntax(f, nil)
	}
	var context []int
	for i, in := range infos {
		if in.context {
			context = append(context, i)
		}
	}
	// unit is the files of the unit of the given own files, in file
	// order, and the ids its checks look up
	unit := func(own []int) ([]int, []byte) {
		in := map[int]bool{}
		need := map[string]bool{}
		for _, i := range append(slices.Clone(context), own...) {
			in[i] = true
			for sec := range infos[i].sections {
				for _, dep := range deps[sec] {
					need[dep] = true
				}
			}
		}
		var out []int
		for i := range infos {
			if in[i] {
				out = append(out, i)
			}
		}
		return out, idStub(need, ids)
	}
	run := func(own []int, isContext bool) (*evaluation, bool) {
		members, stub := unit(own)
		names := map[string]bool{}
		parts := [][]byte{[]byte("warstuff unit"), []byte(schemaHash()), []byte(l.opt.Root), {b2byte(l.opt.Draft)}, {b2byte(isContext)}, stub}
		for _, i := range own {
			names[infos[i].syn.File().Filename] = true
			parts = append(parts, []byte("own "+infos[i].syn.File().Filename))
		}
		for _, i := range members {
			parts = append(parts, []byte(l.fileKeys[infos[i].syn.File().Filename]))
		}
		key := schema.CacheKey(parts...)
		if r, ok := c.Unit(key); ok {
			ur := r.(*unitResult)
			return ur.ev, !ur.whole
		}
		ownEntity := func(sec, id string) bool {
			if sec == "" {
				return isContext
			}
			return names[owner[sec+"."+id]]
		}
		syns := slices.Clone(schemaSyn)
		if len(stub) > 0 {
			f, err := parser.ParseFile(schemaPrefix+"ids.cue", stub)
			if err != nil {
				c.PutUnit(key, &unitResult{whole: true})
				return nil, false
			}
			syns = append(syns, schema.NewSyntax(f, nil))
		}
		for _, i := range members {
			syns = append(syns, infos[i].syn)
		}
		ev, ok := l.evalUnit(syns, ownEntity, isContext, names)
		c.PutUnit(key, &unitResult{ev: ev, whole: !ok})
		return ev, ok
	}
	ctx, ok := run(context, true)
	if !ok {
		c.WholePackage("the context files do not evaluate on their own as in the whole package")
		return nil
	}
	out := &evaluation{Errs: slices.Clone(ctx.Errs), Broken: slices.Clone(ctx.Broken), Drafts: slices.Clone(ctx.Drafts), LimitsFailed: ctx.LimitsFailed,
		Doc: rawDoc{Sections: map[string]map[string]json.RawMessage{}, Top: ctx.Doc.Top}}
	merge := func(ev *evaluation) {
		out.Errs = append(out.Errs, ev.Errs...)
		out.Broken = append(out.Broken, ev.Broken...)
		out.Drafts = append(out.Drafts, ev.Drafts...)
		for sec, m := range ev.Doc.Sections {
			if out.Doc.Sections[sec] == nil {
				out.Doc.Sections[sec] = map[string]json.RawMessage{}
			}
			for id, raw := range m {
				out.Doc.Sections[sec][id] = raw
			}
		}
	}
	merge(&evaluation{Doc: ctx.Doc})
	if ctx.LimitsFailed {
		return out // nothing else is checked (checkLimits)
	}
	for i, in := range infos {
		if in.context {
			continue
		}
		ev, ok := run([]int{i}, false)
		if !ok {
			c.WholePackage(in.syn.File().Filename + " does not evaluate on its own as in the whole package")
			return nil
		}
		merge(ev)
	}
	return out
}

// evalUnit evaluates one unit: the schema, the ids it looks up and its
// files. It
// reports false when its result may differ from the whole package's: a
// problem outside its own files.
func (l *loader) evalUnit(files []schema.Syntax, own func(sec, id string) bool, isContext bool, names map[string]bool) (*evaluation, bool) {
	sub := l.fork()
	inst := build.NewContext().NewInstance("", nil)
	for _, s := range files {
		if err := inst.AddSyntax(s.File()); err != nil {
			return nil, false
		}
	}
	v := cuecontext.New().BuildInstance(inst)
	ev := &evaluation{}
	if isContext && !sub.checkLimits(v) {
		ev.LimitsFailed = true
		return sub.result(ev), true
	}
	sub.validate(v, own)
	for _, d := range sub.errs {
		if !names[d.Pos.File] && !(isContext && d.Pos.File == l.displayName(".")) {
			return nil, false
		}
	}
	var top []string
	if isContext {
		top = []string{"limits", "tables", "version", "languages"}
	}
	var secs []string
	for name := range sections {
		if isEntitySection(name) {
			secs = append(secs, name)
		}
	}
	slices.Sort(secs)
	ev.Doc = sub.accepted(v, secs, own, top)
	if l.opt.Draft && len(sub.errs) == 0 {
		ev.Drafts = sub.drafts(v, own)
	}
	return sub.result(ev), true
}

// analyse reads the syntax of the content files: which are context, which
// entity sections each declares, and which file declares each entity
// ("profiles.id"), and each section's ids in file order. why says why the
// whole package must be evaluated instead.
func analyse(files []schema.Syntax) (infos []fileInfo, owner map[string]string, ids map[string][]string, why string) {
	owner, ids = map[string]string{}, map[string][]string{}
	for _, s := range files {
		f := s.File()
		in := fileInfo{syn: s, sections: map[string]bool{}}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.Package, *ast.ImportDecl, *ast.CommentGroup, *ast.Attribute:
				continue
			case *ast.Field:
				name, ok := schema.PlainLabel(d)
				if !ok {
					return nil, nil, nil, f.Filename + ": a top-level field with an alias, a constraint or a computed name"
				}
				if !isEntitySection(name) {
					in.context = true
					continue
				}
				in.context = in.context || name == "reminders" // the schema checks them against the tables
				st, ok := d.Value.(*ast.StructLit)
				if !ok {
					return nil, nil, nil, f.Filename + ": section " + name + " is not a struct"
				}
				in.sections[name] = true
				for _, e := range st.Elts {
					switch e := e.(type) {
					case *ast.CommentGroup, *ast.Attribute:
					case *ast.Field:
						id, ok := schema.PlainLabel(e)
						if !ok || strings.HasPrefix(id, "#") || strings.HasPrefix(id, "_") {
							return nil, nil, nil, f.Filename + ": section " + name + " has a field that is not an entity"
						}
						key := name + "." + id
						if g, seen := owner[key]; seen && g != f.Filename {
							return nil, nil, nil, key + " is declared in " + g + " and " + f.Filename
						} else if !seen {
							ids[name] = append(ids[name], id)
						}
						owner[key] = f.Filename
					default:
						return nil, nil, nil, f.Filename + ": section " + name + " has an embedding, a comprehension or a pattern"
					}
				}
			default:
				return nil, nil, nil, f.Filename + ": a top-level declaration that is not a field"
			}
		}
		// a reference to a section reads every file's entities
		for _, id := range f.Unresolved {
			if isEntitySection(id.Name) {
				return nil, nil, nil, f.Filename + " refers to the section " + id.Name
			}
		}
		ast.Walk(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if why != "" || !ok || id.Node == nil {
				return why == ""
			}
			if _, top := id.Scope.(*ast.File); top && isEntitySection(id.Name) {
				why = f.Filename + " refers to the section " + id.Name
			}
			return why == ""
		}, nil)
		if why != "" {
			return nil, nil, nil, why
		}
		infos = append(infos, in)
	}
	return infos, owner, ids, ""
}

// idStub gives the ids of the needed sections in file order (the order
// the whole package gives them) as the schema's _profileIDs and
// _creatureIDs, or is empty.
func idStub(need map[string]bool, ids map[string][]string) []byte {
	if len(need) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("package " + PackageName + "\n")
	for _, sec := range slices.Sorted(maps.Keys(need)) {
		q := make([]string, len(ids[sec]))
		for i, id := range ids[sec] {
			q[i] = strconv.Quote(id)
		}
		fmt.Fprintf(&b, "%s: [%s]\n", idLists[sec], strings.Join(q, ", "))
	}
	return []byte(b.String())
}

// idLists name the schema's lists of a section's ids.
var idLists = map[string]string{"profiles": "_profileIDs", "creatures": "_creatureIDs"}

func b2byte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// schemaHash is the hash of the embedded schema files.
var schemaHash = sync.OnceValue(func() string { return schema.HashFiles(schemaFS, "cue") })
