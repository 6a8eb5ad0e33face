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
	keys := wbcatalog.LabelKeys()
	var alts []string
	for _, k := range keys {
		if strings.Contains(k, ".") {
			alts = append(alts, regexp.QuoteMeta(k))
		}
	}
	sort.Slice(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_.\-/])(` + strings.Join(alts, "|") + `)($|[^A-Za-z0-9_\-]|\.[^A-Za-z])`)
	starterSite, err := Build(starter(t), Options{BaseURL: "https://warbound.example/"})
	if err != nil {
		t.Fatal(err)
	}
	scanned := 0
	for name, files := range map[string]site.Files{"starter": starterSite, "fixture": buildFixture(t)} {
		for _, p := range files.Paths() {
			scanned++
			if m := re.FindSubmatchIndex(files[p]); m != nil {
				data := files[p]
				t.Errorf("%s %s: label key %q in the output: …%s…", name, p, data[m[4]:m[5]], data[max(0, m[0]-60):min(len(data), m[1]+40)])
			}
		}
	}
	for _, k := range wbcatalog.MissingLabels() {
		t.Errorf("interface string %q looked up without a text", k)
	}
	// The check itself finds a key.
	if !re.MatchString(`<span title="deck.attached">`) || re.MatchString(`deck.attachedness`) {
		t.Error("the key pattern does not work")
	}
	t.Logf("%d label keys looked for in %d files", len(alts), scanned)
}
