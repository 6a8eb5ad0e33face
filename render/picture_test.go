package render

import (
	"bytes"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// TestScalePictureSamePixels: scalePicture draws the pixels x/image's
// CatmullRom.Transform draws, for JPEG (YCbCr 4:2:0) and opaque RGBA
// sources, shrunk and enlarged, offset, clipped by the canvas, and for
// the cases it hands to x/image (a rotation, a translucent source).
func TestScalePictureSamePixels(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	noise := image.NewRGBA(image.Rect(5, 7, 95, 67))
	for i := range noise.Pix {
		noise.Pix[i] = byte(rnd.IntN(256))
		if i%4 == 3 {
			noise.Pix[i] = 0xff
		}
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, noise, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	ycc, err := jpeg.Decode(&jb)
	if err != nil {
		t.Fatal(err)
	}
	if y, ok := ycc.(*image.YCbCr); !ok || y.SubsampleRatio != image.YCbCrSubsampleRatio420 {
		t.Fatalf("the JPEG decodes to %T, want 4:2:0 YCbCr", ycc)
	}
	translucent := image.NewRGBA(noise.Rect)
	copy(translucent.Pix, noise.Pix)
	translucent.Pix[3] = 0x80
	for _, src := range []struct {
		name string
		img  image.Image
	}{{"jpeg", ycc}, {"rgba", noise}, {"translucent", translucent}} {
		sb := src.img.Bounds()
		for _, m := range []struct {
			name string
			m    f64.Aff3
		}{
			{"shrunk", f64.Aff3{0.77, 0, 3.3, 0, 0.71, -2.2}},
			{"enlarged", f64.Aff3{2.3, 0, -10.6, 0, 1.9, 4.1}},
			{"off the canvas", f64.Aff3{1.3, 0, -40.25, 0, 1.3, 70.5}},
			{"rotated", f64.Aff3{0.9, 0.2, 1, -0.2, 0.9, 30}},
		} {
			got, want := newCanvas(120, 110), newCanvas(120, 110)
			clip := image.Rect(3, 2, 117, 100)
			scalePicture(got.SubImage(clip).(*image.RGBA), m.m, src.img, sb)
			xdraw.CatmullRom.Transform(want.SubImage(clip).(*image.RGBA), m.m, src.img, sb, xdraw.Over, nil)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%s, %s: other pixels than x/image's", src.name, m.name)
			}
			if n := bytes.Count(got.Pix, []byte{0xff}); n > len(got.Pix)*19/20 {
				t.Errorf("%s, %s: %d of %d bytes white: the picture is barely drawn", src.name, m.name, n, len(got.Pix))
			}
		}
	}
}
