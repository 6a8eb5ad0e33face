package watch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"wbtool.dev/wbtool/internal/dist"

	"wbtool.dev/wbtool/content"
)

// starterTree writes the embedded starter content to a temporary folder.
func starterTree(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(dir, content.FS); err != nil {
		t.Fatal(err)
	}
	// CopyFS keeps the embed's read-only modes.
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func newTestSession(dir, out string) *Session {
	return NewSession(Config{
		Loader:  InProcess{FS: os.DirFS(dir), Root: "content"},
		Out:     out,
		Outputs: AllOutputs,
		Version: "test",
	})
}

// edit replaces old by new in a content file (must match once).
func edit(t testing.TB, dir, rel, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(b, []byte(old)) != 1 {
		t.Fatalf("%s: %q found %d times", rel, old, bytes.Count(b, []byte(old)))
	}
	if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendTo(t testing.TB, dir, rel, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, filepath.FromSlash(rel)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

func readTree(t testing.TB, root string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == dist.StateDir {
			return filepath.SkipDir // wbtool's record of its outputs, not an output
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		b, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, a, b string) {
	t.Helper()
	ta, tb := readTree(t, a), readTree(t, b)
	for p, x := range ta {
		if y, ok := tb[p]; !ok {
			t.Errorf("%s only in the incremental output", p)
		} else if !bytes.Equal(x, y) {
			t.Errorf("%s differs between incremental and full builds", p)
		}
	}
	for p := range tb {
		if _, ok := ta[p]; !ok {
			t.Errorf("%s missing from the incremental output", p)
		}
	}
}

func hasOutput(r *Report, prefix string) bool {
	return slices.ContainsFunc(r.Outputs, func(o string) bool { return strings.HasPrefix(o, prefix) })
}

// TestSessionIncremental runs a designer's session on the starter content
// and checks that each edit redoes exactly what it affects, and that the
// outputs always equal a build from scratch.
func TestSessionIncremental(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	ctx := context.Background()
	dir, out := starterTree(t), filepath.Join(t.TempDir(), "dist")
	s := newTestSession(dir, out)

	r := s.Rebuild(ctx, []string{Everything})
	if !r.OK() {
		t.Fatalf("first build: %q", r.Errors)
	}
	if len(r.Changes) != 0 {
		t.Errorf("first build lists changes: %q", r.Changes)
	}
	total := r.Images.Rendered
	if total == 0 || r.Images.Reused != 0 {
		t.Fatalf("first build images: %+v", r.Images)
	}
	nChecks := r.Checks.Rerun
	// (The starter content's own check games are the content helpers'
	// business: this test only needs them to give the same results
	// incrementally as from scratch.)
	failed := r.Checks.Failed
	if nChecks == 0 || r.Checks.Reused != 0 {
		t.Fatalf("first build checks: %+v", r.Checks)
	}
	for _, o := range []string{"data/catalog.json", "site (", "print/cards-en.pdf", "print/cards-fr.pdf"} {
		if !hasOutput(r, o) {
			t.Errorf("first build did not write %s: %q", o, r.Outputs)
		}
	}

	// One card's English text: its English image re-renders, the checks
	// that use it replay, a few site files and the English sheets are
	// rewritten.
	edit(t, dir, "cards/raiders.cue", `en: "Salvaged police frame, rewired for looting."`, `en: "Salvaged police frame, rewired for plunder."`)
	r = s.Rebuild(ctx, []string{"cards/raiders.cue"})
	if !r.OK() {
		t.Fatalf("card edit: %q", r.Errors)
	}
	if r.Images.Rendered != 1 || r.Images.Reused != total-1 {
		t.Errorf("card edit images: %+v, want 1 rendered (English only), %d reused", r.Images, total-1)
	}
	if r.Checks.Rerun == 0 || r.Checks.Rerun >= nChecks {
		t.Errorf("card edit replayed %d of %d checks, want those using copp only", r.Checks.Rerun, nChecks)
	}
	// The French image and sheet are keyed on the French text only: not
	// rendered again.
	for _, o := range []string{"data/catalog.json", "site (", "print/cards-en.pdf"} {
		if !hasOutput(r, o) {
			t.Errorf("card edit did not rewrite %s: %q", o, r.Outputs)
		}
	}
	if hasOutput(r, "print/cards-fr.pdf") {
		t.Errorf("an English text edit rewrote the French sheet: %q", r.Outputs)
	}
	// The save says what it changed, as wbtool diff does.
	if want := []string{"copp: flavor (en): Salvaged police frame, rewired for [-looting.-] {+plunder.+}"}; !slices.Equal(r.Changes, want) {
		t.Errorf("card edit changes: %q, want %q", r.Changes, want)
	}
	var head bytes.Buffer
	r.FormatHead(&head)
	if !strings.Contains(head.String(), "\n  changed: copp: flavor (en): ") {
		t.Errorf("the report does not say what changed:\n%s", head.String())
	}
	t.Logf("card edit: %d checks replayed, outputs %q", r.Checks.Rerun, r.Outputs)

	// A new check game: only it plays; no card image, no sheet.
	appendTo(t, dir, "scenarios/checks/act.cue", newCheck)
	r = s.Rebuild(ctx, []string{"scenarios/checks/act.cue"})
	if !r.OK() || r.Checks.Rerun != 1 || r.Checks.Passed+r.Checks.Failed != nChecks+1 || r.Checks.Failed != failed {
		t.Fatalf("new check: ok=%v %q checks %+v", r.OK(), r.Errors, r.Checks)
	}
	if r.Images.Rendered != 0 || hasOutput(r, "print/") {
		t.Errorf("new check re-rendered cards: %+v %q", r.Images, r.Outputs)
	}

	// A rules page: the site and that language's rulebook, no card sheet.
	appendTo(t, dir, "rules/en/01-introduction.md", "\nA new paragraph for the watch test.\n")
	r = s.Rebuild(ctx, []string{"rules/en/01-introduction.md"})
	cardSheets := slices.ContainsFunc(r.Outputs, func(o string) bool {
		return strings.HasPrefix(o, "print/") && !strings.HasPrefix(o, "print/rules-en")
	})
	if !r.OK() || r.Checks.Rerun != 0 || r.Images.Rendered != 0 || cardSheets || !hasOutput(r, "print/rules-en") || !hasOutput(r, "site (") {
		t.Fatalf("rules edit: ok=%v %q checks %+v images %+v outputs %q", r.OK(), r.Errors, r.Checks, r.Images, r.Outputs)
	}

	// A broken save: positioned errors, outputs untouched.
	before := readTree(t, out)
	edit(t, dir, "cards/raiders.cue", "speed:  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", "speed:  \"fast\"\n\trun:    1\n\taccuracy: {near: 4, far: 6}")
	r = s.Rebuild(ctx, []string{"cards/raiders.cue"})
	if r.OK() || len(r.Errors) == 0 || !strings.HasPrefix(r.Errors[0], "content/cards/raiders.cue:") {
		t.Fatalf("broken save: ok=%v errors %q", r.OK(), r.Errors)
	}
	var buf bytes.Buffer
	r.Format(&buf, false)
	t.Logf("broken save report:\n%s", buf.String())
	after := readTree(t, out)
	if len(before) != len(after) {
		t.Fatalf("a failed build changed the outputs")
	}
	for p := range before {
		if !bytes.Equal(before[p], after[p]) {
			t.Fatalf("a failed build changed %s", p)
		}
	}

	// The fix brings back the last good catalog: nothing to rebuild.
	edit(t, dir, "cards/raiders.cue", `speed:  "fast"`, "speed:  3")
	r = s.Rebuild(ctx, []string{"cards/raiders.cue"})
	if !r.OK() || !r.Unchanged {
		t.Fatalf("fix: ok=%v unchanged=%v %q", r.OK(), r.Unchanged, r.Errors)
	}

	// A card added in a new file, then the file deleted: its pages and
	// images come and go (it sorts last: no other card's number moves).
	extra := filepath.Join(dir, "cards", "extra.cue")
	if err := os.WriteFile(extra, []byte(extraCard), 0o644); err != nil {
		t.Fatal(err)
	}
	r = s.Rebuild(ctx, []string{"cards/extra.cue"})
	if !r.OK() || r.Images.Rendered != 2 {
		t.Fatalf("new card: ok=%v %q images %+v", r.OK(), r.Errors, r.Images)
	}
	if _, err := os.Stat(filepath.Join(out, "site", "en", "cards", "zz-watch-test-scout")); err != nil {
		t.Fatalf("no page for the new card: %v", err)
	}
	if err := os.Remove(extra); err != nil {
		t.Fatal(err)
	}
	r = s.Rebuild(ctx, []string{"cards/extra.cue"})
	if !r.OK() {
		t.Fatalf("card removed: %q", r.Errors)
	}
	if _, err := os.Stat(filepath.Join(out, "site", "en", "cards", "zz-watch-test-scout")); err == nil {
		t.Fatal("the removed card's page is still there")
	}

	full := filepath.Join(t.TempDir(), "full")
	if r := newTestSession(dir, full).Rebuild(ctx, []string{Everything}); !r.OK() {
		t.Fatalf("full build: %q", r.Errors)
	}
	sameTree(t, out, full)
}

const extraCard = `package warbound

characters: "zz-watch-test-scout": {
	name: {en: "Watch scout", fr: "Éclaireur de guet"}
	faction: "raiders"
	attack: 7
	speed:  3
	run:    2
	cost: {raiders: 1}
	health: 2
	morale: 2
	skills: []
	panic: {attack: 8, speed: 3, run: 2, cost: {raiders: 1, any: 1}, health: 2, skills: []}
}
`

const newCheck = `
checks: "watch-test-new-check": {
	hand:      "red"
	hourglass: "p1-run"
	sides: {
		red: {orders: {raiders: 3}, units: [{id: "a", profile: {}, at: "C3"}]}
		blue: {orders: {raiders: 3}, units: [{id: "b", profile: {}, at: "C12"}]}
	}
	script: [
		{side: "red", unit: "a", space: "p1-move", do: [{move: "C4"}]},
		{expect: units: a: at: "C4"},
	]
}
`
