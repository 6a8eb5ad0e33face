package wsschema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/golden"
)

// TestBadInput loads each broken tree of testdata/bad (the starter's
// game.cue and reminders plus the archive's files) and compares every
// diagnostic with the archive's want section (WBTOOL_UPDATE=1 rewrites
// it). Every case must fail, at positions in the designer's files.
func TestBadInput(t *testing.T) {
	names, err := filepath.Glob("testdata/bad/*.txtar")
	if err != nil || len(names) == 0 {
		t.Fatal("no corpus", err)
	}
	for _, name := range names {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(name)
			if err != nil {
				t.Fatal(err)
			}
			base := tree(t, nil).(fstest.MapFS)
			wantAt := -1
			for i, f := range ar.Files {
				if f.Name == "want" {
					wantAt = i
					continue
				}
				base[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			if wantAt < 0 {
				t.Fatal("no want section")
			}
			_, err = Load(base, Options{Root: "content"})
			list, ok := err.(diag.List)
			if !ok {
				t.Fatalf("broken content loaded: %v", err)
			}
			for _, d := range list {
				if !strings.HasPrefix(d.Pos.File, "content/") || d.Pos.Line == 0 {
					t.Errorf("not at a designer's file:line:col: %s", d)
				}
			}
			got := list.Text()
			if golden.Update() {
				ar.Files[wantAt].Data = []byte(got)
				if err := os.WriteFile(name, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := string(ar.Files[wantAt].Data); got != want {
				t.Errorf("diagnostics\n got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
