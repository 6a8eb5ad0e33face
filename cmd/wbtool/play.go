package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbmatch"
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
			if replay != "" {
				return replayLog(cmd, cat, replay)
			}
			m, err := newMatch(cat, wbmatch.Options{Format: wbcatalog.Format(format), Scenario: scenario, Decks: decks, Bot: bot, Maintenance: maintenance})
			if err != nil {
				return err
			}
			// The log is kept for --log and for the account of the game.
			r, l, err := m.Play(seed, logFile != "" || !quiet)
			if err != nil {
				return err
			}
			if err := writeLogOf(logFile, l); err != nil {
				return err
			}
			if !quiet {
				l.WriteAccount(cmd.OutOrStdout())
			}
			fmt.Fprintln(cmd.OutOrStdout(), m.Line(seed, r))
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

// newMatch resolves a Warbound game's flags (package engine/match); the
// options the content or the rules refuse are usage errors.
func newMatch(cat *wbcatalog.Catalog, o wbmatch.Options) (*wbmatch.Match, error) {
	return usageOf(wbmatch.New(cat, o))
}

// usageOf turns a wbmatch.OptionError into a usage error.
func usageOf[T any](v T, err error) (T, error) {
	if oe, ok := err.(*wbmatch.OptionError); ok {
		return v, usagef("%s", oe.Msg)
	}
	return v, err
}

// replayLog is play --replay on a Warbound tree.
func replayLog(cmd *cobra.Command, cat *wbcatalog.Catalog, file string) error {
	data, err := readArgFile(file)
	if err != nil {
		return usagef("--replay: %v", err)
	}
	l, err := wbengine.ParseLog(data)
	if err != nil {
		return fileError(file, err)
	}
	// The log's strings (its header's engine and content, a step's text)
	// are printed on one line each, escaped.
	rep, err := wbmatch.Replay(cat, l)
	for _, w := range rep.Warnings {
		printLine(cmd.ErrOrStderr(), "warning: %s", w)
	}
	if err != nil {
		return fileError(file, err)
	}
	if rep.Diverged != nil {
		printLine(cmd.OutOrStdout(), "%s: diverges at %v", file, rep.Diverged)
		return errReported
	}
	printLine(cmd.OutOrStdout(), "%s: %s replayed identically (%s, %d–%d VP)",
		file, diag.Plural(len(l.Steps), "step"), rep.Result, rep.VP[0], rep.VP[1])
	return nil
}
