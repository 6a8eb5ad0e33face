package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestEveryCommandEveryGame is the conformance suite's smoke run of every
// command (issue 27 item 5), over every registered game with a starter:
// `wbtool init --example full` writes the game's whole starter, then each
// command runs on it in-process and must succeed, and the commands whose
// output is the content's alone (validate, check, play, sim, diff, i18n)
// must say the same thing twice. watch and serve run until stopped: their
// testscripts and the watch conformance cover them. The starter and its
// build with the TTS decks are builtStarter's, shared with
// TestNoOutputHoldsTheBuildPath; the commands that write after it write
// to a folder of their own, as that test reads the build meanwhile.
func TestEveryCommandEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds, prints and exports each game's starter")
	}
	t.Parallel()
	games := ruleset.Starters()
	if len(games) < 2 {
		t.Fatalf("starters of %v: want every game", games)
	}
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			sb := builtStarter(t, game) // init, build --export tts
			content := sb.content
			if _, err := os.Stat(filepath.Join(content, "game.cue")); err != nil {
				t.Fatalf("init wrote no content/game.cue: %v", err)
			}
			if _, err := os.Stat(filepath.Join(sb.out, pipeline.ExportDir, pipeline.TTSDir)); err != nil {
				t.Fatalf("build --export tts wrote no TTS folder: %v", err)
			}
			deck := firstDeck(t, content)
			out := filepath.Join(t.TempDir(), "dist")
			c := []string{"--content", content}
			o := append([]string{"--out", out}, c...)
			commands := [][]string{
				append([]string{"validate"}, c...),
				append([]string{"check"}, c...),
				append([]string{"build", "--since", content}, o...),
				append([]string{"print"}, o...),
				append([]string{"print", "--deck", deck, "--lang", "en", "--paper", "letter"}, o...),
				append([]string{"export", "png", "--profile", "tgc", "--deck", deck, "--lang", "en"}, o...),
				append([]string{"export", "tts", "--deck", deck, "--lang", "fr"}, o...),
				append([]string{"deck", "check", deck}, c...),
				append([]string{"play", "--seed", "3"}, c...),
				append([]string{"sim", "--games", "4", "--seed", "3", "--bot", "random"}, c...),
				append([]string{"balance", "--games", "1", "--bot", "random", "--seed", "3"}, o...),
				append([]string{"i18n"}, c...),
				append([]string{"diff", content, content}, c...),
			}
			same := map[string]bool{"validate": true, "check": true, "play": true, "sim": true, "i18n": true, "diff": true}
			for _, args := range commands {
				code, stdout, stderr := runIn(t, args...)
				if code != 0 {
					t.Errorf("wbtool %s exits %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, stdout, stderr)
					continue
				}
				if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic") {
					t.Errorf("wbtool %s: a Go trace on stderr:\n%s", strings.Join(args, " "), stderr)
				}
				if same[args[0]] {
					if _, again, _ := runIn(t, args...); again != stdout {
						t.Errorf("wbtool %s says something else the second time:\n%s\n---\n%s", strings.Join(args, " "), stdout, again)
					}
				}
			}
		})
	}
}

// runIn runs wbtool in-process and returns its exit code, stdout and
// stderr.
func runIn(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// firstDeck is the first deck (or band) the tree's game lists.
func firstDeck(t *testing.T, content string) string {
	t.Helper()
	r, err := pipeline.Run(context.Background(), pipeline.Options{Content: os.DirFS(content), Root: "content", Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil || r.Content == nil {
		t.Fatalf("the starter does not load: %v", err)
	}
	dc, ok := r.Content.(ruleset.DeckChecker)
	if !ok {
		t.Fatalf("%T has no decks", r.Content)
	}
	ids := dc.DeckIDs("")
	if len(ids) == 0 {
		t.Fatal("the starter has no deck")
	}
	return ids[0]
}
