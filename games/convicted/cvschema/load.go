// Package cvschema is The Convicted's schema, written in CUE and embedded
// (cue/*.cue), and the loader that turns a content tree into a validated
// [cvcatalog.Catalog]. The CUE schema checks kinds, ranges and closed
// fields (a misspelt field is an error); the loader's Go checks do what
// CUE cannot say in a designer's words: references between entries, the
// fixed lists (8 sections, 12 ring sections, 6 buildings, 14 stages), the
// component counts, the player-count table, and the rule table's states
// against the placeholders (RULES.md's three states).
package cvschema

import (
	"cmp"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/errors"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

//go:embed cue/*.cue
var schemaFS embed.FS

// PackageName is the CUE package every content file declares.
const PackageName = "convicted"

const schemaPrefix = "wbtool-convicted-schema:"

// Files is the schema's .cue files.
func Files() fs.FS {
	sub, err := fs.Sub(schemaFS, "cue")
	if err != nil {
		panic(err) // the embedded folder exists
	}
	return sub
}

// Options tune Load.
type Options struct {
	Root  string
	Extra []schema.File
	Draft bool
}

// sections are the top-level fields content may declare.
var sections = []string{"buildings", "checks", "components", "end", "enemies", "engines", "factions", "fortifications", "game",
	"heroes", "limits", "moat", "players", "resources", "ring", "rules", "saves", "scenarios", "sections", "spells", "stages", "technologies", "units", "version"}

type loader struct {
	opt          Options
	errs         diag.List
	warns        diag.List
	positions    map[string]diag.Pos
	seen         map[string]bool
	misspellings schema.Misspelt   // the fields misspelt reported
	files        map[string]string // display name of each top-level entry's file ("saves.x")
}

// Load loads, validates and decodes the tree fsys. Content problems are a
// [diag.List], every one of them; warnings come back with the catalog.
func Load(fsys fs.FS, opt Options) (*cvcatalog.Catalog, diag.List, error) {
	l := &loader{opt: opt, positions: map[string]diag.Pos{}, seen: map[string]bool{}, files: map[string]string{}}
	cat, err := l.load(fsys)
	if err != nil {
		return nil, nil, err
	}
	if len(l.errs) > 0 {
		return nil, nil, l.errs.Sorted()
	}
	return cat, l.warns.Sorted(), nil
}

func (l *loader) errorf(pos diag.Pos, p, format string, args ...any) {
	l.errs = append(l.errs, diag.Errorf(pos, p, format, args...))
}

func (l *loader) warnf(pos diag.Pos, p, format string, args ...any) {
	l.warns = append(l.warns, diag.Warnf(pos, p, format, args...))
}

func (l *loader) display(rel string) string {
	if l.opt.Root == "" {
		return rel
	}
	return path.Join(l.opt.Root, rel)
}

func (l *loader) load(fsys fs.FS) (*cvcatalog.Catalog, error) {
	cueFiles, mdFiles, outside, err := schema.ListFiles(fsys)
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
				if _, seen := l.positions[k]; !seen {
					l.positions[k] = pos
				}
			}
		}
	}
	for _, p := range cueFiles {
		src, problem := schema.ReadFile(fsys, p, l.display(p), schema.MaxFileSize, "is it really a content file?")
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
		l.errorf(diag.Pos{File: l.display(".")}, "", "no .cue files found: expected content files such as game.cue and heroes.cue")
	}
	if len(l.errs) > 0 {
		return nil, nil
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
		return nil, nil
	}
	raw, err := v.MarshalJSON()
	if err != nil {
		l.errorf(diag.Pos{File: l.display(".")}, "", "cannot decode the content: %v", err)
		return nil, nil
	}
	cat, err := l.decode(raw)
	if err != nil {
		l.errorf(diag.Pos{File: l.display(".")}, "", "cannot decode the content: %v", err)
		return nil, nil
	}
	if l.opt.Draft {
		cat.Draft = l.drafts(raw)
	}
	l.check(cat)
	for _, p := range mdFiles { // the rules pages, rules/<lang>/*.md
		lng, _, src, problem := schema.ReadRulesPage(fsys, p, l.display(p), lang.Langs)
		if problem != nil {
			l.errs = append(l.errs, *problem)
		}
		if src != nil {
			cat.Pages = append(cat.Pages, lang.RulesPage{Lang: lng, Path: l.display(p), Source: src})
		}
	}
	return cat, nil
}

