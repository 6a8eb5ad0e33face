package translations

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// gettext PO, as Poedit, Weblate and msgfmt read it: a header entry (the
// language, UTF-8), then one entry per text with msgctxt = the text's key.
// Flags follow Weblate: `#, fuzzy` for a translation to review (with the
// previous source as `#| msgid`, as `msgmerge --previous` writes it) and
// `#, max-length:N` for the card's room. Lines are broken only after a
// newline inside a text, so that an entry reads as the text does.

// WritePO is f as a PO file. The same file always gives the same bytes
// (no date).
func WritePO(f *File) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s: %s translation of the content (source: %s).\n", f.Game, LangName(f.Lang), LangName(f.Source))
	b.WriteString("# Exported by `wbtool i18n export`; read back with `wbtool i18n import FILE`.\n")
	b.WriteString("# msgctxt is the text's key in the content: keep it as it is.\n")
	b.WriteString("msgid \"\"\nmsgstr \"\"\n")
	for _, h := range []string{
		"Project-Id-Version: " + f.Game,
		"PO-Revision-Date: ",
		"Last-Translator: ",
		"Language-Team: ",
		"Language: " + string(f.Lang),
		"MIME-Version: 1.0",
		"Content-Type: text/plain; charset=UTF-8",
		"Content-Transfer-Encoding: 8bit",
		"X-Source-Language: " + string(f.Source),
		"X-Generator: wbtool",
	} {
		b.WriteString(poQuote(h+"\n") + "\n")
	}
	for _, e := range f.Entries {
		b.WriteByte('\n')
		for _, c := range e.Comments {
			for _, line := range strings.Split(c, "\n") {
				b.WriteString(strings.TrimRight("#. "+line, " ") + "\n")
			}
		}
		for _, r := range e.Refs {
			b.WriteString("#: " + r + "\n")
		}
		var flags []string
		if e.Fuzzy {
			flags = append(flags, "fuzzy")
		}
		if e.MaxLen > 0 {
			flags = append(flags, fmt.Sprintf("max-length:%d", e.MaxLen))
		}
		if len(flags) > 0 {
			b.WriteString("#, " + strings.Join(flags, ", ") + "\n")
		}
		if e.HasPrevious {
			writePOString(&b, "#| msgctxt", e.Key)
			writePOString(&b, "#| msgid", e.Previous)
		}
		writePOString(&b, "msgctxt", e.Key)
		writePOString(&b, "msgid", e.Source)
		writePOString(&b, "msgstr", e.Target)
	}
	return b.Bytes()
}

// writePOString writes keyword and s, on several lines when s holds a
// newline (each line of the continuation starts like the keyword: "#| "
// for a previous string).
func writePOString(b *bytes.Buffer, keyword, s string) {
	parts := splitAfterNewlines(s)
	if len(parts) <= 1 {
		b.WriteString(keyword + " " + poQuote(s) + "\n")
		return
	}
	prefix := ""
	if strings.HasPrefix(keyword, "#| ") {
		prefix = "#| "
	}
	b.WriteString(keyword + " \"\"\n")
	for _, p := range parts {
		b.WriteString(prefix + poQuote(p) + "\n")
	}
}

