package wbsite

import (
	"bytes"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
	"wbtool.dev/wbtool/site/sitecheck"

	"golang.org/x/net/html"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// TestGlossaryLinksOnTheSite: on the starter site, the rules pages and
// card pages link game terms to the glossary (every link resolves:
// checkLinks), and no glossary link sits inside a heading, a link, a
// figure or a drawing.
func TestGlossaryLinksOnTheSite(t *testing.T) {
	files, err := Build(starter(t), Options{CardImages: stubImages})
	if err != nil {
		t.Fatal(err)
	}
	sitecheck.CheckLinks(t, files)
	pages := map[string]int{}
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		z := html.NewTokenizer(bytes.NewReader(files[p]))
		var stack []string
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			name, _ := z.TagName()
			switch tt {
			case html.StartTagToken:
				n := string(name)
				if n == "a" && bytes.Contains(z.Raw(), []byte(`class="gloss"`)) {
					pages[strings.SplitN(p, "/", 3)[1]]++
					for _, up := range stack {
						if site.GlossSkip[up] {
							t.Errorf("%s: a glossary link inside <%s>: %s", p, up, z.Raw())
						}
					}
				}
				if !site.GlossVoid[n] {
					stack = append(stack, n)
				}
			case html.EndTagToken:
				for i := len(stack) - 1; i >= 0; i-- {
					if stack[i] == string(name) {
						stack = stack[:i]
						break
					}
				}
			}
		}
	}
	if pages["rules"] < 20 || pages["cards"] < 20 {
		t.Errorf("glossary links by section: %v; want many on the rules and card pages", pages)
	}
	if pages["glossary"] != 0 {
		t.Errorf("the glossary page links to itself %d times", pages["glossary"])
	}
}

// glossRegexp is the linker's first matcher, a regular expression of
// every term (TestGlossMatchesEqualRegexp holds the one that replaced it
// to its results).
func glossRegexp(terms []wbcatalog.Term, l wbcatalog.Lang) *regexp.Regexp {
	seen := map[string]bool{}
	var alts []string
	for _, t := range terms {
		s := site.EscapeHTML(strings.TrimSpace(t.Term.In(l)))
		k := strings.ToLower(s)
		if utf8.RuneCountInString(s) < 3 || seen[k] {
			continue
		}
		seen[k] = true
		alts = append(alts, regexp.QuoteMeta(s))
	}
	sort.SliceStable(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	return regexp.MustCompile(`(?i)(` + strings.Join(alts, "|") + `)(?:s|x)?`)
}

// TestGlossMatchesEqualRegexp: the linker finds the terms where the
// regular expression of its first version did, in every page of the
// starter site and of a generated site with the starter glossary (each
// distinct piece of the pages between quotes, brackets and line breaks,
// tags and all: more text than the linker reads), and in text made
// to trip case folding (K and the Kelvin sign, s and ſ, plurals, terms
// that start alike).
func TestGlossMatchesEqualRegexp(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	st := starter(t)
	gen := generated(t, 40, 10)
	gen.Glossary = st.Glossary
	tricky := []wbcatalog.Term{
		{ID: "k", Term: wbcatalog.Text{EN: "Kit bag", FR: "Sac à dos"}},
		{ID: "k2", Term: wbcatalog.Text{EN: "Kit", FR: "Sac"}},
		{ID: "s", Term: wbcatalog.Text{EN: "Stress", FR: "Stress"}},
		{ID: "e", Term: wbcatalog.Text{EN: "Élan", FR: "Élan (x)"}},
		{ID: "q", Term: wbcatalog.Text{EN: "a.b*c", FR: "a.b*c"}},
		{ID: "q2", Term: wbcatalog.Text{EN: "a+b+c", FR: "a+b+c"}},
		{ID: "dup", Term: wbcatalog.Text{EN: "kit BAG", FR: "sac À dos"}},
	}
	trickyTexts := [][]byte{[]byte("\u212Ait bag, KIT BAGS, kit bagx, kitſ; stressſ, STRESSES, élans ÉLANX, a.b*c a+b+cs a.b*cS élan (X)s sac à dosx sac À DOS"), []byte("ſtress \u212Aits kit kitkit")}
	var texts [][]byte
	for _, cat := range []*wbcatalog.Catalog{st, gen} {
		files := mustBuild(t, cat)
		for _, p := range files.Paths() {
			if strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".json") {
				texts = append(texts, files[p])
			}
		}
	}
	// No match holds a line break, a quote or an angle bracket (the
	// terms are escaped, and neither the expression nor the linker looks
	// past a match's plural letter), so each distinct piece of the pages
	// between them is compared once: the pages share their navigation,
	// tags and scripts, and the expression is the cost.
	for _, terms := range [][]wbcatalog.Term{st.Glossary, tricky} {
		for _, term := range terms {
			for _, l := range wbcatalog.Langs {
				if s := site.EscapeHTML(term.Term.In(l)); strings.ContainsAny(s, pieceBreaks) {
					t.Fatalf("term %q holds one of %q: compare whole pages", s, pieceBreaks)
				}
			}
		}
	}
	allPieces, firstPieces := distinctPieces(texts), distinctPieces(texts[:20])
	t.Logf("%d pages, %d bytes; %d distinct pieces, %d bytes", len(texts), len(bytes.Join(texts, nil)), len(allPieces), len(bytes.Join(allPieces, nil)))
	n := 0
	for i, terms := range [][]wbcatalog.Term{st.Glossary, tricky, append(append([]wbcatalog.Term(nil), tricky...), st.Glossary...)} {
		texts := append(trickyTexts, allPieces...)
		if i > 0 {
			texts = append(trickyTexts, firstPieces...)
		}
		for _, l := range wbcatalog.Langs {
			g, re := site.NewGlossLinker(terms, l, nil), glossRegexp(terms, l)
			for _, s := range texts {
				want := re.FindAllSubmatchIndex(s, -1)
				got := g.Matches(s)
				if len(got) != len(want) {
					t.Fatalf("%s: %d matches, the regular expression %d", l, len(got), len(want))
				}
				for i, m := range want {
					if [4]int(m) != got[i] {
						t.Fatalf("%s: match %d at %v, the regular expression's at %v (%q)", l, i, got[i], m, s[m[0]:m[1]])
					}
				}
				n += len(got)
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d matches: the test compares too little", n)
	}
}

// pieceBreaks are the bytes no glossary match holds.
const pieceBreaks = "\n<>\""

// distinctPieces is each distinct piece of texts between pieceBreaks, in
// the order they first come.
func distinctPieces(texts [][]byte) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	for _, s := range texts {
		for _, p := range bytes.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(pieceBreaks, r) }) {
			if !seen[string(p)] {
				seen[string(p)] = true
				out = append(out, p)
			}
		}
	}
	return out
}
