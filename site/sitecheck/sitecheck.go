package sitecheck

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"wbtool.dev/wbtool/site"
)

// This file holds two whole-site checks run on every built site of the
// tests: CheckLinks (every internal link and #anchor resolves) and
// CheckXSS (reliability notes B2: no script, event handler or dangerous
// URL came from content).

// pageInfo is what the checks read from one HTML page.
type pageInfo struct {
	ids   map[string]bool
	links []pageLink
	lang  string
}

type pageLink struct {
	tag, attr, val string
}

// urlAttrs are the attributes a browser follows or loads.
var urlAttrs = map[string]bool{"href": true, "src": true, "action": true, "formaction": true, "srcset": true,
	"poster": true, "xlink:href": true, "data": true, "background": true, "cite": true, "ping": true}

func parsePage(t testing.TB, name string, data []byte) *pageInfo {
	t.Helper()
	pi := &pageInfo{ids: map[string]bool{}}
	z := html.NewTokenizer(bytes.NewReader(data))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		for _, a := range tok.Attr {
			switch {
			case a.Key == "id" || (tok.Data == "a" && a.Key == "name"):
				if pi.ids[a.Val] {
					t.Errorf("%s: duplicate id %q", name, a.Val)
				}
				pi.ids[a.Val] = true
			case a.Key == "lang" && tok.Data == "html":
				pi.lang = a.Val
			case urlAttrs[a.Key]:
				pi.links = append(pi.links, pageLink{tok.Data, a.Key, a.Val})
			}
		}
	}
	return pi
}

// CheckLinks checks that every relative link of every page resolves to a
// file of the site and, with a #fragment, to an id of that page. Links
// that leave the site folder must start with one of outside (e.g. the
// print PDFs next to the site). It returns the number of links checked.
func CheckLinks(t testing.TB, files site.Files, outside ...string) int {
	t.Helper()
	pages := map[string]*pageInfo{}
	for _, p := range files.Paths() {
		if strings.HasSuffix(p, ".html") {
			pages[p] = parsePage(t, p, files[p])
		}
	}
	n := 0
	for _, p := range files.Paths() {
		pi := pages[p]
		if pi == nil {
			continue
		}
		if pi.lang == "" {
			t.Errorf("%s: <html> has no lang", p)
		}
		for _, l := range pi.links {
			if l.attr == "action" && l.tag == "form" || l.attr == "href" || l.attr == "src" {
			} else {
				t.Errorf("%s: unexpected URL attribute %s=%q on <%s>", p, l.attr, l.val, l.tag)
				continue
			}
			u, err := url.Parse(l.val)
			if err != nil {
				t.Errorf("%s: bad URL %q: %v", p, l.val, err)
				continue
			}
			if u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "mailto" {
				// <link rel=canonical/alternate> of a site built with its
				// address, and a 404 page's links (served at any depth).
				if l.tag != "a" && l.tag != "link" && !strings.HasSuffix(p, "404.html") {
					t.Errorf("%s: external resource %q on <%s> (no external requests)", p, l.val, l.tag)
				}
				continue
			}
			anyDepth := strings.HasSuffix(p, "404.html") && strings.HasPrefix(u.Path, "/") && u.Scheme == "" && u.Host == ""
			if !anyDepth && (u.Scheme != "" || u.Host != "" || strings.HasPrefix(u.Path, "/")) {
				t.Errorf("%s: link %q is not relative", p, l.val)
				continue
			}
			n++
			target := p
			if anyDepth {
				// A 404 page is served for missing paths at any depth: its
				// links start at the site's root.
				target = strings.TrimPrefix(u.Path, "/")
			} else if u.Path != "" {
				if strings.HasSuffix(u.Path, "/") {
					t.Errorf("%s: link %q ends in / (fails from file://; link to index.html)", p, l.val)
					continue
				}
				target = path.Join(path.Dir(p), u.Path)
			}
			if strings.HasPrefix(target, "../") {
				ok := false
				for _, o := range outside {
					if strings.HasPrefix(target, "../"+o) {
						ok = true
					}
				}
				if !ok {
					t.Errorf("%s: link %q leaves the site", p, l.val)
				}
				continue
			}
			if _, ok := files[target]; !ok {
				t.Errorf("%s: broken link %q (no %s)", p, l.val, target)
				continue
			}
			// The deck builder's fragment is a deck (f=…&c=…), not an anchor;
			// TestDeckBuilderLinks checks those links (Warstuff's band
			// builder's: TestBandBuilderShare).
			if u.Fragment != "" && !strings.HasSuffix(target, "/"+"deckbuilder/index.html") && !strings.HasSuffix(target, "/bandbuilder.html") {
				tp := pages[target]
				if tp == nil {
					t.Errorf("%s: link %q has a fragment on a non-HTML file", p, l.val)
				} else if !tp.ids[u.Fragment] {
					t.Errorf("%s: link %q: %s has no id %q", p, l.val, target, u.Fragment)
				}
			}
		}
	}
	return n
}

