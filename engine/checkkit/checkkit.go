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
