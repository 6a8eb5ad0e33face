package wbcards

import (
	"reflect"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/lang"
)

// Draft mode (issue 14 item 9). The loader fills a missing translation with
// a placeholder (schema.MissingEN, schema.MissingFR) and lists it in
// Catalog.Draft; the engine data keeps the placeholder. What a person
// reads — the card sheets, the card images, the kit sheets and the site —
// shows instead the other language's text, marked untranslated with its
// language code in brackets: "[EN] Grim look" on a French card. The
// prefix, rather than italics or a flag drawn beside the text, is plain
// text: it reads the same in a card title, a rules text (whose markup may
// already use italics), a PDF bookmark, an SVG title, a page title, the
// search index and pdftotext, and it needs nothing from the layout.

// The placeholders of package schema (render does not import it: it would
// pull in CUE; a test checks they agree).
const (
	missingEN = "[missing English text]"
	missingFR = "[texte français manquant]"
)

// UntranslatedMark returns the mark put before a text shown in language
// from because the other language has none: "[EN] ".
func UntranslatedMark(from wbcatalog.Lang) string {
	if from == wbcatalog.French {
		return "[FR] "
	}
	return "[EN] "
}

// DraftText returns t with a missing translation replaced by the other
// language's text, marked (UntranslatedMark).
func DraftText(t wbcatalog.Text) wbcatalog.Text {
	if t.EN == missingEN && t.FR != missingFR && t.FR != "" {
		t.EN = UntranslatedMark(wbcatalog.French) + t.FR
	}
	if t.FR == missingFR && t.EN != missingEN && t.EN != "" {
		t.FR = UntranslatedMark(wbcatalog.English) + t.EN
	}
	return t
}

// Stale translations (issue 16). A translation whose source text changed
// since a translator accepted it (wbcatalog.Catalog.Stale) is tagged the
// same way in draft printing (wbcatalog.Catalog.MarkStale, set by the build
// with --draft): "[to review] Before a :shoot:…" on an English card, in
// the translation's language, from the one label table (print.stale).
// Prints made without --draft are not tagged: they are the sheets that
// go to playtesters and print shops, a stale translation is a warning
// that --strict refuses, and a tag on a card face is anything but
// discreet. The site marks them discreetly in every build (package
// site).

// StaleMark returns the tag put before a stale translation in language
// l: "[to review] ".
func StaleMark(cat *wbcatalog.Catalog, l wbcatalog.Lang) string {
	return label(cat, "print.stale", l) + " "
}

// Drafted returns the catalog the renderers and the site read: cat itself
// when no translation is missing and no stale translation is to be
// tagged, else a deep copy whose every missing translation shows the
// other language, marked (DraftText), whose stale translations are
// tagged when cat.MarkStale asks for it (StaleMark), and whose Draft and
// Stale lists are empty (so that Drafted(Drafted(c)) copies once and
// tags once; MarkStale stays set: its texts are tagged).
func Drafted(cat *wbcatalog.Catalog) *wbcatalog.Catalog {
	if cat == nil {
		return cat
	}
	mark := cat.MarkStale && len(cat.Stale) > 0
	if len(cat.Draft) == 0 && !mark {
		return cat
	}
	c := *cat
	c.Draft, c.Stale = nil, nil
	v := reflect.ValueOf(&c).Elem()
	d := drafter{ptrs: map[uintptr]reflect.Value{}}
	d.walk(v)
	if mark {
		tags := map[wbcatalog.Lang]string{}
		for _, l := range wbcatalog.Langs {
			tags[l] = StaleMark(cat, l)
		}
		c.EachText(func(at wbcatalog.TextAt, t *wbcatalog.Text) {
			if cat.Stale[wbcatalog.TextKey(at.Path, wbcatalog.English)] {
				t.EN = tags[wbcatalog.English] + t.EN
			}
			if cat.Stale[wbcatalog.TextKey(at.Path, wbcatalog.French)] {
				t.FR = tags[wbcatalog.French] + t.FR
			}
		})
	}
	return &c
}

var textType = reflect.TypeFor[wbcatalog.Text]()

// drafter deep-copies the containers of a value (the shallow copy of a
// struct shares its slices, maps and pointers with the original) and
// rewrites the Texts it finds.
type drafter struct {
	ptrs map[uintptr]reflect.Value // original pointer → copy, for shared pointers
}

// walk rewrites v in place; v is addressable and already a copy.
func (d drafter) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == textType {
			if v.CanSet() {
				v.Set(reflect.ValueOf(DraftText(v.Interface().(wbcatalog.Text))))
			}
			return
		}
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() && mayHoldText(f.Type()) {
				d.walk(f)
			}
		}
	case reflect.Slice:
		if v.IsNil() || !mayHoldText(v.Type().Elem()) {
			return
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(n, v)
		for i := range n.Len() {
			d.walk(n.Index(i))
		}
		v.Set(n)
	case reflect.Array:
		for i := range v.Len() {
			d.walk(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() || !mayHoldText(v.Type().Elem()) {
			return
		}
		n := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			d.walk(e)
			n.SetMapIndex(it.Key(), e)
		}
		v.Set(n)
	case reflect.Pointer:
		if v.IsNil() || !mayHoldText(v.Type().Elem()) {
			return
		}
		if p, ok := d.ptrs[v.Pointer()]; ok {
			v.Set(p)
			return
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(v.Elem())
		d.ptrs[v.Pointer()] = p
		d.walk(p.Elem())
		v.Set(p)
	}
}

// mayHoldText reports whether a value of type t can hold a text in an
// exported field, directly or through containers.
func mayHoldText(t reflect.Type) bool { return lang.MayHoldText(t) }