// allowedScripts are the only scripts the templates write (Warstuff's
// band builder's too: its site is drawn in the same frame).
var allowedScripts = map[string]bool{"search-index.js": true, "assets/search.js": true, "assets/site.js": true,
	"deck-data.js": true, "assets/wasm_exec.js": true, "assets/wasmstart.js": true, "assets/deckbuilder.js": true,
	"band-data.js": true, "assets/bandbuilder.js": true}

// allowedMeta are the meta elements of the layout.
var allowedMeta = map[string]bool{"charset": true, "viewport": true, "Content-Security-Policy": true, "referrer": true,
	"description": true, "robots": true, "og:type": true, "og:site_name": true, "og:title": true, "og:description": true,
	"og:locale": true, "og:url": true, "og:image": true}

// CheckXSS scans every HTML and SVG file: it fails on a script that is not
// one of the site's own files, an inline script, an element that can run
// or load code, any on* attribute, any style attribute, and any URL whose
// scheme, read the way a browser reads it, is javascript, vbscript, file
// or data (other than raster images). It returns the number of files
// scanned.
func CheckXSS(t testing.TB, files site.Files) int {
	t.Helper()
	scanned := 0
	for _, p := range files.Paths() {
		isSVG := strings.HasSuffix(p, ".svg")
		if !strings.HasSuffix(p, ".html") && !isSVG {
			if strings.HasSuffix(p, ".js") && !strings.HasPrefix(p, "assets/") {
				if bytes.Contains(bytes.ToLower(files[p]), []byte("</script")) || bytes.Contains(files[p], []byte("\u2028")) {
					t.Errorf("%s: data script can end a script element", p)
				}
			}
			if p == "deck-data.js" {
				// The deck builder's bridge: one assignment of one JSON
				// string (the deck checker's data), nothing that runs.
				var s string
				body, ok := bytes.CutPrefix(files[p], []byte("window.WB_DECK_DATA = "))
				body, ok2 := bytes.CutSuffix(body, []byte(";\n"))
				if !ok || !ok2 || json.Unmarshal(body, &s) != nil || !json.Valid([]byte(s)) {
					t.Errorf("%s: not one assignment of a JSON string: %.200s", p, files[p])
				}
			}
			continue
		}
		scanned++
		z := html.NewTokenizer(bytes.NewReader(files[p]))
		inScript := false
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			if tt == html.TextToken && inScript && len(bytes.TrimSpace(z.Text())) > 0 {
				t.Errorf("%s: inline script %q", p, z.Text())
			}
			if tt == html.EndTagToken {
				inScript = false
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			tok := z.Token()
			name := strings.ToLower(tok.Data)
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[strings.ToLower(a.Key)] = a.Val
			}
			switch name {
			case "script":
				inScript = tt == html.StartTagToken
				src := attr["src"]
				rel := path.Join(path.Dir(p), src)
				if strings.HasPrefix(src, "/") && strings.HasSuffix(p, "404.html") {
					rel = strings.TrimPrefix(src, "/") // served at any depth
				}
				if u, err := url.Parse(src); err == nil && u.Scheme == "https" && strings.HasSuffix(u.Host, ".example") && strings.HasSuffix(p, "404.html") {
					rel = strings.TrimPrefix(u.Path, "/") // at the tests' site address
				}
				if isSVG || src == "" || !(allowedScripts[rel] || strings.HasSuffix(rel, "/search-index.js") && allowedScripts[path.Base(rel)]) {
					t.Errorf("%s: script not from the site: %v", p, tok)
				}
			case "iframe", "object", "embed", "base", "frame", "frameset", "applet", "style", "foreignobject", "animate", "set", "handler", "listener":
				t.Errorf("%s: element <%s> must not appear", p, name)
			case "meta":
				key := attr["name"]
				if key == "" {
					key = attr["http-equiv"]
				}
				if key == "" {
					key = attr["property"]
				}
				if _, ok := attr["charset"]; ok {
					key = "charset"
				}
				if !allowedMeta[key] {
					t.Errorf("%s: unexpected meta %v", p, tok)
				}
			case "link":
				if r := attr["rel"]; r != "stylesheet" && r != "alternate" && r != "icon" && r != "canonical" {
					t.Errorf("%s: unexpected link %v", p, tok)
				}
			case "form":
				if attr["method"] != "get" {
					t.Errorf("%s: form that is not a search: %v", p, tok)
				}
			}
			for k, v := range attr {
				if strings.HasPrefix(k, "on") {
					t.Errorf("%s: event handler %s=%q on <%s>", p, k, v, name)
				}
				if k == "style" {
					t.Errorf("%s: style attribute %q on <%s>", p, v, name)
				}
				if k == "http-equiv" && !strings.EqualFold(v, "Content-Security-Policy") {
					t.Errorf("%s: http-equiv %q", p, v)
				}
				if urlAttrs[k] || strings.HasSuffix(k, ":href") {
					if u := site.BrowserURL(v); dangerousScheme(u) {
						t.Errorf("%s: dangerous URL %s=%q on <%s>", p, k, v, name)
					}
				}
			}
		}
	}
	return scanned
}

