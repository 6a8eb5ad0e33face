package testtool

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestScriptContentsOnce: scripts that set up the same content folder are
// listed once; a script whose content differs by one byte is not folded.
func TestScriptContentsOnce(t *testing.T) {
	dir := t.TempDir()
	scripts, base := filepath.Join(dir, "script"), filepath.Join(dir, "base")
	for _, d := range []string{scripts, base} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"base/cards.cue": "package warbound\n",
		"script/a.txtar": "base content\nexec wbtool validate\n",
		"script/b.txtar": "base content\nexec wbtool build\n",
		"script/c.txtar": "base content\nexec wbtool build\n-- content/cards.cue --\npackage warbound \n",
		"script/d.txtar": "exec wbtool validate\n-- content/x.cue --\npackage warbound\n",
		"script/e.txtar": "cp y content/x.cue\nexec wbtool validate\n-- y --\npackage warbound\n",
		"script/f.txtar": "exec wbtool version\n",
	}
	for p, s := range files {
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, sc := range ScriptContents(t, scripts, base) {
		got = append(got, sc.Name+" "+sc.Dir+" "+slices.Sorted(func(yield func(string) bool) {
			for p := range sc.Files {
				if !yield(p) {
					return
				}
			}
		})[0])
		if sc.Name == "a/content" && !slices.Equal(sc.Same, []string{"b/content"}) {
			t.Errorf("a/content: same as %v, want [b/content]", sc.Same)
		}
		if sc.Name == "d/content" && !slices.Equal(sc.Same, []string{"e/content"}) {
			t.Errorf("d/content: same as %v, want [e/content]", sc.Same)
		}
	}
	want := []string{"a/content content cards.cue", "c/content content cards.cue", "d/content content x.cue"}
	if !slices.Equal(got, want) {
		t.Errorf("listed %q, want %q", got, want)
	}
}
