package wsschema

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/games/warstuff/wsgen"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/schema"
)

func genTree(n int) fstest.MapFS {
	m := fstest.MapFS{}
	for name, src := range wsgen.Tree(n) {
		m[name] = &fstest.MapFile{Data: src}
	}
	return m
}

func TestGeneratedTreeIsValid(t *testing.T) {
	cat, err := Load(genTree(250), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Profiles) != 250 || len(cat.Bands) != 3 {
		t.Fatalf("%d profiles, %d bands", len(cat.Profiles), len(cat.Bands))
	}
}

// BenchmarkLoad1000Profiles: the Warstuff loader on 1,000 profiles (every
// cost computed and checked in Go on the fast path, fastcost.go), against
// the reference
// BenchmarkCueVet1000Profiles: what `cue vet -c` does with the same files
// (parse, evaluate as one package, validate concrete), in process.
func BenchmarkLoad1000Profiles(b *testing.B) {
	fsys := genTree(1000)
	cpu := cpuPerOp(b)
	for b.Loop() {
		if _, err := Load(fsys, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	cpu()
}

func BenchmarkCueVet1000Profiles(b *testing.B) {
	fsys := genTree(1000)
	for b.Loop() {
		files, err := schema.ParseSchema(schemaFS, "cue", schemaPrefix)
		if err != nil {
			b.Fatal(err)
		}
		for name, f := range fsys {
			ast, err := parser.ParseFile(name, f.Data)
			if err != nil {
				b.Fatal(err)
			}
			files = append(files, ast)
		}
		inst := build.NewContext().NewInstance("", nil)
		for _, f := range files {
			if err := inst.AddSyntax(f); err != nil {
				b.Fatal(err)
			}
		}
		v := cuecontext.New().BuildInstance(inst)
		if err := v.Validate(cue.Concrete(true)); err != nil {
			b.Fatal(err)
		}
	}
}

// The per-file cache (Options.Cache, what watch's worker keeps): compare
// within one run. BenchmarkLoadStarter is the reference, a load without
// cache; BenchmarkLoadStarterEdit loads after a one-profile edit with the
// previous load's cache (one unit evaluated); ...Cold fills an empty
// cache unit by unit. The same for the generated tree of 1,000 profiles
// in ten files, each with a band.
func BenchmarkLoadStarter(b *testing.B) {
	files := starterFiles(b)
	cpu := cpuPerOp(b)
	for b.Loop() {
		if _, err := Load(mapFS(files), Options{Root: "content"}); err != nil {
			b.Fatal(err)
		}
	}
	cpu()
}

func BenchmarkLoadStarterCold(b *testing.B) {
	files := starterFiles(b)
	cpu := cpuPerOp(b)
	for b.Loop() {
		if _, err := Load(mapFS(files), Options{Root: "content", Cache: schema.NewCache()}); err != nil {
			b.Fatal(err)
		}
	}
	cpu()
}

// cpuPerOp reports the process's CPU time per iteration (cpu-ms/op) when
// the returned function is called: the machine is shared, wall time is
// noisy.
func cpuPerOp(b *testing.B) func() {
	start := testtool.CPUTime()
	return func() {
		b.ReportMetric(float64((testtool.CPUTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}

func BenchmarkLoadStarterEdit(b *testing.B) {
	benchEdit(b, starterFiles(b), "cards/profiles.cue", `name: {en: "Trooper`)
}

func BenchmarkLoad1000ProfilesCold(b *testing.B) {
	fsys := genTree(1000)
	cpu := cpuPerOp(b)
	for b.Loop() {
		if _, err := Load(fsys, Options{Cache: schema.NewCache()}); err != nil {
			b.Fatal(err)
		}
	}
	cpu()
}

func BenchmarkLoad1000ProfilesEdit(b *testing.B) {
	benchEdit(b, wsgen.Tree(1000), "cards/profiles-00.cue", `name: {en: "Figure 7`)
}

// benchEdit loads files after an edit of old in name, each time another,
// with the cache of the previous load: one unit must be evaluated.
func benchEdit(b *testing.B, files map[string][]byte, name, old string) {
	orig := string(files[name])
	if !strings.Contains(orig, old) {
		b.Fatalf("%s holds no %s", name, old)
	}
	cache := schema.NewCache()
	if _, err := Load(mapFS(files), Options{Root: "content", Cache: cache}); err != nil {
		b.Fatal(err)
	}
	i := 0
	cpu := cpuPerOp(b)
	defer cpu()
	for b.Loop() {
		i++
		files[name] = []byte(strings.Replace(orig, old, fmt.Sprintf("%s %d", old, i), 1))
		if _, err := Load(mapFS(files), Options{Root: "content", Cache: cache}); err != nil {
			b.Fatal(err)
		}
		if cache.Whole || cache.Evaluated != 1 {
			b.Fatalf("%d units evaluated, whole %v (%s)", cache.Evaluated, cache.Whole, cache.Reason())
		}
	}
}
