package wbcards

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
)

func TestProfilePNG(t *testing.T) {
	cat := testCatalog()
	c, err := LayoutCard(cat, wbcatalog.French, "scope")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range render.Profiles() {
		if err := p.Check(); err != nil {
			t.Fatal(err)
		}
		for _, f := range []*render.Face{&c.Front, &c.Back} {
			b, err := f.PNG(p)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: the PNG does not decode: %v", p.Name, err)
			}
			if got := img.Bounds().Size(); got != (image.Point{p.W, p.H}) {
				t.Errorf("%s: %v px, want %d × %d", p.Name, got, p.W, p.H)
			}
			if !render.SamePixels(img, f.Image(p)) {
				t.Errorf("%s %s: the PNG decodes to other pixels than the face's image", p.Name, f.Side)
			}
			if b[25] != 2 { // IHDR colour type: 2 is RGB without alpha
				t.Errorf("%s: colour type %d, want 2 (RGB)", p.Name, b[25])
			}
			x, y, ok, err := render.PNGDPI(b)
			if err != nil || !ok || x < p.DPI-0.01 || x > p.DPI+0.01 || y < p.DPI-0.01 || y > p.DPI+0.01 {
				t.Errorf("%s: pHYs says %g × %g dpi (found %v, %v), want %g", p.Name, x, y, ok, err, p.DPI)
			}
			// the corners are the card's background, mirrored into the wider bleed
			r, g, bl, _ := img.At(0, 0).RGBA()
			if r == 0xffff && g == 0xffff && bl == 0xffff {
				t.Errorf("%s %s: the bleed's corner is white paper", p.Name, f.Side)
			}
		}
	}
}

func TestPHYsChunkCRC(t *testing.T) {
	b, err := render.EncodePNG(image.NewRGBA(image.Rect(0, 0, 2, 2)), 300)
	if err != nil {
		t.Fatal(err)
	}
	// Go's decoder checks every chunk's CRC, pHYs included.
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
	if i := bytes.Index(b, []byte("pHYs")); i != 37 {
		t.Errorf("pHYs at %d, want 37 (right after IHDR)", i)
	}
	b[41] ^= 1 // corrupt pixels-per-unit: the CRC no longer matches
	if _, _, _, err := render.PNGDPI(b); err == nil || !strings.Contains(err.Error(), "CRC") {
		t.Errorf("a corrupted pHYs gives %v, want a CRC error", err)
	}
}

func TestPreflightText(t *testing.T) {
	cat := testCatalog()
	c, err := LayoutCard(cat, wbcatalog.French, "scope")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := render.ProfileNamed("tgc")
	face := c.Front
	face.Items = append([]render.Item{}, face.Items...)
	for i, it := range face.Items {
		if t, ok := it.(render.Text); ok && t.Y > 30 {
			t.X = -1 // into the bleed
			face.Items[i] = t
			break
		}
	}
	got := face.Preflight(p, "front", wbcatalog.Pos{File: "cards/x.cue", Line: 3, Col: 1}, "equipment.scope")
	if len(got) != 1 {
		t.Fatalf("preflight: %v, want one error", got)
	}
	s := got[0].String()
	for _, want := range []string{"cards/x.cue:3:1", "card scope (fr, front)", "the text", "left margin", "The Game Crafter"} {
		if !strings.Contains(s, want) {
			t.Errorf("preflight says %q: want %q in it", s, want)
		}
	}
	// a face with text well inside passes
	ok := render.Face{Card: "x", Lang: wbcatalog.English, Side: "front", Items: []render.Item{
		render.Rect{X: -render.Bleed, Y: -render.Bleed, W: render.CardW + 2*render.Bleed, H: render.CardH + 2*render.Bleed, Paint: render.Fill(render.ColWhite)},
		render.Text{X: 10, Y: 40, Size: 10, S: "Inside", W: render.Measure("Inside", render.Regular, 10)},
	}}
	if d := ok.Preflight(p, "front", wbcatalog.Pos{}, ""); len(d) != 0 {
		t.Errorf("a face inside the safe zone: %v", d)
	}
}

