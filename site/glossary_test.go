package site

import (
	"bytes"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

func TestGlossaryLinks(t *testing.T) {
	terms := []wbcatalog.Term{
		{ID: "deck", Term: wbcatalog.Text{EN: "Deck", FR: "Deck"}},
		{ID: "order", Term: wbcatalog.Text{EN: "Order token", FR: "Jeton Ordre"}},
		{ID: "order-short", Term: wbcatalog.Text{EN: "Order", FR: "Ordre"}},
		{ID: "health", Term: wbcatalog.Text{EN: "health pool", FR: "réserve de vie"}},
		{ID: "ab", Term: wbcatalog.Text{EN: "ab", FR: "ab"}}, // too short to find safely
		{ID: "action-run", Term: wbcatalog.Text{EN: "Run", FR: "Course"}},
		{ID: "action-hide", Term: wbcatalog.Text{EN: "Hide", FR: "Se cacher"}},
		{ID: "action-fight", Term: wbcatalog.Text{EN: "Fight", FR: "Combat"}},
		{ID: "run-value", Term: wbcatalog.Text{EN: "Run value", FR: "Valeur de Course"}},
		{ID: "clear", Term: wbcatalog.Text{EN: "Clear", FR: "Libérer"}, Definition: wbcatalog.Text{EN: "To remove the tokens from an Action space."}},
		{ID: "pass", Term: wbcatalog.Text{EN: "Pass", FR: "Passer"}, Definition: wbcatalog.Text{EN: "To stop activating."}},
	}
	for _, tc := range []struct {
		name, lang, in, want string
	}{
		{"first use only", "en", `<div class="card-text"><p>Deck and deck.</p></div>`,
			`<div class="card-text"><p><a class="gloss" href="g.html#term-deck">Deck</a> and deck.</p></div>`},
		{"plural and case", "en", `<div class="card-text"><p>Two decks.</p></div>`,
			`<div class="card-text"><p>Two <a class="gloss" href="g.html#term-deck">decks</a>.</p></div>`},
		{"longest term", "en", `<div class="card-text"><p>Spend an Order token.</p></div>`,
			`<div class="card-text"><p>Spend an <a class="gloss" href="g.html#term-order">Order token</a>.</p></div>`},
		{"inside a word", "en", `<div class="card-text"><p>Deckbuilding, redeck, ab.</p></div>`,
			`<div class="card-text"><p>Deckbuilding, redeck, ab.</p></div>`},
		{"out of scope", "en", `<p>Deck</p><div class="card-text"><h2>Deck</h2><h3>Deck</h3><a href="x">Deck</a><code>Deck</code><figure><figcaption>Deck</figcaption></figure><svg><title>Deck</title></svg><p>deck</p></div><p>Deck</p>`,
			`<p>Deck</p><div class="card-text"><h2>Deck</h2><h3>Deck</h3><a href="x">Deck</a><code>Deck</code><figure><figcaption>Deck</figcaption></figure><svg><title>Deck</title></svg><p><a class="gloss" href="g.html#term-deck">deck</a></p></div><p>Deck</p>`},
		{"void elements", "en", `<article class="gloss-scope"><p>a<br>b<img src="x" alt="Deck"> Deck</p></article>`,
			`<article class="gloss-scope"><p>a<br>b<img src="x" alt="Deck"> <a class="gloss" href="g.html#term-deck">Deck</a></p></article>`},
		{"French, accents", "fr", `<div class="card-text"><p>Sa réserve de vie, un jeton ordre.</p></div>`,
			`<div class="card-text"><p>Sa <a class="gloss" href="g.html#term-health">réserve de vie</a>, un <a class="gloss" href="g.html#term-order">jeton ordre</a>.</p></div>`},
		// Action names are linked only as the glossary writes them: the
		// lower-case word is the plain verb.
		{"action verbs", "en", `<div class="card-text"><p>It runs, terrain hides it, a fight. On a Run space.</p></div>`,
			`<div class="card-text"><p>It runs, terrain hides it, a fight. On a <a class="gloss" href="g.html#term-action-run">Run</a> space.</p></div>`},
		{"action name plural", "en", `<div class="card-text"><p>Two Fights, the Hide action.</p></div>`,
			`<div class="card-text"><p>Two <a class="gloss" href="g.html#term-action-fight">Fights</a>, the <a class="gloss" href="g.html#term-action-hide">Hide</a> action.</p></div>`},
		{"longer term of any case", "en", `<div class="card-text"><p>Its run value.</p></div>`,
			`<div class="card-text"><p>Its <a class="gloss" href="g.html#term-run-value">run value</a>.</p></div>`},
		{"French action names", "fr", `<div class="card-text"><p>Un combat, puis une case Combat.</p></div>`,
			`<div class="card-text"><p>Un combat, puis une case <a class="gloss" href="g.html#term-action-fight">Combat</a>.</p></div>`},
		// A verb term is linked where it is the verb: with its object, or
		// in bold.
		{"verb, not adjective", "en", `<div class="gloss-scope"><p>One clear version, a clear view; they pass as well. Then clear an Action space.</p></div>`,
			`<div class="gloss-scope"><p>One clear version, a clear view; they pass as well. Then <a class="gloss" href="g.html#term-clear">clear</a> an Action space.</p></div>`},
		{"verb in bold", "en", `<div class="gloss-scope"><p>Is it clear? You may <strong>pass</strong>; <em>clear</em>.</p></div>`,
			`<div class="gloss-scope"><p>Is it clear? You may <strong><a class="gloss" href="g.html#term-pass">pass</a></strong>; <em><a class="gloss" href="g.html#term-clear">clear</a></em>.</p></div>`},
		{"French verb", "fr", `<div class="card-text"><p>Passer son tour, puis libérer l’espace.</p></div>`,
			`<div class="card-text"><p><a class="gloss" href="g.html#term-pass">Passer</a> son tour, puis <a class="gloss" href="g.html#term-clear">libérer</a> l’espace.</p></div>`},
		{"escaped text", "en", `<div class="card-text"><p>&lt;Deck&gt; &amp; Order</p></div>`,
			`<div class="card-text"><p>&lt;<a class="gloss" href="g.html#term-deck">Deck</a>&gt; &amp; <a class="gloss" href="g.html#term-order-short">Order</a></p></div>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGlossLinker(terms, wbcatalog.Lang(tc.lang), glossExact)
			if got := string(g.link([]byte(tc.in), "g.html")); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestGlossaryLinksOnTheSite: on the starter site, the rules pages and
// card pages link game terms to the glossary (every link resolves:
// checkLinks), and no glossary link sits inside a heading, a link, a
// figure or a drawing.
func TestGlossaryLinksOnTheSite(t *testing.T) {
	files, err := Build(starter(t), Options{CardImages: stubImages})
	if err != nil {
		t.Fatal(err)
	}
	checkLinks(t, files)
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
						if glossSkip[up] {
							t.Errorf("%s: a glossary link inside <%s>: %s", p, up, z.Raw())
						}
					}
				}
				if !glossVoid[n] {
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
		s := escapeHTML(strings.TrimSpace(t.Term.In(l)))
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
// starter site and of a generated site with the starter glossary (whole
// pages, tags and all: more text than the linker reads), and in text made
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
	n := 0
	for i, terms := range [][]wbcatalog.Term{st.Glossary, tricky, append(append([]wbcatalog.Term(nil), tricky...), st.Glossary...)} {
		texts := append(trickyTexts, texts...)
		if i > 0 {
			texts = append(trickyTexts, texts[:20]...)
		}
		for _, l := range wbcatalog.Langs {
			g, re := newGlossLinker(terms, l, nil), glossRegexp(terms, l)
			for _, s := range texts {
				want := re.FindAllSubmatchIndex(s, -1)
				got := g.matches(s)
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
