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

	"wbtool.dev/wbtool/catalog"
)

// Glossary links (issue 17 item 3): the game terms of card texts and
// rules pages link to their entry of the glossary page. A page is linked
// after it is rendered: only text inside a card text (class card-text) or
// a rules article (class gloss-scope) is read, never inside a heading, a
// link, code, a figure or a drawing, and each term is linked once per
// page (its first use), so that a page does not turn into a page of links.

// glossScopes are the classes of the elements whose text is linked.
var glossScopes = []string{"card-text", "gloss-scope"}

// glossSkip are the elements whose text is never linked.
var glossSkip = map[string]bool{"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"a": true, "code": true, "pre": true, "svg": true, "script": true, "style": true, "button": true,
	"label": true, "select": true, "option": true, "textarea": true, "abbr": true, "figure": true,
	"figcaption": true, "title": true, "th": true, "dt": true, "summary": true, "nav": true, "img": true}

// glossVoid are the elements that have no end tag.
var glossVoid = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// glossLinker finds the glossary terms of one language in text.
type glossLinker struct {
	re  *regexp.Regexp    // every term, longest first, case-insensitive, with a plural s or x
	ids map[string]string // lower-cased escaped term → glossary id
}

// newGlossLinker prepares the terms of language l; nil when there are
// none.
func newGlossLinker(terms []catalog.Term, l catalog.Lang) *glossLinker {
	g := &glossLinker{ids: map[string]string{}}
	var alts []string
	for _, t := range terms {
		s := escapeHTML(strings.TrimSpace(t.Term.In(l)))
		k := strings.ToLower(s)
		if utf8.RuneCountInString(s) < 3 || g.ids[k] != "" {
			continue
		}
		g.ids[k] = t.ID
		alts = append(alts, regexp.QuoteMeta(s))
	}
	if len(alts) == 0 {
		return nil
	}
	sort.SliceStable(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	g.re = regexp.MustCompile(`(?i)(` + strings.Join(alts, "|") + `)(?:s|x)?`)
	return g
}

// continuesWord reports whether rune r, next to a match, continues a
// word (then the match is part of a longer word and is not a term).
func continuesWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_'
}

// linkText links the first use of each term not yet seen in the escaped
// text s.
func (g *glossLinker) linkText(s []byte, href string, seen map[string]bool) []byte {
	var out []byte
	last := 0
	for _, m := range g.re.FindAllSubmatchIndex(s, -1) {
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
		id := g.ids[strings.ToLower(string(s[m[2]:m[3]]))]
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, s[last:start]...)
		out = append(out, `<a class="gloss" href="`...)
		out = append(out, escapeHTML(href+"#term-"+id)...)
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

// link returns page with the first use of each term linked to
// href#term-<id>, href being the glossary page relative to the page.
func (g *glossLinker) link(page []byte, href string) []byte {
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
	scopes, skips := 0, 0
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
				out.Write(g.linkText(raw, href, seen))
				continue
			}
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			f := frame{name: string(name), skip: glossSkip[string(name)]}
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
			if !glossVoid[f.name] {
				stack = append(stack, f)
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

// glossaryLetter is a letter of the glossary's index and its terms.
type glossaryLetter struct {
	Letter, ID string
	Terms      []glossaryTerm
}

// glossaryTerm is an entry of the glossary page.
type glossaryTerm struct {
	ID, Term   string
	Other      string // the term in the other language
	OtherLang  string
	Definition template.HTML
	Stale      template.HTML // the mark of a stale translation of the term or its definition
}

// glossaryLetters groups the terms by their first letter, accents folded.
func glossaryLetters(terms []glossaryTerm) []glossaryLetter {
	var out []glossaryLetter
	for _, t := range terms {
		r, _ := utf8.DecodeRuneInString(strings.ToUpper(fold(t.Term)))
		letter := string(r)
		if !unicode.IsLetter(r) {
			letter = "#"
		}
		if len(out) == 0 || out[len(out)-1].Letter != letter {
			id := "letter-" + strings.ToLower(letter)
			if letter == "#" {
				id = "letter-other"
			}
			out = append(out, glossaryLetter{Letter: letter, ID: id})
		}
		out[len(out)-1].Terms = append(out[len(out)-1].Terms, t)
	}
	return out
}
