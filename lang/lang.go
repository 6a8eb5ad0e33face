// Package lang holds what every game's texts share: the content
// languages, a text written in each of them, the draft placeholders (a
// text that lacks a language, listed by a game loaded in draft mode), and
// the two text types the shared site frame reads from any game (a
// glossary term and a rules page in one language).
//
// It is neutral (no game's package imports come here) and plain Go: the
// standard library and package diag for positions. Warbound's catalog
// keeps these under its own names as aliases (wbcatalog.Text is lang.Text),
// so the values are one type whichever name a package uses.
package lang

import (
	"slices"

	"wbtool.dev/wbtool/diag"
)

// Lang is a language code of the content: "en", "fr", "de" (ISO 639).
type Lang string

// The languages every game's content writes today: the source language
// (English) and the first translation (French).
const (
	English Lang = "en"
	French  Lang = "fr"
)

// Langs lists the languages every content writes, in their canonical
// order. Content may declare more (Text.More): a game lists its own
// (e.g. Warstuff's `languages` in game.cue) and every stage iterates those.
var Langs = []Lang{English, French}

// IsCode reports whether s is written as a language code: two or three
// lower-case letters ("en", "de", "gsw"), as content declares them.
func IsCode(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// Endonym is the language's name in itself, for the language switches:
// "Deutsch", "Ελληνικά"; a code not listed is named by itself.
func (l Lang) Endonym() string {
	if n, ok := endonyms[l]; ok {
		return n
	}
	return string(l)
}

// Locale is the language as Open Graph's og:locale writes it: "de_DE";
// a code not listed is written alone.
func (l Lang) Locale() string {
	if n, ok := locales[l]; ok {
		return n
	}
	return string(l)
}

var (
	endonyms = map[Lang]string{English: "English", French: "Français", "de": "Deutsch", "es": "Español", "it": "Italiano",
		"nl": "Nederlands", "pt": "Português", "pl": "Polski", "el": "Ελληνικά", "ru": "Русский", "uk": "Українська", "ja": "日本語"}
	locales = map[Lang]string{English: "en_GB", French: "fr_FR", "de": "de_DE", "es": "es_ES", "it": "it_IT",
		"nl": "nl_NL", "pt": "pt_PT", "pl": "pl_PL", "el": "el_GR", "ru": "ru_RU", "uk": "uk_UA", "ja": "ja_JP"}
)

// Text is a text in the content's languages: English and French in their
// fields (the languages every game's content writes, so the hundreds of
// built-in labels keep their literal form), any other declared language in
// More. Read and write it by language with In and With, whichever the
// language. Its JSON is the struct's: "en", "fr", and "more" with the
// other languages when there are any ({"en":…,"fr":…} for a text in
// English and French only, as it always was: no marshaller of its own,
// so that encoding a catalog of 25,000 cards costs what it did).
type Text struct {
	EN string `json:"en"`
	FR string `json:"fr"`
	// More are the texts in the declared languages beyond English and
	// French, by language; nil when there are none. Never written in
	// place: With returns a text with its own copy.
	More map[Lang]string `json:"more,omitempty"`
}

// In returns the text in language l ("" when it is not written).
func (t Text) In(l Lang) string {
	switch l {
	case English:
		return t.EN
	case French:
		return t.FR
	}
	return t.More[l]
}

// With returns t with s as its text in language l; t is unchanged (More
// is copied, never shared with t).
func (t Text) With(l Lang, s string) Text {
	switch l {
	case English:
		t.EN = s
	case French:
		t.FR = s
	default:
		m := make(map[Lang]string, len(t.More)+1)
		for k, v := range t.More {
			m[k] = v
		}
		if s == "" {
			delete(m, l)
		} else {
			m[l] = s
		}
		if len(m) == 0 {
			m = nil
		}
		t.More = m
	}
	return t
}

// IsZero reports whether the text is written in no language.
func (t Text) IsZero() bool { return t.EN == "" && t.FR == "" && len(t.More) == 0 }

// Equal reports whether t and u are the same text in every language.
func (t Text) Equal(u Text) bool {
	if t.EN != u.EN || t.FR != u.FR || len(t.More) != len(u.More) {
		return false
	}
	for l, s := range t.More {
		if v, ok := u.More[l]; !ok || v != s {
			return false
		}
	}
	return true
}

// MoreLangs are the languages of More, in code order.
func (t Text) MoreLangs() []Lang {
	out := make([]Lang, 0, len(t.More))
	for l := range t.More {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// Draft-mode placeholders for a missing language: a game loaded in draft
// mode shows them in place of the missing text on every output, and lists
// where it used them (MissingText).
const (
	MissingEN = "[missing English text]"
	MissingFR = "[texte français manquant]"
)

// MissingText is a text that lacks one language (draft mode only): the
// pipeline's draft report lists them, and the outputs show a visible
// placeholder instead.
type MissingText struct {
	Pos  diag.Pos `json:"pos"`
	Path string   `json:"path"`
	Lang Lang     `json:"lang"`
}

// RulesPage is one chapter of the rules in one language.
type RulesPage struct {
	Lang   Lang   `json:"lang"`
	Path   string `json:"path"` // file name as shown in error positions
	Source []byte `json:"-"`
}

// Term is a glossary entry.
type Term struct {
	ID         string   `json:"id"`
	Term       Text     `json:"term"`
	Definition Text     `json:"definition"`
	Pos        diag.Pos `json:"-"`
}

// Figure is a figure of the rules pages drawn from the game's data,
// written [[kind:id args…]]: a card's front ([[card:copp]]), a map
// excerpt with units placed ([[map:first-contact b2..e4 copp@c3]]), a
// token ([[token:wound]]) or a dice diagram ([[dice:d6 2 4 6 4+]]). The
// kinds are the site kit's (site.FigureKinds); the id and the arguments
// mean what the game says (its boards, tokens and dice).
type Figure struct {
	Kind, ID string
	Args     []string
}

// String is the figure as written in a rules page.
func (f Figure) String() string {
	s := "[[" + f.Kind + ":" + f.ID
	for _, a := range f.Args {
		s += " " + a
	}
	return s + "]]"
}
