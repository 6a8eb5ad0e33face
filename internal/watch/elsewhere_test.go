package watch

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"wbtool.dev/wbtool/internal/dist"
)

// TestSessionAfterAnotherWriter: a build in another terminal writes the
// output folder between two rebuilds of watch; the next rebuild, whatever
// folders it changed, leaves outputs that are all watch's (equal to a
// fresh build of the edited content), never a mix of the two writers'.
func TestSessionAfterAnotherWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	ctx := context.Background()
	dir, out := starterTree(t), filepath.Join(t.TempDir(), "dist")
	s := newTestSession(dir, out)
	// control: the same edits without another writer
	control := newTestSession(dir, filepath.Join(t.TempDir(), "control"))
	for _, s := range []*Session{s, control} {
		if r := s.Rebuild(ctx, []string{Everything}); !r.OK() {
			t.Fatalf("first build: %q", r.Errors)
		}
	}

	// The other writer replaces the print folder.
	other, err := dist.Open(out, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Publish(dist.Update{Dir: "print", Files: dist.Files{"other.txt": []byte("another build's sheets")}}); err != nil {
		t.Fatal(err)
	}

	// An edit that changes no sheet: a check game's rule references.
	edit(t, dir, "scenarios/checks/act.cue", `rules: ["R-ACT-2"]`, `rules: ["R-ACT-2", "R-ACT-1"]`)
	r := s.Rebuild(ctx, []string{"scenarios/checks/act.cue"})
	if !r.OK() {
		t.Fatalf("edit: %q", r.Errors)
	}
	rc := control.Rebuild(ctx, []string{"scenarios/checks/act.cue"})
	for _, o := range rc.Outputs {
		if strings.HasPrefix(o, "print") {
			t.Fatalf("the edit rewrote the sheets (%q): the test proves nothing", rc.Outputs)
		}
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	if rf := newTestSession(dir, fresh).Rebuild(ctx, []string{Everything}); !rf.OK() {
		t.Fatalf("fresh build: %q", rf.Errors)
	}
	sameTree(t, out, fresh)
}
