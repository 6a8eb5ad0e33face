package watch

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	_ "wbtool.dev/wbtool/build/warstuff"
)

// TestAnotherGame: watch rebuilds a Warstuff tree with the same pipeline
// and reports its verdict like a Warbound one: the outputs written when
// it is valid, the errors at their file:line:col when it is not.
func TestAnotherGame(t *testing.T) {
	tree := fstest.MapFS{}
	for _, name := range []string{"game.cue", "i18n/reminders.cue", "cards/profiles.cue", "scenarios/bands.cue"} {
		b, err := os.ReadFile(filepath.Join("../../content/warstuff", name))
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
