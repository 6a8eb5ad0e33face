// Package wbschema holds the Warbound rules schema, written in CUE and
// embedded in the binary, and the loader that turns a content tree into a
// validated [wbcatalog.Catalog].
//
// It is, with the loader kit (package schema) and the other games' schema
// packages, the only code that imports CUE. Load reads every .cue file of a
// content tree, parses each one on its own (so one broken file does not hide
// the errors of the others), unifies them with the schema, validates every
// entity separately (so one card's conflict does not mask another's missing
// field), decodes the result into plain Go values and then runs the checks
// that CUE cannot express: references, unique ids, action boards, board
// tiles and deck legality (R-DECK). Every problem becomes a [Diagnostic]
// with a file:line:col position and a sentence a designer can act on; Load
// never panics on content.
//
// With a [schema.Cache] (watch and serve), each content file is evaluated against
// the schema on its own and its result kept for the next load, so that a
// save evaluates one file; files that share definitions are evaluated
// together, and content that uses the package as a whole is evaluated as
// a whole, with the same diagnostics either way (perfile.go).
//
// Evaluated file by file (a Cache, or Options.UnitSize), a unit of
// plain-data files (literal values only, which most content files are) is
// first checked by a small validator compiled once from the schema's
// syntax (fast.go): when it is valid for certain, CUE does not evaluate it
// at all; on any error or doubt CUE does, so every diagnostic is CUE's.
package wbschema

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/schema"
)

//go:embed cue/*.cue
var schemaFS embed.FS

// PackageName is the CUE package every content file declares.
const PackageName = "warbound"

// schemaPrefix marks positions inside the embedded schema, which are never
// shown to designers as the place of an error.
const schemaPrefix = "wbtool-schema:"

// Options tune Load.
type Options struct {
	// Root is shown before file names in positions: "content" for the
	// embedded starter content, or the --content folder.
	Root string
	// Draft lets a missing language through: the text gets a placeholder
	// and is listed in Catalog.Draft instead of being an error.
	Draft bool
	// Extra are more content files loaded with the tree, e.g. a deck file
	// or check games given on the command line.
	Extra []schema.File
	// Cache, when set, keeps each file's evaluation for the next load
	// (see Cache): a load evaluates only the files that changed. The
	// result is the same as without it.
	Cache *schema.Cache
	// UnitSize, when positive, evaluates the content in units of
	// independent files (see Cache) of at least UnitSize bytes of source
	// each, one unit after another, rather than as one package, with the
	// same result: the load then holds one unit's evaluation at a time,
	// not the whole tree's (a one-shot load: validate). A unit that cannot
	// stand alone falls back to the whole package, as with a Cache. Without
	// a Cache, Load makes one for itself. OneShotUnitSize is the size a
	// one-shot load uses.
	UnitSize int
	// noFast turns the plain-data fast path (fast.go) off, for the tests
	// that compare both ways.
	noFast bool
}

// OneShotUnitSize is the Options.UnitSize of a one-shot load (the CLI's
// validate, build, check): on the 1,202-card tree of `make gen`, validate's
// peak RSS falls from 125 to 107 MiB (1.56 to 1.34 times cue vet -c) for
// 2 % more CPU; on the starter content from 127 to 109 MiB for no more
// CPU (64 KiB: 117 MiB; one file per unit: 122 MiB, 5 % more CPU).
const OneShotUnitSize = 32 << 10

// Load loads, validates and decodes the content tree fsys. Content problems
// are returned as [Errors], all of them; other errors (unreadable tree) are
// wrapped.
func Load(fsys fs.FS, opt Options) (*wbcatalog.Catalog, error) {
	if opt.UnitSize > 0 && opt.Cache == nil {
		opt.Cache = schema.NewCache()
	}
	if c := opt.Cache; c != nil {
		c.Begin()
		defer c.End()
	}
	cat, err := newLoader(fsys, opt).load()
	if afterLoad != nil {
		afterLoad(fsys, opt, cat, err)
	}
	return cat, err
}

// afterLoad, when set (by the tests), sees every Load's outcome.
var afterLoad func(fsys fs.FS, opt Options, cat *wbcatalog.Catalog, err error)

func newLoader(fsys fs.FS, opt Options) *loader {
	return &loader{fsys: fsys, opt: opt, ctx: cuecontext.New(), declared: map[string][]declaration{}, shared: &sharedState{}}
}

