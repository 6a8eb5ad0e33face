// Package changes compares two versions of a content tree, whatever its
// game, and describes what changed, entity by entity and field by field:
// stats ("speed: 3 → 4"), lists ("skills: added steady-aim"), texts in
// both languages with a word-level diff, entities added, removed or
// renamed, and rules pages. It is `wbtool diff`, the errata of `wbtool
// build --since` (Errata) and watch's lines of what a save changed.
//
// A game lists its comparable items as [Collection]s (the seam's
// ruleset.Differ): each entity as the JSON of its fields (the fields of
// its catalog.json, which are the content's CUE field names), so every
// field of every kind is compared the same way, and a new field needs
// nothing here. [Collect] lists them from a catalog's Go value.
package changes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// Report is every change from one catalog to another.
type Report struct {
	Changes []Entity `json:"changes"`
}

// Change kinds of an entity.
const (
	Added   = "added"
	Removed = "removed"
	Renamed = "renamed"
	Changed = "changed"
)

// Entity is one entity that changed.
type Entity struct {
	Collection string     `json:"collection"` // CUE section: "characters"
	Noun       string     `json:"noun"`       // for display: "Character"
	ID         string     `json:"id"`         // the new id (the old one when removed)
	Name       *lang.Text `json:"name,omitempty"`
	Change     string     `json:"change"`         // added, removed, renamed, changed
	From       string     `json:"from,omitempty"` // the old id of a renamed entity
	Fields     []Field    `json:"fields,omitempty"`
	// Card says the entity is a card (Collection.Cards).
	Card bool `json:"-"`
}

// Field is one changed field of an entity.
type Field struct {
	// Path is the field's path in the entity, "." between fields and
	// [i] for list items: "speed", "panic.cost.any", "scoring[0].vp".
	Path string `json:"path"`
	// Lang is set for a text: the language that changed.
	Lang lang.Lang `json:"lang,omitempty"`
	// Old and New are the values (absent: the field was added or
	// removed).
	Old any `json:"old,omitempty"`
	New any `json:"new,omitempty"`
	// Added and Removed are the items of a list of names (skills, gear,
	// a deck's cards) that came or went.
	Added   []string `json:"added,omitempty"`
	Removed []string `json:"removed,omitempty"`
	// Words is the word-level diff of a text.
	Words Words `json:"words,omitempty"`
}

// Collection is one kind of entity of a version of the content, as its
// game lists it for comparison.
type Collection struct {
	// Name is the content's section: "characters", "profiles".
	Name string
	// Noun names an entity of it for display: "Character", "profile".
	Noun string
	// Items are its entities, in the content's order.
	Items []Item
	// Cards says its entities are cards (printed, reprinted).
	Cards bool
	// Texts says each item is one text (a rules page, Item.JSON its
	// source), compared by its words: "text: 3 words removed → 5 words
	// added". No rename is looked for among texts.
	Texts bool
	// NoRenames says an entity that went and one that came are never
	// taken for a rename (interface strings).
	NoRenames bool
	// Trim is a prefix left out of its fields' paths: "front." (a
	// Character's front face is the Character).
	Trim string
	// Skip are fields left out of the comparison (computed from others:
	// a profile's cost parts), with what lies under them.
	Skip []string
}

// Item is one entity: its id, its name in each language (nil: none) and
// the JSON of its fields.
type Item struct {
	ID   string
	Name *lang.Text
	JSON []byte
}

// Spec says how [Collect] lists a catalog's collections.
type Spec struct {
	// Nouns name the collections for display, by section.
	Nouns map[string]string
	// Cards are the sections whose entities are cards.
	Cards []string
	// NoRenames, Trim and Skip are the collections' (Collection), by
	// section.
	NoRenames []string
	Trim      map[string]string
	Skip      map[string][]string
	// Leave are sections not compared.
	Leave []string
}

