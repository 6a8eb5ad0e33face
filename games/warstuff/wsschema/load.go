// Package wsschema is Warstuff's schema: its rules schema, written in CUE
// and embedded in the binary (cue/*.cue), and the loader that turns a
// Warstuff content tree into a validated [wscatalog.Catalog].
//
// The schema does the profile builder's arithmetic: it computes every
// profile's cost and its parts from the cost tables (WS-BUILD-2) and
// checks them against the limits with messages that show the computed
// cost and its parts. A valid tree takes the fast path (fastcost.go): the
// same arithmetic in Go from the tables CUE evaluated, the full schema the
// reference in tests and the judge of any tree with an error. Bands are checked against their format by the
// catalog's Go code (wscatalog.Catalog.CheckBand), which the site's band builder
// runs too. `cue vet` with the
// same files gives the same verdict. The loader parses each file on its
// own, evaluates content and schema as one package, turns every CUE error
// into a diagnostic at the designer's file:line:col, and decodes the result.
package wsschema

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

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

//go:embed cue/*.cue
var schemaFS embed.FS

// PackageName is the CUE package every Warstuff content file declares.
const PackageName = "warstuff"

const schemaPrefix = "wbtool-warstuff-schema:"

// Options tune Load.
type Options struct {
	// Root is shown before file names in positions.
	Root string
	// Extra are content files outside the tree (check games given on the
	// command line).
	Extra []schema.File
	// Draft lets a missing language through, as Warbound's draft mode
	// does: the text gets a visible placeholder (lang.MissingEN,
	// lang.MissingFR) and is listed in Catalog.Draft.
	Draft bool
	// Cache, when set, keeps each file's syntax and each evaluation unit's
	// result for the next load (see evalUnits): after a save only what
	// the saved file touches is evaluated again. Watch's worker keeps one.
	Cache *schema.Cache
	// TextPositions, when set, is filled with the positions of the
	// texts in each language, keyed by lang.TextKey
	// ("profiles/scout/name/fr"): where a translator edits a text.
	TextPositions map[string]diag.Pos
	// Languages, when set, is set to the languages the content declares
	// (`languages`: en, fr and those in draft; none when it declares
	// none). The catalog leaves them out: the deck checker's WebAssembly
	// compiles its type.
	Languages *[]string
}

// sections are the top-level fields content may declare, with the noun
// messages use for one entry.
var sections = map[string]string{
	"game":      "",
	"limits":    "",
	"version":   "",
	"languages": "",
	"profiles":  "profile",
	"creatures": "creature",
	"hordes":    "horde",
	"bands":     "band",
	"scenarios": "scenario",
	"reminders": "reminder",
	"glossary":  "glossary term",
	"strings":   "interface string",
	"tables":    "table entry",
	"checks":    "check game",
}