// loader holds the state of one Load. One CUE context per load, shared by
// its forks, keeps memory flat across rebuilds (notes/stack.md 1.4).
type loader struct {
	fsys fs.FS
	opt  Options
	ctx  *cue.Context
	// cueDecode decodes every entity with cue.Value.Decode after
	// validating it field by field, as Load did before the JSON path: the
	// tests compare both.
	cueDecode bool
	// exported says whether decodeAll took its fast path (for tests).
	exported bool
	// fast says the loader decodes what the plain-data fast path checked
	// (fast.go): there is no CUE value behind its entities.
	fast bool

	errs  schema.Errors
	warns schema.Errors // what Catalog.Warnings reports
	// declared maps "collection.id" to the places that declare it.
	declared map[string][]declaration
	// full is the content unified with the schema.
	full  cue.Value
	files []*ast.File
	// shared is the state forks of this loader share (see dataValue).
	shared *sharedState
	// positions map content paths to their place in the files, one map
	// per file in file order (see lookupPos).
	positions []map[string]wbcatalog.Pos
	// filePositions are the files' maps kept by a Cache.
	filePositions map[*ast.File]map[string]wbcatalog.Pos
	// keys are the cache keys of the parsed files (with Options.Cache).
	keys map[*ast.File]string
	// whyWhole says why evalFiles could not evaluate the files unit by
	// unit (with Options.Cache).
	whyWhole string
	cat      *wbcatalog.Catalog
}

// sharedState is built at most once per load, by whichever fork needs it
// first: the content evaluated alone, without the schema.
type sharedState struct {
	dataOnce sync.Once
	data     cue.Value
}

type declaration struct {
	pos wbcatalog.Pos
}

func (l *loader) displayName(rel string) string {
	if l.opt.Root == "" {
		return rel
	}
	return path.Join(l.opt.Root, rel)
}

// warnf records a warning: the content builds, but something of it is
// lost (it ends up in Catalog.Warnings).
func (l *loader) warnf(pos wbcatalog.Pos, p string, format string, args ...any) {
	l.warns = append(l.warns, schema.Diagnostic{Pos: pos, Path: p, Severity: diag.Warning, Msg: fmt.Sprintf(format, args...)})
}

func (l *loader) errorf(pos wbcatalog.Pos, p string, format string, args ...any) {
	l.errs = append(l.errs, schema.Diagnostic{Pos: pos, Path: p, Msg: fmt.Sprintf(format, args...)})
}

func (l *loader) load() (*wbcatalog.Catalog, error) {
	cueFiles, mdFiles, outside, err := schema.ListFiles(l.fsys)
	if err != nil {
		return nil, err
	}
	for _, e := range outside {
		l.errorf(wbcatalog.Pos{File: l.displayName(e.Path)}, "", "%s", schema.OutsideError(e))
	}
	if len(cueFiles) == 0 && len(l.opt.Extra) == 0 {
		l.errorf(wbcatalog.Pos{File: l.displayName(".")}, "", "no .cue files found: expected content files such as cards/characters.cue")
		return nil, l.errs
	}

	schemaFiles, err := l.schemaFiles()
	if err != nil {
		return nil, err
	}

	var files []*ast.File
	for _, p := range cueFiles {
		if f := l.parseFile(p); f != nil {
			files = append(files, f)
		}
	}
	for _, x := range l.opt.Extra {
		if f := l.parseSource(x.Name, x.Src); f != nil {
			files = append(files, f)
		}
	}
	syntaxBroken := len(l.errs) > 0

	// The content and the schema evaluate as one package, as `cue vet`
	// does; the content alone is kept to find designers' positions.
	l.files = files
	for _, f := range files {
		l.indexPositions(f)
	}
	l.cat = &wbcatalog.Catalog{SchemaVersion: wbcatalog.SchemaVersion}
	evaluated := true
	if c := l.opt.Cache; c == nil || !l.evalFiles(schemaFiles, files) {
		if c != nil {
			c.WholePackage(l.whyWhole)
		}
		l.full = l.buildPackage(append(schemaFiles, files...))
		if _, err := l.full.Fields(); err != nil {
			// The package as a whole failed (e.g. an undefined reference
			// at the top level): its errors are all there is to report.
			l.addCUEErrors(l.full.Err())
			evaluated = false
		}
		if evaluated {
			l.decodeAll()
		}
	}
	l.readRules(mdFiles)
	l.cat.Sort()
	l.cat.SetArtReader(ArtFiles(l.fsys))
	if evaluated {
		l.readArt()
	}
	l.checkDuplicates()
	if !syntaxBroken && evaluated {
		// Cross-references only make sense once every file is readable:
		// otherwise they would report cards "missing" that are only in a
		// broken file. Entities that failed validation count as declared.
		l.checkReferences()
		l.checkMarkup()
		l.checkNumbers()
		l.checkNames()
	}
	if len(l.errs) > 0 {
		return nil, schema.OneMistake(l.errs).Sorted()
	}
	l.cat.Warnings = l.warns.Sorted()
	return l.cat, nil
}

