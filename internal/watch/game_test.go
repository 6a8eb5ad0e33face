package watch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	_ "wbtool.dev/wbtool/games/warstuff"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
)

// warstuffFiles are the starter Warstuff files the tests copy.
var warstuffFiles = []string{"game.cue", "i18n/reminders.cue", "cards/profiles.cue", "scenarios/bands.cue"}

// TestAnotherGame: watch rebuilds a Warstuff tree with the same pipeline
// and reports its verdict like a Warbound one: the outputs written when
// it is valid, the errors at their file:line:col when it is not.
func TestAnotherGame(t *testing.T) {
	tree := fstest.MapFS{}
	for _, name := range warstuffFiles {
		b, err := os.ReadFile(filepath.Join("../../games/warstuff/starter", name))
		if err != nil {
			t.Fatal(err)
		}
		tree[name] = &fstest.MapFile{Data: b}
	}
	out := t.TempDir()
	s := NewSession(Config{Loader: InProcess{}, ContentFS: tree, Root: "ws", Out: out, Outputs: Outputs{Data: true, Print: true}})
	r := s.Rebuild(context.Background(), []string{Everything})
	if len(r.Errors)+len(r.OutputErrors) > 0 || !strings.Contains(r.Summary, "13 profiles") {
		t.Fatalf("errors %v %v, summary %q", r.Errors, r.OutputErrors, r.Summary)
	}
	for _, p := range []string{"data/catalog.json", "print/cards-en.pdf", "print/bands-fr.pdf"} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Errorf("not written: %s", p)
		}
	}
	tree["cards/more.cue"] = &fstest.MapFile{Data: []byte("package warstuff\n\nprofiles: rabble: {name: {en: \"Rabble\", fr: \"Racaille\"}, quality: 6, rules: [\"slow\", \"fearless\"]}\n")}
	r = s.Rebuild(context.Background(), []string{"cards/more.cue"})
	if len(r.Errors) != 1 || !strings.HasPrefix(r.Errors[0], "ws/cards/more.cue:3:11: profiles.rabble.cost: costs 0 points") {
		t.Fatalf("want the rabble's cost reported, got %v", r.Errors)
	}
}

