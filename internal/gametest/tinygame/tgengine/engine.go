// Package tgengine is the tiny test game's rules engine: a duel of two
// hands of cards played in five steps (deal, deploy, cast, fight, score).
// It is pure: plain data in, an outcome and its account out, no I/O.
package tgengine

import (
	"fmt"
	"strings"
)

// Budget is what each side may spend on the cards it plays.
const Budget = 6

// Card is one card of a hand: a unit (Power) or a spell (Damage).
type Card struct {
	ID       string
	Spell    bool
	Power    int // a unit's
	Damage   int // a spell's
	Cost     int
	Counters string // a spell's: the unit it hits twice as hard
}

// Step is one step of the duel, in words.
type Step struct {
	N    int
	Name string
	Text string
}

// Outcome is how a duel ended: "a", "b" or "draw", the sides' remaining
// power, and the account of the five steps.
type Outcome struct {
	Winner         string
	ScoreA, ScoreB int
	Steps          []Step
}

// StepNames are the five steps, in order.
var StepNames = [5]string{"deal", "deploy", "cast", "fight", "score"}

type unit struct {
	id    string
	power int
}

// Play plays hand a against hand b.
func Play(a, b []Card) Outcome {
	var o Outcome
	step := func(n int, format string, args ...any) {
		o.Steps = append(o.Steps, Step{N: n, Name: StepNames[n-1], Text: fmt.Sprintf(format, args...)})
	}
	// 1 deal
	step(1, "a holds %s; b holds %s", ids(a), ids(b))
	// 2 deploy: units in hand order while the budget lasts
	left := [2]int{Budget, Budget}
	var board [2][]unit
	for s, hand := range [2][]Card{a, b} {
		for _, c := range hand {
			if !c.Spell && c.Cost <= left[s] {
				left[s] -= c.Cost
				board[s] = append(board[s], unit{c.ID, c.Power})
			}
		}
	}
	step(2, "a deploys %s; b deploys %s", units(board[0]), units(board[1]))
	// 3 cast: spells in hand order while the budget lasts, each at the
	// strongest enemy unit (the first of equals)
	var cast []string
	for s, hand := range [2][]Card{a, b} {
		foe := board[1-s]
		for _, c := range hand {
			if !c.Spell || c.Cost > left[s] || len(foe) == 0 {
				continue
			}
			left[s] -= c.Cost
			t := 0
			for i, u := range foe {
				if u.power > foe[t].power {
					t = i
				}
			}
			dmg := c.Damage
			if c.Counters == foe[t].id {
				dmg *= 2
			}
			foe[t].power = max(0, foe[t].power-dmg)
			cast = append(cast, fmt.Sprintf("%s hits %s for %d", c.ID, foe[t].id, dmg))
		}
	}
	if len(cast) == 0 {
		cast = []string{"no spell"}
	}
	step(3, "%s", strings.Join(cast, "; "))
	// 4 fight
	for _, u := range board[0] {
		o.ScoreA += u.power
	}
	for _, u := range board[1] {
		o.ScoreB += u.power
	}
	step(4, "a fights with %d, b with %d", o.ScoreA, o.ScoreB)
	// 5 score
	switch {
	case o.ScoreA > o.ScoreB:
		o.Winner = "a"
	case o.ScoreB > o.ScoreA:
		o.Winner = "b"
	default:
		o.Winner = "draw"
	}
	step(5, "winner: %s", o.Winner)
	return o
}

func ids(hand []Card) string {
	if len(hand) == 0 {
		return "nothing"
	}
	s := make([]string, len(hand))
	for i, c := range hand {
		s[i] = c.ID
	}
	return strings.Join(s, ", ")
}

func units(us []unit) string {
	if len(us) == 0 {
		return "nothing"
	}
	s := make([]string, len(us))
	for i, u := range us {
		s[i] = fmt.Sprintf("%s (%d)", u.id, u.power)
	}
	return strings.Join(s, ", ")
}
