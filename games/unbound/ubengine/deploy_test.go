package ubengine

import (
	"slices"
	"testing"
)

// U-DEPLOY-2, U-RES-2, U-RES-3: alternation with unequal counts; the
// side left over places the rest.
func TestAlternation(t *testing.T) {
	cases := []struct {
		first  int
		counts []int
		want   []int
	}{
		{0, []int{3, 1}, []int{0, 1, 0, 0}},
		{1, []int{3, 1}, []int{1, 0, 0, 0}},
		{0, []int{2, 2}, []int{0, 1, 0, 1}},
		{1, []int{0, 2}, []int{1, 1}},
		{2, []int{1, 2, 1}, []int{2, 0, 1, 1}},
		{0, []int{0, 0}, []int{}},
	}
	for _, c := range cases {
		if got := Alternation(c.first, c.counts); !slices.Equal(got, c.want) {
			t.Errorf("Alternation(%d, %v) = %v, want %v", c.first, c.counts, got, c.want)
		}
	}
}

// U-DEPLOY-7: who finished first, and the initiative roll with its +1.
func TestFirstToFinishAndInitiative(t *testing.T) {
	for _, c := range []struct {
		first  int
		counts []int
		want   int
	}{
		{0, []int{3, 1}, 1}, {0, []int{2, 2}, 0}, {1, []int{2, 2}, 1}, {1, []int{0, 2}, 0}, {0, []int{4, 6}, 0},
	} {
		if got := FirstToFinish(c.first, c.counts); got != c.want {
			t.Errorf("FirstToFinish(%d, %v) = %d, want %d", c.first, c.counts, got, c.want)
		}
	}
	for _, c := range []struct {
		rolls    []int
		finished int
		side     int
		ok       bool
	}{
		{[]int{4, 4}, 1, 1, true},  // the +1 breaks the tie
		{[]int{5, 4}, 1, 0, false}, // 5 against 4+1: roll again
		{[]int{6, 4}, 1, 0, true},
		{[]int{2, 6, 6}, 0, 1, false},
	} {
		side, ok := Initiative(c.rolls, c.finished)
		if ok != c.ok || (ok && side != c.side) {
			t.Errorf("Initiative(%v, %d) = %d, %v; want %d, %v", c.rolls, c.finished, side, ok, c.side, c.ok)
		}
	}
}
