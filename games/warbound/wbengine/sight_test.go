package wbengine_test

import (
	"fmt"
	"strings"
	"testing"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/internal/golden"
)

// TestSightGolden pins the sight table of every starter scenario
// (R-SHOOT-2): for each scenario, its sight-blocking tiles, then for each
// tile the number of tiles it sees and the tiles hidden from it (the
// complement of the visible set, which is much shorter). Rewrite with
// WBTOOL_UPDATE=1 after an intended change of the geometry or the boards.
func TestSightGolden(t *testing.T) {
	cat := loadContent(t)
	var b strings.Builder
	for _, sc := range cat.Scenarios {
		g := hex.NewGrid(sc.Board.Cols, sc.Board.Rows)
		var blocked hex.Mask
		var walls []string
		for _, tr := range sc.Terrain {
			if !tr.BlocksSight {
				continue
			}
			x, ok := g.Parse(tr.At)
			if !ok {
				t.Fatalf("scenario %s: terrain %s is off the board", sc.ID, tr.At)
			}
			blocked.Set(x)
			walls = append(walls, tr.At)
		}
		fmt.Fprintf(&b, "scenario %s (%d×%d), blocking sight: %s\n", sc.ID, g.Cols, g.Rows, strings.Join(walls, " "))
		tab := g.SightTable(&blocked)
		for a := hex.Tile(0); int(a) < g.Len(); a++ {
			seen := tab[a]
			hidden := g.All().AndNot(seen)
			fmt.Fprintf(&b, "  %s sees %d", g.Name(a), seen.Count())
			if !hidden.Empty() {
				b.WriteString("; hidden:")
				for x := hidden.Next(0); x != hex.None; x = hidden.Next(x + 1) {
					b.WriteString(" " + g.Name(x))
				}
			}
			b.WriteString("\n")
		}
	}
	golden.Check(t, "testdata/sight.golden", []byte(b.String()))
}
