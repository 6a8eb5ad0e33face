// Package deps pins who may import whom, as go/build/deps_test.go does for
// the standard library: the engine stays pure, and CUE stays in schema.
package deps

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "wbtool.dev/wbtool"

type pkg struct {
	ImportPath string
	Imports    []string // direct imports
	Deps       []string // transitive
}

func list(t *testing.T, pattern string) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", pattern).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// forbiddenStd are standard packages the engine may not use: no I/O, no
// clock, no global randomness, no goroutine scheduling in the rules.
var forbiddenStd = []string{"os", "io/fs", "net", "time", "math/rand", "os/exec", "syscall", "path/filepath"}

// plainGo are the project's leaf packages of plain Go (standard library
// only, no I/O): positions and problem reports, their terminal escaping,
// "did you mean", the languages and texts every game shares, messages
// formatted without fmt and JSON trees without encoding/json (what the
// site's checker module runs). The catalog and the engine may use them.
var plainGo = map[string]bool{
	module + "/diag":              true,
	module + "/lang":              true,
	module + "/internal/termsafe": true,
	module + "/internal/suggest":  true,
	module + "/internal/plainfmt": true,
	module + "/internal/jstree":   true,
}

// enginePkgs are the rules engines and what plays them: the engine kit
// (engine/...: botkit, checkkit, hex) and each game's engine and its
// match/sim/replay (games/<game>/…engine/..., …match).
func enginePkgs(t *testing.T) []pkg {
	var out []pkg
	for _, p := range list(t, module+"/...") {
		if strings.HasPrefix(p.ImportPath, module+"/engine/") || gameEngine(p.ImportPath) {
			out = append(out, p)
		}
	}
	return out
}

// engineMayImport reports whether an engine may import the module's
// package d: the engine kit, the games' engines and catalogs, and the
// plain-Go leaves.
func engineMayImport(d string) bool {
	return strings.HasPrefix(d, module+"/engine/") || gameEngine(d) || gameCatalog(d) || plainGo[d]
}

func TestEngineIsPure(t *testing.T) {
	pkgs := enginePkgs(t)
	if len(pkgs) < 7 {
		t.Fatalf("go list found %d engine packages: update enginePkgs", len(pkgs))
	}
	for _, p := range pkgs {
		for _, d := range p.Deps {
			if strings.HasPrefix(d, module+"/") {
				if !engineMayImport(d) {
					t.Errorf("%s imports %s: the engine may import only catalog and the standard library", p.ImportPath, d)
				}
				continue
			}
			if !isStd(d) {
				t.Errorf("%s imports %s: the engine may import only catalog and the standard library", p.ImportPath, d)
			}
		}
		for _, d := range p.Imports {
			for _, f := range forbiddenStd {
				if d == f {
					t.Errorf("%s imports %s: the engine does no I/O and reads no clock", p.ImportPath, d)
				}
			}
		}
	}
}

// TestOnlySchemaImportsCUE: no CUE type leaves schema, the loader kit,
// and the games' schema packages (games/<game>/…schema). Other packages
// may call a game's loader (and so link CUE), but never import CUE
// themselves.
func TestOnlySchemaImportsCUE(t *testing.T) {
	for _, p := range list(t, module+"/...") {
		if strings.HasPrefix(p.ImportPath, module+"/schema") || gameSchema(p.ImportPath) {
			continue
		}
		for _, d := range p.Imports {
			if strings.HasPrefix(d, "cuelang.org/") {
				t.Errorf("%s imports %s: only schema may use CUE", p.ImportPath, d)
			}
		}
	}
}

// TestConsumersDoNotLoadContent: engine, render and site read the catalog;
// they never load content (and so never link CUE) themselves.
func TestConsumersDoNotLoadContent(t *testing.T) {
	consumers := enginePkgs(t)
	for _, pattern := range []string{module + "/render/...", module + "/site"} {
		consumers = append(consumers, list(t, pattern)...)
	}
	for _, p := range consumers {
		for _, d := range p.Deps {
			if strings.HasPrefix(d, "cuelang.org/") || d == module+"/schema" || gameSchema(d) {
				t.Errorf("%s depends on %s: consumers read the catalog, not the content", p.ImportPath, d)
				break
			}
		}
	}
}

// TestCatalogHasNoDependencies: the catalog is plain Go: the standard
// library and the plain-Go leaf packages (positions and problem reports),
// which themselves use the standard library only.
func TestCatalogHasNoDependencies(t *testing.T) {
	for p := range plainGo {
		for _, pkg := range list(t, p) {
			for _, d := range pkg.Deps {
				if !isStd(d) && !plainGo[d] {
					t.Errorf("%s depends on %s: a plain-Go leaf package uses the standard library only", p, d)
				}
			}
		}
	}
	// Every game's catalog (wbcatalog, wscatalog, …): plain Go too.
	n := 0
	for _, p := range list(t, module+"/...") {
		if !gameCatalog(p.ImportPath) {
			continue
		}
		n++
		for _, d := range p.Deps {
			if !isStd(d) && !plainGo[d] {
				t.Errorf("%s depends on %s: it must stay plain Go", p.ImportPath, d)
			}
		}
	}
	if n < 2 {
		t.Fatalf("go list found %d catalogs: update the patterns", n)
	}
}

// gameSchema reports whether path is a game's schema package: one whose
// name ends in "schema" in the game's folder (games/warstuff/wsschema).
func gameSchema(path string) bool { return gamePkg(path, "schema") }

// gameCatalog reports whether path is a game's catalog of Go types
// (games/warstuff/wscatalog).
func gameCatalog(path string) bool { return gamePkg(path, "catalog") }

// gameEngine reports whether path is a game's engine, its subpackages
// and its match runner (games/warstuff/wsengine/..., wsmatch).
func gameEngine(path string) bool {
	rest, ok := strings.CutPrefix(path, module+"/games/")
	parts := strings.Split(rest, "/")
	return ok && len(parts) >= 2 && (strings.HasSuffix(parts[1], "engine") || strings.HasSuffix(parts[1], "match"))
}

// gamePkg reports whether path is a package of a game's folder
// (games/<game>/<name>) whose name ends in kind.
func gamePkg(path, kind string) bool {
	rest, ok := strings.CutPrefix(path, module+"/games/")
	return ok && strings.Count(rest, "/") == 1 && strings.HasSuffix(rest, kind)
}

func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
