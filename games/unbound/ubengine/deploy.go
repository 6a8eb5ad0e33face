package ubengine

// Alternation is the order in which sides place units when each places
// one in turn from seat first and a side with nothing left drops out,
// the others placing the rest (U-DEPLOY-2, U-DEPLOY-5, U-DEPLOY-6,
// U-RES-2, U-RES-3). counts[i] is side i's number of placements.
func Alternation(first int, counts []int) []int {
	left := append([]int(nil), counts...)
	total := 0
	for _, c := range left {
		total += max(c, 0)
	}
	out := make([]int, 0, total)
	for side := first; len(out) < total; side = (side + 1) % len(left) {
		if left[side] > 0 {
			out = append(out, side)
			left[side]--
		}
	}
	return out
}

// FirstToFinish is the side that finished its placements first in the
// main deployment (U-DEPLOY-7, Decision): the one whose last placement
// came earliest; a side with nothing to place finished first (the
// earliest such seat from first).
func FirstToFinish(first int, counts []int) int {
	n := len(counts)
	for k := 0; k < n; k++ {
		if side := (first + k) % n; counts[side] <= 0 {
			return side
		}
	}
	seq := Alternation(first, counts)
	done := make([]int, n)
	for _, side := range seq {
		done[side]++
		if done[side] == counts[side] {
			return side
		}
	}
	return first
}

// Initiative reads the turn-1 initiative roll (U-DEPLOY-7): rolls[i] is
// side i's die, and finished (FirstToFinish) adds 1. ok is false on a
// tie for the highest total: roll again (Decision U-DEPLOY-7).
func Initiative(rolls []int, finished int) (side int, ok bool) {
	best, side, tie := -1, -1, false
	for i, r := range rolls {
		if i == finished {
			r++
		}
		switch {
		case r > best:
			best, side, tie = r, i, false
		case r == best:
			tie = true
		}
	}
	return side, !tie && side >= 0
}
