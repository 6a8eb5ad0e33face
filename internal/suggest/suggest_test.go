package suggest

import "testing"

func TestClosest(t *testing.T) {
	cands := []string{"shoot", "move", "order-raiders", "sharp-shooting", "vanta"}
	for _, tt := range []struct{ in, want string }{
		{"shot", "shoot"},
		{"SHOOT", "shoot"},
		{"order-raider", "order-raiders"},
		{"sharp-shootin", "sharp-shooting"},
		{"vnta", "vanta"},
		{"xyz", ""},
		{"a", ""},        // one letter: anything is one edit away
		{"shoot", ""},    // itself is not a suggestion
		{"teleport", ""}, // far from everything
	} {
		if got := Closest(tt.in, cands); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if d := Distance("kitten", "sitting"); d != 3 {
		t.Errorf("Distance = %d, want 3", d)
	}
}