// Collect lists the collections of a catalog's Go value (a pointer to a
// struct): each of its fields that is a list of structs with an ID field
// and a JSON name, in the struct's order, each entity as its JSON and its
// Name field when it is a text.
func Collect(cat any, spec Spec) ([]Collection, error) {
	var out []Collection
	cv := reflect.ValueOf(cat).Elem()
	ct := cv.Type()
	for i := range ct.NumField() {
		f := ct.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || f.Type.Kind() != reflect.Slice || slices.Contains(spec.Leave, name) {
			continue
		}
		c := Collection{Name: name, Noun: spec.Nouns[name], Cards: slices.Contains(spec.Cards, name),
			NoRenames: slices.Contains(spec.NoRenames, name), Trim: spec.Trim[name], Skip: spec.Skip[name]}
		s := cv.Field(i)
		for j := range s.Len() {
			e := s.Index(j)
			idv := e.FieldByName("ID")
			if e.Kind() != reflect.Struct || !idv.IsValid() {
				continue
			}
			raw, err := json.Marshal(e.Interface())
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", name, idv.String(), err)
			}
			it := Item{ID: idv.String(), JSON: raw}
			if n := e.FieldByName("Name"); n.IsValid() {
				if t, ok := n.Interface().(lang.Text); ok {
					it.Name = &t
				}
			}
			c.Items = append(c.Items, it)
		}
		out = append(out, c)
	}
	return out, nil
}

// entity is one entity of a collection, as JSON.
type entity struct {
	id   string
	raw  []byte
	name *lang.Text
	v    any // decoded lazily
}

func (e *entity) value() any {
	if e.v == nil {
		_ = json.Unmarshal(e.raw, &e.v)
	}
	return e.v
}

// empty is a collection like c with no entity.
func empty(c *collection) *collection {
	e := &collection{Collection: c.Collection, byID: map[string]*entity{}}
	e.Items = nil
	return e
}

type collection struct {
	Collection
	entities []*entity
	byID     map[string]*entity
}

// index makes the entities of the collections.
func index(cs []Collection) []*collection {
	out := make([]*collection, len(cs))
	for i, c := range cs {
		x := &collection{Collection: c, byID: map[string]*entity{}}
		for _, it := range c.Items {
			e := &entity{id: it.ID, raw: it.JSON, name: it.Name}
			x.entities = append(x.entities, e)
			x.byID[e.id] = e
		}
		out[i] = x
	}
	return out
}

// Compare describes every change from version a to version b of the
// content: their collections, a collection of a missing from b (or of b
// from a) counted as empty.
func Compare(a, b []Collection) *Report {
	ca, cb := index(a), index(b)
	byName := map[string]*collection{}
	for _, c := range cb {
		byName[c.Name] = c
		if !slices.ContainsFunc(ca, func(x *collection) bool { return x.Name == c.Name }) {
			ca = append(ca, empty(c))
		}
	}
	cb = make([]*collection, len(ca)) // b's collections in a's order
	for i, c := range ca {
		if cb[i] = byName[c.Name]; cb[i] == nil {
			cb[i] = empty(c)
		}
	}
	rep := &Report{}
	// Renames first, in every collection: references to a renamed id
	// (a deck's cards, a Character's skills) follow the rename.
	renames := map[string]string{}
	type pair struct{ from, to *entity }
	found := make([][]pair, len(ca))
	for i := range ca {
		if ca[i].Texts || ca[i].NoRenames {
			continue
		}
		var gone, came []*entity
		for _, e := range ca[i].entities {
			if cb[i].byID[e.id] == nil {
				gone = append(gone, e)
			}
		}
		for _, e := range cb[i].entities {
			if ca[i].byID[e.id] == nil {
				came = append(came, e)
			}
		}
		for _, p := range matchRenames(gone, came) {
			found[i] = append(found[i], pair{p[0], p[1]})
			renames[p[0].id] = p[1].id
		}
	}
	for i := range ca {
		old, cur := ca[i], cb[i]
		noun, card := old.Noun, old.Cards
		renamedTo := map[string]*entity{}
		renamedFrom := map[string]*entity{}
		for _, p := range found[i] {
			renamedTo[p.from.id], renamedFrom[p.to.id] = p.to, p.from
		}
		var list []Entity
		for _, e := range old.entities {
			if cur.byID[e.id] == nil && renamedTo[e.id] == nil {
				list = append(list, Entity{Collection: old.Name, Noun: noun, ID: e.id, Name: e.name, Change: Removed, Card: card})
			}
		}
		for _, e := range cur.entities {
			switch from := renamedFrom[e.id]; {
			case from != nil:
				list = append(list, Entity{Collection: old.Name, Noun: noun, ID: e.id, Name: e.name, Change: Renamed, From: from.id,
					Fields: diffEntity(&old.Collection, from, e, renames), Card: card})
			case old.byID[e.id] == nil:
				list = append(list, Entity{Collection: old.Name, Noun: noun, ID: e.id, Name: e.name, Change: Added, Card: card})
			default:
				o := old.byID[e.id]
				if bytes.Equal(o.raw, e.raw) {
					continue
				}
				if fields := diffEntity(&old.Collection, o, e, renames); len(fields) > 0 {
					list = append(list, Entity{Collection: old.Name, Noun: noun, ID: e.id, Name: e.name, Change: Changed, Fields: fields, Card: card})
				}
			}
		}
		sort.SliceStable(list, func(i, j int) bool { return list[i].ID < list[j].ID })
		rep.Changes = append(rep.Changes, list...)
	}
	return rep
}

