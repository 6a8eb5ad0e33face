package main

// The generative no-panic test (issue 25): many small random content trees
// of every game, each run through validate, build and check in-process.
// Whatever the tree, every command gives a verdict (exit 0 or 1, never a
// panic nor an internal error), and validate's verdict is build's: the
// same exit status and the same diagnostics.
//
// A tree is made from a game's starter content: a random share of its
// files, of the entries in them (down to none, or one Character), and of
// its rules pages, with values replaced at random by odd ones (empty
// lists and structs, empty or long or exotic strings, bounds and
// out-of-bounds numbers). A few fixed trees (empty sections, one faction
// and one Character without skills, an empty Warstuff tree) always run
// first.
//
//	WBTOOL_GEN_TREES=N  how many random trees of each game (default 6; a
//	                    nightly or manual run: WBTOOL_GEN_TREES=2500)
//	WBTOOL_GEN_SEED=S   the seed (default 1); tree i of a game is made by
//	                    its own generator seeded (S, i), so a failure names
//	                    the seed and the tree, and logs the tree's files
//
// e.g. WBTOOL_GEN_TREES=2500 go test ./cmd/wbtool -run TestGeneratedTrees -timeout 0

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/internal/testtool"
)

const (
	genTreesEnv = "WBTOOL_GEN_TREES"
	genSeedEnv  = "WBTOOL_GEN_SEED"
)

// genGame is a game's starter content, the material of its random trees.
type genGame struct {
	name  string
	files map[string][]byte // slash path in the tree → bytes
}

// loadGenGame reads the starter content under dir, without the Go files
// of the embedding package.
func loadGenGame(t *testing.T, name, dir string) *genGame {
	g := &genGame{name: name, files: map[string][]byte{}}
	root := os.DirFS(dir)
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if strings.HasSuffix(p, ".go") || path.Base(p) == "README.md" {
			return nil
		}
		b, err := fs.ReadFile(root, p)
		g.files[p] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fixedTrees are trees every run tries, by game: what the starter has
// and these lack made wbtool crash once (issue 25: one faction and one
// Character with `skills: []` panicked in the site's search help).
var fixedTrees = map[string][]map[string]string{
	"warbound": {
		{"cards/a.cue": "package warbound\n"},
		{"cards/a.cue": `package warbound

factions: raiders: {
	name: {en: "Raiders", fr: "Pillards"}
	colour: "#e8701a"
}

characters: grunt: {
	name: {en: "Grunt", fr: "Sbire"}
	faction: "raiders"
	attack: 5
	speed: 3
	run: 2
	cost: {raiders: 1}
	health: 3
	morale: 3
	skills: []
	panic: {attack: 6, speed: 3, run: 2, cost: {raiders: 1, any: 1}, health: 3}
}
`},
		{"cards/a.cue": `package warbound

factions: {}
skills: {}
characters: {}
leaders: {}
equipment: {}
formations: {}
vocations: {}
references: {}
actionBoards: {}
scenarios: {}
objectives: {}
decks: {}
checks: {}
glossary: {}
strings: {}
set: {name: {en: "S", fr: "S"}, version: "0"}
`},
	},
	"warstuff": {
		{"game.cue": "package warstuff\n\ngame: \"warstuff\"\n"},
		{"game.cue": "package warstuff\n\ngame: \"warstuff\"\n\nprofiles: {}\nbands: {}\nscenarios: {}\ncreatures: {}\nhordes: {}\n"},
	},
}

func TestGeneratedTrees(t *testing.T) {
	if !testtool.InOwnProcess(t) { // it sets TMPDIR
		return
	}
	n := 6
	if v := os.Getenv(genTreesEnv); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 0 {
			t.Fatalf("%s=%q: want a number of trees", genTreesEnv, v)
		}
	}
	seed := uint64(1)
	if v := os.Getenv(genSeedEnv); v != "" {
		var err error
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			t.Fatalf("%s=%q: want a number", genSeedEnv, v)
		}
	}
	games := []*genGame{
		loadGenGame(t, "warbound", "../../content"),
		loadGenGame(t, "warstuff", "../../games/warstuff/starter"),
	}
	work := t.TempDir()
	// the report of an internal error goes to the temporary folder: the
	// test's, whose reports it logs
	t.Setenv("TMPDIR", filepath.Join(work, "reports"))
	start := time.Now()
	tried, valid := 0, 0
	for _, g := range games {
		for i, fixed := range fixedTrees[g.name] {
			files := map[string][]byte{}
			for p, s := range fixed {
				files[p] = []byte(s)
			}
			if genRun(t, work, fmt.Sprintf("%s fixed tree %d", g.name, i), files) {
				valid++
			}
			tried++
		}
		for i := range n {
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			files := genTree(rng, g)
			if genRun(t, work, fmt.Sprintf("%s tree %d of seed %d (%s=%d)", g.name, i, seed, genSeedEnv, seed), files) {
				valid++
			}
			tried++
			if t.Failed() {
				return
			}
		}
	}
	if t.Failed() {
		return
	}
	t.Logf("%d random trees tried without a panic (%d valid, %d with content errors), seed %d, in %s",
		tried, valid, tried-valid, seed, time.Since(start).Round(time.Millisecond))
}

