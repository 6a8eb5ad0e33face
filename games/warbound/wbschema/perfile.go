package wbschema

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"sync"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/schema"
)

// Per-file evaluation. Content files refer to each other by id strings
// only, which the loader checks in Go (checkReferences): evaluated with the
// schema on its own, a file gives the entities, and the diagnostics, it
// gives inside the whole package. That lets a [Cache] keep each file's
// result between loads, so that after a save only the saved file is
// evaluated again.
//
// Files can also use the package as a whole: a definition or hidden field
// declared in one file and used in another, a reference to a top-level
// section, pattern constraints or comprehensions at the level of a section
// (they apply to every file's entities), the same entity declared in two
// files, an error of the package as a whole. The loader finds these in
// the syntax (independent) and in each file's evaluation (evalFile), and
// then evaluates the whole package at once, as it does without a cache.

// unitResult is what one evaluation unit (a file, or files that share
// definitions) evaluated to on its own, as a schema.Cache keeps it.
type unitResult struct {
	entities []*decodedEntity
	// whole says that the unit cannot be evaluated on its own.
	whole bool
}

// schemaHash is the hash of the embedded schema files.
var schemaHash = sync.OnceValue(func() string { return schema.HashFiles(schemaFS, "cue") })

// fileKey is the cache key of a content file's evaluation.
func (l *loader) fileKey(name string, src []byte) string {
	h := sha256.New()
	draft := "final"
	if l.opt.Draft {
		draft = "draft"
	}
	for _, s := range []string{schema.BuildID(), schemaHash(), draft, name} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil))
}

// units groups the content files into evaluation units that can each be
// evaluated on their own against the schema and give what they give in the
// whole package: files that share a definition or a hidden field (one
// declares it, another uses it) are one unit. It returns why the whole
// package must be evaluated at once instead, e.g. a file that refers to a
// top-level section (whose value is every file's entities). It reads the
// syntax only; evalUnit checks the rest on each unit's evaluation.
func units(schemaFiles, files []*ast.File) (out [][]*ast.File, why string) {
	schemaNames := map[string]bool{}
	for _, f := range schemaFiles {
		for _, d := range f.Decls {
			if field, ok := d.(*ast.Field); ok {
				if name, _, err := ast.LabelName(field.Label); err == nil {
					schemaNames[name] = true
				}
			}
		}
	}
	// unit[i] is the unit of files[i] (union-find).
	unit := make([]int, len(files))
	for i := range unit {
		unit[i] = i
	}
	var find func(i int) int
	find = func(i int) int {
		if unit[i] != i {
			unit[i] = find(unit[i])
		}
		return unit[i]
	}
	join := func(i, j int) { unit[find(i)] = find(j) }
	// Where each top-level name (sections aside) and each entity is
	// declared.
	declaredIn := map[string]int{} // top-level name -> first file declaring it
	entityFile := map[string]*ast.File{}
	own := make([]map[string]bool, len(files)) // each file's own names
	for i, f := range files {
		own[i] = map[string]bool{}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.Package, *ast.ImportDecl, *ast.CommentGroup, *ast.Attribute, *ast.LetClause:
				continue
			case *ast.Field:
				name, ok := schema.PlainLabel(d)
				if !ok {
					return nil, f.Filename + ": a top-level field with an alias, a constraint or a computed name"
				}
				if findCollection(name) == nil {
					if schemaNames[name] && (strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_")) {
						// A schema definition applies to every file.
						return nil, f.Filename + " adds to the schema's " + name
					}
					if j, seen := declaredIn[name]; seen {
						join(i, j)
					} else {
						declaredIn[name] = i
					}
					own[i][name] = true
					continue
				}
				// A section: a struct of entities, each named plainly.
				st, ok := d.Value.(*ast.StructLit)
				if !ok {
					return nil, f.Filename + ": section " + name + " is not a struct"
				}
				if findCollection(name).single() {
					// One value (set), which files may give part by part
					// (its name in one, its version in another): alone,
					// a part may lack a required field. Its files are one
					// unit.
					key := "\x00" + name
					if j, seen := declaredIn[key]; seen {
						join(i, j)
					} else {
						declaredIn[key] = i
					}
				}
				for _, e := range st.Elts {
					switch e := e.(type) {
					case *ast.CommentGroup, *ast.Attribute:
						continue
					case *ast.Field:
						id, ok := schema.PlainLabel(e)
						if !ok || strings.HasPrefix(id, "#") || strings.HasPrefix(id, "_") {
							return nil, f.Filename + ": section " + name + " has a field that is not an entity"
						}
						key := name + "." + id
						if g, seen := entityFile[key]; seen && g != f {
							return nil, key + " is declared in " + g.Filename + " and " + f.Filename
						}
						entityFile[key] = f
					default:
						return nil, f.Filename + ": section " + name + " has an embedding, a comprehension or a pattern"
					}
				}
			default:
				return nil, f.Filename + ": a top-level declaration that is not a field"
			}
		}
	}
	for i, f := range files {
		unresolved := map[*ast.Ident]bool{}
		for _, id := range f.Unresolved {
			unresolved[id] = true
			if findCollection(id.Name) != nil {
				return nil, f.Filename + " refers to the section " + id.Name
			}
			if j, ok := declaredIn[id.Name]; ok {
				join(i, j) // another file's definition or hidden field
			}
		}
		walkSyntax(f, func(n ast.Node) bool {
			id, isIdent := n.(*ast.Ident)
			if why != "" || !isIdent || id.Node == nil || unresolved[id] {
				return why == ""
			}
			if _, top := id.Scope.(*ast.File); !top {
				return true
			}
			switch id.Node.(type) {
			case *ast.ImportSpec, *ast.LetClause:
				return true
			}
			// A top-level name: the unit's definitions and hidden fields
			// are the same in the whole package; a section is not.
			if !own[i][id.Name] {
				why = f.Filename + " refers to the section " + id.Name
			}
			return why == ""
		})
		if why != "" {
			return nil, why
		}
	}
	index := map[int]int{} // root -> index in out
	for i, f := range files {
		r := find(i)
		k, ok := index[r]
		if !ok {
			k = len(out)
			index[r] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], f)
	}
	return out, ""
}

