package schema

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"io/fs"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
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

// Cache keeps the evaluation of each content file between loads (watch and
// serve keep one for the life of the session). A file's entry is keyed by
// its name, its text, the schema (and draft mode) and this wbtool's build,
// so a stale entry is never used. Entries that a load did not use are
// dropped at its end: the cache holds one tree's worth of results. A Cache
// is safe for use by one load at a time.
type Cache struct {
	mu      sync.Mutex
	entries map[string]*fileResult
	used    map[string]bool
	// files are the parsed files, by file key.
	files     map[string]*parsedFile
	usedFiles map[string]bool
	// schema is the parsed schema, by draft mode.
	schema map[bool][]*ast.File
	// art are the checked art images, by the hash of the file's bytes
	// (readArt decodes the images in parallel: artMu guards it).
	artMu   sync.Mutex
	art     map[[32]byte]*artResult
	usedArt map[[32]byte]bool
	// Evaluated counts the files evaluated (cache misses) by the last load
	// that used the cache; Reused the files taken from it; Fast the units
	// of those evaluated that the plain-data fast path checked (fast.go).
	Evaluated, Reused, Fast int
	// Whole says whether the last load had to evaluate the whole package.
	Whole bool
	why   string // why it had to (for tests)
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{entries: map[string]*fileResult{}, files: map[string]*parsedFile{}, art: map[[32]byte]*artResult{},
		schema: map[bool][]*ast.File{}}
}

// artResult is an art image checked and decoded, or why it cannot be.
type artResult struct {
	once sync.Once
	file artFile
	err  string
}

// decodedArt is decodeArt(src), done once per image for the life of the
// cache: a decoded image is the same whatever file or card names it.
func (c *Cache) decodedArt(src []byte) (artFile, string) {
	key := sha256.Sum256(src)
	c.artMu.Lock()
	r := c.art[key]
	if r == nil {
		r = &artResult{}
		c.art[key] = r
	}
	c.usedArt[key] = true
	c.artMu.Unlock()
	r.once.Do(func() { r.file, r.err = decodeArt(src) })
	return r.file, r.err
}

// parsedFile is what a Cache keeps of a content file that parsed with no
// problem: its syntax and the positions of its fields.
//
// Evaluating a package changes its files' syntax in place: each file's
// references to another file's declarations are resolved (ast.Ident.Node
// and Scope set) and dropped from ast.File.Unresolved. units reads those,
// so syntax restores them as the parser left them: the unresolved
// identifiers of the parse, unresolved again.
type parsedFile struct {
	positions  map[string]wbcatalog.Pos
	file       *ast.File
	unresolved []*ast.Ident // file.Unresolved after the parse
}

// syntax is the file's syntax as the parser left it.
func (p *parsedFile) syntax() *ast.File {
	for _, id := range p.unresolved {
		id.Node, id.Scope = nil, nil
	}
	p.file.Unresolved = slices.Clone(p.unresolved)
	return p.file
}

func (c *Cache) parsed(key string) *parsedFile {
	p := c.files[key]
	if p != nil {
		c.usedFiles[key] = true
	}
	return p
}

func (c *Cache) putParsed(key string, p *parsedFile) {
	c.files[key] = p
	c.usedFiles[key] = true
}

// fileResult is what one evaluation unit (a file, or files that share
// definitions) evaluated to on its own.
type fileResult struct {
	entities []*decodedEntity
	// whole says that the unit cannot be evaluated on its own.
	whole bool
	// game is another game's result for the unit (see Cache.Unit).
	game any
}

func (c *Cache) start() {
	c.mu.Lock()
	c.used, c.usedFiles, c.usedArt = map[string]bool{}, map[string]bool{}, map[[32]byte]bool{}
	c.Evaluated, c.Reused, c.Fast, c.Whole, c.why = 0, 0, 0, false, ""
}

// keep marks the entry of key, if any, as used by this load.
func (c *Cache) keep(key string) {
	if _, ok := c.entries[key]; ok {
		c.used[key] = true
	}
}

func (c *Cache) get(key string) *fileResult {
	r := c.entries[key]
	if r != nil {
		c.Reused++
	}
	return r
}

func (c *Cache) put(key string, r *fileResult) {
	c.entries[key] = r
	c.used[key] = true
	c.Evaluated++
}

// finish drops the entries the load did not use.
func (c *Cache) finish() {
	for k := range c.entries {
		if !c.used[k] {
			delete(c.entries, k)
		}
	}
	for k := range c.files {
		if !c.usedFiles[k] {
			delete(c.files, k)
		}
	}
	for k := range c.art {
		if !c.usedArt[k] {
			delete(c.art, k)
		}
	}
	c.used, c.usedFiles, c.usedArt = nil, nil, nil
	c.mu.Unlock()
}

// buildID identifies this wbtool build: a cache entry made by another
// build is never used.
var buildID = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	id := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
			id += " " + s.Value
		}
	}
	return id
})

// schemaHash is the hash of the embedded schema files.
var schemaHash = sync.OnceValue(func() string { return HashFiles(schemaFS, "cue") })

