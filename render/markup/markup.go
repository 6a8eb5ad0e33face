// Package markup parses card text: the one parser used by the PDF card
// sheets, the SVG card images and the site.
//
// Card text is a small Markdown subset (DESIGN.md, "Content model"):
//
//   - *emphasis* or _emphasis_, and **strong**;
//   - inline icons written :name: — the actions :move: :run: :fight:
//     :shoot: :aim: :hide:, the Order token :order: and the coloured Order
//     token of a faction :order-<faction>: (for example :order-raiders:),
//     the dice :ranged-die: :melee-die: :any-die:, and the active-skill
//     symbol :active: (R-CARD-2);
//   - natural die results written [1] .. [10] (R-DICE-2);
//   - paragraphs separated by a blank line; a hard line break (two trailing
//     spaces or a trailing backslash) also starts a new paragraph.
//
// Everything else is just text: raw HTML, links, code spans, headings and
// list markers are kept as the characters the designer typed, so a renderer
// never has to trust card text. A backslash escapes punctuation (\* prints
// a star, \:move: prints ":move:") and HTML entities (&eacute;) are
// resolved, as in CommonMark.
//
// Parse returns a Doc: paragraphs of Runs, each run a piece of text with its
// style, an icon, or a natural result. Unknown icon names are errors naming
// the icon; callers add the card and language.
package markup

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"wbtool.dev/wbtool/internal/suggest"
)

// Doc is parsed card text: its paragraphs in order.
type Doc struct {
	Paragraphs []Paragraph
}

// Paragraph is a sequence of runs drawn one after the other, wrapping at
// spaces.
type Paragraph struct {
	Runs []Run
}

// Run is one piece of a paragraph. Exactly one of Text, Icon and Natural is
// set. Strong and Emph give the style of text, and of icons and natural
// results inside emphasis.
type Run struct {
	Text    string // plain text, with escapes and entities resolved
	Strong  bool
	Emph    bool
	Icon    string // icon name without colons, e.g. "move" or "order-raiders"
	Natural int    // natural die result 1..10, written [N]
}

// The icon names (without colons), apart from the faction Order tokens
// "order-<faction>".
const (
	IconMove      = "move"
	IconRun       = "run"
	IconFight     = "fight"
	IconShoot     = "shoot"
	IconAim       = "aim"
	IconHide      = "hide"
	IconOrder     = "order"
	IconRangedDie = "ranged-die"
	IconMeleeDie  = "melee-die"
	IconAnyDie    = "any-die"
	IconActive    = "active"
)

// orderPrefix starts the name of a faction's Order token icon.
const orderPrefix = "order-"

// Icons lists the fixed icon names in a stable order; "order-<faction>"
// icons come in addition, one per faction.
func Icons() []string {
	return []string{IconMove, IconRun, IconFight, IconShoot, IconAim, IconHide,
		IconOrder, IconRangedDie, IconMeleeDie, IconAnyDie, IconActive}
}

// IsIcon reports whether name (without colons) is an icon: one of Icons or
// "order-" followed by a faction id. Whether that faction exists is for the
// caller to check (see Doc.Factions).
func IsIcon(name string) bool {
	if slices.Contains(Icons(), name) {
		return true
	}
	f, ok := OrderFaction(name)
	return ok && isID(f)
}

// OrderFaction returns the faction of an "order-<faction>" icon name.
func OrderFaction(icon string) (faction string, ok bool) {
	if f, ok := strings.CutPrefix(icon, orderPrefix); ok && f != "" {
		return f, true
	}
	return "", false
}

