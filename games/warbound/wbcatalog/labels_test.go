package wbcatalog_test

import (
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

func TestBuiltinLabelsInBothLanguages(t *testing.T) {
	keys := wbcatalog.LabelKeys()
	if len(keys) == 0 {
		t.Fatal("no built-in interface strings")
	}
	key := regexp.MustCompile(`^[a-z0-9]+([.-][a-zA-Z0-9]+)*$`)
	for _, k := range keys {
		if !key.MatchString(k) {
			t.Errorf("key %q: not a dotted key", k)
		}
		tx, _ := wbcatalog.BuiltinLabel(k)
		for _, l := range wbcatalog.Langs {
			if strings.TrimSpace(tx.In(l)) == "" {
				t.Errorf("key %q has no %s text", k, l)
			}
		}
	}
}

func TestLabelLookup(t *testing.T) {
	c := &wbcatalog.Catalog{Strings: []wbcatalog.UIString{
		{ID: "nav.home", Text: wbcatalog.Text{EN: "Start", FR: "Début"}},
		{ID: "nav.rules", Text: wbcatalog.Text{EN: "The rules"}}, // draft: no French
	}}
	c.Sort()
	for _, tc := range []struct {
		c       *wbcatalog.Catalog
		key     string
		l       wbcatalog.Lang
		want    string
		missing bool
	}{
		{c, "nav.home", wbcatalog.French, "Début", false},                    // the content overrides
		{c, "nav.rules", wbcatalog.English, "The rules", false},              // the content overrides
		{c, "nav.rules", wbcatalog.French, "Règles", false},                  // an empty override falls back
		{c, "nav.cards", wbcatalog.French, "Cartes", false},                  // built-in
		{nil, "nav.cards", wbcatalog.English, "Cards", false},                // no catalog: built-in
		{c, "test.no-such-key", wbcatalog.English, "test.no-such-key", true}, // the key shows
	} {
		if got := tc.c.Label(tc.key, tc.l); got != tc.want {
			t.Errorf("Label(%q, %s) = %q, want %q", tc.key, tc.l, got, tc.want)
		}
	}
	found := false
	for _, k := range wbcatalog.MissingLabels() {
		found = found || k == "test.no-such-key"
	}
	if !found {
		t.Errorf("MissingLabels() = %q, lacks the unknown key", wbcatalog.MissingLabels())
	}
}

// TestUsedLabelsExist reads the print and site sources and templates and
// checks that every interface string key they name has a built-in text in
// both languages. A key built at run time ("kind."+kind) is checked for
// every value of its enumeration.
func TestUsedLabelsExist(t *testing.T) {
	groups := map[string]bool{}
	for _, k := range wbcatalog.LabelKeys() {
		g, _, _ := strings.Cut(k, ".")
		groups[g] = true
	}
	kinds := make([]string, len(wbcatalog.Kinds))
	for i, k := range wbcatalog.Kinds {
		kinds[i] = string(k)
	}
	formats := []string{string(wbcatalog.Exploration), string(wbcatalog.Confrontation)}
	dynamic := map[string][]string{
		"kind.":        kinds,
		"kinds.":       kinds,
		"gear.":        {string(wbcatalog.GearRanged), string(wbcatalog.GearMelee), string(wbcatalog.GearArmor)},
		"format.":      formats,
		"leader.side.": formats,
		"errata.":      {"added", "removed", "renamed", "changed"}, // changes.Added, ...
		"kit.board.action.": {string(wbcatalog.ActMove), string(wbcatalog.ActRun), string(wbcatalog.ActFight),
			string(wbcatalog.ActShoot), string(wbcatalog.ActAim), string(wbcatalog.ActHide)},
		"kit.board.modifier.": {string(wbcatalog.ModCostReduction), string(wbcatalog.ModMultiple),
			string(wbcatalog.ModTemporisation), string(wbcatalog.ModExtraDie)},
	}
	keyLike := regexp.MustCompile(`^[a-z][a-zA-Z-]*(\.[a-zA-Z-]+)*\.?$`)
	ext := regexp.MustCompile(`\.(html|css|js|svg|pdf|json|png|cue|md|txt|go|xml|ico)$`)
	used := map[string][]string{} // key → where
	add := func(s, where string) {
		g, _, dotted := strings.Cut(s, ".")
		if !dotted || !groups[g] || !keyLike.MatchString(s) || ext.MatchString(s) {
			return
		}
		used[s] = append(used[s], where)
	}
	var files []string
	for _, dir := range []string{"../../../render", "../../../site", "../wbsite"} {
		m, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		files = append(files, m...)
	}
	tmpl, _ := filepath.Glob("../wbsite/templates/*.html")
	if len(files) == 0 || len(tmpl) == 0 {
		t.Fatal("no render or site sources found")
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fs := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fs.AddFile(f, -1, len(src)), src, nil, 0)
		// A literal ending in "." is a key prefix only when the code
		// appends to it ("kind."+kind); otherwise it names a group.
		prefix, prefixAt := "", ""
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if prefix != "" && tok == token.ADD {
				add(prefix, prefixAt)
			}
			prefix = ""
			if tok == token.STRING {
				if v, err := strconv.Unquote(lit); err == nil {
					if strings.HasSuffix(v, ".") {
						prefix, prefixAt = v, fs.Position(pos).String()
					} else {
						add(v, fs.Position(pos).String())
					}
				}
			}
		}
	}
	tkey := regexp.MustCompile(`\.T "([^"]+)"`)
	for _, f := range tmpl {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tkey.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = append(used[m[1]], f)
		}
	}
	var keys []string
	for k := range used {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		want := []string{k}
		if strings.HasSuffix(k, ".") {
			vals, ok := dynamic[k]
			if !ok {
				t.Errorf("%s: key prefix %q built at run time: add its values to this test", used[k][0], k)
				continue
			}
			want = want[:0]
			for _, v := range vals {
				want = append(want, k+v)
			}
		}
		for _, w := range want {
			tx, ok := wbcatalog.BuiltinLabel(w)
			if !ok || tx.EN == "" || tx.FR == "" {
				t.Errorf("%s: interface string %q has no built-in text in both languages (games/warbound/wbcatalog/labels.go)", used[k][0], w)
			}
		}
	}
}
