package artimg

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"sync"
	"testing"

	"wbtool.dev/wbtool/internal/genart"
)

// painting is the 466 KB 16-bit PNG of issue 25 (2000 × 2800 px).
var painting = sync.OnceValue(func() []byte { return genart.PNG16(2000, 2800, 30000) })

// slowTo8Bit is the conversion the PDFs made before: a colour conversion
// per pixel through At and Set.
func slowTo8Bit(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// TestTo8BitMatchesColourConversion: the fast paths give the pixels of
// the colour conversion for opaque 16-bit images (every pixel the
// painting programs export without transparency), and a translucent
// RGBA64 takes the general path.
func TestTo8BitMatchesColourConversion(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rect := image.Rect(2, 3, 19, 14)
	nrgba64 := image.NewNRGBA64(rect)
	rgba64 := image.NewRGBA64(rect)
	gray16 := image.NewGray16(rect)
	translucent := image.NewRGBA64(rect)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			c := color.RGBA64{uint16(r.Uint32()), uint16(r.Uint32()), uint16(r.Uint32()), 0xffff}
			nrgba64.Set(x, y, c)
			rgba64.Set(x, y, c)
			gray16.Set(x, y, c)
			a := uint16(r.Uint32())
			translucent.Set(x, y, color.RGBA64{min(c.R, a), min(c.G, a), min(c.B, a), a})
		}
	}
	for _, c := range []struct {
		name string
		img  image.Image
	}{{"NRGBA64", nrgba64}, {"RGBA64", rgba64}, {"Gray16", gray16}, {"translucent RGBA64", translucent}} {
		t.Run(c.name, func(t *testing.T) {
			got, want := To8Bit(c.img), slowTo8Bit(c.img)
			if got.Bounds() != want.Bounds() {
				t.Fatalf("bounds %v, want %v", got.Bounds(), want.Bounds())
			}
			for y := rect.Min.Y; y < rect.Max.Y; y++ {
				for x := rect.Min.X; x < rect.Max.X; x++ {
					if g, w := color.NRGBAModel.Convert(got.At(x, y)), want.At(x, y); g != w {
						t.Fatalf("pixel %d,%d: %v, want %v", x, y, g, w)
					}
				}
			}
		})
	}
}

// TestCheckRefusesFromTheHeader: an image over the pixel cap, or whose
// decode needs more than the memory cap, is refused from its header
// (a few bytes: nothing is decoded), with its size and what to do.
func TestCheckRefusesFromTheHeader(t *testing.T) {
	defer SetBudget(0)
	cases := []struct {
		name  string
		w, h  int
		limit int64 // the memory budget
		want  string
	}{
		{"over the pixel cap", 10000, 7000, 0, "the image is 10000 × 7000 px: at most 60 million pixels, save it smaller"},
		{"over the memory cap", 2000, 2800, 200 << 20, "the image is 2000 × 2800 px and needs 64 MiB to decode, more than the 50 MiB one image may use (a quarter of --max-memory): save it smaller (300 dpi at the card's art slot is enough), or raise --max-memory"},
		{"within the caps", 2000, 2800, 300 << 20, ""},
		{"no budget", 7000, 8000, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			SetBudget(c.limit)
			_, err := Check(header16(c.w, c.h))
			var tl *TooLargeError
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("Check: %v", err)
			case c.want != "" && (!errors.As(err, &tl) || err.Error() != c.want):
				t.Fatalf("Check: %v\nwant %s", err, c.want)
			}
		})
	}
}

// header16 is the start of a 16-bit RGBA PNG of w × h px: its signature
// and header chunk, all DecodeConfig reads.
func header16(w, h int) []byte {
	var buf bytes.Buffer
	img := image.NewNRGBA64(image.Rect(0, 0, 1, 1))
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	b := buf.Bytes()[:33]
	b[16], b[17], b[18], b[19] = byte(w>>24), byte(w>>16), byte(w>>8), byte(w)
	b[20], b[21], b[22], b[23] = byte(h>>24), byte(h>>16), byte(h>>8), byte(h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// BenchmarkDecode16 decodes the 466 KB 16-bit painting (2000 × 2800 px)
// to the 8-bit image every backend draws: Decode, against the decode and
// per-pixel conversion the PDFs made before ("colour-conversion").
func BenchmarkDecode16(b *testing.B) {
	src := painting()
	b.Run("artimg", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, _, err := Decode(src); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("colour-conversion", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			img, err := png.Decode(bytes.NewReader(src))
			if err != nil {
				b.Fatal(err)
			}
			slowTo8Bit(img)
		}
	})
}

// BenchmarkTo8Bit is the conversion alone.
func BenchmarkTo8Bit(b *testing.B) {
	img, err := png.Decode(bytes.NewReader(painting()))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			To8Bit(img)
		}
	})
	b.Run("colour-conversion", func(b *testing.B) {
		for b.Loop() {
			slowTo8Bit(img)
		}
	})
}
