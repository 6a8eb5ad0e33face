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

func TestUnknown(t *testing.T) {
	for _, tc := range []struct {
		name  string
		names []string
		want  string
	}{
		{"stnadard", []string{"big-game", "standard"}, `no scenario "stnadard" (did you mean "standard"?) (scenarios: big-game, standard)`},
		{"nope", []string{"big-game", "standard"}, `no scenario "nope" (scenarios: big-game, standard)`},
		{"nope", nil, `no scenario "nope" (scenarios: none)`},
	} {
		if got := Unknown("scenario", "scenarios", tc.name, tc.names); got != tc.want {
			t.Errorf("Unknown(%q, %q) = %q, want %q", tc.name, tc.names, got, tc.want)
		}
	}
}
