package watch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/budget"
)

// session drives Run and a Session together, as `wbtool watch` does, and
// hands each report to the test.
type session struct {
	t       *testing.T
	dir     string
	reports chan *Report
	cancel  context.CancelFunc
	done    chan error
	seq     int
}

func startSession(t *testing.T, dir string, cfg Config) *session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &session{t: t, dir: dir, reports: make(chan *Report, 100), cancel: cancel, done: make(chan error, 1)}
	sess := NewSession(cfg)
	go func() {
		s.done <- Run(ctx, dir, Options{Debounce: testDebounce, OnError: func(err error) { t.Errorf("watch: %v", err) }},
			func(ctx context.Context, changed []string) { s.reports <- sess.Rebuild(ctx, changed) })
	}()
	t.Cleanup(func() {
		cancel()
		<-s.done
	})
	return s
}

// next waits for the next report and checks its number and changed
// files. There is no deadline: a busy machine only makes a rebuild
// slower, and go test's -timeout ends a wait that never ends.
func (s *session) next(changed ...string) *Report {
	s.t.Helper()
	r := <-s.reports
	s.seq++
	if r.Seq != s.seq {
		s.t.Fatalf("report %d, want %d", r.Seq, s.seq)
	}
	if !reflect.DeepEqual(r.Changed, changed) {
		s.t.Fatalf("report %d for %q, want %q", r.Seq, r.Changed, changed)
	}
	var b bytes.Buffer
	r.Format(&b, true)
	s.t.Logf("\n%s", b.String())
	return r
}

// atomicSave writes a file the way most editors do: a temporary file in
// the same folder, renamed over the target.
func atomicSave(t *testing.T, dir, rel string, data []byte) { atomicSaveTB(t, dir, rel, data) }

func atomicSaveTB(t testing.TB, dir, rel string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	tmp := filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".tmp-save")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

func replaced(t *testing.T, dir, rel, old, new string) []byte {
	return replacedTB(t, dir, rel, old, new)
}

func replacedTB(t testing.TB, dir, rel, old, new string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(b, []byte(old)) != 1 {
		t.Fatalf("%s: %q found %d times", rel, old, bytes.Count(b, []byte(old)))
	}
	return bytes.Replace(b, []byte(old), []byte(new), 1)
}

