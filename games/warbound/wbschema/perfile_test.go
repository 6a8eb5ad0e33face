package wbschema

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"cuelang.org/go/cue/ast"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/schema"
)

// Every Load of this package's tests without a cache is done again file by
// file with a fresh cache, and both must agree (TestMain): the bad-input
// cases of every test here are cases of the per-file loader too.
var perFile struct {
	sync.Mutex
	mismatches []string
	loads      int // loads compared
	whole      int // of which fell back to the whole package
}

func TestMain(m *testing.M) {
	testtool.PaceGC()
	afterLoad = func(fsys fs.FS, opt Options, cat *wbcatalog.Catalog, err error) {
		if opt.Cache != nil {
			return
		}
		opt.Cache = schema.NewCache()
		cat2, err2 := Load(fsys, opt)
		diff := outcomeDiff(cat, err, cat2, err2)
		// and in units of several files (validate's)
		unitOpt := opt
		unitOpt.Cache, unitOpt.UnitSize = nil, testUnitSize
		cat3, err3 := Load(fsys, unitOpt)
		if d := outcomeDiff(cat, err, cat3, err3); d != "" {
			diff += "\nin units of " + strconv.Itoa(testUnitSize) + " bytes: " + d
		}
		perFile.Lock()
		defer perFile.Unlock()
		perFile.loads++
		if opt.Cache.Whole {
			perFile.whole++
		}
		if diff != "" {
			perFile.mismatches = append(perFile.mismatches, diff)
		}
	}
	code := m.Run()
	if len(perFile.mismatches) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d of %d loads differ file by file:\n", len(perFile.mismatches), perFile.loads)
		for _, d := range perFile.mismatches {
			fmt.Fprintln(os.Stderr, d)
		}
		code = 1
	}
	os.Exit(code)
}

// testUnitSize is the Options.UnitSize TestMain and loadWays compare
// with: small enough that the starter content's units hold several files.
const testUnitSize = 8 << 10

// noCompare turns TestMain's comparison off for a benchmark.
func noCompare(b *testing.B) {
	saved := afterLoad
	afterLoad = nil
	b.Cleanup(func() { afterLoad = saved })
}

// outcome is a load's result as bytes: the catalog's JSON and the
// diagnostics (outcomeDiff compares the fields JSON skips).
func outcome(cat *wbcatalog.Catalog, err error) string {
	var b strings.Builder
	if cat != nil {
		j, jerr := json.Marshal(cat)
		if jerr != nil {
			panic(jerr)
		}
		b.Write(j)
	}
	b.WriteString(errorLines(err))
	return b.String()
}

