package site

import (
	"bytes"
	"html/template"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"wbtool.dev/wbtool/lang"
)

// Glossary links (issue 17 item 3): the game terms of card texts and
// rules pages link to their entry of the glossary page. A page is linked
// after it is rendered: only text inside a card text (class card-text) or
// a rules article (class gloss-scope) is read, never inside a heading, a
// link, code, a figure or a drawing, and each term is linked once per
// page (its first use), so that a page does not turn into a page of links.

// glossScopes are the classes of the elements whose text is linked.
var glossScopes = []string{"card-text", "gloss-scope"}

// GlossSkip are the elements whose text is never linked.
var GlossSkip = map[string]bool{"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"a": true, "code": true, "pre": true, "svg": true, "script": true, "style": true, "button": true,
	"label": true, "select": true, "option": true, "textarea": true, "abbr": true, "figure": true,
	"figcaption": true, "title": true, "th": true, "dt": true, "summary": true, "nav": true, "img": true}

// glossEmph are the elements of bold and italic text.
var glossEmph = map[string]bool{"strong": true, "b": true, "em": true, "i": true}

// GlossVoid are the elements that have no end tag.
var GlossVoid = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// GlossLinker finds the glossary terms of one language in text.
type GlossLinker struct {
	// starts holds the terms by their first rune, case-folded; each list
	// longest first (glossOrder), as one regular expression would try
	// them: every term, case-insensitive, with a plural s or x.
	starts map[rune][]foldedTerm
	terms  map[string]glossTerm // lower-cased escaped term → its entry
	next   *regexp.Regexp       // a determiner at the start of the text after a verb term
}

// foldedTerm is an escaped term as runes, each case-folded (foldRune).
type foldedTerm []rune

// glossTerm is a term as the linker matches it.
type glossTerm struct {
	id string
	// exact is the term as the glossary writes it, for the terms matched
	// only with that case: the names of the actions (Move, Run, Hide…),
	// which the rules and cards write with a capital, the lower-case word
	// being the plain verb ("it runs", "terrain hides it").
	exact string
	// verb: the glossary defines the term as a verb ("To remove the
	// tokens…"). The same word is often an adjective or a noun ("one
	// clear version"), so a verb term is linked only where it is used as
	// the defined verb: followed by its object (a determiner: "clear an
	// Action space") or set in bold or italics, as the rules do where they
	// name the verb ("you may **pass**").
	verb bool
}

// glossDeterminers start the object of a verb term, by language.
var glossDeterminers = map[lang.Lang][]string{
	lang.English: {"a", "an", "the", "this", "that", "these", "those", "each", "every", "one", "any", "all", "its", "their", "your", "another"},
	lang.French:  {"un", "une", "le", "la", "les", "des", "du", "ce", "cet", "cette", "ces", "chaque", "son", "sa", "ses", "leur", "leurs", "votre", "vos", "tout", "toute", "tous", "toutes"},
}

// NewGlossLinker prepares the terms of language l; nil when there are
// none. exact, when set, tells the terms matched only with the
// glossary's case (by id).
func NewGlossLinker(terms []lang.Term, l lang.Lang, exact func(id string) bool) *GlossLinker {
	g := &GlossLinker{terms: map[string]glossTerm{}, starts: map[rune][]foldedTerm{}}
	var alts []string
	for _, t := range terms {
		s := EscapeHTML(strings.TrimSpace(t.Term.In(l)))
		k := strings.ToLower(s)
		if utf8.RuneCountInString(s) < 3 || g.terms[k].id != "" {
			continue
		}
		e := glossTerm{id: t.ID, verb: strings.HasPrefix(t.Definition.EN, "To ")}
		if exact != nil && exact(t.ID) {
			e.exact = s
		}
		g.terms[k] = e
		alts = append(alts, s)
	}
	if len(alts) == 0 {
		return nil
	}
	glossOrder(alts)
	for _, a := range alts {
		f := make(foldedTerm, 0, len(a))
		for _, r := range a {
			f = append(f, foldRune(r))
		}
		g.starts[f[0]] = append(g.starts[f[0]], f)
	}
	dets := make([]string, 0, len(glossDeterminers[l]))
	for _, d := range glossDeterminers[l] {
		dets = append(dets, regexp.QuoteMeta(d))
	}
	// A determiner and a space, or French elision (l’espace).
	g.next = regexp.MustCompile(`^\s+(?i:l’|l'|l&#39;|(?:` + strings.Join(dets, "|") + `)\s)`)
	return g
}

// glossOrder sorts escaped terms in the order they are tried at a place
// of the text: longest first (by the length of the term quoted as a
// regular expression: the order of the linker's first version, whose
// results the tests compare), ties in glossary order.
func glossOrder(alts []string) {
	sort.SliceStable(alts, func(i, j int) bool { return len(regexp.QuoteMeta(alts[i])) > len(regexp.QuoteMeta(alts[j])) })
}

