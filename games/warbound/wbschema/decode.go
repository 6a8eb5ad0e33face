package wbschema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/errors"

	"golang.org/x/text/unicode/norm"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/schema"
)

// collection is a top-level section of the content: a map from id to one
// entity of a kind.
type collection struct {
	name string // CUE field, e.g. "characters"
	noun string // for messages, e.g. "Character"
	card bool   // card ids share one namespace across card kinds
	def  string // the schema definition of one entity, e.g. "#Character"
	// decode decodes one validated entity and appends it to the catalog.
	decode func(l *loader, id string, e entity, at []string)
}

// single reports whether the section is one value, not a map of entities
// by id (set): its one entity's id is "".
func (c *collection) single() bool { return c.name == "set" }

// collections lists every top-level section the schema knows, in the
// order they are validated.
var collections = []collection{
	{"factions", "faction", false, "#Faction", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Factions)
	}},
	{"skills", "skill", false, "#Skill", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Skills)
	}},
	{"characters", "Character", true, "#Character", decodeCharacter},
	{"leaders", "Leader", true, "#Leader", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Leaders)
	}},
	{"equipment", "Equipment", true, "#Equipment", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Equipment)
	}},
	{"formations", "Formation", true, "#Formation", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Formations)
	}},
	{"vocations", "Vocation", true, "#Vocation", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Vocations)
	}},
	{"references", "Reference card", true, "#Reference", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.References)
	}},
	{"objectives", "Objective card", true, "#Objective", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Objectives)
	}},
	{"actionBoards", "action board", false, "#ActionBoard", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.ActionBoards)
	}},
	{"scenarios", "scenario", false, "#Scenario", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Scenarios)
	}},
	{"decks", "deck", false, "#Deck", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Decks)
	}},
	{"glossary", "glossary term", false, "#Term", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Glossary)
	}},
	{"strings", "interface string", false, "#Text", func(l *loader, id string, e entity, at []string) {
		s := wbcatalog.UIString{ID: id, Pos: l.exactPos(at)}
		if l.decodeValue(e, at, &s.Text) {
			l.annotate(reflect.ValueOf(&s.Text).Elem(), at)
			l.cat.Strings = append(l.cat.Strings, s)
		}
	}},
	{"checks", "check game", false, "#CheckGame", func(l *loader, id string, e entity, at []string) {
		decodeInto(l, e, at, &l.cat.Checks)
	}},
	{"set", "set", false, "#Set", func(l *loader, id string, e entity, at []string) {
		var s []setSource
		decodeInto(l, e, at, &s)
		if len(s) == 1 {
			l.annotate(reflect.ValueOf(&s[0].Set).Elem(), at) // embedded: annotate skips it
			l.cat.Set = s[0].Set
			l.cat.Set.Components = s[0].Components
			l.cat.Set.Pos = l.exactPos(at)
			l.cat.Set.ErrataSincePos = l.exactPos(append(at[:len(at):len(at)], "errataSince"))
			l.cat.Set.VersionPos = l.exactPos(append(at[:len(at):len(at)], "version"))
		}
	}},
}

func findCollection(name string) *collection {
	for i := range collections {
		if collections[i].name == name {
			return &collections[i]
		}
	}
	return nil
}

func collectionNames() string {
	var names []string
	for _, c := range collections {
		names = append(names, c.name)
	}
	return strings.Join(names, ", ")
}

// checkDeclarations checks a file's top-level sections and records where
// each entity is declared, so that the same id in two places is reported
// (CUE would silently merge two equal declarations). It reports false when
// the file must not be evaluated.
func (l *loader) checkDeclarations(f *ast.File) bool {
	ok := true
	for _, d := range f.Decls {
		field, isField := d.(*ast.Field)
		if !isField {
			switch d.(type) {
			case *ast.Package, *ast.ImportDecl, *ast.CommentGroup, *ast.Attribute:
				continue
			}
			l.errorf(l.position(d.Pos()), "", "expected a section such as `characters: ...` at the top level of the file")
			ok = false
			continue
		}
		name, _, err := ast.LabelName(field.Label)
		if err != nil {
			l.errorf(l.position(field.Pos()), "", "expected a section name such as `characters` at the top level")
			ok = false
			continue
		}
		if strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") || name == "game" {
			continue // designers' own definitions and hidden helpers; the game's name (game.go)
		}
		if findCollection(name) == nil {
			hint := ""
			if s := suggest.Closest(name, strings.Split(collectionNames(), ", ")); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			l.errorf(l.position(field.Label.Pos()), "", "unknown section %q%s: expected one of %s", name, hint, collectionNames())
			ok = false
			continue
		}
		st, isStruct := field.Value.(*ast.StructLit)
		if !isStruct || findCollection(name).single() {
			continue // the schema reports the wrong type; a single value has no ids
		}
		for _, e := range st.Elts {
			ef, isField := e.(*ast.Field)
			if !isField {
				continue
			}
			id, _, err := ast.LabelName(ef.Label)
			if err != nil {
				continue
			}
			key := name + "." + id
			l.declared[key] = append(l.declared[key], declaration{pos: l.position(ef.Label.Pos())})
		}
	}
	return ok
}