func sectionNames() []string {
	var names []string
	for n := range sections {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

type loader struct {
	fsys      fs.FS
	opt       Options
	errs      diag.List
	positions map[string]diag.Pos
	// seen are the diagnostics reported, to report each once.
	seen map[string]bool
	// broken are the entities ("profiles.id") the schema refused.
	broken map[string]bool
	// fileKeys are the cache keys of the content files, by name.
	fileKeys map[string]string
}

// Load loads, validates and decodes the Warstuff content tree fsys.
// Content problems are returned as a [diag.List], all of them; other
// errors (an unreadable tree) are wrapped.
func Load(fsys fs.FS, opt Options) (*wscatalog.Catalog, error) {
	if c := opt.Cache; c != nil {
		c.Begin()
		defer c.End()
	}
	l := &loader{fsys: fsys, opt: opt, positions: map[string]diag.Pos{}, seen: map[string]bool{}, broken: map[string]bool{}}
	return l.load()
}

func (l *loader) errorf(pos diag.Pos, p, format string, args ...any) {
	l.errs = append(l.errs, diag.Errorf(pos, p, format, args...))
}

func (l *loader) displayName(rel string) string {
	if l.opt.Root == "" {
		return rel
	}
	return path.Join(l.opt.Root, rel)
}

func (l *loader) load() (*wscatalog.Catalog, error) {
	cueFiles, mdFiles, outside, err := schema.ListFiles(l.fsys)
	if err != nil {
		return nil, err
	}
	for _, e := range outside {
		l.errorf(diag.Pos{File: l.displayName(e.Path)}, "", "%s", schema.OutsideError(e))
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
	var syntax []schema.Syntax // the content files, with a Cache
	add := func(name string, src []byte) {
		if s, ok := l.parseCached(name, src); ok {
			files = append(files, s.File())
			syntax = append(syntax, s)
		}
	}
	for _, p := range cueFiles {
		src, problem := schema.ReadFile(l.fsys, p, l.displayName(p), schema.MaxFileSize, "is it really a content file?")
		if problem != nil {
			l.errs = append(l.errs, *problem)
			continue
		}
		add(l.displayName(p), src)
	}
	for _, x := range l.opt.Extra {
		add(x.Name, x.Src)
	}
	if len(files) == nSchema && len(l.errs) == 0 {
		l.errorf(diag.Pos{File: l.displayName(".")}, "", "no .cue files found: expected content files such as cards/profiles.cue")
	}
	if len(l.errs) > 0 {
		return nil, l.errs.Sorted()
	}
	for _, x := range syntax { // the first file to name a path places it
		for k, pos := range x.Positions() {
			if _, seen := l.positions[k]; !seen {
				l.positions[k] = pos
			}
		}
	}

	var ev *evaluation
	if l.opt.Cache != nil {
		ev = l.evalUnits(files[:nSchema], syntax)
	}
	if ev == nil {
		ev = l.evalWhole(files, nSchema)
	}
	l.errs = append(l.errs, oneMistake(ev.Errs)...)
	for _, b := range ev.Broken {
		l.broken[b] = true
	}
	if ev.LimitsFailed {
		return nil, l.errs.Sorted()
	}
	if len(l.errs) > 0 {
		// The bands the schema accepted are still checked against their
		// format, so that every problem is reported at once.
		l.checkBands(l.partial(ev.Doc))
		return nil, l.errs.Sorted()
	}
	cat, err := l.decode(ev.Doc)
	if err != nil {
		return nil, err
	}
	if l.opt.TextPositions != nil {
		textPositions(l.positions, l.opt.TextPositions)
	}
	if l.opt.Draft {
		cat.Draft = ev.Drafts
		sortDrafts(cat.Draft)
	}
	cat.Sort()
	l.checkBands(cat)
	l.readPages(cat, mdFiles)
	if len(l.errs) > 0 {
		return nil, l.errs.Sorted()
	}
	cat.Sort()
	cat.Warnings = l.sameNames(cat)
	return cat, nil
}

// sameNames warns at both profiles (or creatures) when two of them share
// a name in one language (issue 36 item 8): players could not tell them
// apart in the profile list, search, the band builder or a band's list.
// An error under --strict.
func (l *loader) sameNames(cat *wscatalog.Catalog) diag.List {
	var out diag.List
	for _, c := range []struct {
		coll     string
		profiles []wscatalog.Profile
	}{{"profiles", cat.Profiles}, {"creatures", cat.Creatures}} {
		items := schema.Named(c.profiles, func(p *wscatalog.Profile) (string, lang.Text) { return p.ID, p.Name })
		out = append(out, schema.SameNameWarnings(items, c.coll, "the profile list, search, the band builder or a band's list", func(id string, lg lang.Lang) (diag.Pos, string) {
			segs := []string{c.coll, id, "name", string(lg)}
			return l.place(segs), strings.Join(segs, ".")
		})...)
	}
	return out.Sorted()
}

// evaluation is what the schema says of the content: its diagnostics,
// the entities it refused ("profiles.id"), the JSON of the values it
// accepted, and in draft mode the texts it filled with a placeholder.
// LimitsFailed: the limits are missing or wrong, and nothing else was
// checked (see checkLimits).
type evaluation struct {
	Errs         diag.List
	Broken       []string
	Doc          rawDoc
	Drafts       []lang.MissingText
	LimitsFailed bool
}

// rawDoc is the content as JSON: each section's entities by id, and the
// other top-level values (limits, tables) by name.
type rawDoc struct {
	Sections map[string]map[string]json.RawMessage
	Top      map[string]json.RawMessage
}

// evalWhole evaluates the content and the schema as one package, as `cue
// vet` does.
//
// The first nSchema files are the schema's: with the fast path
// (fastcost.go) the package is evaluated with the lean schema first, and
// again with the full schema unless everything was valid.
func (l *loader) evalWhole(files []*ast.File, nSchema int) *evaluation {
	if c := l.opt.Cache; c != nil && !c.Whole {
		c.WholePackage("the loader was not given units")
	}
	if lean := leanFiles(files, nSchema, l.opt.Draft); lean != nil {
		if ev := l.evalLean(lean); ev != nil {
			return ev
		}
	}
	fullLoads.Add(1)
	sub := l.fork()
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range files {
		if err := inst.AddSyntax(f); err != nil {
			sub.cueErrors(err)
		}
	}
	v := cuecontext.New().BuildInstance(inst)
	ev := &evaluation{}
	if !sub.checkLimits(v) {
		ev.LimitsFailed = true
		return sub.result(ev)
	}
	sub.validate(v, nil)
	if len(sub.errs) > 0 {
		ev.Doc = sub.accepted(v, []string{"profiles", "bands"}, nil, []string{"limits"})
		return sub.result(ev)
	}
	raw, err := v.MarshalJSON()
	if err == nil {
		ev.Doc, err = splitDoc(raw)
	}
	if err != nil {
		sub.errorf(diag.Pos{File: l.displayName(".")}, "", "cannot decode the content: %v", err)
		return sub.result(ev)
	}
	if l.opt.Draft {
		ev.Drafts = sub.drafts(v, nil)
	}
	return sub.result(ev)
}

// evalLean evaluates files with the lean schema and computes the
// profiles' costs in Go; nil unless the content is valid throughout.
func (l *loader) evalLean(files []*ast.File) *evaluation {
	sub := l.fork()
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range files {
		if err := inst.AddSyntax(f); err != nil {
			return nil
		}
	}
	v := cuecontext.New().BuildInstance(inst)
	if !sub.checkLimits(v) || len(sub.errs) > 0 {
		return nil
	}
	sub.validate(v, nil)
	if len(sub.errs) > 0 || len(sub.broken) > 0 {
		return nil
	}
	raw, err := v.MarshalJSON()
	if err != nil {
		return nil
	}
	doc, err := splitDoc(raw)
	if err != nil || !fastCosts(doc, func(path string) bool { _, ok := l.positions[path]; return ok }) {
		return nil
	}
	ev := &evaluation{Doc: doc}
	if l.opt.Draft {
		if ev.Drafts = sub.drafts(v, nil); !leanDrafts(ev.Drafts) {
			return nil
		}
	}
	fastLoads.Add(1)
	return sub.result(ev)
}

// fork is a loader for one evaluation: the same options and positions,
// its own diagnostics.
func (l *loader) fork() *loader {
	return &loader{fsys: l.fsys, opt: l.opt, positions: l.positions, seen: map[string]bool{}, broken: map[string]bool{}}
}

// result fills ev with the fork's diagnostics and refused entities.
func (l *loader) result(ev *evaluation) *evaluation {
	ev.Errs = l.errs
	for b := range l.broken {
		ev.Broken = append(ev.Broken, b)
	}
	sort.Strings(ev.Broken)
	return ev
}

// splitDoc splits the content's JSON into sections and top-level values.
func splitDoc(raw []byte) (rawDoc, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return rawDoc{}, err
	}
	doc := rawDoc{Sections: map[string]map[string]json.RawMessage{}, Top: map[string]json.RawMessage{}}
	for name, v := range top {
		if isEntitySection(name) {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(v, &m); err != nil {
				return rawDoc{}, err
			}
			doc.Sections[name] = m
		} else {
			doc.Top[name] = v
		}
	}
	return doc, nil
}

// isEntitySection says whether a top-level field is a section of
// entities keyed by id (profiles, bands, …), not one value (game,
// limits, tables).
func isEntitySection(name string) bool { return sections[name] != "" && name != "tables" }

// checkLimits reports whether the content declares complete limits
// (WS-BUILD-3, WS-BUILD-58, WS-BIG-1). Every profile's cost is checked
// against them: without them each profile would fail too, so a load stops
// at their errors.
func (l *loader) checkLimits(v cue.Value) bool {
	if _, ok := l.positions["limits"]; !ok {
		pos := l.place([]string{"game"})
		if pos.File == "" {
			pos = diag.Pos{File: l.displayName("game.cue"), Line: 1, Col: 1}
		}
		l.errorf(pos, "limits", "no `limits`: declare the game's limits next to `game`: limits: {figure: {min: 1, max: 25}, figuresPercent: 30, standard: 50, bigMax: 100} (WS-BUILD-3, WS-BUILD-58, WS-BIG-1)")
		return false
	}
	// the fields the content leaves out, at the struct that lacks them;
	// each other value on its own (CUE may stop at one field's error),
	// unless a field next to it is missing (a bound may name it)
	ok := true
	var walk func(v cue.Value, at []string)
	walk = func(v cue.Value, at []string) {
		type field struct {
			path []string
			v    cue.Value
		}
		var fields []field
		it, err := v.Fields(cue.Optional(true))
		for err == nil && it.Next() {
			fields = append(fields, field{append(at[:len(at):len(at)], it.Selector().Unquoted()), it.Value()})
		}
		l.cueErrors(err)
		complete := err == nil
		for _, f := range fields {
			if _, declared := l.positions[strings.Join(f.path, ".")]; !declared {
				l.errorf(l.place(at), strings.Join(f.path, "."), "missing field %q: add it", f.path[len(f.path)-1])
				complete = false
			}
		}
		ok = ok && complete
		for _, f := range fields {
			if _, declared := l.positions[strings.Join(f.path, ".")]; !declared {
				continue
			}
			if _, err := f.v.Fields(); err == nil { // a struct, even one with an error
				walk(f.v, f.path)
			} else if complete {
				err := f.v.Validate(cue.Concrete(true), cue.All())
				l.cueErrors(err)
				ok = ok && err == nil
			}
		}
	}
	walk(v.LookupPath(cue.MakePath(cue.Str("limits"))), []string{"limits"})
	return ok
}

// validate reports the errors of every entity on its own: CUE reports one
// error of a struct and hides its siblings' (a missing name next to a
// wrong rule), so each profile, band, … is validated separately.
//
// With own (an evaluation unit's), only the entities own accepts are
// validated, and the top-level values (game, limits, tables, the schema's
// hidden checks) only if own accepts ("", "").
func (l *loader) validate(v cue.Value, own func(section, id string) bool) {
	opts := []cue.Option{cue.Concrete(true), cue.All(), cue.Hidden(true), cue.Definitions(false)}
	it, err := v.Fields(cue.Hidden(true))
	if err != nil {
		l.cueErrors(err)
		return
	}
	for it.Next() {
		sec := it.Value()
		if !isEntitySection(it.Selector().String()) {
			if own == nil || own("", "") {
				l.cueErrors(sec.Validate(opts...))
			}
			continue
		}
		entities, err := sec.Fields()
		if err != nil {
			l.cueErrors(err)
			continue
		}
		var schemaOf *schema.Entities // made at the section's first error
		for entities.Next() {
			if own != nil && !own(it.Selector().String(), entities.Selector().Unquoted()) {
				continue
			}
			err := entities.Value().Validate(opts...)
			l.cueErrors(err)
			if err == nil {
				continue
			}
			section, id := it.Selector().String(), entities.Selector().Unquoted()
			l.broken[section+"."+id] = true
			// CUE may stop at one field's error: look at each field too,
			// and at the fields the schema does not allow (an error of
			// the entity, which CUE may not reach).
			if schemaOf == nil {
				schemaOf = schema.EntitiesOf(sec)
			}
			for _, name := range schemaOf.Unknown(entities.Value()) {
				l.report([]string{section, id, name}, diag.Pos{}, "field not allowed")
			}
			fields, ferr := entities.Value().Fields(cue.Hidden(true))
			for ferr == nil && fields.Next() {
				l.cueErrors(fields.Value().Validate(opts...))
			}
		}
	}
}

// checkBands tallies every band of cat and reports its problems with
// the catalog's band rules (wscatalog.Catalog.CheckBand, the band builder's
// code), at the band. Bands the schema refused, or naming a profile it
// refused, are left out: their own errors are reported.
func (l *loader) checkBands(cat *wscatalog.Catalog) {
	for i := range cat.Bands {
		b := &cat.Bands[i]
		if l.broken["bands."+b.ID] || slices.ContainsFunc(b.Figures, func(f wscatalog.BandEntry) bool { return l.broken["profiles."+f.Profile] }) {
			continue
		}
		for _, pr := range cat.CheckBand(b) {
			at := []string{"bands", b.ID, pr.Field}
			if pr.Entry > 0 { // at the entry's profile, where the designer edits
				at = []string{"bands", b.ID, "figures", strconv.Itoa(pr.Entry - 1), "profile"}
			}
			l.errorf(l.place(at), strings.Join(at, "."), "%s", pr)
		}
	}
}

// partial decodes the profiles and bands the schema accepted, with the
// limits, for checkBands when other entities have errors.
func (l *loader) partial(doc rawDoc) *wscatalog.Catalog {
	cat := &wscatalog.Catalog{}
	_ = json.Unmarshal(doc.Top["limits"], &cat.Limits)
	cat.Profiles = accepted(l, doc, "profiles", func(p *wscatalog.Profile, id string) { p.ID = id })
	cat.Bands = accepted(l, doc, "bands", func(b *wscatalog.Band, id string) { b.ID = id })
	cat.Sort()
	return cat
}

// accepted decodes the entities of section the schema accepted; one it
// cannot decode is marked broken.
func accepted[T any](l *loader, doc rawDoc, section string, setID func(*T, string)) []T {
	var out []T
	for id, raw := range doc.Sections[section] {
		if l.broken[section+"."+id] {
			continue
		}
		var e T
		if err := json.Unmarshal(raw, &e); err != nil {
			l.broken[section+"."+id] = true
			continue
		}
		setID(&e, id)
		out = append(out, e)
	}
	return out
}

// accepted is the JSON of the entities of the given sections that own
// accepts (nil: all) and the schema did not refuse, each encoded on its
// own, and of the named top-level values; one that cannot be encoded is
// marked broken.
func (l *loader) accepted(v cue.Value, secs []string, own func(section, id string) bool, top []string) rawDoc {
	doc := rawDoc{Sections: map[string]map[string]json.RawMessage{}, Top: map[string]json.RawMessage{}}
	for _, sec := range secs {
		it, err := v.LookupPath(cue.MakePath(cue.Str(sec))).Fields()
		for err == nil && it.Next() {
			id := it.Selector().Unquoted()
			if l.broken[sec+"."+id] || (own != nil && !own(sec, id)) {
				continue
			}
			raw, err := it.Value().MarshalJSON()
			if err != nil {
				l.broken[sec+"."+id] = true
				continue
			}
			if doc.Sections[sec] == nil {
				doc.Sections[sec] = map[string]json.RawMessage{}
			}
			doc.Sections[sec][id] = raw
		}
	}
	for _, name := range top {
		if raw, err := v.LookupPath(cue.MakePath(cue.Str(name))).MarshalJSON(); err == nil {
			doc.Top[name] = raw
		}
	}
	return doc
}

// parse checks and parses one content file (schema.ContentFile), its
// sections included.
func (l *loader) parse(name string, src []byte) *ast.File {
	f, errs := contentFile.Parse(name, src)
	if f != nil {
		errs = contentFile.Sections(f, sectionNames())
	}
	l.errs = append(l.errs, errs...)
	if len(errs) > 0 {
		return nil
	}
	return f
}

// contentFile is what each content file must be (the schema kit checks it).
var contentFile = schema.ContentFile{Package: PackageName, SchemaPrefix: schemaPrefix,
	Tree: `this is a Warstuff tree: its game.cue says game: "warstuff"`}

// position is a CUE position as a designer's file:line:col.
var position = contentFile.Position

// parseCached parses one content file (see parse), or takes it from the
// cache, with the positions of its fields.
func (l *loader) parseCached(name string, src []byte) (schema.Syntax, bool) {
	c := l.opt.Cache
	var key string
	if c != nil {
		key = schema.CacheKey([]byte("warstuff file"), []byte(name), src)
		if l.fileKeys == nil {
			l.fileKeys = map[string]string{}
		}
		l.fileKeys[name] = key
		if s, ok := c.Syntax(key); ok {
			return s, true
		}
	}
	f := l.parse(name, src)
	if f == nil {
		return schema.Syntax{}, false
	}
	s := schema.NewSyntax(f, index(f))
	if c != nil {
		c.PutSyntax(key, s)
	}
	return s, true
}

// index is the position of every field of a content file by path.
func index(f *ast.File) map[string]diag.Pos {
	l := &loader{positions: map[string]diag.Pos{}}
	var walk func(x ast.Expr, at []string)
	field := func(fl *ast.Field, at []string) {
		name, _, err := ast.LabelName(fl.Label)
		if err != nil {
			return
		}
		p := append(at[:len(at):len(at)], name)
		if _, seen := l.positions[strings.Join(p, ".")]; !seen {
			l.positions[strings.Join(p, ".")] = position(fl.Label.Pos())
		}
		walk(fl.Value, p)
	}
	walk = func(x ast.Expr, at []string) {
		switch x := x.(type) {
		case *ast.StructLit:
			for _, e := range x.Elts {
				if fl, ok := e.(*ast.Field); ok {
					field(fl, at)
				}
			}
		case *ast.ListLit:
			for i, e := range x.Elts {
				p := append(at[:len(at):len(at)], strconv.Itoa(i))
				if _, seen := l.positions[strings.Join(p, ".")]; !seen {
					l.positions[strings.Join(p, ".")] = position(e.Pos())
				}
				walk(e, p)
			}
		}
	}
	for _, d := range f.Decls {
		if fl, ok := d.(*ast.Field); ok {
			field(fl, nil)
		}
	}
	return l.positions
}

// place is the position of the deepest content value on path.
func (l *loader) place(segs []string) diag.Pos {
	for n := len(segs); n > 0; n-- {
		if pos, ok := l.positions[strings.Join(segs[:n], ".")]; ok && pos.File != "" {
			return pos
		}
	}
	return diag.Pos{}
}

// cueErrors turns CUE errors into diagnostics: a computed limit's message
// (the schema's error() texts) as it is, at the entity it is about; the
// alternatives of a failed disjunction folded into one message.
func (l *loader) cueErrors(err error) {
	if err == nil {
		return
	}
	list := errors.Errors(err)
	// The alternatives of a failed disjunction, by path: one message. CUE
	// names each alternative against the value found, in either order:
	// the value found is the one every pair has.
	pairs := map[string][][2]string{}
	for _, e := range list {
		format, args := e.Msg()
		if strings.HasPrefix(format, "conflicting values %s and %s") && len(args) >= 2 {
			p := strings.Join(e.Path(), ".")
			pairs[p] = append(pairs[p], [2]string{fmt.Sprint(args[0]), fmt.Sprint(args[1])})
		}
	}
	alternatives := map[string][]string{}
	found := map[string]string{}
	for p, ps := range pairs {
		count := map[string]int{}
		for _, pair := range ps {
			count[pair[0]]++
			count[pair[1]]++
		}
		for v, n := range count {
			if n == len(ps) && (found[p] == "" || v < found[p]) {
				found[p] = v
			}
		}
		for _, pair := range ps {
			if pair[0] == found[p] {
				alternatives[p] = append(alternatives[p], pair[1])
			} else {
				alternatives[p] = append(alternatives[p], pair[0])
			}
		}
	}
	for _, e := range list {
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		cascade := strings.HasPrefix(format, "error in call to") || format == "invalid interpolation" || strings.Contains(msg, "(:"+PackageName+")")
		if strings.Contains(format, "errors in empty disjunction") || (cascade && len(list) > 1) {
			continue
		}
		var cause []string
		if cascade {
			// A builtin of the schema (list.Sum, list.Concat) failed on
			// a value of the entity: the designer's field, not the call.
			msg, cause = builtinCause(e.Error())
		}
		if alts := alternatives[strings.Join(e.Path(), ".")]; len(alts) > 1 && strings.HasPrefix(format, "conflicting values %s and %s") {
			msg = oneOf("found ", found[strings.Join(e.Path(), ".")], alts)
		}
		var segs []string
		path := e.Path()
		if len(path) == 2 && path[0] == "_reminders" {
			// The schema's check that every rule has a reminder: at the
			// reminder, or at the rule the content added to the tables.
			segs, path = l.ruleAt(strings.Trim(path[1], `"`)), nil
		}
		for i, s := range path {
			s = strings.Trim(s, `"`)
			if s == "_at" && i+1 < len(path) {
				// A check of the schema that names the place it is about:
				// _at: "rules.0": error(…).
				segs = append(segs, strings.Split(strings.Trim(path[i+1], `"`), ".")...)
				break
			}
			if strings.HasPrefix(s, "_") {
				break // a hidden check of the schema: report it at its entity
			}
			segs = append(segs, s)
		}
		segs = append(segs, cause...)
		if len(segs) > 0 && strings.HasPrefix(segs[0], "#") {
			continue // the schema's own definitions: reported where used
		}
		pos := diag.Pos{}
		for _, p := range e.InputPositions() {
			if pos = position(p); pos.File != "" {
				break
			}
		}
		if pos.File == "" {
			pos = position(e.Position())
		}
		l.report(segs, pos, msg)
	}
}

// report records CUE's message msg about the content at segs (pos: where
// CUE places it, when it does), in the designer's words, once.
func (l *loader) report(segs []string, pos diag.Pos, msg string) {
	if at := l.place(segs); at.File != "" && (pos.File == "" || len(segs) > 0) {
		pos = at
	}
	if pos.File == "" {
		pos = diag.Pos{File: l.displayName(".")}
	}
	p := strings.Join(segs, ".")
	msg = withHint(describe(segs, msg))
	key := pos.String() + p + msg
	if l.seen[key] {
		return
	}
	l.seen[key] = true
	l.errorf(pos, p, "%s", msg)
}

// ruleAt is the content path that declares rule id: its reminder, or
// its entry in a table.
func (l *loader) ruleAt(id string) []string {
	if _, ok := l.positions["reminders."+id]; ok {
		return []string{"reminders", id}
	}
	for _, t := range []string{"attack", "power", "general", "creature"} {
		if _, ok := l.positions["tables."+t+"."+id]; ok {
			return []string{"tables", t, id}
		}
	}
	return nil
}

// oneOf says what was found and what was expected instead, with the
// closest expected value as a hint.
func oneOf(what, found string, alts []string) string {
	slices.Sort(alts)
	alts = slices.Compact(alts)
	hint := ""
	if _, err := strconv.ParseFloat(found, 64); err == nil {
		// a number: no spelling to suggest
	} else if s := suggest.Closest(strings.Trim(found, `"`), trimAll(alts)); s != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", s)
	}
	return fmt.Sprintf("%s%s%s: expected one of %s", what, found, hint, strings.Join(alts, ", "))
}

func trimAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strings.Trim(x, `"`)
	}
	return out
}

