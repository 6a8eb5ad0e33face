package wbcards

import (
	"bytes"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
)

// markEdge is how far from the paper's edge the sheets' crop marks start
// (render's markEdge), mm.
const markEdge = 5.0

// pdfBox is a page box in PDF points, lower-left then upper-right.
type pdfBox [4]float64

// pdfPage is what TestPrintBoxes reads back of a page: its boxes and the
// straight lines drawn after its last clip (the crop marks).
type pdfPage struct {
	boxes map[string]pdfBox
	marks [][4]float64
}

var (
	boxRe  = regexp.MustCompile(`(?m)^/(MediaBox|TrimBox|BleedBox) \[([-\d. ]+)\]$`)
	markRe = regexp.MustCompile(`(?m)^([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S$`)
)

// readPages parses an uncompressed PDF written by fpdf: each page
// dictionary, then its content stream, up to the next page.
func readPages(t *testing.T, pdf []byte) []pdfPage {
	t.Helper()
	media := boxRe.FindAllSubmatch(pdf, -1)
	var def pdfBox
	for _, m := range media { // the Pages object's MediaBox, for pages without their own
		if string(m[1]) == "MediaBox" {
			def = parseBox(t, string(m[2]))
		}
	}
	chunks := bytes.Split(pdf, []byte("<</Type /Page\n"))[1:]
	var pages []pdfPage
	for _, c := range chunks {
		dict, _, _ := bytes.Cut(c, []byte("/Resources"))
		pg := pdfPage{boxes: map[string]pdfBox{"MediaBox": def}}
		for _, m := range boxRe.FindAllSubmatch(dict, -1) {
			pg.boxes[string(m[1])] = parseBox(t, string(m[2]))
		}
		if i := bytes.LastIndex(c, []byte("\nQ\n")); i >= 0 {
			for _, m := range markRe.FindAllSubmatch(c[i:], -1) {
				var seg [4]float64
				for k := range seg {
					seg[k], _ = strconv.ParseFloat(string(m[k+1]), 64)
				}
				pg.marks = append(pg.marks, seg)
			}
		}
		pages = append(pages, pg)
	}
	return pages
}

func parseBox(t *testing.T, s string) pdfBox {
	t.Helper()
	f := strings.Fields(s)
	if len(f) != 4 {
		t.Fatalf("box %q", s)
	}
	var b pdfBox
	for i := range b {
		b[i], _ = strconv.ParseFloat(f[i], 64)
	}
	return b
}

