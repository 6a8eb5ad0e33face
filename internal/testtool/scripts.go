package testtool

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"
)

// ScriptContent is a content folder as a CLI testscript sets it up
// before its first command.
type ScriptContent struct {
	Name  string // script/folder, for t.Run
	Dir   string // the folder's name in the script (content, …)
	Files fstest.MapFS
	// Same names the other scripts' folders whose content is this one's,
	// byte for byte (left out of the list: a load of the same files
	// proves nothing new).
	Same []string
}

// ScriptContents lists the content folders of the CLI testscripts in
// scriptDir (cmd/wbtool/testdata/script): those a script fills with the
// frozen base content of baseDir ("base DIR" lines), else content/; each
// with the script's own files under it and the files it copies in (cp
// lines) before its first command. A folder with no base content, no
// .cue or .md file of the script's and nothing copied in is left out.
// These are loaded in process without a budget: a script copies its bombs
// (content that evaluates for minutes) in after its first command. A
// folder whose name and files are those of an earlier one is listed once,
// under the first script's name (Same names the others): many scripts
// use the base content unchanged. The folders with the most files come
// first (those on the base content, one after the other), so that loads
// sharing a cache (schema.Cache drops what a load did not use) evaluate
// what each script changed.
func ScriptContents(t testing.TB, scriptDir, baseDir string) []ScriptContent {
	t.Helper()
	scripts, err := filepath.Glob(filepath.Join(scriptDir, "*.txtar"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts in %s: %v", scriptDir, err)
	}
	base := os.DirFS(baseDir)
	var out []ScriptContent
	first := map[string]int{} // index in out, by contentKey
	for _, s := range scripts {
		ar, err := txtar.ParseFile(s)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(ar.Comment), "\n")
		based := map[string]bool{}
		for _, line := range lines {
			if f := strings.Fields(line); len(f) == 2 && f[0] == "base" {
				based[f[1]] = true
			}
		}
		dirs := []string{"content"}
		if len(based) > 0 {
			dirs = slices.Sorted(func(yield func(string) bool) {
				for d := range based {
					if !yield(d) {
						return
					}
				}
			})
		}
		for _, dir := range dirs {
			m := fstest.MapFS{}
			if based[dir] {
				m = CopyFS(t, base)
			}
			own := false
			for _, f := range ar.Files {
				if rel, ok := strings.CutPrefix(f.Name, dir+"/"); ok {
					m[rel] = &fstest.MapFile{Data: f.Data}
					own = own || strings.HasSuffix(rel, ".cue") || strings.HasSuffix(rel, ".md")
				}
			}
			for _, line := range lines {
				f := strings.Fields(line)
				if len(f) > 0 && (f[0] == "exec" || f[0] == "!") {
					break
				}
				rel, ok := "", false
				if len(f) == 3 && f[0] == "cp" {
					rel, ok = strings.CutPrefix(f[2], dir+"/")
				}
				for _, af := range ar.Files {
					if ok && af.Name == f[1] {
						m[rel] = &fstest.MapFile{Data: af.Data}
						own = true
					}
				}
			}
			if !own && !based[dir] {
				continue
			}
			name := strings.TrimSuffix(filepath.Base(s), ".txtar") + "/" + dir
			key := contentKey(dir, m)
			if i, ok := first[key]; ok {
				out[i].Same = append(out[i].Same, name)
				continue
			}
			first[key] = len(out)
			out = append(out, ScriptContent{Name: name, Dir: dir, Files: m})
		}
	}
	slices.SortStableFunc(out, func(a, b ScriptContent) int { return len(b.Files) - len(a.Files) })
	return out
}

// contentKey identifies a content folder by its name and its files' names
// and bytes.
func contentKey(dir string, m fstest.MapFS) string {
	h := sha256.New()
	h.Write([]byte(dir))
	for _, p := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(h, "\x00%s\x00%d\x00", p, len(m[p].Data))
		h.Write(m[p].Data)
	}
	return string(h.Sum(nil))
}
