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

import "wbtool.dev/wbtool/diag"

// Lang is a language code of the content: "en" or "fr".
type Lang string

// The languages every text is written in.
const (
	English Lang = "en"
	French  Lang = "fr"
)

// Langs lists the content languages in their canonical order.
var Langs = []Lang{English, French}

// Text is a text in both languages.
type Text struct {
	EN string `json:"en"`
	FR string `json:"fr"`
}

// In returns the text in language l.
func (t Text) In(l Lang) string {
	if l == French {
		return t.FR
	}
	return t.EN
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