func diffEntity(coll *Collection, a, b *entity, renames map[string]string) []Field {
	if coll.Texts {
		w := WordDiff(string(a.raw), string(b.raw))
		var plus, minus int
		for _, o := range w {
			n := len(strings.Fields(o.Text))
			switch o.Op {
			case "+":
				plus += n
			case "-":
				minus += n
			}
		}
		if plus == 0 && minus == 0 {
			return nil // white space only
		}
		return []Field{{Path: "text", Old: diag.Plural(minus, "word") + " removed", New: diag.Plural(plus, "word") + " added"}}
	}
	d := &differ{renames: renames}
	d.value(nil, a.value(), b.value())
	var out []Field
	for _, f := range d.out {
		if f.Path == "id" || (f.Path == "nameGroup" && f.Old == a.id && f.New == b.id) {
			continue // a rename: said once, on the entity
		}
		if skipped(f.Path, coll.Skip) {
			continue
		}
		f.Path = strings.TrimPrefix(f.Path, coll.Trim)
		out = append(out, f)
	}
	return out
}

// skipped reports whether the field at path is one of skip or lies under
// one.
func skipped(path string, skip []string) bool {
	for _, k := range skip {
		if path == k || strings.HasPrefix(path, k+".") || strings.HasPrefix(path, k+"[") {
			return true
		}
	}
	return false
}

type differ struct {
	renames map[string]string
	out     []Field
}

