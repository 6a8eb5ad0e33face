package render

import (
	"math"
	"testing"
	"time"
)

func TestSourceDateEpoch(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"", DefaultDate, true},
		{"0", time.Unix(0, 0).UTC(), true},
		{"1767225600", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"abc", time.Time{}, false},
		{"1.5", time.Time{}, false},
		{"-1", time.Time{}, false},
		{"99999999999999999999", time.Time{}, false},
	} {
		got, err := SourceDateEpoch(tt.in)
		if (err == nil) != tt.ok || !got.Equal(tt.want) {
			t.Errorf("SourceDateEpoch(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestSheetGeometry: backs are mirrored for long-edge duplex, so each back
// lies behind its front; the back offset moves only the backs; crop marks
// stay off the cards.
func TestSheetGeometry(t *testing.T) {
	for _, paper := range Papers() {
		for _, bleed := range []float64{0, 3} {
			off := Pt{1.5, -0.5}
			s, err := newSheet(SheetOptions{Paper: paper, Bleed: bleed, BackOffset: off})
			if err != nil {
				t.Fatal(err)
			}
			for i := range s.perSheet {
				f, b := s.slot(i)
				// flipping the sheet on its long (vertical) edge maps x to pw-x
				if got := s.pw - (b.X - off.X) - CardW; math.Abs(got-f.X) > 1e-9 || math.Abs(b.Y-off.Y-f.Y) > 1e-9 {
					t.Errorf("%s bleed %g slot %d: back at %v does not lie behind front %v", paper, bleed, i, b, f)
				}
				if f.X-s.bx < 0 || f.X+CardW+s.bx > s.pw || f.Y-s.by < 0 || f.Y+CardH+s.by > s.ph {
					t.Errorf("%s bleed %g slot %d off the page", paper, bleed, i)
				}
			}
			// crop marks fit in the margins, clear of the bleed, 5 mm or
			// more from the paper's edge
			if s.markX < markMin || s.markY < markMin || s.my-s.by-markClear-s.markX < markEdge-1e-9 || s.mx-s.bx-markClear-s.markY < markEdge-1e-9 {
				t.Errorf("%s bleed %g: crop marks %g/%g do not fit margins %g/%g", paper, bleed, s.markX, s.markY, s.mx, s.my)
			}
			// the whole bleed kept on every edge (fewer cards a sheet)
			if s.bx != bleed || s.by != bleed {
				t.Errorf("%s bleed %g: effective bleed %g/%g", paper, bleed, s.bx, s.by)
			}
		}
	}
	for _, o := range []SheetOptions{{Paper: "a3"}, {Bleed: 4}, {Bleed: -1}, {BackOffset: Pt{11, 0}}} {
		if _, err := newSheet(o); err == nil {
			t.Errorf("newSheet(%+v) accepted", o)
		}
	}
}

func TestEffectiveBleed(t *testing.T) {
	for _, tt := range []struct {
		paper  string
		bx, by float64
	}{{"a4", 3, 3}, {"letter", 3, 3}} {
		s, _ := newSheet(SheetOptions{Paper: tt.paper, Bleed: 3})
		if math.Abs(s.bx-tt.bx) > 0.01 || math.Abs(s.by-tt.by) > 0.01 {
			t.Errorf("%s: bleed %.2f x %.2f, want %.2f x %.2f", tt.paper, s.bx, s.by, tt.bx, tt.by)
		}
	}
}

// TestCalibrationScale: the calibration sheet's scales carry the back
// offset, so that a calibrated printer reads 0.
func TestCalibrationScale(t *testing.T) {
	off := Pt{1.5, -2}
	if got := scaleTickX(0, 210, off); got != 105+1.5 {
		t.Errorf("tick 0 at %g", got)
	}
	// a printer shifting the back by s meets the front's centre line at
	// the tick -s; adding that reading to the offset cancels the shift.
	s := 1.25
	reading := -s
	if got := scaleTickX(reading, 210, Pt{}) + s; got != 105 {
		t.Errorf("reading %g lands at %g, want 105", reading, got)
	}
	if got := scaleTickY(0.5, 297, off); got != 148.5+0.5-2 {
		t.Errorf("tick y at %g", got)
	}
}
