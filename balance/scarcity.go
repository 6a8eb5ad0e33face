package balance

import (
	"fmt"
	"io"
	"strings"
)

// Component scarcity: a game whose printed kit holds a counted number of
// a token or marker (Wound tokens, action markers) declares them
// ([Counted]); each game then reports its peak simultaneous use of each
// (Tally.Use) and the result keeps, per component, the highest peak and
// the games in which the component ran out (its peak reached the printed
// count: none was left in the supply). Both merge across shards (a
// maximum and a sum), and a component that runs out in more than the
// threshold's share of games is flagged.

// Component is a counted component of a game's printed kit.
type Component struct {
	// Name is the component in the designer's words: "Stress tokens".
	Name string `json:"name"`
	// Printed is how many the kit holds.
	Printed int `json:"printed"`
	// Rule is the rule or decision that sets the count ("R-COMP-1"), ""
	// when none does.
	Rule string `json:"rule,omitempty"`
	// Always says that every one of them is in use by the rules (a deal
	// of all the markers each turn): reaching the count is no shortage,
	// and the component is never flagged.
	Always bool `json:"always,omitempty"`
}

// Counted is a Lab (or a game's match) whose kit has counted components:
// every Tally its pairings play then carries Use, the game's peak use of
// each component, in the order of Components.
type Counted interface {
	Components() []Component
}

// ComponentTally sums one component's use over games.
type ComponentTally struct {
	Component
	// Games are the games summed; Peak the most of it in use at once in
	// any of them; RanOut the games whose peak reached the printed count.
	Games  int `json:"games"`
	Peak   int `json:"peak"`
	RanOut int `json:"ranOut"`
}

// DefaultScarcity is the share of games (percent) beyond which a
// component that runs out is flagged (--scarcity).
const DefaultScarcity = 5.0

// NewComponentTallies are the empty tallies of cs (nil for none).
func NewComponentTallies(cs []Component) []ComponentTally {
	if len(cs) == 0 {
		return nil
	}
	out := make([]ComponentTally, len(cs))
	for i, c := range cs {
		out[i].Component = c
	}
	return out
}

// AddUse sums one game's peak use of each component (in order) into ts.
func AddUse(ts []ComponentTally, use []int) {
	for i := range ts {
		v := 0
		if i < len(use) {
			v = use[i]
		}
		t := &ts[i]
		t.Games++
		t.Peak = max(t.Peak, v)
		if t.Printed > 0 && v >= t.Printed {
			t.RanOut++
		}
	}
}

// MergeComponents adds the tallies b into a (the same components in the
// same order, or an error).
func MergeComponents(a, b []ComponentTally) ([]ComponentTally, error) {
	if len(a) == 0 && len(b) == 0 {
		return nil, nil
	}
	if len(a) != len(b) {
		return nil, fmt.Errorf("%d counted components, the others have %d", len(b), len(a))
	}
	out := make([]ComponentTally, len(a))
	for i := range a {
		if a[i].Component != b[i].Component {
			return nil, fmt.Errorf("component %d is %s (%d printed), the others' is %s (%d printed)", i+1, b[i].Name, b[i].Printed, a[i].Name, a[i].Printed)
		}
		out[i] = a[i]
		out[i].Games += b[i].Games
		out[i].Peak = max(a[i].Peak, b[i].Peak)
		out[i].RanOut += b[i].RanOut
	}
	return out, nil
}

// Scarce reports whether t ran out in more than pct percent of its games
// (never for a component always all in use).
func (t ComponentTally) Scarce(pct float64) bool {
	return !t.Always && t.Games > 0 && float64(t.RanOut)*100 > pct*float64(t.Games)
}

// Line says t in words: "Stress tokens: peak 9 of 10 printed; ran out in
// 3.1 % of games", with " (flagged: more than 5 %)" when scarce.
func (t ComponentTally) Line(pct float64) string {
	s := fmt.Sprintf("%s: peak %d of %d printed", t.Name, t.Peak, t.Printed)
	switch {
	case t.Always:
		s += "; all in use by the rules"
	case t.RanOut > 0 && t.RanOut*2000 < t.Games: // would read 0.0 %
		s += fmt.Sprintf("; ran out in %d of %d games", t.RanOut, t.Games)
	case t.Games > 0:
		s += fmt.Sprintf("; ran out in %.1f %% of games", float64(t.RanOut)*100/float64(t.Games))
	}
	if t.Scarce(pct) {
		s += fmt.Sprintf(" (flagged: more than %g %%)", pct)
	}
	return s
}

// WriteScarcity writes the components' lines, each on its own line after
// a heading; nothing for none.
func WriteScarcity(w io.Writer, ts []ComponentTally, pct float64) {
	if len(ts) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "components against the printed counts (flagged when one runs out in more than %g %% of %d games):\n", pct, ts[0].Games)
	for _, t := range ts {
		b.WriteString("  " + t.Line(pct) + "\n")
	}
	io.WriteString(w, b.String())
}
