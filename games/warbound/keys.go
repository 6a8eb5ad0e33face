package warbound

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync"

	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/budget"
)

// Content-addressed keys of incremental rebuilds (incremental.go). Every entity of the catalog (card, skill,
// faction, board, scenario, deck, check...) is encoded twice: as its JSON
// (what outputs show: positions excluded, so moving a card in its file
// does not re-render it) and in the budget encoding (every field,
// positions included: a check result quotes positions, so a check must
// re-run when a line moves). An output's key hashes the wbtool version and
// build salt, the entity and the closure of the entities it names: a
// Character names its faction and skills, a check game names its cards,
// scenario and deck, and so on, found by walking every string of the
// value. Whatever an output reads must be in its key; a key that covers a
// little too much only costs a re-render.

// entity is one catalog entry.
type entity struct {
	kind  string
	id    string
	view  map[wbcatalog.Lang][]byte // what a reader in one language sees (no positions, one language); made by index.langViews
	full  []byte                    // budget encoding (every field, positions included)
	names []string                  // strings inside the value: candidate references
	value reflect.Value             // the entry, for its views
}

// index holds every entity of a catalog by id, and the hashes of the
// collections every output reads as a whole.
type index struct {
	byID map[string][]*entity
	// render is, per language, the hash of what every card image reads
	// besides the card: the set (its version is printed on every card),
	// factions (colours, names) and interface strings (labels).
	render map[wbcatalog.Lang]string
	// rules is the hash of what every check game reads: action boards and
	// factions. A change there re-runs every check.
	rules string
	// numbers are the cards' numbers (wbcards.CardNumbers), which their
	// images print: a card added or removed before a card of its kind
	// changes its image, not its entry.
	numbers map[string]string

	// The views (entity.view, render) are made at the first card key:
	// the check games' keys read none of them, and a watch save reports
	// its check games before any card is keyed (issue 35).
	viewsOnce sync.Once
	cat       *wbcatalog.Catalog
}

func newIndex(cat *wbcatalog.Catalog) *index {
	ix := &index{byID: map[string][]*entity{}, render: map[wbcatalog.Lang]string{}, numbers: wbcards.CardNumbers(cat), cat: cat}
	add := func(kind string, s any) {
		v := reflect.ValueOf(s)
		for i := range v.Len() {
			e := v.Index(i).Addr().Interface()
			id := v.Index(i).FieldByName("ID").String()
			f, _ := budget.Marshal(e)
			ent := &entity{kind: kind, id: id, full: f, value: v.Index(i)}
			ent.names = stringsIn(v.Index(i), nil)
			ix.byID[id] = append(ix.byID[id], ent)
		}
	}
	add("faction", cat.Factions)
	add("skill", cat.Skills)
	add(string(wbcatalog.KindCharacter), cat.Characters)
	add(string(wbcatalog.KindLeader), cat.Leaders)
	add(string(wbcatalog.KindEquipment), cat.Equipment)
	add(string(wbcatalog.KindFormation), cat.Formations)
	add(string(wbcatalog.KindVocation), cat.Vocations)
	add(string(wbcatalog.KindReference), cat.References)
	add(string(wbcatalog.KindObjective), cat.Objectives)
	add("actionBoard", cat.ActionBoards)
	add("scenario", cat.Scenarios)
	add("deck", cat.Decks)
	add("term", cat.Glossary)
	add("string", cat.Strings)
	add("check", cat.Checks)
	boards, _ := budget.Marshal(cat.ActionBoards)
	factions, _ := budget.Marshal(cat.Factions)
	ix.rules = hashOf(boards, factions)
	return ix
}

// langViews makes the entities' views and the render hashes, once.
func (ix *index) langViews() {
	ix.viewsOnce.Do(func() {
		for _, ents := range ix.byID {
			for _, e := range ents {
				e.view = make(map[wbcatalog.Lang][]byte, len(wbcatalog.Langs))
				for _, l := range wbcatalog.Langs {
					e.view[l] = langView(e.value, l)
				}
			}
		}
		cat := ix.cat
		for _, l := range wbcatalog.Langs {
			ix.render[l] = hashOf(langView(reflect.ValueOf(cat.Set), l), langView(reflect.ValueOf(cat.Factions), l), langView(reflect.ValueOf(renderStrings(cat.Strings)), l))
		}
	})
}

// renderStrings keeps the interface strings the card layout and the
// sheets may read: the keys render lists, and any key sharing the prefix
// of one (render builds "gear."+gear and "card.kind."+kind), so that a
// string only the site uses does not re-render every card.
func renderStrings(all []wbcatalog.UIString) []wbcatalog.UIString {
	keys := map[string]bool{}
	prefixes := map[string]bool{}
	for _, k := range wbcards.LabelKeys() {
		keys[k] = true
		if i := strings.LastIndexByte(k, '.'); i >= 0 {
			prefixes[k[:i+1]] = true
		}
	}
	var out []wbcatalog.UIString
	for _, s := range all {
		keep := keys[s.ID]
		if i := strings.LastIndexByte(s.ID, '.'); !keep && i >= 0 {
			keep = prefixes[s.ID[:i+1]]
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// stringsIn appends every string inside v (map keys included).
func stringsIn(v reflect.Value, out []string) []string {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); s != "" {
			out = append(out, s)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			out = stringsIn(v.Elem(), out)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return out
		}
		for i := range v.Len() {
			out = stringsIn(v.Index(i), out)
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			out = stringsIn(it.Key(), out)
			out = stringsIn(it.Value(), out)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = stringsIn(v.Field(i), out)
			}
		}
	}
	return out
}

