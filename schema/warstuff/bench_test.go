package warstuff

import (
	"testing"
	"testing/fstest"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/internal/gen"
	"wbtool.dev/wbtool/schema"
)

func genTree(n int) fstest.MapFS {
	m := fstest.MapFS{}
	for name, src := range gen.Warstuff(n) {
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
// cost computed and checked by the schema), against the reference
// BenchmarkCueVet1000Profiles: what `cue vet -c` does with the same files
// (parse, evaluate as one package, validate concrete), in process.
func BenchmarkLoad1000Profiles(b *testing.B) {
	fsys := genTree(1000)
	for b.Loop() {
		if _, err := Load(fsys, Options{}); err != nil {
			b.Fatal(err)
		}
	}
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
