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
