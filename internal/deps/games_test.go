package deps

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The packages the policies name, as paths in the module (a game's are
// its folder's, gameOf). A path ending in "/..." holds its subpackages
// too.
var (
	// testGames are the test-only games, in the suite's folder: each
	// checks its own imports (internal/gametest), so that nothing
	// outside its folder names it.
	testGames = func(p string) bool { return strings.HasPrefix(p, "internal/gametest/") }
	// kits are neutral: they import no game, even through another
	// package.
	kits = []string{"schema", "engine/botkit", "engine/checkkit", "engine/hex", "diag", "lang", "internal/dist", "internal/termsafe",
		"internal/suggest", "internal/plainfmt", "internal/jstree", "render", "render/markup", "booklet", "balance", "internal/contentfs", "internal/gitrev", "internal/typo", "internal/golden", "internal/testtool", "site", "site/sitecheck"}
	// machinery are the seam and the shared machinery: neutral by
	// design (ARCHITECTURE.md), and in fact since no tool there loads a game.
	machinery = []string{"pipeline", "pipeline/ruleset", "pipeline/request", "export", "internal/...", "site/serve", "changes", "translations"}
)

// in reports whether the module's package path (without the module
// prefix) is one of pkgs.
func in(path string, pkgs []string) bool {
	for _, p := range pkgs {
		if sub, ok := strings.CutSuffix(p, "/..."); ok {
			if path == sub || strings.HasPrefix(path, sub+"/") {
				return true
			}
		} else if path == p {
			return true
		}
	}
	return false
}

// gameOf is the game a package belongs to: its folder under games/, or
// Warbound for the top-level content tree; "" for a neutral package.
func gameOf(path string) string {
	if rest, ok := strings.CutPrefix(path, "games/"); ok {
		g, _, _ := strings.Cut(rest, "/")
		return g
	}
	if in(path, []string{"content/..."}) {
		return "warbound"
	}
	return ""
}

// games reports whether path is a game's package (any game's folder).
func games(path string) bool { return gameOf(path) != "" }

// registration reports whether path is a game's registration: the
// package at the top of its folder, games/<game>.
func registration(path string) bool {
	rest, ok := strings.CutPrefix(path, "games/")
	return ok && rest != "" && !strings.Contains(rest, "/")
}

// policy is one rule of who may import whom, over the module's packages.
// Today's known violations are listed: the test fails on a new one, and
// on a listed one that no longer is, so that the list is struck off and
// can only shrink. A policy with no known violation holds strictly.
type policy struct {
	name string
	from func(string) bool
	to   func(from, to string) bool
	// transitive: every package from depends on, not only those it
	// imports.
	transitive bool
	known      []string // "from -> to", module prefix left out
}

var policies = []policy{
	{
		name:       "no neutral kit depends on a game",
		from:       func(p string) bool { return in(p, kits) },
		to:         func(_, d string) bool { return games(d) },
		transitive: true,
	},
	{
		name:  "only cmd/wbtool imports the games' registrations",
		from:  func(p string) bool { return p != "cmd/wbtool" },
		to:    func(_, d string) bool { return registration(d) },
		known: []string{},
	},
	{
		name:       "no game depends on another game",
		from:       games,
		to:         func(p, d string) bool { return games(d) && gameOf(d) != gameOf(p) },
		transitive: true,
	},
	{
		name: "no neutral package imports a game (the seam and the shared machinery)",
		from: func(p string) bool { return in(p, machinery) && !testGames(p) && !in(p, kits) },
		to:   func(_, d string) bool { return games(d) },
	},
}

// TestGamePolicies pins the game-neutral layout of ARCHITECTURE.md:
// strictly where it holds today, as a ratchet where it does not.
func TestGamePolicies(t *testing.T) {
	pkgs := list(t, module+"/...")
	if len(pkgs) < 30 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	// every package the lists name exists: a move updates them
	for _, list := range [][]string{kits, machinery} {
		for _, name := range list {
			if !slices.ContainsFunc(pkgs, func(p pkg) bool { return in(strings.TrimPrefix(p.ImportPath, module+"/"), []string{name}) }) {
				t.Errorf("the policies name %s, which holds no package: update internal/deps/games_test.go", name)
			}
		}
	}
	for _, pol := range policies {
		var found []string
		for _, p := range pkgs {
			from := strings.TrimPrefix(p.ImportPath, module+"/")
			if !pol.from(from) {
				continue
			}
			deps := p.Imports
			if pol.transitive {
				deps = p.Deps
			}
			for _, d := range deps {
				to, ok := strings.CutPrefix(d, module+"/")
				if ok && to != from && pol.to(from, to) {
					found = append(found, from+" -> "+to)
				}
			}
		}
		sort.Strings(found)
		for _, v := range found {
			if !slices.Contains(pol.known, v) {
				t.Errorf("%s, which breaks the policy %q", strings.Replace(v, " -> ", " imports ", 1), pol.name)
			}
		}
		for _, v := range pol.known {
			if !slices.Contains(found, v) {
				t.Errorf("%s no longer breaks the policy %q: strike it off its known violations", v, pol.name)
			}
		}
		t.Logf("%s: %d known violations", pol.name, len(pol.known))
	}
}

// TestOnlyGamesGoNamesGames: in the CLI, games.go is the one file that
// imports a game (one blank import per game); every command goes through
// the seam (ARCHITECTURE.md).
func TestOnlyGamesGoNamesGames(t *testing.T) {
	files, err := filepath.Glob("../../cmd/wbtool/*.go")
	if err != nil || len(files) < 20 {
		t.Fatalf("cmd/wbtool has %d Go files (%v)", len(files), err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || filepath.Base(f) == "games.go" {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			if p := strings.Trim(imp.Path.Value, `"`); strings.HasPrefix(p, module+"/games/") {
				t.Errorf("%s imports %s: only cmd/wbtool/games.go names the games", filepath.Base(f), p)
			}
		}
	}
}

// TestEveryGameRunsTheConformanceSuite: each game folder's registration
// package has a test that runs the conformance suite (gametest.Run) on
// it. The suite runs from the game's folder, not from internal/gametest,
// so this is what keeps a new game from skipping it.
func TestEveryGameRunsTheConformanceSuite(t *testing.T) {
	dirs, err := filepath.Glob("../../games/*")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		n++
		tests, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(tests, func(f string) bool { return callsSuite(t, fset, f) }) {
			t.Errorf("games/%s: no test calls gametest.Run: describe the game in games/%[1]s/conformance_test.go (as games/convicted does)", filepath.Base(dir))
		}
	}
	if n < 4 {
		t.Errorf("found %d game folders under games/, want every game", n)
	}
}

// callsSuite reports whether the Go file calls the conformance suite's
// Run, under whatever name the file imports internal/gametest.
func callsSuite(t *testing.T, fset *token.FileSet, file string) bool {
	t.Helper()
	af, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	name := ""
	for _, imp := range af.Imports {
		if strings.Trim(imp.Path.Value, `"`) == module+"/internal/gametest" {
			name = "gametest"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	found := false
	ast.Inspect(af, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && name != "" {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Run" {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