// entity is one entity of a collection to decode: its value in the
// evaluated package and, once it validated, its JSON export.
type entity struct {
	v   cue.Value // invalid when the whole package was exported at once
	raw []byte    // the entity's JSON, or nil
}

// decodeAll validates and decodes every entity of every collection.
//
// Valid content, the common case, takes the fast path: the package is
// validated and exported to JSON with one CUE call each (CUE makes a new
// evaluation context for every call on a Value, and Value.Decode makes
// several per struct), and each entity is decoded with encoding/json.
// Otherwise each entity is validated on its own (so one card's conflict
// does not mask another's missing field): the valid ones are still decoded
// from their JSON export, the others validated field by field for their
// diagnostics.
//
// The entities are independent, so they are decoded in parallel (CUE
// values may be read concurrently since v0.17); each task writes into its
// own small catalog, merged in a fixed order so the result is
// deterministic.
func (l *loader) decodeAll() {
	for _, d := range l.decodeEntities() {
		l.joinEntity(d)
	}
}

// decodedEntity is what one entity decoded to: its piece of the catalog
// and its diagnostics. It holds no CUE value, so a cache may keep it.
type decodedEntity struct {
	coll int    // index in collections
	id   string // the entity's id
	cat  *wbcatalog.Catalog
	errs schema.Errors
}

// before orders entities as the whole package lists them: by collection,
// then by id.
func (d *decodedEntity) before(e *decodedEntity) bool {
	if d.coll != e.coll {
		return d.coll < e.coll
	}
	return d.id < e.id
}

// decodeEntities does decodeAll's work and returns each entity's result,
// by collection then id; errors of a whole collection go to l.errs.
func (l *loader) decodeEntities() []*decodedEntity {
	var tasks []*decodeTask
	exported := !l.cueDecode && l.exportAll(func(c int, id string, raw []byte) {
		tasks = append(tasks, &decodeTask{c: c, id: id, e: entity{raw: raw}})
	})
	l.exported = exported
	if !exported {
		tasks = tasks[:0]
		for i := range collections {
			c := &collections[i]
			sel := cue.MakePath(cue.Str(c.name))
			cv := l.full.LookupPath(sel)
			if c.single() {
				if cv.Exists() {
					tasks = append(tasks, &decodeTask{c: i, e: entity{v: cv}})
				}
				continue
			}
			it, err := cv.Fields()
			if err != nil {
				l.addCUEErrors(cv.Validate())
				continue
			}
			var ids []string
			entities := map[string]cue.Value{}
			for it.Next() {
				if it.Selector().LabelType() != cue.StringLabel {
					continue
				}
				id := it.Selector().Unquoted()
				ids = append(ids, id)
				entities[id] = it.Value()
			}
			sort.Strings(ids)
			for _, id := range ids {
				tasks = append(tasks, &decodeTask{c: i, id: id, e: entity{v: entities[id]}})
			}
		}
	}
	return l.decodeTasks(tasks)
}

// decodeTask is one entity to decode, in collection c.
type decodeTask struct {
	c   int
	id  string
	e   entity
	sub *loader
}

// decodeTasks decodes the entities of tasks in parallel, each in a fork
// of l, and returns their results in the order of tasks.
func (l *loader) decodeTasks(tasks []*decodeTask) []*decodedEntity {
	work := make(chan *decodeTask)
	var wg sync.WaitGroup
	var panics crash.Catcher // a panic is handed to the load stage
	for range max(1, min(runtime.GOMAXPROCS(0), len(tasks))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range work {
				func() { // a panic keeps the worker taking tasks
					defer panics.Catch()
					t.sub = l.fork()
					t.sub.decodeEntity(&collections[t.c], t.id, t.e)
				}()
			}
		}()
	}
	for _, t := range tasks {
		work <- t
	}
	close(work)
	wg.Wait()
	panics.Rethrow()
	out := make([]*decodedEntity, len(tasks))
	for i, t := range tasks {
		out[i] = &decodedEntity{coll: t.c, id: t.id, cat: t.sub.cat, errs: t.sub.errs}
	}
	return out
}

