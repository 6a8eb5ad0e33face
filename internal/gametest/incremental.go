package gametest

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/internal/watch"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// incremental is watch's session on the starter, for every game: its
// first build, a valid edit and a save that changes nothing each write
// what a full build writes, byte for byte. A game whose content is
// incremental (ruleset.Incremental) must give an edit (Game.Edit) and
// replay no check game on a save that changes nothing; another game is
// rebuilt whole, with the same outputs.
func (s *suite) incremental(t *testing.T, base fstest.MapFS, built *incrementalStart) {
	ctx := context.Background()
	tree := clone(base) // the session reads this map: edits show through
	out := t.TempDir()
	sess := watch.NewSession(watch.Config{Loader: watch.InProcess{FS: tree, Root: s.g.Root}, ContentFS: tree,
		Root: s.g.Root, Out: out, Outputs: watch.AllOutputs, Version: "test"})
	// same compares the session's outputs with build, a full build of
	// the tree as it is.
	same := func(t *testing.T, r *watch.Report, build *pipeline.Result) {
		t.Helper()
		if !r.OK() {
			t.Fatalf("the session's rebuild fails: %q %q %q", r.Errors, r.OutputErrors, r.Checks.Failures)
		}
		full := t.TempDir()
		publish(t, full, build)
		if n := sameTrees(t, out, full); n == 0 {
			t.Fatal("the build wrote no file")
		}
	}
	first := sess.Rebuild(ctx, []string{watch.Everything})
	same(t, first, built.result)
	_, incremental := built.content.(ruleset.Incremental)
	e := s.g.Edit
	if e.File == "" {
		if incremental {
			t.Fatal("the game's content is incremental (ruleset.Incremental) and the game gives no edit (Game.Edit)")
		}
		return
	}
	f, ok := tree[e.File]
	if !ok || !strings.Contains(string(f.Data), e.Old) {
		t.Fatalf("%s: %s no longer holds %q: update the edit", e.Name, e.File, e.Old)
	}
	tree[e.File] = &fstest.MapFile{Data: []byte(strings.Replace(string(f.Data), e.Old, e.New, 1))}
	r := sess.Rebuild(ctx, []string{e.File})
	edited := s.build(t, tree, false)
	same(t, r, edited)
	if incremental && e.Want != "" && !strings.Contains(strings.Join(r.Changes, "\n"), e.Want) {
		t.Errorf("%s: changed: %q, want a line holding %q", e.Name, r.Changes, e.Want)
	}
	again := sess.Rebuild(ctx, []string{e.File})
	same(t, again, edited)
	if incremental && (!again.Unchanged || again.Checks.Rerun != 0 || again.Checks.Reused != first.Checks.Passed) {
		t.Errorf("a save that changes nothing: unchanged %v, checks %+v; want every check game reused", again.Unchanged, again.Checks)
	}
}

// incrementalStart is what the incremental test needs of the starter's
// build: its content and its result (a full build of the starter).
type incrementalStart struct {
	content ruleset.Content
	result  *pipeline.Result
}
