package schema

import (
	"io/fs"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/internal/gen"
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
		{"generated", mapFS(gen.Tree(gen.Options{Characters: 1000, Upgrades: 200})), Options{}, 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			on, off := c.opt, c.opt
			on.Cache, off.Cache, off.noFast = NewCache(), NewCache(), true
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