// genRun writes the tree, runs validate, build and check on it and
// judges their verdicts; it logs the tree's files when one fails. It
// reports whether the tree is valid.
func genRun(t *testing.T, work, name string, files map[string][]byte) (valid bool) {
	t.Helper()
	dir := filepath.Join(work, "content")
	out := filepath.Join(work, "out")
	for _, d := range []string{dir, out, filepath.Join(work, "reports")} {
		if err := os.RemoveAll(d); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for p, b := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type verdict struct {
		code           int
		stdout, stderr string
	}
	cmd := func(args ...string) verdict {
		var stdout, stderr bytes.Buffer
		args = append(args, "--content", dir)
		code := run(context.Background(), args, &stdout, &stderr)
		return verdict{code, stdout.String(), stderr.String()}
	}
	var problems []string
	judge := func(what string, v verdict) {
		if v.code != exitOK && v.code != exitContent || strings.Contains(v.stderr, "internal error") || strings.Contains(v.stderr, "goroutine ") {
			problems = append(problems, fmt.Sprintf("%s: exit %d, no verdict:\n%s", what, v.code, v.stderr))
		}
	}
	val := cmd("validate")
	judge("validate", val)
	bld := cmd("build", "--out", out)
	judge("build", bld)
	judge("check", cmd("check"))
	if val.code != bld.code || val.stderr != bld.stderr {
		problems = append(problems, fmt.Sprintf("validate and build disagree:\nvalidate: exit %d\n%s\nbuild: exit %d\n%s",
			val.code, val.stderr, bld.code, bld.stderr))
	}
	if len(problems) == 0 {
		if os.Getenv("GENDEBUG") != "" && val.code != 0 {
			t.Logf("%s: %.300s", name, val.stderr)
		}
		return val.code == exitOK
	}
	t.Errorf("%s:\n%s", name, strings.Join(problems, "\n"))
	reports, _ := filepath.Glob(filepath.Join(work, "reports", "wbtool-crash-*"))
	for _, r := range reports {
		b, _ := os.ReadFile(r)
		t.Logf("%s:\n%s", r, b)
		os.Remove(r)
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		if strings.HasSuffix(p, ".cue") || strings.HasSuffix(p, ".md") {
			t.Logf("-- %s --\n%s", p, files[p])
		} else {
			t.Logf("-- %s -- (%d bytes)", p, len(files[p]))
		}
	}
	return false
}

// genTree makes one random tree of game g: its entries (a Character, a
// deck, a check game…) chosen at random — a few and what they name, or
// each at a rate, or whole kinds left out — then its values mutated.
func genTree(rng *rand.Rand, g *genGame) map[string][]byte {
	pick := func(xs ...float64) float64 { return xs[rng.IntN(len(xs))] }
	mut := &mutator{rng: rng, rate: pick(0, 0, 0, 0, 0, 0.001, 0.005, 0.03), lists: pick(0, 0, 0.2, 0.6, 1)}
	paths := make([]string, 0, len(g.files))
	for p := range g.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	// every entry of every CUE file
	type parsed struct {
		file    *ast.File
		entries []*genEntry
	}
	cueFiles := map[string]parsed{}
	var all []*genEntry
	byID := map[string][]*genEntry{}
	for _, p := range paths {
		if !strings.HasSuffix(p, ".cue") {
			continue
		}
		f, err := parser.ParseFile(p, g.files[p], parser.ParseComments)
		if err != nil {
			continue
		}
		es := genEntries(f)
		cueFiles[p] = parsed{f, es}
		for _, e := range es {
			// mutated first: what an entry names is what it names
			// once mutated (a Character whose skills are emptied
			// names none)
			if e.kind != "game" {
				e.field.Value = mut.expr(e.field.Value, "")
				e.names = genStrings(e.field)
			}
			all = append(all, e)
			if e.id != "" {
				byID[e.id] = append(byID[e.id], e)
			}
		}
	}
	keep := map[*genEntry]bool{}
	closure := false
	switch rng.IntN(5) {
	case 4: // entries of one kind only (one faction, one board…)
		var kinds []string
		for _, e := range all {
			if !slices.Contains(kinds, e.kind) {
				kinds = append(kinds, e.kind)
			}
		}
		kind := kinds[rng.IntN(len(kinds))]
		for _, e := range all {
			keep[e] = e.kind == kind && rng.IntN(3) == 0
		}
		closure = rng.IntN(2) == 0
	case 0: // a few entries, and what they name (or not)
		for range 1 + rng.IntN(6) {
			keep[all[rng.IntN(len(all))]] = true
		}
		closure = rng.IntN(4) > 0
	case 1: // whole kinds left out
		kinds := map[string]bool{}
		for _, e := range all {
			if _, seen := kinds[e.kind]; !seen {
				kinds[e.kind] = rng.IntN(3) > 0
			}
			keep[e] = kinds[e.kind]
		}
		closure = rng.IntN(4) > 0
	default: // each entry at a rate
		rate := pick(1, 0.9, 0.5, 0.15, 0.03)
		for _, e := range all {
			keep[e] = rng.Float64() < rate
		}
		closure = rng.IntN(4) > 0
	}
	for _, e := range all {
		if e.structural && rng.Float64() > 0.02 {
			keep[e] = true
		}
	}
	if closure {
		// what the kept entries name, transitively
		todo := make([]*genEntry, 0, len(keep))
		for e, k := range keep {
			if k {
				todo = append(todo, e)
			}
		}
		for len(todo) > 0 {
			e := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, id := range e.names {
				for _, o := range byID[id] {
					if !keep[o] {
						keep[o] = true
						todo = append(todo, o)
					}
				}
			}
		}
	}
	pageKeep := pick(1, 0, 0, 0, 0.5) // a page links to others, and names cards
	files := map[string][]byte{}
	for _, p := range paths {
		b := g.files[p]
		switch {
		case strings.HasSuffix(p, ".cue"):
			pf, ok := cueFiles[p]
			if !ok {
				files[p] = b
				continue
			}
			if src, ok := mut.cueFile(pf.file, pf.entries, keep); ok {
				files[p] = src
			}
		case strings.HasSuffix(p, ".md"):
			if rng.Float64() < pageKeep {
				files[p] = mut.page(b)
			}
		default:
			if rng.IntN(50) > 0 { // art, the translations' lock
				files[p] = b
			}
		}
	}
	return files
}

// genEntry is one entry of a content file: a card, a deck, a check game
// (kind and id), or a declaration of its own (a hidden value, the game's
// name or limits: structural, nearly always kept).
type genEntry struct {
	kind, id   string
	structural bool
	field      *ast.Field // the entry: "id: {…}" under its kind, or the whole declaration
	names      []string   // the strings it holds: the ids it may name
}

// structuralKinds are declarations a tree keeps (but now and then): the
// game's name and limits, the reminder texts every special rule needs.
var structuralKinds = map[string]bool{"game": true, "limits": true, "reminders": true, "tables": true}

// genEntries splits a file's declarations into entries.
func genEntries(f *ast.File) []*genEntry {
	var es []*genEntry
	for _, d := range f.Decls {
		field, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		kind, _, _ := ast.LabelName(field.Label)
		if structuralKinds[kind] || strings.HasPrefix(kind, "_") || strings.HasPrefix(kind, "#") {
			es = append(es, &genEntry{kind: kind, structural: true, field: field, names: genStrings(field)})
			continue
		}
		st, ok := field.Value.(*ast.StructLit)
		if !ok || kind == "set" {
			es = append(es, &genEntry{kind: kind, field: field, names: genStrings(field)})
			continue
		}
		for _, el := range st.Elts {
			if inner, ok := el.(*ast.Field); ok {
				id, _, _ := ast.LabelName(inner.Label)
				es = append(es, &genEntry{kind: kind, id: id, field: inner, names: genStrings(inner)})
			}
		}
	}
	return es
}

// genStrings are the string literals and references under n.
func genStrings(n ast.Node) []string {
	var out []string
	ast.Walk(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BasicLit:
			if x.Kind == token.STRING {
				if s, err := strconv.Unquote(x.Value); err == nil {
					out = append(out, s)
				}
			}
		case *ast.Ident:
			out = append(out, x.Name)
		}
		return true
	}, nil)
	return out
}

