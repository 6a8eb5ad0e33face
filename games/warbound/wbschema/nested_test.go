package wbschema

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbgen"
)

// TestNestedTreeIsSkipped: a folder with its own game.cue is another
// content tree; Warbound's loader does not read its files.
func TestNestedTreeIsSkipped(t *testing.T) {
	files := wbgen.Tree(wbgen.Options{Characters: 2})
	files["warstuff/game.cue"] = []byte("package warstuff\n\ngame: \"warstuff\"\n")
	files["warstuff/cards/profiles.cue"] = []byte("package warstuff\n\nprofiles: x: {quality: 4}\n")
	files["game.cue"] = []byte("package warbound\n\ngame: \"warbound\"\n")
	if _, err := Load(mapFS(files), Options{Root: "content"}); err != nil {
		t.Fatalf("a nested Warstuff tree broke the Warbound load: %v", err)
	}
	// Without its game.cue, the folder is part of the tree, and its
	// files are Warbound content (wrong here).
	delete(files, "warstuff/game.cue")
	if _, err := Load(mapFS(files), Options{Root: "content"}); err == nil || !strings.Contains(err.Error(), "package warbound") {
		t.Fatalf("want the stray warstuff file reported, got %v", err)
	}
}