// withHint adds "did you mean" to the schema's "unknown … "x": expected
// one of a, b, c" messages.
func withHint(msg string) string {
	head, ids, ok := strings.Cut(msg, ": expected one of ")
	if !ok || !strings.HasPrefix(head, "unknown ") || !strings.HasSuffix(head, `"`) {
		return msg
	}
	q := strings.LastIndex(head[:len(head)-1], `"`)
	if q < 0 {
		return msg
	}
	if s := suggest.Closest(head[q+1:len(head)-1], strings.Split(ids, ", ")); s != "" {
		return fmt.Sprintf("%s (did you mean %q?): expected one of %s", head, s, ids)
	}
	return msg
}

// langCode is a language code (#Lang): a text's field named so may be a
// translation into a language not declared.
var langCode = regexp.MustCompile(`^[a-z]{2,3}$`)

// describe rewrites CUE's wording for designers.
func describe(segs []string, msg string) string {
	if b, ok := describeBound(segs, msg); ok {
		return b
	}
	if r, ok := describeRegexp(msg); ok {
		return r
	}
	if r, ok := schema.TypeConflict(msg); ok {
		return r
	}
	switch {
	case len(segs) > 0 && segs[0] == "tables" && strings.HasPrefix(msg, "conflicting values"):
		return msg + ": the tables are the rules' own; content may add entries, not change them"
	case msg == "field not allowed" && len(segs) > 1 && langCode.MatchString(segs[len(segs)-1]):
		return fmt.Sprintf("unknown field %q: check its spelling against the rules (WS-BUILD-1); a translation into a new language is declared first (`languages: [\"en\", \"fr\", \"%s\"]` in game.cue)", segs[len(segs)-1], segs[len(segs)-1])
	case msg == "field not allowed" && len(segs) > 0:
		return fmt.Sprintf("unknown field %q: check its spelling against the rules (WS-BUILD-1)", segs[len(segs)-1])
	case strings.Contains(msg, "field is required but not present") && len(segs) > 1 && segs[len(segs)-1] == "en":
		return "missing English text: add `en: \"...\"` (or build with --draft)"
	case strings.Contains(msg, "field is required but not present") && len(segs) > 1 && segs[len(segs)-1] == "fr":
		return "missing French text: add `fr: \"...\"` (or build with --draft)"
	case strings.Contains(msg, "field is required but not present") && len(segs) > 0:
		return fmt.Sprintf("missing field %q: add it", segs[len(segs)-1])
	}
	return msg
}