// TestWatchSession edits, breaks, fixes, renames and deletes content
// files (atomic saves included) under a running watch with evaluation in
// a child process, and checks the sequence of reports: one per save, in
// order, none lost, none doubled; hostile content is stopped at the time
// budget and the next good save rebuilds.
func TestWatchSession(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	dir, out := starterTree(t), filepath.Join(t.TempDir(), "dist")
	// A generous budget for the starter content (slow under -race), a
	// short one for the hostile file.
	const limit = 3 * time.Second
	loader := &switchableLoader{Worker: childLoader(t, dir, budget.Limits{})}
	loader.limit.Store(int64(time.Minute))
	s := startSession(t, dir, Config{
		Loader:    loader,
		ContentFS: os.DirFS(dir), // the art and the lock, as watch reads them
		Out:       out,
		Outputs:   Outputs{Data: true, Site: true},
		Version:   "test",
	})

	r := s.next(Everything)
	if !r.OK() || r.Checks.Passed == 0 {
		t.Fatalf("first build: %q %+v", r.Errors, r.Checks)
	}

	// An atomic save of a card edit.
	atomicSave(t, dir, "cards/raiders.cue", replaced(t, dir, "cards/raiders.cue", "rewired for looting", "rewired for plunder"))
	r = s.next("cards/raiders.cue")
	if !r.OK() || r.Images.Rendered != 1 || r.Checks.Rerun == 0 {
		t.Fatalf("card edit: %q images %+v checks %+v", r.Errors, r.Images, r.Checks)
	}

	// A broken save: errors with positions, watch keeps going.
	good := replaced(t, dir, "cards/raiders.cue", "rewired for plunder", "rewired for plunder")
	atomicSave(t, dir, "cards/raiders.cue", replaced(t, dir, "cards/raiders.cue", "\tspeed:  3\n\trun:    1\n\taccuracy: {near: 4, far: 6}", "\tspeed:  \"fast\"\n\trun:    1\n\taccuracy: {near: 4, far: 6}"))
	r = s.next("cards/raiders.cue")
	if r.OK() || !strings.HasPrefix(r.Errors[0], "content/cards/raiders.cue:19:10: ") {
		t.Fatalf("broken save: %q", r.Errors)
	}

	// The fix: back to the last good catalog.
	atomicSave(t, dir, "cards/raiders.cue", good)
	r = s.next("cards/raiders.cue")
	if !r.OK() || !r.Unchanged {
		t.Fatalf("fix: ok=%v unchanged=%v %q", r.OK(), r.Unchanged, r.Errors)
	}

	// Rename a file: same content, nothing to rebuild.
	if err := os.Rename(filepath.Join(dir, "cards", "vocations.cue"), filepath.Join(dir, "cards", "jobs.cue")); err != nil {
		t.Fatal(err)
	}
	r = s.next("cards/jobs.cue", "cards/vocations.cue")
	if !r.OK() || !r.Unchanged {
		t.Fatalf("rename: ok=%v unchanged=%v %q", r.OK(), r.Unchanged, r.Errors)
	}

	// A new folder with a new card, then its deletion.
	if err := os.MkdirAll(filepath.Join(dir, "cards", "extra"), 0o755); err != nil {
		t.Fatal(err)
	}
	atomicSave(t, dir, "cards/extra/scout.cue", []byte(extraCard))
	r = s.next("cards/extra/scout.cue")
	if !r.OK() || r.Images.Rendered != 2 || !strings.Contains(r.Summary, "17 Characters") {
		t.Fatalf("new card: %q images %+v %s", r.Errors, r.Images, r.Summary)
	}
	if err := os.Remove(filepath.Join(dir, "cards", "extra", "scout.cue")); err != nil {
		t.Fatal(err)
	}
	r = s.next("cards/extra/scout.cue")
	if !r.OK() || !strings.Contains(r.Summary, "16 Characters") {
		t.Fatalf("card deleted: %q %s", r.Errors, r.Summary)
	}
	if _, err := os.Stat(filepath.Join(out, "site", "en", "cards", "zz-watch-test-scout")); err == nil {
		t.Fatal("the deleted card's page is still there")
	}

	// Hostile content: minutes of evaluation, stopped at the budget.
	loader.limit.Store(int64(limit))
	// r.Budget is set by the worker's timer only (its CPU-time backstop
	// reports a failed evaluation), so no wall-clock bound is needed.
	atomicSave(t, dir, "cards/slow.cue", []byte(slowCUE))
	r = s.next("cards/slow.cue")
	if r.Budget == nil || r.Budget.Resource != budget.Time {
		t.Fatalf("slow content: budget %v, errors %q", r.Budget, r.Errors)
	}
	var b bytes.Buffer
	r.Format(&b, false)
	if !strings.Contains(b.String(), "evaluation took too long (over 3s): cards/slow.cue") {
		t.Errorf("report:\n%s", b.String())
	}

	// The next good save rebuilds normally.
	loader.limit.Store(int64(time.Minute))
	atomicSave(t, dir, "cards/slow.cue", []byte("package warbound\n\nstrings: \"watch-test\": {en: \"Watch\", fr: \"Guet\"}\n"))
	r = s.next("cards/slow.cue")
	if !r.OK() || r.Unchanged || r.Images.Rendered != 0 {
		t.Fatalf("good save after slow content: ok=%v unchanged=%v %q images %+v", r.OK(), r.Unchanged, r.Errors, r.Images)
	}
	catalogJSON, err := os.ReadFile(filepath.Join(out, "data", "catalog.json"))
	if err != nil || !bytes.Contains(catalogJSON, []byte(`"watch-test"`)) {
		t.Fatalf("catalog.json lacks the new string: %v", err)
	}

	// Nothing else pending: no duplicate rebuild.
	select {
	case r := <-s.reports:
		t.Fatalf("unexpected report %d for %q", r.Seq, r.Changed)
	case <-time.After(4 * testDebounce):
	}
}

// slowCUE makes CUE evaluate for minutes (reliability notes 0.4).
const slowCUE = "package warbound\n\nimport \"list\"\n\nstrings: \"slow\": {en: \"\\(len([for i in list.Range(0, 3000, 1) for j in list.Range(0, 3000, 1) {i}]))\", fr: \"x\"}\n"

// switchableLoader is a worker loader whose time budget the test changes
// between saves.
type switchableLoader struct {
	Worker
	limit atomic.Int64
}

func (l *switchableLoader) LoadContent(ctx context.Context) (budget.Loaded, error) {
	l.W.Runner.Limits.Time = time.Duration(l.limit.Load())
	return l.Worker.LoadContent(ctx)
}
