package checkkit

import "testing"

func TestDiffs(t *testing.T) {
	var d Diffs
	three, two := 3, 2
	d.Want("turn", 2, int8(2))
	Opt(&d, "vp", (*int)(nil), 7)
	Opt(&d, "wounds", &three, int8(1))
	Opt(&d, "stress", &two, 2)
	d.Add("%s at: expected %v", "a", [2]float64{1, 2})
	if got, want := d.String(), "wounds: expected 3, got 1; a at: expected [1 2]"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if (Diffs{}).String() != "" {
		t.Fatal("no differences must print as nothing")
	}
}

func TestTrail(t *testing.T) {
	var tr Trail
	if tr.Before() != "" {
		t.Fatal("no step played: nothing before")
	}
	tr.Add(1, "red deploy a at C3", nil)
	tr.Add(2, "red activate a on p1-move", []string{"pay red 1 raiders", "activate a on p1-move"})
	tr.Add(3, "red move to C4", []string{"move a/0 C4"})
	tr.Add(4, "red shoot b", []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"})
	want := `; before it: step 2 "red activate a on p1-move" → pay red 1 raiders, activate a on p1-move; step 3 "red move to C4" → move a/0 C4; step 4 "red shoot b" → 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 2 more`
	if got := tr.Before(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}
