package schema

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/gen"
)

func TestGame(t *testing.T) {
	tests := []struct {
		name, src, want, err string
	}{
		{"no game.cue", "", "warbound", ""},
		{"warbound", "package warbound\n\ngame: \"warbound\"\n", "warbound", ""},
		{"warstuff", "package warstuff\n\n// the game\ngame: \"warstuff\"\n", "warstuff", ""},
		{"unknown name is read as written", "package x\ngame: \"chess\"\n", "chess", ""},
		{"no game field", "package warbound\n\nglossary: {}\n", "warbound", ""},
		{"not a string", "package warstuff\ngame: 3\n", "", "game.cue:2:7: game: expected the game's name as a plain string"},
		{"an expression", "package warstuff\ngame: \"war\" + \"stuff\"\n", "", "game.cue:2:7: game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string][]byte{}
			if tt.src != "" {
				files[GameFile] = []byte(tt.src)
			}
			game, _, err := Game(mapFS(files), "")
			if tt.err != "" {
				list, ok := err.(diag.List)
				if !ok || !strings.HasPrefix(list.Text(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || game != tt.want {
				t.Errorf("Game = %q, %v; want %q", game, err, tt.want)
			}
		})
	}
}

// TestNestedTreeIsSkipped: a folder with its own game.cue is another
// content tree; Warbound's loader does not read its files.
func TestNestedTreeIsSkipped(t *testing.T) {
	files := gen.Tree(gen.Options{Characters: 2})
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