// walkSyntax is ast.Walk(n, before, nil), less its comments, with the
// nodes of plain data walked directly: ast.Walk's visitor over every file
// was 4 % of validate's CPU.
func walkSyntax(n ast.Node, before func(ast.Node) bool) {
	switch x := n.(type) {
	case *ast.File:
		if before(x) {
			for _, d := range x.Decls {
				walkSyntax(d, before)
			}
		}
	case *ast.Field:
		if x.Alias != nil || x.Value == nil || len(x.Attrs) > 0 {
			ast.Walk(x, before, nil)
			return
		}
		if before(x) {
			walkSyntax(x.Label, before)
			walkSyntax(x.Value, before)
		}
	case *ast.StructLit:
		if before(x) {
			for _, e := range x.Elts {
				walkSyntax(e, before)
			}
		}
	case *ast.ListLit:
		if before(x) {
			for _, e := range x.Elts {
				walkSyntax(e, before)
			}
		}
	case *ast.BasicLit:
		before(x)
	case *ast.Ident:
		before(x)
	default:
		ast.Walk(n, before, nil)
	}
}

// batchUnits joins consecutive units until each holds at least size bytes
// of source (the last one may hold less). Units are independent, so any
// union of them is a unit too.
func batchUnits(groups [][]*ast.File, size int) [][]*ast.File {
	var out [][]*ast.File
	var cur []*ast.File
	n := 0
	for _, g := range groups {
		cur = append(cur, g...)
		for _, f := range g {
			if tf := f.Pos().File(); tf != nil {
				n += tf.Size()
			}
		}
		if n >= size {
			out, cur, n = append(out, cur), nil, 0
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// evalUnit evaluates the files of one unit with the schema and decodes
// their entities. It reports false when the result may differ from the
// whole package's: an error of the package as a whole, or a diagnostic
// outside the unit's own entities.
//
// Each unit gets a CUE context of its own: a context keeps every instance
// built in it (notes/stack.md 1.4), so with the load's one context the
// units' evaluations stayed alive to the end of the load. validate of the
// 1,202-card tree (one-shot units of 32 KiB, 8 rounds interleaved, load
// 20): peak RSS 114 → 73 MiB, CPU 610 → 560 ms.
func (l *loader) evalUnit(schemaFiles, files []*ast.File) (*unitResult, bool) {
	sub := &loader{opt: l.opt, ctx: cuecontext.New(), cueDecode: l.cueDecode, shared: &sharedState{}, cat: &wbcatalog.Catalog{}, filePositions: l.filePositions}
	sub.files = files
	names := map[string]bool{}
	for _, f := range files {
		sub.indexPositions(f)
		names[f.Filename] = true
	}
	sub.full = sub.buildPackage(append(slices.Clip(schemaFiles), files...))
	if _, err := sub.full.Fields(); err != nil || len(sub.errs) > 0 {
		return nil, false
	}
	entities := sub.decodeEntities()
	if len(sub.errs) > 0 {
		return nil, false // an error of a whole section
	}
	for _, e := range entities {
		prefix := collections[e.coll].name + "." + quoteLabel(e.id)
		if collections[e.coll].single() {
			prefix = collections[e.coll].name
		}
		for _, d := range e.errs {
			if d.Path != prefix && !strings.HasPrefix(d.Path, prefix+".") && !strings.HasPrefix(d.Path, prefix+"[") {
				return nil, false
			}
			if d.Pos.File != "" && !names[d.Pos.File] {
				return nil, false
			}
		}
	}
	return &unitResult{entities: entities}, true
}

// cachedUnit is the result c keeps for the unit of key, marked used, or
// nil.
func cachedUnit(c *schema.Cache, key string) *unitResult {
	v, _ := c.Unit(key)
	r, _ := v.(*unitResult)
	return r
}

// evalFiles evaluates each unit of files on its own, or takes its result
// from the cache, and joins the results in the whole package's order. It
// reports false, having changed nothing, when the whole package must be
// evaluated (and why, in l.whyWhole).
//
// A unit of plain-data files is first checked by the fast path (fast.go):
// when it is valid for certain, CUE does not evaluate it. The others are
// evaluated by CUE, in batches of Options.UnitSize.
func (l *loader) evalFiles(schemaFiles, files []*ast.File) bool {
	c := l.opt.Cache
	groups, why := units(schemaFiles, files)
	keyOf := func(g []*ast.File) string {
		h := sha256.New()
		for _, f := range g {
			h.Write([]byte(l.keys[f]))
		}
		return hex.EncodeToString(h.Sum(nil))
	}
	keys := make([]string, len(groups))
	for i, g := range groups {
		keys[i] = keyOf(g)
		c.Keep(keys[i]) // kept even when the whole package is evaluated
	}
	if l.whyWhole = why; why != "" {
		return false
	}
	var fast *fastSchema
	if !l.opt.noFast {
		fast = fastSchemaFor(l.opt.Draft, schemaFiles)
	}
	var all []*decodedEntity
	var pending [][]*ast.File // for CUE
	for i, g := range groups {
		if r := cachedUnit(c, keys[i]); r != nil {
			if r.whole {
				l.whyWhole = g[0].Filename + " does not evaluate on its own as in the whole package"
				return false
			}
			all = append(all, r.entities...)
			continue
		}
		if fast != nil {
			if r, ok := l.fastUnit(fast, g); ok {
				c.PutUnit(keys[i], r)
				c.Fast++
				all = append(all, r.entities...)
				continue
			}
		}
		pending = append(pending, g)
	}
	if l.opt.UnitSize > 0 {
		pending = batchUnits(pending, l.opt.UnitSize)
	}
	for _, g := range pending {
		key := keyOf(g)
		r := cachedUnit(c, key)
		if r == nil {
			var ok bool
			if r, ok = l.evalUnit(schemaFiles, g); !ok {
				r = &unitResult{whole: true}
			}
			c.PutUnit(key, r)
		}
		if r.whole {
			l.whyWhole = g[0].Filename + " does not evaluate on its own as in the whole package"
			return false
		}
		all = append(all, r.entities...)
	}
	slices.SortStableFunc(all, func(a, b *decodedEntity) int {
		switch {
		case a.before(b):
			return -1
		case b.before(a):
			return 1
		}
		return 0
	})
	for _, e := range all {
		l.joinEntity(e)
	}
	return true
}

// fastUnit checks and decodes a unit of plain-data files on the fast path.
// It reports false when any of its files is not plain data or not valid
// for certain, or when decoding finds any problem: CUE then evaluates the
// unit, and its diagnostics are the ones reported.
func (l *loader) fastUnit(fast *fastSchema, files []*ast.File) (*unitResult, bool) {
	var tasks []*decodeTask
	for _, f := range files {
		ents, ok := fast.file(f)
		if !ok {
			return nil, false
		}
		for _, e := range ents {
			tasks = append(tasks, &decodeTask{c: e.coll, id: e.id, e: entity{raw: e.raw}})
		}
	}
	slices.SortStableFunc(tasks, func(a, b *decodeTask) int {
		if a.c != b.c {
			return a.c - b.c
		}
		return strings.Compare(a.id, b.id)
	})
	sub := &loader{opt: l.opt, ctx: l.ctx, fast: true, shared: &sharedState{}, cat: &wbcatalog.Catalog{}, filePositions: l.filePositions}
	sub.files = files
	for _, f := range files {
		sub.indexPositions(f)
	}
	entities := sub.decodeTasks(tasks)
	for _, e := range entities {
		if len(e.errs) > 0 {
			return nil, false
		}
	}
	return &unitResult{entities: entities}, true
}
