package budget

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/gen"
	"wbtool.dev/wbtool/schema"
)

// TestMain doubles as the child: the runner under test re-executes this
// test binary with WBTOOL_BUDGET_CHILD=1, as wbtool re-executes itself
// with its hidden __load command.
func TestMain(m *testing.M) {
	switch os.Getenv("WBTOOL_BUDGET_TREE") {
	case "child":
		treeChild()
	case "hog":
		treeHog()
	}
	if os.Getenv("WBTOOL_BUDGET_CHILD") == "1" {
		req, err := ParseArgs(os.Args[1:])
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(2)
		}
		if err := Main(os.Stdin, os.Stdout, req); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// roomy is the budget of the tests that are not about one: the default
// time (10 s of wall time) is outrun by a load of the starter on a
// machine other programs keep busy; the memory stays the default.
var roomy = Limits{Time: 5 * time.Minute}

func testRunner(t testing.TB, lim Limits) *Runner {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Runner{Exe: exe, Env: []string{"WBTOOL_BUDGET_CHILD=1"}, Limits: lim}
}

// starterDir writes the embedded starter content to a temporary folder.
func starterDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(dir, content.FS); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCodecRoundTripStarter(t *testing.T) {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, cat)
}

func TestCodecRoundTripGenerated(t *testing.T) {
	fsys := fstest.MapFS{}
	for p, b := range gen.Tree(gen.Options{Characters: 40, Upgrades: 10, PerFile: 7}) {
		fsys[p] = &fstest.MapFile{Data: b}
	}
	cat, err := wbschema.Load(fsys, wbschema.Options{Root: "gen", Draft: true})
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, cat)
}

func roundTrip(t *testing.T, cat *wbcatalog.Catalog) {
	t.Helper()
	data, err := Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	var back wbcatalog.Catalog
	if err := Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	want := *cat
	want.SetArtReader(nil) // not data: the receiver sets its own
	if !reflect.DeepEqual(&want, &back) {
		t.Fatal("the decoded catalog differs from the loaded one")
	}
	again, err := Marshal(&back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, again) {
		t.Fatal("encoding is not deterministic")
	}
}

// TestCodecKeepsWhatGobLoses pins the cases that rule out encoding/gob
// and encoding/json as the transport.
func TestCodecKeepsWhatGobLoses(t *testing.T) {
	f := false
	type inner struct{ A int }
	type value struct {
		Hand   *bool
		Empty  []string
		Nil    []string
		Map    map[string]int
		NilMap map[string]int
		Ptr    *inner
		Pos    wbcatalog.Pos `json:"-"`
		Source []byte        `json:"-"`
		F      float64
		Arr    [2]int8
		U      uint16
	}
	in := value{Hand: &f, Empty: []string{}, Map: map[string]int{"b": 2, "a": 0}, Ptr: &inner{},
		Pos: wbcatalog.Pos{File: "x.cue", Line: 3, Col: 4}, Source: []byte{}, F: -1.5, Arr: [2]int8{-1, 2}, U: 65535}
	data, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out value
	if err := Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("round trip: got %+v, want %+v", out, in)
	}
	if out.Hand == nil || out.Empty == nil || out.Nil != nil || out.Ptr == nil || out.NilMap != nil {
		t.Fatalf("nil-ness lost: %+v", out)
	}
}

func TestCodecRejectsCorruptInput(t *testing.T) {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(data); n += 1 + n/7 {
		var back wbcatalog.Catalog
		if err := Unmarshal(data[:n], &back); err == nil {
			t.Fatalf("a stream cut at %d of %d bytes decoded without error", n, len(data))
		}
	}
	if err := Unmarshal(append(data, 0), new(wbcatalog.Catalog)); err == nil {
		t.Fatal("trailing bytes accepted")
	}
}

