package render

import (
	"math"
	"testing"
)

// TestEffectiveBleedKept: every edge of every card gets the whole bleed
// asked (issue 36 item 6); the sheet holds fewer cards on an axis where
// the paper has no room for 3 with it and the crop marks.
func TestEffectiveBleedKept(t *testing.T) {
	for _, c := range []struct {
		paper      string
		bleed      float64
		cols, rows int
	}{
		{"a4", 0, 3, 3},
		{"a4", 1, 3, 3}, // 210 mm: 3 × 63 + 2 × 7.5 (crop marks 5 mm from the edge) leaves 6 mm for 6 bleeds
		{"a4", 3, 2, 3},
		{"letter", 0, 3, 3},
		{"letter", 3, 2, 2}, // 215.9 mm: room for 1.98 mm; 279.4 mm: 0.07 mm
		{"letter", 1, 3, 2},
		{"a4", 0.5, 3, 3},
	} {
		o := SheetOptions{Paper: c.paper, Bleed: c.bleed}
		x, y, err := EffectiveBleed(o)
		if err != nil {
			t.Fatalf("%s %gmm: %v", c.paper, c.bleed, err)
		}
		if math.Abs(x-c.bleed) > 1e-9 || math.Abs(y-c.bleed) > 1e-9 {
			t.Errorf("%s %gmm: kept %g across, %g along; want all of it", c.paper, c.bleed, x, y)
		}
		cols, rows, _ := SheetGrid(o)
		if cols != c.cols || rows != c.rows {
			t.Errorf("%s %gmm: %d × %d cards a sheet, want %d × %d", c.paper, c.bleed, cols, rows, c.cols, c.rows)
		}
	}
	if _, _, err := EffectiveBleed(SheetOptions{Bleed: 4}); err == nil {
		t.Error("a 4 mm bleed is accepted")
	}
}
