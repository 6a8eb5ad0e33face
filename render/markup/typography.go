package markup

import (
	"strings"

	"wbtool.dev/wbtool/internal/typo"
)

// goFontSpaces maps the spaces the Go fonts lack to the no-break space
// they have (stack notes 2.5: U+202F and U+2009 render as a missing-glyph
// box).
var goFontSpaces = strings.NewReplacer("\u202f", "\u00a0", "\u2009", "\u00a0")

// GoFontSafe returns s with U+202F NARROW NO-BREAK SPACE and U+2009 THIN
// SPACE replaced by U+00A0 NO-BREAK SPACE, for drawing with the Go fonts.
// A no-break space still keeps « attaquez » and "mot !" on one line.
func GoFontSafe(s string) string {
	// two searches: strings.ContainsAny with runes beyond ASCII decodes
	// and looks up every rune of s, a tenth of the layout's time
	if !strings.Contains(s, "\u202f") && !strings.Contains(s, "\u2009") {
		return s
	}
	return goFontSpaces.Replace(s)
}

// Typography prepares text of language lang ("en" or "fr") for drawing with
// the Go fonts: in French, the spaces of typo.French (the rules shared with
// the site: a no-break space before ; : ! ? » and after «, added where
// missing); in every language, spaces the Go fonts lack become U+00A0
// (GoFontSafe).
func Typography(s, lang string) string { return TypographyRun(s, lang, false) }

// TypographyRun is Typography for a run of a paragraph; prevWord says
// whether the run directly follows another (an emphasis, an icon), so that
// ": suite" after "*mot*" gets its space as it does on the site.
func TypographyRun(s, lang string, prevWord bool) string {
	if lang == "fr" {
		s = typo.French(s, prevWord)
	}
	return GoFontSafe(s)
}
