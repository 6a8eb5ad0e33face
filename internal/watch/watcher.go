// Package watch is `wbtool watch`: it watches a content folder and, after
// every save, re-validates the content (in a child process with a time and
// memory budget, package budget), re-plays the check games the change can
// affect, rebuilds the outputs the change affects, and reports what
// happened.
//
// The pieces: [Run] turns file-system events into debounced batches of
// changed files and runs one rebuild at a time; a [Session] is the
// rebuild itself, with its content-addressed caches (card images, check
// results, output files) that make a one-card edit re-render one card;
// [Report] is what one rebuild did. Package livereload (a sub-package)
// holds what `wbtool serve` needs on top: the live-reload endpoint and the
// error page.
package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"wbtool.dev/wbtool/pipeline/ruleset"
)

// DefaultDebounce is the quiet time after the last event of a burst before
// a rebuild starts: an editor's save (temp file, rename, several events)
// settles well within it (notes/stack.md 5).
const DefaultDebounce = 150 * time.Millisecond

// Everything is the changed path reported when the watcher lost track of
// events (kernel queue overflow) or for the first build: every file may
// have changed.
const Everything = "."

// Options tune Run.
type Options struct {
	// Debounce is the quiet time before a rebuild; 0 means DefaultDebounce.
	Debounce time.Duration
	// Skip lists folders inside the content folder that are not content
	// (e.g. an output folder placed there): their events are ignored, so
	// writing outputs cannot trigger a rebuild loop.
	Skip []string
	// OnError receives watcher errors that do not stop the watch.
	OnError func(error)
}

// Build is one rebuild. changed lists the content files (slash paths
// relative to the content folder, sorted) that changed since the previous
// rebuild started; the first call gets [Everything].
type Build func(ctx context.Context, changed []string)

// Relevant reports whether a file of the content tree (slash path relative
// to it) is content that wbtool reads: .cue files anywhere, Markdown
// rules pages and the files a game watches besides (ruleset.Watched:
// Warbound's translations lock, which `wbtool i18n accept` changes to
// clear stale warnings and marks), but not editors' backup, swap and temporary
// files, nor the hidden and "_" files the loader skips.
func Relevant(rel string) bool {
	name := path.Base(rel)
	if ignoredName(name) {
		return false
	}
	for _, dir := range strings.Split(path.Dir(rel), "/") {
		if dir != "." && ignoredName(dir) {
			return false
		}
	}
	return strings.HasSuffix(name, ".cue") || strings.HasSuffix(name, ".md") || ruleset.WatchedFiles()[rel]
}

// ignoredName reports names the loader never reads and editors use for
// their temporary files: ".#x.cue", "x.cue~", ".x.cue.swp", "4913"
// (vim's probe), "#x.cue#", "x.cue.tmp", "_x.cue".
func ignoredName(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || strings.HasPrefix(name, "#") ||
		strings.HasSuffix(name, "~") || strings.HasSuffix(name, ".swp") || strings.HasSuffix(name, ".swx") ||
		strings.HasSuffix(name, ".tmp") || name == "4913"
}

// watcher is the state of one Run.
type watcher struct {
	dir  string
	opt  Options
	fsw  *fsnotify.Watcher
	dirs map[string]bool // watched folders, slash paths relative to dir
}

