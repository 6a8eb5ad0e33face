package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodePNGPixels: encodeRGB's PNG (unfiltered rows, zlib level 2)
// decodes to the pixels image/png's own encoding decodes to, on images
// that exercise long runs, noise and an offset rectangle; an image with a
// pixel that is not opaque goes through image/png (RGBA, colour type 6).
func TestEncodePNGPixels(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	flat := newCanvas(40, 30)
	noise := image.NewRGBA(image.Rect(0, 0, 37, 23))
	for i := range noise.Pix {
		noise.Pix[i] = byte(rnd.IntN(256))
		if i%4 == 3 {
			noise.Pix[i] = 0xff
		}
	}
	stripes := newCanvas(300, 200)
	for y := range 200 {
		for x := range 300 {
			if (x/7+y/5)%3 == 0 {
				stripes.Set(x, y, color.RGBA{byte(x), byte(y), 40, 0xff})
			}
		}
	}
	sub := stripes.SubImage(image.Rect(13, 17, 250, 150)).(*image.RGBA)
	translucent := newCanvas(8, 8)
	translucent.Pix[4*9+3] = 0x80
	lastOdd := newCanvas(7, 3) // the odd pixel at a row's end, converted alone
	lastOdd.Pix[4*20+3] = 0xfe
	firstOfPair := newCanvas(7, 3)
	firstOfPair.Pix[4*9+3] = 0
	for _, c := range []struct {
		name      string
		img       *image.RGBA
		colorType byte
	}{{"flat", flat, 2}, {"noise", noise, 2}, {"stripes", stripes, 2}, {"sub-image", sub, 2}, {"translucent", translucent, 6}, {"translucent at an odd end", lastOdd, 6}, {"transparent", firstOfPair, 6}} {
		b, err := EncodePNG(c.img, 300)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if b[25] != c.colorType {
			t.Errorf("%s: colour type %d, want %d", c.name, b[25], c.colorType)
		}
		if x, _, ok, err := PNGDPI(b); err != nil || !ok || x < 299.99 || x > 300.01 {
			t.Errorf("%s: pHYs %g dpi (%v, %v), want 300", c.name, x, ok, err)
		}
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var ref bytes.Buffer
		if err := png.Encode(&ref, c.img); err != nil {
			t.Fatal(err)
		}
		want, err := png.Decode(&ref)
		if err != nil {
			t.Fatal(err)
		}
		if !SamePixels(got, want) {
			t.Errorf("%s: the PNG decodes to other pixels than image/png's", c.name)
		}
	}
}
