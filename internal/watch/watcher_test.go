package watch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"testing"
	"time"
)

// testDebounce is short to keep the tests fast; the editor patterns below
// still finish well within it.
const testDebounce = 60 * time.Millisecond

// recorder runs Run in the background and records its batches.
type recorder struct {
	t       *testing.T
	dir     string
	batches chan []string
	gate    chan struct{} // when non-nil, each build waits for a token
	cancel  context.CancelFunc
	stopped chan error
}

func startWatch(t *testing.T, dir string, opt Options, gated bool) *recorder {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &recorder{t: t, dir: dir, batches: make(chan []string, 100), cancel: cancel, stopped: make(chan error, 1)}
	if gated {
		r.gate = make(chan struct{}, 100)
	}
	if opt.Debounce == 0 {
		opt.Debounce = testDebounce
	}
	opt.OnError = func(err error) { t.Errorf("watch error: %v", err) }
	go func() {
		r.stopped <- Run(ctx, dir, opt, func(ctx context.Context, changed []string) {
			r.batches <- changed
			if r.gate != nil {
				select {
				case <-r.gate:
				case <-ctx.Done():
				}
			}
		})
	}()
	t.Cleanup(r.stop)
	if got := r.next(); !reflect.DeepEqual(got, []string{Everything}) {
		t.Fatalf("first build got %q, want [.]", got)
	}
	return r
}

func (r *recorder) stop() {
	r.cancel()
	if err := <-r.stopped; err != nil {
		r.t.Errorf("Run: %v", err)
	}
	r.stopped <- nil
}

// next waits for the next batch (no deadline: go test's -timeout ends a
// wait that never ends).
func (r *recorder) next() []string {
	return <-r.batches
}

// none asserts that no batch comes within a few debounce periods.
func (r *recorder) none() {
	r.t.Helper()
	select {
	case b := <-r.batches:
		r.t.Fatalf("unexpected rebuild for %q", b)
	case <-time.After(4 * testDebounce):
	}
}

func (r *recorder) write(rel, text string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *recorder) rename(from, to string) {
	r.t.Helper()
	if err := os.Rename(filepath.Join(r.dir, filepath.FromSlash(from)), filepath.Join(r.dir, filepath.FromSlash(to))); err != nil {
		r.t.Fatal(err)
	}
}

func (r *recorder) remove(rel string) {
	r.t.Helper()
	if err := os.RemoveAll(filepath.Join(r.dir, filepath.FromSlash(rel))); err != nil {
		r.t.Fatal(err)
	}
}

func want(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("rebuild for %q, want %q", got, want)
	}
}

