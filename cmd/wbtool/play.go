package main

import (
	"fmt"

	"github.com/spf13/cobra"
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
nothing else. For instance, with --content games/warstuff/starter:
  play --seed 3 --decks vanguard,shadow-cell,wrecking-crew --log game.jsonl
  play --scenario invasion --variant clock=8,smart-creatures,more-randomness`

func newPlayCmd(g *globalFlags) *cobra.Command {
	var seed uint64
	var o matchOptions
	var logFile, replay string
	var quiet bool
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play one bot game, write its log, or replay a log",
		Long:  playDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if replay != "" {
				return replayLog(cmd, g, replay)
			}
			_, m, err := newMatch(cmd, g, o.MatchOptions)
			if err != nil {
				return err
			}
			p, err := m.Play(seed, logFile != "", !quiet)
			if err != nil {
				return usageOf(err)
			}
			if logFile != "" {
				if err := writeLogOf(logFile, p.Log); err != nil {
					return err
				}
			}
			cmd.OutOrStdout().Write(p.Account)
			for _, line := range p.Result {
				fmt.Fprintln(cmd.OutOrStdout(), line)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "seed of the game's dice and of the bots")
	o.bind(cmd, "the two decks `A,B` (default: the format's first two sample decks); Warstuff: 2 to 4 bands")
	f.StringVar(&logFile, "log", "", "write the game log to `FILE`")
	f.StringVar(&replay, "replay", "", "replay the log `FILE` and report the first divergence")
	f.BoolVar(&quiet, "quiet", false, "print only the result line, not the account of the game")
	return cmd
}

// replayLog is play --replay: the log played again on the content.
func replayLog(cmd *cobra.Command, g *globalFlags, file string) error {
	ms, err := loadMatches(cmd, g)
	if err != nil {
		return err
	}
	if err := ms.Refuse(cmd.Flags().Changed); err != nil {
		return usageOf(err)
	}
	data, err := readArgFile(file)
	if err != nil {
		return usagef("--replay: %v", err)
	}
	// The log's strings (its header's engine and content, a step's text)
	// are printed on one line each, escaped.
	rep, err := ms.Replay(file, data)
	for _, w := range rep.Warnings {
		printLine(cmd.ErrOrStderr(), "warning: %s", w)
	}
	if err != nil {
		return fileError(file, err)
	}
	printLine(cmd.OutOrStdout(), "%s", rep.Line)
	if rep.Diverged {
		return errReported
	}
	return nil
}
