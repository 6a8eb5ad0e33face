package schema

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// SyntaxErrors turns the parser's error for one content file into
// diagnostics in a designer's words, one per mistake: a bracket never
// closed names where it opened, a missing comma or colon names what it
// is missing between, and the knock-on errors CUE's parser reports after
// the first one in the same block or list are left out. Both games'
// loaders use it.
func SyntaxErrors(name string, src []byte, err error) []Diagnostic {
	ts := scanTokens(name, src)
	if ts.scanErr != nil {
		return []Diagnostic{*ts.scanErr}
	}
	if t := ts.toks[0]; !ts.interp && t.tok != token.EOF && (t.tok != token.IDENT || t.lit != "package") {
		// not CUE at all (notes in Markdown, a CSV): one error, not one
		// per line the parser tries
		return []Diagnostic{{Pos: wbcatalog.Pos{File: name, Line: 1, Col: 1}, Msg: "syntax error: this is not a content file: a content file starts with a `package` line followed by fields such as `characters: ...`; keep other files out of the content folder"}}
	}
	var out []Diagnostic
	first := len(src) + 1 // offset of the first bracket problem
	if d, at := ts.brackets(); d != nil {
		out, first = append(out, *d), at
	}
	groups := map[int]bool{}
	list := errors.Errors(err)
	sort.SliceStable(list, func(i, j int) bool { return list[i].Position().Offset() < list[j].Position().Offset() })
	for _, e := range list {
		p := e.Position()
		off := len(src)
		if p.IsValid() {
			off = p.Offset()
		}
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		atEnd := strings.Contains(msg, "'EOF'") || off >= ts.toks[len(ts.toks)-1].off
		if off >= first || atEnd && len(out) > 0 {
			continue // after a bracket problem, or at the end: knock-on
		}
		g := ts.group(off)
		if groups[g] {
			continue // a knock-on of the first error in the same block
		}
		groups[g] = true
		out = append(out, Diagnostic{Pos: ts.pos(off), Msg: "syntax error: " + ts.explain(off, msg)})
	}
	if first > len(src) && len(out) > 0 {
		// Brackets balance: after its first error the parser does not
		// find its feet again, so the file is parsed again without the
		// block of each mistake found, for the next one (a mistake per
		// block, every block).
		out = append(out[:1], ts.nextMistakes(out[0].Pos)...)
	}
	if len(out) == 0 {
		// never without a message: the parser's own, as it is
		out = append(out, Diagnostic{Pos: wbcatalog.Pos{File: name, Line: 1, Col: 1}, Msg: "syntax error: " + describeSyntax(err.Error())})
	}
	return out
}

// maxRounds bounds the parses of one file in search of its mistakes.
const maxRounds = 50

// nextMistakes finds the mistakes after the one at pos, each by parsing
// the file again with the block of the mistakes found so far blanked out
// (positions stay as they are).
func (ts *tokens) nextMistakes(pos wbcatalog.Pos) []Diagnostic {
	text := slices.Clone(ts.src)
	var out []Diagnostic
	last := ts.offset(pos)
	for range maxRounds {
		from, to := ts.block(last)
		if to <= from {
			break
		}
		for i := from; i < to; i++ {
			if text[i] != '\n' {
				text[i] = ' '
			}
		}
		_, err := parser.ParseFile(ts.name, text, parser.AllErrors)
		if err == nil {
			break
		}
		list := errors.Errors(err)
		off := len(ts.src)
		var msg string
		for _, e := range list {
			if p := e.Position(); p.IsValid() && p.Offset() < off {
				format, args := e.Msg()
				off, msg = p.Offset(), fmt.Sprintf(format, args...)
			}
		}
		if off <= last || off >= ts.toks[len(ts.toks)-1].off {
			break // no progress, or at the end: knock-ons
		}
		out = append(out, Diagnostic{Pos: ts.pos(off), Msg: "syntax error: " + ts.explain(off, msg)})
		last = off
	}
	return out
}

