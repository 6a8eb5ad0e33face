package wbengine

import (
	"fmt"
	"testing"
)

// TestDiceStreamGolden pins the first rolls of a seed, so that a change of
// Go version or of the face mapping cannot silently change every game.
func TestDiceStreamGolden(t *testing.T) {
	cat := testCatalog()
	g := mustGame(t, cat, testSetup(cat))
	s, _, err := NewState(g, Start{Seed: 1, Hand: 0})
	if err != nil {
		t.Fatal(err)
	}
	var got []int8
	for range 24 {
		got = append(got, s.roll(nil))
	}
	const want = "[4 5 10 10 8 10 3 1 10 10 10 6 5 1 2 7 7 9 5 9 2 8 8 4]"
	if fmt.Sprint(got) != want {
		t.Fatalf("first rolls of seed 1 = %v, want %s", got, want)
	}
}

// TestDiceFaces: the d12 of R-DICE-1, 5 and 10 on two faces each.
func TestDiceFaces(t *testing.T) {
	cat := testCatalog()
	g := mustGame(t, cat, testSetup(cat))
	s, _, _ := NewState(g, Start{Seed: 9, Hand: 0})
	var n [11]int
	const rolls = 120000
	for range rolls {
		n[s.roll(nil)]++
	}
	for face := 1; face <= 10; face++ {
		want := rolls / 12
		if face == 5 || face == 10 {
			want *= 2
		}
		if d := n[face] - want; d > want/10 || d < -want/10 {
			t.Errorf("face %d: %d rolls, want about %d", face, n[face], want)
		}
	}
	if n[0] != 0 {
		t.Errorf("rolled a 0")
	}
	// Forced dice come first, then the generator.
	d := &Dice{Forced: []int8{3, 4}}
	if a, b := s.roll(d), s.roll(d); a != 3 || b != 4 || d.Left() != 0 {
		t.Fatalf("forced dice: %d %d left %d", a, b, d.Left())
	}
}

// TestSuccess pins R-DICE-2.
func TestSuccess(t *testing.T) {
	for _, tc := range []struct {
		nat, mod, target int8
		want             bool
	}{
		{7, 0, 7, true}, {6, 0, 7, false}, {6, 1, 7, true}, {1, 5, 2, false}, {10, -5, 10, true}, {9, 0, 10, false}, {5, -1, 5, false},
	} {
		if got := success(tc.nat, tc.mod, tc.target); got != tc.want {
			t.Errorf("success(%d%+d vs %d+) = %v", tc.nat, tc.mod, tc.target, got)
		}
	}
}
