package schema

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// TestEnumerationsAgree pins every enumeration the schema spells as a CUE
// disjunction to the Go one that the catalog or the engine acts on: the
// same values, no more, no fewer. Both sides are read as they are now (the
// embedded schema through the CUE API; Go lists, and the constants of
// each Go type, from the packages), so adding a value on one side only
// fails here with the values to add on the other.
func TestEnumerationsAgree(t *testing.T) {
	schema := embeddedSchema(t)
	cat := goStringConsts(t, "../catalog")
	eng := goStringConsts(t, "../engine")

	strs := func(s []string) []string { return s }
	var phases []string
	for p := wbengine.Phase(0); p.String() != "?"; p++ {
		phases = append(phases, p.String())
	}
	for _, c := range []struct {
		cue  string   // path of the disjunction in the schema
		what string   // the Go side, for the message
		goes []string // its values
	}{
		{"#Format", "catalog Format constants", cat["Format"]},
		{"#Gear", "catalog Gear constants", cat["Gear"]},
		{"#Action", "catalog Action constants", cat["Action"]},
		{"#Modifier", "catalog Modifier constants", cat["Modifier"]},
		{"#Trigger", "wbcatalog.Triggers", stringsOf(wbcatalog.Triggers)},
		{"#Trigger", "catalog Trigger constants", cat["Trigger"]},
		{"#Stat", "wbcatalog.Stats", stringsOf(wbcatalog.Stats)},
		{"#Stat", "catalog Stat constants", cat["Stat"]},
		{"#Flag", "wbcatalog.Flags", stringsOf(wbcatalog.Flags)},
		{"#Flag", "catalog Flag constants", cat["Flag"]},
		{"#Who", "catalog Who constants", cat["Who"]},
		{"#ScoringKind", "wbengine.ScoringKinds", strs(wbengine.ScoringKinds)},
		{"#TokenName", "wbengine.TokenNames", wbengine.TokenNames[:]},
		{"#ErrorCode", "wbengine.Codes", stringsOf(wbengine.Codes)},
		{"#ErrorCode", "engine Code constants", eng["Code"]},
		{"#CheckExpect.phase?", "engine phases (Phase.String)", phases},
	} {
		want := disjunction(t, schema, c.cue)
		if len(want) == 0 {
			t.Errorf("%s: not a disjunction of strings in the schema", c.cue)
			continue
		}
		got := slices.Clone(c.goes)
		slices.Sort(got)
		if dup := duplicates(got); len(dup) > 0 {
			t.Errorf("%s: %s repeats %q", c.cue, c.what, dup)
		}
		got = slices.Compact(got)
		if missing, extra := diff(want, got), diff(got, want); len(missing)+len(extra) > 0 {
			t.Errorf("%s and %s differ:\n  only in the schema: %q\n  only in Go:         %q", c.cue, c.what, missing, extra)
		}
	}
}

// TestEnumerationReaders checks the two readers of the test above on known
// values, so that a reader that finds nothing cannot pass as agreement.
func TestEnumerationReaders(t *testing.T) {
	if got := disjunction(t, embeddedSchema(t), "#Format"); !slices.Equal(got, []string{"confrontation", "exploration"}) {
		t.Errorf("#Format read as %q", got)
	}
	if got := goStringConsts(t, "../catalog")["Format"]; !slices.Contains(got, string(wbcatalog.Exploration)) {
		t.Errorf("catalog Format constants read as %q", got)
	}
}

// embeddedSchema evaluates the schema embedded in the binary.
func embeddedSchema(t *testing.T) cue.Value {
	t.Helper()
	l := &loader{ctx: cuecontext.New()}
	files, err := l.schemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	v := l.buildPackage(files)
	if len(l.errs) > 0 || v.Err() != nil {
		t.Fatalf("embedded schema: %v %v", l.errs, v.Err())
	}
	return v
}

// disjunction lists, sorted, the string values of the disjunction at path:
// "#Def", "#Def.field", "#Def.optional?" (definitions it refers to are
// followed).
func disjunction(t *testing.T, schema cue.Value, path string) []string {
	t.Helper()
	var sels []cue.Selector
	for _, part := range strings.Split(path, ".") {
		switch {
		case strings.HasPrefix(part, "#"):
			sels = append(sels, cue.Def(part))
		case strings.HasSuffix(part, "?"):
			sels = append(sels, cue.Str(strings.TrimSuffix(part, "?")).Optional())
		default:
			sels = append(sels, cue.Str(part))
		}
	}
	v := schema.LookupPath(cue.MakePath(sels...))
	if !v.Exists() || v.Err() != nil {
		t.Fatalf("%s: not in the schema (%v)", path, v.Err())
	}
	var out []string
	var walk func(v cue.Value)
	walk = func(v cue.Value) {
		if op, args := v.Expr(); op == cue.OrOp {
			for _, a := range args {
				walk(a)
			}
			return
		}
		if s, err := v.String(); err == nil {
			out = append(out, s)
		}
	}
	walk(v)
	slices.Sort(out)
	return slices.Compact(out)
}

// goStringConsts reads the Go package in dir (its non-test files) and
// returns, by type name, the string constants declared with that type.
func goStringConsts(t *testing.T, dir string) map[string][]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: no Go files (%v)", dir, err)
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				typ, ok := vs.Type.(*ast.Ident)
				if !ok {
					continue
				}
				for _, v := range vs.Values {
					if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil {
							out[typ.Name] = append(out[typ.Name], s)
						}
					}
				}
			}
		}
	}
	return out
}

func stringsOf[S ~string](s []S) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = string(v)
	}
	return out
}

// diff lists the values of sorted a that sorted b lacks.
func diff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if _, ok := slices.BinarySearch(b, x); !ok {
			out = append(out, x)
		}
	}
	return out
}

// duplicates lists the values sorted s repeats.
func duplicates(s []string) []string {
	var out []string
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] && (len(out) == 0 || out[len(out)-1] != s[i]) {
			out = append(out, s[i])
		}
	}
	return out
}
