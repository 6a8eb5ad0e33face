package gametest

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// selfPlays is the number of random self-play games per game.
const selfPlays = 8

// matches runs the bot-game conformance (OpenSpiel's random self-play,
// serialisation round trip and golden playthroughs) on a game with the
// capability ruleset.Matches, over its starter with the default options:
// random self-play never panics, each game ends with a result, the same
// seed gives the same log and account; a log replays identically (each
// step's decision gives the logged state again), and a log whose states
// differ is caught; the account of seed 1 is the
// golden playthrough testdata/playthrough-GAME.txt (WBTOOL_UPDATE=1
// rewrites it). A game without the capability is refused in one line.
func (s *suite) matches(t *testing.T, built *pipeline.Result) {
	ms, ok := built.Content.(ruleset.Matches)
	if !ok {
		err := ruleset.Missing("wbtool play", s.g.Name, ruleset.CapMatches)
		if want := fmt.Sprintf("wbtool play: the %s game has no bot games (play, sim, balance) yet (capability Matches)", ruleset.Title(s.g.Name)); err.Error() != want {
			t.Errorf("refusal %q, want %q", err, want)
		}
		t.Skipf("%s has no bot games (capability Matches)", s.g.Name)
	}
	play := func(t *testing.T, seed uint64) (ruleset.Played, []byte) {
		t.Helper()
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("seed %d: play panics: %v", seed, p)
			}
		}()
		m, err := ms.NewMatch(ruleset.MatchOptions{Bot: "random"})
		if err != nil {
			t.Fatalf("the default options: %v", err)
		}
		p, err := m.Play(seed, true, true)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(p.Result) == 0 || p.Log == nil || len(p.Account) == 0 {
			t.Fatalf("seed %d: no result line, log or account", seed)
		}
		log, err := p.Log.MarshalJSONL()
		if err != nil {
			t.Fatal(err)
		}
		return p, log
	}
	t.Run("self-play", func(t *testing.T) {
		for seed := range uint64(selfPlays) {
			p, log := play(t, seed+1)
			again, log2 := play(t, seed+1)
			if !bytes.Equal(log, log2) || !bytes.Equal(p.Account, again.Account) || fmt.Sprint(p.Result) != fmt.Sprint(again.Result) {
				t.Errorf("seed %d: two games differ", seed+1)
			}
		}
	})
	t.Run("replay", func(t *testing.T) {
		for seed := range uint64(3) {
			_, log := play(t, seed+1)
			rep, err := ms.Replay("game.jsonl", log)
			if err != nil || rep.Diverged || len(rep.Warnings) > 0 {
				t.Fatalf("seed %d: the log replays with %v, diverged %v, warnings %v: %s", seed+1, err, rep.Diverged, rep.Warnings, rep.Line)
			}
		}
		// A log whose game differs is caught.
		_, log := play(t, 1)
		bad := bytes.Replace(log, []byte(`"hash":"`), []byte(`"hash":"0`), 2)
		if rep, err := ms.Replay("bad.jsonl", bad); err == nil && !rep.Diverged {
			t.Error("a log with a wrong state hash replays identically")
		}
	})
	t.Run("playthrough", func(t *testing.T) {
		p, _ := play(t, 1)
		var b bytes.Buffer
		b.Write(p.Account)
		for _, l := range p.Result {
			b.WriteString(l + "\n")
		}
		golden.Check(t, filepath.Join("testdata", "playthrough-"+s.g.Name+".txt"), b.Bytes())
	})
	t.Run("lab", func(t *testing.T) {
		lab := ms.Lab()
		if err := lab.CheckBot(lab.DefaultBot()); err != nil {
			t.Errorf("the default bot %q: %v", lab.DefaultBot(), err)
		}
		if err := lab.CheckBot("no-such-bot"); err == nil {
			t.Error("an unknown bot is taken")
		}
		if err := lab.CheckBot("random"); err != nil {
			t.Errorf("the random bot is refused: %v", err)
		}
	})
}
