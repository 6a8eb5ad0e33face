package render

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	upstream "golang.org/x/image/vector"

	"wbtool.dev/wbtool/third_party/vector"
)

// TestVectorPatchSameImages: third_party/vector (the raster backend's
// copy of golang.org/x/image/vector, PATCHES.md) draws the same bytes as
// upstream: random polygons and curves, opaque and translucent colours,
// boxes of the fixed-point and the floating-point paths (sides below and
// above 512 px), drawn over each other into one image by each.
func TestVectorPatchSameImages(t *testing.T) {
	rnd := rand.New(rand.NewPCG(35, 7))
	for round := range 16 {
		w, h := 50+rnd.IntN(700), 50+rnd.IntN(700)
		a, b := newCanvas(w, h), newCanvas(w, h)
		var za upstream.Rasterizer
		var zb vector.Rasterizer
		for range 12 {
			bw, bh := 1+rnd.IntN(w), 1+rnd.IntN(h)
			x0, y0 := rnd.IntN(w-bw+1), rnd.IntN(h-bh+1)
			r := image.Rect(x0, y0, x0+bw, y0+bh)
			za.Reset(bw, bh)
			zb.Reset(bw, bh)
			pt := func() (float32, float32) {
				return rnd.Float32()*float32(bw+4) - 2, rnd.Float32()*float32(bh+4) - 2
			}
			if rnd.IntN(3) == 0 { // a rectangle: long runs of one coverage
				x0, y0 := pt()
				x1, y1 := pt()
				for _, z := range []interface {
					MoveTo(x, y float32)
					LineTo(x, y float32)
				}{&za, &zb} {
					z.MoveTo(x0, y0)
					z.LineTo(x1, y0)
					z.LineTo(x1, y1)
					z.LineTo(x0, y1)
					z.LineTo(x0, y0)
				}
			}
			for range rnd.IntN(3) {
				x, y := pt()
				za.MoveTo(x, y)
				zb.MoveTo(x, y)
				for range 2 + rnd.IntN(6) {
					switch rnd.IntN(3) {
					case 0:
						x, y := pt()
						za.LineTo(x, y)
						zb.LineTo(x, y)
					case 1:
						x1, y1 := pt()
						x2, y2 := pt()
						za.QuadTo(x1, y1, x2, y2)
						zb.QuadTo(x1, y1, x2, y2)
					default:
						x1, y1 := pt()
						x2, y2 := pt()
						x3, y3 := pt()
						za.CubeTo(x1, y1, x2, y2, x3, y3)
						zb.CubeTo(x1, y1, x2, y2, x3, y3)
					}
				}
				za.ClosePath()
				zb.ClosePath()
			}
			alpha := uint8(0xff)
			if rnd.IntN(4) == 0 {
				alpha = uint8(rnd.IntN(256))
			}
			// premultiplied: each channel at most alpha
			c := color.RGBA{uint8(rnd.IntN(int(alpha) + 1)), uint8(rnd.IntN(int(alpha) + 1)), uint8(rnd.IntN(int(alpha) + 1)), alpha}
			za.Draw(a, r, image.NewUniform(c), image.Point{})
			zb.Draw(b, r, image.NewUniform(c), image.Point{})
		}
		for i := range a.Pix {
			if a.Pix[i] != b.Pix[i] {
				t.Fatalf("round %d (%d × %d): byte %d (pixel %d, %d) is %d, upstream draws %d", round, w, h, i, i/4%w, i/4/w, b.Pix[i], a.Pix[i])
			}
		}
	}
}
