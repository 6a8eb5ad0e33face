package botkit

import "testing"

func TestGreedy(t *testing.T) {
	scores := []int{3, 9, -2, 9, 1}
	if got := Greedy(len(scores), func(i int) (int, bool) { return scores[i], true }); got != 1 {
		t.Errorf("best of %v: %d, want 1 (ties go to the first)", scores, got)
	}
	if got := Greedy(3, func(i int) (int, bool) { return 100, i == 2 }); got != 2 {
		t.Errorf("only 2 playable: got %d", got)
	}
	if got := Greedy(3, func(int) (int, bool) { return 0, false }); got != 0 {
		t.Errorf("none playable: got %d, want 0", got)
	}
}

func TestRoll(t *testing.T) {
	r := NewRand(1, GreedyStream)
	var dice [200]int8
	Roll(r, dice[:], 6)
	seen := map[int8]bool{}
	for _, v := range dice {
		if v < 1 || v > 6 {
			t.Fatalf("face %d", v)
		}
		seen[v] = true
	}
	if len(seen) != 6 {
		t.Fatalf("200 rolls showed only %v", seen)
	}
}