func outcomeDiff(cat1 *wbcatalog.Catalog, err1 error, cat2 *wbcatalog.Catalog, err2 error) string {
	if reflect.DeepEqual(cat1, cat2) && errorLines(err1) == errorLines(err2) && outcome(cat1, err1) == outcome(cat2, err2) {
		return ""
	}
	a, b := errorLines(err1), errorLines(err2)
	if a != b {
		return fmt.Sprintf("whole package:\n%s\nfile by file:\n%s", a, b)
	}
	o1, o2 := outcome(cat1, err1), outcome(cat2, err2)
	i := 0
	for i < len(o1) && i < len(o2) && o1[i] == o2[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf("catalogs differ (diagnostics %q):\nwhole:    ...%s\nper file: ...%s", a, o1[from:min(len(o1), i+200)], o2[from:min(len(o2), i+200)])
}

// loadWays loads fsys as one package and file by file (with a fresh
// cache; with and without the plain-data fast path), fails the test when
// they differ, and reports whether the second load had to evaluate the
// whole package.
func loadWays(t *testing.T, fsys fs.FS, opt Options) (whole bool) {
	t.Helper()
	return loadWaysWith(t, fsys, opt, schema.NewCache(), schema.NewCache())
}

// loadWaysWith is loadWays with the caches of the file-by-file loads
// given: with the plain-data fast path (perFile) and without (noFast).
func loadWaysWith(t *testing.T, fsys fs.FS, opt Options, perFile, noFastCache *schema.Cache) (whole bool) {
	t.Helper()
	cat, err := newLoader(fsys, opt).load() // not compared again by TestMain
	opt.Cache = perFile
	cat2, err2 := Load(fsys, opt)
	if d := outcomeDiff(cat, err, cat2, err2); d != "" {
		t.Error(d)
	}
	units := opt
	units.Cache, units.UnitSize = nil, testUnitSize
	if cat3, err3 := Load(fsys, units); outcomeDiff(cat, err, cat3, err3) != "" {
		t.Errorf("in units of %d bytes: %s", testUnitSize, outcomeDiff(cat, err, cat3, err3))
	}
	// and file by file with the plain-data fast path off (fast.go): the
	// loads above take it, the whole package never does
	noFast := opt
	noFast.Cache, noFast.noFast = noFastCache, true
	if cat4, err4 := Load(fsys, noFast); outcomeDiff(cat, err, cat4, err4) != "" {
		t.Errorf("without the fast path: %s", outcomeDiff(cat, err, cat4, err4))
	}
	if opt.Cache.Whole {
		t.Logf("whole package: %s", opt.Cache.Reason())
	}
	return opt.Cache.Whole
}

// TestPerFileEqualsWhole: the starter content and the generated tree load
// file by file (no fallback) to exactly what the whole package gives.
func TestPerFileEqualsWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	cases := []struct {
		name string
		fsys fs.FS
		opt  Options
	}{
		{"starter", content.FS, Options{Root: "content"}},
		{"starter draft", content.FS, Options{Root: "content", Draft: true}},
		{"generated", mapFS(wbgen.Tree(wbgen.Options{Characters: 1000, Upgrades: 200})), Options{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if loadWays(t, c.fsys, c.opt) {
				t.Error("fell back to the whole package, want each file on its own")
			}
		})
	}
}

// TestPerFileEqualsWholeOnScripts loads the content of every CLI test
// script (the bad-input cases of cmd/wbtool) both ways.
func TestPerFileEqualsWholeOnScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the content of every CLI script four ways")
	}
	// oneMode: scripts whose content draft mode changes nothing (every
	// text in both languages), loaded in one mode: the memory bomb alone
	// costs as much as fifty scripts
	oneMode := map[string]bool{"budget_memory/content": true}
	// The file-by-file loads share a cache per mode, as watch's rebuilds
	// do: most scripts edit a file or two of the base content, so a load
	// evaluates what the script changed, and that is compared with the
	// whole package. The cold file-by-file load is TestPerFileEqualsWhole's
	// and TestMain's (every uncached Load of every test).
	type mode struct{ draft, noFast bool }
	caches := map[mode]*schema.Cache{}
	for _, m := range []mode{{false, false}, {false, true}, {true, false}, {true, true}} {
		caches[m] = schema.NewCache()
	}
	perFileLoads, evaluated, reused := 0, 0, 0
	for _, sc := range testtool.ScriptContents(t, "../../../cmd/wbtool/testdata/script", "../../../cmd/wbtool/testdata/base") {
		t.Run(sc.Name, func(t *testing.T) {
			for _, draft := range []bool{false, true} {
				if draft && oneMode[sc.Name] {
					continue
				}
				c := caches[mode{draft, false}]
				if !loadWaysWith(t, sc.Files, Options{Root: sc.Dir, Draft: draft}, c, caches[mode{draft, true}]) {
					perFileLoads++
				}
				evaluated, reused = evaluated+c.Evaluated, reused+c.Reused
			}
		})
	}
	if perFileLoads == 0 {
		t.Error("every script fell back to the whole package")
	}
	t.Logf("file by file: %d units evaluated, %d reused", evaluated, reused)
}

