package wbschema

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/schema"
)

// loadBoth loads fsys twice: as Load does (the whole package exported to
// JSON and decoded with encoding/json when it validates, each valid entity
// exported on its own otherwise) and the way Load did before, every entity
// validated field by field and decoded with cue.Value.Decode. It reports
// whether the first load took the fast path.
func loadBoth(t *testing.T, fsys fs.FS, opt Options) (fast bool, got, want *wbcatalog.Catalog, gotErr, wantErr error) {
	t.Helper()
	l := newLoader(fsys, opt)
	got, gotErr = l.load()
	old := newLoader(fsys, opt)
	old.cueDecode = true
	want, wantErr = old.load()
	return l.exported, got, want, gotErr, wantErr
}

func errorLines(err error) string {
	var list schema.Errors
	if errors.As(err, &list) {
		var lines []string
		for _, d := range list {
			lines = append(lines, d.String())
		}
		return strings.Join(lines, "\n")
	}
	return fmt.Sprint(err)
}

// TestJSONDecodeEqualsCUEDecode: decoding through the JSON export gives
// the catalog Value.Decode gave, field for field (json:"-" fields
// included: positions, draft placeholders, text positions, rules pages),
// and the same diagnostics when the content has errors.
func TestJSONDecodeEqualsCUEDecode(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	withFile := func(base map[string][]byte, name, src string) map[string][]byte {
		files := map[string][]byte{}
		for k, v := range base {
			files[k] = v
		}
		files[name] = []byte(src)
		return files
	}
	small := wbgen.Tree(wbgen.Options{Characters: 2, Upgrades: 2})
	cases := []struct {
		name     string
		fsys     fs.FS
		opt      Options
		fast     bool // the whole package validates
		wantErrs bool
	}{
		{"starter", content.FS, Options{Root: "content"}, true, false},
		{"starter draft", content.FS, Options{Root: "content", Draft: true}, true, false},
		{"generated", mapFS(wbgen.Tree(wbgen.Options{Characters: 1000, Upgrades: 200})), Options{}, true, false},
		{"draft placeholders", mapFS(withFile(small, "cards/draft.cue",
			"package warbound\n\nskills: x: {name: {en: \"X\"}, text: {fr: \"Y\"}}\n")), Options{Draft: true}, true, false},
		{"NFD text", mapFS(withFile(small, "cards/nfd.cue", fmt.Sprintf(skillSrc,
			`"Vise\u0301e pose\u0301e"`, `"Avant un :shoot: (de\u0301compose\u0301)."`))), Options{Root: "content"}, true, false},
		{"XML-illegal text", mapFS(withFile(small, "cards/ctl.cue", fmt.Sprintf(skillSrc,
			`"Visée\u0007 posée"`, `"Avant un :shoot:\uffff."`))), Options{Root: "content"}, true, true},
		// A hidden field's conflict fails the package's validation but no
		// entity's: the entities are decoded one by one, from JSON.
		{"hidden conflict", mapFS(withFile(small, "cards/hidden.cue",
			"package warbound\n\n_x: 1 & 2\n")), Options{}, false, false},
		{"bad card", mapFS(withFile(small, "cards/bad.cue", `package warbound

characters: bad: {
	name: {en: "Bad"}
	faction: "raiders"
	attack: 12
	speed: 3
	colur: "red"
	cost: {raiders: 1}
	health: 3
	panic: {attack: 6, speed: 3, run: 2, cost: {raiders: 1}}
}
`)), Options{}, false, true},
		{"wrong type", mapFS(withFile(small, "cards/type.cue",
			"package warbound\nskills: y: {name: {en: \"a\", fr: \"b\"}, text: 3}\n")), Options{}, false, true},
		{"definition", mapFS(withFile(small, "cards/def.cue",
			"package warbound\n#X: {a: int}\ncharacters: q: #X\n")), Options{}, false, true},
		{"deck", mapFS(withFile(small, "decks/d.cue",
			"package warbound\ndecks: d: {name: {en: \"a\", fr: \"b\"}, format: \"exploration\", cards: [\"gen-char-0000\", \"gen-char-0000\"], attachments: [{upgrade: \"formation\", to: \"gen-leader-raiders\"}]}\n")), Options{}, true, true},
		{"terrain", mapFS(withFile(small, "scenarios/s.cue",
			"package warbound\nscenarios: s: {terrain: [{at: \"Z99\"}]}\n")), Options{}, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fast, got, want, gotErr, wantErr := loadBoth(t, c.fsys, c.opt)
			if fast != c.fast {
				t.Errorf("fast path taken: %v, want %v", fast, c.fast)
			}
			if g, w := errorLines(gotErr), errorLines(wantErr); g != w {
				t.Fatalf("diagnostics differ:\n%s\nwant (Value.Decode):\n%s", g, w)
			}
			if (gotErr != nil) != c.wantErrs {
				t.Fatalf("Load error = %v, want errors: %v", gotErr, c.wantErrs)
			}
			if gotErr != nil {
				return
			}
			if !reflect.DeepEqual(got, want) {
				a, _ := got.JSON()
				b, _ := want.JSON()
				t.Errorf("catalogs differ (JSON equal: %v)", string(a) == string(b))
				diffCatalogs(t, reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem(), "Catalog")
			}
			if len(got.Characters)+len(got.Skills) == 0 {
				t.Error("empty catalog")
			}
		})
	}
}

// diffCatalogs reports the first differences between two values.
func diffCatalogs(t *testing.T, a, b reflect.Value, path string) {
	t.Helper()
	if reflect.DeepEqual(a.Interface(), b.Interface()) {
		return
	}
	switch a.Kind() {
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if a.Type().Field(i).IsExported() {
				diffCatalogs(t, a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name)
			}
		}
		return
	case reflect.Slice:
		if a.Len() == b.Len() && a.IsNil() == b.IsNil() {
			for i := 0; i < a.Len(); i++ {
				diffCatalogs(t, a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
			return
		}
	case reflect.Pointer:
		if !a.IsNil() && !b.IsNil() {
			diffCatalogs(t, a.Elem(), b.Elem(), path)
			return
		}
	}
	t.Errorf("%s: %#v, want %#v", path, a.Interface(), b.Interface())
}
