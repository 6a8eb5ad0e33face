package ubmatch

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"wbtool.dev/wbtool/games/unbound/ubengine"
)

// Play plays the game of seed with the match's bot on every side: its
// result, log and, when asked, the account in words.
func (m *Match) Play(seed uint64, account bool) (Result, *Log, string, error) {
	var acct *strings.Builder
	if account {
		acct = &strings.Builder{}
	}
	r, l, err := m.play(seed, nil, acct, nil)
	if acct == nil {
		return r, l, "", err
	}
	return r, l, acct.String(), err
}

// Report are the result lines of a game: the stand-in named, then the
// result.
func (m *Match) Report(r Result) []string {
	res := "a draw"
	if r.Winner >= 0 {
		res = m.Armies[r.Winner] + " wins"
	}
	if r.Too {
		res = "unfinished (step limit)"
	}
	return []string{
		"resolution: " + StandIn,
		fmt.Sprintf("after turn %d, %d decisions: %s (stand-in VP): %s", r.Turns, r.Steps, joinSides(m.Armies, r.VP), res),
	}
}

// Replay plays a log again with its decisions: a step whose decision
// is not legal, or whose state differs from the logged one, is an error.
func Replay(m *Match, l *Log) error {
	decide := func(g *game, legal []ubengine.Order) (int, error) {
		k := len(g.log.Steps)
		if k >= len(l.Steps) {
			return 0, fmt.Errorf("the log ends after step %d, the game goes on", k)
		}
		for i, o := range legal {
			if g.t.Format(o) == l.Steps[k].Do {
				return i, nil
			}
		}
		return 0, fmt.Errorf("step %d: %q is not a legal order here", l.Steps[k].N, l.Steps[k].Do)
	}
	_, played, err := m.play(l.Header.Seed, decide, nil, l.Steps)
	if err != nil {
		return err
	}
	if len(played.Steps) != len(l.Steps) {
		return fmt.Errorf("the game played %d steps, the log holds %d", len(played.Steps), len(l.Steps))
	}
	return nil
}

// Stats sum many games.
type Stats struct {
	Games, Draws, Unfinished int
	Wins                     []int
	Turns, Steps             int
	Lost                     []int
}

// Sim plays games seed, seed+1, … on all cores and sums them in seed
// order (the same sums whatever the number of cores).
func (m *Match) Sim(games int, seed uint64) (Stats, error) {
	st := Stats{Wins: make([]int, len(m.Armies)), Lost: make([]int, len(m.Armies))}
	results := make([]Result, max(games, 0))
	errs := make([]error, len(results))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := int(next.Add(1) - 1); k < len(results); k = int(next.Add(1) - 1) {
				results[k], _, errs[k] = m.play(seed+uint64(k), nil, nil, nil)
			}
		}()
	}
	wg.Wait()
	for k, r := range results {
		if errs[k] != nil {
			return st, fmt.Errorf("seed %d: %w", seed+uint64(k), errs[k])
		}
		st.Games++
		st.Turns += r.Turns
		st.Steps += r.Steps
		switch {
		case r.Too:
			st.Unfinished++
		case r.Winner < 0:
			st.Draws++
		default:
			st.Wins[r.Winner]++
		}
		for i, n := range r.Lost {
			st.Lost[i] += n
		}
	}
	return st, nil
}

// Write writes a sim's summary, each rate as rate(k, n) writes it.
func (m *Match) Write(w io.Writer, st Stats, rate func(k, n int) string) {
	fmt.Fprintf(w, "40k Unbound · %s · %s · bot %s · %d games\n", m.Scenario, strings.Join(m.Armies, " against "), m.Bot, st.Games)
	fmt.Fprintf(w, "resolution: %s\n", StandIn)
	for i, a := range m.Armies {
		fmt.Fprintf(w, "%s won %d (%s), lost %.1f units a game\n", a, st.Wins[i], rate(st.Wins[i], st.Games), float64(st.Lost[i])/float64(max(st.Games, 1)))
	}
	fmt.Fprintf(w, "draws %d (%s), unfinished %d\n", st.Draws, rate(st.Draws, st.Games), st.Unfinished)
	fmt.Fprintf(w, "%.2f turns and %.1f decisions a game\n", float64(st.Turns)/float64(max(st.Games, 1)), float64(st.Steps)/float64(max(st.Games, 1)))
}

// Unit is one unit of a match, as the balance lab tallies it.
type Unit struct {
	Name, Profile string
	Side          int
}

// Units are the match's units in the engine's order (ids from 1).
func (m *Match) Units() []Unit {
	var out []Unit
	for _, u := range m.table.Units {
		prof := ""
		for _, e := range m.table.Armies[u.Side].Entries {
			if e.ID == u.Name {
				prof = e.Unit
			}
		}
		out = append(out, Unit{Name: u.Name, Profile: prof, Side: u.Side})
	}
	return out
}
