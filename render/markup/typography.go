package markup

import "strings"

// goFontSpaces maps the spaces the Go fonts lack to the no-break space
// they have (stack notes 2.5: U+202F and U+2009 render as a missing-glyph
// box).
var goFontSpaces = strings.NewReplacer("\u202f", "\u00a0", "\u2009", "\u00a0")

// GoFontSafe returns s with U+202F NARROW NO-BREAK SPACE and U+2009 THIN
// SPACE replaced by U+00A0 NO-BREAK SPACE, for drawing with the Go fonts.
// A no-break space still keeps « attaquez » and "mot !" on one line.
func GoFontSafe(s string) string {
	if !strings.ContainsAny(s, "\u202f\u2009") {
		return s
	}
	return goFontSpaces.Replace(s)
}

// frenchSpaces turns the ordinary space a French writer types before
// ; : ! ? » and after « into a no-break space, so that lines never start
// with that punctuation.
var frenchSpaces = strings.NewReplacer(
	" ;", "\u00a0;", " :", "\u00a0:", " !", "\u00a0!", " ?", "\u00a0?",
	" »", "\u00a0»", "« ", "«\u00a0",
)

// Typography prepares text of language lang ("en" or "fr") for drawing with
// the Go fonts: in French, the space before ; : ! ? » and after « becomes
// unbreakable; in every language, spaces the Go fonts lack become U+00A0
// (GoFontSafe).
func Typography(s, lang string) string {
	if lang == "fr" {
		s = frenchSpaces.Replace(s)
	}
	return GoFontSafe(s)
}
