package balance

import (
	"fmt"
	"math"
	"slices"
)

// Thresholds are where the alerts start: a figure is flagged when its
// whole 95 % interval lies beyond the threshold, not merely its estimate.
type Thresholds struct {
	// SeatLo and SeatHi bound the first seat's share of decisive games.
	SeatLo float64 `json:"seatLo"`
	SeatHi float64 `json:"seatHi"`
	// Matchup is the largest share of decisive games a deck may take from
	// another (60: beyond 60/40).
	Matchup float64 `json:"matchup"`
	// Card is the largest effect of one card on its deck's win rate, in
	// points.
	Card float64 `json:"card"`
	// Scarcity is the share of games (percent) in which a counted
	// component may run out before it is flagged; recorded only for a
	// game with counted components.
	Scarcity float64 `json:"scarcity,omitempty"`
}

// DefaultThresholds are the designers' defaults: seat outside 45–55 %,
// matchup beyond 60/40, card effect beyond 5 points, a component that
// runs out in more than 5 % of games.
var DefaultThresholds = Thresholds{SeatLo: 45, SeatHi: 55, Matchup: 60, Card: 5, Scarcity: DefaultScarcity}

// Summary is what a result says, derived from its tallies.
type Summary struct {
	Thresholds Thresholds        `json:"thresholds"`
	Games      int               `json:"games"`
	Scenarios  []ScenarioSummary `json:"scenarios"`
	Cards      []CardSummary     `json:"cards"`
	Variants   []VariantSummary  `json:"variants,omitempty"`
	Alerts     []Alert           `json:"alerts"`
	// Playtests are the people's results beside the bots'.
	Playtests []PlaytestSummary `json:"playtests,omitempty"`
}

// ScenarioSummary sums the games of the plain decks on one scenario.
type ScenarioSummary struct {
	Format     string   `json:"format"`
	Scenario   string   `json:"scenario"`
	Decks      []string `json:"decks"`
	Games      int      `json:"games"`
	FirstSeat  Rate     `json:"firstSeat"` // the first seat's share of decisive games
	Draws      Rate     `json:"draws"`
	Completion Rate     `json:"completion"` // games that reached their end
	MeanSteps  float64  `json:"meanSteps"`  // decisions per game
	SDSteps    float64  `json:"sdSteps"`
	Lengths    []int    `json:"lengths"`
	Matrix     []Cell   `json:"matrix"` // every ordered pair of decks
	// OneSided: the sides cannot swap (decks against opponents, as
	// Warstuff's heroes against hordes); FirstSeat is the decks' share,
	// and no seat alert is made of it.
	OneSided bool `json:"oneSided,omitempty"`
}

// Cell is deck Row against deck Col over both seat orders: Row's share of
// the decisive games.
type Cell struct {
	Row   string  `json:"row"`
	Col   string  `json:"col"`
	Draws int     `json:"draws"`
	Share Rate    `json:"share"`
	RowVP float64 `json:"rowVP"` // mean Victory Points
	ColVP float64 `json:"colVP"`
}

// CardSummary is a Character card's figures in its deck, per game.
type CardSummary struct {
	Format      string  `json:"format"`
	Deck        string  `json:"deck"`
	Card        string  `json:"card"`
	Games       int     `json:"games"`
	Activations float64 `json:"activations"` // per game
	Dealt       float64 `json:"dealt"`       // per game
	Taken       float64 `json:"taken"`       // per game
	Survival    Rate    `json:"survival"`
	VPShare     float64 `json:"vpShare"`  // percent of its side's VP scored in its activations
	WhenActs    Rate    `json:"whenActs"` // its side's share of decisive games when it acts
	WhenIdle    Rate    `json:"whenIdle"` // … when it never acts
}

// VariantSummary is the effect of one card on its deck: the deck's share
// of decisive games with it minus without it, against the same opponents
// on the same seeds, in points, with Newcombe's 95 % interval of a
// difference of two proportions.
type VariantSummary struct {
	Format   string  `json:"format"`
	Scenario string  `json:"scenario"`
	Deck     string  `json:"deck"`
	Card     string  `json:"card"`
	With     Rate    `json:"with"`
	Without  Rate    `json:"without"`
	Effect   float64 `json:"effect"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
}

// Alert is a figure significantly beyond a threshold.
type Alert struct {
	Kind     string  `json:"kind"` // seat, matchup, card, scarcity
	Format   string  `json:"format"`
	Scenario string  `json:"scenario"`
	Text     string  `json:"text"`
	Pct      float64 `json:"pct"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
}

