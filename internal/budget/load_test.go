package budget_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/content"
	_ "wbtool.dev/wbtool/games/warbound" // the default game's rules: the trees below are Warbound's
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// The tests that load trees live outside the package: the child loads
// through the rules of a registered game, and a game imports this
// package (its encoding). They load Warbound's trees, the default game,
// whose rules a blank import registers as cmd/wbtool's games.go does;
// what a game does with its preload is that game's test
// (games/warbound/preload_test.go), and the conformance suite's for
// every game (internal/gametest).

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
		req, err := budget.ParseArgs(os.Args[1:])
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(2)
		}
		if err := budget.Main(os.Stdin, os.Stdout, req); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// roomy is the budget of the tests that are not about one: the default
// time (10 s of wall time) is outrun by a load of the starter on a
// machine other programs keep busy; the memory stays the default.
var roomy = budget.Limits{Time: 5 * time.Minute}

func testRunner(t testing.TB, lim budget.Limits) *budget.Runner {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &budget.Runner{Exe: exe, Env: []string{"WBTOOL_BUDGET_CHILD=1"}, Limits: lim}
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

// preloadHere is what the child should answer for dir: the default
// game's preload, made in this process.
func preloadHere(t testing.TB, dir string) ([]byte, error) {
	t.Helper()
	rs, _ := ruleset.Lookup(ruleset.DefaultGame)
	pre, ok := rs.(ruleset.Preloader)
	if !ok {
		t.Fatalf("%s is not a ruleset.Preloader", ruleset.DefaultGame)
	}
	return pre.Preload(os.DirFS(dir), ruleset.LoadOptions{Root: "content"})
}

// sameLoad fails unless the child's answer is the in-process one: the
// same game and the same bytes (the encoding is deterministic), or the
// same error.
func sameLoad(t *testing.T, what string, got budget.Loaded, gotErr error, want []byte, wantErr error) {
	t.Helper()
	switch {
	case gotErr != nil || wantErr != nil:
		if gotErr == nil || wantErr == nil || gotErr.Error() != wantErr.Error() {
			t.Fatalf("%s: error %v, want %v", what, gotErr, wantErr)
		}
	case got.Game != ruleset.DefaultGame || got.Content != nil || !bytes.Equal(got.Preloaded, want):
		t.Fatalf("%s: the child's answer (%s, %d bytes) differs from an in-process preload (%d bytes)", what, got.Game, len(got.Preloaded), len(want))
	}
}

func TestChildLoadsLikeInProcess(t *testing.T) {
	dir := starterDir(t)
	r := testRunner(t, roomy)
	got, st, err := r.Load(context.Background(), budget.Request{Dir: dir, Root: "content"})
	want, wantErr := preloadHere(t, dir)
	if err != nil || wantErr != nil {
		t.Fatal(err, wantErr)
	}
	sameLoad(t, "the starter", got, err, want, wantErr)
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
	_, _, err := testRunner(t, roomy).Load(context.Background(), budget.Request{Dir: dir, Root: "content"})
	var list schema.Errors
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("want content errors, got %v", err)
	}
	if !strings.Contains(list.Error(), "content/cards/broken.cue:3:") {
		t.Errorf("errors lack the position of the broken file:\n%v", list)
	}
}

// TestChildReportsUnknownGame: a tree naming a game this program lacks is
// refused by the child in the designer's words, at the name.
func TestChildReportsUnknownGame(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "content")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.cue"), []byte("game: \"chess\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := testRunner(t, roomy).Load(context.Background(), budget.Request{Dir: dir, Root: "content"})
	var list schema.Errors
	if !errors.As(err, &list) || !strings.Contains(list.Error(), "content/game.cue:1:") {
		t.Fatalf("want a content error at game.cue, got %v", err)
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
	_, st, err := testRunner(t, budget.Limits{Time: limit}).Load(context.Background(), budget.Request{Dir: dir, Root: "content"})
	var ex *budget.ExceededError
	if !errors.As(err, &ex) || ex.Resource != budget.Time {
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
	if budget.ResidentBytes(os.Getpid()) == 0 {
		t.Skip("no resident-memory reading on this system")
	}
	dir := starterDir(t)
	if err := os.WriteFile(filepath.Join(dir, "cards", "huge.cue"), []byte(hugeCUE), 0o644); err != nil {
		t.Fatal(err)
	}
	_, st, err := testRunner(t, budget.Limits{Time: time.Minute, Memory: 150 << 20}).Load(context.Background(), budget.Request{Dir: dir, Root: "content"})
	var ex *budget.ExceededError
	if !errors.As(err, &ex) || ex.Resource != budget.Memory {
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
	_, _, err := testRunner(t, budget.Limits{Time: time.Minute}).Load(ctx, budget.Request{Dir: dir, Root: "content"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("cancel took %v", el)
	}
}

func TestChildCrashIsReported(t *testing.T) {
	r := testRunner(t, budget.Limits{})
	_, _, err := r.Load(context.Background(), budget.Request{Dir: filepath.Join(t.TempDir(), "missing"), Root: "content"})
	if err == nil {
		t.Fatal("a missing folder loaded")
	}
	var ex *budget.ExceededError
	if errors.As(err, &ex) {
		t.Fatalf("reported as a budget: %v", err)
	}
	t.Log(err)
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
			if _, err := preloadHere(b, dir); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("child", func(b *testing.B) {
		r := testRunner(b, budget.Limits{})
		for b.Loop() {
			if _, _, err := r.Load(context.Background(), budget.Request{Dir: dir, Root: "content"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
