package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/internal/watch/livereload"
	"wbtool.dev/wbtool/site/serve"
)

// syncBuffer is a log the watch goroutine writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestPreviewWatch runs what `wbtool serve` runs on a content folder: a
// good build is swapped in with the live-reload script, a broken save
// turns every page into the error report, the fix brings the site back.
func TestPreviewWatch(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	// The evaluation child is found as serve finds it (selfExecutable):
	// here the wbtool the test harness puts on the PATH.
	base, err := filepath.Abs("testdata/base")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "content")
	if err := copyTree(base, dir); err != nil {
		t.Fatal(err)
	}

	lr := livereload.New()
	defer lr.Close()
	h := &serve.Handler{}
	srv := lr.Wrap(h)
	var log syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	ready := make(chan struct{})
	go func() {
		done <- previewWatch(ctx, &globalFlags{content: dir}, lr, h.Set, &log, previewOptions{
			debounce: 50 * time.Millisecond,
			ready:    ready,
		})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("previewWatch: %v", err)
		}
	}()

	get := func() *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Host = "127.0.0.1:8080"
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		return w
	}
	// waitFor polls the site until ok holds: no deadline (a busy
	// machine only makes the wait longer; go test's -timeout ends a
	// wait that never does). what is for the reader of a hung test.
	waitFor := func(what string, ok func(w *httptest.ResponseRecorder) bool) *httptest.ResponseRecorder {
		t.Helper()
		for {
			if w := get(); ok(w) {
				return w
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	<-ready
	w := get()
	if w.Code != http.StatusOK {
		t.Fatalf("after the first build: %d %q", w.Code, w.Body.String())
	}
	if !strings.Contains(w.Body.String(), livereload.ScriptPath) {
		t.Errorf("the page does not load the live-reload script")
	}
	if !strings.Contains(w.Header().Get("Content-Security-Policy"), "connect-src 'self'") {
		t.Errorf("policy %q lets no event stream through", w.Header().Get("Content-Security-Policy"))
	}

	bad := []byte("package warbound\n\ncharacters: \"grunt\": {\n\tname: {en: \"Grunt\", fr: \"Sbire\"}\n\tfaction: \"raiders\"\n\tattack: \"5+\"\n}\n")
	if err := os.WriteFile(filepath.Join(dir, "cards", "bad.cue"), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	w = waitFor("broken save", func(w *httptest.ResponseRecorder) bool { return w.Code == http.StatusInternalServerError })
	if !strings.Contains(w.Body.String(), "cards/bad.cue:6:10") || !strings.Contains(w.Body.String(), livereload.ScriptPath) {
		t.Errorf("error page: %q", w.Body.String())
	}

	if err := os.Remove(filepath.Join(dir, "cards", "bad.cue")); err != nil {
		t.Fatal(err)
	}
	waitFor("fix", func(w *httptest.ResponseRecorder) bool { return w.Code == http.StatusOK })
	if !strings.Contains(log.String(), "[3] cards/bad.cue") {
		t.Errorf("log:\n%s", log.String())
	}
}

// TestSelfExecutableInTests: a Go test binary running wbtool in-process
// evaluates content with the wbtool the test harness put on the PATH, not
// with itself (which would run the tests).
func TestSelfExecutableInTests(t *testing.T) {
	exe, err := selfExecutable()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(exe) != "wbtool" {
		t.Fatalf("selfExecutable() = %s, want the harness's wbtool", exe)
	}
}

// TestHookScriptHasGit: the hook testscript (hook_commit.txtar) skips
// without git; under WBTOOL_REQUIRE_TOOLS=1 (CI) a missing git fails here.
func TestHookScriptHasGit(t *testing.T) {
	testtool.Require(t, "git")
	if _, err := os.Stat("testdata/script/hook_commit.txtar"); err != nil {
		t.Fatal(err)
	}
}