// isID reports whether s is a content id: lower-case kebab.
func isID(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// IconError is an unknown icon name in card text.
type IconError struct {
	Name   string // the name between the colons
	Offset int    // byte offset of the opening colon in the source
}

func (e *IconError) Error() string {
	if c := suggest.Closest(e.Name, Icons()); c != "" {
		return fmt.Sprintf("unknown icon :%s: (did you mean :%s:?)", e.Name, c)
	}
	return fmt.Sprintf("unknown icon :%s: (known icons: :%s:, and :order-<faction>:)",
		e.Name, strings.Join(Icons(), ": :"))
}

// SyntaxError is a markup mistake that would otherwise print literally: a
// star that opens or closes no emphasis, a natural result no 10-sided die
// shows.
type SyntaxError struct {
	Offset int // byte offset in the source
	Msg    string
}

func (e *SyntaxError) Error() string { return e.Msg }

// Offset is where an error of Parse is in the source, in bytes (-1 when
// unknown).
func Offset(err error) int {
	switch e := err.(type) {
	case *IconError:
		return e.Offset
	case *SyntaxError:
		return e.Offset
	}
	return -1
}

// Factions lists, sorted and without repeats, the factions named by the
// "order-<faction>" icons of the document, so that the caller can check
// that they exist.
func (d Doc) Factions() []string {
	var out []string
	for _, p := range d.Paragraphs {
		for _, r := range p.Runs {
			if f, ok := OrderFaction(r.Icon); ok && !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Plain returns the document as plain text: paragraphs joined by a blank
// line, icons as :name: and natural results as [N] (for search indexes and
// text extraction checks).
func (d Doc) Plain() string {
	var b strings.Builder
	for i, p := range d.Paragraphs {
		if i > 0 {
			b.WriteString("\n\n")
		}
		for _, r := range p.Runs {
			switch {
			case r.Icon != "":
				b.WriteString(":" + r.Icon + ":")
			case r.Natural != 0:
				b.WriteString("[" + strconv.Itoa(r.Natural) + "]")
			default:
				b.WriteString(r.Text)
			}
		}
	}
	return b.String()
}

// Parse parses card text. It never panics; its errors are unknown icons
// (*IconError) and mistakes that would print literally (*SyntaxError): an
// unmatched * or **, a natural result outside [1]..[10]. They are joined
// with errors.Join, in source order; Errors lists them.
func Parse(src string) (Doc, error) {
	source := []byte(src)
	root := cardParser().Parse(text.NewReader(source))
	w := walker{source: source}
	for b := root.FirstChild(); b != nil; b = b.NextSibling() {
		w.block(b)
	}
	w.flush()
	return Doc{Paragraphs: w.paras}, errors.Join(w.errs...)
}

// cardParser is the goldmark parser of card text: paragraphs only (so "#",
// "-" and "<div>" are text) and, inline, emphasis plus the icon and natural
// result parsers — no links, autolinks, raw HTML or code spans, and no link
// reference definitions. goldmark parsers are safe for concurrent use.
var cardParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(util.Prioritized(parser.NewParagraphParser(), 1000)),
		parser.WithInlineParsers(
			util.Prioritized(iconParser{}, 100),
			util.Prioritized(naturalParser{}, 110),
			util.Prioritized(parser.NewEmphasisParser(), 500),
		),
	)
})

// kindIcon and kindNatural are the inline nodes of the extension.
var (
	kindIcon    = ast.NewNodeKind("CardIcon")
	kindNatural = ast.NewNodeKind("CardNatural")
)

type iconNode struct {
	ast.BaseInline
	name   string
	offset int
}

func (n *iconNode) Kind() ast.NodeKind { return kindIcon }
func (n *iconNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.name}, nil)
}
func (n *naturalNode) Kind() ast.NodeKind            { return kindNatural }
func (n *naturalNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type naturalNode struct {
	ast.BaseInline
	value int
}

// iconParser reads :name: where name is lower-case letters, digits and
// single hyphens, and the opening colon does not follow a letter or digit
// (so "12:30" or "a:b:" stay text). Unknown names still become icon nodes;
// the walker reports them.
type iconParser struct{}

func (iconParser) Trigger() []byte { return []byte{':'} }

func (iconParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	prev := block.PrecendingCharacter()
	if prev >= 'a' && prev <= 'z' || prev >= 'A' && prev <= 'Z' || prev >= '0' && prev <= '9' {
		return nil
	}
	line, seg := block.PeekLine()
	if len(line) < 3 || line[0] != ':' {
		return nil
	}
	end := 1
	for end < len(line) && (line[end] >= 'a' && line[end] <= 'z' || line[end] >= '0' && line[end] <= '9' || line[end] == '-') {
		end++
	}
	if end == 1 || end >= len(line) || line[end] != ':' || line[1] == '-' || line[end-1] == '-' {
		return nil
	}
	name := string(line[1:end])
	block.Advance(end + 1)
	return &iconNode{name: name, offset: seg.Start}
}

// naturalParser reads [N] with N from 1 to 10 (R-DICE-2).
type naturalParser struct{}

func (naturalParser) Trigger() []byte { return []byte{'['} }

func (naturalParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	end := 1
	for end < len(line) && end <= 3 && line[end] >= '0' && line[end] <= '9' {
		end++
	}
	if end == 1 || end >= len(line) || line[end] != ']' || line[1] == '0' {
		return nil
	}
	v, err := strconv.Atoi(string(line[1:end]))
	if err != nil || v < 1 || v > 10 {
		return nil
	}
	block.Advance(end + 1)
	return &naturalNode{value: v}
}

// walker flattens the goldmark tree into paragraphs of runs.
type walker struct {
	source []byte
	paras  []Paragraph
	cur    []Run
	errs   []error
}

func (w *walker) flush() {
	if len(w.cur) > 0 {
		w.paras = append(w.paras, Paragraph{Runs: w.cur})
	}
	w.cur = nil
}

func (w *walker) block(n ast.Node) {
	w.flush()
	w.inline(n, false, false)
	w.flush()
}

func (w *walker) add(r Run) {
	if r.Text != "" && len(w.cur) > 0 {
		last := &w.cur[len(w.cur)-1]
		if last.Icon == "" && last.Natural == 0 && last.Text != "" && last.Strong == r.Strong && last.Emph == r.Emph {
			last.Text += r.Text
			return
		}
	}
	if r.Text == "" && r.Icon == "" && r.Natural == 0 {
		return
	}
	w.cur = append(w.cur, r)
}

func (w *walker) inline(parent ast.Node, strong, emph bool) {
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Text:
			v := n.Segment.Value(w.source)
			if !n.IsRaw() {
				w.literalMistakes(v, n.Segment.Start)
				v = util.UnescapePunctuations(v)
				v = util.ResolveNumericReferences(v)
				v = util.ResolveEntityNames(v)
			}
			w.add(Run{Text: string(v), Strong: strong, Emph: emph})
			switch {
			case n.HardLineBreak():
				w.flush()
			case n.SoftLineBreak():
				w.add(Run{Text: " ", Strong: strong, Emph: emph})
			}
		case *ast.String:
			w.add(Run{Text: string(n.Value), Strong: strong, Emph: emph})
		case *ast.Emphasis:
			if n.Level >= 2 {
				w.inline(n, true, emph)
			} else {
				w.inline(n, strong, true)
			}
		case *iconNode:
			if !IsIcon(n.name) {
				w.errs = append(w.errs, &IconError{Name: n.name, Offset: n.offset})
				w.add(Run{Text: ":" + n.name + ":", Strong: strong, Emph: emph})
				continue
			}
			w.add(Run{Icon: n.name, Strong: strong, Emph: emph})
		case *naturalNode:
			w.add(Run{Natural: n.value, Strong: strong, Emph: emph})
		default:
			// Any other node (none with this parser configuration): keep
			// its text.
			w.inline(n, strong, emph)
		}
	}
}

