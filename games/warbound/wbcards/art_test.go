package wbcards

import (
	"bytes"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/genart"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
)

// testArt is a card's art as the loader fills it, its file data put in
// files.
func testArt(files fstest.MapFS, file, format string, data []byte, w, h int, line int) *wbcatalog.Art {
	files[file] = &fstest.MapFile{Data: data}
	return &wbcatalog.Art{File: file, Format: format, Width: w, Height: h, Hash: wbschema.ArtHash(data),
		Pos: wbcatalog.Pos{File: "content/cards/x.cue", Line: line, Col: 2}}
}

// artCatalog is the test catalog with art: COPP and the Scope share one
// PNG (COPP's focus on the left), Data Haul has a JPEG, and Vanta a PNG
// too small for print.
func artCatalog() (*wbcatalog.Catalog, fstest.MapFS) {
	cat := testCatalog()
	files := fstest.MapFS{}
	cat.SetArtReader(wbschema.ArtFiles(files))
	shared := testArt(files, "art/shared.png", "png", genart.PNG(5, 900, 600), 900, 600, 4)
	shared.Focus = &wbcatalog.Focus{X: 0.1, Y: 0.5}
	cat.Character("copp").Art = shared
	cat.EquipmentCard("scope").Art = shared
	var j bytes.Buffer
	if err := jpeg.Encode(&j, genart.Picture(6, 800, 1000, 0), &jpeg.Options{Quality: 80}); err != nil {
		panic(err)
	}
	cat.Objective("data-haul").Art = testArt(files, "art/haul.jpg", "jpeg", j.Bytes(), 800, 1000, 9)
	cat.Leader("vanta").Art = testArt(files, "art/vanta.png", "png", genart.PNG(7, 120, 80), 120, 80, 12)
	return cat, files
}

func TestArtLayoutGolden(t *testing.T) {
	cat, _ := artCatalog()
	for _, id := range []string{"copp", "vanta", "scope", "data-haul"} {
		c, err := LayoutCard(cat, wbcatalog.English, id)
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "layout", "art-"+id+".txt"), []byte(c.Front.Dump()))
	}
}

// TestArtCover: the image covers its slot whatever its shape, and its
// focus point comes as near the slot's centre as the image allows.
func TestArtCover(t *testing.T) {
	for _, tc := range []struct {
		w, h   int
		fx, fy float64
	}{{900, 600, 0.5, 0.5}, {900, 600, 0, 0}, {900, 600, 1, 1}, {300, 1200, 0.5, 0.1}, {2000, 100, 0.9, 0.5}} {
		a := &render.Art{Width: tc.w, Height: tc.h, FocusX: tc.fx, FocusY: tc.fy}
		for _, slot := range [][4]float64{{-3, -3, 69, 16.55}, {3.2, 15.6, 56.6, 18.4}} {
			im := render.CoverImage(a, slot[0], slot[1], slot[2], slot[3])
			const eps = 1e-9
			if im.DX > im.X+eps || im.DY > im.Y+eps || im.DX+im.DW < im.X+im.W-eps || im.DY+im.DH < im.Y+im.H-eps {
				t.Errorf("%dx%d in %v: drawn at %g,%g %gx%g does not cover the slot", tc.w, tc.h, slot, im.DX, im.DY, im.DW, im.DH)
			}
			if r := im.DW / im.DH; r < float64(tc.w)/float64(tc.h)-1e-9 || r > float64(tc.w)/float64(tc.h)+1e-9 {
				t.Errorf("%dx%d: aspect changed to %g", tc.w, tc.h, r)
			}
			// the focus point: centred unless an edge of the image stops it
			fx := im.DX + tc.fx*im.DW
			cx := im.X + im.W/2
			if fx != cx && im.DX != im.X && im.DX+im.DW != im.X+im.W {
				t.Errorf("%dx%d focus %g: at %g, want %g (centre) or an edge of the image on the slot's", tc.w, tc.h, tc.fx, fx, cx)
			}
		}
	}
}

