package wbschema

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/schema"
)

// The mutation test of the fast path: valid plain-data files are mutated
// at random (a value's kind changed, numbers out of range, unknown or
// missing fields, wrong enumeration strings, empty strings, lists too long
// or too short, values moved elsewhere), and each mutant is checked both
// by the fast path and by CUE. The fast path must never say valid when CUE
// says invalid, and when both say valid their data must be equal.

// fastCorpus is every plain-data content file of the starter content, a
// small generated tree and the CLI scripts' content, by name.
func fastCorpus(t testing.TB) map[string][]byte {
	fastCorpusCache.Lock()
	defer fastCorpusCache.Unlock()
	if fastCorpusCache.files == nil {
		fastCorpusCache.files = readFastCorpus(t)
	}
	return fastCorpusCache.files
}

// fastCorpusCache keeps the corpus for the fuzz target's many calls.
var fastCorpusCache struct {
	sync.Mutex
	files map[string][]byte
}

func readFastCorpus(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	add := func(prefix string, fsys fs.FS) {
		cueFiles, _, _, err := schema.ListFiles(fsys)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range cueFiles {
			src, err := fs.ReadFile(fsys, p)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(p, src)
			if err != nil || !plainFile(f) {
				continue
			}
			out[prefix+"/"+p] = src
		}
	}
	add("content", content.FS)
	add("gen", mapFS(wbgen.Tree(wbgen.Options{Characters: 4, Upgrades: 4})))
	for _, sc := range testtool.ScriptContents(t, "../../../cmd/wbtool/testdata/script", "../../../cmd/wbtool/testdata/base") {
		add(sc.Name, sc.Files)
	}
	return out
}

// plainFile: every top-level value of f is plain data.
func plainFile(f *ast.File) bool {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Package, *ast.CommentGroup:
		case *ast.Field:
			if _, ok := dataLabel(d); !ok {
				return false
			}
			if _, ok := fastData(d.Value); !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// mutFile is a plain-data file as a tree that mutations edit.
type mutFile struct{ top []dfield }

func readMutFile(src []byte) (*mutFile, error) {
	f, err := parser.ParseFile("x.cue", src)
	if err != nil {
		return nil, err
	}
	m := &mutFile{}
	for _, d := range f.Decls {
		if d, ok := d.(*ast.Field); ok {
			name, _ := dataLabel(d)
			v, _ := fastData(d.Value)
			m.top = append(m.top, dfield{name, v})
		}
	}
	return m, nil
}

func (m *mutFile) source() []byte {
	var b strings.Builder
	b.WriteString("package warbound\n\n")
	for _, f := range m.top {
		b.WriteString(cueLabel(f.name) + ": ")
		writeCUE(&b, f.v)
		b.WriteString("\n")
	}
	return []byte(b.String())
}

func cueLabel(s string) string {
	if ast.IsValidIdent(s) && !strings.HasPrefix(s, "#") && !strings.HasPrefix(s, "_") {
		return s
	}
	return literal.String.Quote(s)
}

func writeCUE(b *strings.Builder, d *dval) {
	switch d.kind {
	case kString:
		b.WriteString(literal.String.Quote(d.str))
	case kStruct:
		b.WriteString("{")
		for i, f := range d.fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(cueLabel(f.name) + ": ")
			writeCUE(b, f.v)
		}
		b.WriteString("}")
	case kList:
		b.WriteString("[")
		for i, e := range d.elems {
			if i > 0 {
				b.WriteString(", ")
			}
			writeCUE(b, e)
		}
		b.WriteString("]")
	case kBool:
		b.WriteString(strconv.FormatBool(d.b))
	default:
		b.WriteString(d.str)
	}
}

func cloneD(d *dval) *dval {
	c := *d
	c.fields = nil
	for _, f := range d.fields {
		c.fields = append(c.fields, dfield{f.name, cloneD(f.v)})
	}
	c.elems = nil
	for _, e := range d.elems {
		c.elems = append(c.elems, cloneD(e))
	}
	return &c
}

// nodes lists every value of the file with a setter, and every struct.
type mutNode struct {
	v   *dval
	set func(*dval)
}

