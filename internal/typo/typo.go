// Package typo holds the French typographic spacing shared by the print
// sheets (render) and the site: one set of rules, one implementation.
//
// The rules (French, Imprimerie nationale usage):
//
//   - a narrow no-break space (U+202F, espace fine insécable) goes before
//     ; ! ? and », and after «;
//   - a no-break space (U+00A0) goes before :;
//   - a space the writer typed there (ordinary, no-break or narrow) is
//     replaced by the right one;
//   - a missing space is added only where the mark closes a word: after a
//     letter, ) or * and before a space, the end of the text or more
//     closing punctuation, so 10:30, http://, "?!" and "a;b" stay as they
//     are; » always closes (a space is also added after a digit or . ! ?);
//   - nothing else is touched: < > & and every other character are not
//     French high punctuation.
//
// French works on plain text, before any escaping (HTML, PDF): a mark must
// never be found inside an entity such as &lt; or &amp;.
package typo

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	// NNBSP is U+202F NARROW NO-BREAK SPACE, the espace fine insécable.
	NNBSP = "\u202f"
	// NBSP is U+00A0 NO-BREAK SPACE.
	NBSP = "\u00a0"
)

// isSpace reports the spaces French replaces around punctuation.
func isSpace(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\u202f' }

// French returns s with the French spaces of the package rules. prevWord
// says whether s directly follows a word written elsewhere (the end of an
// emphasis, a link or an icon before this piece of text), so that ": suite"
// after "**mot**" gets its space.
//
// It works in one pass in time linear in len(s): the spaces met are held
// back until the next character shows whether they stand before a mark.
func French(s string, prevWord bool) string {
	if !strings.ContainsAny(s, ";:!?«»") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/4) // room for the added spaces (3 bytes each)
	var (
		pending  []byte // spaces read but not yet written
		prev     rune   // the last character written, spaces excluded
		wroteAny bool   // something other than spaces was written
	)
	flush := func() {
		b.Write(pending)
		pending = pending[:0]
	}
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch c {
		case ';', ':', '!', '?', '»':
			space := NNBSP
			if c == ':' {
				space = NBSP
			}
			hadSpace := len(pending) > 0
			atStart := !wroteAny
			next, _ := utf8.DecodeRuneInString(s[i:])
			if i >= len(s) {
				next = 0
			}
			endsWord := next == 0 || unicode.IsSpace(next) || strings.ContainsRune(";:!?».,)", next)
			letterBefore := unicode.IsLetter(prev) || prev == ')' || prev == '*'
			if atStart && !hadSpace {
				letterBefore = prevWord
			}
			if c == '»' {
				endsWord = true
				letterBefore = letterBefore || unicode.IsDigit(prev) || prev == '.' || prev == '!' || prev == '?'
			}
			switch {
			case hadSpace && (!atStart || prevWord):
				pending = pending[:0]
				b.WriteString(space)
			case !hadSpace && letterBefore && endsWord:
				b.WriteString(space)
			default:
				flush()
			}
			b.WriteRune(c)
		case '«':
			flush()
			b.WriteRune(c)
			for i < len(s) {
				r, n := utf8.DecodeRuneInString(s[i:])
				if !isSpace(r) {
					break
				}
				i += n
			}
			if i < len(s) {
				// held back: « » gets one space before », not two
				pending = append(pending, NNBSP...)
			}
		default:
			if isSpace(c) {
				pending = utf8.AppendRune(pending, c)
				continue
			}
			flush()
			b.WriteRune(c)
		}
		prev, wroteAny = c, true
	}
	flush()
	return b.String()
}
