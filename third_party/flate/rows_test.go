package flate

import (
	"bytes"
	"compress/zlib"
	"io"
	"math/rand/v2"
	"testing"
)

// TestZlibRowsRoundTrip decodes what ZlibRows writes with Go's zlib
// reader: the same bytes come back, whatever the data.
func TestZlibRowsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return b
	}
	// an image-like buffer: flat runs, a few colours, rows repeating
	image := func(w, h int) []byte {
		stride := 1 + 3*w
		b := make([]byte, stride*h)
		for y := range h {
			for x := range w {
				c := byte((x/17 + y/9) % 5 * 40)
				if rng.IntN(50) == 0 {
					c = byte(rng.IntN(256))
				}
				copy(b[y*stride+1+3*x:], []byte{c, c / 2, 255 - c})
			}
		}
		return b
	}
	for _, tc := range []struct {
		name        string
		data        []byte
		stride, bpp int
	}{
		{"empty", nil, 1, 3},
		{"one byte", []byte{7}, 1, 3},
		{"three bytes", []byte{1, 2, 3}, 4, 3},
		{"zeros", make([]byte, 300_000), 2476, 3},
		{"random", random(100_000), 301, 3},
		{"random, one-byte stride", random(70_000), 1, 1},
		{"image", image(825, 300), 1 + 3*825, 3},
		{"image, wrong stride", image(200, 200), 77, 4},
		{"long matches past a block", bytes.Repeat([]byte("abcdefgh"), 1<<19), 8, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := ZlibRows(&buf, tc.data, tc.stride, tc.bpp); err != nil {
				t.Fatal(err)
			}
			r, err := zlib.NewReader(&buf)
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r) // checks the Adler-32 too
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.data) {
				t.Fatalf("decoded %d bytes, not the %d written", len(got), len(tc.data))
			}
		})
	}
}
