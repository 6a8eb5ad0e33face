package wbcards

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
)

// textEdge is how far from the paper's edge the sheets' margin texts
// stay (render's textEdge), mm.
const textEdge = 4.5

// TestSheetTextInsidePrintableMargins: no word of a card sheet (the info
// lines in its margins included) is nearer the paper's edge than
// textEdge, where home printers print nothing: on A4 and letter, with
// and without bleed.
func TestSheetTextInsidePrintableMargins(t *testing.T) {
	bin := testtool.Require(t, "pdftotext")
	word := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
	page := regexp.MustCompile(`<page width="([\d.]+)" height="([\d.]+)">`)
	for _, paper := range render.Papers() {
		for _, bleed := range []float64{0, 3} {
			pdf, err := Sheets(testCatalog(), Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English, Paper: paper, Bleed: bleed}})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "s.pdf")
			if err := os.WriteFile(path, pdf, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(bin, "-bbox", path, "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			pm := page.FindSubmatch(out)
			if pm == nil {
				t.Fatal("no page in pdftotext's output")
			}
			w, _ := strconv.ParseFloat(string(pm[1]), 64)
			h, _ := strconv.ParseFloat(string(pm[2]), 64)
			edge := (textEdge - 0.3) * 72 / render.MMPerInch // pt, with pdftotext's rounding of glyph boxes
			words := word.FindAllSubmatch(out, -1)
			if len(words) < 20 {
				t.Fatalf("%s: only %d words", paper, len(words))
			}
			for _, m := range words {
				f := func(i int) float64 { v, _ := strconv.ParseFloat(string(m[i]), 64); return v }
				if f(1) < edge || f(2) < edge || f(3) > w-edge || f(4) > h-edge {
					t.Errorf("%s bleed %g: %q at %.1f,%.1f–%.1f,%.1f pt is within %g mm of the paper's edge (%.0f × %.0f pt)",
						paper, bleed, m[5], f(1), f(2), f(3), f(4), textEdge, w, h)
				}
			}
		}
	}
}