// exportAll is decodeAll's fast path: when the whole package validates,
// it exports it to JSON once and calls add for every entity of every
// collection, in collection order and by sorted id. It reports false,
// having called add for nothing, when the package has any error or its
// export cannot be split into collections: the slow path then reports
// every problem as it always did.
func (l *loader) exportAll(add func(c int, id string, raw []byte)) bool {
	// The same validation as each entity gets on the slow path (Validate
	// ignores the field-selection options: concrete and final are what
	// count), over the whole package.
	if l.full.Validate(cue.Concrete(true)) != nil {
		return false
	}
	b, err := l.full.MarshalJSON()
	if err != nil {
		return false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return false
	}
	type entities struct {
		c   int
		ids []string
		raw map[string]json.RawMessage
	}
	var all []entities
	for i := range collections {
		c := &collections[i]
		raw, ok := top[c.name]
		if !ok {
			continue
		}
		if c.single() {
			all = append(all, entities{i, []string{""}, map[string]json.RawMessage{"": raw}})
			continue
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return false
		}
		ids := make([]string, 0, len(m))
		for id := range m {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		all = append(all, entities{i, ids, m})
	}
	for _, e := range all {
		for _, id := range e.ids {
			add(e.c, id, e.raw[id])
		}
	}
	return true
}

// decodeEntity validates and decodes one entity.
func (l *loader) decodeEntity(c *collection, id string, e entity) {
	at := []string{c.name, id}
	if c.single() {
		at = at[:1]
	}
	if e.raw == nil {
		if !l.validate(e.v) {
			// A conflict masks CUE's closedness errors: look for unknown
			// fields ourselves so they show in the same run.
			def := l.full.LookupPath(cue.MakePath(cue.Def(c.def)))
			sel := []cue.Selector{cue.Str(c.name), cue.Str(id)}
			if c.single() {
				sel = sel[:1]
			}
			d := l.dataValue().LookupPath(cue.MakePath(sel...))
			l.unknownFields(def, d, at)
			return
		}
		if !l.cueDecode {
			// Validated: its export cannot fail (if it does, Decode says
			// why).
			e.raw, _ = e.v.MarshalJSON()
		}
	}
	c.decode(l, id, e, at)
	if c.card {
		l.readNumber(id, e, at)
	}
}

// fork returns a loader that shares l's read-only state (options,
// evaluated values, positions) but has its own errors and catalog.
func (l *loader) fork() *loader {
	return &loader{
		fsys: l.fsys, opt: l.opt, ctx: l.ctx, cueDecode: l.cueDecode, fast: l.fast, declared: l.declared,
		full: l.full, files: l.files, positions: l.positions,
		shared: l.shared, cat: &wbcatalog.Catalog{},
	}
}

// joinEntity appends what one entity decoded to to l.
func (l *loader) joinEntity(e *decodedEntity) {
	l.errs = append(l.errs, e.errs...)
	d, s := l.cat, e.cat
	d.Factions = append(d.Factions, s.Factions...)
	d.Skills = append(d.Skills, s.Skills...)
	d.Characters = append(d.Characters, s.Characters...)
	d.Leaders = append(d.Leaders, s.Leaders...)
	d.Equipment = append(d.Equipment, s.Equipment...)
	d.Formations = append(d.Formations, s.Formations...)
	d.Vocations = append(d.Vocations, s.Vocations...)
	d.References = append(d.References, s.References...)
	d.ActionBoards = append(d.ActionBoards, s.ActionBoards...)
	d.Scenarios = append(d.Scenarios, s.Scenarios...)
	d.Objectives = append(d.Objectives, s.Objectives...)
	d.Decks = append(d.Decks, s.Decks...)
	d.Glossary = append(d.Glossary, s.Glossary...)
	d.Strings = append(d.Strings, s.Strings...)
	d.Checks = append(d.Checks, s.Checks...)
	if !s.Set.IsZero() {
		d.Set = s.Set
	}
	d.Texts += s.Texts
	d.Draft = append(d.Draft, s.Draft...)
	l.joinNumbers(s.Numbers)
}

// validate reports every error of one entity. Validating the entity and
// then each of its fields works around CUE's severity masking, where a
// conflict hides the missing required fields of the same value. A valid
// entity has valid fields: only a failed one is validated field by field.
func (l *loader) validate(v cue.Value) bool {
	err := v.Validate(cue.Concrete(true), cue.All())
	if err == nil && !l.cueDecode {
		return true
	}
	before := len(l.errs)
	l.addCUEErrors(err)
	if it, err := v.Fields(); err == nil {
		for it.Next() {
			l.addCUEErrors(it.Value().Validate(cue.Concrete(true), cue.All()))
		}
	}
	l.errs = append(l.errs[:before], withoutKnockOns(l.errs[before:])...)
	return len(l.errs) == before
}

// unknownFields reports the fields of the content value data that the
// schema value full does not allow, recursively.
func (l *loader) unknownFields(full, data cue.Value, segs []string) {
	it, err := data.Fields()
	if err != nil {
		if list, err := data.List(); err == nil {
			for i := 0; list.Next(); i++ {
				l.unknownFields(full.LookupPath(cue.MakePath(cue.AnyIndex)), list.Value(), append(segs, fmt.Sprint(i)))
			}
		}
		return
	}
	for it.Next() {
		sel := it.Selector()
		if sel.LabelType() != cue.StringLabel {
			continue // definitions and hidden fields are the designer's own
		}
		name := sel.Unquoted()
		p := append(append([]string(nil), segs...), name)
		if full.Exists() && full.IncompleteKind() == cue.StructKind && !full.Allows(sel) {
			l.unknownField(schema.Diagnostic{Pos: l.position(it.Value().Pos()), Path: displayPath(p),
				Msg: unknownFieldMsg(name, fieldNames(full))})
			continue
		}
		next := full.LookupPath(cue.MakePath(cue.Str(name).Optional()))
		if !next.Exists() {
			next = full.LookupPath(cue.MakePath(sel))
		}
		l.unknownFields(next, it.Value(), p)
	}
}

// unknownField adds an unknown-field diagnostic, replacing CUE's own report
// of the same field (which may lack the "did you mean" hint).
func (l *loader) unknownField(d schema.Diagnostic) {
	for i, e := range l.errs {
		if e.Path == d.Path && strings.HasPrefix(e.Msg, "unknown field") {
			l.errs[i] = d
			return
		}
	}
	l.errs = append(l.errs, d)
}

// decodeValue decodes a validated entity, or its field, at path at: from
// its JSON export when there is one, else (and when encoding/json refuses
// the JSON, which validation should have prevented) with Value.Decode,
// reporting a failure as a diagnostic (it should not happen once
// validation passed).
func (l *loader) decodeValue(e entity, at []string, dst any) bool {
	if e.raw != nil {
		if err := json.Unmarshal(e.raw, dst); err == nil {
			l.cleanStrings(reflect.ValueOf(dst).Elem(), at)
			return true
		}
		reflect.ValueOf(dst).Elem().SetZero()
		if l.fast {
			// No CUE value to ask: the unit goes through CUE instead.
			l.errorf(l.dataPos(at), displayPath(at), "the fast path cannot decode this value")
			return false
		}
	}
	v := e.v
	if !v.Exists() {
		v = l.full.LookupPath(cue.MakePath(cue.Str(at[0]), cue.Str(at[1])))
	}
	if err := v.Decode(dst); err != nil {
		l.errorf(l.dataPos(pathOf(v)), strings.Join(pathOf(v), "."), "cannot read this value: %v", errors.Details(err, nil))
		return false
	}
	l.cleanStrings(reflect.ValueOf(dst).Elem(), pathOf(v))
	return true
}

func pathOf(v cue.Value) []string {
	var out []string
	for _, s := range v.Path().Selectors() {
		out = append(out, s.Unquoted())
	}
	return out
}

// decodeInto decodes one entity into a new element of dst.
func decodeInto[T any](l *loader, e entity, at []string, dst *[]T) {
	var x T
	if !l.decodeValue(e, at, &x) {
		return
	}
	l.annotate(reflect.ValueOf(&x).Elem(), at)
	*dst = append(*dst, x)
}

// setSource is the shape of the set in CUE: the set with its counted
// components, which catalog.json does not carry.
type setSource struct {
	wbcatalog.Set
	Components *wbcatalog.Components `json:"components"`
}

// characterSource is the shape of a Character in CUE: the front profile's
// fields sit at the top level, next to the Panic profile.
type characterSource struct {
	wbcatalog.Profile
	ID        string            `json:"id"`
	Name      wbcatalog.Text    `json:"name"`
	Faction   string            `json:"faction"`
	NameGroup string            `json:"nameGroup"`
	Flavor    *wbcatalog.Text   `json:"flavor,omitempty"`
	Art       *wbcatalog.Art    `json:"art,omitempty"`
	Panic     wbcatalog.Profile `json:"panic"`
}

func decodeCharacter(l *loader, id string, e entity, at []string) {
	var src characterSource
	if !l.decodeValue(e, at, &src) {
		return
	}
	c := wbcatalog.Character{
		ID: src.ID, Name: src.Name, Faction: src.Faction, NameGroup: src.NameGroup,
		Flavor: src.Flavor, Art: src.Art, Front: src.Profile, Panic: src.Panic,
	}
	l.annotate(reflect.ValueOf(&c).Elem(), at)
	// The front profile's fields are top-level in CUE.
	l.annotate(reflect.ValueOf(&c.Front).Elem(), at)
	l.cat.Characters = append(l.cat.Characters, c)
}

// quoteLabel quotes a path element that is not a plain identifier, as CUE
// would: characters."ork-edo".
func quoteLabel(s string) string {
	if ast.IsValidIdent(s) {
		return s
	}
	return strconv.Quote(s)
}

var (
	posType  = reflect.TypeOf(wbcatalog.Pos{})
	textType = reflect.TypeOf(wbcatalog.Text{})
)

// annotate walks a decoded Go value next to its content path: it fills
// every `Pos wbcatalog.Pos` field with the source position and, in draft mode,
// records the texts that got a placeholder.
func (l *loader) annotate(rv reflect.Value, at []string) {
	switch rv.Kind() {
	case reflect.Pointer:
		if !rv.IsNil() {
			l.annotate(rv.Elem(), at)
		}
	case reflect.Slice:
		if k := rv.Type().Elem().Kind(); k != reflect.Struct && k != reflect.Pointer && k != reflect.Slice {
			return
		}
		for i := 0; i < rv.Len(); i++ {
			l.annotate(rv.Index(i), append(at[:len(at):len(at)], strconv.Itoa(i)))
		}
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return
		}
		if k := rv.Type().Elem().Kind(); k != reflect.Struct && k != reflect.Pointer && k != reflect.Slice {
			return
		}
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		for _, k := range keys {
			elem := reflect.New(rv.Type().Elem()).Elem()
			elem.Set(rv.MapIndex(k))
			l.annotate(elem, append(at[:len(at):len(at)], k.String()))
			rv.SetMapIndex(k, elem)
		}
	case reflect.Struct:
		t := rv.Type()
		if t == textType {
			l.noteDraft(rv.Interface().(wbcatalog.Text), at)
			return
		}
		for _, f := range structFields(t) {
			switch {
			case f.pos:
				rv.Field(f.index).Set(reflect.ValueOf(l.exactPos(at)))
			case !f.skip && !f.anonymous:
				l.annotate(rv.Field(f.index), append(at[:len(at):len(at)], f.name))
			}
		}
	}
}