func TestCodecRefusesUnsupported(t *testing.T) {
	for _, v := range []any{struct{ x int }{1}, struct{ C chan int }{}, struct{ F func() }{}, struct{ I any }{1}} {
		if _, err := Marshal(v); err == nil {
			t.Errorf("Marshal(%T) succeeded", v)
		}
	}
}

func FuzzUnmarshal(f *testing.F) {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		f.Fatal(err)
	}
	data, err := Marshal(cat.Checks)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, b []byte) {
		var out []wbcatalog.CheckGame
		_ = Unmarshal(b, &out) // must not panic nor allocate without bound
	})
}

func TestChildLoadsLikeInProcess(t *testing.T) {
	dir := starterDir(t)
	r := testRunner(t, roomy)
	got, st, err := r.Load(context.Background(), Request{Dir: dir, Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := wbschema.Load(os.DirFS(dir), wbschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	if !got.HasArtReader() {
		t.Error("the child's catalog cannot read its art files")
	}
	// not data: the child does not send it, the parent sets its own
	want.SetArtReader(nil)
	got.SetArtReader(nil)
	if !reflect.DeepEqual(got, want) {
		t.Fatal("the child's catalog differs from an in-process load")
	}
	if st.Elapsed <= 0 {
		t.Errorf("no elapsed time: %+v", st)
	}
	t.Logf("child load: %v, peak RSS %d MiB", st.Elapsed, st.PeakRSS>>20)
}

func TestChildReportsContentErrors(t *testing.T) {
	dir := starterDir(t)
	bad := filepath.Join(dir, "cards", "broken.cue")
	if err := os.WriteFile(bad, []byte("package warbound\n\ncharacters: oops: {speed: \"fast\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := testRunner(t, roomy).Load(context.Background(), Request{Dir: dir, Root: "content"})
	var list schema.Errors
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("want content errors, got %v", err)
	}
	if !strings.Contains(list.Error(), "content/cards/broken.cue:3:") {
		t.Errorf("errors lack the position of the broken file:\n%v", list)
	}
}

// slowCUE makes CUE evaluate for minutes (reliability notes 0.4): nine
// million comprehension steps inside a text the loader must evaluate (a
// top-level `x: list.Range(...)` is rejected as an unknown section before
// anything evaluates it).
const slowCUE = "package warbound\n\nimport \"list\"\n\nstrings: \"slow\": {en: \"\\(len([for i in list.Range(0, 3000, 1) for j in list.Range(0, 3000, 1) {i}]))\", fr: \"x\"}\n"

// hugeCUE makes CUE build a two-million-element list: about 850 MiB.
const hugeCUE = "package warbound\n\nimport \"list\"\n\nstrings: \"huge\": {en: \"\\(len(list.Range(0, 2000000, 1)))\", fr: \"x\"}\n"

func TestChildTimeBudget(t *testing.T) {
	dir := starterDir(t)
	if err := os.WriteFile(filepath.Join(dir, "cards", "slow.cue"), []byte(slowCUE), 0o644); err != nil {
		t.Fatal(err)
	}
	limit := 1500 * time.Millisecond
	start := time.Now()
	_, st, err := testRunner(t, Limits{Time: limit}).Load(context.Background(), Request{Dir: dir, Root: "content"})
	var ex *ExceededError
	if !errors.As(err, &ex) || ex.Resource != Time {
		t.Fatalf("want a blown time budget, got %v", err)
	}
	if want := "evaluation took too long (over 1.5s)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if el := time.Since(start); el > limit+2*time.Second {
		t.Errorf("the load returned after %v, budget %v", el, limit)
	}
	t.Logf("stopped after %v (peak RSS %d MiB)", st.Elapsed, st.PeakRSS>>20)
}

func TestChildMemoryBudget(t *testing.T) {
	if residentBytes(os.Getpid()) == 0 {
		t.Skip("no resident-memory reading on this system")
	}
	dir := starterDir(t)
	if err := os.WriteFile(filepath.Join(dir, "cards", "huge.cue"), []byte(hugeCUE), 0o644); err != nil {
		t.Fatal(err)
	}
	_, st, err := testRunner(t, Limits{Time: time.Minute, Memory: 150 << 20}).Load(context.Background(), Request{Dir: dir, Root: "content"})
	var ex *ExceededError
	if !errors.As(err, &ex) || ex.Resource != Memory {
		t.Fatalf("want a blown memory budget, got %v", err)
	}
	t.Logf("stopped after %v at %d MiB: %v", st.Elapsed, st.PeakRSS>>20, err)
}

func TestChildCancel(t *testing.T) {
	dir := starterDir(t)
	if err := os.WriteFile(filepath.Join(dir, "cards", "slow.cue"), []byte(slowCUE), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, _, err := testRunner(t, Limits{Time: time.Minute}).Load(ctx, Request{Dir: dir, Root: "content"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("cancel took %v", el)
	}
}

func TestChildCrashIsReported(t *testing.T) {
	r := testRunner(t, Limits{})
	_, _, err := r.Load(context.Background(), Request{Dir: filepath.Join(t.TempDir(), "missing"), Root: "content"})
	if err == nil {
		t.Fatal("a missing folder loaded")
	}
	var ex *ExceededError
	if errors.As(err, &ex) {
		t.Fatalf("reported as a budget: %v", err)
	}
	t.Log(err)
}

func TestParseArgs(t *testing.T) {
	in := Request{Dir: "/x y", Root: "content", Draft: true, Memory: 42, Worker: true}
	out, err := ParseArgs(in.Args())
	if err != nil || out != in {
		t.Fatalf("ParseArgs(Args()) = %+v, %v", out, err)
	}
	for _, bad := range [][]string{nil, {"--dir"}, {"--dir", "x", "--memory", "lots"}, {"--dir", "x", "--what", "y"}} {
		if _, err := ParseArgs(bad); err == nil {
			t.Errorf("ParseArgs(%q) accepted", bad)
		}
	}
}

func TestCrashSummary(t *testing.T) {
	trace := "some log\npanic: runtime error: index out of range [3] with length 2\n\ngoroutine 1 [running]:\ncuelang.org/go/internal/core/adt.f()\n\t/x/adt.go:10\nmain.main()\n\t/x/main.go:3\n"
	got := crashSummary(trace)
	if !strings.HasPrefix(got, "panic: runtime error: index out of range") || strings.Contains(got, "/x/main.go:3") || !strings.Contains(got, "adt.f()") {
		t.Errorf("crashSummary = %q", got)
	}
	if got := crashSummary("a\nb\nc\nd\ne\nf\ng\n"); got != "c\nd\ne\nf\ng" {
		t.Errorf("crashSummary without panic = %q", got)
	}
}

// BenchmarkLoadStarter compares a load of the starter content in this
// process with one in a child process under a budget: the price of the
// budget (process start, encoding, decoding).
//
//	go test ./internal/budget -run '^$' -bench LoadStarter -benchtime 10x
func BenchmarkLoadStarter(b *testing.B) {
	dir := starterDir(b)
	b.Run("in-process", func(b *testing.B) {
		for b.Loop() {
			if _, err := wbschema.Load(os.DirFS(dir), wbschema.Options{Root: "content"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("child", func(b *testing.B) {
		r := testRunner(b, Limits{})
		for b.Loop() {
			if _, _, err := r.Load(context.Background(), Request{Dir: dir, Root: "content"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestCappedBuffer(t *testing.T) {
	c := &cappedBuffer{max: 5}
	if n, err := c.Write([]byte("abc")); n != 3 || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if _, err := c.Write([]byte("def")); err == nil || !c.over {
		t.Fatal("a write past the cap was accepted")
	}
	if c.String() != "abc" {
		t.Fatalf("kept %q", c.String())
	}
}
