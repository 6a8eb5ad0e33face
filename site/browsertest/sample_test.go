package browsertest

import (
	"bytes"
	"cmp"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/site"
)

// axePages chooses the pages of files that axe-core reads on a desktop:
// every page under WBTOOL_LONG=1 (a nightly or manual run), else the
// fewest pages that, together, hold every markup feature any page has
// (markupFeatures: each element, class, attribute and ARIA or style value,
// which text-less controls and headings there are, what nests in what, and
// the page's kind). axe-core's rules judge markup and the colours its
// classes and styles give, so a page whose features are all on pages
// already read cannot break a rule those pages keep: a card page of a new
// faction colour, an empty link or a new kind of page is read, the
// ninetieth card page of the same shape is not. Data that breaks a rule
// without new markup (a duplicate id, a broken reference) is what vnu
// checks, on every page, in the same tests. Axe on every page was about
// 240 s of the suite's CPU (~235 ms a page).
func axePages(files site.Files, pages []string) []string {
	if testtool.Long() {
		return pages
	}
	return coverPages(files, pages)
}

// coverPages is the cover of pages by their markup features.
func coverPages(files site.Files, pages []string) []string {
	return coverFeatures(pages, func(p string) []string { return markupFeatures(p, files[p]) })
}

// coverFeatures returns, in the order of pages, a subset of pages whose
// features (of each page) cover those of all pages: pages with the most
// features first (ties by path), each kept when it adds one not yet
// covered.
func coverFeatures(pages []string, features func(string) []string) []string {
	type page struct {
		path string
		fs   []string
	}
	all := make([]page, len(pages))
	for i, p := range pages {
		all[i] = page{p, features(p)}
	}
	slices.SortStableFunc(all, func(a, b page) int {
		return cmp.Or(cmp.Compare(len(b.fs), len(a.fs)), strings.Compare(a.path, b.path))
	})
	covered := map[string]bool{}
	keep := map[string]bool{}
	for _, p := range all {
		for _, f := range p.fs {
			if !covered[f] {
				keep[p.path] = true
				break
			}
		}
		if keep[p.path] {
			for _, f := range p.fs {
				covered[f] = true
			}
		}
	}
	var out []string
	for _, p := range pages {
		if keep[p] {
			out = append(out, p)
		}
	}
	return out
}

// valueAttrs are the attributes whose values change what axe-core judges
// (roles, languages, visibility, focus order, colours through style,
// table scopes, kinds of inputs and links): they count with their value.
// Others (ids, addresses, text) count by their name alone.
var valueAttrs = map[string]bool{
	"role": true, "lang": true, "dir": true, "type": true, "style": true,
	"hidden": true, "tabindex": true, "scope": true, "rel": true,
	"aria-hidden": true, "aria-live": true, "aria-expanded": true, "aria-current": true,
	"aria-modal": true, "aria-haspopup": true, "autocomplete": true, "target": true,
}

// namedElements are the elements axe-core wants a text or a name for:
// one with neither is a feature of its own.
var namedElements = map[string]bool{
	"a": true, "button": true, "label": true, "th": true, "title": true, "summary": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"option": true, "legend": true, "caption": true, "figcaption": true, "dt": true,
}

// counted are the elements whose number on a page axe-core judges (one
// main, a first-level heading, unique landmarks): none, one or several is
// a feature.
var counted = map[string]bool{"title": true, "h1": true, "main": true, "header": true, "footer": true, "nav": true, "aside": true, "form": true}

