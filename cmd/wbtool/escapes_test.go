package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/termsafe"
)

// hostile is what a file that travels between machines may hold to drive
// a terminal: a colour (CSI), a clipboard write (OSC 52), a bell, a
// carriage return over the line, a C1 CSI, a line of its own.
const hostile = "\x1b[31mred\x1b]52;c;cHduZWQ=\x07\r999 passed\u009b2J\nwbtool: all good"

// jsonHostile is hostile as a JSON string's content.
const jsonHostile = `\u001b[31mred\u001b]52;c;cHduZWQ=\u0007\r999 passed\u009b2J\nwbtool: all good`

// TestNoControlBytesReachTheTerminal: whatever a command reads from a
// file — a balance shard, a game log, a lock file, a content folder's
// name — and prints, no raw control character reaches stdout or stderr
// (issue 25 item 5). Each case first checks that the hostile string is
// printed at all (escaped), so that the case cannot pass by printing
// nothing.
func TestNoControlBytesReachTheTerminal(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A balance shard whose engine, deck ids and bot are escape
	// sequences; and one of a run's matchups with a deck so named.
	shard := func(engine, deck, bot string) string {
		return `{"version":1,"engine":"` + engine + `","content":"x","settings":{"formats":["exploration"],"scenarios":["s"],"bot":"` + bot + `","games":1,"seed":1},
"matchups":[{"format":"exploration","scenario":"s","decks":["a","` + deck + `"],"games":1,"wins":[1,0],"lengths":[1]},
{"format":"exploration","scenario":"s","decks":["` + deck + `","a"],"games":1,"wins":[1,0],"lengths":[1]}],"cards":[]}`
	}
	engineShard := write("engine.json", shard(jsonHostile, "b", "random"))
	deckShard := write("deck.json", shard("e", jsonHostile, "random"))
	botShard := write("bot.json", shard("e", "b", jsonHostile))
	// A Warbound game log whose header's engine and content and whose
	// first step's text are escape sequences (the step is illegal, so
	// that the replay prints it).
	wbLog := write("wb.jsonl", `{"engine":"`+jsonHostile+`","content":"`+jsonHostile+`","seed":1,"scenario":"salvage-field","decks":["clans-vigil","raiders-strike"],"bots":["random","random"]}
{"n":1,"text":"`+jsonHostile+`","decision":{"k":1,"s":0,"u":99,"sp":-1,"t":-1,"x":5,"y":6,"c":-1,"g":-1,"tk":-1,"sk":-1},"events":[],"hash":"0"}
`)
	// A Warstuff game log: its content and a step's text.
	wsLog := write("ws.jsonl", `{"engine":"wbtool-warstuff/3","content":"`+jsonHostile+`","seed":3,"scenario":"standard","bands":["shadow-cell","vanguard"],"bot":"random"}
{"n":0,"events":["`+jsonHostile+`"],"hash":"`+jsonHostile+`"}
`)
	// An output folder whose lock is held by a "wbtool" whose command
	// line is an escape sequence.
	locked := filepath.Join(dir, "locked")
	state := filepath.Join(locked, dist.StateDir)
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	lock, err := os.OpenFile(filepath.Join(state, "lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	if _, err := lock.WriteString("4242 wbtool watch " + strings.ReplaceAll(hostile, "\n", " ") + "\n"); err != nil {
		t.Fatal(err)
	}
	wait := dist.LockWait
	dist.LockWait = 0 // the lock is not freed: no need to wait for it
	defer func() { dist.LockWait = wait }()
	// A content folder (and any file named on the command line) whose
	// name is an escape sequence, with a raw C1 byte too.
	badDir := filepath.Join(dir, "no\x1b[31mwhere\x9b2J")
	warstuff, err := filepath.Abs("../../games/warstuff/starter")
	if err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		name string
		args []string
		code int
		want string // the escaped text the output must hold
	}{
		{"balance merge: engine", []string{"balance", "merge", engineShard, "--out", dir}, 2, `engine "\x1b[31mred\x1b]52;c;cHduZWQ=\a\r999 passed\u009b2J\nwbtool: all good": not a name wbtool writes`},
		{"balance merge: deck", []string{"balance", "merge", deckShard, "--out", dir}, 2, `matchup 1: deck "\x1b[31mred`},
		{"balance merge: bot", []string{"balance", "merge", botShard, "--out", dir}, 2, `bot "\x1b[31mred`},
		{"balance merge: file name", []string{"balance", "merge", badDir, "--out", dir}, 2, `no\x1b[31mwhere\x9b2J`},
		{"play --replay", []string{"play", "--replay", wbLog}, 1, `diverges at step 1: \x1b[31mred\x1b]52;c;cHduZWQ=\x07\x0d999 passed\u009b2J\x0awbtool: all good`},
		{"play --replay: header", []string{"play", "--replay", wbLog}, 1, `warning: log written by \x1b[31mred\x1b]52;c;cHduZWQ=\x07\x0d999 passed\u009b2J\x0awbtool: all good, this is`},
		{"play --replay: Warstuff", []string{"play", "--content", warstuff, "--replay", wsLog}, 0, `played with content \x1b[31mred`},
		{"build: a locked output folder", []string{"build", "--out", locked}, 2, `(pid 4242, wbtool watch \x1b[31mred\x1b]52;c;cHduZWQ=\x07\x0d999 passed\u009b2J`},
		{"build --base-url", []string{"build", "--base-url", hostile}, 2, `--base-url "\x1b[31mred`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errw bytes.Buffer
			code := run(context.Background(), c.args, &out, &errw)
			all := out.String() + errw.String()
			if code != c.code || !strings.Contains(all, c.want) {
				t.Errorf("exit %d (want %d); output:\n%s\nwant it to hold\n%s", code, c.code, all, c.want)
			}
			assertNoControl(t, "stdout", out.Bytes())
			assertNoControl(t, "stderr", errw.Bytes())
		})
	}

	// Every command that reads a content folder names it in its error.
	for _, cmd := range newRootCmd().Commands() {
		if cmd.Hidden || !cmd.Runnable() || cmd.Name() == "version" || cmd.Name() == "help" || cmd.Name() == "completion" {
			continue
		}
		t.Run(cmd.Name()+" --content", func(t *testing.T) {
			var out, errw bytes.Buffer
			run(context.Background(), []string{cmd.Name(), "--content", badDir}, &out, &errw)
			assertNoControl(t, "stdout", out.Bytes())
			assertNoControl(t, "stderr", errw.Bytes())
		})
	}
}

// assertNoControl fails when b holds a character that could drive a
// terminal: anything termsafe escapes but a newline or a tab.
func assertNoControl(t *testing.T, what string, b []byte) {
	t.Helper()
	if !utf8.Valid(b) {
		t.Errorf("%s is not UTF-8: %q", what, b)
	}
	for _, line := range strings.Split(strings.ReplaceAll(string(b), "\t", " "), "\n") {
		if !termsafe.Safe(line) {
			t.Errorf("%s holds a raw control character: %q", what, line)
		}
	}
}
