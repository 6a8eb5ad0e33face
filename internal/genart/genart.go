// Package genart draws deterministic test images (landscapes for card
// art, PNGs and JPEGs of a given size) for benchmarks, stress tests and
// generated content trees of any game.
package genart

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
)

// Picture draws a deterministic landscape for card art: a sky in two
// colours, a sun, three mountain ridges, and (grain > 0) noise of that
// amplitude, which makes the JPEG larger. No one's artwork: a test image.
func Picture(seed uint64, w, h int, grain int) *image.RGBA {
	rnd := rand.New(rand.NewPCG(seed, 0x5eed))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	hue := rnd.Float64()
	sky0, sky1 := hsv(hue, 0.45, 0.95), hsv(hue+0.08, 0.6, 0.55)
	ridge := [3]color.RGBA{hsv(hue+0.5, 0.35, 0.55), hsv(hue+0.55, 0.45, 0.38), hsv(hue+0.6, 0.55, 0.2)}
	type wave struct{ a, f, p float64 }
	var waves [3][3]wave
	for i := range waves {
		for j := range waves[i] {
			waves[i][j] = wave{rnd.Float64() * 0.06 / float64(j+1), (1 + rnd.Float64()*3) * float64(j+1), rnd.Float64() * 6.3}
		}
	}
	sunX, sunY, sunR := 0.2+rnd.Float64()*0.6, 0.15+rnd.Float64()*0.2, 0.08
	for y := range h {
		fy := float64(y) / float64(h)
		for x := range w {
			fx := float64(x) / float64(w)
			c := mix(sky0, sky1, fy)
			if d := math.Hypot((fx-sunX)*float64(w)/float64(h), fy-sunY); d < sunR {
				c = color.RGBA{0xff, 0xf1, 0xc8, 0xff}
			}
			for i, ws := range waves {
				top := 0.45 + 0.15*float64(i)
				for _, v := range ws {
					top += v.a * math.Sin(fx*v.f*6.283+v.p)
				}
				if fy > top {
					c = ridge[i]
				}
			}
			if grain > 0 {
				n := rnd.IntN(2*grain+1) - grain
				c = color.RGBA{clamp(int(c.R) + n), clamp(int(c.G) + n), clamp(int(c.B) + n), 0xff}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// PNG encodes a Picture as PNG.
func PNG(seed uint64, w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, Picture(seed, w, h, 0)); err != nil {
		panic(err) // encoding to memory does not fail
	}
	return b.Bytes()
}

// JPEG encodes a Picture as a JPEG of about size bytes (grainy, so that
// it holds that much), for benchmarks with heavy art.
func JPEG(seed uint64, size int) []byte {
	// about 3.4 bits a pixel at this grain and quality (measured: 1 MB
	// asked, 1.0–1.1 MB made): 3:4 pictures
	px := float64(size) * 8 / 3.4
	w := int(math.Sqrt(px * 3 / 4))
	h := w * 4 / 3
	var b bytes.Buffer
	if err := jpeg.Encode(&b, Picture(seed, w, h, 24), &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func clamp(v int) uint8 { return uint8(min(255, max(0, v))) }

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

func hsv(h, s, v float64) color.RGBA {
	h = math.Mod(h, 1) * 6
	i := math.Floor(h)
	f := h - i
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var r, g, b float64
	switch int(i) {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return color.RGBA{uint8(r * 255), uint8(g * 255), uint8(b * 255), 0xff}
}

// PNG16 encodes a 16-bit RGBA PNG of w × h px, as painting programs
// export them: a gradient with one pixel of noise in every `every` (none
// when 0). 2000 × 2800 with 30000 makes 466 KB, the painting of issue 25.
func PNG16(w, h, every int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	img := image.NewNRGBA64(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA64{uint16(x * 65535 / w), uint16(y * 65535 / h), uint16((x + y) * 65535 / (w + h)), 0xffff}
			if every > 0 && r.IntN(every) == 0 {
				c.R, c.G, c.B = uint16(r.Uint32()), uint16(r.Uint32()), uint16(r.Uint32())
			}
			img.SetNRGBA64(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // encoding to memory does not fail
	}
	return b.Bytes()
}
