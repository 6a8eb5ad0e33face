package warstuff

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	starter "wbtool.dev/wbtool/games/warstuff/starter"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/schema"
)

// starterFiles are the starter tree's files.
func starterFiles(t testing.TB) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := fs.WalkDir(starter.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".cue") || strings.HasSuffix(p, ".md")) {
			return err
		}
		files[p], err = fs.ReadFile(starter.FS, p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func mapFS(files map[string][]byte) fstest.MapFS {
	m := fstest.MapFS{}
	for k, v := range files {
		m[k] = &fstest.MapFile{Data: v}
	}
	return m
}

// outcomeDiff says how two loads' outcomes differ ("" if they do not).
func outcomeDiff(want *ws.Catalog, wantErr error, got *ws.Catalog, gotErr error) string {
	if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) {
		return fmt.Sprintf("errors differ:\nwant %v\ngot  %v", wantErr, gotErr)
	}
	if reflect.DeepEqual(want, got) {
		return ""
	}
	a, _ := json.MarshalIndent(want, "", " ")
	b, _ := json.MarshalIndent(got, "", " ")
	if string(a) != string(b) {
		la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
		for i := range min(len(la), len(lb)) {
			if la[i] != lb[i] {
				return fmt.Sprintf("catalogs differ at JSON line %d:\nwant %s\ngot  %s", i+1, la[i], lb[i])
			}
		}
		return "catalogs differ in length"
	}
	return fmt.Sprintf("catalogs differ outside their JSON (drafts, warnings):\nwant %+v\ngot  %+v", want.Draft, got.Draft)
}