// HashFiles is the hash of the files of dir in fsys (a game's embedded
// schema, for cache keys).
func HashFiles(fsys fs.FS, dir string) string {
	h := sha256.New()
	entries, _ := fs.ReadDir(fsys, dir)
	for _, e := range entries {
		src, _ := fs.ReadFile(fsys, dir+"/"+e.Name())
		h.Write([]byte(e.Name() + "\x00"))
		h.Write(src)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fileKey is the cache key of a content file's evaluation.
func (l *loader) fileKey(name string, src []byte) string {
	h := sha256.New()
	draft := "final"
	if l.opt.Draft {
		draft = "draft"
	}
	for _, s := range []string{buildID(), schemaHash(), draft, name} {
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
				name, ok := plainLabel(d)
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
						id, ok := plainLabel(e)
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

// PlainLabel is the name of a field with a plain label: an identifier or
// a quoted string, no alias, no `?` or `!`.
func PlainLabel(f *ast.Field) (string, bool) { return plainLabel(f) }

func plainLabel(f *ast.Field) (string, bool) {
	if f.Alias != nil || f.Constraint != token.ILLEGAL {
		return "", false
	}
	if _, alias := f.Label.(*ast.Alias); alias {
		return "", false
	}
	name, _, err := ast.LabelName(f.Label)
	return name, err == nil
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
func (l *loader) evalUnit(schemaFiles, files []*ast.File) (*fileResult, bool) {
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
	return &fileResult{entities: entities}, true
}

// evalFiles evaluates each unit of files on its own, or takes its result
// from the cache, and joins the results in the whole package's order. It
// reports false, having changed nothing, when the whole package must be
// evaluated.
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
		c.keep(keys[i]) // kept even when the whole package is evaluated
	}
	if c.why = why; why != "" {
		return false
	}
	var fast *fastSchema
	if !l.opt.noFast {
		fast = fastSchemaFor(l.opt.Draft, schemaFiles)
	}
	var all []*decodedEntity
	var pending [][]*ast.File // for CUE
	for i, g := range groups {
		if r := c.get(keys[i]); r != nil {
			if r.whole {
				c.why = g[0].Filename + " does not evaluate on its own as in the whole package"
				return false
			}
			all = append(all, r.entities...)
			continue
		}
		if fast != nil {
			if r, ok := l.fastUnit(fast, g); ok {
				c.put(keys[i], r)
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
		c.keep(key)
		r := c.get(key)
		if r == nil {
			var ok bool
			if r, ok = l.evalUnit(schemaFiles, g); !ok {
				r = &fileResult{whole: true}
			}
			c.put(key, r)
		}
		if r.whole {
			c.why = g[0].Filename + " does not evaluate on its own as in the whole package"
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
func (l *loader) fastUnit(fast *fastSchema, files []*ast.File) (*fileResult, bool) {
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
	return &fileResult{entities: entities}, true
}

// The same cache serves other games' loaders (schema/warstuff): each
// keeps its parsed files and its evaluation units' results here, under
// keys that name the game (CacheKey), with the same life cycle: Begin
// before a load, End after it drops what the load did not use.

// Begin starts a load that uses the cache; End must follow. A Cache
// serves one load at a time.
func (c *Cache) Begin() { c.start() }

// End ends the load: entries it did not use are dropped.
func (c *Cache) End() { c.finish() }

// Syntax is a parsed content file that can be evaluated again and again:
// File gives its syntax as the parser left it (an evaluation resolves
// references in place), with the positions its loader recorded.
type Syntax struct{ p *parsedFile }

// NewSyntax keeps f as the parser left it, with its positions.
func NewSyntax(f *ast.File, positions map[string]wbcatalog.Pos) Syntax {
	return Syntax{&parsedFile{positions: positions, file: f, unresolved: slices.Clone(f.Unresolved)}}
}

// File is the syntax as the parser left it.
func (s Syntax) File() *ast.File { return s.p.syntax() }

// Positions are the positions the loader recorded for the file.
func (s Syntax) Positions() map[string]wbcatalog.Pos { return s.p.positions }

// Syntax returns the parsed file an earlier load kept under key.
func (c *Cache) Syntax(key string) (Syntax, bool) {
	p := c.parsed(key)
	return Syntax{p}, p != nil
}

// PutSyntax keeps a parsed file under key for the next loads.
func (c *Cache) PutSyntax(key string, s Syntax) { c.putParsed(key, s.p) }

// Unit returns what an earlier load kept for the evaluation unit of key
// (counted in Reused); Keep marks it used without reading it.
func (c *Cache) Unit(key string) (any, bool) {
	c.keep(key)
	r := c.get(key)
	if r == nil {
		return nil, false
	}
	return r.game, true
}

// Keep marks the unit of key, if kept, as used by this load.
func (c *Cache) Keep(key string) { c.keep(key) }

// PutUnit keeps the result of an evaluation unit (counted in Evaluated).
func (c *Cache) PutUnit(key string, v any) { c.put(key, &fileResult{game: v}) }

// WholePackage records that this load evaluated the package as a whole,
// and why (Cache.Whole, Reason).
func (c *Cache) WholePackage(why string) { c.Whole, c.why = true, why }

// Reason says why the last load evaluated the whole package ("" if it
// did not).
func (c *Cache) Reason() string { return c.why }

// CacheKey is a cache key for a game's loader: the hash of this wbtool
// build and the given parts (name the game, its schema, the options and
// the file in them).
func CacheKey(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range append([][]byte{[]byte(buildID())}, parts...) {
		h.Write(binary.AppendUvarint(nil, uint64(len(p)))) // no two part lists hash alike
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}
