// Package checkkit is what the engines' check-game runners share, whatever
// the game: the list of differences between a check's expectations and
// the state it reached.
package checkkit

import (
	"fmt"
	"strings"
)

// Diffs lists what a check found otherwise than expected, in the order
// it looked.
type Diffs []string

// Want records "what: expected exp, got got" when the two print
// differently.
func (d *Diffs) Want(what string, exp, got any) {
	if fmt.Sprint(exp) != fmt.Sprint(got) {
		*d = append(*d, fmt.Sprintf("%s: expected %v, got %v", what, exp, got))
	}
}

// Opt is Want for an expectation the check may leave out (nil).
func Opt[T any](d *Diffs, what string, exp *T, got any) {
	if exp != nil {
		d.Want(what, *exp, got)
	}
}

// Add records a difference in its own words.
func (d *Diffs) Add(format string, args ...any) { *d = append(*d, fmt.Sprintf(format, args...)) }

// String joins the differences with "; ": "" when everything held.
func (d Diffs) String() string { return strings.Join(d, "; ") }

// TrailSteps is how many steps before a failing one its message shows.
const TrailSteps = 3

// trailEvents is how many events of a step the trail shows.
const trailEvents = 10

// Trail keeps what the last steps of a check game did, so that the
// message of a step that goes otherwise than scripted shows what
// happened just before it (the last TrailSteps steps).
type Trail struct{ steps []string }

// Add records that step n (from 1) played did (its decisions, as the
// check's script and the game log write them) and caused events.
func (t *Trail) Add(n int, did string, events []string) {
	s := fmt.Sprintf("step %d %q", n, did)
	if len(events) > trailEvents {
		events = append(events[:trailEvents:trailEvents], fmt.Sprintf("%d more", len(events)-trailEvents))
	}
	if len(events) > 0 {
		s += " → " + strings.Join(events, ", ")
	}
	t.steps = append(t.steps, s)
	if len(t.steps) > TrailSteps {
		t.steps = t.steps[1:]
	}
}

// Before is what a failing step's message ends with: "; before it: step
// 2 "red move to C4" → move a/0 C4; step 3 …", or "" when no step played
// before it.
func (t *Trail) Before() string {
	if len(t.steps) == 0 {
		return ""
	}
	return "; before it: " + strings.Join(t.steps, "; ")
}