// TestArtEmbeddedOnce: a PDF holds each image once, however many cards
// and pages show it.
func TestArtEmbeddedOnce(t *testing.T) {
	cat, _ := artCatalog()
	var ids []string
	for range 8 {
		ids = append(ids, "copp", "scope", "data-haul")
	}
	pdf, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English, Uncompressed: true}, Cards: ids})
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(pdf, []byte("/Subtype /Image")); n != 2 {
		t.Errorf("%d image objects in the PDF, want 2 (one per image file)", n)
	}
	path := filepath.Join(t.TempDir(), "art.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(testtool.Require(t, "pdfimages"), "-list", path).Output()
	if err != nil {
		t.Fatal(err)
	}
	objects := map[string]int{}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")[2:]
	for _, l := range lines {
		f := strings.Fields(l)
		objects[f[10]]++ // object ID
	}
	if len(lines) != 24+8 || len(objects) != 2 {
		t.Errorf("pdfimages: %d placements of %d objects, want 32 placements of 2 objects:\n%s", len(lines), len(objects), out)
	}
}

// TestArtLowResolution: an image below 300 dpi in its slot is a warning
// at the card's art field, given once (not per language).
func TestArtLowResolution(t *testing.T) {
	cat, _ := artCatalog()
	var found int
	for _, l := range wbcatalog.Langs {
		for _, d := range Check(cat, l) {
			if strings.Contains(d.Msg, "dpi") {
				found++
				if d.Pos.Line != 12 || d.Pos.File != "content/cards/x.cue" || !strings.Contains(d.Msg, "card vanta: art art/vanta.png is 120 × 80 px") || !strings.Contains(d.Msg, "at least") {
					t.Errorf("warning %v: want vanta's art at content/cards/x.cue:12", d)
				}
			}
		}
	}
	if found != 1 {
		t.Errorf("%d resolution warnings, want 1 (Vanta's, once)", found)
	}
}

// TestArtInEveryBackend: the SVG embeds the visible part of the image,
// the raster draws it, and a card without art shows a pattern in its slot.
func TestArtInEveryBackend(t *testing.T) {
	cat, _ := artCatalog()
	c, err := LayoutCard(cat, wbcatalog.English, "copp")
	if err != nil {
		t.Fatal(err)
	}
	if svg := string(c.Front.SVG("COPP")); !strings.Contains(svg, `href="data:image/jpeg;base64,`) {
		t.Error("the SVG does not embed the art")
	}
	img := c.Front.Raster(100, 0)
	plain, err := LayoutCard(testCatalog(), wbcatalog.English, "copp")
	if err != nil {
		t.Fatal(err)
	}
	img0 := plain.Front.Raster(100, 0)
	// a point of the band right of the name plate, left of the gear
	x, y := 177, 8 // 45 mm, 2 mm at 100 dpi
	if img.RGBAAt(x, y) == img0.RGBAAt(x, y) {
		t.Errorf("the raster shows the band colour %v where the art should be", img.RGBAAt(x, y))
	}
	for _, id := range []string{"copp", "vanta", "scope", "formation", "raiders-reference", "data-haul"} {
		c, err := LayoutCard(testCatalog(), wbcatalog.English, id)
		if err != nil {
			t.Fatal(err)
		}
		pattern := false
		for _, it := range c.Front.Items {
			if p, ok := it.(render.Path); ok && p.Stroke != nil && len(p.Ops) > 30 {
				pattern = true
			}
			if _, ok := it.(render.Image); ok {
				t.Errorf("%s has no art but draws an image", id)
			}
		}
		if !pattern {
			t.Errorf("%s: no placeholder pattern in its art slot", id)
		}
	}
}

