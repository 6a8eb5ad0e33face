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
