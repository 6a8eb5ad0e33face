package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

const simDoc = `Sim plays many bot-against-bot games on all cores and prints, for each
pairing of decks, the win and draw rates with 95% intervals (Wilson), the
average Victory Points and the average game length, and alerts when the
first seat's share of the decisive games lies significantly outside
45–55 %. Decks default to every
pairing of the content's sample decks of the format, each deck in both seats.
Results depend only on the content, the seed and the options.

Examples:
  wbtool sim --games 10000
  wbtool sim --games 2000 --decks raiders-strike,clans-vigil --bot greedy
  wbtool sim --games 500 --seed 42 --no-progress
  wbtool sim --games 20 --bot mcts:1   # the search bot, level 1 (mcts: level 2)
  wbtool sim --format confrontation --games 5000
  wbtool sim --format confrontation --maintenance --scenario burning-flank

On a Warstuff tree sim plays one set of bands (as play does: two, three
or four, or the invasion's heroes with --variant) and reports each
band's win rate; a multiplayer game's seats are rolled per game. Two
bands play in both seat orders, each attacking in half the games, and
the same alert flags the attacker's (first seat's) share. For
instance, with --content games/warstuff/starter:
  sim --games 200 --decks vanguard,shadow-cell,wrecking-crew --bot greedy
  sim --games 200 --scenario invasion --variant smart-creatures`

func newSimCmd(g *globalFlags) *cobra.Command {
	var games int
	var seed uint64
	var o matchOptions
	var noProgress bool
	var scarcity *float64
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Play many bot games and report win rates with 95% intervals",
		Long:  simDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 1 {
				return usagef("--games: expected at least 1, got %d", games)
			}
			if mr := matchRules(g); mr != nil { // a bot the game has not, before the load
				if err := mr.CheckBot(o.Bot); err != nil {
					return usageOf(err)
				}
			}
			_, m, err := newMatch(cmd, g, o.MatchOptions)
			if err != nil {
				return err
			}
			// A progress bar only for a person watching: its carriage
			// returns would fill a redirected log with frames.
			var progress io.Writer
			if errw := cmd.ErrOrStderr(); !noProgress && termsafe.IsTerminal(errw) {
				progress = termsafe.Raw(errw) // its carriage returns redraw the bar
			}
			first, second, err := m.Sim(cmd.OutOrStdout(), games, seed, progress, rate)
			if err != nil {
				return usageOf(err)
			}
			if sc, ok := m.(ruleset.Scarcity); ok {
				balance.WriteScarcity(cmd.OutOrStdout(), sc.Scarcity(), *scarcity)
			}
			seatAlert(cmd.OutOrStdout(), first, second)
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 1000, "number of games in all, split evenly between the pairings")
	f.Uint64Var(&seed, "seed", 1, "first seed; game i uses seed+i")
	o.bind(cmd, "one pairing `A,B` (default: every pairing of the format's decks); Warstuff: 2 to 4 bands")
	f.BoolVar(&noProgress, "no-progress", false, "no progress bar (there is none unless stderr is a terminal)")
	scarcity = addScarcityFlag(cmd)
	return cmd
}

// rate is k of n games with its 95 % Wilson interval.
func rate(k, n int) string {
	r := balance.NewRate(k, n)
	return fmt.Sprintf("%5.1f%% [%4.1f–%4.1f]", r.Pct, r.Lo, r.Hi)
}

// seatAlert alerts when the first seat's share of the decisive games
// lies significantly outside the thresholds (balance.SeatAlert).
func seatAlert(w io.Writer, first, second int) {
	if a, ok := balance.SeatAlert(balance.NewRate(first, first+second), balance.DefaultThresholds); ok {
		fmt.Fprintf(w, "alert: %s\n", a.Text)
	}
}
