package balance

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// WriteText writes the terminal summary of a finished result: per
// scenario the seat advantage, draws, completion, length and matchups,
// then the alerts with their numbers and intervals.
func WriteText(w io.Writer, r *Result) {
	s := r.Summary
	if s == nil {
		s = r.Finish(DefaultThresholds)
	}
	fmt.Fprintf(w, "%s, %s bots, %d games per matchup and seat order, %d games; shares of decisive games, 95%% Wilson intervals\n",
		formatList(r), botLabel(r.Settings), r.Settings.Games, s.Games)
	if miss := r.Missing(); len(miss) > 0 {
		fmt.Fprintf(w, "partial result: %d of %d shards merged\n", len(r.Shards), r.Shards[0].N)
	}
	for _, sc := range s.Scenarios {
		seat := "first seat"
		if sc.OneSided {
			seat = "one-sided, the decks win"
		}
		fmt.Fprintf(w, "%s (%s): %d games, %s %s, draws %.1f %%, completion %.1f %%, %.1f decisions a game\n",
			sc.Scenario, sc.Format, sc.Games, seat, sc.FirstSeat, sc.Draws.Pct, sc.Completion.Pct, sc.MeanSteps)
		for _, c := range sc.Matrix {
			if c.Row < c.Col {
				fmt.Fprintf(w, "  %-18s vs %-18s %s\n", c.Row, c.Col, c.Share)
			}
		}
	}
	if t := r.Settings.SPRT; t != nil {
		fmt.Fprintln(w, sprtLine(r))
		for _, q := range r.Sequential {
			fmt.Fprintf(w, "  %-18s vs %-18s on %s: %d games, first deck's score %.1f %%: %s\n", q.Decks[0], q.Decks[1], q.Scenario, q.Games, q.Score, q.Why)
		}
	}
	if len(r.Playtests) > 0 || r.PlaytestsAside > 0 {
		fmt.Fprintln(w, playtestLine(r))
		for _, p := range s.Playtests {
			flag := ""
			if p.Disagree {
				flag = " (they disagree)"
			}
			fmt.Fprintf(w, "  %-18s vs %-18s on %s: players %s, bots %s%s\n", p.Decks[0], p.Decks[1], p.Scenario, p.People, p.Bots, flag)
		}
	}
	WriteScarcity(w, r.Components, s.Thresholds.Scarcity)
	if len(s.Alerts) == 0 {
		fmt.Fprintln(w, "no alert")
	}
	for _, a := range s.Alerts {
		fmt.Fprintf(w, "alert (%s): %s\n", a.Kind, a.Text)
	}
}

// Progress returns a Progress callback that draws a bar with the games
// done and an estimate of the time left on w, at most every 200 ms and at
// the end (then with a newline). now is the clock (time.Now).
func Progress(w io.Writer, now func() time.Time) func(done, total int) {
	start, last := now(), time.Time{}
	return func(done, total int) {
		t := now()
		if done < total && t.Sub(last) < 200*time.Millisecond {
			return
		}
		last = t
		pct := done * 100 / max(total, 1)
		bar := strings.Repeat("#", pct/4) + strings.Repeat(".", 25-pct/4)
		eta := "--"
		if done > 0 {
			left := time.Duration(float64(t.Sub(start)) * float64(total-done) / float64(done))
			eta = left.Round(time.Second).String()
		}
		fmt.Fprintf(w, "\r[%s] %3d%% %d/%d games, %s left ", bar, pct, done, total, eta)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

// botLabel names a run's bots: "random", or "greedy (first seat) and
// random (second seat)".
func botLabel(set Settings) string {
	b := set.SeatBots()
	if b[0] == b[1] && b[0] == set.Bot {
		return set.Bot
	}
	return b[0] + " (first seat) and " + b[1] + " (second seat)"
}

// sprtLine says what a sequential run's tests were and what they took,
// beside the games a fixed-size run needs at the same error rates.
func sprtLine(r *Result) string {
	t := r.Settings.SPRT
	decided, games, most := 0, 0, 0
	for _, q := range r.Sequential {
		if q.Decision != Undecided {
			decided++
		}
		games += q.Games
		most += 2 * r.Settings.Games
		if !q.Paired {
			most -= r.Settings.Games
		}
	}
	return fmt.Sprintf("sequential tests (SPRT: H0 %s Elo, H1 %s Elo for either deck, alpha %g, beta %g, looks every %d pairs): %d of %d decided, %d games of at most %d",
		eloText(t.Elo0), eloText(t.Elo1), t.Alpha, t.Beta, t.Batch, decided, len(r.Sequential), games, most)
}

// eloText writes an Elo difference with its sign and one decimal at most:
// "+70.4", "0".
func eloText(x float64) string {
	x = math.Round(x*10)/10 + 0 // + 0: no "-0"
	if x > 0 {
		return "+" + strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// playtestLine says what playtests a result sets beside its bots.
func playtestLine(r *Result) string {
	games := 0
	for _, t := range r.Playtests {
		games += t.Games
	}
	return fmt.Sprintf("playtests on content %s: %d games on %d pairs of decks beside the bots; %d set aside (another content version, or decks or a scenario this run did not play)",
		r.Content, games, len(r.Playtests), r.PlaytestsAside)
}