func newTree(t *testing.T) string {
	dir := t.TempDir()
	for _, f := range []string{"cards/a.cue", "cards/b.cue", "rules/en/intro.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package warbound\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestWatchEditorPatterns saves files the ways editors do and checks that
// each save gives exactly one rebuild naming exactly the saved files.
func TestWatchEditorPatterns(t *testing.T) {
	r := startWatch(t, newTree(t), Options{}, false)

	// Plain write.
	r.write("cards/a.cue", "package warbound\n// 1\n")
	want(t, r.next(), "cards/a.cue")

	// Atomic save: temp file in the same folder, then rename over.
	r.write("cards/.a.cue.tmp123", "package warbound\n// 2\n")
	r.rename("cards/.a.cue.tmp123", "cards/a.cue")
	want(t, r.next(), "cards/a.cue")

	// Another atomic-save naming: a.cue.tmp.
	r.write("cards/a.cue.tmp", "package warbound\n// 3\n")
	r.rename("cards/a.cue.tmp", "cards/a.cue")
	want(t, r.next(), "cards/a.cue")

	// vim with backupcopy=no: rename to a backup, write anew, drop the backup.
	r.rename("cards/b.cue", "cards/b.cue~")
	r.write("cards/4913", "")
	r.remove("cards/4913")
	r.write("cards/b.cue", "package warbound\n// vim\n")
	r.remove("cards/b.cue~")
	want(t, r.next(), "cards/b.cue")

	// Swap files and emacs lock files alone change nothing.
	r.write("cards/.b.cue.swp", "x")
	r.write("cards/.#b.cue", "x")
	r.write("cards/notes.txt", "x")
	r.none()

	// Chmod only: ignored.
	if err := os.Chmod(filepath.Join(r.dir, "cards", "a.cue"), 0o600); err != nil {
		t.Fatal(err)
	}
	r.none()

	// Rules pages count.
	r.write("rules/en/intro.md", "# Intro\n")
	want(t, r.next(), "rules/en/intro.md")
}

// TestWatchTreeChanges creates, renames and deletes files and folders.
func TestWatchTreeChanges(t *testing.T) {
	r := startWatch(t, newTree(t), Options{}, false)

	// A new folder with files: watched, and its files count at once.
	r.write("scenarios/checks/deep/c.cue", "package warbound\n")
	want(t, r.next(), "scenarios/checks/deep/c.cue")
	// ... and later writes inside it are seen.
	r.write("scenarios/checks/deep/c.cue", "package warbound\n// again\n")
	want(t, r.next(), "scenarios/checks/deep/c.cue")

	// Rename a file: both names changed.
	r.rename("cards/b.cue", "cards/c.cue")
	want(t, r.next(), "cards/b.cue", "cards/c.cue")

	// Delete a file.
	r.remove("cards/c.cue")
	want(t, r.next(), "cards/c.cue")

	// Delete and recreate at once (some editors save so): one rebuild.
	r.remove("cards/a.cue")
	r.write("cards/a.cue", "package warbound\n// recreated\n")
	want(t, r.next(), "cards/a.cue")

	// Rename a folder: the old folder and the files of the new one.
	r.rename("scenarios/checks/deep", "scenarios/checks/moved")
	want(t, r.next(), "scenarios/checks/deep", "scenarios/checks/moved/c.cue")
	r.write("scenarios/checks/moved/c.cue", "package warbound\n// moved\n")
	want(t, r.next(), "scenarios/checks/moved/c.cue")

	// Delete a folder.
	r.remove("scenarios/checks/moved")
	got := r.next()
	if len(got) == 0 || !strings.HasPrefix(got[0], "scenarios/checks/moved") {
		t.Fatalf("rebuild for %q, want the removed folder", got)
	}
	r.none()
}

// TestWatchBurst: 500 quick writes collapse into a bounded number of
// rebuilds (one, unless the machine stalls for a whole debounce period in
// the middle of the burst), naming both files and nothing else. What is
// promised is that writes closer than the debounce period share a
// rebuild: each stall the writing loop itself sees (a gap of half the
// period or more between two writes, on a loaded machine) may add one.
func TestWatchBurst(t *testing.T) {
	r := startWatch(t, newTree(t), Options{Debounce: DefaultDebounce}, false)
	stalls := 0
	last := time.Now()
	for i := range 500 {
		r.write([]string{"cards/a.cue", "cards/b.cue"}[i%2], strings.Repeat("x", i))
		now := time.Now()
		if now.Sub(last) >= DefaultDebounce/2 {
			stalls++
		}
		last = now
	}
	seen := map[string]bool{}
	n := 0
	add := func(b []string) {
		n++
		for _, p := range b {
			seen[p] = true
		}
	}
	// The burst's rebuilds come however busy the machine is: wait for
	// both files (no deadline), then for any batch still on its way (a
	// window that load can only make pass).
	for !seen["cards/a.cue"] || !seen["cards/b.cue"] {
		add(r.next())
	}
	for {
		select {
		case b := <-r.batches:
			add(b)
			continue
		case <-time.After(3 * DefaultDebounce):
		}
		break
	}
	t.Logf("500 writes gave %d rebuilds, %d stalls of the writing loop", n, stalls)
	if n < 1 || n > 3+stalls {
		t.Errorf("500 writes gave %d rebuilds, want 1 to %d (3, and one per stall of the writing loop)", n, 3+stalls)
	}
	if !reflect.DeepEqual(seen, map[string]bool{"cards/a.cue": true, "cards/b.cue": true}) {
		t.Errorf("rebuilds named %v", seen)
	}
}

// TestWatchSingleFlight: changes made while a build runs give exactly one
// more build, after it, with all of them.
func TestWatchSingleFlight(t *testing.T) {
	r := startWatch(t, newTree(t), Options{}, true)
	r.gate <- struct{}{} // let the first build finish
	r.write("cards/a.cue", "1")
	want(t, r.next(), "cards/a.cue") // this build now blocks on the gate
	r.write("cards/b.cue", "2")
	time.Sleep(2 * testDebounce) // the debounce expires during the build
	r.write("cards/a.cue", "3")
	r.write("rules/en/intro.md", "4")
	select {
	case b := <-r.batches:
		t.Fatalf("a build started during another: %q", b)
	case <-time.After(3 * testDebounce):
	}
	r.gate <- struct{}{}
	want(t, r.next(), "cards/a.cue", "cards/b.cue", "rules/en/intro.md")
	r.gate <- struct{}{}
	r.none()
}

// TestWatchSkipsOutputFolder: an output folder inside the content tree
// never triggers a rebuild (no build loop).
func TestWatchSkipsOutputFolder(t *testing.T) {
	dir := newTree(t)
	out := filepath.Join(dir, "dist")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	r := startWatch(t, dir, Options{Skip: []string{out}}, false)
	r.write("dist/site/x.md", "x")
	r.write("dist/data/catalog.cue", "x")
	r.none()
	r.write("cards/a.cue", "x")
	want(t, r.next(), "cards/a.cue")
}

// TestWatchManyRounds saves 50 times in a row, waiting for each rebuild:
// no event is lost and none is doubled.
func TestWatchManyRounds(t *testing.T) {
	r := startWatch(t, newTree(t), Options{}, false)
	for i := range 50 {
		name := []string{"cards/a.cue", "cards/b.cue"}[i%2]
		r.write(name+".tmp", "package warbound\n// "+strings.Repeat("x", i)+"\n")
		r.rename(name+".tmp", name)
		want(t, r.next(), name)
	}
	r.none()
}

func TestWatchMissingFolder(t *testing.T) {
	err := Run(context.Background(), filepath.Join(t.TempDir(), "nope"), Options{}, func(context.Context, []string) {})
	if err == nil {
		t.Fatal("watching a missing folder succeeded")
	}
}

func TestRelevant(t *testing.T) {
	for _, c := range []struct {
		rel  string
		want bool
	}{
		{"cards/a.cue", true},
		{"rules/en/intro.md", true},
		{"a.cue", true},
		{"cards/.a.cue.swp", false},
		{"cards/a.cue~", false},
		{"cards/.#a.cue", false},
		{"cards/#a.cue#", false},
		{"cards/a.cue.tmp", false},
		{"cards/_draft.cue", false},
		{"cards/4913", false},
		{"cards/a.txt", false},
		{"i18n/translations.lock", true},
		{"cards/translations.lock", false},
		{".git/config", false},
		{".git/x.cue", false},
		{"_old/x.cue", false},
	} {
		if got := Relevant(c.rel); got != c.want {
			t.Errorf("Relevant(%q) = %v, want %v", c.rel, got, c.want)
		}
	}
}

func TestWatchLimitHint(t *testing.T) {
	for _, c := range []struct {
		err  string
		hint bool
	}{
		{"no space left on device", true},
		{"too many open files", true},
		{"permission denied", false},
	} {
		got := watchLimitHint(errors.New(c.err))
		if (got != "") != c.hint || c.hint && !strings.Contains(got, "fs.inotify.max_user_watches") {
			t.Errorf("watchLimitHint(%q) = %q", c.err, got)
		}
	}
}