// structField is what annotate and cleanStrings read of a struct field.
type structField struct {
	index     int
	name      string // the JSON name
	pos       bool   // a `Pos wbcatalog.Pos` field
	skip      bool   // unexported, or `json:"-"`
	anonymous bool
	posType   bool // of type wbcatalog.Pos
}

var structFieldsOf sync.Map // reflect.Type -> []structField

// structFields lists t's fields as annotate and cleanStrings read them,
// once per type (reading the tags every time was a tenth of the decode).
func structFields(t reflect.Type) []structField {
	if fs, ok := structFieldsOf.Load(t); ok {
		return fs.([]structField)
	}
	var out []structField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		sf := structField{index: i, name: name, anonymous: f.Anonymous, posType: f.Type == posType,
			skip: !f.IsExported() || name == "-", pos: f.IsExported() && f.Type == posType && f.Name == "Pos"}
		if name == "" {
			sf.name = f.Name
		}
		out = append(out, sf)
	}
	structFieldsOf.Store(t, out)
	return out
}

func (l *loader) noteDraft(t wbcatalog.Text, at []string) {
	l.cat.Texts++
	if !l.opt.Draft {
		return
	}
	pos := l.dataPos(at)
	p := displayPath(at)
	if t.EN == schema.MissingEN {
		l.cat.Draft = append(l.cat.Draft, wbcatalog.MissingText{Pos: pos, Path: p, Lang: wbcatalog.English})
	}
	if t.FR == schema.MissingFR {
		l.cat.Draft = append(l.cat.Draft, wbcatalog.MissingText{Pos: pos, Path: p, Lang: wbcatalog.French})
	}
}