// drafts are the texts draft mode filled with a placeholder, at the text
// in the content, in file order.
// With own (an evaluation unit's), only the texts of the entities own
// accepts, and of the top-level values if own accepts ("", "").
func (l *loader) drafts(v cue.Value, own func(section, id string) bool) []lang.MissingText {
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
		if len(segs) < 2 {
			return true
		}
		if own != nil {
			if isEntitySection(segs[0]) && !own(segs[0], segs[1]) || !isEntitySection(segs[0]) && !own("", "") {
				return true
			}
		}
		in := lang.English
		if segs[len(segs)-1] == "fr" {
			in = lang.French
		}
		text := segs[:len(segs)-1]
		out = append(out, lang.MissingText{Pos: l.place(text), Path: strings.Join(text, "."), Lang: in})
		return true
	}, nil)
	return out
}

// textPositions puts into out the positions of the texts in each
// language, keyed by lang.TextKey ("profiles/scout/name/fr",
// "strings/site.title/en"): the fields named en or fr.
func textPositions(positions, out map[string]diag.Pos) {
	for k, pos := range positions {
		segs := strings.Split(k, ".")
		n := len(segs)
		if n < 2 || !slices.Contains(lang.Langs, lang.Lang(segs[n-1])) {
			continue
		}
		text := segs[:n-1]
		if segs[0] == "strings" && n > 3 { // an interface string's key has dots: strings."site.title"
			text = []string{"strings", strings.Join(segs[1:n-1], ".")}
		}
		out[lang.TextKey(text, lang.Lang(segs[n-1]))] = pos
	}
}

