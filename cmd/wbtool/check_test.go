package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCheckCommand runs `wbtool check` on the starter content plus a file
// with one passing and two failing check games: one line per failure with
// file:line, the step and expected vs actual; the last line counts; exit 1.
func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.cue")
	src := `package warbound

checks: "mine-passes": {
	hand:      "red"
	hourglass: "p1-run"
	sides: {
		red: {orders: {raiders: 3}, units: [{id: "a", profile: {accuracy: near: 7, dice: ranged: 3}, at: "C3"}]}
		blue: {units: [{id: "b", profile: {health: 4, morale: 6}, at: "C9"}]}
	}
	script: [
		{side: "red", unit: "a", space: "p1-shoot", do: [{shoot: "b"}], dice: [1, 4, 8]},
		{expect: units: b: {wounds: 1, stress: 2}},
	]
}

checks: "mine-wrong-expectation": {
	hand:      "red"
	hourglass: "p1-run"
	sides: {
		red: {orders: {raiders: 3}, units: [{id: "a", profile: {accuracy: near: 7, dice: ranged: 3}, at: "C3"}]}
		blue: {units: [{id: "b", profile: {health: 4, morale: 6}, at: "C9"}]}
	}
	script: [
		{side: "red", unit: "a", space: "p1-shoot", do: [{shoot: "b"}], dice: [1, 4, 8]},
		{expect: units: b: {wounds: 2}},
	]
}

checks: "mine-unused-dice": {
	hand:      "red"
	hourglass: "p1-run"
	sides: {
		red: {orders: {raiders: 3}, units: [{id: "a", profile: {accuracy: near: 7}, at: "C3"}]}
		blue: {units: [{id: "b", profile: {health: 4}, at: "C9"}]}
	}
	script: [
		{side: "red", unit: "a", space: "p1-shoot", do: [{shoot: "b"}], dice: [9, 9]},
	]
}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	code := run(context.Background(), []string{"check", "--coverage", file}, &out, &errw)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out.String(), errw.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !regexp.MustCompile(`^\d+ passed, 2 failed$`).MatchString(last) {
		t.Fatalf("last line %q", last)
	}
	body := errw.String() // failing checks are diagnostics, on stderr
	for _, want := range []string{
		filepath.ToSlash(file) + ":25:3: check mine-wrong-expectation: step 2 (expect): b.wounds: expected 2, got 1",
		"check mine-unused-dice: step 1 (activate a on p1-shoot): 1 forced dice left unused",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("output lacks %q:\n%s", want, body)
		}
	}
	if !strings.Contains(errw.String(), "coverage: 0 card texts the engine cannot execute, 0 cards without a check game") {
		t.Errorf("coverage report: %s", errw.String())
	}
	// The starter content alone passes.
	out.Reset()
	errw.Reset()
	if code := run(context.Background(), []string{"check"}, &out, &errw); code != 0 {
		t.Fatalf("starter checks: exit %d\n%s%s", code, out.String(), errw.String())
	}
}

// TestPlayAndReplay writes a game log and replays it.
func TestPlayAndReplay(t *testing.T) {
	log := filepath.Join(t.TempDir(), "game.jsonl")
	var out, errw bytes.Buffer
	if code := run(context.Background(), []string{"play", "--seed", "3", "--log", log}, &out, &errw); code != 0 {
		t.Fatalf("play: exit %d: %s%s", code, out.String(), errw.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"play", "--replay", log}, &out, &errw); code != 0 || !strings.Contains(out.String(), "replayed identically") {
		t.Fatalf("replay: exit %d: %s%s", code, out.String(), errw.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"sim", "--games", "40", "--no-progress", "--decks", "raiders-strike,clans-vigil"}, &out, &errw); code != 0 ||
		!strings.Contains(out.String(), "raiders-strike vs clans-vigil on salvage-field: 40 games") {
		t.Fatalf("sim: exit %d: %s%s", code, out.String(), errw.String())
	}
	if code := run(context.Background(), []string{"sim", "--games", "0"}, &out, &errw); code != 2 {
		t.Fatalf("sim --games 0: exit %d, want 2", code)
	}
}