// mutator replaces values by odd ones, at its rate, and empties lists
// at its rate of lists.
type mutator struct {
	rng         *rand.Rand
	rate, lists float64
}

func (m *mutator) hit() bool { return m.rate > 0 && m.rng.Float64() < m.rate }

// cueFile writes file f with the entries kept; ok
// is false when it keeps nothing (the file is left out, or now and then
// written with its package clause only, or with its sections empty).
func (m *mutator) cueFile(f *ast.File, entries []*genEntry, keep map[*genEntry]bool) (src []byte, ok bool) {
	var decls []ast.Decl
	sections := map[string]*ast.StructLit{}
	for _, d := range f.Decls {
		if _, isField := d.(*ast.Field); !isField {
			decls = append(decls, d) // package clause, imports, comments
		}
	}
	kept := 0
	for _, e := range entries {
		if !keep[e] {
			continue
		}
		kept++
		if e.id == "" {
			decls = append(decls, e.field)
			continue
		}
		sec := sections[e.kind]
		if sec == nil {
			sec = &ast.StructLit{}
			sections[e.kind] = sec
			decls = append(decls, &ast.Field{Label: ast.NewIdent(e.kind), Value: sec})
		}
		sec.Elts = append(sec.Elts, e.field)
	}
	if kept == 0 {
		switch m.rng.IntN(6) {
		case 0: // the package clause only
		case 1: // its sections, empty
			for _, e := range entries {
				if sections[e.kind] == nil && e.id != "" {
					sections[e.kind] = &ast.StructLit{}
					decls = append(decls, &ast.Field{Label: ast.NewIdent(e.kind), Value: sections[e.kind]})
				}
			}
		default:
			return nil, false
		}
	}
	f.Decls = decls
	b, err := format.Node(f)
	if err != nil {
		return nil, false
	}
	return b, true
}

