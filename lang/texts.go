package lang

import (
	"strings"

	"wbtool.dev/wbtool/diag"
)

// TextAt is one text of a game's content at its path (e.g. "characters",
// "copp", "name"), with where it is written: what a translation lock
// tracks, whichever game the text belongs to.
type TextAt struct {
	Path []string
	Text Text
	Pos  diag.Pos
}

// Key is the text's path joined with slashes: "characters/copp/name".
func (t TextAt) Key() string { return strings.Join(t.Path, "/") }

// TextKey is the key of a text's position for its path and language,
// e.g. "equipment/scope/text/fr".
func TextKey(path []string, l Lang) string {
	return strings.Join(path, "/") + "/" + string(l)
}