func (m *mutFile) nodes() (all []mutNode, structs []*dval, lists []*dval) {
	var walk func(d *dval, set func(*dval))
	walk = func(d *dval, set func(*dval)) {
		all = append(all, mutNode{d, set})
		switch d.kind {
		case kStruct:
			structs = append(structs, d)
			for i := range d.fields {
				walk(d.fields[i].v, func(v *dval) { d.fields[i].v = v })
			}
		case kList:
			lists = append(lists, d)
			for i := range d.elems {
				walk(d.elems[i], func(v *dval) { d.elems[i] = v })
			}
		}
	}
	for i := range m.top {
		walk(m.top[i].v, func(v *dval) { m.top[i].v = v })
	}
	return
}

func intD(i int64) *dval    { return &dval{kind: kInt, i: i, str: strconv.FormatInt(i, 10)} }
func strD(s string) *dval   { return &dval{kind: kString, str: s} }
func floatD(s string) *dval { return &dval{kind: kFloat, str: s} }

// mutate applies one random mutation to m; names and strings are pools of
// field names and strings seen in the corpus.
func (m *mutFile) mutate(r *rand.Rand, names, strs []string) string {
	all, structs, lists := m.nodes()
	if len(all) == 0 {
		return "none"
	}
	n := all[r.IntN(len(all))]
	switch r.IntN(12) {
	case 0: // a value of another kind
		switch r.IntN(6) {
		case 0:
			n.set(intD(int64(r.IntN(20) - 5)))
		case 1:
			n.set(strD(strs[r.IntN(len(strs))]))
		case 2:
			n.set(&dval{kind: kBool, b: r.IntN(2) == 0})
		case 3:
			n.set(&dval{kind: kStruct})
		case 4:
			n.set(&dval{kind: kList})
		case 5:
			n.set(&dval{kind: kNull, str: "null"})
		}
		return "kind"
	case 1, 2: // numbers: around the bounds, out of range, floats
		var nums []*dval
		for _, x := range all {
			if x.v.kind == kInt || x.v.kind == kFloat {
				nums = append(nums, x.v)
			}
		}
		if len(nums) == 0 {
			return "none"
		}
		x := nums[r.IntN(len(nums))]
		var v *dval
		switch r.IntN(8) {
		case 0:
			v = intD(x.i + 1)
		case 1:
			v = intD(x.i - 1)
		case 2:
			v = intD([]int64{0, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 20, 21, -5, -6, 99}[r.IntN(22)])
		case 3:
			v = floatD([]string{"0.5", "1.5", "2.0", "0.0", "1.0", "1.25", "-0.5", "6.0"}[r.IntN(8)])
		default:
			v = intD(int64(r.IntN(24) - 6))
		}
		*x = *v
		return "number"
	case 3: // an unknown or misplaced field
		if len(structs) == 0 {
			return "none"
		}
		s := structs[r.IntN(len(structs))]
		name := names[r.IntN(len(names))]
		for _, f := range s.fields {
			if f.name == name {
				return "none"
			}
		}
		src := all[r.IntN(len(all))].v
		s.fields = append(s.fields, dfield{name, cloneD(src)})
		return "add"
	case 4: // a missing field
		if len(structs) == 0 {
			return "none"
		}
		s := structs[r.IntN(len(structs))]
		if len(s.fields) == 0 {
			return "none"
		}
		i := r.IntN(len(s.fields))
		s.fields = append(s.fields[:i:i], s.fields[i+1:]...)
		return "remove"
	case 5: // a renamed field
		if len(structs) == 0 {
			return "none"
		}
		s := structs[r.IntN(len(structs))]
		if len(s.fields) == 0 {
			return "none"
		}
		name := names[r.IntN(len(names))]
		for _, f := range s.fields {
			if f.name == name {
				return "none"
			}
		}
		s.fields[r.IntN(len(s.fields))].name = name
		return "rename"
	case 6, 7: // strings: another one seen, empty, near misses
		var ss []*dval
		for _, x := range all {
			if x.v.kind == kString {
				ss = append(ss, x.v)
			}
		}
		if len(ss) == 0 {
			return "none"
		}
		x := ss[r.IntN(len(ss))]
		switch r.IntN(6) {
		case 0:
			x.str = ""
		case 1:
			x.str = strings.ToUpper(x.str)
		case 2:
			x.str += "-"
		case 3:
			x.str = []string{"A1", "P16", "Q1", "A17", "A0", "a--b", "-a", "x.png", "/x.png", "x.gif", "#00ff00", "#00ff0g", "R-X-1", "r-x-1", "9", "choice", "enemy", "0.3", "v 1"}[r.IntN(19)]
		default:
			x.str = strs[r.IntN(len(strs))]
		}
		return "string"
	case 8: // lists: shorter, longer, empty, wrapped, unwrapped
		if len(lists) == 0 {
			return "none"
		}
		l := lists[r.IntN(len(lists))]
		switch r.IntN(5) {
		case 0:
			if len(l.elems) > 0 {
				l.elems = l.elems[:len(l.elems)-1]
			}
		case 1:
			if len(l.elems) > 0 {
				l.elems = append(l.elems, cloneD(l.elems[r.IntN(len(l.elems))]))
			}
		case 2:
			l.elems = nil
		case 3:
			if len(l.elems) > 0 {
				*l = *cloneD(l.elems[0])
			}
		case 4:
			c := cloneD(l)
			*l = dval{kind: kList, elems: []*dval{c}}
		}
		return "list"
	case 9: // a value moved from elsewhere (wrong operations, wrong shapes)
		src := all[r.IntN(len(all))].v
		n.set(cloneD(src))
		return "move"
	case 10: // a struct emptied, or given one of its fields' values
		if len(structs) == 0 {
			return "none"
		}
		s := structs[r.IntN(len(structs))]
		if len(s.fields) > 0 && r.IntN(2) == 0 {
			*s = *cloneD(s.fields[r.IntN(len(s.fields))].v)
		} else {
			s.fields = nil
		}
		return "struct"
	default: // a whole entity's id changed
		for _, f := range m.top {
			if f.v.kind == kStruct && len(f.v.fields) > 0 {
				e := &f.v.fields[r.IntN(len(f.v.fields))]
				e.name = []string{"Bad Id", "x", "new-id", "a.b", "9", "", "raiders"}[r.IntN(7)]
				return "id"
			}
		}
		return "none"
	}
}