// Run watches the content folder dir and its subfolders (new ones
// included) and calls build once at the start and then after every burst
// of changes, once the folder has been quiet for the debounce time. Builds
// never overlap: changes made during a build are collected and give
// exactly one more build after it. Run returns nil when ctx is done (after
// the build in progress, if any, has returned), or an error if the folder
// cannot be watched.
func Run(ctx context.Context, dir string, opt Options, build Build) error {
	if opt.Debounce <= 0 {
		opt.Debounce = DefaultDebounce
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch %s: %w", dir, err)
	}
	defer fsw.Close()
	w := &watcher{dir: filepath.Clean(dir), opt: opt, fsw: fsw, dirs: map[string]bool{}}
	if _, err := w.addTree("."); err != nil {
		return err
	}

	pending := map[string]bool{Everything: true}
	quiet := true // the debounce time has passed since the last event
	building := false
	done := make(chan struct{}, 1)
	// finish waits for the build in progress: Run never returns while
	// one runs.
	finish := func() {
		if building {
			<-done
			building = false
		}
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	start := func() {
		batch := make([]string, 0, len(pending))
		for p := range pending {
			batch = append(batch, p)
		}
		sort.Strings(batch)
		if pending[Everything] {
			batch = []string{Everything}
		}
		clear(pending)
		building = true
		go func() {
			defer func() { done <- struct{}{} }()
			build(ctx, batch)
		}()
	}
	start()
	for {
		select {
		case <-ctx.Done():
			finish()
			return nil
		case <-done:
			building = false
			if quiet && len(pending) > 0 {
				start()
			}
		case <-timer.C:
			quiet = true
			if !building && len(pending) > 0 {
				start()
			}
		case ev, ok := <-fsw.Events:
			if !ok {
				finish()
				return nil
			}
			changed := w.event(ev)
			if len(changed) == 0 {
				continue
			}
			for _, p := range changed {
				pending[p] = true
			}
			quiet = false
			timer.Reset(opt.Debounce)
		case err, ok := <-fsw.Errors:
			if !ok {
				finish()
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: rebuild everything.
				pending[Everything] = true
				quiet = false
				timer.Reset(opt.Debounce)
			}
			if opt.OnError != nil {
				opt.OnError(err)
			}
		}
	}
}

// rel returns the slash path of name relative to the content folder, and
// false for anything outside it or in a skipped folder.
func (w *watcher) rel(name string) (string, bool) {
	r, err := filepath.Rel(w.dir, name)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	for _, s := range w.opt.Skip {
		if inside(name, s) {
			return "", false
		}
	}
	return filepath.ToSlash(r), true
}

func inside(name, dir string) bool {
	dir = filepath.Clean(dir)
	return name == dir || strings.HasPrefix(name, dir+string(filepath.Separator))
}

// event turns one file-system event into the content files it changed.
// Chmod is ignored (Spotlight, antivirus and backup tools send it all the
// time); a new folder is watched and scanned, since files created in it
// before the watch was added sent no event.
func (w *watcher) event(ev fsnotify.Event) []string {
	if ev.Op == fsnotify.Chmod {
		return nil
	}
	rel, ok := w.rel(ev.Name)
	if !ok || rel == "." {
		return nil
	}
	if ev.Has(fsnotify.Create) {
		if st, err := os.Lstat(ev.Name); err == nil && st.IsDir() {
			if ignoredName(path.Base(rel)) {
				return nil
			}
			files, err := w.addTree(rel)
			if err != nil && w.opt.OnError != nil {
				w.opt.OnError(err)
			}
			return files
		}
	}
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		if w.dirs[rel] {
			// A watched folder went away (or moved): whatever it held
			// changed. The kernel drops the watch of a deleted folder;
			// a moved one is found again by its Create.
			for d := range w.dirs {
				if d == rel || strings.HasPrefix(d, rel+"/") {
					delete(w.dirs, d)
					_ = w.fsw.Remove(filepath.Join(w.dir, filepath.FromSlash(d)))
				}
			}
			return []string{rel}
		}
	}
	if Relevant(rel) {
		return []string{rel}
	}
	return nil
}

// addTree watches folder rel and every folder below it, and returns the
// relevant files found in them.
func (w *watcher) addTree(rel string) ([]string, error) {
	var files []string
	root := filepath.Join(w.dir, filepath.FromSlash(rel))
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // vanished meanwhile: its removal sends its own event
		}
		r, ok := w.rel(p)
		if !ok {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if r != "." && ignoredName(d.Name()) {
				return filepath.SkipDir
			}
			if err := w.fsw.Add(p); err != nil {
				return fmt.Errorf("watch %s: %w%s", p, err, watchLimitHint(err))
			}
			w.dirs[r] = true
			return nil
		}
		if Relevant(r) {
			files = append(files, r)
		}
		return nil
	})
	return files, err
}

// watchLimitHint explains the errors of an exhausted inotify budget.
func watchLimitHint(err error) string {
	s := err.Error()
	if strings.Contains(s, "no space left on device") || strings.Contains(s, "too many open files") {
		return " (the system's limit of watched folders is reached: raise fs.inotify.max_user_watches, or watch a smaller folder)"
	}
	return ""
}
