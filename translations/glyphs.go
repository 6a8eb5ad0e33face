package translations

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// Glyphs checks that the fonts can print every text of the content in
// every language it declares beyond English and French (those the card
// layouts check, card by card): a text holding characters the fonts lack
// (missing lists them, e.g. render.MissingGlyphs) is a problem at the
// text's position in that language, naming each character, instead of a
// box drawn in its place. It is an error for a language the outputs
// publish (published), a warning for one in draft not published yet.
func Glyphs(t *Texts, published []lang.Lang, missing func(string) []rune) diag.List {
	var out diag.List
	for _, l := range t.Languages() {
		if l == lang.English || l == lang.French {
			continue // the card layouts check them, at each card
		}
		pub := false
		for _, p := range published {
			pub = pub || p == l
		}
		for _, x := range t.List() {
			s := t.In(x, l)
			if s == "" {
				continue
			}
			runes := missing(s)
			if len(runes) == 0 {
				continue
			}
			names := make([]string, len(runes))
			for i, r := range runes {
				names[i] = fmt.Sprintf("%c (U+%04X)", r, r)
			}
			msg := fmt.Sprintf("%s text of %s: the fonts have no glyph for %s: the cards, sheets and rulebook cannot print %s texts in this script; write it with characters the fonts carry (Latin, Greek, Cyrillic) or leave %s out of the printed languages",
				LangName(l), strings.Join(x.Path, "."), strings.Join(names, ", "), LangName(l), l)
			pos := t.Pos(x.Path, l, x.Pos)
			if pub {
				out = append(out, diag.Errorf(pos, "", "%s", msg))
			} else {
				out = append(out, diag.Warnf(pos, "", "%s (not printed yet: it is in draft)", msg))
			}
		}
	}
	return out
}