// TestCacheAfterRandomEdits is the property test: a cache kept over a
// random sequence of edits of the starter (a profile's cost changed or
// over the limit, a text renamed or missing, an unknown rule, a syntax
// error, the limits or the tables changed, a band over its format, a file
// added or removed, an entity declared twice, a reference to a section)
// gives, after each edit, exactly what a load without a cache gives, in
// final and draft mode; loading the same tree again evaluates nothing.
func TestCacheAfterRandomEdits(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	edits := []struct {
		name, file string
		do         func(r *rand.Rand, src string) string
	}{
		{"cost", "cards/profiles.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, "quality: 4", fmt.Sprintf("quality: %d", 2+r.IntN(5)), 1)
		}},
		{"over the limit", "cards/profiles.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `rules: ["agile", "slow"]`, `rules: ["agile", "slow", "resilient", "regeneration", "very_fast"]`, 1)
		}},
		{"rename", "", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `en: "`, fmt.Sprintf(`en: "Edit %d `, r.IntN(1000)), 1)
		}},
		{"missing translation", "", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `fr: "`, `de: "`, 1)
		}},
		{"unknown rule", "cards/profiles.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `"tactician"`, `"tacticien"`, 1)
		}},
		{"syntax error", "", func(r *rand.Rand, src string) string { return src + "\nprofiles: {\n" }},
		{"limits", "game.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, "max: 25}", fmt.Sprintf("max: %d}", 14+r.IntN(12)), 1)
		}},
		{"limits missing", "game.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, "bigMax:         100", "", 1)
		}},
		{"a new rule", "cards/profiles.cue", func(r *rand.Rand, src string) string {
			return src + "\ntables: general: steady: {cost: 1, name: {en: \"Steady\", fr: \"Posé\"}}\n"
		}},
		{"band over", "scenarios/bands.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `{profile: "militia", count: 3}`, `{profile: "militia", count: 9}`, 1)
		}},
		{"band unknown profile", "scenarios/bands.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `{profile: "medic"}`, `{profile: "medik"}`, 1)
		}},
		{"check changed", "scenarios/checks/turn.cue", func(r *rand.Rand, src string) string {
			return strings.Replace(src, "quality: 4", "quality: 3", 1)
		}},
		{"declared twice", "scenarios/checks/table.cue", func(r *rand.Rand, src string) string {
			return src + "\nprofiles: militia: quality: 5\n"
		}},
		{"refers to a section", "scenarios/scenarios.cue", func(r *rand.Rand, src string) string {
			return src + "\n_n: len(profiles)\n"
		}},
	}
	start := starterFiles(t)
	var names []string
	for k := range start {
		if strings.HasSuffix(k, ".cue") {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, draft := range []bool{false, true} {
		t.Run(fmt.Sprintf("draft=%v", draft), func(t *testing.T) {
			files := map[string][]byte{}
			for k, v := range start {
				files[k] = v
			}
			cache := schema.NewCache()
			r := rand.New(rand.NewPCG(19, 5))
			steps := 40
			if testing.Short() {
				steps = 12
			}
			for step := range steps {
				what := ""
				switch n := r.IntN(len(edits) + 3); {
				case n < len(edits):
					e := edits[n]
					name := e.file
					if name == "" {
						name = names[r.IntN(len(names))]
					}
					if files[name] == nil {
						continue
					}
					what = e.name + " " + name
					files[name] = []byte(e.do(r, string(files[name])))
				case n == len(edits):
					name := names[r.IntN(len(names))]
					what = "restore " + name
					files[name] = start[name]
				case n == len(edits)+1:
					name := fmt.Sprintf("cards/new%d.cue", step)
					what = "add " + name
					files[name] = fmt.Appendf(nil, "package warstuff\n\nprofiles: \"new-%d\": {name: {en: \"New\", fr: \"Nouveau\"}, quality: 4}\n", step)
				default:
					name := names[r.IntN(len(names))]
					what = "remove " + name
					delete(files, name)
				}
				fsys := mapFS(files)
				want, wantErr := Load(fsys, Options{Root: "content", Draft: draft})
				got, gotErr := Load(fsys, Options{Root: "content", Draft: draft, Cache: cache})
				if d := outcomeDiff(want, wantErr, got, gotErr); d != "" {
					t.Fatalf("step %d (%s), whole %v (%s): %s", step, what, cache.Whole, cache.Reason(), d)
				}
				again, againErr := Load(fsys, Options{Root: "content", Draft: draft, Cache: cache})
				if d := outcomeDiff(want, wantErr, again, againErr); d != "" {
					t.Fatalf("step %d (%s), loaded again: %s", step, what, d)
				}
				if !cache.Whole && cache.Evaluated != 0 {
					t.Errorf("step %d (%s): the same tree again evaluated %d units", step, what, cache.Evaluated)
				}
			}
		})
	}
}

// TestCacheEvaluatesWhatChanged: after a save only the units the saved
// file is part of are evaluated: a check file its own; the profiles theirs,
// and the bands' too when a profile is added (a band looks its profiles
// up by id); game.cue (the limits) every unit. The results equal a load
// without cache.
func TestCacheEvaluatesWhatChanged(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	files := starterFiles(t)
	cache := schema.NewCache()
	if _, err := Load(mapFS(files), Options{Root: "content", Cache: cache}); err != nil {
		t.Fatal(err)
	}
	units := cache.Evaluated
	if cache.Whole || units < 10 {
		t.Fatalf("cold load: %d units, whole %v (%s)", units, cache.Whole, cache.Reason())
	}
	for _, c := range []struct {
		file, old, new string
		want           int
	}{
		{"scenarios/checks/turn.cue", "quality: 4", "quality: 3", 1},
		{"cards/profiles.cue", `name: {en: "Trooper"`, `name: {en: "Soldier"`, 1},
		{"cards/profiles.cue", "profiles: {\n", "profiles: {\n\trecruit: {name: {en: \"Recruit\", fr: \"Recrue\"}, quality: 5}\n", 2},
		{"scenarios/bands.cue", `name: {en: "Storm Vanguard"`, `name: {en: "Storm Guard"`, 1},
		{"game.cue", "max: 25}", "max: 24}", units},
	} {
		if !strings.Contains(string(files[c.file]), c.old) {
			t.Fatalf("%s holds no %s", c.file, c.old)
		}
		files[c.file] = []byte(strings.Replace(string(files[c.file]), c.old, c.new, 1))
		want, wantErr := Load(mapFS(files), Options{Root: "content"})
		got, gotErr := Load(mapFS(files), Options{Root: "content", Cache: cache})
		if d := outcomeDiff(want, wantErr, got, gotErr); d != "" {
			t.Fatalf("%s: %s", c.file, d)
		}
		if cache.Whole || cache.Evaluated != c.want {
			t.Errorf("%s edited: %d units evaluated (whole %v %s), want %d", c.file, cache.Evaluated, cache.Whole, cache.Reason(), c.want)
		}
	}
}