func join(path []string) string {
	var b strings.Builder
	for i, s := range path {
		if strings.HasPrefix(s, "[") {
			b.WriteString(s)
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

func with(path []string, s string) []string { return append(path[:len(path):len(path)], s) }

// isText reports whether v is a text in both languages (lang.Text's
// JSON: "en", "fr", and "more" with further languages, which a draft
// build publishes; the diff and the errata compare English and French).
func isText(v any) (lang.Text, bool) {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 2 && len(m) != 3 {
		return lang.Text{}, false
	}
	if len(m) == 3 {
		if _, ok := m["more"].(map[string]any); !ok {
			return lang.Text{}, false
		}
	}
	en, ok1 := m["en"].(string)
	fr, ok2 := m["fr"].(string)
	return lang.Text{EN: en, FR: fr}, ok1 && ok2
}

// renamed is v with an old id replaced by its new one.
func (d *differ) renamed(v any) any {
	if s, ok := v.(string); ok {
		if n, ok := d.renames[s]; ok {
			return n
		}
	}
	return v
}

func (d *differ) value(path []string, a, b any) {
	if ta, ok := isText(a); ok {
		if tb, ok := isText(b); ok {
			for _, l := range lang.Langs {
				if x, y := ta.In(l), tb.In(l); x != y {
					d.out = append(d.out, Field{Path: join(path), Lang: l, Old: x, New: y, Words: WordDiff(x, y)})
				}
			}
			return
		}
	}
	switch x := a.(type) {
	case map[string]any:
		if y, ok := b.(map[string]any); ok {
			keys := map[string]bool{}
			for k := range x {
				keys[k] = true
			}
			for k := range y {
				keys[k] = true
			}
			sorted := make([]string, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				va, inA := x[k]
				vb, inB := y[k]
				switch {
				case !inA:
					d.out = append(d.out, Field{Path: join(with(path, k)), New: vb})
				case !inB:
					d.out = append(d.out, Field{Path: join(with(path, k)), Old: va})
				default:
					d.value(with(path, k), va, vb)
				}
			}
			return
		}
	case []any:
		if y, ok := b.([]any); ok {
			d.list(path, x, y)
			return
		}
	}
	if a2 := d.renamed(a); !reflect.DeepEqual(a2, b) {
		d.out = append(d.out, Field{Path: join(path), Old: a, New: b})
	}
}

func (d *differ) list(path []string, a, b []any) {
	if sa, ok := strs(a); ok {
		if sb, ok := strs(b); ok {
			for i, s := range sa {
				sa[i] = d.renamed(s).(string)
			}
			added, removed := multisetDiff(sa, sb)
			switch {
			case len(added) > 0 || len(removed) > 0:
				d.out = append(d.out, Field{Path: join(path), Added: added, Removed: removed})
			case !equalStrs(sa, sb):
				d.out = append(d.out, Field{Path: join(path), Old: strings.Join(sa, ", "), New: strings.Join(sb, ", ")})
			}
			return
		}
	}
	if ia, ok := ids(a); ok {
		if ib, ok := ids(b); ok {
			for i, id := range ia {
				if j := indexOf(ib, id); j >= 0 {
					d.value(with(path, id), a[i], b[j])
				} else {
					d.out = append(d.out, Field{Path: join(with(path, id)), Old: a[i]})
				}
			}
			for j, id := range ib {
				if indexOf(ia, id) < 0 {
					d.out = append(d.out, Field{Path: join(with(path, id)), New: b[j]})
				}
			}
			return
		}
	}
	for i := range max(len(a), len(b)) {
		p := with(path, "["+strconv.Itoa(i)+"]")
		switch {
		case i >= len(a):
			d.out = append(d.out, Field{Path: join(p), New: b[i]})
		case i >= len(b):
			d.out = append(d.out, Field{Path: join(p), Old: a[i]})
		default:
			d.value(p, a[i], b[i])
		}
	}
}

func strs(v []any) ([]string, bool) {
	out := make([]string, len(v))
	for i, x := range v {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

// ids are the "id" fields of a list of objects that all have one.
func ids(v []any) ([]string, bool) {
	out := make([]string, len(v))
	for i, x := range v {
		m, ok := x.(map[string]any)
		if !ok {
			return nil, false
		}
		id, ok := m["id"].(string)
		if !ok {
			return nil, false
		}
		out[i] = id
	}
	return out, len(out) > 0
}

func indexOf(s []string, x string) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

func equalStrs(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// multisetDiff lists the items of b not in a, and of a not in b,
// counting repeats, in their order.
func multisetDiff(a, b []string) (added, removed []string) {
	count := map[string]int{}
	for _, s := range a {
		count[s]++
	}
	for _, s := range b {
		if count[s] > 0 {
			count[s]--
		} else {
			added = append(added, s)
		}
	}
	left := map[string]int{}
	for _, s := range b {
		left[s]++
	}
	for _, s := range a {
		if left[s] > 0 {
			left[s]--
		} else {
			removed = append(removed, s)
		}
	}
	return added, removed
}

// matchRenames pairs entities that went with entities that came when
// they are alike (at least 60 % of their fields, the id aside, equal),
// best pairs first.
func matchRenames(gone, came []*entity) [][2]*entity {
	if len(gone) == 0 || len(came) == 0 || len(gone)*len(came) > 1<<16 {
		return nil
	}
	type cand struct {
		g, c  int
		score float64
	}
	leaves := func(e *entity) map[string]string {
		m := map[string]string{}
		flatten("", e.value(), m)
		delete(m, "id")
		delete(m, "nameGroup") // defaults to the id
		return m
	}
	lg := make([]map[string]string, len(gone))
	for i, e := range gone {
		lg[i] = leaves(e)
	}
	lc := make([]map[string]string, len(came))
	for i, e := range came {
		lc[i] = leaves(e)
	}
	var cands []cand
	for i := range gone {
		for j := range came {
			same := 0
			for k, v := range lg[i] {
				if lc[j][k] == v {
					same++
				}
			}
			n := max(len(lg[i]), len(lc[j]))
			if n > 0 && float64(same)/float64(n) >= 0.6 {
				cands = append(cands, cand{i, j, float64(same) / float64(n)})
			}
		}
	}
	sort.SliceStable(cands, func(x, y int) bool { return cands[x].score > cands[y].score })
	usedG, usedC := map[int]bool{}, map[int]bool{}
	var out [][2]*entity
	for _, c := range cands {
		if !usedG[c.g] && !usedC[c.c] {
			usedG[c.g], usedC[c.c] = true, true
			out = append(out, [2]*entity{gone[c.g], came[c.c]})
		}
	}
	return out
}

func flatten(prefix string, v any, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			flatten(prefix+"/"+k, e, out)
		}
	case []any:
		for i, e := range x {
			flatten(prefix+"/"+strconv.Itoa(i), e, out)
		}
	default:
		b, _ := json.Marshal(x)
		out[strings.TrimPrefix(prefix, "/")] = string(b)
	}
}

// Counts are the number of entities added, removed, renamed and changed.
func (r *Report) Counts() (added, removed, renamed, changed int) {
	for _, e := range r.Changes {
		switch e.Change {
		case Added:
			added++
		case Removed:
			removed++
		case Renamed:
			renamed++
		default:
			changed++
		}
	}
	return
}

// Summary is the report in one line: "2 changed, 1 added".
func (r *Report) Summary() string {
	a, rm, rn, c := r.Counts()
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{c, "changed"}, {a, "added"}, {rm, "removed"}, {rn, "renamed"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	if len(parts) == 0 {
		return "no changes"
	}
	return strings.Join(parts, ", ")
}

// WriteText prints the report in words, an entity a paragraph:
//
//	Character copp (COPP): changed
//	  speed: 3 → 4
//	  name (fr): [-Copp-]{+Coppe+}
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, e := range r.Changes {
		fmt.Fprintf(&b, "%s %s%s: %s", e.Noun, e.ID, nameLabel(e.Name), e.Change)
		if e.Change == Renamed {
			fmt.Fprintf(&b, " from %s", e.From)
		}
		b.WriteByte('\n')
		for _, f := range e.Fields {
			b.WriteString("  " + f.String() + "\n")
		}
	}
	b.WriteString(r.Summary() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func nameLabel(t *lang.Text) string {
	if t == nil || (t.EN == "" && t.FR == "") {
		return ""
	}
	if t.EN == t.FR {
		return " (" + t.EN + ")"
	}
	return " (" + t.EN + " / " + t.FR + ")"
}

// String is the field's change in words.
func (f Field) String() string {
	name := f.Path
	if name == "" {
		name = "value"
	}
	if f.Lang != "" {
		name += " (" + string(f.Lang) + ")"
	}
	switch {
	case f.Words != nil:
		return name + ": " + f.Words.String()
	case f.Added != nil || f.Removed != nil:
		var parts []string
		if len(f.Added) > 0 {
			parts = append(parts, "added "+strings.Join(f.Added, ", "))
		}
		if len(f.Removed) > 0 {
			parts = append(parts, "removed "+strings.Join(f.Removed, ", "))
		}
		return name + ": " + strings.Join(parts, "; ")
	case f.Old == nil:
		return name + ": added " + Show(f.New)
	case f.New == nil:
		return name + ": removed (was " + Show(f.Old) + ")"
	}
	return name + ": " + Show(f.Old) + " → " + Show(f.New)
}

// Show is a value for display: numbers and words as they are, texts in
// both languages, anything else as compact JSON.
func Show(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	if t, ok := isText(v); ok {
		return fmt.Sprintf("en %q, fr %q", t.EN, t.FR)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// VersionName names a version of the content for display: "" is the
// content as it is.
func VersionName(v string) string {
	if v == "" {
		return "the content"
	}
	return v
}

// WriteJSON prints the report for tools: {"old", "new", "changes": [...],
// "summary"}, old and new naming the versions compared (VersionName).
func (r *Report) WriteJSON(w io.Writer, old, new string) error {
	cs := r.Changes
	if cs == nil {
		cs = []Entity{}
	}
	b, err := json.MarshalIndent(struct {
		Old     string   `json:"old"`
		New     string   `json:"new"`
		Changes []Entity `json:"changes"`
		Summary string   `json:"summary"`
	}{VersionName(old), VersionName(new), cs, r.Summary()}, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
