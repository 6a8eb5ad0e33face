package schema

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"io/fs"
	"runtime/debug"
	"slices"
	"sync"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/diag"
)

// Cache keeps what a game's loader evaluated of each content file between
// loads (watch and serve keep one for the life of the session): the parsed
// files, the results of its evaluation units, its parsed schema and the
// images it decoded. Each entry is keyed by what it depends on (the
// loader's own key: CacheKey names this wbtool's build), so a stale entry
// is never used. Entries that a load did not use are dropped at its end:
// the cache holds one tree's worth of results. A Cache is safe for use by
// one load at a time (Begin, End); every game's loader uses the same one.
type Cache struct {
	mu      sync.Mutex
	entries map[string]any
	used    map[string]bool
	// files are the parsed files, by file key.
	files     map[string]*parsedFile
	usedFiles map[string]bool
	// schema is the parsed schema, by the loader's key (draft mode).
	schema map[string][]*ast.File
	// decoded are the decoded files (images), by the hash of the file's
	// bytes (a loader decodes them in parallel: decMu guards it).
	decMu       sync.Mutex
	decoded     map[[32]byte]*decodedFile
	usedDecoded map[[32]byte]bool
	// Evaluated counts the units evaluated (cache misses) by the last load
	// that used the cache; Reused the units taken from it; Fast the units
	// of those evaluated that a plain-data fast path checked.
	Evaluated, Reused, Fast int
	// Whole says whether the last load had to evaluate the whole package.
	Whole bool
	why   string // why it had to
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{entries: map[string]any{}, files: map[string]*parsedFile{}, decoded: map[[32]byte]*decodedFile{},
		schema: map[string][]*ast.File{}}
}

// decodedFile is a file decoded once, or why it cannot be.
type decodedFile struct {
	once sync.Once
	v    any
}

// Decoded is decode(src), done once per file's bytes for the life of the
// cache (a decoded image is the same whatever file or card names it). A
// cache serves one decoder (a game's art images); it is safe for
// concurrent use during a load.
func (c *Cache) Decoded(src []byte, decode func([]byte) any) any {
	key := sha256.Sum256(src)
	c.decMu.Lock()
	r := c.decoded[key]
	if r == nil {
		r = &decodedFile{}
		c.decoded[key] = r
	}
	c.usedDecoded[key] = true
	c.decMu.Unlock()
	r.once.Do(func() { r.v = decode(src) })
	return r.v
}

// DecodedCount is the number of decoded files the cache holds.
func (c *Cache) DecodedCount() int { return len(c.decoded) }

// SchemaFiles is the game's schema parsed once for the cache's life, by
// key (e.g. the draft mode): parse is called the first time. Only the
// schema's declarations are read outside an evaluation, which resolves
// them afresh.
func (c *Cache) SchemaFiles(key string, parse func() ([]*ast.File, error)) ([]*ast.File, error) {
	if c.schema[key] == nil {
		files, err := parse()
		if err != nil {
			return nil, err
		}
		c.schema[key] = files
	}
	return c.schema[key], nil
}

// parsedFile is what a Cache keeps of a content file that parsed with no
// problem: its syntax and the positions of its fields.
//
// Evaluating a package changes its files' syntax in place: each file's
// references to another file's declarations are resolved (ast.Ident.Node
// and Scope set) and dropped from ast.File.Unresolved. A loader's units
// read those, so syntax restores them as the parser left them: the
// unresolved identifiers of the parse, unresolved again.
type parsedFile struct {
	positions  map[string]diag.Pos
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

// ParsedFiles are the parsed files the cache holds, by key, as their
// loader left them (to see that a load parsed no file again).
func (c *Cache) ParsedFiles() map[string]*ast.File {
	files := make(map[string]*ast.File, len(c.files))
	for k, p := range c.files {
		files[k] = p.file
	}
	return files
}

func (c *Cache) start() {
	c.mu.Lock()
	c.used, c.usedFiles, c.usedDecoded = map[string]bool{}, map[string]bool{}, map[[32]byte]bool{}
	c.Evaluated, c.Reused, c.Fast, c.Whole, c.why = 0, 0, 0, false, ""
}

// keep marks the entry of key, if any, as used by this load.
func (c *Cache) keep(key string) {
	if _, ok := c.entries[key]; ok {
		c.used[key] = true
	}
}

func (c *Cache) get(key string) (any, bool) {
	r, ok := c.entries[key]
	if ok {
		c.Reused++
	}
	return r, ok
}

func (c *Cache) put(key string, r any) {
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
	for k := range c.decoded {
		if !c.usedDecoded[k] {
			delete(c.decoded, k)
		}
	}
	c.used, c.usedFiles, c.usedDecoded = nil, nil, nil
	c.mu.Unlock()
}

// BuildID identifies this wbtool build: a cache entry made by another
// build is never used.
var BuildID = sync.OnceValue(func() string {
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

// PlainLabel is the name of a field with a plain label: an identifier or
// a quoted string, no alias, no `?` or `!`.
func PlainLabel(f *ast.Field) (string, bool) {
	if f.Alias != nil || f.Constraint != token.ILLEGAL {
		return "", false
	}
	if _, alias := f.Label.(*ast.Alias); alias {
		return "", false
	}
	name, _, err := ast.LabelName(f.Label)
	return name, err == nil
}

// Every game's loader keeps its parsed files and its evaluation units'
// results here, under keys that name the game (CacheKey), with the same
// life cycle: Begin before a load, End after it drops what the load did
// not use.

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
func NewSyntax(f *ast.File, positions map[string]diag.Pos) Syntax {
	return Syntax{&parsedFile{positions: positions, file: f, unresolved: slices.Clone(f.Unresolved)}}
}

// File is the syntax as the parser left it.
func (s Syntax) File() *ast.File { return s.p.syntax() }

// Positions are the positions the loader recorded for the file.
func (s Syntax) Positions() map[string]diag.Pos { return s.p.positions }

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
	return c.get(key)
}

// Keep marks the unit of key, if kept, as used by this load.
func (c *Cache) Keep(key string) { c.keep(key) }

// PutUnit keeps the result of an evaluation unit (counted in Evaluated).
func (c *Cache) PutUnit(key string, v any) { c.put(key, v) }

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
	for _, p := range append([][]byte{[]byte(BuildID())}, parts...) {
		h.Write(binary.AppendUvarint(nil, uint64(len(p)))) // no two part lists hash alike
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}