// markupFeatures lists the markup features of page p with contents b (see
// axePages): each element under its parent, each class of an element,
// the set of attribute names of an element (an image without alt, a page
// without lang), each attribute (valueAttrs with their value, any with an
// empty value),
// each element of namedElements without a name, each step from a heading
// level to the next, how many of each counted element there are, and the
// page's kind. A page that does not parse is a feature of its own.
func markupFeatures(p string, b []byte) []string {
	set := map[string]bool{"kind:" + pageKind(p): true}
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		return []string{"kind:" + pageKind(p), "unparsed:" + p}
	}
	counts := map[string]int{}
	lastHeading := ""
	var walk func(n *html.Node, parent string)
	walk = func(n *html.Node, parent string) {
		if n.Type == html.ElementNode {
			tag := n.Data
			set["el:"+parent+">"+tag] = true
			if counted[tag] {
				counts[tag]++
			}
			if len(tag) == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6' {
				set["heading:"+lastHeading+">"+tag] = true
				lastHeading = tag
			}
			names := make([]string, 0, len(n.Attr))
			for _, a := range n.Attr {
				names = append(names, a.Key)
			}
			slices.Sort(names)
			set["shape:"+tag+"["+strings.Join(names, ",")+"]"] = true
			for _, a := range n.Attr {
				if strings.TrimSpace(a.Val) == "" {
					set["attr:"+tag+"["+a.Key+"=]"] = true
				}
				switch {
				case a.Key == "class":
					for c := range strings.FieldsSeq(a.Val) {
						set["class:"+tag+"."+c] = true
					}
				case valueAttrs[a.Key]:
					set["attr:"+tag+"["+a.Key+"="+a.Val+"]"] = true
				default:
					set["attr:"+tag+"["+a.Key+"]"] = true
				}
			}
			if namedElements[tag] && !hasName(n) {
				set["nameless:"+tag] = true
			}
			parent = tag
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, parent)
		}
	}
	walk(doc, "")
	for tag := range counted {
		set["count:"+tag+"="+[]string{"0", "1", "many"}[min(counts[tag], 2)]] = true
	}
	out := make([]string, 0, len(set))
	for f := range set {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// hasName reports whether element n has a text, an image with an
// alternative text, or a name of its own in its attributes.
func hasName(n *html.Node) bool {
	for _, a := range n.Attr {
		if (a.Key == "aria-label" || a.Key == "aria-labelledby" || a.Key == "title") && strings.TrimSpace(a.Val) != "" {
			return true
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			return true
		case c.Type == html.ElementNode && (c.Data == "img" || c.Data == "svg"):
			for _, a := range c.Attr {
				if (a.Key == "alt" || a.Key == "aria-label") && strings.TrimSpace(a.Val) != "" {
					return true
				}
			}
		case c.Type == html.ElementNode && hasName(c):
			return true
		}
	}
	return false
}

// pageKind is a page's path with its own name generalized: a page of a
// kind with many (en/cards/X/index.html, fr/profiles/X.html), and every
// home, section index and top-level page a kind of its own.
func pageKind(p string) string {
	segs := strings.Split(p, "/")
	last := len(segs) - 1
	switch {
	case segs[last] == "index.html" && len(segs) >= 4:
		segs[last-1] = "X"
	case segs[last] != "index.html" && len(segs) >= 3:
		segs[last] = "X" + path.Ext(segs[last])
	}
	return strings.Join(segs, "/")
}

// TestAxePages checks the cover axe-core reads by default: on the
// published Warbound site it holds every feature of every page, and a
// card page changed in a way axe-core judges joins it.
func TestAxePages(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		feats map[string][]string
		want  []string
	}{
		{"one page holds all", map[string][]string{"a": {"x", "y"}, "b": {"x"}, "c": {"y"}}, []string{"a"}},
		{"each adds one", map[string][]string{"a": {"x"}, "b": {"y"}}, []string{"a", "b"}},
		{"the first path of equals", map[string][]string{"b": {"x"}, "a": {"x"}}, []string{"a"}},
		{"the largest first", map[string][]string{"a": {"x"}, "b": {"y"}, "c": {"x", "y"}}, []string{"c"}},
		{"none", map[string][]string{}, nil},
	} {
		pages := slices.Sorted(maps.Keys(c.feats))
		if got := coverFeatures(pages, func(p string) []string { return c.feats[p] }); !slices.Equal(got, c.want) {
			t.Errorf("%s: coverFeatures = %v, want %v", c.name, got, c.want)
		}
	}

	files := publishedSite(t)
	pages := htmlPaths(files)
	sample := coverPages(files, pages)
	held := map[string]bool{}
	for _, p := range sample {
		for _, f := range markupFeatures(p, files[p]) {
			held[f] = true
		}
	}
	for _, p := range pages {
		for _, f := range markupFeatures(p, files[p]) {
			if !held[f] {
				t.Errorf("%s has %s, which no page of the cover has", p, f)
			}
		}
	}
	if len(sample) >= len(pages)/2 {
		t.Errorf("the cover has %d pages of %d", len(sample), len(pages))
	}
	// a card page the cover leaves out
	var card string
	for _, p := range pages {
		if pageKind(p) == "en/cards/X/index.html" && !slices.Contains(sample, p) {
			card = p
			break
		}
	}
	if card == "" {
		t.Fatalf("every English card page is in the cover: %v", sample)
	}
	for _, d := range []struct{ name, old, new string }{
		{"an image without text", "</main>", `<img src="x.png"></main>`},
		{"an empty link", "</main>", `<a href="#top"></a></main>`},
		{"an empty table header", "</main>", `<table><tr><th></th></tr><tr><td>1</td></tr></table></main>`},
		{"a heading level skipped", "</main>", `<h6>deep</h6></main>`},
		{"a colour of its own", "</main>", `<p style="color:#ddd">pale</p></main>`},
		{"a class of its own", "</main>", `<p class="faint">pale</p></main>`},
		{"no first-level heading", "<h1", `<h1 hidden`},
		{"no language", `<html lang="en"`, `<html`},
	} {
		if !strings.Contains(string(files[card]), d.old) {
			t.Fatalf("%s has no %s", card, d.old)
		}
		changed := maps.Clone(files)
		changed[card] = []byte(strings.Replace(string(files[card]), d.old, d.new, 1))
		if !slices.Contains(coverPages(changed, pages), card) {
			t.Errorf("%s with %s: not in the cover", card, d.name)
		}
	}
	t.Logf("the cover: %d pages of %d", len(sample), len(pages))
}