// foldRune is r's case-folding class, as a case-insensitive regular
// expression sees it: the smallest rune of r's simple-folding orbit
// (k, K and the Kelvin sign are one class; s, S and ſ another).
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			r -= 'a' - 'A'
		}
		return r
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// Matches returns the places of the terms in s, as the regular
// expression `(?i)(term1|term2|…)(?:s|x)?` (terms in glossOrder) would
// find them with FindAllSubmatchIndex: from left to right, without
// overlap, at each place the first term that matches, case-insensitive,
// then a plural s or x when there is one. Each match is {start, end,
// term start, term end}.
func (g *GlossLinker) Matches(s []byte) [][4]int {
	var out [][4]int
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRune(s[i:])
		cands := g.starts[foldRune(r)]
		end := -1
		for _, t := range cands {
			if e, ok := matchFolded(s, i+w, t[1:]); ok {
				end = e
				break
			}
		}
		if end < 0 {
			i += w
			continue
		}
		m := [4]int{i, end, i, end}
		if end < len(s) {
			if r, w := utf8.DecodeRune(s[end:]); foldRune(r) == 'S' || foldRune(r) == 'X' {
				m[1] = end + w
			}
		}
		out = append(out, m)
		i = m[1]
	}
	return out
}

// matchFolded reports whether the folded runes t follow at s[i:], and
// where they end.
func matchFolded(s []byte, i int, t foldedTerm) (int, bool) {
	for _, want := range t {
		if i >= len(s) {
			return 0, false
		}
		r, w := utf8.DecodeRune(s[i:])
		if r != want && foldRune(r) != want {
			return 0, false
		}
		i += w
	}
	return i, true
}

// continuesWord reports whether rune r, next to a match, continues a
// word (then the match is part of a longer word and is not a term).
func continuesWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_'
}

// linkText links the first use of each term not yet seen in the escaped
// Text s; emph tells that s is in bold or italics.
func (g *GlossLinker) linkText(s []byte, href string, seen map[string]bool, emph bool) []byte {
	var out []byte
	last := 0
	for _, m := range g.Matches(s) {
		start, end := m[0], m[1]
		if start > 0 {
			if r, _ := utf8.DecodeLastRune(s[:start]); continuesWord(r) {
				continue
			}
		}
		if end < len(s) {
			if r, _ := utf8.DecodeRune(s[end:]); continuesWord(r) {
				continue
			}
		}
		word := string(s[m[2]:m[3]])
		e := g.terms[strings.ToLower(word)]
		if e.id == "" || seen[e.id] || e.exact != "" && word != e.exact {
			continue
		}
		if e.verb && !emph && (end != m[3] || !g.next.Match(s[end:])) {
			continue
		}
		seen[e.id] = true
		out = append(out, s[last:start]...)
		out = append(out, `<a class="gloss" href="`...)
		out = append(out, EscapeHTML(href+"#term-"+e.id)...)
		out = append(out, `">`...)
		out = append(out, s[start:end]...)
		out = append(out, `</a>`...)
		last = end
	}
	if last == 0 {
		return s
	}
	return append(out, s[last:]...)
}

// LinkItem returns page with the first use of each term linked to
// href#term-<id>, href being the glossary page relative to the page.
func (g *GlossLinker) link(page []byte, href string) []byte {
	if g == nil {
		return page
	}
	var out bytes.Buffer
	out.Grow(len(page) + 1024)
	type frame struct {
		name        string
		scope, skip bool
	}
	var stack []frame
	scopes, skips, emphs := 0, 0, 0
	seen := map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		switch tt {
		case html.TextToken:
			if scopes > 0 && skips == 0 {
				out.Write(g.linkText(raw, href, seen, emphs > 0))
				continue
			}
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			f := frame{name: string(name), skip: GlossSkip[string(name)]}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "class" {
					for _, c := range strings.Fields(string(v)) {
						for _, sc := range glossScopes {
							f.scope = f.scope || c == sc
						}
					}
				}
			}
			if !GlossVoid[f.name] {
				stack = append(stack, f)
				if glossEmph[f.name] {
					emphs++
				}
				if f.scope {
					scopes++
				}
				if f.skip {
					skips++
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i].name != string(name) {
					continue
				}
				for _, f := range stack[i:] {
					if glossEmph[f.name] {
						emphs--
					}
					if f.scope {
						scopes--
					}
					if f.skip {
						skips--
					}
				}
				stack = stack[:i]
				break
			}
		}
		out.Write(raw)
	}
	return out.Bytes()
}

// GlossaryLetter is a letter of the glossary's index and its terms.
type GlossaryLetter struct {
	Letter, ID string
	Terms      []GlossaryTerm
}

// GlossaryTerm is an entry of the glossary page.
type GlossaryTerm struct {
	ID, Term   string
	Other      string // the term in the other language
	OtherLang  string
	Definition template.HTML
	Stale      template.HTML // the mark of a stale translation of the term or its definition
}

// GlossaryLetters groups the terms by their first letter, accents folded.
func GlossaryLetters(terms []GlossaryTerm) []GlossaryLetter {
	var out []GlossaryLetter
	for _, t := range terms {
		r, _ := utf8.DecodeRuneInString(strings.ToUpper(Fold(t.Term)))
		letter := string(r)
		if !unicode.IsLetter(r) {
			letter = "#"
		}
		if len(out) == 0 || out[len(out)-1].Letter != letter {
			id := "letter-" + strings.ToLower(letter)
			if letter == "#" {
				id = "letter-other"
			}
			out = append(out, GlossaryLetter{Letter: letter, ID: id})
		}
		out[len(out)-1].Terms = append(out[len(out)-1].Terms, t)
	}
	return out
}