// Text hygiene. Every string decoded from the content, and every rules
// page, is normalised to NFC once here, so that the PDF, the SVG images and
// the site all get composed characters (a decomposed é, e + U+0301, is one
// glyph for the fonts, the search and the sort). Characters XML 1.0 cannot
// hold (the C0 controls other than tab, line feed and carriage return, and
// the non-characters U+FFFE and U+FFFF) are errors at their place: they
// would make the SVG card images malformed and the pages wrong.

// cleanStrings normalises the strings of a decoded value in place and
// reports their illegal characters; at is the value's content path.
func (l *loader) cleanStrings(rv reflect.Value, at []string) {
	switch rv.Kind() {
	case reflect.String:
		if s, ok := l.cleanString(rv.String(), at); ok && rv.CanSet() {
			rv.SetString(s)
		}
	case reflect.Pointer:
		if !rv.IsNil() {
			l.cleanStrings(rv.Elem(), at)
		}
	case reflect.Interface:
		if rv.IsNil() {
			return
		}
		if e := rv.Elem(); e.Kind() == reflect.String {
			if s, ok := l.cleanString(e.String(), at); ok && rv.CanSet() {
				rv.Set(reflect.ValueOf(s))
			}
			return
		}
		l.cleanStrings(rv.Elem(), at)
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			l.cleanStrings(rv.Index(i), append(at[:len(at):len(at)], strconv.Itoa(i)))
		}
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return
		}
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		for _, k := range keys {
			elem := reflect.New(rv.Type().Elem()).Elem()
			elem.Set(rv.MapIndex(k))
			l.cleanStrings(elem, append(at[:len(at):len(at)], k.String()))
			rv.SetMapIndex(k, elem)
		}
	case reflect.Struct:
		for _, f := range structFields(rv.Type()) {
			switch {
			case f.skip || f.posType:
			case f.anonymous:
				l.cleanStrings(rv.Field(f.index), at) // embedded: its fields are the parent's
			default:
				l.cleanStrings(rv.Field(f.index), append(at[:len(at):len(at)], f.name))
			}
		}
	}
}