// TestPerFileFallsBack: content that uses the package as a whole is
// evaluated as a whole, with the whole package's diagnostics; content
// whose files stand alone is not.
func TestPerFileFallsBack(t *testing.T) {
	small := wbgen.Tree(wbgen.Options{Characters: 2, Upgrades: 2})
	cases := []struct {
		name  string
		files map[string]string
		whole bool
	}{
		{"own definition", map[string]string{"a.cue": "package warbound\n#Base: {speed: 3}\ncharacters: x: #Base & {attack: 5}\n"}, false},
		{"own hidden field", map[string]string{"a.cue": "package warbound\n_n: 3\nskills: s: {name: {en: \"a\", fr: \"b\"}, text: {en: \"x\", fr: \"y\"}, active: _n > 2}\n"}, false},
		{"let", map[string]string{"a.cue": "package warbound\nlet t = {en: \"a\", fr: \"b\"}\nskills: s: {name: t, text: t}\n"}, false},
		{"definition used by another file (one unit)", map[string]string{
			"a.cue": "package warbound\n#Base: {speed: 3}\n",
			"b.cue": "package warbound\ncharacters: x: #Base & {attack: 5}\n"}, false},
		{"definition in two files", map[string]string{
			"a.cue": "package warbound\n#Base: {speed: 3}\n",
			"b.cue": "package warbound\n#Base: {speed: 4}\ncharacters: x: #Base & {attack: 5}\n"}, false},
		{"schema definition extended", map[string]string{"a.cue": "package warbound\n#Text: {de?: string}\n"}, true},
		{"section referenced", map[string]string{"a.cue": "package warbound\nskills: s: {name: skills[\"war-cry\"].name, text: {en: \"x\", fr: \"y\"}}\n"}, true},
		{"pattern on a section", map[string]string{"a.cue": "package warbound\ncharacters: [string]: {speed: 3}\n"}, true},
		{"comprehension in a section", map[string]string{"a.cue": "package warbound\nskills: {for k in [\"a\"] {(k): {name: {en: k, fr: k}, text: {en: k, fr: k}}}}\n"}, true},
		{"same entity in two files", map[string]string{
			"a.cue": "package warbound\nskills: s: {name: {en: \"a\", fr: \"b\"}, text: {en: \"x\", fr: \"y\"}}\n",
			"b.cue": "package warbound\nskills: s: {name: {en: \"a\", fr: \"c\"}}\n"}, true},
		{"undefined reference", map[string]string{"a.cue": "package warbound\nskills: s: {name: nowhere}\n"}, true},
		{"the game named", map[string]string{schema.GameFile: "package warbound\ngame: \"warbound\"\n"}, false},
		{"the game named twice", map[string]string{schema.GameFile: "package warbound\ngame: \"warbound\"\n", "b.cue": "package warbound\ngame: \"warbound\"\n"}, false},
		{"import", map[string]string{"a.cue": "package warbound\nimport \"strings\"\nskills: s: {name: {en: strings.ToUpper(\"a\"), fr: \"b\"}, text: {en: \"x\", fr: \"y\"}}\n"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string][]byte{}
			for k, v := range small {
				files[k] = v
			}
			for k, v := range c.files {
				if k != schema.GameFile {
					k = "cards/" + k
				}
				files[k] = []byte(v)
			}
			if got := loadWays(t, mapFS(files), Options{}); got != c.whole {
				t.Errorf("whole = %v, want %v", got, c.whole)
			}
		})
	}
}

// TestCacheAfterRandomEdits is the property test: a cache kept over a
// random sequence of edits (a card changed, broken, mended, a file added
// or removed) gives, after each edit, byte for byte what a fresh load
// gives, and evaluates only the files the edit touched.
func TestCacheAfterRandomEdits(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	files := wbgen.Tree(wbgen.Options{Characters: 60, Upgrades: 20, PerFile: 10})
	var names []string
	for k := range files {
		names = append(names, k)
	}
	sort.Strings(names)
	edits := []edit{
		{"rename", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `en: "`, fmt.Sprintf(`en: "Edit %d `, r.IntN(1000)), 1)
		}},
		{"break a value", func(r *rand.Rand, src string) string {
			return strings.Replace(src, "speed: ", "speed: 9", 1)
		}},
		{"unknown field", func(r *rand.Rand, src string) string {
			return strings.Replace(src, "speed: ", "sped: 2\n\tspeed: ", 1)
		}},
		{"syntax error", func(r *rand.Rand, src string) string { return src + "\ncharacters: {\n" }},
		{"missing translation", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `fr: "`, `de: "`, 1)
		}},
		{"unknown faction", func(r *rand.Rand, src string) string {
			return strings.Replace(src, `faction: "raiders"`, `faction: "raidres"`, 1)
		}},
		{"own definition", func(r *rand.Rand, src string) string { return src + "\n#Mine: {speed: 3}\n" }},
		{"shared definition", func(r *rand.Rand, src string) string { return src + "\n#Shared: {speed: 3}\n" }},
	}
	for _, draft := range []bool{false, true} {
		t.Run(fmt.Sprintf("draft=%v", draft), func(t *testing.T) {
			randomEdits(t, files, names, edits, draft)
		})
	}
}

