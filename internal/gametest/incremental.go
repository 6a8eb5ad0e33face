package gametest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/watch"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// incremental is watch's session on the starter, for every game: its
// first build, a valid edit and a save that changes nothing each write
// what a full build writes, byte for byte. A game whose content is
// incremental (ruleset.Incremental) must give an edit (Game.Edit) and
// replay no check game on a save that changes nothing; another game is
// rebuilt whole, with the same outputs. The session loads the tree as
// watch and serve do, in their evaluation process (package
// internal/budget): the content travels encoded by its game
// (ruleset.Portable), so a game that cannot travel fails here.
func (s *suite) incremental(t *testing.T, base fstest.MapFS, built *incrementalStart) {
	ctx := context.Background()
	tree := clone(base) // the session reads this map: edits show through
	dir := t.TempDir()  // and the evaluation reads this folder: edits are written to both
	if err := os.CopyFS(dir, tree); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	sess := watch.NewSession(watch.Config{Loader: evaluation{budget.Request{Dir: dir, Root: s.g.Root}, schema.NewCache()}, ContentFS: tree,
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
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(e.File)), tree[e.File].Data, 0o644); err != nil {
		t.Fatal(err)
	}
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

// evaluation loads the content as watch's worker does (budget.LoadHere,
// with a cache kept between loads), in this process.
type evaluation struct {
	req   budget.Request
	cache *schema.Cache
}

// LoadContent implements watch.Loader.
func (l evaluation) LoadContent(context.Context) (budget.Loaded, error) {
	return budget.LoadHere(l.req, l.cache)
}

// incrementalStart is what the incremental test needs of the starter's
// build: its content and its result (a full build of the starter).
type incrementalStart struct {
	content ruleset.Content
	result  *pipeline.Result
}
