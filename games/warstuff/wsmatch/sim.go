package wsmatch

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"wbtool.dev/wbtool/games/warstuff/wsengine"
)

// Stats sums the games of a Sim, per side (band, or heroes and horde).
type Stats struct {
	Games int
	Wins  []int // sole victories per side
	// Shared: draws in which the side shared the victory (multiplayer,
	// WS-BIG-10); Draws: games nobody won alone.
	Shared []int
	Draws  int
	VP     []int // summed per side
	Turns  int
	Steps  int
	// Seat: in a two-band game, the sole victories of the attacker, who
	// chooses its corner, deploys and activates first (the first seat,
	// WS-SCEN-3 to 5), and of the other band. The roll-off's winner names
	// the attacker (WS-SCEN-2).
	Seat [2]int
}

// Sim plays games seed, seed+1, … on all cores (a two-band game's bands
// in both orders of sides, the first band red in the even games, the
// second in the odd ones; the set-up's roll-offs decide who attacks and
// where everyone deploys) and sums them per band in seed order: the same
// options and seed give the same Stats.
func (m *Match) Sim(games int, seed uint64) (Stats, error) {
	n := len(m.Sides())
	st := Stats{Games: games, Wins: make([]int, n), Shared: make([]int, n), VP: make([]int, n)}
	results := make([]wsengine.Result, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if m.swapped != nil && i%2 == 1 {
					r, _, err := m.swapped.Play(seed+uint64(i), false)
					results[i], errs[i] = swapSides(r), err
					continue
				}
				results[i], _, errs[i] = m.Play(seed+uint64(i), false)
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, r := range results {
		if errs[i] != nil {
			return st, errs[i]
		}
		switch {
		case r.Winner >= 0 && r.Winner < n:
			st.Wins[r.Winner]++
			if m.swapped != nil && r.Attacker >= 0 {
				st.Seat[b2i(r.Winner != r.Attacker)]++
			}
		default:
			st.Draws++
			for s := range n {
				if r.Winners&(1<<s) != 0 {
					st.Shared[s]++
				}
			}
		}
		for s := range n {
			st.VP[s] += r.VP[s]
		}
		st.Turns += r.Turns
		st.Steps += r.Steps
	}
	return st, nil
}

// swapSides turns a result of the swapped game into the match's sides:
// its side 0 is the match's second band.
func swapSides(r wsengine.Result) wsengine.Result {
	if r.Winner == 0 || r.Winner == 1 {
		r.Winner = 1 - r.Winner
	}
	r.VP[0], r.VP[1] = r.VP[1], r.VP[0]
	if r.Attacker == 0 || r.Attacker == 1 {
		r.Attacker = 1 - r.Attacker
	}
	r.Winners = r.Winners&^3 | r.Winners&1<<1 | r.Winners>>1&1
	return r
}

// Write writes the statistics: a title line, a line per side with its
// win rate (and shared victories in multiplayer) and average VP, the
// draws and the average length. rate writes k games of n as a rate (wbtool
// sim gives the 95 % Wilson interval); nil writes a percentage.
func (m *Match) Write(w io.Writer, st Stats, rate func(k, n int) string) {
	sides := m.Sides()
	fmt.Fprintf(w, "%s on %s, %d games, bot %s\n", m.Title(), m.Header.Scenario, st.Games, m.Header.Bot)
	if len(m.Header.Variants) > 0 {
		fmt.Fprintf(w, "  variants: %s\n", strings.Join(m.Header.Variants, ", "))
	}
	g := float64(max(st.Games, 1))
	if rate == nil {
		rate = func(k, n int) string { return fmt.Sprintf("%.1f %%", 100*float64(k)/float64(max(n, 1))) }
	}
	pct := func(k int) string { return rate(k, st.Games) }
	wins := "wins"
	if m.inv { // "the heroes", "the zombies"
		wins = "win"
	}
	if len(sides) == 2 {
		fmt.Fprintf(w, "  %s %s %s, %s %s %s, draws or unfinished %s\n",
			sides[0], wins, pct(st.Wins[0]), sides[1], wins, pct(st.Wins[1]), pct(st.Draws))
		fmt.Fprintf(w, "  average VP %.1f–%.1f, average length %.1f turns\n", float64(st.VP[0])/g, float64(st.VP[1])/g, float64(st.Turns)/g)
		if m.swapped != nil {
			fmt.Fprintf(w, "  the roll-off's winner names the attacker; the attacker (first seat) wins %s of the decisive games\n", rate(st.Seat[0], st.Seat[0]+st.Seat[1]))
		}
		return
	}
	for i, s := range sides {
		fmt.Fprintf(w, "  %s wins %s, shares %s, average VP %.1f\n", s, pct(st.Wins[i]), pct(st.Shared[i]), float64(st.VP[i])/g)
	}
	fmt.Fprintf(w, "  no sole winner %s, average length %.1f turns\n", pct(st.Draws), float64(st.Turns)/g)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
