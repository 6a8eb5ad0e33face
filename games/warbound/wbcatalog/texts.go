package wbcatalog

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/lang"
)

// TextAt is one bilingual text of the content with its content path (the
// CUE field path, e.g. ["characters", "copp", "name"]) and the position
// of the entity that holds it.
type TextAt = lang.TextAt

// BilingualTexts lists every text of the content written in both
// languages (names, card texts, flavour, glossary, interface strings),
// sorted by path: the texts a translation lock tracks. Check games and
// rules pages are not included (rules pages are one file per language).
func (c *Catalog) BilingualTexts() []TextAt {
	var out []TextAt
	c.EachText(func(t TextAt, _ *Text) { out = append(out, t) })
	sortTexts(out)
	return out
}

// EachText calls f with every text BilingualTexts lists, in the
// catalog's order, and a pointer to the text inside c: a caller that
// owns c (a copy of its containers, as wbcards.Drafted makes) may rewrite
// it.
func (c *Catalog) EachText(f func(at TextAt, t *Text)) {
	cv := reflect.ValueOf(c).Elem()
	ct := cv.Type()
	for i := range ct.NumField() {
		fd := ct.Field(i)
		name := jsonName(fd)
		if name == "" || name == "checks" || fd.Type.Kind() != reflect.Slice {
			continue
		}
		s := cv.Field(i)
		for j := range s.Len() {
			e := s.Index(j)
			if e.Kind() != reflect.Struct {
				continue
			}
			id := e.FieldByName("ID")
			if !id.IsValid() || id.Kind() != reflect.String {
				continue
			}
			pos, _ := posOf(e)
			if u, ok := e.Addr().Interface().(*UIString); ok {
				// strings: "key": {en, fr}
				f(TextAt{Path: []string{name, u.ID}, Text: u.Text, Pos: pos}, &u.Text)
				continue
			}
			walkTexts(e, []string{name, id.String()}, pos, f)
		}
	}
}

var textType = reflect.TypeFor[Text]()

// walkTexts visits the texts of v, an addressable value.
func walkTexts(v reflect.Value, path []string, pos Pos, f func(TextAt, *Text)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkTexts(v.Elem(), path, pos, f)
		}
	case reflect.Slice:
		for i := range v.Len() {
			walkTexts(v.Index(i), append(path[:len(path):len(path)], strconv.Itoa(i)), pos, f)
		}
	case reflect.Struct:
		if v.Type() == textType {
			t := v.Addr().Interface().(*Text)
			f(TextAt{Path: path, Text: *t, Pos: pos}, t)
			return
		}
		if p, ok := posOf(v); ok && p.File != "" {
			pos = p
		}
		t := v.Type()
		for i := range t.NumField() {
			if name := jsonName(t.Field(i)); name != "" && t.Field(i).Name != "Effect" {
				walkTexts(v.Field(i), append(path[:len(path):len(path)], name), pos, f)
			}
		}
	}
}

// posOf is the Pos field of a struct value.
func posOf(v reflect.Value) (Pos, bool) {
	f := v.FieldByName("Pos")
	if !f.IsValid() {
		return Pos{}, false
	}
	p, ok := f.Interface().(Pos)
	return p, ok
}

// jsonName is the field's JSON (and CUE) name, "" when it has none.
func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "-" || name == "" {
		return ""
	}
	return name
}

func sortTexts(ts []TextAt) {
	keys := make([]string, len(ts))
	for i := range ts {
		keys[i] = ts[i].Key()
	}
	sort.Sort(byKey{ts, keys})
}

type byKey struct {
	ts   []TextAt
	keys []string
}

func (b byKey) Len() int           { return len(b.ts) }
func (b byKey) Less(i, j int) bool { return b.keys[i] < b.keys[j] }
func (b byKey) Swap(i, j int) {
	b.ts[i], b.ts[j] = b.ts[j], b.ts[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}

// EffectText is a card text that has an engine effect: the text a
// designer reads and the effect the engine plays.
type EffectText struct {
	TextAt
	Effect *Effect
}

// EffectTexts lists the texts with an engine effect (skills, Equipment,
// Vocations), sorted by path.
func (c *Catalog) EffectTexts() []EffectText {
	var out []EffectText
	for _, s := range c.Skills {
		if s.Effect != nil {
			out = append(out, EffectText{TextAt{Path: []string{"skills", s.ID, "text"}, Text: s.Text, Pos: s.Pos}, s.Effect})
		}
	}
	for _, e := range c.Equipment {
		if e.Effect != nil {
			out = append(out, EffectText{TextAt{Path: []string{"equipment", e.ID, "text"}, Text: e.Text, Pos: e.Pos}, e.Effect})
		}
	}
	for _, v := range c.Vocations {
		if v.Effect != nil {
			out = append(out, EffectText{TextAt{Path: []string{"vocations", v.ID, "text"}, Text: v.Text, Pos: v.Pos}, v.Effect})
		}
	}
	return out
}
