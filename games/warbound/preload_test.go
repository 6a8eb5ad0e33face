package warbound

import (
	"bytes"
	"io/fs"
	"reflect"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestPreloadRoundTrip: the catalog Load finishes from a preload (watch's
// and serve's way, across processes) is the catalog an in-process load
// makes, every field of it (positions, rules sources, draft list: what
// JSON would drop), and the preload's bytes are the same every time.
func TestPreloadRoundTrip(t *testing.T) {
	generated := fstest.MapFS{}
	for p, b := range wbgen.Tree(wbgen.Options{Characters: 40, Upgrades: 10, PerFile: 7}) {
		generated[p] = &fstest.MapFile{Data: b}
	}
	for _, tc := range []struct {
		name  string
		fsys  fs.FS
		root  string
		draft bool
	}{
		{"starter", content.FS, "content", false},
		{"generated, draft", generated, "gen", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lo := ruleset.LoadOptions{Root: tc.root, Draft: tc.draft}
			b, err := rules{}.Preload(tc.fsys, lo)
			if err != nil {
				t.Fatal(err)
			}
			again, err := rules{}.Preload(tc.fsys, lo)
			if err != nil || !bytes.Equal(b, again) {
				t.Fatalf("a second preload differs (%v)", err)
			}
			got, err := preloaded(b)
			if err != nil {
				t.Fatal(err)
			}
			want, err := wbschema.Load(tc.fsys, wbschema.Options{Root: tc.root, Draft: tc.draft})
			if err != nil {
				t.Fatal(err)
			}
			want.SetArtReader(nil) // not data: Load gives the content folder's
			if !reflect.DeepEqual(got, want) {
				t.Fatal("the preloaded catalog differs from an in-process load")
			}
			c, err := rules{}.Load(tc.fsys, ruleset.LoadOptions{Root: tc.root, Draft: tc.draft, Preloaded: b})
			if err != nil {
				t.Fatal(err)
			}
			if !c.(*Content).Catalog.HasArtReader() {
				t.Error("the finished catalog cannot read its art files")
			}
		})
	}
}

// TestPreloadedCorrupt: a preload cut short is an error, not a catalog.
func TestPreloadedCorrupt(t *testing.T) {
	b, err := rules{}.Preload(content.FS, ruleset.LoadOptions{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (rules{}).Load(content.FS, ruleset.LoadOptions{Root: "content", Preloaded: b[:len(b)/2]}); err == nil {
		t.Fatal("Load finished a preload cut in half")
	}
}