// schemaFiles parses the embedded schema (and, in draft mode, the
// placeholders for missing languages).
func (l *loader) schemaFiles() ([]*ast.File, error) {
	if c := l.opt.Cache; c != nil {
		// parsed once for the cache's life: only their declarations are
		// read outside the evaluation, which resolves them afresh
		key := "final"
		if l.opt.Draft {
			key = "draft"
		}
		return c.SchemaFiles(key, l.parseSchemaFiles)
	}
	return l.parseSchemaFiles()
}

func (l *loader) parseSchemaFiles() ([]*ast.File, error) {
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
	return files, nil
}

// buildPackage evaluates files as one CUE package.
func (l *loader) buildPackage(files []*ast.File) cue.Value {
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range files {
		if err := inst.AddSyntax(f); err != nil {
			l.addCUEErrors(err)
		}
	}
	return l.ctx.BuildInstance(inst)
}

// parseFile reads and parses one content file, reporting file-level
// problems; it returns nil when the file cannot be used.
func (l *loader) parseFile(rel string) *ast.File {
	name := l.displayName(rel)
	src, ok := l.readFile(rel, schema.MaxFileSize, "is it really a content file?")
	if !ok {
		return nil
	}
	return l.parseSource(name, src)
}

// readFile reads one file of the tree, at most max bytes (tooLarge says
// what to do about a larger one), and reports why it cannot: a link out of
// the tree, a named pipe or device, a file too large (internal/contentfs
// when the tree is a designer's folder).
func (l *loader) readFile(rel string, max int64, tooLarge string) ([]byte, bool) {
	src, problem := schema.ReadFile(l.fsys, rel, l.displayName(rel), max, tooLarge)
	if problem != nil {
		l.errs = append(l.errs, *problem)
	}
	return src, problem == nil
}

// parseSource checks and parses one content file's text. With a Cache,
// the positions of a file whose name and text did not change since the
// last load are not indexed again. (The syntax itself is parsed at every
// load: evaluating a package resolves, in place, each file's references
// to the other files, so a syntax tree is not reused across loads.)
func (l *loader) parseSource(name string, src []byte) *ast.File {
	c := l.opt.Cache
	if c == nil {
		return l.parse(name, src)
	}
	key := l.fileKey(name, src)
	p, ok := c.Syntax(key)
	var f *ast.File
	if ok {
		// The same text parsed before, with no problem: its syntax, as
		// the parser left it; the declarations are read again.
		f = p.File()
		if !l.checkDeclarations(f) {
			return nil
		}
	} else {
		if f = l.parse(name, src); f == nil {
			return nil
		}
		sub := &loader{}
		sub.indexPositions(f)
		p = schema.NewSyntax(f, sub.positions[0])
		c.PutSyntax(key, p)
	}
	if l.keys == nil {
		l.keys, l.filePositions = map[*ast.File]string{}, map[*ast.File]map[string]wbcatalog.Pos{}
	}
	l.keys[f], l.filePositions[f] = key, p.Positions()
	return f
}

// contentFile is what each content file must be (the schema kit checks it).
var contentFile = schema.ContentFile{Package: PackageName, SchemaPrefix: schemaPrefix}

// parse checks and parses one content file's text.
func (l *loader) parse(name string, src []byte) *ast.File {
	f, errs := contentFile.Parse(name, src)
	l.errs = append(l.errs, errs...)
	if f == nil || !l.checkDeclarations(f) {
		return nil
	}
	return f
}

// position converts a CUE position, or returns the zero Pos for schema and
// unknown positions.
func (l *loader) position(p token.Pos) wbcatalog.Pos {
	if !p.IsValid() || strings.HasPrefix(p.Filename(), schemaPrefix) {
		return wbcatalog.Pos{}
	}
	pp := p.Position() // Line and Column would each look the line up
	return wbcatalog.Pos{File: pp.Filename, Line: pp.Line, Col: pp.Column}
}

// readRules collects the rules Markdown pages: rules/<lang>/*.md.
func (l *loader) readRules(files []string) {
	for _, p := range files {
		lng, _, src, problem := schema.ReadRulesPage(l.fsys, p, l.displayName(p), wbcatalog.Langs)
		if problem != nil {
			l.errs = append(l.errs, *problem)
		}
		if src == nil {
			continue
		}
		l.cat.Rules = append(l.cat.Rules, wbcatalog.RulesPage{Lang: lng, Path: l.displayName(p), Source: l.rulesText(l.displayName(p), src)})
	}
}
