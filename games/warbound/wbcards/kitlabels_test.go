package wbcards

import (
	"math"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// TestTokenLabelsInsideTheRing: on every round token, in both languages,
// the word's box (its width at the size it was fitted to, from the
// capitals' height above the baseline to the descenders below it) lies
// inside the token's inner ring with room to spare (issue 36: the
// "Maintenance" label crossed its ring on the token sheet).
func TestTokenLabelsInsideTheRing(t *testing.T) {
	cat := starterCatalog(t)
	for _, l := range wbcatalog.Langs {
		for kind := range tokenLooks {
			d := tokenD
			if kind == "hand" || kind == "hourglass" || kind == "time" {
				d = bigTokenD
			}
			inner := d/2 - tokenRingInset - 0.15 - tokenLabelClear
			for _, it := range tokenItems(labeler{cat, l}, kind, "", 0, 0) {
				tx, ok := it.(render.Text)
				if !ok {
					continue
				}
				mm := tx.Size * 25.4 / 72
				for _, c := range [][2]float64{{tx.X, tx.Y - 0.72*mm}, {tx.X + tx.W, tx.Y - 0.72*mm}, {tx.X, tx.Y + 0.22*mm}, {tx.X + tx.W, tx.Y + 0.22*mm}} {
					if r := math.Hypot(c[0], c[1]); r > inner+1e-9 {
						t.Errorf("%s token (%s): %q at %.2f pt reaches %.2f mm from the centre, the ring's inside is at %.2f mm", kind, l, tx.S, tx.Size, r, inner)
						break
					}
				}
			}
		}
	}
}

// TestHexLabelsReadable: on every starter scenario's map, each hex's name
// is drawn straight over a plain fill (its tile, or a plate over the
// terrain's hatching, dots or dark wall) that holds the whole word, with
// a contrast of 4.5:1 at least (issue 36: hex names were hard to read on
// dark and patterned tiles).
func TestHexLabelsReadable(t *testing.T) {
	cat := starterCatalog(t)
	for _, sc := range cat.Scenarios {
		d, g, err := MapDrawing(cat, sc.ID, wbcatalog.Langs[0], 0)
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		for r := range g.Rows {
			for c := range g.Cols {
				names[wbcatalog.Tile{Col: c, Row: r}.String()] = true
			}
		}
		bad := 0
		for i, it := range d.Items {
			tx, ok := it.(render.Text)
			if !ok || !names[tx.S] || i == 0 {
				continue
			}
			mm := tx.Size * 25.4 / 72
			var fill *render.Colour
			holds := false
			switch bg := d.Items[i-1].(type) {
			case render.Rect:
				fill = bg.Fill
				holds = bg.X <= tx.X && tx.X+tx.W <= bg.X+bg.W && bg.Y <= tx.Y-0.72*mm && tx.Y+0.22*mm <= bg.Y+bg.H
			case render.Poly: // the plain tile
				fill, holds = bg.Fill, true
			}
			if fill == nil || !holds {
				bad++
				if bad <= 3 {
					t.Errorf("%s: hex %s is drawn over %T, not a plain fill holding it", sc.ID, tx.S, d.Items[i-1])
				}
				continue
			}
			if c := contrast(*fill, tx.Colour); c < 4.5 {
				bad++
				if bad <= 3 {
					t.Errorf("%s: hex %s at %.2f:1 contrast (ink %v on %v)", sc.ID, tx.S, c, tx.Colour, *fill)
				}
			}
		}
	}
}
