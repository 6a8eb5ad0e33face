package wbcatalog

import (
	"fmt"
	"testing"
)

// TestFind: find returns the entry of an id in a slice sorted by id, and
// nil for an id it does not hold, at either end and in between.
func TestFind(t *testing.T) {
	for n := range 6 {
		var s []Skill
		for i := range n {
			s = append(s, Skill{ID: fmt.Sprintf("s%d", 2*i+1)}) // s1, s3, …
		}
		id := func(e *Skill) string { return e.ID }
		for i := range 2*n + 2 {
			want := fmt.Sprintf("s%d", i)
			got := find(s, id, want)
			if i%2 == 1 && i < 2*n {
				if got == nil || got != &s[(i-1)/2] {
					t.Errorf("n=%d: find %s = %v, want the entry", n, want, got)
				}
			} else if got != nil {
				t.Errorf("n=%d: find %s = %v, want nil", n, want, got.ID)
			}
		}
	}
}