type edit struct {
	name string
	do   func(r *rand.Rand, src string) string
}

func randomEdits(t *testing.T, start map[string][]byte, names []string, edits []edit, draft bool) {
	files, pristine := map[string][]byte{}, map[string][]byte{}
	for k, v := range start {
		files[k], pristine[k] = v, v
	}
	cache := schema.NewCache()
	r := rand.New(rand.NewPCG(13, 1))
	prevWhole := true
	for step := range 30 {
		name := names[r.IntN(len(names))]
		shared := strings.Contains(string(files[name]), "#Shared")
		what := ""
		switch n := r.IntN(len(edits) + 2); {
		case n < len(edits):
			what = edits[n].name
			files[name] = []byte(edits[n].do(r, string(files[name])))
		case n == len(edits):
			what = "restore"
			files[name] = pristine[name]
		default:
			what = "add a file"
			files[fmt.Sprintf("cards/new%d.cue", step)] = []byte(fmt.Sprintf("package warbound\nskills: \"new-%d\": {name: {en: \"a\", fr: \"b\"}, text: {en: \"x\", fr: \"y\"}}\n", step))
		}
		fsys := mapFS(files)
		want, wantErr := newLoader(fsys, Options{Draft: draft}).load()
		got, gotErr := Load(fsys, Options{Draft: draft, Cache: cache})
		if d := outcomeDiff(want, wantErr, got, gotErr); d != "" {
			t.Fatalf("step %d (%s %s): %s", step, what, name, d)
		}
		// A file that shares a definition with others is evaluated with
		// them: adding or removing one changes their units.
		shared = shared || strings.Contains(string(files[name]), "#Shared")
		if !prevWhole && !cache.Whole && !shared && cache.Evaluated > 1 {
			t.Errorf("step %d (%s %s): %d files evaluated, want at most the edited one", step, what, path.Base(name), cache.Evaluated)
		}
		prevWhole = cache.Whole
	}
}