// literalMistakes reports, in text the parser left as it is, what a
// designer did not mean to print: a star that closes no emphasis (an
// unclosed **bold** or *emphasis*) and a natural result no die shows.
func (w *walker) literalMistakes(v []byte, start int) {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++ // an escaped character is meant literally
		case '*':
			w.errs = append(w.errs, &SyntaxError{Offset: start + i,
				Msg: "a * here opens or closes no emphasis: close *emphasis* or **strong** text on the same paragraph, or write \\* for a star"})
			for i+1 < len(v) && v[i+1] == '*' {
				i++
			}
		case '[':
			j := i + 1
			for j < len(v) && v[j] >= '0' && v[j] <= '9' {
				j++
			}
			if j > i+1 && j < len(v) && v[j] == ']' {
				w.errs = append(w.errs, &SyntaxError{Offset: start + i,
					Msg: fmt.Sprintf("%s is not a natural result: a 10-sided die shows [1] to [10] (write \\%s for the plain text)", v[i:j+1], v[i:j+1])})
				i = j
			}
		}
	}
}

// IconErrors keeps the unknown icons of an error of Parse: what a
// renderer must refuse (it cannot draw them). The other mistakes print
// literally; the content loader reports them all.
func IconErrors(err error) error {
	var out []error
	for _, e := range Errors(err) {
		if _, ok := e.(*IconError); ok {
			out = append(out, e)
		}
	}
	return errors.Join(out...)
}

// Errors splits an error of Parse into its errors.
func Errors(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