// dangerousScheme reports whether a normalised URL has a scheme that runs
// code or reads local files.
func dangerousScheme(u string) bool {
	u = strings.TrimLeftFunc(u, func(r rune) bool { return r < 0x20 || r == ' ' })
	for _, s := range []string{"javascript:", "vbscript:", "file:", "data:"} {
		if strings.HasPrefix(u, s) {
			if s == "data:" {
				for _, img := range []string{"data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"} {
					if strings.HasPrefix(u, img) {
						return false
					}
				}
			}
			return true
		}
	}
	return false
}

// HTMLPages counts the HTML pages of a site.
func HTMLPages(files site.Files) int {
	n := 0
	for p := range files {
		if strings.HasSuffix(p, ".html") {
			n++
		}
	}
	return n
}

// LangSwitchTargets returns, for every page, where its language switch
// points (resolved), so tests can check it lands on the same page.
func LangSwitchTargets(t testing.TB, files site.Files) map[string]string {
	out := map[string]string{}
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".html") || !strings.Contains(p, "/") {
			continue
		}
		z := html.NewTokenizer(bytes.NewReader(files[p]))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			tok := z.Token()
			if tok.Data != "a" {
				continue
			}
			var id, href string
			for _, a := range tok.Attr {
				switch a.Key {
				case "id":
					id = a.Val
				case "href":
					href = a.Val
				}
			}
			if id == "lang-switch" {
				out[p] = path.Join(path.Dir(p), href)
				if strings.HasPrefix(href, "/") {
					out[p] = strings.TrimPrefix(href, "/") // a 404 page's links start at the root
				}
				break
			}
		}
	}
	return out
}

// TemplateDiscipline checks the Go files and templates of the package in
// the current directory (reliability notes B3): no unsafe goldmark, no
// text/template, template.HTML made only in trusted*.go (the kit's
// trusted.go, a game's own trusted files), and no inline handler or unsafe
// helper in the templates that match tmplGlob.
func TemplateDiscipline(t testing.TB, tmplGlob string) {
	t.Helper()
	srcs, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	bad := regexp.MustCompile(`WithUnsafe|"text/template"|template\.(HTML|HTMLAttr|URL|JS|JSStr|CSS|Srcset)\(`)
	for _, f := range srcs {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := bad.FindString(line); m != "" && !(strings.HasPrefix(f, "trusted") && m == "template.HTML(") {
				t.Errorf("%s:%d: %s is not allowed outside trusted*.go", f, i+1, m)
			}
		}
	}
	tmpls, _ := filepath.Glob(tmplGlob)
	for _, f := range tmpls {
		data, _ := os.ReadFile(f)
		if bytes.Contains(data, []byte("safeHTML")) || bytes.Contains(data, []byte(" on")) && regexp.MustCompile(`\son[a-z]+=`).Match(data) {
			t.Errorf("%s: inline handler or unsafe helper", f)
		}
	}
}
