package wbsite

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// TestStarterLabels builds the starter site: every interface string it
// reads (pages, templates, icon names) has a text, none shows as its key.
func TestStarterLabels(t *testing.T) {
	if _, err := Build(starter(t), Options{}); err != nil {
		t.Fatalf("Build: %v", err)
	}
	for _, k := range wbcatalog.MissingLabels() {
		t.Errorf("interface string %q looked up without a text", k)
	}
}

// TestIconLabels: every icon the site draws is named in both languages.
func TestIconLabels(t *testing.T) {
	for name := range iconPaths {
		key, ok := iconKeys[name]
		if !ok {
			t.Errorf("icon %q has no name key in iconKeys", name)
			continue
		}
		tx, ok := wbcatalog.BuiltinLabel(key)
		if !ok || tx.EN == "" || tx.FR == "" {
			t.Errorf("icon %q: key %q has no built-in text in both languages", name, key)
		}
		if !iconLabels[name].Equal(tx) {
			t.Errorf("icon %q: iconLabels disagrees with the table", name)
		}
	}
}

// TestNoLabelKeyInOutputs builds the starter and fixture sites (the
// starter with its address, so that every optional tag is there) and
// fails when any interface-string key ("deck.attached", "search.sort")
// appears in any file: a key shows when a text is missing or a template
// prints the key instead of its text.
func TestNoLabelKeyInOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	f := newKeyFinder(t, wbcatalog.LabelKeys())
	starterSite, err := Build(starter(t), Options{BaseURL: "https://warbound.example/"})
	if err != nil {
		t.Fatal(err)
	}
	scanned := 0
	for name, files := range map[string]site.Files{"starter": starterSite, "fixture": buildFixture(t)} {
		for _, p := range files.Paths() {
			scanned++
			if start, end, ok := f.find(files[p]); ok {
				data := files[p]
				t.Errorf("%s %s: label key %q in the output: …%s…", name, p, data[start:end], data[max(0, start-60):min(len(data), end+40)])
			}
		}
	}
	for _, k := range wbcatalog.MissingLabels() {
		t.Errorf("interface string %q looked up without a text", k)
	}
	t.Logf("%d label keys looked for in %d files", len(f.keys), scanned)
}

// keyFinder finds the interface-string keys with a dot in a file: a key
// that starts where a word starts (not after a letter, digit, _, ., - or
// /) and ends where one ends (before anything but a letter, digit, _ or
// -). It is the regular expression of keyPattern in one pass over the
// bytes (the expression took 25 s of CPU on the starter's site).
type keyFinder struct {
	keys map[string]bool
}

func newKeyFinder(t *testing.T, keys []string) keyFinder {
	f := keyFinder{keys: map[string]bool{}}
	for _, k := range keys {
		if !strings.Contains(k, ".") {
			continue
		}
		// a key's characters are those of a run (below), and it ends
		// before a dot, not on one
		if strings.Trim(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != "" || strings.HasSuffix(k, ".") {
			t.Fatalf("label key %q: the finder looks for letters, digits, _, . and - only, not ending in a dot", k)
		}
		f.keys[k] = true
	}
	return f
}

// inRun: the characters a key is made of.
func inRun(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-'
}

// find returns the first key in data (the longest at its start).
func (f keyFinder) find(data []byte) (start, end int, ok bool) {
	for i := 0; i < len(data); {
		if !inRun(data[i]) {
			i++
			continue
		}
		j := i
		for j < len(data) && inRun(data[j]) {
			j++
		}
		// a run after a / is inside a path: no key starts there
		if i == 0 || data[i-1] != '/' {
			// a key ends at the end of the run or before one of its dots
			for e := j; e > i; e-- {
				if (e == j || data[e] == '.') && f.keys[string(data[i:e])] {
					return i, e, true
				}
			}
		}
		i = j
	}
	return 0, 0, false
}

// keyPattern is the regular expression keyFinder stands for.
func keyPattern(keys []string) *regexp.Regexp {
	var alts []string
	for _, k := range keys {
		if strings.Contains(k, ".") {
			alts = append(alts, regexp.QuoteMeta(k))
		}
	}
	sort.Slice(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	return regexp.MustCompile(`(^|[^A-Za-z0-9_.\-/])(` + strings.Join(alts, "|") + `)($|[^A-Za-z0-9_\-]|\.[^A-Za-z])`)
}

// TestKeyFinder: the finder finds what the regular expression finds.
func TestKeyFinder(t *testing.T) {
	keys := wbcatalog.LabelKeys()
	f, re := newKeyFinder(t, keys), keyPattern(keys)
	for _, c := range []struct {
		in   string
		want string
	}{
		{`<span title="deck.attached">`, "deck.attached"},
		{`deck.attached`, "deck.attached"},
		{`deck.attachedness`, ""},
		{`deck.attached.`, "deck.attached"},
		{`deck.attached.x`, "deck.attached"},
		{`deck.attached-x`, ""},
		{`xdeck.attached`, ""},
		{`.deck.attached`, ""},
		{`-deck.attached`, ""},
		{`/deck.attached`, ""},
		{`a/deck.attached b`, ""},
		{`a:deck.attached b`, "deck.attached"},
		{`search.sort`, "search.sort"},
		{`the search.sort, deck.attached`, "search.sort"},
		{`deck.attached/x`, "deck.attached"},
		{`no key here.`, ""},
		{``, ""},
	} {
		start, end, ok := f.find([]byte(c.in))
		got := ""
		if ok {
			got = c.in[start:end]
		}
		if got != c.want {
			t.Errorf("finder in %q: %q, want %q", c.in, got, c.want)
		}
		if m := re.FindStringSubmatch(c.in); (m != nil) != ok || m != nil && m[2] != got {
			t.Errorf("in %q: the finder says %q, the expression %q", c.in, got, m)
		}
	}
}
