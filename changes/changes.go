// Package changes compares two catalogs — two versions of a content tree
// — and describes what changed, entity by entity and field by field:
// stats ("speed: 3 → 4"), lists ("skills: added steady-aim"), texts in
// both languages with a word-level diff, entities added, removed or
// renamed, decks, boards and scenarios alike, and rules pages.
//
// The comparison reads the catalog's JSON form of each entity (the
// fields of catalog.json, which are the content's CUE field names), so
// every field of every kind is compared the same way, and a new field
// needs nothing here.
package changes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
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
	Collection string          `json:"collection"` // CUE section: "characters"
	Noun       string          `json:"noun"`       // for display: "Character"
	ID         string          `json:"id"`         // the new id (the old one when removed)
	Name       *wbcatalog.Text `json:"name,omitempty"`
	Change     string          `json:"change"`         // added, removed, renamed, changed
	From       string          `json:"from,omitempty"` // the old id of a renamed entity
	Fields     []Field         `json:"fields,omitempty"`
}

// Field is one changed field of an entity.
type Field struct {
	// Path is the field's path in the entity, "." between fields and
	// [i] for list items: "speed", "panic.cost.any", "scoring[0].vp".
	Path string `json:"path"`
	// Lang is set for a text: the language that changed.
	Lang wbcatalog.Lang `json:"lang,omitempty"`
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

// nouns names the collections for display, in catalog order.
var nouns = map[string]string{
	"factions": "faction", "skills": "skill", "characters": "Character", "leaders": "Leader",
	"equipment": "Equipment", "formations": "Formation", "vocations": "Vocation",
	"references": "Reference card", "actionBoards": "action board", "scenarios": "scenario",
	"objectives": "Objective card", "decks": "deck", "glossary": "glossary term",
	"strings": "interface string", "checks": "check game", "rules": "rules page",
}

// entity is one entity of a collection, as JSON.
type entity struct {
	id   string
	raw  []byte
	name *wbcatalog.Text
	v    any // decoded lazily
}

func (e *entity) value() any {
	if e.v == nil {
		_ = json.Unmarshal(e.raw, &e.v)
	}
	return e.v
}

type collection struct {
	name     string
	entities []*entity
	byID     map[string]*entity
}

// collections lists the catalog's collections, in catalog order, each
// entity as its JSON.
func collections(cat *wbcatalog.Catalog) ([]*collection, error) {
	var out []*collection
	cv := reflect.ValueOf(cat).Elem()
	ct := cv.Type()
	for i := range ct.NumField() {
		f := ct.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || f.Type.Kind() != reflect.Slice {
			continue
		}
		c := &collection{name: name, byID: map[string]*entity{}}
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
			en := &entity{id: idv.String(), raw: raw}
			if n := e.FieldByName("Name"); n.IsValid() {
				if t, ok := n.Interface().(wbcatalog.Text); ok {
					en.name = &t
				}
			}
			c.entities = append(c.entities, en)
			c.byID[en.id] = en
		}
		out = append(out, c)
	}
	rules := &collection{name: "rules", byID: map[string]*entity{}}
	for _, p := range cat.Rules {
		id := p.Path
		if i := strings.Index(id, "rules/"); i >= 0 {
			id = id[i:]
		}
		e := &entity{id: id, raw: p.Source}
		rules.entities = append(rules.entities, e)
		rules.byID[id] = e
	}
	return append(out, rules), nil
}

// Compare describes every change from catalog a to catalog b.
func Compare(a, b *wbcatalog.Catalog) (*Report, error) {
	ca, err := collections(a)
	if err != nil {
		return nil, err
	}
	cb, err := collections(b)
	if err != nil {
		return nil, err
	}
	rep := &Report{}
	// Renames first, in every collection: references to a renamed id
	// (a deck's cards, a Character's skills) follow the rename.
	renames := map[string]string{}
	type pair struct{ from, to *entity }
	found := make([][]pair, len(ca))
	for i := range ca {
		if ca[i].name == "rules" || ca[i].name == "strings" {
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
		noun := nouns[old.name]
		renamedTo := map[string]*entity{}
		renamedFrom := map[string]*entity{}
		for _, p := range found[i] {
			renamedTo[p.from.id], renamedFrom[p.to.id] = p.to, p.from
		}
		var list []Entity
		for _, e := range old.entities {
			if cur.byID[e.id] == nil && renamedTo[e.id] == nil {
				list = append(list, Entity{Collection: old.name, Noun: noun, ID: e.id, Name: e.name, Change: Removed})
			}
		}
		for _, e := range cur.entities {
			switch from := renamedFrom[e.id]; {
			case from != nil:
				list = append(list, Entity{Collection: old.name, Noun: noun, ID: e.id, Name: e.name, Change: Renamed, From: from.id,
					Fields: diffEntity(old.name, from, e, renames)})
			case old.byID[e.id] == nil:
				list = append(list, Entity{Collection: old.name, Noun: noun, ID: e.id, Name: e.name, Change: Added})
			default:
				o := old.byID[e.id]
				if bytes.Equal(o.raw, e.raw) {
					continue
				}
				if fields := diffEntity(old.name, o, e, renames); len(fields) > 0 {
					list = append(list, Entity{Collection: old.name, Noun: noun, ID: e.id, Name: e.name, Change: Changed, Fields: fields})
				}
			}
		}
		sort.SliceStable(list, func(i, j int) bool { return list[i].ID < list[j].ID })
		rep.Changes = append(rep.Changes, list...)
	}
	return rep, nil
}

func diffEntity(coll string, a, b *entity, renames map[string]string) []Field {
	if coll == "rules" {
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
		return []Field{{Path: "text", Old: fmt.Sprintf("%d words removed", minus), New: fmt.Sprintf("%d words added", plus)}}
	}
	d := &differ{renames: renames}
	d.value(nil, a.value(), b.value())
	var out []Field
	for _, f := range d.out {
		if f.Path == "id" || (f.Path == "nameGroup" && f.Old == a.id && f.New == b.id) {
			continue // a rename: said once, on the entity
		}
		if coll == "characters" {
			f.Path = strings.TrimPrefix(f.Path, "front.")
		}
		out = append(out, f)
	}
	return out
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

// isText reports whether v is a text in both languages.
func isText(v any) (wbcatalog.Text, bool) {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 2 {
		return wbcatalog.Text{}, false
	}
	en, ok1 := m["en"].(string)
	fr, ok2 := m["fr"].(string)
	return wbcatalog.Text{EN: en, FR: fr}, ok1 && ok2
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
			for _, l := range wbcatalog.Langs {
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

func nameLabel(t *wbcatalog.Text) string {
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
