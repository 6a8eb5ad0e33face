package warstuff_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/build"
	_ "wbtool.dev/wbtool/build/warstuff"
	starter "wbtool.dev/wbtool/content/warstuff"
)

// starterTree is the embedded Warstuff starter tree, with the check games
// that still wait in the engine's testdata (until they move into it).
func starterTree(t *testing.T) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(starter.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(starter.FS, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../engine/warstuff/testdata/checks/*.cue")
	for _, f := range more {
		if _, dup := m["scenarios/checks/"+filepath.Base(f)]; dup {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m["scenarios/checks/engine-"+filepath.Base(f)] = &fstest.MapFile{Data: b}
	}
	return m
}

// TestStarterVerdict: the Warstuff starter goes through build.Run like
// Warbound's: no diagnostics, its check games played by the engine, data
// written.
func TestStarterVerdict(t *testing.T) {
	res, err := build.Run(context.Background(), build.Options{Content: starterTree(t), Root: "content/warstuff", Stages: []build.Stage{build.Load, build.Checks, build.Data}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		t.Fatalf("diagnostics:\n%s", res.Diagnostics.Text())
	}
	if res.Game != "warstuff" || res.Catalog != nil || res.Content == nil {
		t.Fatalf("game %q, Warbound catalog %v", res.Game, res.Catalog != nil)
	}
	passed, failed := res.CheckCounts()
	if passed == 0 || failed != 0 {
		t.Errorf("check games: %d passed, %d failed", passed, failed)
	}
	if !strings.Contains(res.Summary(), "13 profiles") {
		t.Errorf("summary %q", res.Summary())
	}
	if b := res.Outputs[build.DataDir][build.CatalogFile]; !strings.Contains(string(b), `"cost": 19`) {
		t.Errorf("data/catalog.json lacks the Storm Seer's cost")
	}
}

// TestFailingCheck: a check game the engine refuses is an error at the
// check, and counts as failed.
func TestFailingCheck(t *testing.T) {
	m := starterTree(t)
	m["scenarios/checks/broken.cue"] = &fstest.MapFile{Data: []byte("package warstuff\n\nchecks: broken: {rules: [\"WS-QUAL-2\"], figures: [{id: \"a\", side: \"red\", profile: \"nobody\", at: [1, 1]}], script: []}\n")}
	res, err := build.Run(context.Background(), build.Options{Content: m, Root: "ws", Stages: []build.Stage{build.Load, build.Checks}})
	if err != nil {
		t.Fatal(err)
	}
	if _, failed := res.CheckCounts(); failed == 0 && !res.Diagnostics.HasErrors(false) {
		t.Fatalf("a broken check game passed: %s", res.Diagnostics.Text())
	}
	if !strings.Contains(res.Diagnostics.Text(), "ws/scenarios/checks/broken.cue:3:") {
		t.Errorf("error not at the check game:\n%s", res.Diagnostics.Text())
	}
}
