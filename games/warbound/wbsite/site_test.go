package wbsite

import (
	"bytes"
	"encoding/xml"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"wbtool.dev/wbtool/site/sitecheck"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// starterDeck returns the id of a deck page of the site.
func starterDeck(t *testing.T, files site.Files) string {
	for _, p := range files.Paths() {
		if rest, ok := strings.CutPrefix(p, "en/decks/"); ok && strings.HasSuffix(rest, "/index.html") {
			return strings.TrimSuffix(rest, "/index.html")
		}
	}
	t.Fatal("no deck page")
	return ""
}

func buildFixture(t testing.TB) site.Files {
	t.Helper()
	files, err := Build(fixture(nil, nil), Options{})
	if err != nil {
		t.Fatalf("Build(fixture): %v", err)
	}
	return files
}

func TestBuildFixtureLinksResolve(t *testing.T) {
	files := buildFixture(t)
	n := sitecheck.CheckLinks(t, files)
	if n < 100 {
		t.Errorf("only %d links checked", n)
	}
	sitecheck.CheckXSS(t, files)
}

func TestBuildStarterLinksAndSafety(t *testing.T) {
	files, err := Build(starter(t), Options{DeckPDF: func(id string, l wbcatalog.Lang) string { return "print/decks/" + id + "-" + string(l) + ".pdf" }, CardsPDF: func(l wbcatalog.Lang) string {
		return "print/cards-" + string(l) + ".pdf"
	}})
	if err != nil {
		t.Fatalf("Build(starter): %v", err)
	}
	// The build copies the sheets into the site folder: no link leaves it.
	cat := starter(t)
	for _, l := range wbcatalog.Langs {
		files["print/cards-"+string(l)+".pdf"] = []byte("%PDF")
		for _, d := range cat.Decks {
			files["print/decks/"+d.ID+"-"+string(l)+".pdf"] = []byte("%PDF")
		}
	}
	links := sitecheck.CheckLinks(t, files)
	scanned := sitecheck.CheckXSS(t, files)
	for _, want := range []string{`href="../../../print/decks/`, `href="../../print/cards-en.pdf"`} {
		if !bytes.Contains(files["en/decks/"+starterDeck(t, files)+"/index.html"], []byte(want)) && !bytes.Contains(files["en/cards/index.html"], []byte(want)) {
			t.Errorf("no PDF link %s", want)
		}
	}
	t.Logf("starter site: %d files, %d HTML pages, %d internal links checked, %d pages scanned, 0 violations expected",
		len(files), sitecheck.HTMLPages(files), links, scanned)
	for _, l := range wbcatalog.Langs {
		for _, p := range []string{"index.html", "rules/index.html", "cards/index.html", "glossary/index.html", "decks/index.html", "search-index.js"} {
			if _, ok := files[string(l)+"/"+p]; !ok {
				t.Errorf("missing %s/%s", l, p)
			}
		}
	}
	if _, ok := files["index.html"]; !ok {
		t.Error("missing root index.html")
	}
}

// TestLanguageSwitch checks that every page's language switch lands on
// the same page in the other language.
func TestLanguageSwitch(t *testing.T) {
	for name, files := range map[string]site.Files{"fixture": buildFixture(t), "starter": mustBuild(t, starter(t))} {
		targets := sitecheck.LangSwitchTargets(t, files)
		if len(targets) < 20 {
			t.Fatalf("%s: only %d pages with a language switch", name, len(targets))
		}
		for p, target := range targets {
			lang, rest, _ := strings.Cut(p, "/")
			if rest == "404.html" {
				rest = "index.html" // a missing page in one language is missing in the other: go home
			}
			want := "fr/" + rest
			if lang == "fr" {
				want = "en/" + rest
			}
			if target != want {
				t.Errorf("%s: %s switches to %s, want %s", name, p, target, want)
			}
		}
	}
}

func mustBuild(t testing.TB, cat *wbcatalog.Catalog) site.Files {
	t.Helper()
	files, err := Build(cat, Options{})
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return files
}

// TestDeterministic: the same catalog gives byte-identical sites.
func TestDeterministic(t *testing.T) {
	a := mustBuild(t, starter(t))
	b := mustBuild(t, starter(t))
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for p, x := range a {
		if !bytes.Equal(x, b[p]) {
			t.Errorf("%s differs between two builds", p)
		}
	}
}

// goldenPages are the fixture pages kept as golden files.
var goldenPages = []string{
	"index.html",
	"en/cards/copp/index.html",
	"fr/cards/boss/index.html",
	"en/cards/index.html",
	"fr/rules/basics/index.html",
	"en/rules/shooting/index.html",
	"fr/decks/raiders-warband/index.html",
	"en/glossary/index.html",
	"fr/search-index.js",
}

// TestGolden compares a few pages of the fixture site with
// testdata/golden; WBTOOL_UPDATE=1 rewrites them.
func TestGolden(t *testing.T) {
	files := buildFixture(t)
	for _, p := range goldenPages {
		got, ok := files[p]
		if !ok {
			t.Errorf("fixture site has no %s", p)
			continue
		}
		gf := filepath.Join("testdata", "golden", filepath.FromSlash(p))
		if os.Getenv("WBTOOL_UPDATE") == "1" {
			if err := os.MkdirAll(filepath.Dir(gf), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(gf, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(gf)
		if err != nil {
			t.Errorf("%s: %v (run with WBTOOL_UPDATE=1 to create it)", p, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (WBTOOL_UPDATE=1 to accept):\n%s", p, gf, firstDiff(string(want), string(got)))
		}
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return ""
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// TestRulesFeatures checks what the rules dialect does, on the fixture.
func TestRulesFeatures(t *testing.T) {
	files := buildFixture(t)
	page := func(p string) string { return string(files[p]) }
	cases := []struct {
		page, want string
	}{
		// [[card]] links to the card page of the same language, named in it.
		{"fr/rules/basics/index.html", `<a class="card-ref" href="../../cards/howler/index.html">Hurleuse</a>`},
		{"en/rules/basics/index.html", `<a class="card-ref" href="../../cards/howler/index.html">Howler</a>`},
		// Rule anchors: defined at the start of a paragraph, linked elsewhere, across pages.
		{"en/rules/basics/index.html", `<a class="rule-id" id="R-DICE-2" href="#R-DICE-2">R-DICE-2</a>`},
		{"en/rules/basics/index.html", `<a class="rule-ref" href="../shooting/index.html#R-SHOOT-7">R-SHOOT-7</a>`},
		{"en/rules/shooting/index.html", `<a class="rule-ref" href="../basics/index.html#R-DICE-2">R-DICE-2</a>`},
		// Links between rules files become links between pages.
		{"en/rules/basics/index.html", `<a href="../shooting/index.html#R-SHOOT-7">Shooting</a>`},
		// Explicit ids are shared; generated ones keep accented letters as letters.
		{"fr/rules/basics/index.html", `<h2 id="dice">Les dés</h2>`},
		{"fr/rules/basics/index.html", `<h2 id="regles-generales-de-l-ete">`},
		{"fr/rules/shooting/index.html", `<h2 id="meme-titre">Même titre</h2>`},
		{"fr/rules/shooting/index.html", `<h2 id="meme-titre-1">Même titre</h2>`},
		{"en/rules/basics/index.html", `<h1 class="doc-title" id="basics">Basics</h1>`},
		// Icons are inline SVG, labelled in the page's language.
		{"fr/rules/basics/index.html", `aria-label="Jeton Ordre Pillards"`},
		{"en/rules/basics/index.html", `<svg class="icon icon-move" viewBox="0 0 24 24" role="img" aria-label="Move">`},
		// Typographer: English curly quotes and dashes; French guillemets and spaces.
		{"en/rules/basics/index.html", `&ldquo;d12&rdquo; dice &ndash; see`},
		{"fr/rules/basics/index.html", "«\u202fd12\u202f»"},
		{"fr/rules/basics/index.html", "échoue toujours\u202f! Vraiment\u202f? Oui\u00a0: c’est la règle\u202f; «\u202ftoujours\u202f»."},
		{"fr/rules/basics/index.html", "«\u202fle glossaire\u202f»."},
		// GFM tables.
		{"fr/rules/basics/index.html", `<th>Carte</th>`},
		// External links stay, as links.
		{"en/rules/basics/index.html", `<a href="https://example.org/glossary">the glossary</a>`},
	}
	for _, c := range cases {
		if !strings.Contains(page(c.page), c.want) {
			t.Errorf("%s does not contain %q", c.page, c.want)
		}
	}
}

// TestRulesErrors: content mistakes in the rules come back with their
// file:line:col, every one of them.
func TestRulesErrors(t *testing.T) {
	rules := map[string]string{
		"rules/en/01-a.md": "---\ntitle: A\n---\n## One {#one}\n\nSee [[no-such-card]] and :bogus:.\n\n**R-X-1** first.\n\n**R-X-1** again.\n\n[gone](09-gone.md) [bad](#nowhere)\n",
		"rules/fr/01-a.md": "---\ntitle: A\nweight: 3\n---\nRien.\n",
	}
	_, err := Build(fixture(nil, rules), Options{})
	var errs site.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("Build = %v, want Errors", err)
	}
	got := errs.Text()
	for _, want := range []string{
		`rules/en/01-a.md:6:5: unknown card "no-such-card" in [[no-such-card]]: no card has this id`,
		`rules/en/01-a.md:6:26: unknown icon :bogus:`,
		`rules/en/01-a.md:10:3: rule R-X-1 is already given an anchor at rules/en/01-a.md:8:3`,
		`rules/en/01-a.md:12:1: link to 09-gone.md: there is no such rules file in rules/en`,
		`rules/en/01-a.md:12:20: link to #nowhere: this page has no heading or rule with that id`,
		`rules/fr/01-a.md:3:1: unknown front matter key "weight" (expected title or order)`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("errors lack %q; got:\n%s", want, got)
		}
	}
}

// TestCardTextErrors: an unknown icon in card text names the card, the
// language and the position.
func TestCardTextErrors(t *testing.T) {
	cat := fixture(nil, nil)
	cat.Skills[0].Text.FR = "Utilisez :nope:."
	_, err := Build(cat, Options{})
	if err == nil || !strings.Contains(err.Error(), "cards/skills.cue:9:1: skill frenzy (French text): unknown icon :nope:") &&
		!strings.Contains(err.Error(), "(French text): unknown icon :nope:") {
		t.Fatalf("Build = %v, want an unknown icon error", err)
	}
}

// TestTemplateDiscipline (reliability notes B3): no unsafe goldmark, no
// text/template, and template.HTML made only in trusted*.go (Warbound's
// card HTML, trusted_cards.go); its templates have no inline handler.
func TestTemplateDiscipline(t *testing.T) {
	sitecheck.TemplateDiscipline(t, "templates/*.html")
}

// TestStarterRulesMatchAcrossLanguages: the English and French rules have
// the same chapters, and each chapter gives the same rule anchors in both
// languages, so that a link to #R-SHOOT-7 works on either side and the
// language switch lands on the same chapter.
func TestStarterRulesMatchAcrossLanguages(t *testing.T) {
	b := &builder{cat: starter(t)}
	chapters, errs, err := site.RenderChapters(b.cat.Rules, b.rulesOptions())
	if err != nil || len(errs) > 0 {
		t.Fatalf("rules: %v %v", err, errs)
	}
	anchors := map[wbcatalog.Lang]map[string][]string{}
	for _, l := range wbcatalog.Langs {
		anchors[l] = map[string][]string{}
		for _, c := range chapters[l] {
			ids := slices.Clone(c.Rules)
			sort.Strings(ids)
			anchors[l][c.Slug] = ids
		}
	}
	en, fr := anchors[wbcatalog.English], anchors[wbcatalog.French]
	if len(en) == 0 {
		t.Fatal("no English rules")
	}
	for slug, ids := range en {
		frIDs, ok := fr[slug]
		if !ok {
			t.Errorf("chapter %s has no French version", slug)
			continue
		}
		if strings.Join(ids, " ") != strings.Join(frIDs, " ") {
			t.Errorf("chapter %s: rule anchors differ:\n  en: %v\n  fr: %v", slug, ids, frIDs)
		}
	}
	for slug := range fr {
		if _, ok := en[slug]; !ok {
			t.Errorf("chapter %s has no English version", slug)
		}
	}
}

// TestReadsWithoutJavaScript: the card list holds every card in plain
// HTML and the search form stays hidden until the script shows it.
func TestReadsWithoutJavaScript(t *testing.T) {
	cat := starter(t)
	files := mustBuild(t, cat)
	b := &builder{cat: cat}
	want := len(b.cards())
	for _, l := range wbcatalog.Langs {
		page := string(files[string(l)+"/cards/index.html"])
		if got := strings.Count(page, "<li data-id="); got != want {
			t.Errorf("%s card list has %d cards in its HTML, want %d", l, got, want)
		}
		if !regexp.MustCompile(`<form id="filters"[^>]* hidden`).MatchString(page) {
			t.Errorf("%s: the search form is not hidden without JavaScript", l)
		}
	}
}

// TestSitemap: sitemap.xml parses, lists every page once with its
// alternate in the other language, and uses BaseURL when given.
func TestSitemap(t *testing.T) {
	files, err := Build(fixture(nil, nil), Options{BaseURL: "https://warbound.example/site", CardImages: stubImages})
	if err != nil {
		t.Fatal(err)
	}
	var sm struct {
		URLs []struct {
			Loc  string `xml:"loc"`
			Alts []struct {
				Lang string `xml:"hreflang,attr"`
				Href string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(files["sitemap.xml"], &sm); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	pages := 1 // the root page
	for p := range files {
		if strings.HasSuffix(p, "index.html") && strings.Contains(p, "/") {
			pages++
		}
	}
	if len(sm.URLs) != pages {
		t.Errorf("sitemap lists %d URLs, the site has %d pages", len(sm.URLs), pages)
	}
	seen := map[string]bool{}
	for _, u := range sm.URLs {
		// sitemaps.org: absolute http(s) URLs under the site's address,
		// under 2,048 characters, each once.
		if !strings.HasPrefix(u.Loc, "https://warbound.example/site/") || seen[u.Loc] || len(u.Loc) >= 2048 {
			t.Errorf("bad or repeated loc %q", u.Loc)
		}
		seen[u.Loc] = true
		want := 2
		if u.Loc == "https://warbound.example/site/" {
			want = 3 // and x-default
		}
		if len(u.Alts) != want {
			t.Errorf("%s has %d alternates, want %d", u.Loc, len(u.Alts), want)
		}
		for _, a := range u.Alts {
			if !strings.HasPrefix(a.Href, "https://warbound.example/site/") {
				t.Errorf("%s: alternate %q is not absolute", u.Loc, a.Href)
			}
		}
	}
	if !seen["https://warbound.example/site/"] {
		t.Error("the sitemap does not list the root page")
	}
	// Every page has an absolute canonical link and absolute alternates.
	for _, p := range []string{"en/cards/copp/index.html", "fr/rules/basics/index.html", "en/index.html"} {
		pg := string(files[p])
		canon := "https://warbound.example/site/" + strings.TrimSuffix(p, "index.html")
		for _, want := range []string{`<link rel="canonical" href="` + canon + `">`, `<meta property="og:url" content="` + canon + `">`,
			`<link rel="alternate" hreflang="x-default" href="https://warbound.example/site/">`, `<meta name="description" content="`} {
			if !strings.Contains(pg, want) {
				t.Errorf("%s lacks %s", p, want)
			}
		}
		if strings.Contains(pg, `hreflang="en" href="index.html"`) || strings.Contains(pg, `hreflang="fr" href="../`) {
			t.Errorf("%s has relative alternates", p)
		}
	}
	if !strings.Contains(string(files["en/cards/copp/index.html"]), `<meta property="og:image" content="https://warbound.example/site/en/cards/copp/front.svg">`) {
		t.Error("the card page has no Open Graph image")
	}
	// Without the address: no sitemap, no Sitemap line, no canonical.
	plain := buildFixture(t)
	if _, ok := plain["sitemap.xml"]; ok {
		t.Error("a site built without --base-url has a sitemap of relative URLs")
	}
	if strings.Contains(string(plain["robots.txt"]), "Sitemap") || strings.Contains(string(plain["en/index.html"]), `rel="canonical"`) {
		t.Errorf("without --base-url: robots.txt %q, or a canonical link", plain["robots.txt"])
	}
	if !strings.Contains(string(files["robots.txt"]), "Sitemap: https://warbound.example/site/sitemap.xml") {
		t.Errorf("robots.txt: %s", files["robots.txt"])
	}
	// Without the address, no hreflang link at all (search engines take
	// only absolute ones); with it or without, every page lets itself
	// read the site's own robots.txt (connect-src 'self'), as Lighthouse's
	// SEO audit does from inside the page.
	for _, fs := range []site.Files{plain, files} {
		for _, p := range fs.Paths() {
			pg := string(fs[p])
			if !strings.HasSuffix(p, ".html") || !strings.Contains(pg, "Content-Security-Policy") {
				continue
			}
			if !strings.Contains(pg, "connect-src 'self'") {
				t.Errorf("%s: its policy forbids reading robots.txt", p)
			}
			if a := strings.Index(pg, `<link rel="alternate" hreflang="`); a >= 0 && !strings.Contains(pg[a:min(len(pg), a+200)], `href="https://`) {
				t.Errorf("%s: a relative hreflang link: %.120s", p, pg[a:])
			}
		}
	}
}
