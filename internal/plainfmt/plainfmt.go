// Package plainfmt formats the deck and band checkers' messages and ids
// (Slug) without package fmt, and quotes strings as encoding/json does
// without it: the checkers are compiled to WebAssembly for the site's
// builders, and fmt and encoding/json bring reflect with them (a third
// of the module's gzipped bytes). Its output is fmt's and encoding/json's
// for what it supports (TestSprintfIsFmt, TestJSONStringIsJSON).
// Standard library only.
package plainfmt

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Sprintf is fmt.Sprintf for the verbs %s, %v, %q and %d (no flags,
// width or precision), explicit argument indexes (%[2]s) and %%, on
// arguments that are strings, ints, errors or have a String method.
// Anything else is written as fmt writes a bad verb ("%!s(…)"), never
// panics.
func Sprintf(format string, args ...any) string {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		i++
		if i == len(format) {
			b.WriteString("%!(NOVERB)")
			break
		}
		if format[i] == '%' {
			b.WriteByte('%')
			continue
		}
		if format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			n, err := strconv.Atoi(format[i+1 : i+max(end, 1)])
			if end < 0 || err != nil || n < 1 || i+end+1 >= len(format) {
				b.WriteString("%!(BADINDEX)")
				return b.String()
			}
			next = n - 1
			i += end + 1
		}
		verb := format[i]
		if next >= len(args) {
			b.WriteString("%!" + string(verb) + "(MISSING)")
			continue
		}
		b.WriteString(arg(verb, args[next]))
		next++
	}
	return b.String()
}

// arg is one argument written with verb.
func arg(verb byte, a any) string {
	var s string
	switch v := a.(type) {
	case string:
		s = v
	case interface{ Error() string }:
		s = v.Error()
	case interface{ String() string }:
		s = v.String()
	case int:
		if verb == 'd' || verb == 'v' {
			return strconv.Itoa(v)
		}
		return "%!" + string(verb) + "(int=" + strconv.Itoa(v) + ")"
	default:
		return "%!" + string(verb) + "(unsupported)"
	}
	switch verb {
	case 's', 'v':
		return s
	case 'q':
		return strconv.Quote(s)
	}
	return "%!" + string(verb) + "(string=" + s + ")"
}

// JSONString is s as json.Marshal writes a string: quoted, with <, > and
// & escaped for HTML, U+2028 and U+2029 escaped, invalid UTF-8 replaced
// by U+FFFD.
func JSONString(s string) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c == '\b':
				b.WriteString(`\b`)
			case c == '\f':
				b.WriteString(`\f`)
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xF])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&0xF])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// Slug makes an id (lower-case kebab, as content ids are) from a name
// typed in a builder: "Smoke & Scrap" → "smoke-scrap", "Fumée" → "fumee",
// at most 60 characters; empty when nothing is left.
func Slug(name, empty string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if f, ok := fold[r]; ok {
			b.WriteString(f)
			dash = false
			continue
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
			continue
		}
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-")
	if len(s) > 60 {
		s = strings.Trim(s[:60], "-")
	}
	if s == "" {
		return empty
	}
	return s
}

// fold spells the accented letters of French names in ASCII.
var fold = func() map[rune]string {
	m := map[rune]string{'œ': "oe", 'æ': "ae", 'ß': "ss"}
	for _, g := range []struct{ to, from string }{
		{"a", "àáâãäå"}, {"c", "ç"}, {"e", "èéêë"}, {"i", "ìíîï"}, {"n", "ñ"},
		{"o", "òóôõöø"}, {"u", "ùúûü"}, {"y", "ýÿ"},
	} {
		for _, r := range g.from {
			m[r] = g.to
		}
	}
	return m
}()
