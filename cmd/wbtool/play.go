package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/engine"
	"wbtool.dev/wbtool/internal/dist"
)

const playDoc = `Play plays one bot-against-bot game of two content decks on a scenario
of the format and prints an account of it, turn by turn (deployment, who
activates which Character on which space, the dice and what they did, the
Victory Points scored), then the result on its last line; --quiet prints
only that line. With --log it writes the whole game
as JSON lines (a header with the engine version, content hash and seed, then
one line per decision with its dice, events and state hash). --replay
plays a log again and reports the first step that diverges.

Examples:
  wbtool play --seed 7                               # the format's first two sample decks
  wbtool play --seed 7 --quiet                       # the result line only
  wbtool play --seed 7 --decks raiders-strike,clans-vigil --bot greedy
  wbtool play --seed 7 --log dist/games/7.jsonl      # write the game log
  wbtool play --replay dist/games/7.jsonl            # replay it
  wbtool play --format confrontation --maintenance   # a Confrontation game, Maintenance on

On a Warstuff tree the decks are bands: two, or three or four for a
multiplayer game on the 36" table (WS-BIG-4 to 10) whose seats are rolled
from the seed (WS-BIG-5); --variant plays the invasion's variants (WS-VAR).
The log's header keeps the bands, seats and variants, so --replay needs
nothing else. For instance, with --content content/warstuff:
  play --seed 3 --decks vanguard,shadow-cell,wrecking-crew --log game.jsonl
  play --scenario invasion --variant clock=8,smart-creatures,more-randomness`

func newPlayCmd(g *globalFlags) *cobra.Command {
	var seed uint64
	var decks, bot, format, scenario, logFile, replay, horde string
	var variants []string
	var maintenance, quiet bool
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play one bot game, write its log, or replay a log",
		Long:  playDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cat, wcat, err := loadGame(cmd, g)
			if err != nil {
				return err
			}
			if wcat != nil { // a Warstuff tree
				return playWarstuff(cmd, wcat, wsOptions{scenario, decks, horde, bot, variants}, seed, logFile, replay, quiet)
			}
			if err := warstuffOnly(cmd); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if replay != "" {
				return replayLog(cmd, cat, replay)
			}
			m, err := newMatch(cat, catalog.Format(format), scenario, decks, maintenance)
			if err != nil {
				return err
			}
			bots, err := makeBots(bot, seed)
			if err != nil {
				return err
			}
			// The log is kept for --log and for the account of the game.
			var l *engine.Log
			if logFile != "" || !quiet {
				l = &engine.Log{Header: engine.LogHeader{Engine: engine.Version, Content: contentHash(cat), Seed: seed,
					Scenario: m.scenario, Decks: m.decks, Bots: [2]string{bot, bot}, Maintenance: maintenance}}
			}
			r, _, err := engine.Play(m.game, seed, bots, l, 100000)
			if err != nil {
				return err
			}
			if err := writeLogOf(logFile, l); err != nil {
				return err
			}
			if !quiet {
				l.WriteAccount(out)
			}
			fmt.Fprintf(out, "%s vs %s on %s, seed %d: %s (%d–%d VP, %s)\n",
				m.decks[0], m.decks[1], m.scenario, seed, resultWord(m.decks, r.Winner), r.VP[0], r.VP[1], diag.Plural(r.Steps, "decision"))
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "seed of the game's dice and of the bots")
	f.StringVar(&decks, "decks", "", "the two decks `A,B` (default: the format's first two sample decks); Warstuff: 2 to 4 bands")
	f.StringVar(&bot, "bot", "random", "bot for both players: random, greedy or mcts (mcts:1 to mcts:3 for a level)")
	f.StringVar(&format, "format", "exploration", "game format: exploration or confrontation")
	f.StringVar(&scenario, "scenario", "", "scenario id (default: the format's first scenario)")
	f.StringVar(&logFile, "log", "", "write the game log to `FILE`")
	f.StringVar(&replay, "replay", "", "replay the log `FILE` and report the first divergence")
	f.BoolVar(&maintenance, "maintenance", false, "Confrontation: play with the Maintenance option (R-TURN-7)")
	f.BoolVar(&quiet, "quiet", false, "print only the result line, not the account of the game")
	f.StringVar(&horde, "horde", "", "Warstuff invasion: the creatures (default: the content's first horde)")
	f.StringSliceVar(&variants, "variant", nil, wsVariantUsage)
	return cmd
}

func resultWord(decks [2]string, w int) string {
	switch w {
	case 0, 1:
		return decks[w] + " wins"
	case 2:
		return "draw"
	}
	return "unfinished"
}