// oddStrings are valid CUE strings that content may hold.
var oddStrings = []string{"", "x", " ", "  padded  ", "0", "#", "-", strings.Repeat("W", 300),
	"Ünïcödé — ‘quotes’ «guillemets» 🙂", "<script>alert(1)</script>", "line\nbreak", "**bold** _it_ :unknown-icon:",
	":order-raiders: :melee-die:", "R-NONE-1", "a-b", "copp", "raiders", "exploration", "confrontation", "#123456", "art/copp.png"}

// oddInts are numbers at and past the schema's bounds.
var oddInts = []string{"0", "1", "-1", "2", "3", "5", "6", "7", "8", "10", "12", "16", "17", "99", "100", "101", "1000000"}

// mayBeEmpty are the lists content may leave empty: the mutator's rate
// of lists empties them (a Character with `skills: []`).
var mayBeEmpty = map[string]bool{"skills": true, "gear": true, "terrain": true, "markers": true, "objectives": true,
	"attachments": true, "rules": true, "modifiers": true, "melee": true, "powers": true, "traits": true, "cards": true}

// expr returns e, the value of a field labelled label, with its values
// replaced at random by odd ones, its lists and structs emptied or cut,
// their entries dropped.
func (m *mutator) expr(e ast.Expr, label string) ast.Expr {
	switch x := e.(type) {
	case *ast.StructLit:
		if m.hit() {
			return &ast.StructLit{}
		}
		var elts []ast.Decl
		for _, d := range x.Elts {
			if _, ok := d.(*ast.Field); ok && m.hit() {
				continue // an entry dropped
			}
			if f, ok := d.(*ast.Field); ok {
				l, _, _ := ast.LabelName(f.Label)
				f.Value = m.expr(f.Value, l)
			}
			elts = append(elts, d)
		}
		x.Elts = elts
	case *ast.ListLit:
		if mayBeEmpty[label] && m.lists > 0 && m.rng.Float64() < m.lists {
			return &ast.ListLit{}
		}
		if m.hit() {
			switch m.rng.IntN(3) {
			case 0:
				return &ast.ListLit{}
			case 1:
				if len(x.Elts) > 1 {
					x.Elts = x.Elts[:1]
				}
			default:
				if len(x.Elts) > 0 {
					x.Elts = append(x.Elts, x.Elts[0])
				}
			}
		}
		for i, el := range x.Elts {
			x.Elts[i] = m.expr(el, "")
		}
	case *ast.BasicLit:
		if !m.hit() {
			return e
		}
		switch x.Kind {
		case token.STRING:
			return ast.NewString(oddStrings[m.rng.IntN(len(oddStrings))])
		case token.INT, token.FLOAT:
			return &ast.BasicLit{Kind: token.INT, Value: oddInts[m.rng.IntN(len(oddInts))]}
		}
	case *ast.Ident:
		if (x.Name == "true" || x.Name == "false") && m.hit() {
			return ast.NewBool(x.Name == "false")
		}
	}
	return e
}

// page returns a rules page, now and then emptied or cut short.
func (m *mutator) page(b []byte) []byte {
	if !m.hit() {
		return b
	}
	lines := strings.SplitAfter(string(b), "\n")
	switch m.rng.IntN(3) {
	case 0:
		return nil
	case 1:
		return []byte(strings.Join(lines[:m.rng.IntN(len(lines))], ""))
	default:
		return append(b, "\n[a link](nowhere.md) and [another](#nowhere)\n"...)
	}
}