// cleanString returns s in NFC and whether that differs from s; an illegal
// character is reported at the string's place.
func (l *loader) cleanString(s string, at []string) (string, bool) {
	if r, bad := illegalRune(s); bad {
		l.errorf(l.dataPos(at), displayPath(at), "%s", illegalRuneMsg(r))
	}
	if norm.NFC.IsNormalString(s) {
		return s, false
	}
	return norm.NFC.String(s), true
}

// illegalRune finds the first character of s that XML 1.0 does not allow
// (invalid UTF-8 cannot occur: the loader refuses it).
func illegalRune(s string) (rune, bool) {
	for _, r := range s {
		if xmlIllegal(r) {
			return r, true
		}
	}
	return 0, false
}

func xmlIllegal(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xfffe || r == 0xffff
}

// illegalRuneMsg says which character is wrong and what to do.
func illegalRuneMsg(r rune) string {
	if r < 0x20 {
		return fmt.Sprintf("the text contains U+%04X, an invisible control character that SVG card images and web pages cannot hold: delete it (a line break or a tab is fine)", r)
	}
	return fmt.Sprintf("the text contains U+%04X, which is not a character (SVG card images and web pages cannot hold it): delete it", r)
}

// rulesText returns a rules page's source in NFC, after reporting its
// characters that XML 1.0 does not allow (the first one with its line and
// column, and how many there are).
func (l *loader) rulesText(name string, src []byte) []byte {
	n, first, at := 0, rune(0), 0
	for i, r := range string(src) {
		if xmlIllegal(r) {
			if n == 0 {
				first, at = r, i
			}
			n++
		}
	}
	if n > 0 {
		msg := illegalRuneMsg(first)
		if n > 1 {
			msg += fmt.Sprintf(" (%d such characters in the file)", n)
		}
		l.errorf(offsetPos(name, src, at), "", "%s", msg)
	}
	if norm.NFC.IsNormal(src) {
		return src
	}
	return norm.NFC.Bytes(src)
}

// offsetPos is the line and column (in characters, from 1) of byte off.
func offsetPos(name string, src []byte, off int) wbcatalog.Pos {
	line, col := 1, 1
	for _, r := range string(src[:off]) {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return wbcatalog.Pos{File: name, Line: line, Col: col}
}