// match is a compiled game of two decks on a scenario.
type match struct {
	scenario string
	decks    [2]string
	game     *engine.Game
}

func newMatch(cat *catalog.Catalog, format catalog.Format, scenario, decks string, maintenance bool) (*match, error) {
	if format != catalog.Exploration && format != catalog.Confrontation {
		return nil, usagef("--format: expected exploration or confrontation, got %q", format)
	}
	if maintenance && format != catalog.Confrontation {
		return nil, usagef("--maintenance: the Maintenance option is a Confrontation rule (R-TURN-7); add --format confrontation")
	}
	if scenario == "" {
		for _, s := range cat.Scenarios {
			if s.Format == format {
				scenario = s.ID
				break
			}
		}
		if scenario == "" {
			return nil, usagef("the content has no %s scenario", format)
		}
	}
	var pair [2]string
	if decks == "" {
		all := formatDecks(cat, format)
		if len(all) < 2 {
			return nil, usagef("the content has fewer than two %s decks: give --decks A,B", format)
		}
		pair = [2]string{all[0], all[1]}
	} else {
		parts := strings.Split(decks, ",")
		if len(parts) != 2 {
			return nil, usagef("--decks: expected two deck ids A,B, got %q", decks)
		}
		pair = [2]string{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])}
	}
	su, err := engine.ScenarioSetup(cat, scenario, pair)
	if err != nil {
		return nil, usagef("%v", err)
	}
	su.Maintenance = maintenance
	g, err := engine.Compile(cat, su)
	if err != nil {
		return nil, err
	}
	g.PrecomputeSight()
	return &match{scenario: scenario, decks: pair, game: g}, nil
}

func formatDecks(cat *catalog.Catalog, format catalog.Format) []string {
	var out []string
	for _, d := range cat.Decks {
		if d.Format == format {
			out = append(out, d.ID)
		}
	}
	return out
}

func makeBots(kind string, seed uint64) ([2]engine.Bot, error) {
	return botPair(engine.NewBot, kind, seed)
}

// botPair makes both players' bots of a kind, each with its own seed.
func botPair[B any](newBot func(string, uint64) (B, error), kind string, seed uint64) ([2]B, error) {
	var bots [2]B
	for i := range bots {
		b, err := newBot(kind, seed*2+1+uint64(i))
		if err != nil {
			return bots, usagef("--bot: %v", err)
		}
		bots[i] = b
	}
	return bots, nil
}

// contentHash identifies the content a game was played with: the SHA-256
// of the catalog's JSON.
func contentHash(cat *catalog.Catalog) string {
	data, err := json.Marshal(cat)
	if err != nil {
		return "unknown"
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

func replayLog(cmd *cobra.Command, cat *catalog.Catalog, file string) error {
	data, err := readArgFile(file)
	if err != nil {
		return usagef("--replay: %v", err)
	}
	l, err := engine.ParseLog(data)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if l.Header.Engine != engine.Version {
		fmt.Fprintf(cmd.ErrOrStderr(), "warning: log written by %s, this is %s\n", l.Header.Engine, engine.Version)
	}
	if h := contentHash(cat); l.Header.Content != "" && l.Header.Content != h {
		fmt.Fprintf(cmd.ErrOrStderr(), "warning: log played with content %s, this content is %s\n", l.Header.Content, h)
	}
	su, err := engine.ScenarioSetup(cat, l.Header.Scenario, l.Header.Decks)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	su.Maintenance = l.Header.Maintenance
	g, err := engine.Compile(cat, su)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	s, err := engine.Replay(g, l)
	if err != nil {
		fmt.Fprintf(cmd.OutOrStdout(), "%s: diverges at %v\n", file, err)
		return errReported
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: %s replayed identically (%s, %d–%d VP)\n",
		file, diag.Plural(len(l.Steps), "step"), resultWord(l.Header.Decks, s.Winner()), s.VP(0), s.VP(1))
	return nil
}

// writeLogOf writes log l to file, when file is given.
func writeLogOf(file string, l interface{ MarshalJSONL() ([]byte, error) }) error {
	if file == "" {
		return nil
	}
	data, err := l.MarshalJSONL()
	if err != nil {
		return err
	}
	return writeLog(file, data)
}

// writeLog writes a game log, replacing only an earlier game log: a file
// that is not one (a content file given by mistake) is left alone.
func writeLog(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && len(old) > 0 {
		if _, err := engine.ParseLog(old); err != nil && !isWarstuffLog(old) {
			return usagef("--log %s: the file exists and is not a wbtool game log; wbtool will not overwrite it (choose another name)", name)
		}
	}
	return dist.WriteFile(name, data)
}
