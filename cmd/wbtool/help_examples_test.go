package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/internal/testtool"
)

// helpExample is one "wbtool ..." line of a command's --help examples.
type helpExample struct {
	cmd  string // the command whose help shows it
	line string // as written, comment included
}

// helpExamples collects the example lines of every command's Long text:
// the indented lines starting with "wbtool " after "Examples:".
func helpExamples(c *cobra.Command) []helpExample {
	var out []helpExample
	if c.Hidden {
		return nil
	}
	in := false
	for _, l := range strings.Split(c.Long, "\n") {
		switch t := strings.TrimSpace(l); {
		case t == "Examples:":
			in = true
		case in && strings.HasPrefix(t, "wbtool "):
			out = append(out, helpExample{cmd: c.CommandPath(), line: t})
		case in && t != "" && !strings.HasPrefix(l, " "):
			in = false // a new paragraph
		}
	}
	for _, sub := range c.Commands() {
		out = append(out, helpExamples(sub)...)
	}
	return out
}

// exampleArgs turns an example line into the arguments after "wbtool":
// the comment goes, ~/ is the home folder.
func exampleArgs(line, home string) []string {
	if i := strings.Index(line, "#"); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)[1:]
	for i, a := range f {
		if strings.HasPrefix(a, "~/") {
			f[i] = filepath.Join(home, a[2:])
		}
	}
	return f
}

// untilReady names the commands that run until stopped, and the output
// that says they are up: the test stops them there.
var untilReady = map[string]string{
	"serve": "http://127.0.0.1:",
	"watch": "done in",
}

// TestHelpExamplesRun runs every example of every command's --help, as
// written, on the starter content (issue 11 item 8), in a temporary folder
// whose ./content, ~/my-cards and my-cards are copies of the embedded
// starter content and which holds the files the examples name
// (my-deck.cue, my-checks.cue, more/, a git repository for the hook).
// Outputs go to the default --out, dist/ in that folder. Each example
// must exit 0; serve and watch are stopped once they are up. The examples
// of narrowed run on one deck: another example did their whole work.
func TestHelpExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example, builds and exports included")
	}
	if !testtool.InOwnProcess(t) { // it sets the working folder and HOME
		return
	}
	examples := helpExamples(newRootCmd())
	if len(examples) < 25 {
		t.Fatalf("only %d examples found in the commands' help", len(examples))
	}
	for line := range narrowed {
		if !slices.ContainsFunc(examples, func(ex helpExample) bool { return ex.line == line }) {
			t.Errorf("narrowed names %q, which no command's help shows", line)
		}
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	work := filepath.Join(dir, "work")
	writeEmbeddedContent(t, filepath.Join(home, "my-cards"))
	writeEmbeddedContent(t, filepath.Join(work, "content"))
	writeEmbeddedContent(t, filepath.Join(work, "my-cards"))
	for name, text := range exampleFixtures {
		p := filepath.Join(work, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Chdir(work)
	hasGit := false
	if _, err := exec.LookPath("git"); err == nil {
		if out, err := exec.Command("git", "init", "-q", ".").CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
		hasGit = true
	}

	for _, ex := range examples {
		args := append(exampleArgs(ex.line, home), narrowed[ex.line]...)
		if args[0] == "hook" && !hasGit {
			testtool.Require(t, "git") // skips, or fails under WBTOOL_REQUIRE_TOOLS=1
		}
		var stdout, stderr syncBuffer
		code, stopped := runExample(t, args, &stdout, &stderr)
		if code != 0 && !stopped {
			t.Errorf("%s --help: %q %q exits %d\nstdout:\n%s\nstderr:\n%s", ex.cmd, ex.line, narrowed[ex.line], code, stdout.String(), stderr.String())
		}
		if testing.Verbose() {
			t.Logf("%s: ok", ex.line)
		}
	}
}

// narrowed are the examples run on one deck in one language, or on fewer
// games, the flags added here: an earlier example of the list already
// does the same whole-catalog work (every card image of both languages,
// thousands of games), and what the example adds is checked on the deck
// or the few games as well as on every card or every game.
var narrowed = map[string][]string{
	// `build --export tgc,tts` made every deck's TTS files in both
	// languages before these (build's examples come first); the plain
	// example runs on one deck in both languages (2 s of the test's
	// wall time when whole); the base URL only changes the links
	// (export_tts.txtar and build_export.txtar check them).
	"wbtool export tts": {"--deck", "raiders-strike"},
	"wbtool export tts --base-url https://example.org/warbound/tts": {"--deck", "raiders-strike", "--lang", "en"},
	// `sim --games 10000` played the volume just before; these show a
	// bot and a format, which a few games exercise as well (the last
	// --games wins): 2,000 greedy games were ~4 s of the test's CPU.
	"wbtool sim --games 2000 --decks raiders-strike,clans-vigil --bot greedy": {"--games", "40"},
	"wbtool sim --format confrontation --games 5000":                          {"--games", "200"},
}

// runExample runs one example in-process. A command of untilReady is
// stopped once its output says it is up (stopped reports that).
func runExample(t *testing.T, args []string, stdout, stderr *syncBuffer) (code int, stopped bool) {
	t.Helper()
	ready, long := untilReady[args[0]]
	if !long {
		return run(context.Background(), args, stdout, stderr), false
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, stdout, stderr) }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case code := <-done:
			return code, false
		case <-tick.C:
			if strings.Contains(stdout.String(), ready) {
				cancel()
				code := <-done
				if code != 0 {
					t.Errorf("%q: exits %d when stopped\n%s", args, code, stderr.String())
				}
				return 0, true
			}
		}
	}
}

// exampleFixtures are the files the examples name, relative to the
// example folder.
var exampleFixtures = map[string]string{
	"my-deck.cue": `package warbound

decks: "my-deck": {
	name: {en: "My deck", fr: "Mon deck"}
	format: "exploration"
	cards: ["vanta", "copp", "splatter", "jammer", "scrapper", "howler", "scope", "stim-shot"]
	attachments: [{upgrade: "scope", to: "scrapper"}, {upgrade: "stim-shot", to: "splatter"}]
}
`,
	"my-checks.cue": `package warbound

checks: "my-armour-saves-at-most-its-points": {
	rules: ["R-SHOOT-5", "R-SHOOT-6", "R-SHOOT-7"]
	hand:      "red"
	hourglass: "p1-run"
	sides: {
		red: {orders: {raiders: 3}, units: [{id: "gunner", profile: {accuracy: near: 4, dice: ranged: 3}, at: "C3"}]}
		blue: {units: [{id: "target", profile: {health: 4, morale: 6, armor: {points: 1, save: 6}}, at: "C9", tokens: stress: 1}]}
	}
	script: [
		{side: "red", unit: "gunner", space: "p1-shoot", do: [{shoot: "target"}], dice: [10, 10, 10, 6, 7, 10]},
		{expect: units: target: {wounds: 2, breaks: 1, stress: 4}},
	]
}
`,
	"more/space-taken.cue": `package warbound

checks: "my-space-taken": {
	rules: ["R-ACT-2"]
	hand:      "red"
	hourglass: "p1-run"
	sides: {
		red: {orders: {raiders: 3}, units: [{id: "gunner", profile: {accuracy: near: 4, dice: ranged: 3}, at: "C3"}]}
		blue: {units: [{id: "target", profile: {health: 4, morale: 6}, at: "C9"}]}
	}
	script: [
		{side: "red", unit: "gunner", space: "p1-shoot", do: [{shoot: "target"}], dice: [1, 1, 1]},
		{side: "blue", unit: "target", space: "p1-shoot", fails: "space-taken"},
	]
}
`,
}
