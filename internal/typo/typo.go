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
	// ASCII first: strings.ContainsAny with « » decodes every rune of s
	if !strings.ContainsAny(s, ";:!?") && !strings.Contains(s, "«") && !strings.Contains(s, "»") {
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

// NumberSpaces returns s with the space after a number made a no-break
// space (U+00A0), so that a line never ends between a number and what it
// counts: "take 2 Stress", "retirez 1 jeton", "+1 " before an icon. A
// number is a word of digits, with an optional sign before and "+" after
// ("6+ hit"); the space becomes no-break when a letter or the end of s
// follows it (at the end of s, what follows is the next piece of the
// text: an icon, an emphasis). Every language; linear in len(s).
func NumberSpaces(s string) string {
	if !strings.ContainsAny(s, "0123456789") || !strings.Contains(s, " ") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	wordStart := true // at the start of a word
	for i := 0; i < len(s); {
		if !wordStart {
			c, n := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+n])
			i += n
			wordStart = c == ' ' || c == '(' || c == '\u00a0' || c == '\u202f'
			continue
		}
		// a number word: [+−-]digits[+]
		j := i
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		} else if strings.HasPrefix(s[j:], "−") {
			j += len("−")
		}
		d := j
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == d { // not a number
			wordStart = false
			continue
		}
		if j < len(s) && s[j] == '+' {
			j++
		}
		b.WriteString(s[i:j])
		i = j
		if i < len(s) && s[i] == ' ' {
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			if i+1 == len(s) || unicode.IsLetter(next) {
				b.WriteString(NBSP)
				i++
				continue // the next word starts
			}
		}
		wordStart = false
	}
	return b.String()
}
