package balance

import (
	"cmp"
	"fmt"
	"slices"
)

// Playtest is one game people played, from a playtest log (package
// schema/playtest reads them): what the bots' figures are set beside.
type Playtest struct {
	ID       string
	Date     string // YYYY-MM-DD
	Players  []string
	Decks    [2]string // in seat order
	Scenario string
	// Content is the content version it was played on: the content's
	// hash, as the balance report and 'wbtool version' name it.
	Content string
	// Winner is one of Decks, or Draw.
	Winner string
	Score  *[2]int
	Notes  string
}

// Draw is a playtest's winner when nobody won.
const Draw = "draw"

// PlaytestTally sums the playtests of a pair of decks (in name order) on a
// scenario.
type PlaytestTally struct {
	Scenario string    `json:"scenario"`
	Decks    [2]string `json:"decks"`
	Games    int       `json:"games"`
	Wins     [2]int    `json:"wins"` // each deck's wins
	Draws    int       `json:"draws"`
}

// PlaytestSummary sets the people's results of a pair of decks beside the
// bots': the first deck's share of decisive games in each, with their 95
// % intervals; Disagree when the intervals do not overlap.
type PlaytestSummary struct {
	Format   string    `json:"format"`
	Scenario string    `json:"scenario"`
	Decks    [2]string `json:"decks"`
	People   Rate      `json:"people"`
	Bots     Rate      `json:"bots"`
	Disagree bool      `json:"disagree,omitempty"`
}

// AddPlaytests sums the playtests of r's content version on a pair of
// decks r played on the same scenario into r.Playtests. It returns how
// many it set aside: played on another content version, or on decks or
// a scenario the run did not play.
func (r *Result) AddPlaytests(logs []Playtest) (other int) {
	played := map[[3]string]bool{}
	for _, m := range r.Matchups {
		if m.Without == "" {
			played[[3]string{m.Scenario, m.Decks[0], m.Decks[1]}] = true
		}
	}
	defer func() { r.PlaytestsAside += other }()
	for _, p := range logs {
		if p.Content != r.Content || !played[[3]string{p.Scenario, p.Decks[0], p.Decks[1]}] {
			other++
			continue
		}
		d, swap := p.Decks, false
		if d[1] < d[0] {
			d, swap = [2]string{d[1], d[0]}, true
		}
		i, found := slices.BinarySearchFunc(r.Playtests, PlaytestTally{Scenario: p.Scenario, Decks: d}, playtestOrder)
		if !found {
			r.Playtests = slices.Insert(r.Playtests, i, PlaytestTally{Scenario: p.Scenario, Decks: d})
		}
		t := &r.Playtests[i]
		t.Games++
		switch p.Winner {
		case p.Decks[0]:
			t.Wins[b2i(swap)]++
		case p.Decks[1]:
			t.Wins[1-b2i(swap)]++
		default:
			t.Draws++
		}
	}
	return other
}

func playtestOrder(a, b PlaytestTally) int {
	return cmp.Or(cmp.Compare(a.Scenario, b.Scenario), cmp.Compare(a.Decks[0], b.Decks[0]), cmp.Compare(a.Decks[1], b.Decks[1]))
}

// checkPlaytests checks a result's playtest tallies: names, counts that
// add up, each pair once and in order.
func (r *Result) checkPlaytests() error {
	for i, t := range r.Playtests {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("playtests %d: %s", i+1, fmt.Sprintf(format, args...))
		}
		for _, s := range []string{t.Scenario, t.Decks[0], t.Decks[1]} {
			if err := checkText("name", s); err != nil {
				return bad("%v", err)
			}
		}
		if t.Games < 0 || t.Games > maxCount || t.Wins[0] < 0 || t.Wins[1] < 0 || t.Draws < 0 || t.Wins[0]+t.Wins[1]+t.Draws != t.Games {
			return bad("%d + %d wins and %d draws do not make its %d games", t.Wins[0], t.Wins[1], t.Draws, t.Games)
		}
		if i > 0 && playtestOrder(r.Playtests[i-1], t) >= 0 {
			return bad("out of order or listed twice")
		}
	}
	return nil
}

// playtestSummaries sets each pair's playtests beside the bots' cell of
// the same scenario, and alerts where they disagree.
func playtestSummaries(r *Result, s *Summary) {
	for _, t := range r.Playtests {
		ps := PlaytestSummary{Scenario: t.Scenario, Decks: t.Decks, People: NewRate(t.Wins[0], t.Wins[0]+t.Wins[1])}
		for _, sc := range s.Scenarios {
			if sc.Scenario != t.Scenario {
				continue
			}
			ps.Format = sc.Format
			for _, c := range sc.Matrix {
				if c.Row == t.Decks[0] && c.Col == t.Decks[1] {
					ps.Bots = c.Share
				}
			}
		}
		ps.Disagree = ps.People.N > 0 && ps.Bots.N > 0 && (ps.People.Hi < ps.Bots.Lo || ps.Bots.Hi < ps.People.Lo)
		if ps.Disagree {
			s.Alerts = append(s.Alerts, Alert{Kind: "playtest", Format: ps.Format, Scenario: ps.Scenario, Pct: ps.People.Pct, Lo: ps.People.Lo, Hi: ps.People.Hi,
				Text: fmt.Sprintf("%s: %s against %s wins %s decisive games played by people, %s played by the bots: the intervals do not overlap",
					ps.Scenario, t.Decks[0], t.Decks[1], ps.People, ps.Bots)})
		}
		s.Playtests = append(s.Playtests, ps)
	}
}
