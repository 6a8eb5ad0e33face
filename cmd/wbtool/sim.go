package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/engine"
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
instance, with --content content/warstuff:
  sim --games 200 --decks vanguard,shadow-cell,wrecking-crew --bot greedy
  sim --games 200 --scenario invasion --variant smart-creatures`

func newSimCmd(g *globalFlags) *cobra.Command {
	var games int
	var seed uint64
	var decks, bot, format, scenario, horde string
	var variants []string
	var noProgress, maintenance bool
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Play many bot games and report win rates with 95% intervals",
		Long:  simDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 1 {
				return usagef("--games: expected at least 1, got %d", games)
			}
			if _, err := makeBots(bot, 0); err != nil {
				return err
			}
			cat, wcat, err := loadGame(cmd, g)
			if err != nil {
				return err
			}
			if wcat != nil { // a Warstuff tree
				return simWarstuff(cmd, wcat, wsOptions{scenario, decks, horde, bot, variants}, games, seed)
			}
			if err := warstuffOnly(cmd); err != nil {
				return err
			}
			var pairs []string
			if decks != "" {
				pairs = []string{decks}
			} else {
				all := formatDecks(cat, catalog.Format(format))
				for _, a := range all {
					for _, b := range all {
						if a != b {
							pairs = append(pairs, a+","+b)
						}
					}
				}
				if len(pairs) == 0 {
					return usagef("the content has fewer than two %s decks: give --decks A,B", format)
				}
			}
			var matches []*match
			for _, p := range pairs {
				m, err := newMatch(cat, catalog.Format(format), scenario, p, maintenance)
				if err != nil {
					return err
				}
				matches = append(matches, m)
			}
			var progress io.Writer
			if !noProgress {
				progress = cmd.ErrOrStderr()
			}
			stats, err := simulate(matches, games, seed, bot, progress)
			if err != nil {
				return err
			}
			printStats(cmd.OutOrStdout(), matches, stats, bot)
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 1000, "number of games in all, split evenly between the pairings")
	f.Uint64Var(&seed, "seed", 1, "first seed; game i uses seed+i")
	f.StringVar(&decks, "decks", "", "one pairing `A,B` (default: every pairing of the format's decks); Warstuff: 2 to 4 bands")
	f.StringVar(&bot, "bot", "random", "bot for both players: random, greedy or mcts (mcts:1 to mcts:3 for a level)")
	f.StringVar(&format, "format", "exploration", "game format: exploration or confrontation")
	f.StringVar(&scenario, "scenario", "", "scenario id (default: the format's first scenario)")
	f.BoolVar(&noProgress, "no-progress", false, "no progress bar on stderr")
	f.BoolVar(&maintenance, "maintenance", false, "Confrontation: play with the Maintenance option (R-TURN-7)")
	f.StringVar(&horde, "horde", "", "Warstuff invasion: the creatures (default: the content's first horde)")
	f.StringSliceVar(&variants, "variant", nil, wsVariantUsage)
	return cmd
}

// matchStats sums the games of one pairing.
type matchStats struct {
	games, wins0, wins1, draws int
	vp0, vp1, steps, turns     int
}

func simulate(matches []*match, games int, seed uint64, bot string, progress io.Writer) ([]matchStats, error) {
	type job struct{ m, i int }
	stats := make([]matchStats, len(matches))
	results := make([][]engine.PlayResult, len(matches))
	per := make([]int, len(matches))
	for i := range games {
		per[i%len(matches)]++
	}
	for m := range matches {
		results[m] = make([]engine.PlayResult, per[m])
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	done := 0
	lastShown := -1
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				s := seed + uint64(j.i)
				bots, _ := makeBots(bot, s)
				r, _, err := engine.Play(matches[j.m].game, s, bots, nil, 100000)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				results[j.m][j.i] = r
				done++
				if progress != nil {
					if pct := done * 100 / games; pct != lastShown {
						lastShown = pct
						bar := strings.Repeat("#", pct/4) + strings.Repeat(".", 25-pct/4)
						fmt.Fprintf(progress, "\r[%s] %3d%% %d/%d games", bar, pct, done, games)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for m := range matches {
		for i := range per[m] {
			jobs <- job{m, i}
		}
	}
	close(jobs)
	wg.Wait()
	if progress != nil {
		fmt.Fprintln(progress)
	}
	if firstErr != nil {
		return nil, firstErr
	}
	for m := range matches {
		st := &stats[m]
		for _, r := range results[m] {
			st.games++
			switch r.Winner {
			case 0:
				st.wins0++
			case 1:
				st.wins1++
			default:
				st.draws++
			}
			st.vp0 += r.VP[0]
			st.vp1 += r.VP[1]
			st.steps += r.Steps
			st.turns += r.Turns
		}
	}
	return stats, nil
}

func rate(k, n int) string {
	r := balance.NewRate(k, n)
	return fmt.Sprintf("%5.1f%% [%4.1f–%4.1f]", r.Pct, r.Lo, r.Hi)
}

func printStats(w io.Writer, matches []*match, stats []matchStats, bot string) {
	fmt.Fprintf(w, "%s, %s bots, 95%% Wilson intervals\n", diag.Plural(len(matches), "pairing"), bot)
	total := matchStats{}
	for i, m := range matches {
		st := stats[i]
		if st.games == 0 {
			continue
		}
		n := float64(st.games)
		fmt.Fprintf(w, "%s vs %s on %s: %s\n", m.decks[0], m.decks[1], m.scenario, diag.Plural(st.games, "game"))
		fmt.Fprintf(w, "  %-20s wins %s  avg VP %.2f\n", m.decks[0], rate(st.wins0, st.games), float64(st.vp0)/n)
		fmt.Fprintf(w, "  %-20s wins %s  avg VP %.2f\n", m.decks[1], rate(st.wins1, st.games), float64(st.vp1)/n)
		fmt.Fprintf(w, "  %-20s      %s\n", "draws", rate(st.draws, st.games))
		fmt.Fprintf(w, "  length: %.1f decisions, %.1f turns\n", float64(st.steps)/n, float64(st.turns)/n)
		total.games += st.games
		total.wins0 += st.wins0
		total.wins1 += st.wins1
		total.draws += st.draws
	}
	if len(matches) > 1 {
		fmt.Fprintf(w, "all: %s, first seat wins %s, second seat wins %s, draws %s\n", diag.Plural(total.games, "game"),
			rate(total.wins0, total.games), rate(total.wins1, total.games), rate(total.draws, total.games))
	}
	if a, ok := balance.SeatAlert(balance.NewRate(total.wins0, total.wins0+total.wins1), balance.DefaultThresholds); ok {
		fmt.Fprintf(w, "alert: %s\n", a.Text)
	}
}