// offset is the offset of pos in the file.
func (ts *tokens) offset(pos wbcatalog.Pos) int {
	line, col := 1, 1
	for i, c := range ts.src {
		if line == pos.Line && col == pos.Col {
			return i
		}
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return len(ts.src)
}

// block is the inside of the innermost block or list over several lines
// that holds off (its own line if none does): what to leave out to look
// for the next mistake.
func (ts *tokens) block(off int) (from, to int) {
	best := -1
	for o, c := range ts.pairs {
		if ts.toks[o].off < off && off <= ts.toks[c].off && !ts.sameLine(ts.toks[o].off, ts.toks[c].off) && o > best {
			best = o
		}
	}
	if best >= 0 {
		return ts.toks[best].off + 1, ts.toks[ts.pairs[best]].off
	}
	from = ts.lineStart(off)
	to = off
	for to < len(ts.src) && ts.src[to] != '\n' {
		to++
	}
	return from, to
}

type tok struct {
	off int
	tok token.Token
	lit string
}

type tokens struct {
	name    string
	src     []byte
	file    *token.File
	toks    []tok
	interp  bool // the file has string interpolations: no bracket check
	scanErr *Diagnostic
	// pairs maps an opening bracket's token index to its closing one's
	pairs map[int]int
}

func scanTokens(name string, src []byte) *tokens {
	ts := &tokens{name: name, src: src, file: token.NewFile(name, -1, len(src)), pairs: map[int]int{}}
	var s scanner.Scanner
	s.Init(ts.file, src, func(pos token.Pos, msg string, args []any) {
		if ts.scanErr != nil {
			return
		}
		m := fmt.Sprintf(msg, args...)
		off := pos.Offset()
		if strings.Contains(m, "string literal not terminated") {
			m = "this text has no closing `\"`: add it at the end of the text, on the same line"
			// `{en: "Zombie, fr: "Zombie"}`: the text left open is an
			// earlier one of the line, that ran into the next field
			for i := len(ts.toks) - 1; i >= 0 && ts.sameLine(ts.toks[i].off, off); i-- {
				if t := ts.toks[i]; t.tok == token.STRING && strings.Contains(t.lit, ": ") {
					off = t.off
					m = fmt.Sprintf("a `\"` is missing in this line: the text %s runs into what follows it", t.lit)
				}
			}
		}
		ts.scanErr = &Diagnostic{Pos: ts.pos(off), Msg: "syntax error: " + describeSyntax(m)}
	}, 0)
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			ts.toks = append(ts.toks, tok{off: len(src), tok: t})
			break
		}
		if t == token.INTERPOLATION {
			ts.interp = true
			break
		}
		ts.toks = append(ts.toks, tok{off: pos.Offset(), tok: t, lit: lit})
	}
	return ts
}

