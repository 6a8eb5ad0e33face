package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfrontationPlaySim: play and sim take --format confrontation (the
// content's sample Confrontation decks by default) and --maintenance; a
// Confrontation log with Maintenance replays identically; Maintenance in
// Exploration is a usage error.
func TestConfrontationPlaySim(t *testing.T) {
	log := filepath.Join(t.TempDir(), "game.jsonl")
	var out, errw bytes.Buffer
	args := []string{"play", "--format", "confrontation", "--maintenance", "--seed", "5", "--log", log}
	if code := run(context.Background(), args, &out, &errw); code != 0 || !strings.Contains(out.String(), "seed 5:") {
		t.Fatalf("play: exit %d: %s%s", code, out.String(), errw.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"play", "--replay", log}, &out, &errw); code != 0 || !strings.Contains(out.String(), "replayed identically") {
		t.Fatalf("replay: exit %d: %s%s", code, out.String(), errw.String())
	}
	out.Reset()
	args = []string{"sim", "--format", "confrontation", "--scenario", "crossroads-relay", "--games", "60", "--no-progress"}
	if code := run(context.Background(), args, &out, &errw); code != 0 ||
		!strings.Contains(out.String(), "6 pairings,") || !strings.Contains(out.String(), "on crossroads-relay: 10 games") {
		t.Fatalf("sim: exit %d: %s%s", code, out.String(), errw.String())
	}
	out.Reset()
	errw.Reset()
	if code := run(context.Background(), []string{"play", "--maintenance"}, &out, &errw); code != 2 || !strings.Contains(errw.String(), "R-TURN-7") {
		t.Fatalf("play --maintenance in Exploration: exit %d, want 2: %s", code, errw.String())
	}
}
