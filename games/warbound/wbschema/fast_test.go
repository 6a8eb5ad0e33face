package wbschema

import (
	"io/fs"
	"testing"

	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/schema"
)

// TestFastPathEqualsCUE: the starter content and the generated tree load
// to the same catalog and diagnostics with the fast path on and off, and
// the fast path takes the plain-data units.
func TestFastPathEqualsCUE(t *testing.T) {
	cases := []struct {
		name    string
		fsys    fs.FS
		opt     Options
		minFast int
	}{
		{"starter", content.FS, Options{Root: "content"}, 5},
		{"starter draft", content.FS, Options{Root: "content", Draft: true}, 0},
		{"generated", mapFS(wbgen.Tree(wbgen.Options{Characters: 1000, Upgrades: 200})), Options{}, 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			on, off := c.opt, c.opt
			on.Cache, off.Cache, off.noFast = schema.NewCache(), schema.NewCache(), true
			cat1, err1 := Load(c.fsys, on)
			cat2, err2 := Load(c.fsys, off)
			if d := outcomeDiff(cat2, err2, cat1, err1); d != "" {
				t.Error(d)
			}
			t.Logf("fast units %d of %d evaluated", on.Cache.Fast, on.Cache.Evaluated)
			if on.Cache.Fast < c.minFast {
				t.Errorf("%d units on the fast path, want at least %d", on.Cache.Fast, c.minFast)
			}
			if off.Cache.Fast != 0 {
				t.Errorf("fast path off, yet %d units took it", off.Cache.Fast)
			}
		})
	}
}

// TestFastPathCoversPlainFiles: every plain-data file of the starter
// content and of the generated tree passes the fast path on its own. A
// schema change the compiler does not understand turns its nodes opaque:
// the verdicts stay CUE's, but the files it touches go back to CUE's
// evaluation, and this test names them.
func TestFastPathCoversPlainFiles(t *testing.T) {
	schemaFiles, err := schema.ParseSchema(schemaFS, "cue", schemaPrefix)
	if err != nil {
		t.Fatal(err)
	}
	fast := compileFast(schemaFiles)
	for _, tree := range []struct {
		name string
		fsys fs.FS
	}{{"content", content.FS}, {"gen", mapFS(wbgen.Tree(wbgen.Options{Characters: 20, Upgrades: 10}))}} {
		cueFiles, _, _, err := schema.ListFiles(tree.fsys)
		if err != nil {
			t.Fatal(err)
		}
		plain := 0
		for _, p := range cueFiles {
			src, err := fs.ReadFile(tree.fsys, p)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(p, src)
			if err != nil {
				t.Fatal(err)
			}
			if !plainFile(f) {
				continue
			}
			plain++
			if _, ok := fast.file(f); !ok {
				t.Errorf("%s/%s is plain data and valid, but the fast path leaves it to CUE", tree.name, p)
			}
		}
		if plain < 3 {
			t.Errorf("%s: only %d plain-data files", tree.name, plain)
		}
	}
}
