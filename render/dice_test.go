package render

import (
	"strings"
	"testing"
)

func TestDiceDrawing(t *testing.T) {
	d6 := Die{Name: "d6", Sides: 6, Max: 6, Pips: true, Colour: ColInk}
	for _, tc := range []struct {
		args        []string
		title, err  string
		solid, pale int
	}{
		{args: []string{"2", "5", "4+"}, title: "Dice — 2, 5 (4+)", solid: 1, pale: 1},
		{args: []string{"6", "1"}, title: "Dice — 6, 1", solid: 2},
		{args: []string{"7"}, err: `result "7": a die shows 1 to 6 (a target is written 4+)`},
		{args: []string{"3", "4+", "5+"}, err: `two targets (4+ and 5+): a diagram has one`},
		{args: []string{"7+"}, err: `target "7+": want 1+ to 6+`},
		{args: []string{"4+"}, err: `no result: write the results the dice show, as in [[dice:d6 2 5 4+]]`},
	} {
		d, err := DiceDrawing(d6, "Dice", "en", tc.args)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%v: err %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || d.Title != tc.title {
			t.Fatalf("%v: %v, title %q, want %q", tc.args, err, d.Title, tc.title)
		}
		// a solid die is the die's colour, a pale one mixed with white
		solid, pale := 0, 0
		for _, it := range d.Items {
			if r, ok := it.(Rect); ok && r.Fill != nil {
				switch *r.Fill {
				case ColInk:
					solid++
				case ColInk.Mix(ColWhite, 0.85):
					pale++
				}
			}
		}
		if solid != tc.solid || pale != tc.pale {
			t.Errorf("%v: %d solid and %d pale dice, want %d and %d\n%s", tc.args, solid, pale, tc.solid, tc.pale, (&Drawing{Items: d.Items}).Dump())
		}
	}
}

func TestClipPoly(t *testing.T) {
	sq := []Pt{{0, 0}, {4, 0}, {4, 4}, {0, 4}}
	got := ClipPoly(sq, 2, 2, 10, 10)
	var b strings.Builder
	for _, p := range got {
		b.WriteString(mm(p.X) + "," + mm(p.Y) + " ")
	}
	if len(got) != 4 || !strings.Contains(b.String(), "2.00,2.00") || !strings.Contains(b.String(), "4.00,4.00") {
		t.Errorf("clipped square: %s", b.String())
	}
	if ClipPoly(sq, 5, 5, 10, 10) != nil {
		t.Error("a polygon outside the rectangle should clip to nothing")
	}
}