// validate reports every entry's errors on its own: CUE reports one error
// of a struct and may hide its siblings'.
func (l *loader) validate(v cue.Value) {
	opts := []cue.Option{cue.Concrete(true), cue.All(), cue.Definitions(false)}
	// the whole value's errors after the entries': the entries find the
	// misspellings that CUE's would say less well
	defer func() {
		if err := v.Err(); err != nil {
			l.cueErrors(err)
		}
		l.errs = schema.OneMistake(l.errs)
	}()
	it, err := v.Fields()
	if err != nil {
		l.cueErrors(err)
		return
	}
	for it.Next() {
		entries, err := it.Value().Fields()
		if err != nil {
			l.cueErrors(it.Value().Validate(opts...))
			continue
		}
		var schemaOf *schema.Entities // made at the section's first error
		for entries.Next() {
			err := entries.Value().Validate(opts...)
			if err != nil {
				if schemaOf == nil {
					schemaOf = schema.EntitiesOf(it.Value())
				}
				l.misspelt(schemaOf, entries.Value(), it.Selector().Unquoted(), entries.Selector().Unquoted())
			}
			l.cueErrors(err)
		}
	}
	l.cueErrors(v.Validate(opts...))
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
	Tree: `this is a tree of The Convicted: its game.cue says game: "convicted"`}

// position is a CUE position as a designer's file:line:col.
var position = contentFile.Position