func (ts *tokens) pos(off int) wbcatalog.Pos {
	if off > len(ts.src) {
		off = len(ts.src)
	}
	line, col := 1, 1
	for _, c := range ts.src[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return wbcatalog.Pos{File: ts.name, Line: line, Col: col}
}

func (ts *tokens) where(off int) string { return ts.pos(off).String() }

var closerOf = map[token.Token]token.Token{token.LBRACE: token.RBRACE, token.LBRACK: token.RBRACK, token.LPAREN: token.RPAREN}

func isOpen(t token.Token) bool  { _, ok := closerOf[t]; return ok }
func isClose(t token.Token) bool { return t == token.RBRACE || t == token.RBRACK || t == token.RPAREN }

// lineStart is the offset of the start of off's line; indent the width of
// its leading blanks.
func (ts *tokens) lineStart(off int) int {
	for off > 0 && ts.src[off-1] != '\n' {
		off--
	}
	return off
}

func (ts *tokens) indent(off int) int {
	s := ts.lineStart(off)
	n := 0
	for s+n < len(ts.src) && (ts.src[s+n] == ' ' || ts.src[s+n] == '\t') {
		n++
	}
	return n
}

// firstOnLine says whether token i is the first of its line.
func (ts *tokens) firstOnLine(i int) bool {
	return ts.lineStart(ts.toks[i].off)+ts.indent(ts.toks[i].off) == ts.toks[i].off
}

func (ts *tokens) sameLine(a, b int) bool { return ts.lineStart(a) == ts.lineStart(b) }

// misaligned says whether the pair open-close spans lines with a closing
// bracket that does not line up with its opening line (a sign that it
// closes another bracket than the one it was written for).
func (ts *tokens) misaligned(open, close int) bool {
	o, c := ts.toks[open].off, ts.toks[close].off
	if ts.sameLine(o, c) {
		return false
	}
	return !ts.firstOnLine(close) || ts.indent(c) != ts.indent(o)
}

// brackets matches the file's brackets and explains the first that does
// not match; at is the offset from which the parser's errors are
// knock-ons of it.
func (ts *tokens) brackets() (*Diagnostic, int) {
	if ts.interp {
		return nil, 0
	}
	var stack []int
	var order [][2]int // pairs in closing order
	for i, t := range ts.toks {
		switch {
		case isOpen(t.tok):
			stack = append(stack, i)
		case isClose(t.tok):
			if len(stack) == 0 {
				return ts.extraCloser(i, order), 0
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if closerOf[ts.toks[o].tok] != t.tok {
				// "[" closed by "}": the "[" is the one never closed
				return ts.unclosed(o, order), ts.toks[o].off
			}
			ts.pairs[o] = i
			order = append(order, [2]int{o, i})
		}
	}
	if len(stack) > 0 {
		return ts.unclosed(stack[len(stack)-1], order), ts.toks[stack[0]].off
	}
	return nil, 0
}

// unclosed explains a missing closing bracket: the innermost pair whose
// closing bracket does not line up closes the bracket left open, else
// the bracket open.
func (ts *tokens) unclosed(open int, order [][2]int) *Diagnostic {
	for _, p := range order {
		if p[0] < open && ts.misaligned(p[0], p[1]) {
			continue // an outer pair: it is the inner one that is open
		}
		if ts.misaligned(p[0], p[1]) && ts.firstOnLine(p[1]) {
			open = p[0]
			break
		}
	}
	o := ts.toks[open]
	want := closerOf[o.tok].String()
	// where it was likely meant to close: before the first line after
	// the opening one that is not indented more
	for i := open + 1; i < len(ts.toks)-1; i++ {
		t := ts.toks[i]
		if ts.sameLine(t.off, o.off) || !ts.firstOnLine(i) || t.tok == token.COMMA {
			continue
		}
		if ts.indent(t.off) <= ts.indent(o.off) {
			return &Diagnostic{Pos: ts.pos(t.off), Msg: fmt.Sprintf("syntax error: the `%s` opened at %s is never closed: a `%s` is missing before this line", o.tok, ts.where(o.off), want)}
		}
	}
	end := len(strings.TrimRight(string(ts.src), " \t\r\n"))
	return &Diagnostic{Pos: ts.pos(end), Msg: fmt.Sprintf("syntax error: the `%s` opened at %s is never closed: a `%s` is missing at the end of the file", o.tok, ts.where(o.off), want)}
}

// extraCloser explains a closing bracket with nothing to close: the first
// pair whose closing bracket does not line up has the bracket too many.
func (ts *tokens) extraCloser(close int, order [][2]int) *Diagnostic {
	for _, p := range order {
		if ts.misaligned(p[0], p[1]) {
			c := ts.toks[p[1]]
			return &Diagnostic{Pos: ts.pos(c.off), Msg: fmt.Sprintf("syntax error: this `%s` closes the `%s` opened at %s too early: it is one too many, or a `%s` is missing before it", c.tok, ts.toks[p[0]].tok, ts.where(ts.toks[p[0]].off), ts.toks[p[0]].tok)}
		}
	}
	c := ts.toks[close]
	return &Diagnostic{Pos: ts.pos(c.off), Msg: fmt.Sprintf("syntax error: this `%s` closes nothing: remove it", c.tok)}
}

// index is the index of the token at or after off.
func (ts *tokens) index(off int) int {
	return sort.Search(len(ts.toks), func(i int) bool { return ts.toks[i].off >= off })
}

// group is the index of the opening bracket of the innermost block or
// list holding off (-1: the file's top level).
func (ts *tokens) group(off int) int {
	best := -1
	for o, c := range ts.pairs {
		if ts.toks[o].off < off && off <= ts.toks[c].off && (best < 0 || o > best) {
			best = o
		}
	}
	return best
}

// element is the text of the list element or field that token i starts
// (forward) or ends (backward), at its own depth, on one line.
func (ts *tokens) element(i int, forward bool) string {
	depth := 0
	from, to := i, i
	for j := i; j >= 0 && j < len(ts.toks)-1; {
		t := ts.toks[j].tok
		if forward && isOpen(t) || !forward && isClose(t) {
			depth++
		}
		if forward && isClose(t) || !forward && isOpen(t) {
			if depth == 0 {
				break
			}
			depth--
		}
		if depth == 0 && t == token.COMMA {
			break
		}
		if forward {
			to = j
			j++
		} else {
			from = j
			j--
		}
	}
	if from > to || from < 0 {
		return ""
	}
	end := len(ts.src)
	if to+1 < len(ts.toks) {
		end = ts.toks[to+1].off
	}
	s := strings.Join(strings.Fields(string(ts.src[ts.toks[from].off:end])), " ")
	s = strings.TrimRight(s, ", ")
	if r := []rune(s); len(r) > 40 {
		s = string(r[:39]) + "…"
	}
	return s
}

// text is token i as written.
func (ts *tokens) text(i int) string {
	t := ts.toks[i]
	if t.lit != "" && t.lit != "\n" {
		return t.lit
	}
	if t.tok == token.EOF {
		return "the end of the file"
	}
	if t.lit == "\n" {
		return "the end of the line"
	}
	return t.tok.String()
}

// explain rewrites one parser message at off, with the tokens around it.
func (ts *tokens) explain(off int, msg string) string {
	i := ts.index(off)
	if i >= len(ts.toks) {
		i = len(ts.toks) - 1
	}
	prev := i - 1
	for prev >= 0 && ts.toks[prev].tok == token.COMMA && ts.toks[prev].lit == "\n" {
		prev--
	}
	// `speed = 4`: a field written with "="
	for j := max(prev-2, 0); j <= i && j+1 < len(ts.toks); j++ {
		if ts.toks[j].tok == token.IDENT && ts.toks[j+1].tok == token.BIND && j+2 < len(ts.toks) {
			return fmt.Sprintf("a field takes its value after `:`, not `=`: write `%s: %s`", ts.toks[j].lit, ts.text(j+2))
		}
	}
	switch {
	case strings.HasPrefix(msg, "missing ',' in struct literal") && prev >= 0:
		before, after := ts.element(prev, false), ts.element(i, true)
		if ts.toks[i].tok == token.IDENT && !strings.Contains(after, ":") && strings.Contains(before, ":") {
			label, value, _ := strings.Cut(before, ":")
			return fmt.Sprintf("a text must be in quotes: write `%s: \"%s %s\"`", label, strings.TrimSpace(value), after)
		}
		return fmt.Sprintf("a comma or a new line is missing between `%s` and `%s`", before, after)
	case strings.HasPrefix(msg, "missing ',' in list literal") && prev >= 0:
		return fmt.Sprintf("a comma is missing between `%s` and `%s` in this list", ts.element(prev, false), ts.element(i, true))
	case strings.HasPrefix(msg, "expected label or ':'") && prev >= 0 && (ts.toks[prev].tok == token.IDENT || ts.toks[prev].tok == token.STRING):
		return fmt.Sprintf("a `:` is missing between `%s` and `%s`", ts.text(prev), ts.text(i))
	case strings.HasPrefix(msg, "expected operand") && prev >= 0:
		switch p := ts.toks[prev]; {
		case p.tok == token.COMMA && p.lit == ",":
			return "two commas in a row: remove one (or write the missing value between them)"
		case isOpen(p.tok):
			return fmt.Sprintf("a comma right after `%s`: remove it (or write the missing value before it)", p.tok)
		case p.tok == token.COLON && prev > 0:
			return fmt.Sprintf("a value is missing after `%s:`", ts.text(prev-1))
		}
	}
	return describeSyntax(msg)
}

var tokenName = regexp.MustCompile(`'(IDENT|INT|FLOAT|STRING)' `)

// describeSyntax makes parser messages friendlier: values, not token
// kinds.
func describeSyntax(msg string) string {
	msg = strings.ReplaceAll(msg, "expected operand", "expected a value")
	msg = tokenName.ReplaceAllString(msg, "")
	msg = strings.ReplaceAll(msg, "'EOF'", "the end of the file")
	for _, t := range []string{"}", "{", "]", "[", ":", ",", ")", "("} {
		msg = strings.ReplaceAll(msg, "'"+t+"'", "`"+t+"`")
	}
	return msg
}