// Finish computes r's summary and alerts with the thresholds.
func (r *Result) Finish(th Thresholds) *Summary {
	if len(r.Components) == 0 {
		th.Scarcity = 0 // no counted component: nothing to record
	}
	s := &Summary{Thresholds: th}
	plain := map[string][]int{} // the plain matchups of each scenario
	for i := range r.Matchups {
		if m := &r.Matchups[i]; m.Without == "" {
			plain[m.Scenario] = append(plain[m.Scenario], i)
		}
	}
	for _, sid := range r.Settings.Scenarios {
		ss := ScenarioSummary{Scenario: sid, Lengths: make([]int, LengthBins)}
		var first, second, draws, unfinished, steps, stepsSq int
		pair := map[[2]string]*[5]int{} // row wins, col wins, draws, row VP, col VP
		for _, i := range plain[sid] {
			m := &r.Matchups[i]
			ss.Format = m.Format
			for _, d := range m.Decks {
				if !slices.Contains(ss.Decks, d) {
					ss.Decks = append(ss.Decks, d)
				}
			}
			ss.Games += m.Games
			first += m.Wins[0]
			second += m.Wins[1]
			draws += m.Draws
			unfinished += m.Unfinished
			steps += m.Steps
			stepsSq += m.StepsSq
			for b := range min(len(m.Lengths), LengthBins) {
				ss.Lengths[b] += m.Lengths[b]
			}
			for seat := range 2 {
				k := [2]string{m.Decks[seat], m.Decks[1-seat]}
				p := pair[k]
				if p == nil {
					p = &[5]int{}
					pair[k] = p
				}
				p[0] += m.Wins[seat]
				p[1] += m.Wins[1-seat]
				p[2] += m.Draws
				p[3] += m.VP[seat]
				p[4] += m.VP[1-seat]
			}
		}
		if ss.Games == 0 {
			continue
		}
		slices.Sort(ss.Decks)
		ss.OneSided = r.oneSided(plain[sid])
		ss.FirstSeat = NewRate(first, first+second)
		ss.Draws = NewRate(draws, ss.Games)
		ss.Completion = NewRate(ss.Games-unfinished, ss.Games)
		n := float64(ss.Games)
		ss.MeanSteps = round2(float64(steps) / n)
		ss.SDSteps = round2(math.Sqrt(max(0, float64(stepsSq)/n-math.Pow(float64(steps)/n, 2))))
		for _, a := range ss.Decks {
			for _, b := range ss.Decks {
				p := pair[[2]string{a, b}]
				if a == b || p == nil {
					continue
				}
				games := p[0] + p[1] + p[2]
				c := Cell{Row: a, Col: b, Draws: p[2], Share: NewRate(p[0], p[0]+p[1])}
				if games > 0 {
					c.RowVP, c.ColVP = round2(float64(p[3])/float64(games)), round2(float64(p[4])/float64(games))
				}
				ss.Matrix = append(ss.Matrix, c)
			}
		}
		s.Games += ss.Games
		s.Scenarios = append(s.Scenarios, ss)
	}
	for _, c := range r.Cards {
		if c.Games == 0 {
			continue
		}
		n := float64(c.Games)
		cs := CardSummary{Format: c.Format, Deck: c.Deck, Card: c.Card, Games: c.Games,
			Activations: round2(float64(c.Activations) / n), Dealt: round2(float64(c.Dealt) / n), Taken: round2(float64(c.Taken) / n),
			Survival: NewRate(c.Survived, c.Games),
			WhenActs: NewRate(c.ActedWins, c.ActedWins+c.ActedLosses), WhenIdle: NewRate(c.IdleWins, c.IdleWins+c.IdleLosses)}
		if c.SideVP > 0 {
			cs.VPShare = round2(100 * float64(c.VP) / float64(c.SideVP))
		}
		s.Cards = append(s.Cards, cs)
	}
	s.Variants = r.variants()
	s.Alerts = alerts(s)
	for _, c := range r.Components {
		if c.Scarce(th.Scarcity) {
			r := NewRate(c.RanOut, c.Games)
			s.Alerts = append(s.Alerts, Alert{Kind: "scarcity", Text: c.Line(th.Scarcity), Pct: r.Pct, Lo: r.Lo, Hi: r.Hi})
		}
	}
	playtestSummaries(r, s)
	r.Summary = s
	return s
}

// oneSided reports whether the matchups ms hold different decks in each
// seat (see the function oneSided).
func (r *Result) oneSided(ms []int) bool {
	seats := [2]map[string]bool{{}, {}}
	for _, i := range ms {
		seats[0][r.Matchups[i].Decks[0]], seats[1][r.Matchups[i].Decks[1]] = true, true
	}
	return oneSided(seats[0], seats[1])
}