// closure returns the entities named by the seeds, transitively, sorted by
// kind and id.
func (ix *index) closure(seeds []string) []*entity {
	seen := map[*entity]bool{}
	var out []*entity
	queue := append([]string(nil), seeds...)
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, e := range ix.byID[id] {
			if seen[e] {
				continue
			}
			seen[e] = true
			out = append(out, e)
			queue = append(queue, e.names...)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].kind != out[j].kind {
			return out[i].kind < out[j].kind
		}
		return out[i].id < out[j].id
	})
	return out
}

// cardKey is the key of a card's images in language l: the card, its
// number and what it names as seen in that language, the factions and
// strings, the language and the salt. An English edit leaves the French
// key alone.
func (ix *index) cardKey(salt, id string, l wbcatalog.Lang) string {
	ix.langViews()
	parts := [][]byte{[]byte("card\x00" + salt + "\x00" + string(l) + "\x00" + id + "\x00" + ix.numbers[id]), []byte(ix.render[l])}
	for _, e := range ix.closure([]string{id}) {
		parts = append(parts, []byte(e.kind+"\x00"+e.id), e.view[l])
	}
	return hashOf(parts...)
}

var (
	textType = reflect.TypeOf(wbcatalog.Text{})
	posType  = reflect.TypeOf(wbcatalog.Pos{})
	artType  = reflect.TypeOf(wbcatalog.Art{})
)

// langView encodes what a reader of language l sees of v: every field
// but positions (and other json:"-" fields), and of each bilingual text
// only the text in l. A card's art counts by its image's hash too: a new
// picture under the same file name changes what the card shows.
func langView(v reflect.Value, l wbcatalog.Lang) []byte {
	var b []byte
	var walk func(v reflect.Value)
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	walk = func(v reflect.Value) {
		switch v.Type() {
		case textType:
			str(v.Interface().(wbcatalog.Text).In(l))
			return
		case posType:
			return
		}
		switch v.Kind() {
		case reflect.Bool:
			if v.Bool() {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			b = binary.AppendVarint(b, v.Int())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			b = binary.AppendUvarint(b, v.Uint())
		case reflect.Float32, reflect.Float64:
			b = binary.AppendUvarint(b, math.Float64bits(v.Float()))
		case reflect.String:
			str(v.String())
		case reflect.Pointer:
			if v.IsNil() {
				b = append(b, 0)
				return
			}
			b = append(b, 1)
			walk(v.Elem())
		case reflect.Slice, reflect.Array:
			if v.Kind() == reflect.Slice && v.IsNil() {
				b = append(b, 0)
				return
			}
			b = binary.AppendUvarint(b, uint64(v.Len())+1)
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			if v.IsNil() {
				b = append(b, 0)
				return
			}
			b = binary.AppendUvarint(b, uint64(v.Len())+1)
			keys := v.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
			for _, k := range keys {
				walk(k)
				walk(v.MapIndex(k))
			}
		case reflect.Struct:
			t := v.Type()
			for _, i := range viewFields(t) {
				walk(v.Field(i))
			}
			if t == artType {
				str(v.FieldByName("Hash").String())
			}
		}
	}
	walk(v)
	return b
}

// viewFieldsOf caches viewFields by struct type.
var viewFieldsOf sync.Map // reflect.Type → []int

// viewFields are the indexes of struct type t's fields that langView
// encodes: the exported ones not tagged json:"-" (every entity of every
// build asks: the tags are read once per type).
func viewFields(t reflect.Type) []int {
	if f, ok := viewFieldsOf.Load(t); ok {
		return f.([]int)
	}
	var idx []int
	for i := range t.NumField() {
		f := t.Field(i)
		if f.IsExported() && f.Tag.Get("json") != "-" {
			idx = append(idx, i)
		}
	}
	viewFieldsOf.Store(t, idx)
	return idx
}

// checkKey is the key of a check game's result: the check and everything
// it names with positions, the rules data, the cards its last run used
// (extra, from wbengine.CheckResult.Cards) and the salt.
func (ix *index) checkKey(salt, id string, extra []string) string {
	parts := [][]byte{[]byte("check\x00" + salt + "\x00" + id), []byte(ix.rules)}
	for _, e := range ix.closure(append([]string{id}, extra...)) {
		parts = append(parts, []byte(e.kind+"\x00"+e.id), e.full)
	}
	return hashOf(parts...)
}

// hashOf hashes length-prefixed parts (so that part boundaries count).
func hashOf(parts ...[]byte) string {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		l := len(p)
		for i := range n {
			n[i] = byte(l >> (8 * i))
		}
		h.Write(n[:])
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}
