package render

import (
	"math"
	"testing"
)

// TestEffectiveBleedKept: the bleed kept on each axis, as newSheet lays the
// sheet out: all of it where the paper has room, less where it has not.
func TestEffectiveBleedKept(t *testing.T) {
	for _, c := range []struct {
		paper         string
		bleed         float64
		across, along float64
	}{
		{"a4", 0, 0, 0},
		{"a4", 1, 1, 1},
		{"a4", 3, 1, 3},                          // 210 mm: 3 × 63 + 2 × 7.5 (crop marks 5 mm from the edge) leaves 6 mm for 6 bleeds
		{"letter", 3, (215.9 - 189 - 15) / 6, 0}, // 1.98 mm; 279.4 mm: 0.07 mm, none
		{"letter", 1, 1, 0},
		{"a4", 0.5, 0.5, 0.5},
	} {
		x, y, err := EffectiveBleed(SheetOptions{Paper: c.paper, Bleed: c.bleed})
		if err != nil {
			t.Fatalf("%s %gmm: %v", c.paper, c.bleed, err)
		}
		if math.Abs(x-c.across) > 1e-9 || math.Abs(y-c.along) > 1e-9 {
			t.Errorf("%s %gmm: kept %g across, %g along; want %g, %g", c.paper, c.bleed, x, y, c.across, c.along)
		}
	}
	if _, _, err := EffectiveBleed(SheetOptions{Bleed: 4}); err == nil {
		t.Error("a 4 mm bleed is accepted")
	}
}
