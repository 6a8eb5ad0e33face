// Package termsafe makes strings from content and file names safe to print
// on a terminal.
//
// A check id, a card name or a file name is the designer's (or anyone's)
// text: printed raw, an escape sequence in it can clear the terminal, set
// its title, move the cursor back over the line ("\r999 passed, 0 failed")
// or reverse the direction of what follows (U+202E). String replaces every
// such character with a visible escape, and keeps all ordinary text
// (accented letters, ’, no-break spaces, emoji) as it is.
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// String returns s with every character that could drive a terminal
// written as a visible escape:
//
//   - C0 controls (U+0000–U+001F, tab and newline included) and DEL as
//     \x1b, \x07, \x0a…;
//   - C1 controls (U+0080–U+009F) as \u009b;
//   - bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
//     U+2066–U+2069) and the line and paragraph separators U+2028, U+2029
//     as \u202e…;
//   - bytes that are not UTF-8 as \xff.
//
// Backslashes are left alone, so String is idempotent: its result has
// nothing left to escape.
func String(s string) string {
	i := unsafeIndex(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Lines is String for text of several lines: every line is escaped and
// the newlines between them are kept.
func Lines(s string) string {
	if unsafeIndex(s) < 0 {
		return s
	}
	parts := strings.Split(s, "\n")
	for i, p := range parts {
		parts[i] = String(p)
	}
	return strings.Join(parts, "\n")
}

// Safe reports whether s prints as itself.
func Safe(s string) bool { return unsafeIndex(s) < 0 }

// unsafeIndex returns the byte offset of the first character String
// escapes, or -1.
func unsafeIndex(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || unsafeRune(r) {
			return i
		}
		i += size
	}
	return -1
}

// unsafeRune reports the non-ASCII characters String escapes.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1 controls: CSI, OSC, NEL…
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f: // ALM, LRM, RLM
		return true
	case r >= 0x202a && r <= 0x202e: // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	}
	return false
}