// variants compares each deck with and without each card, per scenario:
// the same opponents, seats and seeds on both sides of the difference.
func (r *Result) variants() []VariantSummary {
	type key struct{ scenario, deck, card string }
	type tally struct{ with, without [2]int } // wins, losses of the deck
	var order []key
	t := map[key]*tally{}
	var fmts = map[string]string{}
	type game struct {
		scenario string
		decks    [2]string
	}
	plain := map[game][]int{} // the plain matchups of each game
	for i := range r.Matchups {
		if b := &r.Matchups[i]; b.Without == "" {
			g := game{b.Scenario, b.Decks}
			plain[g] = append(plain[g], i)
		}
	}
	for i := range r.Matchups {
		m := &r.Matchups[i]
		if m.Without == "" {
			continue
		}
		k := key{m.Scenario, m.Decks[m.Seat], m.Without}
		if t[k] == nil {
			t[k] = &tally{}
			order = append(order, k)
			fmts[m.Scenario] = m.Format
		}
		t[k].without[0] += m.Wins[m.Seat]
		t[k].without[1] += m.Wins[1-m.Seat]
		// The same games of the plain decks.
		for _, j := range plain[game{m.Scenario, m.Decks}] {
			b := &r.Matchups[j]
			t[k].with[0] += b.Wins[m.Seat]
			t[k].with[1] += b.Wins[1-m.Seat]
		}
	}
	var out []VariantSummary
	for _, k := range order {
		v := t[k]
		w, wo := NewRate(v.with[0], v.with[0]+v.with[1]), NewRate(v.without[0], v.without[0]+v.without[1])
		lo, hi := newcombe(v.with[0], v.with[0]+v.with[1], v.without[0], v.without[0]+v.without[1])
		out = append(out, VariantSummary{Format: fmts[k.scenario], Scenario: k.scenario, Deck: k.deck, Card: k.card,
			With: w, Without: wo, Effect: round2(w.Pct - wo.Pct), Lo: round2(100 * lo), Hi: round2(100 * hi)})
	}
	return out
}

// newcombe is the 95 % interval of p1 − p2 (k1/n1 − k2/n2) by Newcombe's
// hybrid score method (his method 10), from the two Wilson intervals.
func newcombe(k1, n1, k2, n2 int) (lo, hi float64) {
	if n1 == 0 || n2 == 0 {
		return -1, 1
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	l1, u1 := Wilson(k1, n1)
	l2, u2 := Wilson(k2, n2)
	d := p1 - p2
	return d - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2)), d + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2))
}

// alerts lists what lies significantly beyond the thresholds.
func alerts(s *Summary) []Alert {
	th := s.Thresholds
	var out []Alert
	for _, sc := range s.Scenarios {
		if a, ok := SeatAlert(sc.FirstSeat, th); ok && !sc.OneSided {
			a.Format, a.Scenario = sc.Format, sc.Scenario
			a.Text = sc.Scenario + ": " + a.Text
			out = append(out, a)
		}
		for _, c := range sc.Matrix {
			if c.Row > c.Col || c.Share.N == 0 { // each pairing once, from the winner's side
				continue
			}
			share := c.Share
			win, lose := c.Row, c.Col
			if share.Pct < 50 {
				win, lose = lose, win
				share = Rate{K: share.N - share.K, N: share.N, Pct: round2(100 - share.Pct), Lo: round2(100 - share.Hi), Hi: round2(100 - share.Lo)}
			}
			if share.Lo > th.Matchup {
				out = append(out, Alert{Kind: "matchup", Format: sc.Format, Scenario: sc.Scenario, Pct: share.Pct, Lo: share.Lo, Hi: share.Hi,
					Text: fmt.Sprintf("%s: %s beats %s in %s decisive games, beyond %g/%g", sc.Scenario, win, lose, share, th.Matchup, 100-th.Matchup)})
			}
		}
	}
	for _, v := range s.Variants {
		if v.Lo > th.Card || v.Hi < -th.Card {
			word := "adds"
			if v.Effect < 0 {
				word = "costs"
			}
			out = append(out, Alert{Kind: "card", Format: v.Format, Scenario: v.Scenario, Pct: v.Effect, Lo: v.Lo, Hi: v.Hi,
				Text: fmt.Sprintf("%s: %s %s %s %+.1f points [%+.1f, %+.1f] of win rate (%s with it, %s without), beyond ±%g",
					v.Scenario, v.Card, word, v.Deck, v.Effect, v.Lo, v.Hi, v.With, v.Without, th.Card)})
		}
	}
	return out
}

// SeatAlert flags a first seat's share of decisive games whose interval
// lies wholly outside the thresholds' band.
func SeatAlert(first Rate, th Thresholds) (Alert, bool) {
	if first.N == 0 || (first.Lo <= th.SeatHi && first.Hi >= th.SeatLo) {
		return Alert{}, false
	}
	seat := "first"
	if first.Pct < 50 {
		seat = "second"
	}
	return Alert{Kind: "seat", Pct: first.Pct, Lo: first.Lo, Hi: first.Hi,
		Text: fmt.Sprintf("the %s seat has the edge: the first seat wins %s decisive games, outside %g–%g %%", seat, first, th.SeatLo, th.SeatHi)}, true
}

// String writes the rate as "61.5 % [57.2–65.6] of 500".
func (r Rate) String() string {
	return fmt.Sprintf("%.1f %% [%.1f–%.1f] of %d", r.Pct, r.Lo, r.Hi, r.N)
}