// index is the position of every field and list element of a file, by path.
func index(f *ast.File) map[string]diag.Pos {
	out := map[string]diag.Pos{}
	var walk func(x ast.Expr, at []string)
	field := func(fl *ast.Field, at []string) {
		name, _, err := ast.LabelName(fl.Label)
		if err != nil {
			return
		}
		p := append(at[:len(at):len(at)], name)
		if _, seen := out[strings.Join(p, ".")]; !seen {
			out[strings.Join(p, ".")] = position(fl.Label.Pos())
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
				if _, seen := out[strings.Join(p, ".")]; !seen {
					out[strings.Join(p, ".")] = position(e.Pos())
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
	return out
}

// place is the position of the deepest content value on path.
func (l *loader) place(segs ...string) diag.Pos {
	for n := len(segs); n > 0; n-- {
		if pos, ok := l.positions[strings.Join(segs[:n], ".")]; ok && pos.File != "" {
			return pos
		}
	}
	return diag.Pos{}
}

// misspelt reports the fields of an entity with errors that its schema
// does not allow, each at the field with the closest one it allows: CUE
// stops at an entity's first error, and would not reach a misspelling
// beside another mistake. CUE's own errors at them are then skipped
// (cueErrors).
func (l *loader) misspelt(schemaOf *schema.Entities, entity cue.Value, section, id string) {
	for _, f := range l.misspellings.Find(schemaOf, entity, []string{section, id}, "check its spelling against the schema (wbtool doc)") {
		l.errorf(l.place(f.Path...), strings.Join(f.Path, "."), "%s", f.Msg)
	}
}

// cueErrors turns CUE errors into diagnostics at the designer's field.
func (l *loader) cueErrors(err error) {
	if err == nil {
		return
	}
	for _, e := range errors.Errors(err) {
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if strings.Contains(format, "errors in empty disjunction") {
			continue
		}
		var segs []string
		for _, s := range e.Path() {
			s = strings.Trim(s, `"`)
			if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "_") {
				continue
			}
			segs = append(segs, s)
		}
		pos := diag.Pos{}
		for _, p := range e.InputPositions() {
			if pos = position(p); pos.File != "" {
				break
			}
		}
		if at := l.place(segs...); at.File != "" && len(segs) > 0 {
			pos = at
		}
		if pos.File == "" {
			pos = diag.Pos{File: l.display(".")}
		}
		if l.misspellings.Covers(segs) {
			continue // reported by misspelt
		}
		p := strings.Join(segs, ".")
		msg = words(segs, msg)
		key := pos.String() + p + msg
		if l.seen[key] {
			continue
		}
		l.seen[key] = true
		l.errorf(pos, p, "%s", msg)
	}
}

// words says a CUE message in a designer's words.
func words(segs []string, msg string) string {
	last := ""
	if len(segs) > 0 {
		last = segs[len(segs)-1]
	}
	switch {
	case strings.HasPrefix(msg, "conflicting values ") && strings.Contains(msg, "(mismatched types "):
		t, _ := schema.TypeConflict(msg)
		return cmp.Or(t, msg)
	case strings.HasSuffix(msg, "field not allowed"):
		return fmt.Sprintf("unknown field %q: check its spelling against the schema (wbtool doc)", last)
	case strings.HasPrefix(msg, "incomplete value") || strings.Contains(msg, "non-concrete value"):
		return fmt.Sprintf("missing field %q: add it", last)
	case strings.HasPrefix(msg, "invalid value ") && strings.Contains(msg, "(out of bound "):
		if v, ok := schema.NotAVersion(msg); ok {
			return v
		}
		// "invalid value 30 (out of bound <=10)"
		v, bound, _ := strings.Cut(strings.TrimPrefix(msg, "invalid value "), " (out of bound ")
		bound = strings.TrimSuffix(bound, ")")
		for _, op := range []string{"<=", ">=", "<", ">"} {
			if b, ok := strings.CutPrefix(bound, op); ok {
				w := map[string]string{"<=": "at most", ">=": "at least", "<": "less than", ">": "more than"}[op]
				return fmt.Sprintf("%s is %s: expected %s %s", last, v, w, b)
			}
		}
	}
	return msg
}

// doc is the content as JSON, as the schema accepted it.
type doc struct {
	Game           string                           `json:"game"`
	Version        string                           `json:"version"`
	Components     cvcatalog.Components             `json:"components"`
	Limits         cvcatalog.Limits                 `json:"limits"`
	End            cvcatalog.End                    `json:"end"`
	Rules          map[string]cvcatalog.Rule        `json:"rules"`
	Heroes         map[string]cvcatalog.Hero        `json:"heroes"`
	Buildings      map[string]cvcatalog.Building    `json:"buildings"`
	Fortifications cvcatalog.Fortifications         `json:"fortifications"`
	Sections       map[string]cvcatalog.Section     `json:"sections"`
	Ring           map[string]cvcatalog.RingSection `json:"ring"`
	Moat           cvcatalog.Moat                   `json:"moat"`
	Resources      map[string]cvcatalog.Resource    `json:"resources"`
	Technologies   map[string]cvcatalog.Technology  `json:"technologies"`
	Units          map[string]cvcatalog.Unit        `json:"units"`
	Factions       map[string]cvcatalog.Faction     `json:"factions"`
	Enemies        map[string]cvcatalog.Enemy       `json:"enemies"`
	Engines        map[string]cvcatalog.Engine      `json:"engines"`
	Spells         map[string]cvcatalog.Spell       `json:"spells"`
	Stages         cvcatalog.Stages                 `json:"stages"`
	Players        cvcatalog.PlayerTable            `json:"players"`
	Scenarios      map[string]cvcatalog.Scenario    `json:"scenarios"`
	Saves          map[string]cvcatalog.Save        `json:"saves"`
	Checks         map[string]cvcatalog.Check       `json:"checks"`
}

// entries turns a section's map into a slice in order (the fixed order
// when given, else by id), each with its id and position.
func entries[T any](l *loader, section string, m map[string]T, order []string, set func(*T, string, diag.Pos)) []T {
	var ids []string
	if order != nil {
		for _, id := range order {
			if _, ok := m[id]; ok {
				ids = append(ids, id)
			}
		}
	} else {
		for id := range m {
			ids = append(ids, id)
		}
		sort.Strings(ids)
	}
	out := make([]T, 0, len(ids))
	for _, id := range ids {
		e := m[id]
		set(&e, id, l.place(section, id))
		out = append(out, e)
	}
	return out
}

func (l *loader) decode(raw []byte) (*cvcatalog.Catalog, error) {
	var d doc
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, err
	}
	c := &cvcatalog.Catalog{Game: d.Game, ContentVersion: d.Version, Components: d.Components, Limits: d.Limits, End: d.End, Fortifications: d.Fortifications,
		Moat: d.Moat, Stages: d.Stages, Players: d.Players}
	c.Rules = entries(l, "rules", d.Rules, nil, func(e *cvcatalog.Rule, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Heroes = entries(l, "heroes", d.Heroes, nil, func(e *cvcatalog.Hero, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Buildings = entries(l, "buildings", d.Buildings, cvcatalog.Buildings, func(e *cvcatalog.Building, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Sections = entries(l, "sections", d.Sections, cvcatalog.Sections, func(e *cvcatalog.Section, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Ring = entries(l, "ring", d.Ring, cvcatalog.RingSections, func(e *cvcatalog.RingSection, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Resources = entries(l, "resources", d.Resources, cvcatalog.Resources, func(e *cvcatalog.Resource, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Technologies = entries(l, "technologies", d.Technologies, nil, func(e *cvcatalog.Technology, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Units = entries(l, "units", d.Units, nil, func(e *cvcatalog.Unit, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Factions = entries(l, "factions", d.Factions, nil, func(e *cvcatalog.Faction, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Enemies = entries(l, "enemies", d.Enemies, nil, func(e *cvcatalog.Enemy, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Engines = entries(l, "engines", d.Engines, nil, func(e *cvcatalog.Engine, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Spells = entries(l, "spells", d.Spells, nil, func(e *cvcatalog.Spell, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	c.Scenarios = entries(l, "scenarios", d.Scenarios, nil, func(e *cvcatalog.Scenario, id string, p diag.Pos) { e.ID, e.Pos = id, p })
	for _, kind := range []string{"wall", "tower"} {
		lv := c.Fortifications.Levels(kind)
		for i := range lv {
			lv[i].Pos = l.place("fortifications", kind, strconv.Itoa(i), "name")
		}
	}
	for i := range c.Stages.List {
		c.Stages.List[i].Pos = l.place("stages", "list", strconv.Itoa(i), "name")
	}
	sort.SliceStable(c.Scenarios, func(i, j int) bool { return c.Scenarios[i].Number < c.Scenarios[j].Number })
	c.Saves = entries(l, "saves", d.Saves, nil, func(e *cvcatalog.Save, id string, p diag.Pos) { e.ID, e.Pos, e.File = id, p, p.File })
	c.Checks = entries(l, "checks", d.Checks, nil, func(e *cvcatalog.Check, id string, p diag.Pos) {
		e.ID, e.Pos = id, p
		e.StepPos = make([]diag.Pos, len(e.Steps))
		for i := range e.Steps {
			e.StepPos[i] = l.place("checks", id, "steps", strconv.Itoa(i))
		}
	})
	return c, nil
}

// drafts are the texts a draft load filled with a placeholder.
func (l *loader) drafts(raw []byte) []lang.MissingText {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	var out []lang.MissingText
	var walk func(v any, at []string)
	walk = func(v any, at []string) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(x[k], append(at[:len(at):len(at)], k))
			}
		case []any:
			for i, e := range x {
				walk(e, append(at[:len(at):len(at)], strconv.Itoa(i)))
			}
		case string:
			lg := lang.Lang("")
			switch x {
			case lang.MissingEN:
				lg = lang.English
			case lang.MissingFR:
				lg = lang.French
			default:
				return
			}
			out = append(out, lang.MissingText{Pos: l.place(at...), Path: strings.Join(at, "."), Lang: lg})
		}
	}
	walk(v, nil)
	return out
}