// TestPrintBoxes: every page of a card sheet has a TrimBox (the outer cut
// lines of the grid, 3 × 3 or fewer with a large bleed, behind the fronts on the backs, shifted by the
// back offset) and a BleedBox (the trim box grown by the bleed kept), both
// inside the paper; a print shop reads them. The crop marks stay at least
// 5 mm from the paper's edge, where a home printer prints, and off the
// bleed.
func TestPrintBoxes(t *testing.T) {
	const pt = 72 / 25.4
	near := func(a, b float64) bool { return math.Abs(a-b) <= 0.011 }
	for _, tc := range []struct {
		paper string
		bleed float64
		off   render.Pt
	}{
		{"a4", 0, render.Pt{}},
		{"a4", 3, render.Pt{X: 1.5, Y: -2}},
		{"letter", 3, render.Pt{}},
		{"letter", 1, render.Pt{X: -1, Y: 0.5}},
	} {
		o := Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English, Paper: tc.paper, Bleed: tc.bleed, BackOffset: tc.off, Uncompressed: true}}
		// the sheet's geometry: its paper, the bleed kept on each axis, and
		// the gaps between cards (a bleed on each side)
		paper, err := render.PaperSize(o.SheetOptions, false)
		if err != nil {
			t.Fatal(err)
		}
		bx, by, err := render.EffectiveBleed(o.SheetOptions)
		if err != nil {
			t.Fatal(err)
		}
		s := struct{ pw, ph, bx, by, gx, gy float64 }{paper.X, paper.Y, bx, by, 2 * bx, 2 * by}
		pdf, err := Sheets(testCatalog(), o)
		if err != nil {
			t.Fatal(err)
		}
		pages := readPages(t, pdf)
		if len(pages) < 2 || len(pages)%2 != 0 {
			t.Fatalf("%s: %d pages", tc.paper, len(pages))
		}
		cols, rows, err := render.SheetGrid(o.SheetOptions)
		if err != nil {
			t.Fatal(err)
		}
		gw, gh := float64(cols)*render.CardW+float64(cols-1)*s.gx, float64(rows)*render.CardH+float64(rows-1)*s.gy
		for i, pg := range pages {
			name := tc.paper + " bleed " + strconv.FormatFloat(tc.bleed, 'g', -1, 64) + " page " + strconv.Itoa(i+1)
			trim, ok1 := pg.boxes["TrimBox"]
			bl, ok2 := pg.boxes["BleedBox"]
			m := pg.boxes["MediaBox"]
			if !ok1 || !ok2 {
				t.Errorf("%s: boxes %v, want a TrimBox and a BleedBox", name, pg.boxes)
				continue
			}
			x := (s.pw - gw) / 2
			y := (s.ph - gh) / 2
			if i%2 == 1 { // a back: behind the front, then the back offset
				x += tc.off.X
				y += tc.off.Y
			}
			want := pdfBox{x * pt, (s.ph - y - gh) * pt, (x + gw) * pt, (s.ph - y) * pt}
			for k := range want {
				if !near(trim[k], want[k]) {
					t.Errorf("%s: TrimBox %v, want %.2f", name, trim, want)
					break
				}
			}
			grow := pdfBox{-s.bx * pt, -s.by * pt, s.bx * pt, s.by * pt}
			for k := range bl {
				w := min(max(trim[k]+grow[k], m[k%2]), m[2+k%2])
				if !near(bl[k], w) {
					t.Errorf("%s: BleedBox %v, want the TrimBox %v grown by %.2f × %.2f mm", name, bl, trim, s.bx, s.by)
					break
				}
			}
			if i%2 == 1 {
				continue
			}
			// two marks for each cut line: n+1 lines for n cards without a
			// gap between them, 2n with one
			cuts := func(n int, gap float64) int {
				if gap > 0 {
					return 2 * n
				}
				return n + 1
			}
			if n := 2 * (cuts(cols, s.gx) + cuts(rows, s.gy)); len(pg.marks) != n {
				t.Errorf("%s: %d crop marks, want %d", name, len(pg.marks), n)
			}
			edge := markEdge*pt - 0.011
			for _, mk := range pg.marks {
				for _, p := range [][2]float64{{mk[0], mk[1]}, {mk[2], mk[3]}} {
					if p[0] < edge || p[1] < edge || m[2]-p[0] < edge || m[3]-p[1] < edge {
						t.Errorf("%s: crop mark %v ends %.2f mm from the paper's edge, want %g mm or more", name, mk,
							min(p[0], p[1], m[2]-p[0], m[3]-p[1])/pt, markEdge)
					}
					if p[0] > bl[0]+0.011 && p[0] < bl[2]-0.011 && p[1] > bl[1]+0.011 && p[1] < bl[3]-0.011 {
						t.Errorf("%s: crop mark %v inside the bleed %v", name, mk, bl)
					}
				}
			}
		}
	}
}

// TestPrintBoxesDeterministic: fpdf writes a page's boxes in map order;
// the sheets sort them, so two builds are the same bytes, and qpdf reads
// the boxes back.
func TestPrintBoxesDeterministic(t *testing.T) {
	o := Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.French, Bleed: 3}}
	first, err := Sheets(testCatalog(), o)
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		again, err := Sheets(testCatalog(), o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatal("two builds of the same sheets differ")
		}
	}
	path := writeTemp(t, "boxes.pdf", first)
	qpdf := testtool.Require(t, "qpdf")
	run(t, qpdf, "--check", path)
	out := writeTemp(t, "boxes-qdf.pdf", nil)
	run(t, qpdf, "--qdf", "--object-streams=disable", path, out)
	for i, pg := range readPagesFile(t, out) {
		if _, ok := pg["TrimBox"]; !ok {
			t.Errorf("page %d: qpdf reads no TrimBox", i+1)
		}
		if _, ok := pg["BleedBox"]; !ok {
			t.Errorf("page %d: qpdf reads no BleedBox", i+1)
		}
	}
}

// readPagesFile reads the boxes of every page of a qpdf --qdf file.
func readPagesFile(t *testing.T, path string) []map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var pages []map[string]bool
	// qdf writes each page dictionary as "<<\n  /key value\n  ...>>"
	for _, obj := range strings.Split(string(data), "\nendobj") {
		if !regexp.MustCompile(`(?m)^\s*/Type /Page$`).MatchString(obj) {
			continue
		}
		pg := map[string]bool{}
		for _, k := range []string{"TrimBox", "BleedBox"} {
			pg[k] = regexp.MustCompile(`(?m)^\s*/` + k + ` \[`).MatchString(obj)
			if !pg[k] {
				delete(pg, k)
			}
		}
		pages = append(pages, pg)
	}
	if len(pages) == 0 {
		t.Fatal("qpdf --qdf: no page found")
	}
	return pages
}