// TestRasterMatchesPDF draws one card with the raster backend and with
// the PDF (through pdftoppm) at the same resolution, and compares them.
func TestRasterMatchesPDF(t *testing.T) {
	pdftoppm := testtool.Require(t, "pdftoppm")
	cat := testCatalog()
	const dpi = 150
	for _, id := range []string{"copp", "scope"} {
		pdf, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English}, Cards: []string{id}})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		in := filepath.Join(dir, "s.pdf")
		if err := os.WriteFile(in, pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(pdftoppm, "-r", "150", "-f", "1", "-l", "1", "-png", in, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v\n%s", err, out)
		}
		matches, _ := filepath.Glob(filepath.Join(dir, "p*.png"))
		if len(matches) != 1 {
			t.Fatalf("pdftoppm wrote %v", matches)
		}
		fb, _ := os.ReadFile(matches[0])
		page, err := png.Decode(bytes.NewReader(fb))
		if err != nil {
			t.Fatal(err)
		}
		at, _, _ := render.SheetOptions{}.Slot(0)
		c, _ := LayoutCard(cat, wbcatalog.English, id)
		ras := c.Front.Raster(dpi, 0)
		px := float64(dpi) / render.MMPerInch
		ox, oy := int(at.X*px+0.5), int(at.Y*px+0.5)
		var sum, n float64
		w, h := ras.Bounds().Dx(), ras.Bounds().Dy()
		for y := 2; y < h-2; y++ { // the card's edge pixels fall differently
			for x := 2; x < w-2; x++ {
				r1, g1, b1, _ := ras.At(x, y).RGBA()
				r2, g2, b2, _ := page.At(ox+x, oy+y).RGBA()
				sum += absDiff(r1, r2) + absDiff(g1, g2) + absDiff(b1, b2)
				n += 3
			}
		}
		mean := sum / n / 257 // 0..255
		t.Logf("%s: mean difference %.2f / 255 at %d dpi", id, mean, dpi)
		if mean > 6 {
			t.Errorf("%s: the raster differs from the PDF by %.2f / 255 on average, want at most 6", id, mean)
		}
	}
}

func absDiff(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}

// benchCards are the starter's cards laid out in English, and the
// profile the PNG benchmarks draw them for.
func benchCards(b *testing.B) ([]Card, render.Profile) {
	cards, err := Layout(starterCatalog(b), wbcatalog.English)
	if err != nil {
		b.Fatal(err)
	}
	p, _ := render.ProfileNamed("tgc")
	return cards, p
}

func BenchmarkProfilePNG(b *testing.B) {
	cards, p := benchCards(b)
	b.ResetTimer()
	cpu := testtool.CPUTime()
	size := 0
	for i := 0; i < b.N; i++ {
		c := &cards[i%len(cards)]
		png, err := c.Front.PNG(p)
		if err != nil {
			b.Fatal(err)
		}
		size += len(png)
	}
	b.ReportMetric(float64((testtool.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/face")
	b.ReportMetric(float64(size)/float64(b.N), "bytes/face")
}

func BenchmarkProfileImage(b *testing.B) {
	cards, p := benchCards(b)
	b.ResetTimer()
	cpu := testtool.CPUTime()
	for i := 0; i < b.N; i++ {
		cards[i%len(cards)].Front.Image(p)
	}
	b.ReportMetric(float64((testtool.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/face")
}

// BenchmarkProfileEncode encodes faces drawn beforehand: the PNG
// encoder's share of BenchmarkProfilePNG.
func BenchmarkProfileEncode(b *testing.B) {
	cards, p := benchCards(b)
	imgs := make([]*image.RGBA, min(len(cards), 16))
	for i := range imgs {
		imgs[i] = cards[i].Front.Image(p)
	}
	b.ResetTimer()
	cpu := testtool.CPUTime()
	size := 0
	for i := 0; i < b.N; i++ {
		png, err := render.EncodePNG(imgs[i%len(imgs)], p.DPI)
		if err != nil {
			b.Fatal(err)
		}
		size += len(png)
	}
	b.ReportMetric(float64((testtool.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/face")
	b.ReportMetric(float64(size)/float64(b.N), "bytes/face")
}

// BenchmarkProfilePNGvsPDF pairs the two ways out of one set of laid-out
// cards (the starter, English, laid out before the clock starts, as in a
// build): every card's front and back as PNGs for a print profile (what
// export png writes) against the print-and-play sheets' PDF of the same
// cards, fronts and backs (what print writes). It reports the CPU per
// card of each and their ratio (issue 35 item 6).
func BenchmarkProfilePNGvsPDF(b *testing.B) {
	cat := starterCatalog(b)
	ids := allCards(cat)
	ls := NewLayouts(cat)
	o := Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English, Version: "bench"}, Layouts: ls}
	cards, err := ls.Cards(o.Lang, ids, o.Version)
	if err != nil {
		b.Fatal(err)
	}
	p, _ := render.ProfileNamed("tgc")
	var pngCPU, pdfCPU time.Duration
	for b.Loop() {
		cpu := testtool.CPUTime()
		for i := range cards {
			for _, f := range []*render.Face{&cards[i].Front, &cards[i].Back} {
				if _, err := f.PNG(p); err != nil {
					b.Fatal(err)
				}
			}
		}
		mid := testtool.CPUTime()
		if _, err := Sheets(cat, o); err != nil {
			b.Fatal(err)
		}
		pngCPU += mid - cpu
		pdfCPU += testtool.CPUTime() - mid
	}
	n := float64(b.N * len(cards))
	b.ReportMetric(float64(pngCPU.Microseconds())/1000/n, "png-cpu-ms/card")
	b.ReportMetric(float64(pdfCPU.Microseconds())/1000/n, "pdf-cpu-ms/card")
	b.ReportMetric(float64(pngCPU)/float64(pdfCPU), "png/pdf")
}
