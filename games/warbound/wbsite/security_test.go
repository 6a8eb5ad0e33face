package wbsite

import (
	"fmt"
	"html"
	"io/fs"
	"strings"
	"testing"
	"wbtool.dev/wbtool/site/sitecheck"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// payloads are hostile strings put in every content text of a site
// (reliability notes B1, B3, B6; Hugo's CVE list in section 1.2).
var payloads = []string{
	`<script>alert(1)</script>`,
	`<img src=x onerror=alert(1)>`,
	`<svg onload=alert(1)>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`"><script>alert(1)</script>`,
	`' onmouseover='alert(1)`,
	`" onfocus="alert(1)" autofocus="`,
	`javascript:alert(1)`,
	`&#106;avascript:alert(1)`,
	`data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
	`</script><script>alert(1)</script>`,
	"\u2028\u2029</script>",
	`{{ .Secret }}{{/* */}}{{ template "layout" }}`,
	`red;background:url(javascript:alert(1))`,
	`<style>*{background:url(javascript:alert(1))}</style>`,
	`<a href="javascript:alert(1)">x</a>`,
	`<base href="javascript:alert(1)//">`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
	"`<script>`",
	`**<script>**alert(1)`,
}

// markdownPayloads are hostile rules Markdown: dangerous link schemes in
// every spelling, images, autolinks, reference links, titles, heading
// attributes, code-fence info strings and raw HTML.
var markdownPayloads = []string{
	`[a](javascript:alert(1))`,
	`[a](JaVaScRiPt:alert(1))`,
	`[a](&#106;avascript:alert(1))`,
	`[a](&#x6A;avascript:alert(1))`,
	`[a](&#0000106;avascript:alert(1))`,
	`[a](java&Tab;script:alert(1))`,
	`[a](javascript&colon;alert(1))`,
	`[a](&amp;#106;avascript:alert(1))`,
	`[a](<java script:alert(1)>)`,
	`[a]( javascript:alert(1))`,
	`[a](vbscript:msgbox(1))`,
	`[a](file:///etc/passwd)`,
	`[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
	`![x](data:image/svg+xml,<svg onload=alert(1)>)`,
	`![x](javascript:alert(1) "t\" onerror=\"alert(1)")`,
	`![x](https://evil.example/track.png)`,
	`<javascript:alert(1)>`,
	"[r][ref]\n\n[ref]: javascript:alert(1)",
	`[t](https://x.example "\" onmouseover=\"alert(1)")`,
	`[t](#ok "<script>alert(1)</script>")`,
	"## Heading {onclick=\"alert(1)\" style=\"color:red\" #ok}",
	"## Heading {#\"><script>alert(1)</script>}",
	"```a\"><script>alert(1)</script>\ncode\n```",
	"```\"onmouseover=\"alert(1)\ncode\n```",
	"<script>alert(1)</script>",
	"<img src=x onerror=alert(1)>",
	"<div onclick=\"alert(1)\">x</div>",
	"text <span onclick=alert(1)>x</span> text",
	"www.x.example/javascript:alert(1)",
	"http://x.example/\"onmouseover=\"alert(1)",
	"[[copp]]\"><script>alert(1)</script>",
	":move:\"onload=\"alert(1)",
	"| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |",
	"- **R-X-1** <img src=x onerror=alert(1)>",
	"<!-- <script>alert(1)</script> -->",
	"<![CDATA[<script>alert(1)</script>]]>",
	"[x](javascript:alert(1))[^1]\n\n[^1]: <script>alert(1)</script>",
}

// TestHostileContentIsInert builds a site with each payload in every text
// of the catalog (names, skill texts, glossary, decks, faction names, the
// interface strings) and in the rules Markdown, then scans every page:
// no script, event handler or dangerous URL may come from content. It
// also checks that the payload is shown as text, not silently dropped.
func TestHostileContentIsInert(t *testing.T) {
	pages, total := 0, 0
	for i, p := range payloads {
		t.Run(fmt.Sprintf("text%02d", i), func(t *testing.T) {
			txt := func(en, fr string) wbcatalog.Text { return wbcatalog.Text{EN: en + " " + p, FR: fr + " " + p} }
			rules := map[string]string{}
			for k, v := range fixtureRules {
				rules[k] = v + "\n\n" + p + "\n"
			}
			cat := fixture(txt, rules)
			// The interface strings too, among them those of the search
			// help page, the card tiles and the script's messages.
			for _, k := range []string{"site.title", "search.help.title", "search.field.faction", "search.err.field",
				"stat.abbr.attack", "card.enlarge", "sort.name", "glossary.title", "builder.title", "builder.attach", "builder.nojs"} {
				cat.Strings = append(cat.Strings, wbcatalog.UIString{ID: k, Text: wbcatalog.Text{EN: "W " + p, FR: "W " + p}})
			}
			cat.Checks = append(cat.Checks, wbcatalog.CheckGame{ID: "x" + p})
			cat.Sort()
			files, err := Build(cat, Options{})
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			pages += sitecheck.CheckXSS(t, files)
			total++
			// The card's name shows escaped on its page.
			page := string(files["en/cards/copp/index.html"])
			if !strings.Contains(page, html.EscapeString("COPP "+p)) && !strings.Contains(page, "COPP "+strings.TrimSpace(html.EscapeString(p))) {
				t.Errorf("the payload is not shown as text on the card page")
			}
		})
	}
	for i, p := range markdownPayloads {
		t.Run(fmt.Sprintf("markdown%02d", i), func(t *testing.T) {
			rules := map[string]string{}
			for k, v := range fixtureRules {
				rules[k] = v + "\n\n" + p + "\n"
			}
			files, err := Build(fixture(nil, rules), Options{CardImages: stubImages})
			if err != nil {
				// A payload may be a content error (an unknown anchor); it must
				// then be reported, not rendered.
				if !strings.Contains(err.Error(), "rules/") {
					t.Fatalf("Build: %v", err)
				}
				return
			}
			pages += sitecheck.CheckXSS(t, files)
			total++
		})
	}
	t.Logf("%d hostile sites built, %d HTML/SVG files scanned, 0 violations allowed", total, pages)
}

// TestHostileIDsRejected: ids become file names; one that is not
// lower-case kebab is an error, never a path (reliability notes C1).
func TestHostileIDsRejected(t *testing.T) {
	for _, id := range []string{"../../etc/passwd", "a/b", "x\"><script>", "UPPER", ".hidden", ""} {
		cat := fixture(nil, nil)
		cat.Characters[0].ID = id
		cat.Sort()
		_, err := Build(cat, Options{})
		if err == nil || !strings.Contains(err.Error(), "cannot name a page") {
			t.Errorf("id %q: Build = %v, want an error", id, err)
		}
	}
}

// recorder is a testing.TB that records errors instead of failing, to
// test the checks themselves.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

// TestCheckersCatchProblems: the XSS oracle and the link checker fail on
// pages that are wrong, so that their silence on real sites means
// something.
func TestCheckersCatchProblems(t *testing.T) {
	head := `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body>`
	for _, bad := range []string{
		`<script>alert(1)</script>`,
		`<script src="https://cdn.example/x.js"></script>`,
		`<img src=x onerror=alert(1)>`,
		`<a href="  JaVa&#x09;Script:alert(1)">x</a>`,
		`<a href="&#106;avascript:alert(1)">x</a>`,
		`<a href="data:text/html,x">x</a>`,
		`<iframe src="x.html"></iframe>`,
		`<p style="color:red">x</p>`,
		`<svg><a xlink:href="javascript:alert(1)">x</a></svg>`,
	} {
		r := &recorder{TB: t}
		sitecheck.CheckXSS(r, site.Files{"en/index.html": []byte(head + bad)})
		if len(r.errs) == 0 {
			t.Errorf("checkXSS misses %s", bad)
		}
	}
	for _, bad := range []string{
		`<a href="missing/index.html">x</a>`,
		`<a href="#nowhere">x</a>`,
		`<a href="/en/index.html">x</a>`,
		`<a href="../../outside.html">x</a>`,
		`<a href="cards/">x</a>`,
		`<img src="https://evil.example/x.png">`,
	} {
		r := &recorder{TB: t}
		sitecheck.CheckLinks(r, site.Files{"en/index.html": []byte(head + bad), "en/cards/index.html": []byte(head)})
		if len(r.errs) == 0 {
			t.Errorf("checkLinks misses %s", bad)
		}
	}
}

// FuzzRulesMarkdown builds a site whose rules page is the fuzzed Markdown,
// in both languages, and runs the XSS oracle over it (reliability notes
// B1/B2): no input may panic the build or put live script in a page.
// Content errors (an unknown card, a broken link) are fine.
func FuzzRulesMarkdown(f *testing.F) {
	for _, p := range markdownPayloads {
		f.Add(p)
	}
	for _, src := range fixtureRules {
		f.Add(src)
	}
	base := fixture(nil, map[string]string{})
	f.Fuzz(func(t *testing.T, md string) {
		cat := *base
		cat.Rules = []wbcatalog.RulesPage{
			{Lang: wbcatalog.English, Path: "rules/en/01-fuzz.md", Source: []byte(md)},
			{Lang: wbcatalog.French, Path: "rules/fr/01-fuzz.md", Source: []byte(md)},
		}
		files, err := Build(&cat, Options{CardImages: stubImages})
		if err != nil {
			return
		}
		only := site.Files{}
		for _, p := range []string{"en/rules/fuzz/index.html", "fr/rules/fuzz/index.html", "en/rules/index.html"} {
			only[p] = files[p]
		}
		sitecheck.CheckXSS(t, only)
	})
}

// stubImages stands in for wbcards.SVG where the card images are not what
// a test is about.
func stubImages(*wbcatalog.Catalog, string, wbcatalog.Lang) ([]byte, []byte, error) {
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), nil, nil
}

// TestHostileNamesAndColours: a rules file name or a faction colour from
// content never reaches a path or a stylesheet unchecked.
func TestHostileNamesAndColours(t *testing.T) {
	for _, name := range []string{`rules/en/01-"><script>.md`, "rules/en/01-A B.md", "rules/en/01-../../x.md"} {
		rules := map[string]string{name: "---\ntitle: X\n---\ntext\n"}
		files, err := Build(fixture(nil, rules), Options{CardImages: stubImages})
		if err != nil {
			continue // refused: fine
		}
		// Accepted: the page is named from the file's base name only.
		for p := range files {
			if !fs.ValidPath(p) || strings.ContainsAny(p, `"<> \`) {
				t.Errorf("rules file %q gave the path %q", name, p)
			}
		}
		if strings.Contains(name, "script") || strings.Contains(name, " ") {
			t.Errorf("rules file %q: Build succeeded", name)
		}
	}
	cat := fixture(nil, nil)
	cat.Factions[0].Colour = "red;}body{background:url(javascript:alert(1))"
	files, err := Build(cat, Options{CardImages: stubImages})
	if err != nil {
		t.Fatal(err)
	}
	if css := string(files["assets/factions.css"]); strings.Contains(css, "javascript") || strings.Contains(css, cat.Factions[0].ID) {
		t.Errorf("a hostile colour reached the stylesheet:\n%s", css)
	}
}