// sortDrafts puts the draft texts in file order.
func sortDrafts(out []lang.MissingText) {
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.Pos.File != b.Pos.File:
			return a.Pos.File < b.Pos.File
		case a.Pos.Line != b.Pos.Line:
			return a.Pos.Line < b.Pos.Line
		case a.Pos.Col != b.Pos.Col:
			return a.Pos.Col < b.Pos.Col
		case a.Path != b.Path:
			return a.Path < b.Path
		}
		return a.Lang < b.Lang
	})
}

// decode reads the evaluated content into a catalog.
func (l *loader) decode(doc rawDoc) (*wscatalog.Catalog, error) {
	cat := &wscatalog.Catalog{SchemaVersion: wscatalog.SchemaVersion, Game: wscatalog.Game}
	var t tables
	for _, x := range []struct {
		name string
		to   any
	}{{"limits", &cat.Limits}, {"tables", &t}} {
		if err := json.Unmarshal(doc.Top[x.name], x.to); err != nil {
			return nil, fmt.Errorf("decode content: %s: %w", x.name, err)
		}
	}
	if raw, ok := doc.Top["version"]; ok {
		if err := json.Unmarshal(raw, &cat.Version); err != nil {
			return nil, fmt.Errorf("decode content: version: %w", err)
		}
	}
	if raw, ok := doc.Top["languages"]; ok && l.opt.Languages != nil {
		if err := json.Unmarshal(raw, l.opt.Languages); err != nil {
			return nil, fmt.Errorf("decode content: languages: %w", err)
		}
	}
	var err error
	set := func(e error) {
		if err == nil && e != nil {
			err = fmt.Errorf("decode content: %w", e)
		}
	}
	var e error
	cat.Profiles, e = entities(l, doc, "profiles", func(p *wscatalog.Profile) *diag.Pos { return &p.Pos })
	set(e)
	cat.Creatures, e = entities(l, doc, "creatures", func(p *wscatalog.Profile) *diag.Pos { return &p.Pos })
	set(e)
	cat.Hordes, e = entities(l, doc, "hordes", func(h *wscatalog.Horde) *diag.Pos { return &h.Pos })
	set(e)
	cat.Bands, e = entities(l, doc, "bands", func(b *wscatalog.Band) *diag.Pos { return &b.Pos })
	set(e)
	cat.Scenarios, e = entities(l, doc, "scenarios", func(s *wscatalog.Scenario) *diag.Pos { return &s.Pos })
	set(e)
	cat.Glossary, e = entities(l, doc, "glossary", func(*wscatalog.Term) *diag.Pos { return new(diag.Pos) })
	set(e)
	for id, raw := range doc.Sections["strings"] {
		var t wscatalog.Text
		set(json.Unmarshal(raw, &t))
		cat.Strings = append(cat.Strings, wscatalog.UIString{ID: id, Text: t})
	}
	for id, c := range doc.Sections["checks"] {
		src := wscatalog.CheckSource{ID: id, JSON: c, Pos: l.positions["checks."+id]}
		for i := 0; ; i++ {
			step := fmt.Sprintf("checks.%s.script.%d", id, i)
			pos, ok := l.positions[step]
			if !ok {
				break
			}
			src.Steps = append(src.Steps, pos)
			if e, ok := l.positions[step+".expect"]; ok {
				pos = e
			}
			src.Expects = append(src.Expects, pos)
		}
		cat.Checks = append(cat.Checks, src)
	}
	reminders := map[string]wscatalog.Text{}
	for id, raw := range doc.Sections["reminders"] {
		var t wscatalog.Text
		set(json.Unmarshal(raw, &t))
		reminders[id] = t
	}
	if err != nil {
		return nil, err
	}
	cat.Rules = t.rules(reminders)
	cat.Ranges = map[string]wscatalog.Text{}
	for id, r := range t.Range {
		cat.Ranges[id] = r.Name
	}
	return cat, nil
}