// TestArtPDFDeterministic: fpdf writes images of equal width in map
// order; wbtool's copy sorts them by name (third_party/fpdf, patch 4), so
// every build is byte-identical,
// and the PDF stays valid (qpdf --check).
func TestArtPDFDeterministic(t *testing.T) {
	cat, files := artCatalog()
	// four images of one width
	for i, id := range []string{"war-paint", "warlord", "formation", "raiders-reference"} {
		a := testArt(files, "art/w"+id+".png", "png", genart.PNG(uint64(20+i), 900, 600), 900, 600, 20+i)
		switch cat.KindOf(id) {
		case wbcatalog.KindEquipment:
			cat.EquipmentCard(id).Art = a
		case wbcatalog.KindVocation:
			cat.Vocation(id).Art = a
		case wbcatalog.KindFormation:
			cat.Formation(id).Art = a
		case wbcatalog.KindReference:
			cat.Reference(id).Art = a
		}
	}
	var first []byte
	for i := range 6 {
		pdf, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English}})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = pdf
			continue
		}
		if !bytes.Equal(pdf, first) {
			t.Fatalf("build %d differs from the first", i+1)
		}
	}
	path := filepath.Join(t.TempDir(), "art.pdf")
	if err := os.WriteFile(path, first, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(testtool.Require(t, "qpdf"), "--check", path).CombinedOutput(); err != nil {
		t.Fatalf("qpdf --check: %v\n%s", err, out)
	}
	out, err := exec.Command(testtool.Require(t, "pdfimages"), "-list", path).Output()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Split(strings.TrimSpace(string(out)), "\n")) - 2; n != 10 {
		t.Errorf("pdfimages lists %d placements, want 10 (COPP and Vanta on both sides):\n%s", n, out)
	}
}

// countingArt counts the reads of each art file.
type countingArt struct {
	wbcatalog.ArtReader
	n map[string]int
}

func (c *countingArt) ReadArt(a *wbcatalog.Art) ([]byte, error) {
	c.n[a.File]++
	return c.ArtReader.ReadArt(a)
}

// TestArtReadWhenDrawn: the catalog refers to the art's files; the PDF
// reads each image when it registers it (its size) and again when it
// writes it, keeping no image's bytes in between, once per PDF however
// many cards show it. A file that changed since the load is an error of
// every backend, not another picture.
func TestArtReadWhenDrawn(t *testing.T) {
	cat, files := artCatalog()
	// a picture of its own: no other test has it in the decoded caches
	own := genart.JPEG(31, 8<<10)
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(own))
	if err != nil {
		t.Fatal(err)
	}
	cat.Objective("data-haul").Art = testArt(files, "art/haul.jpg", "jpeg", own, cfg.Width, cfg.Height, 9)
	reads := &countingArt{ArtReader: wbschema.ArtFiles(files), n: map[string]int{}}
	cat.SetArtReader(reads)
	if _, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English}}); err != nil {
		t.Fatal(err)
	}
	// COPP and the Scope share art/shared.png, shown on COPP's two sides
	for _, f := range []string{"art/shared.png", "art/haul.jpg", "art/vanta.png"} {
		if reads.n[f] != 2 {
			t.Errorf("%s read %d times for one PDF, want 2 (its size, then its data)", f, reads.n[f])
		}
	}
	files["art/haul.jpg"] = &fstest.MapFile{Data: genart.JPEG(9, 4<<10)}
	const want = "art/haul.jpg changed since the content was loaded"
	if _, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English}, Cards: []string{"data-haul"}}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("PDF: %v, want %q", err, want)
	}
	if _, _, err := SVG(cat, "data-haul", wbcatalog.English); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("SVG: %v, want %q", err, want)
	}
	c, err := LayoutCard(cat, wbcatalog.English, "data-haul")
	if err != nil {
		t.Fatal(err)
	}
	if _, err = c.Front.PNG(render.Profiles()[0]); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("PNG: %v, want %q", err, want)
	}
}

// BenchmarkArtSheets16 prints the English and French sheets of a set
// whose COPP shows the 466 KB 16-bit painting of issue 25 (2000 × 2800
// px): one build's PDFs, from empty art caches. The painting is decoded
// and converted once for the build, not once per PDF and again for its
// data.
func BenchmarkArtSheets16(b *testing.B) {
	cat, files := artCatalog()
	cat.Character("copp").Art = testArt(files, "art/painting.png", "png", genart.PNG16(2000, 2800, 30000), 2000, 2800, 4)
	for b.Loop() {
		render.ResetArtCaches()
		for _, l := range wbcatalog.Langs {
			if _, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: l}, Cards: []string{"copp"}}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
