package wbmatch

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// Stats sums the games of one pairing.
type Stats struct {
	Games, Wins0, Wins1, Draws int
	VP0, VP1, Steps, Turns     int
}

// Sim plays games seed, seed+1, … on all cores, split evenly between the
// matches (game i of match m uses seed+i), and sums them per match. For
// a kit that counts tokens, add is handed each game's peaks of them (in
// the kit's order), one game at a time, in no set order. With progress
// set it draws a progress bar there. The same matches, games and seed
// give the same Stats.
func Sim(matches []*Match, games int, seed uint64, progress io.Writer, kit Kit, add func(peak []int)) ([]Stats, error) {
	type job struct{ m, i int }
	stats := make([]Stats, len(matches))
	results := make([][]wbengine.PlayResult, len(matches))
	per := make([]int, len(matches))
	for i := range games {
		per[i%len(matches)]++
	}
	for m := range matches {
		results[m] = make([]wbengine.PlayResult, per[m])
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
				peaks := kit.Peaks(matches[j.m].game)
				r, err := matches[j.m].PlayRecorded(seed+uint64(j.i), peaks)
				mu.Lock()
				if peaks != nil && err == nil {
					add(peaks.Peak)
				}
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
			st.Games++
			switch r.Winner {
			case 0:
				st.Wins0++
			case 1:
				st.Wins1++
			default:
				st.Draws++
			}
			st.VP0 += r.VP[0]
			st.VP1 += r.VP[1]
			st.Steps += r.Steps
			st.Turns += r.Turns
		}
	}
	return stats, nil
}

// Write reports the stats of a Sim of the matches, one block per
// pairing, then all pairings together; rate formats k of n games (with
// its interval). It returns the first seat's wins and the second's, all
// pairings together, for the seat alert.
func Write(w io.Writer, matches []*Match, stats []Stats, rate func(k, n int) string) (first, second int) {
	bot := ""
	if len(matches) > 0 {
		bot = matches[0].opts.Bot
	}
	fmt.Fprintf(w, "%s, %s bots, 95%% Wilson intervals\n", diag.Plural(len(matches), "pairing"), bot)
	total := Stats{}
	for i, m := range matches {
		st := stats[i]
		if st.Games == 0 {
			continue
		}
		n := float64(st.Games)
		fmt.Fprintf(w, "%s vs %s on %s: %s\n", m.Decks[0], m.Decks[1], m.Scenario, diag.Plural(st.Games, "game"))
		fmt.Fprintf(w, "  %-20s wins %s  avg VP %.2f\n", m.Decks[0], rate(st.Wins0, st.Games), float64(st.VP0)/n)
		fmt.Fprintf(w, "  %-20s wins %s  avg VP %.2f\n", m.Decks[1], rate(st.Wins1, st.Games), float64(st.VP1)/n)
		fmt.Fprintf(w, "  %-20s      %s\n", "draws", rate(st.Draws, st.Games))
		fmt.Fprintf(w, "  length: %.1f decisions, %.1f turns\n", float64(st.Steps)/n, float64(st.Turns)/n)
		total.Games += st.Games
		total.Wins0 += st.Wins0
		total.Wins1 += st.Wins1
		total.Draws += st.Draws
	}
	if len(matches) > 1 {
		fmt.Fprintf(w, "all: %s, first seat wins %s, second seat wins %s, draws %s\n", diag.Plural(total.Games, "game"),
			rate(total.Wins0, total.Games), rate(total.Wins1, total.Games), rate(total.Draws, total.Games))
	}
	return total.Wins0, total.Wins1
}