// entities decodes the entities of a section, each with its position.
func entities[T any](l *loader, doc rawDoc, section string, pos func(*T) *diag.Pos) ([]T, error) {
	out := make([]T, 0, len(doc.Sections[section]))
	for id, raw := range doc.Sections[section] {
		var e T
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, fmt.Errorf("%s.%s: %w", section, id, err)
		}
		*pos(&e) = l.positions[section+"."+id]
		out = append(out, e)
	}
	return out, nil
}

// tables is the schema's cost tables as evaluated.
type tables struct {
	Range map[string]struct {
		Cost int            `json:"cost"`
		Name wscatalog.Text `json:"name"`
	} `json:"range"`
	Attack map[string]struct {
		Cost       int            `json:"cost"`
		Name       wscatalog.Text `json:"name"`
		RangedOnly bool           `json:"rangedOnly"`
		Template   bool           `json:"template"`
	} `json:"attack"`
	Variable struct {
		Cost int            `json:"cost"`
		Name wscatalog.Text `json:"name"`
	} `json:"variable"`
	Psyker struct {
		First int            `json:"first"`
		Name  wscatalog.Text `json:"name"`
	} `json:"psyker"`
	Power map[string]struct {
		Name       wscatalog.Text `json:"name"`
		Range      any            `json:"range"`
		Difficulty int            `json:"difficulty"`
	} `json:"power"`
	General map[string]struct {
		Cost int            `json:"cost"`
		Name wscatalog.Text `json:"name"`
	} `json:"general"`
	Creature map[string]struct {
		Name wscatalog.Text `json:"name"`
	} `json:"creature"`
}

