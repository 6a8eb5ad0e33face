// Package artimg decodes the cards' art, one way for every command: the
// loader (validate, and every command's load) and the drawers (build,
// watch, serve, print) check an image's header against the same limits
// before decoding it, then decode it to the same 8-bit image, so that
// validate accepts exactly the art that build can draw, at the same cost.
//
// A small file can claim a huge image, and a 16-bit PNG (which painting
// programs export every day) decodes to twice the memory of an 8-bit one
// and needs a conversion for PDF and drawing. The header (width, height,
// colour model) gives what the decode will allocate: an image over
// MaxPixels, or whose decode needs more than MemoryCap, is refused before
// any pixel is decoded. A 16-bit image is converted to 8 bits once, with a
// loop over its bytes rather than a colour conversion per pixel.
package artimg

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg" // JPEG art
	_ "image/png"  // PNG art
	"sync/atomic"
)

// MaxPixels bounds an image's width × height, read from its header.
const MaxPixels = 60_000_000

// maxDecodeBytes bounds the memory one decode may need, and is the bound
// of a process without a budget (tests, a caller in Go): 60 million
// 16-bit pixels and their 8-bit copy.
const maxDecodeBytes = MaxPixels * (8 + 4)

// budget is the memory budget of this process (SetBudget), 0 for none.
var budget atomic.Int64

// SetBudget says this process runs under a memory budget of n bytes (the
// budget's LimitSelf calls it with --max-memory), which sets MemoryCap.
func SetBudget(n int64) { budget.Store(n) }

// MemoryCap is the most memory the decode of one image may need: a
// quarter of the process's memory budget (SetBudget), at most
// maxDecodeBytes. Every command under the same --max-memory has the same
// cap: validate and build agree.
func MemoryCap() int64 {
	if n := budget.Load(); n > 0 {
		return min(maxDecodeBytes, n/4)
	}
	return maxDecodeBytes
}

// Config is what an image's header says.
type Config struct {
	Format        string // "png" or "jpeg"
	Width, Height int
	// Need is the memory its decode needs, in bytes: the decoded image,
	// and its 8-bit copy for a 16-bit one.
	Need int64
}

// The errors of Check; their text says what to do.
var (
	ErrFormat = errors.New("the file is not a PNG or JPEG image that can be read: save it again as PNG or JPEG")
)

// TooLargeError is an image refused from its header.
type TooLargeError struct {
	Width, Height int
	Need, Cap     int64 // bytes; Cap 0: over MaxPixels
}

func (e *TooLargeError) Error() string {
	if e.Cap == 0 {
		return fmt.Sprintf("the image is %d × %d px: at most %d million pixels, save it smaller", e.Width, e.Height, MaxPixels/1_000_000)
	}
	return fmt.Sprintf("the image is %d × %d px and needs %d MiB to decode, more than the %d MiB one image may use (a quarter of --max-memory): save it smaller (300 dpi at the card's art slot is enough), or raise --max-memory",
		e.Width, e.Height, e.Need>>20, e.Cap>>20)
}

// Check reads src's header and refuses an image that is not a PNG or
// JPEG, is over MaxPixels, or whose decode needs more than MemoryCap.
func Check(src []byte) (Config, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(src))
	if err != nil || (format != "png" && format != "jpeg") {
		return Config{}, ErrFormat
	}
	w, h := cfg.Width, cfg.Height
	if w < 1 || h < 1 || int64(w)*int64(h) > MaxPixels {
		return Config{}, &TooLargeError{Width: w, Height: h}
	}
	need := int64(w) * int64(h) * bytesPerPixel(cfg.ColorModel)
	if limit := MemoryCap(); need > limit {
		return Config{}, &TooLargeError{Width: w, Height: h, Need: need, Cap: limit}
	}
	return Config{Format: format, Width: w, Height: h, Need: need}, nil
}

// bytesPerPixel is what decoding a pixel of model m allocates, with its
// 8-bit copy for a 16-bit model (an interlaced PNG's passes add at most
// as much again, counted by the 8-bit copy's share for 8-bit ones).
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.RGBA64Model, color.NRGBA64Model:
		return 8 + 4
	case color.Gray16Model:
		return 2 + 4
	case color.GrayModel:
		return 1 + 1
	case color.YCbCrModel:
		return 3 + 1
	case color.CMYKModel:
		return 4 + 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1 + 1
	}
	return 4 + 4 // RGBA, NRGBA
}

// Decode checks src (Check) and decodes it to an image of 8 bits per
// channel: JPEG and 8-bit PNG images as the decoder makes them, 16-bit
// ones converted once (To8Bit).
func Decode(src []byte) (image.Image, Config, error) {
	cfg, err := Check(src)
	if err != nil {
		return nil, cfg, err
	}
	img, _, err := image.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, cfg, fmt.Errorf("the %s image is damaged (%v): save it again", upper(cfg.Format), err)
	}
	return To8Bit(img), cfg, nil
}

func upper(format string) string {
	if format == "png" {
		return "PNG"
	}
	return "JPEG"
}

// To8Bit is img with 8 bits per channel: img itself when it has them, a
// copy otherwise. The 16-bit images of the PNG decoder (NRGBA64, RGBA64,
// Gray16) keep the high byte of each sample, as colour conversion does,
// in one pass over their bytes.
func To8Bit(img image.Image) image.Image {
	switch src := img.(type) {
	case *image.NRGBA, *image.RGBA, *image.Gray, *image.Paletted, *image.YCbCr, *image.CMYK:
		return img
	case *image.NRGBA64:
		return nrgbaFrom64(src.Pix, src.Stride, src.Rect, false)
	case *image.RGBA64:
		if opaque64(src) {
			// premultiplied by a full alpha: the samples are the
			// unpremultiplied ones
			return nrgbaFrom64(src.Pix, src.Stride, src.Rect, false)
		}
	case *image.Gray16:
		return nrgbaFrom64(src.Pix, src.Stride, src.Rect, true)
	}
	b := img.Bounds()
	out := image.NewNRGBA(b)
	draw.Draw(out, b, img, b.Min, draw.Src)
	return out
}

// nrgbaFrom64 copies the high bytes of 16-bit samples into an NRGBA
// image: four samples a pixel, or one grey sample (gray) made opaque.
func nrgbaFrom64(pix []byte, stride int, r image.Rectangle, gray bool) *image.NRGBA {
	out := image.NewNRGBA(r)
	w := r.Dx()
	for y := range r.Dy() {
		row := pix[y*stride:]
		dst := out.Pix[y*out.Stride : y*out.Stride+4*w]
		if gray {
			for x := range w {
				v := row[2*x]
				dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = v, v, v, 0xff
			}
			continue
		}
		for i := range dst {
			dst[i] = row[2*i]
		}
	}
	return out
}

// opaque64 reports whether every pixel of an RGBA64 image has a full
// alpha.
func opaque64(img *image.RGBA64) bool {
	w := img.Rect.Dx()
	for y := range img.Rect.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+8*w]
		for i := 6; i < len(row); i += 8 {
			if row[i] != 0xff || row[i+1] != 0xff {
				return false
			}
		}
	}
	return true
}