// TestAnotherGameInWorker: watch loads a Warstuff tree in its budgeted
// worker process, through the game's rules (ruleset.Portable), like a
// Warbound tree: the verdict and the outputs of an in-process build, the
// same content again keeps the outputs written, content errors come from
// the child at their place, and hostile content is stopped at the time
// budget.
func TestAnotherGameInWorker(t *testing.T) {
	dir := t.TempDir()
	for _, name := range warstuffFiles {
		b, err := os.ReadFile(filepath.Join("../../games/warstuff/starter", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	loader := &switchableLoader{Worker: childLoader(t, dir, budget.Limits{})}
	loader.limit.Store(int64(time.Minute))
	s := NewSession(Config{Loader: loader, ContentFS: os.DirFS(dir), Root: "content", Out: out, Outputs: Outputs{Data: true, Print: true}})
	r := s.Rebuild(context.Background(), []string{Everything})
	if !r.OK() || !strings.Contains(r.Summary, "13 profiles") || r.Stages[0].Name != "load" {
		t.Fatalf("errors %v %v, summary %q, stages %v", r.Errors, r.OutputErrors, r.Summary, r.Stages)
	}
	if loader.W.Started != 1 {
		t.Fatalf("loaded in %d worker processes, want 1", loader.W.Started)
	}
	want, err := os.ReadFile(filepath.Join(out, "data", "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The same as an in-process build.
	inProc := t.TempDir()
	ri := NewSession(Config{Loader: InProcess{}, ContentFS: os.DirFS(dir), Root: "content", Out: inProc, Outputs: Outputs{Data: true}}).Rebuild(context.Background(), []string{Everything})
	got, err := os.ReadFile(filepath.Join(inProc, "data", "catalog.json"))
	if err != nil || !bytes.Equal(got, want) || ri.Summary != r.Summary {
		t.Fatalf("in-process build differs: %v, summary %q vs %q", err, ri.Summary, r.Summary)
	}

	// A save that changes nothing: the outputs written are kept.
	r = s.Rebuild(context.Background(), []string{"cards/profiles.cue"})
	if !r.OK() || !r.Unchanged {
		t.Fatalf("unchanged: ok=%v unchanged=%v %q", r.OK(), r.Unchanged, r.Errors)
	}

	// A content error, reported by the child at its place.
	if err := os.WriteFile(filepath.Join(dir, "cards", "more.cue"), []byte("package warstuff\n\nprofiles: rabble: {name: {en: \"Rabble\", fr: \"Racaille\"}, quality: 6, rules: [\"slow\", \"fearless\"]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = s.Rebuild(context.Background(), []string{"cards/more.cue"})
	if len(r.Errors) != 1 || !strings.HasPrefix(r.Errors[0], "content/cards/more.cue:3:11: profiles.rabble.cost: costs 0 points") {
		t.Fatalf("want the rabble's cost reported, got %v", r.Errors)
	}

	// Hostile content: stopped at the time budget.
	loader.limit.Store(int64(2 * time.Second))
	slow := strings.Replace(slowCUE, "package warbound", "package warstuff", 1)
	if err := os.WriteFile(filepath.Join(dir, "cards", "more.cue"), []byte(slow), 0o644); err != nil {
		t.Fatal(err)
	}
	r = s.Rebuild(context.Background(), []string{"cards/more.cue"})
	if r.Budget == nil || r.Budget.Resource != budget.Time {
		t.Fatalf("slow content: budget %v, errors %q", r.Budget, r.Errors)
	}

	// Fixed: the next save builds again.
	loader.limit.Store(int64(time.Minute))
	if err := os.Remove(filepath.Join(dir, "cards", "more.cue")); err != nil {
		t.Fatal(err)
	}
	r = s.Rebuild(context.Background(), []string{"cards/more.cue"})
	if !r.OK() || !strings.Contains(r.Summary, "13 profiles") {
		t.Fatalf("after the fix: %q %q", r.Errors, r.Summary)
	}
}

// warstuffTree copies Warstuff's whole starter tree (rules pages and
// check games too) into a temporary content folder.
func warstuffTree(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	err := filepath.WalkDir("../../games/warstuff/starter", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".go") {
			return err
		}
		rel, _ := filepath.Rel("../../games/warstuff/starter", p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		to := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildFresh is `wbtool build` of dir into out: every stage, from
// scratch, published as the build command does.
func buildFresh(t testing.TB, dir, out string) {
	t.Helper()
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: os.DirFS(dir), Root: "content", Version: "test"})
	if err != nil || !res.OK(false) {
		t.Fatalf("fresh build: %v %s", err, res.Diagnostics.Text())
	}
	d, err := dist.Open(out, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Publish(res.Updates()...); err != nil {
		t.Fatal(err)
	}
}

// TestAnotherGameIncremental: a Warstuff session tells what each save
// changed, replays only the check games a change affects, and its
// outputs after every save are those of a fresh build.
func TestAnotherGameIncremental(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the Warstuff starter twice per edit")
	}
	ctx := context.Background()
	dir, out := warstuffTree(t), filepath.Join(t.TempDir(), "dist")
	s := NewSession(Config{Loader: InProcess{}, ContentFS: os.DirFS(dir), Root: "content", Out: out,
		Content: dir, Outputs: AllOutputs, Version: "test"})
	r := s.Rebuild(ctx, []string{Everything})
	if !r.OK() || r.Checks.Passed == 0 || r.Checks.Rerun != r.Checks.Passed || r.Checks.Reused != 0 {
		t.Fatalf("first build: %q %q, checks %+v", r.Errors, r.OutputErrors, r.Checks)
	}
	total := r.Checks.Passed
	for _, c := range []struct {
		name, file, old, new string
		changes              []string
		played               func(n int) bool // the check games played
	}{
		{"a profile's name", "cards/profiles.cue", `fr: "Milicien"`, `fr: "Milicienne"`,
			[]string{`militia: name.fr "Milicien" → "Milicienne"`}, func(n int) bool { return n == 0 }},
		{"a band's name", "scenarios/bands.cue", `en: "Storm Vanguard"`, `en: "The Storm Vanguard"`,
			[]string{`vanguard: name.en "Storm Vanguard" → "The Storm Vanguard"`}, func(n int) bool { return n == 0 }},
		{"a check game moved down a line", "scenarios/checks/overwatch.cue", "package warstuff\n", "package warstuff\n\n",
			nil, func(n int) bool { return n > 0 && n < total }},
		{"a rules page", "rules/en/1-playing.md", "", "",
			nil, func(n int) bool { return n == 0 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, filepath.FromSlash(c.file))
			src, err := os.ReadFile(p)
			if err != nil {
				t.Skip(err)
			}
			edited := strings.Replace(string(src), c.old, c.new, 1)
			if c.old == "" {
				edited += "\nOne more line.\n"
			}
			if edited == string(src) {
				t.Fatalf("%s: %q not found", c.file, c.old)
			}
			if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			r := s.Rebuild(ctx, []string{c.file})
			if !r.OK() {
				t.Fatalf("%q %q %q", r.Errors, r.OutputErrors, r.Checks.Failures)
			}
			if !slices.Equal(r.Changes, c.changes) {
				t.Errorf("changed: %q, want %q", r.Changes, c.changes)
			}
			if r.Checks.Passed != total || !c.played(r.Checks.Rerun) || r.Checks.Rerun+r.Checks.Reused != total {
				t.Errorf("checks %+v (of %d)", r.Checks, total)
			}
			fresh := filepath.Join(t.TempDir(), "dist")
			buildFresh(t, dir, fresh)
			sameTree(t, out, fresh)
		})
	}
	// A save that changes nothing: the check games replayed from the memo.
	r = s.Rebuild(ctx, []string{"cards/profiles.cue"})
	if !r.Unchanged || r.Checks.Rerun != 0 || r.Checks.Reused != total || len(r.Changes) != 0 {
		t.Errorf("unchanged save: unchanged %v, checks %+v, changes %q", r.Unchanged, r.Checks, r.Changes)
	}
}