func (t tables) rules(reminders map[string]wscatalog.Text) []wscatalog.Rule {
	var out []wscatalog.Rule
	add := func(r wscatalog.Rule) {
		r.Reminder = reminders[r.ID]
		out = append(out, r)
	}
	for id, a := range t.Attack {
		add(wscatalog.Rule{ID: id, Kind: wscatalog.AttackRule, Name: a.Name, Cost: a.Cost, RangedOnly: a.RangedOnly, NoTemplate: !a.Template})
	}
	add(wscatalog.Rule{ID: "variable", Kind: wscatalog.VariableRule, Name: t.Variable.Name, Cost: t.Variable.Cost, RangedOnly: true})
	add(wscatalog.Rule{ID: "psyker", Kind: wscatalog.PsykerRule, Name: t.Psyker.Name, Cost: t.Psyker.First})
	for id, p := range t.Power {
		add(wscatalog.Rule{ID: id, Kind: wscatalog.PowerRule, Name: p.Name, Range: fmt.Sprint(p.Range), Difficulty: p.Difficulty})
	}
	for id, g := range t.General {
		add(wscatalog.Rule{ID: id, Kind: wscatalog.GeneralRule, Name: g.Name, Cost: g.Cost})
	}
	for id, c := range t.Creature {
		add(wscatalog.Rule{ID: id, Kind: wscatalog.CreatureRule, Name: c.Name})
	}
	return out
}

// readPages reads the rules chapters, rules/<lang>/<name>.md.
func (l *loader) readPages(cat *wscatalog.Catalog, files []string) {
	for _, p := range files {
		lng, name, src, problem := schema.ReadRulesPage(l.fsys, p, l.displayName(p), lang.Langs)
		if problem != nil {
			l.errs = append(l.errs, *problem)
		}
		if src == nil {
			continue
		}
		pos := diag.Pos{File: l.displayName(p)}
		cat.Pages = append(cat.Pages, wscatalog.RulesPage{Lang: lng, Name: name, Src: src, Pos: pos})
	}
}
