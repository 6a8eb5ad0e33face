package flate

import (
	"bytes"
	"compress/zlib"
	stdadler32 "hash/adler32"
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

// TestAdler32: adler32 is hash/adler32's checksum, on lengths around its
// steps (8 bytes) and its modulus's period (5,552), of bytes all 0xff (the
// largest sums) and random ones.
func TestAdler32(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 7, 8, 9, 63, 5551, 5552, 5553, 5559, 11104, 11111, 100003, 2_800_001} {
		full := bytes.Repeat([]byte{0xff}, n)
		noise := make([]byte, n)
		for i := range noise {
			noise[i] = byte(rnd.IntN(256))
		}
		for _, p := range [][]byte{full, noise} {
			if got, want := adler32(p), stdadler32.Checksum(p); got != want {
				t.Errorf("%d bytes: %08x, want %08x", n, got, want)
			}
		}
	}
}

func BenchmarkAdler32(b *testing.B) {
	p := make([]byte, 2_800_000)
	for i := range p {
		p[i] = byte(i * 7)
	}
	b.Run("stdlib", func(b *testing.B) {
		b.SetBytes(int64(len(p)))
		for b.Loop() {
			stdadler32.Checksum(p)
		}
	})
	b.Run("flate", func(b *testing.B) {
		b.SetBytes(int64(len(p)))
		for b.Loop() {
			adler32(p)
		}
	})
}
