package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/diag"
)

func TestGame(t *testing.T) {
	tests := []struct {
		name, src, want, err string
	}{
		{"no game.cue", "", "", ""},
		{"warbound", "package warbound\n\ngame: \"warbound\"\n", "warbound", ""},
		{"warstuff", "package warstuff\n\n// the game\ngame: \"warstuff\"\n", "warstuff", ""},
		{"unknown name is read as written", "package x\ngame: \"chess\"\n", "chess", ""},
		{"no game field", "package warbound\n\nglossary: {}\n", "", ""},
		{"not a string", "package warstuff\ngame: 3\n", "", "game.cue:2:7: game: expected the game's name as a plain string"},
		{"does not parse: its loader says why", "package warbound\ngame: \"warstuff\"\nx: {\n", "", ""},
		{"an expression", "package warstuff\ngame: \"war\" + \"stuff\"\n", "", "game.cue:2:7: game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{}
			if tt.src != "" {
				files[GameFile] = &fstest.MapFile{Data: []byte(tt.src)}
			}
			game, _, err := Game(files, "")
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