// cueVerdict evaluates one file with the schema as CUE does for a unit:
// valid, and then each entity's JSON by collection and id.
func cueVerdict(schemaFiles []*ast.File, src []byte) (map[string]json.RawMessage, bool) {
	f, err := parser.ParseFile("mut.cue", src)
	if err != nil {
		return nil, false
	}
	l := &loader{ctx: cuecontext.New()}
	v := l.buildPackage(append(append([]*ast.File(nil), schemaFiles...), f))
	if len(l.errs) > 0 || v.Validate(cue.Concrete(true)) != nil {
		return nil, false
	}
	l.full = v
	out := map[string]json.RawMessage{}
	if !l.exportAll(func(c int, id string, raw []byte) { out[collections[c].name+"."+id] = raw }) {
		return nil, false
	}
	return out, true
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// fastMutants runs n mutants of the corpus files through both ways and
// returns the counts and the first problems.
func fastMutants(t testing.TB, seed uint64, n int, draft bool) (counts map[string]int, problems []string) {
	corpus := fastCorpus(t)
	var files []string
	for name := range corpus {
		files = append(files, name)
	}
	sort.Strings(files)
	schemaFiles, err := newLoader(nil, Options{Draft: draft}).parseSchemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	fast := compileFast(schemaFiles)
	names, strs := map[string]bool{}, map[string]bool{}
	for _, name := range files {
		m, _ := readMutFile(corpus[name])
		all, structs, _ := m.nodes()
		for _, s := range structs {
			for _, f := range s.fields {
				names[f.name] = true
			}
		}
		for _, x := range all {
			if x.v.kind == kString {
				strs[x.v.str] = true
			}
		}
	}
	nameList, strList := sortedKeys(names), sortedKeys(strs)
	r := rand.New(rand.NewPCG(seed, 13))
	counts = map[string]int{}
	for i := 0; i < n; i++ {
		name := files[r.IntN(len(files))]
		m, err := readMutFile(corpus[name])
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for range 1 + r.IntN(2) {
			kinds = append(kinds, m.mutate(r, nameList, strList))
		}
		src := m.source()
		f, err := parser.ParseFile("mut.cue", src)
		if err != nil {
			t.Fatalf("mutant of %s does not parse: %v\n%s", name, err, src)
		}
		ents, fastOK := fast.file(f)
		want, cueOK := cueVerdict(schemaFiles, src)
		judgeMutant(counts, &problems, fmt.Sprintf("%s %v", name, kinds), src, ents, fastOK, want, cueOK, sameJSON)
	}
	return counts, problems
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// judgeMutant counts the outcome of one mutant (src, named label in the
// problems) checked by the fast path (ents, fastOK) and by CUE (want,
// cueOK), and adds a problem when the fast path says valid alone, or its
// data differs from CUE's by same.
func judgeMutant(counts map[string]int, problems *[]string, label string, src []byte, ents []fastEntity, fastOK bool, want map[string]json.RawMessage, cueOK bool, same func(a, b []byte) bool) {
	switch {
	case fastOK && !cueOK:
		counts["FALSE VALID"]++
		*problems = append(*problems, fmt.Sprintf("%s: the fast path says valid, CUE says invalid:\n%s", label, src))
	case fastOK:
		counts["both valid"]++
		got := map[string]bool{}
		for _, e := range ents {
			key := collections[e.coll].name + "." + e.id
			got[key] = true
			if !same(e.raw, want[key]) {
				*problems = append(*problems, fmt.Sprintf("%s: %s differs:\nfast: %s\ncue:  %s\n%s", label, key, e.raw, want[key], src))
			}
		}
		if len(got) != len(want) {
			*problems = append(*problems, fmt.Sprintf("%s: %d entities, CUE has %d\n%s", label, len(got), len(want), src))
		}
	case cueOK:
		counts["valid for CUE only"]++
	default:
		counts["both invalid"]++
	}
}

// mutantCount is how many mutants a test runs: WBTOOL_FAST_MUTANTS, or
// def (short in -short mode).
func mutantCount(def, short int) int {
	if s := os.Getenv("WBTOOL_FAST_MUTANTS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	if testing.Short() {
		return short
	}
	return def
}

// reportProblems reports the first ten problems of a mutant run.
func reportProblems(t *testing.T, problems []string) {
	t.Helper()
	for i, p := range problems {
		if i == 10 {
			t.Errorf("... and %d more", len(problems)-10)
			break
		}
		t.Error(p)
	}
}

// TestFastPathMutants: the fast path never says valid when CUE says
// invalid (WBTOOL_FAST_MUTANTS sets how many mutants; 400 by default),
// with the schema as it is and in draft mode.
func TestFastPathMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	n := mutantCount(400, 100)
	for _, draft := range []bool{false, true} {
		counts, problems := fastMutants(t, 1, n, draft)
		t.Logf("%d mutants, draft %v: %v", n, draft, counts)
		reportProblems(t, problems)
		if counts["both valid"] < n/20 || counts["both invalid"] < n/4 {
			t.Errorf("mutants too one-sided to test anything: %v", counts)
		}
	}
}

// FuzzFastPath: go test ./games/warbound/wbschema -run '^$' -fuzz FuzzFastPath.
func FuzzFastPath(f *testing.F) {
	f.Add(uint64(1))
	f.Add(uint64(2))
	f.Fuzz(func(t *testing.T, seed uint64) {
		_, problems := fastMutants(t, seed, 5, seed%2 == 1)
		for _, p := range problems {
			t.Error(p)
		}
	})
}

// TestFastPathMutantsLoad loads mutants as a content tree of their own
// with the fast path on and off: the catalog and every diagnostic are the
// same (the references the mutant cannot resolve alone included).
func TestFastPathMutantsLoad(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	corpus := fastCorpus(t)
	var files []string
	for name := range corpus {
		files = append(files, name)
	}
	sort.Strings(files)
	r := rand.New(rand.NewPCG(7, 13))
	fast := 0
	for i := 0; i < n; i++ {
		name := files[r.IntN(len(files))]
		m, err := readMutFile(corpus[name])
		if err != nil {
			t.Fatal(err)
		}
		if i%4 != 0 { // a quarter left as they are
			m.mutate(r, []string{"colour", "faction", "any", "flag", "x"}, []string{"", "raiders", "A1", "move"})
		}
		fsys := mapFS(map[string][]byte{"mut.cue": m.source()})
		draft := i%3 == 1
		on, off := Options{Root: "c", Cache: schema.NewCache(), Draft: draft}, Options{Root: "c", Cache: schema.NewCache(), noFast: true, Draft: draft}
		cat1, err1 := Load(fsys, on)
		cat2, err2 := Load(fsys, off)
		if d := outcomeDiff(cat2, err2, cat1, err1); d != "" {
			t.Errorf("%s, mutant %d:\n%s\n%s", name, i, d, m.source())
		}
		fast += on.Cache.Fast
	}
	t.Logf("%d loads, %d units on the fast path", n, fast)
	if fast < n/10 {
		t.Errorf("only %d of %d loads took the fast path", fast, n)
	}
}