// BenchmarkLoadGeneratedCold loads the generated tree file by file with an
// empty cache.
func BenchmarkLoadGeneratedCold(b *testing.B) {
	noCompare(b)
	fsys := mapFS(wbgen.Tree(wbgen.Options{Characters: 1000, Upgrades: 200}))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(fsys, Options{Cache: schema.NewCache()}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadGeneratedEdit loads the generated tree after a one-card
// edit, with the cache of the previous load: one file is evaluated.
func BenchmarkLoadGeneratedEdit(b *testing.B) {
	noCompare(b)
	files := wbgen.Tree(wbgen.Options{Characters: 1000, Upgrades: 200})
	cache := schema.NewCache()
	if _, err := Load(mapFS(files), Options{Cache: cache}); err != nil {
		b.Fatal(err)
	}
	orig := string(files["cards/characters-000.cue"])
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		files["cards/characters-000.cue"] = []byte(strings.Replace(orig, `en: "`, fmt.Sprintf(`en: "Edit %d `, i), 1))
		if _, err := Load(mapFS(files), Options{Cache: cache}); err != nil {
			b.Fatal(err)
		}
		if cache.Evaluated != 1 {
			b.Fatalf("%d units evaluated", cache.Evaluated)
		}
	}
}

// BenchmarkLoadStarterCold loads the starter content file by file with an
// empty cache (what a new watch worker does first).
func BenchmarkLoadStarterCold(b *testing.B) {
	noCompare(b)
	for b.Loop() {
		if _, err := Load(content.FS, Options{Root: "content", Cache: schema.NewCache()}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadStarterWarm loads the unchanged starter content with the
// cache of the previous load: nothing is evaluated.
func BenchmarkLoadStarterWarm(b *testing.B) {
	noCompare(b)
	cache := schema.NewCache()
	if _, err := Load(content.FS, Options{Root: "content", Cache: cache}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Load(content.FS, Options{Root: "content", Cache: cache}); err != nil {
			b.Fatal(err)
		}
		if cache.Evaluated != 0 || cache.Whole {
			b.Fatalf("%d units evaluated, whole %v (%s)", cache.Evaluated, cache.Whole, cache.Reason())
		}
	}
}

// BenchmarkLoadStarterEdit loads the starter content after a one-card
// edit (the watch benchmark's), with the cache of the previous load.
func BenchmarkLoadStarterEdit(b *testing.B) {
	noCompare(b)
	files := map[string][]byte{}
	err := fs.WalkDir(content.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files[p], err = fs.ReadFile(content.FS, p)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	cache := schema.NewCache()
	if _, err := Load(mapFS(files), Options{Root: "content", Cache: cache}); err != nil {
		b.Fatal(err)
	}
	const name, old = "cards/raiders.cue", `en: "Salvaged police frame, rewired for looting."`
	orig := string(files[name])
	if !strings.Contains(orig, old) {
		b.Fatalf("%s holds no %s", name, old)
	}
	b.ReportAllocs()
	i := 0
	cpu := testtool.CPUTime()
	for b.Loop() {
		i++
		files[name] = []byte(strings.Replace(orig, old, fmt.Sprintf(`en: "Salvaged police frame, rewired for looting %d."`, i), 1))
		if _, err := Load(mapFS(files), Options{Root: "content", Cache: cache}); err != nil {
			b.Fatal(err)
		}
		if cache.Whole {
			b.Fatalf("whole package: %s", cache.Reason())
		}
	}
	b.ReportMetric(float64((testtool.CPUTime()-cpu).Microseconds())/1000/float64(i), "cpu-ms/op")
}

// TestCacheReusesSyntax: a load with a warm cache parses no unchanged
// file again (the syntax the previous load evaluated is restored as the
// parser left it) and evaluates nothing, and gives what a fresh load
// gives: the starter (whose files share a hidden field across files) and
// the starter in draft mode.
func TestCacheReusesSyntax(t *testing.T) {
	for _, draft := range []bool{false, true} {
		opt := Options{Root: "content", Draft: draft}
		want, werr := Load(content.FS, opt)
		opt.Cache = schema.NewCache()
		for round := range 3 {
			before := map[string]*ast.File{}
			for k, f := range opt.Cache.ParsedFiles() {
				before[k] = f
			}
			got, gerr := Load(content.FS, opt)
			if d := outcomeDiff(want, werr, got, gerr); d != "" {
				t.Fatalf("draft %v, round %d:\n%s", draft, round, d)
			}
			if round == 0 {
				continue
			}
			if opt.Cache.Evaluated != 0 || opt.Cache.Whole {
				t.Errorf("draft %v, round %d: %d units evaluated, whole %v (%s)", draft, round, opt.Cache.Evaluated, opt.Cache.Whole, opt.Cache.Reason())
			}
			for k, f := range opt.Cache.ParsedFiles() {
				if before[k] != f {
					t.Errorf("draft %v, round %d: a file was parsed again", draft, round)
					break
				}
			}
		}
	}
}

// TestUnitsBatched: with Options.UnitSize the starter content evaluates in
// fewer units than file by file, each of several files, none falling back
// to the whole package (TestMain and loadWays compare the results). The
// fast path is off: it takes the starter's plain-data units one by one,
// and batches only what is left for CUE.
func TestUnitsBatched(t *testing.T) {
	fsys := content.FS
	each, batched := schema.NewCache(), schema.NewCache()
	if _, err := Load(fsys, Options{Root: "content", Cache: each, noFast: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(fsys, Options{Root: "content", Cache: batched, UnitSize: testUnitSize, noFast: true}); err != nil {
		t.Fatal(err)
	}
	if each.Whole || batched.Whole {
		t.Fatalf("fell back to the whole package: %q %q", each.Reason(), batched.Reason())
	}
	if batched.Evaluated < 2 || batched.Evaluated >= each.Evaluated {
		t.Errorf("%d units of %d bytes, %d file by file: want fewer, and more than one", batched.Evaluated, testUnitSize, each.Evaluated)
	}
	t.Logf("%d units of %d bytes, %d file by file", batched.Evaluated, testUnitSize, each.Evaluated)
}