func splitAfterNewlines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 || i == len(s)-1 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// poQuote is s as a PO string: C escapes for the backslash, the quote and
// control characters, UTF-8 as it is.
func poQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\%03o`, r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// poUnquote reads a quoted PO string; col is its column, for the error.
func poUnquote(s string) (string, int, error) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", 0, fmt.Errorf("expected a string in double quotes")
	}
	var b strings.Builder
	body := s[1 : len(s)-1]
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '"':
			return "", i + 1, fmt.Errorf("a double quote inside a string must be written \\\"")
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(body) {
			return "", i, fmt.Errorf("the string ends with a lone backslash")
		}
		switch c := body[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '\\', '"', '\'', '?':
			b.WriteByte(c)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(body) && j < i+3 && body[j] >= '0' && body[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(body[i:j], 8, 8)
			b.WriteByte(byte(n))
			i = j - 1
		case 'x':
			j := i + 1
			for j < len(body) && isHex(body[j]) {
				j++
			}
			n, err := strconv.ParseUint(body[i+1:j], 16, 8)
			if err != nil {
				return "", i, fmt.Errorf("cannot read the escape \\x%s", body[i+1:j])
			}
			b.WriteByte(byte(n))
			i = j - 1
		default:
			return "", i, fmt.Errorf("unknown escape \\%c", c)
		}
	}
	return b.String(), 0, nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// poField is the entry part a line continues.
type poField int

const (
	poNone poField = iota
	poCtxt
	poID
	poPlural
	poStr
	poPrevCtxt
	poPrevID
)

// ParsePO reads a PO file (name names it in positions). Every problem is
// reported at its line and column; entries that could be read are
// returned even when some could not.
func ParsePO(src []byte, name string) (*File, diag.List) {
	f := &File{}
	var problems diag.List
	bad := func(line, col int, format string, args ...any) {
		problems = append(problems, diag.Errorf(diag.Pos{File: name, Line: line, Col: col}, "", format, args...))
	}
	type raw struct {
		e                 Entry
		ctxt, id, str     *string
		hasCtxt, plural   bool
		flagsMaxLen       string
		flagsLine         int
		prevCtxt          string
		started, obsolete bool
		idLine, strLine   int
		strCol, startLine int
		hasID, hasStr     bool
	}
	var cur raw
	var entries []raw
	flush := func() {
		if cur.started && !cur.obsolete {
			entries = append(entries, cur)
		}
		cur = raw{}
	}
	field := poNone
	begin := func(n int) {
		if cur.hasStr || cur.obsolete {
			flush()
		}
		if !cur.started {
			cur.started, cur.startLine = true, n
		}
	}
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	for i, line := range strings.Split(string(src), "\n") {
		n := i + 1
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimLeft(line, " \t")
		col := len(line) - len(trimmed) + 1
		switch {
		case trimmed == "":
			if cur.hasStr || cur.obsolete {
				flush()
			}
			field = poNone
			continue
		case strings.HasPrefix(trimmed, "#~"):
			begin(n)
			cur.obsolete = true // an obsolete entry: not a text
			continue
		case strings.HasPrefix(trimmed, "#|"):
			begin(n)
			rest := strings.TrimLeft(trimmed[2:], " ")
			rcol := col + len(trimmed) - len(rest)
			kw, val, ok := cutKeyword(rest)
			if !ok && strings.HasPrefix(rest, `"`) {
				kw, val = "", rest
			}
			s, c, err := poUnquote(strings.TrimSpace(val))
			if err != nil {
				bad(n, rcol+len(kw)+1+c, "%v", err)
				continue
			}
			switch kw {
			case "msgctxt":
				cur.prevCtxt, field = s, poPrevCtxt
			case "msgid":
				cur.e.Previous, cur.e.HasPrevious, field = s, true, poPrevID
			case "":
				switch field {
				case poPrevID:
					cur.e.Previous += s
				case poPrevCtxt:
					cur.prevCtxt += s
				default:
					bad(n, rcol, "a continued previous string (#| \"…\") must follow #| msgid or #| msgctxt")
				}
			default:
				bad(n, rcol, "unexpected %q in a previous string (#| msgctxt or #| msgid)", kw)
			}
			continue
		case strings.HasPrefix(trimmed, "#."):
			begin(n)
			cur.e.Comments = append(cur.e.Comments, strings.TrimPrefix(strings.TrimPrefix(trimmed, "#."), " "))
			continue
		case strings.HasPrefix(trimmed, "#:"):
			begin(n)
			cur.e.Refs = append(cur.e.Refs, strings.Fields(trimmed[2:])...)
			continue
		case strings.HasPrefix(trimmed, "#,"):
			begin(n)
			for _, fl := range strings.Split(trimmed[2:], ",") {
				fl = strings.TrimSpace(fl)
				switch {
				case fl == "fuzzy":
					cur.e.Fuzzy = true
				case strings.HasPrefix(fl, "max-length:"):
					cur.flagsMaxLen, cur.flagsLine = strings.TrimPrefix(fl, "max-length:"), n
				}
			}
			continue
		case strings.HasPrefix(trimmed, "#"):
			begin(n) // a translator's comment
			continue
		case strings.HasPrefix(trimmed, `"`):
			s, c, err := poUnquote(trimmed)
			if err != nil {
				bad(n, col+c, "%v", err)
				continue
			}
			switch field {
			case poCtxt:
				*cur.ctxt += s
			case poID:
				*cur.id += s
			case poStr:
				*cur.str += s
			case poPlural:
			default:
				bad(n, col, "a string with no msgid, msgctxt or msgstr before it")
			}
			continue
		}
		kw, val, ok := cutKeyword(trimmed)
		if !ok {
			bad(n, col, "cannot read this line: expected msgctxt, msgid, msgstr, a quoted string or a # comment")
			continue
		}
		vcol := col + len(kw) + 1 + (len(val) - len(strings.TrimLeft(val, " \t")))
		s, c, err := poUnquote(strings.TrimSpace(val))
		if err != nil {
			bad(n, vcol+c, "%v", err)
			s = ""
		}
		switch {
		case kw == "msgctxt":
			begin(n)
			if cur.hasID {
				bad(n, col, "msgctxt must come before msgid")
			}
			cur.ctxt, cur.hasCtxt, field = &s, true, poCtxt
			cur.e.Pos = diag.Pos{File: name, Line: n, Col: col}
		case kw == "msgid":
			begin(n)
			if cur.hasID {
				bad(n, col, "a second msgid in one entry: separate entries with a blank line")
			}
			cur.id, cur.hasID, cur.idLine, field = &s, true, n, poID
			if !cur.hasCtxt {
				cur.e.Pos = diag.Pos{File: name, Line: n, Col: col}
			}
		case kw == "msgid_plural":
			cur.plural, field = true, poPlural
		case kw == "msgstr" || strings.HasPrefix(kw, "msgstr["):
			if !cur.hasID {
				bad(n, col, "msgstr with no msgid before it")
				field = poNone
				continue
			}
			if cur.hasStr {
				if cur.plural {
					field = poPlural
					continue
				}
				bad(n, col, "a second msgstr in one entry")
				continue
			}
			cur.str, cur.hasStr, cur.strLine, cur.strCol, field = &s, true, n, vcol, poStr
		default:
			bad(n, col, "unknown keyword %q: expected msgctxt, msgid or msgstr", kw)
		}
	}
	flush()
	for _, r := range entries {
		if !r.hasID {
			if r.hasCtxt {
				bad(r.startLine, 1, "an entry with no msgid")
			}
			continue // comments alone
		}
		if !r.hasStr {
			bad(r.idLine, 1, "msgid with no msgstr")
			continue
		}
		e := r.e
		e.Source, e.Target = *r.id, *r.str
		e.TargetPos = diag.Pos{File: name, Line: r.strLine, Col: r.strCol}
		if r.plural {
			bad(e.Pos.Line, e.Pos.Col, "plural forms (msgid_plural) are not wbtool texts")
			continue
		}
		if !r.hasCtxt {
			if e.Source == "" { // the header
				parsePOHeader(f, e.Target, r.strLine, name, bad)
				continue
			}
			bad(e.Pos.Line, e.Pos.Col, "an entry with no msgctxt: wbtool's entries are keyed by msgctxt, the text's key (export the file again)")
			continue
		}
		e.Key = *r.ctxt
		if r.flagsMaxLen != "" {
			if n, err := strconv.Atoi(r.flagsMaxLen); err == nil && n > 0 {
				e.MaxLen = n
			} else {
				bad(r.flagsLine, 1, "cannot read max-length:%s: expected a number of characters", r.flagsMaxLen)
			}
		}
		f.Entries = append(f.Entries, e)
	}
	if f.Lang == "" {
		bad(1, 1, "the file names no language: its header needs a line \"Language: fr\\n\" (export the file again)")
	}
	return f, problems
}

// parsePOHeader reads the header entry's Language and X-Source-Language.
func parsePOHeader(f *File, h string, line int, name string, bad func(int, int, string, ...any)) {
	for _, l := range strings.Split(h, "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "Language":
			f.Lang, f.LangPos = lang.Lang(v), diag.Pos{File: name, Line: line, Col: 1}
		case "X-Source-Language":
			f.Source = lang.Lang(v)
		}
	}
}

// cutKeyword splits "msgid \"x\"" into the keyword and the rest.
func cutKeyword(s string) (kw, rest string, ok bool) {
	i := strings.IndexAny(s, " \t")
	if i <= 0 {
		return "", "", false
	}
	kw = s[:i]
	if !strings.HasPrefix(kw, "msg") {
		return "", "", false
	}
	return kw, s[i+1:], true
}
