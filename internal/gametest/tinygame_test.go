package gametest_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const (
	module   = "wbtool.dev/wbtool"
	tinyPath = module + "/internal/gametest/tinygame"
)

// tinyMayImport are the packages of the module the tiny game may import:
// the seam, the neutral kits it uses and the suite it describes itself to.
var tinyMayImport = []string{
	module + "/pipeline/ruleset",
	module + "/diag",
	module + "/lang",
	module + "/internal/dist",
	module + "/internal/suggest",
	module + "/internal/gametest",
}

// tinySeamForced are the game packages (Warbound's) the seam still forces
// on a new game, with why. The list may only shrink: the test fails when
// one is no longer imported, so that it is struck off here.
// (None today: ruleset.Drafter's list was []catalog.MissingText, Warbound's,
// and is []lang.MissingText, neutral.)
var tinySeamForced = map[string]string{}

// imports lists the packages of pattern with their direct imports.
func imports(t *testing.T, pattern string) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", pattern).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkgs[f[0]] = f[1:]
	}
	return pkgs
}

// TestTinyGameNeedsItsFolderOnly proves the seam with the tiny game: it
// imports only the seam, neutral kits and its own folder (and, listed
// above, what the seam still forces on it), its engine is pure, and
// nothing outside its folder names it but the one line of
// conformance_test.go that registers it.
func TestTinyGameNeedsItsFolderOnly(t *testing.T) {
	used := map[string]bool{}
	for path, deps := range imports(t, tinyPath+"/...") {
		for _, d := range deps {
			if !strings.HasPrefix(d, module+"/") || strings.HasPrefix(d, tinyPath+"/") {
				if path == tinyPath+"/tgengine" && (strings.Contains(d, ".") || slices.Contains([]string{"os", "io/fs", "time", "math/rand", "math/rand/v2", "net", "os/exec", "syscall"}, d)) {
					t.Errorf("%s imports %s: the engine stays pure (standard library, no I/O, no clock, no global randomness)", path, d)
				}
				continue
			}
			if path == tinyPath+"/tgengine" {
				t.Errorf("%s imports %s: the engine stays pure", path, d)
			}
			if _, forced := tinySeamForced[d]; forced {
				used[d] = true
				continue
			}
			if !slices.Contains(tinyMayImport, d) {
				t.Errorf("%s imports %s: a game may import only the seam and the neutral kits", path, d)
			}
		}
	}
	for d, why := range tinySeamForced {
		if !used[d] {
			t.Errorf("the tiny game no longer imports %s (%s): strike it off tinySeamForced", d, why)
		} else {
			t.Logf("forced by the seam: %s (%s)", d, why)
		}
	}

	// Outside its folder, one line names it.
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	folder := filepath.Join(root, filepath.FromSlash("internal/gametest/tinygame"))
	var hits []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == folder || strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, `"`+tinyPath) {
				rel, _ := filepath.Rel(root, p)
				hits = append(hits, filepath.ToSlash(rel)+":"+strconv.Itoa(i+1))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || !strings.HasPrefix(hits[0], "internal/gametest/conformance_test.go:") {
		t.Errorf("outside its folder, the tiny game is named at %v; want one line, its registration in internal/gametest/conformance_test.go", hits)
	}
	t.Logf("outside its folder: %d file, %d line (%s)", len(hits), len(hits), strings.Join(hits, ", "))
}
