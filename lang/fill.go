package lang

import (
	"reflect"
	"sync"
)

var textType = reflect.TypeFor[Text]()

// Fill gives every Text reachable from ptr (a pointer; through struct
// fields, slices, arrays, maps and pointers) a text in language l where
// it has none: fallback(t), e.g. t.EN. A language in draft is published
// this way (its outputs show the source where a text is not translated
// yet). A text that has l already, or whose fallback is "", is left as it
// is; English and French are never filled (a missing one is the draft
// placeholder's).
func Fill(ptr any, l Lang, fallback func(Text) string) {
	if l == English || l == French {
		return
	}
	Rewrite(ptr, func(t Text) (Text, bool) {
		if t.In(l) != "" {
			return t, false
		}
		s := fallback(t)
		if s == "" {
			return t, false
		}
		return t.With(l, s), true
	})
}

// Rewrite replaces every Text reachable from ptr (as Fill walks) by
// fn's, where fn says it changed.
func Rewrite(ptr any, fn func(Text) (Text, bool)) {
	f := filler{fill: fn, seen: map[uintptr]bool{}}
	f.value(reflect.ValueOf(ptr))
}

type filler struct {
	fill func(Text) (Text, bool)
	seen map[uintptr]bool // pointers walked (a value shared or cyclic)
}

// MayHoldText reports whether a value of type t can hold a Text in an
// exported field, directly or through containers (cached per type).
func MayHoldText(t reflect.Type) bool {
	if v, ok := holds.Load(t); ok {
		return v.(bool)
	}
	h := holdsText(t, map[reflect.Type]bool{})
	holds.Store(t, h)
	return h
}

var holds sync.Map // reflect.Type → bool

func holdsText(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == textType {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && holdsText(f.Type, seen) {
				return true
			}
		}
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
		return holdsText(t.Elem(), seen)
	}
	return false
}

func (f *filler) value(v reflect.Value) {
	if !MayHoldText(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || f.seen[v.Pointer()] {
			return
		}
		f.seen[v.Pointer()] = true
		f.value(v.Elem())
	case reflect.Struct:
		if v.Type() == textType {
			if t, ok := f.fill(v.Interface().(Text)); ok && v.CanSet() {
				v.Set(reflect.ValueOf(t))
			}
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.value(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			f.value(v.Index(i))
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			f.value(e)
			v.SetMapIndex(it.Key(), e)
		}
	}
}

// Show is the text to show in l: its text in l, or for a language beyond
// English and French not written yet (one in draft), its English.
func (t Text) Show(l Lang) string {
	if s := t.In(l); s != "" || l == English || l == French {
		return s
	}
	return t.EN
}
