package render

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"slices"
	"strings"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"

	"codeberg.org/go-pdf/fpdf"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/artimg"
)

// Art (issue 14 item 6): every card kind has an art slot. Characters,
// Leaders and Reference cards show their art in the name band (the name
// and type line stay on a plate of the band's colour); Upgrades and
// Objectives in a window under the band, where their symbol stands when
// they have none. Without art, the slot shows a faint hex pattern of the
// card's colour (and the symbol), never empty space.

// ArtDPI is the resolution below which a card's art prints soft: a
// warning asks for a larger image.
const ArtDPI = 300.0

// Image is a picture placed in a slot: the whole image is drawn at DX, DY,
// DW × DH mm (at least the slot's size, the art's focus point as near the
// slot's centre as the image allows) and clipped to the slot X, Y, W × H.
type Image struct {
	X, Y, W, H     float64
	DX, DY, DW, DH float64
	Art            *Art
}

// Art is the picture an Image shows, by reference: what the kit needs to
// place, name and draw it. A game makes it from its own art reference; the
// kit reads the file's bytes only when a backend draws it (a set of a
// thousand pictures would not fit in memory).
type Art struct {
	// File is the image's path as the designer wrote it (messages, dumps).
	File string
	// Format is "png" or "jpeg"; Width and Height its size in pixels.
	Format        string
	Width, Height int
	// Hash identifies the file's bytes: images sharing it are decoded
	// once and embedded once in a PDF.
	Hash string
	// FocusX and FocusY are the point of the image (0 to 1 across and
	// down) that stays in view when a slot crops it.
	FocusX, FocusY float64
	// Pos is where the content names the image (warnings).
	Pos diag.Pos
	// Src reads the file's bytes when a backend draws the image (nil:
	// nothing to read it from).
	Src ArtSource
}

// ArtSource reads the bytes of an image's file: the file the loader
// checked (an error if it changed since).
type ArtSource interface {
	ArtBytes() ([]byte, error)
}

// bytes reads the image's file.
func (im Image) bytes() ([]byte, error) {
	if im.Art.Src == nil {
		return nil, fmt.Errorf("art %s: no catalog to read it from", im.Art.File)
	}
	return im.Art.Src.ArtBytes()
}

func (im Image) dump(b *strings.Builder) {
	fmt.Fprintf(b, "image %s %s %s %s draw=%s,%s %sx%s art=%s %dx%d", mm(im.X), mm(im.Y), mm(im.W), mm(im.H),
		mm(im.DX), mm(im.DY), mm(im.DW), mm(im.DH), im.Art.File, im.Art.Width, im.Art.Height)
}

// DPI is the resolution the art prints at in its slot.
func (im Image) DPI() float64 { return float64(im.Art.Width) / (im.DW / MMPerInch) }

// CoverImage places art a so that it covers the slot x, y, w × h mm,
// cropped around its focus point.
func CoverImage(a *Art, x, y, w, h float64) Image {
	s := math.Max(w/float64(a.Width), h/float64(a.Height)) // mm per pixel
	dw, dh := float64(a.Width)*s, float64(a.Height)*s
	fx, fy := a.FocusX, a.FocusY
	dx := min(x, max(x+w-dw, x+w/2-fx*dw))
	dy := min(y, max(y+h-dh, y+h/2-fy*dh))
	return Image{X: x, Y: y, W: w, H: h, DX: dx, DY: dy, DW: dw, DH: dh, Art: a}
}

// decoded keeps the decoded images (8 bits per channel, package artimg)
// by the hash of their file: every backend of a build — the raster card
// images, the site's pictures, the PDFs' converted PNGs — draws from the
// one decode of each picture, and a picture several cards share is
// decoded once. Stages running at once that want the same picture wait
// for its one decode rather than decode it again side by side. Bounded by
// the bytes held (the last used stay).
var decoded = &artCache[image.Image]{max: decodedMaxBytes}

// ResetArtCaches empties the caches of decoded and PDF-ready images, as
// a fresh process has them (benchmarks measure a build from empty caches).
func ResetArtCaches() {
	decoded = &artCache[image.Image]{max: decodedMaxBytes}
	pdfImages = &artCache[[]byte]{max: pdfImagesMaxBytes}
}

// decodedMaxBytes bounds the decoded images kept: a set's pictures at
// 300 dpi, a few megabytes each, all fit.
const decodedMaxBytes = 384 << 20

// decodeArt is im's picture decoded (artimg.Decode: the loader's limits
// and decode), from the cache when it is there.
func decodeArt(im Image) (image.Image, error) {
	a := im.Art
	return decoded.get(a.Hash, func() (image.Image, int64, error) {
		data, err := im.bytes()
		if err != nil {
			return nil, 0, err
		}
		img, cfg, err := artimg.Decode(data)
		if err != nil {
			return nil, 0, fmt.Errorf("art %s: %w", a.File, err)
		}
		return img, cfg.Need, nil
	})
}

// artCache is a cache of values made once each (by key, usually an art's
// hash), bounded by the bytes their makers say they hold: the least
// recently used go first, the last one always stays. A value whose
// making failed is not kept: the file may come back as it was.
type artCache[T any] struct {
	mu    sync.Mutex
	max   int64
	size  int64
	order []string // least recently used first
	m     map[string]*artEntry[T]
}

type artEntry[T any] struct {
	once sync.Once
	v    T
	n    int64
	err  error
}

// get is the value of key, made by make (once, whoever asks at the same
// time) when it is not kept.
func (c *artCache[T]) get(key string, make func() (T, int64, error)) (T, error) {
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]*artEntry[T]{}
	}
	e := c.m[key]
	if e == nil {
		e = &artEntry[T]{}
		c.m[key] = e
	} else {
		c.order = slices.DeleteFunc(c.order, func(k string) bool { return k == key })
	}
	c.order = append(c.order, key)
	c.mu.Unlock()
	made := false
	e.once.Do(func() {
		e.v, e.n, e.err = make()
		made = true
	})
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.err != nil {
		if c.m[key] == e {
			delete(c.m, key)
			c.order = slices.DeleteFunc(c.order, func(k string) bool { return k == key })
		}
		return e.v, e.err
	}
	if made && c.m[key] == e {
		c.size += e.n
		// at most half of what one decode may use (artimg): an eighth
		// of the memory budget
		limit := min(c.max, artimg.MemoryCap()/2)
		for c.size > limit && len(c.order) > 1 {
			old := c.order[0]
			c.order = c.order[1:]
			if o := c.m[old]; o != nil {
				c.size -= o.n
				delete(c.m, old)
			}
		}
	}
	return e.v, nil
}

// ArtError reports an image of the face that cannot be drawn: its file
// changed or went away since the content was loaded (the loader checked
// that it decodes). The raster backend draws nothing in its slot then.
func (f *Face) ArtError() error {
	for _, it := range f.Items {
		if im, ok := it.(Image); ok {
			if _, err := decodeArt(im); err != nil {
				return err
			}
		}
	}
	return nil
}

// webPxPerMM is the resolution of the art in the SVG images (the site):
// about 300 dpi, sharp on a phone's screen at the card's full width.
const webPxPerMM = 12.0

// webImages caches the JPEG of the visible part of each image in its
// slot, for the SVG images (dropped whole when full). An entry is made
// once: the languages' images, built at the same time, wait for it
// rather than decode the picture again.
var webImages struct {
	sync.Mutex
	m map[string]*webEntry
}

type webEntry struct {
	once sync.Once
	b    []byte
	err  error
}

const webImagesMax = 512

// WebImage is the visible part of im, resampled to webPxPerMM, as a JPEG.
func WebImage(im Image) ([]byte, error) {
	key := fmt.Sprintf("%s %g %g %g %g %g %g", im.Art.Hash, im.X-im.DX, im.Y-im.DY, im.W, im.H, im.DW, im.DH)
	webImages.Lock()
	e := webImages.m[key]
	if e == nil {
		if webImages.m == nil || len(webImages.m) >= webImagesMax {
			webImages.m = map[string]*webEntry{}
		}
		e = &webEntry{}
		webImages.m[key] = e
	}
	webImages.Unlock()
	e.once.Do(func() { e.b, e.err = cropWeb(im) })
	if e.err != nil {
		// not kept: the file may come back as it was
		webImages.Lock()
		if webImages.m[key] == e {
			delete(webImages.m, key)
		}
		webImages.Unlock()
	}
	return e.b, e.err
}

// cropWeb makes WebImage's JPEG.
func cropWeb(im Image) ([]byte, error) {
	src, err := decodeArt(im)
	if err != nil {
		return nil, err
	}
	sb := src.Bounds()
	k := float64(sb.Dx()) / im.DW // px per mm of the source
	sr := image.Rect(
		sb.Min.X+int(math.Floor((im.X-im.DX)*k)), sb.Min.Y+int(math.Floor((im.Y-im.DY)*k)),
		sb.Min.X+int(math.Ceil((im.X-im.DX+im.W)*k)), sb.Min.Y+int(math.Ceil((im.Y-im.DY+im.H)*k)),
	).Intersect(sb)
	w := max(1, int(math.Round(im.W*min(webPxPerMM, k))))
	h := max(1, int(math.Round(im.H*min(webPxPerMM, k))))
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range dst.Pix {
		dst.Pix[i] = 0xff
	}
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, sr, xdraw.Over, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// svgImage writes im as an SVG image: its visible part, embedded (an SVG
// shown as a picture loads nothing else), in a nested viewport that clips
// it to the slot.
func svgImage(b *bytes.Buffer, im Image) {
	jpg, err := WebImage(im)
	if err != nil {
		return // cardSVG made it first and reports the error
	}
	b.WriteString(`<image x="` + num(im.X) + `" y="` + num(im.Y) + `" width="` + num(im.W) + `" height="` + num(im.H) + `" preserveAspectRatio="none" href="data:image/jpeg;base64,`)
	b.WriteString(base64.StdEncoding.EncodeToString(jpg))
	b.WriteString(`"/>`)
}

// rasterImage draws im into the raster, clipped to its slot.
func (r *rasterizer) image(im Image) {
	src, err := decodeArt(im)
	if err != nil {
		return // the file changed since the load: Face.ArtError reports it
	}
	t := r.t
	p0, p1 := t.pt(Pt{im.X, im.Y}), t.pt(Pt{im.X + im.W, im.Y + im.H})
	clip := image.Rect(int(math.Round(p0.x)), int(math.Round(p0.y)), int(math.Round(p1.x)), int(math.Round(p1.y))).Intersect(r.clip)
	if clip.Empty() {
		return
	}
	sb := src.Bounds()
	d := t.pt(Pt{im.DX, im.DY})
	sx := im.DW * t.s / float64(sb.Dx())
	sy := im.DH * t.s / float64(sb.Dy())
	// the affine map from source pixels to image pixels
	m := f64.Aff3{sx, 0, d.x - float64(sb.Min.X)*sx, 0, sy, d.y - float64(sb.Min.Y)*sy}
	scalePicture(r.img.SubImage(clip).(*image.RGBA), m, src, sb)
}

// image draws im in the PDF with its origin at (ox, oy), clipped to its
// slot and to the rectangle x, y, w, h when w > 0. Each image is embedded
// once per PDF (fpdf keeps registered images by name), as it is: a JPEG
// is copied, not decoded (DCT passthrough). The PDF holds no image in
// memory while pages are added: fpdf reads the file when it registers the
// image (its size) and again when it writes the PDF.
func (p *pdfDoc) image(im Image, ox, oy, x, y, w, h float64) {
	name := "art-" + im.Art.Hash
	opts := fpdf.ImageOptions{ImageType: "JPG"}
	if im.Art.Format == "png" {
		opts.ImageType = "PNG"
	}
	if p.GetImageInfo(name) == nil {
		p.RegisterImageLazy(name, opts, func() ([]byte, error) { return pdfImageData(im) })
	}
	if w > 0 {
		p.ClipRect(ox+x, oy+y, w, h, false)
	}
	p.ClipRect(ox+im.X, oy+im.Y, im.W, im.H, false)
	p.ImageOptions(name, ox+im.DX, oy+im.DY, im.DW, im.DH, false, opts, 0, "")
	p.ClipEnd()
	if w > 0 {
		p.ClipEnd()
	}
}

// pdfImageData is im's file as the PDF embeds it: a JPEG or an 8-bit,
// non-interlaced PNG as it is, any other PNG (16-bit, interlaced)
// converted to one, which PDF writers can embed. A converted picture is
// made once (pdfImages), from its one decode (decodeArt), for every PDF
// of the build.
func pdfImageData(im Image) ([]byte, error) {
	data, err := im.bytes()
	if err != nil || im.Art.Format != "png" || plainPNG(data) {
		return data, err
	}
	return pdfImages.get(im.Art.Hash, func() ([]byte, int64, error) {
		img, err := decodeArt(im)
		if err != nil {
			return nil, 0, err
		}
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, nrgba(img)); err != nil {
			return nil, 0, fmt.Errorf("art %s: %w", im.Art.File, err)
		}
		return buf.Bytes(), int64(buf.Len()), nil
	})
}

// pdfImages are the converted PNGs of pdfImageData, by the hash of their
// file.
var pdfImages = &artCache[[]byte]{max: pdfImagesMaxBytes}

const pdfImagesMaxBytes = 256 << 20

// plainPNG reports whether a PNG is 8 bits per channel and not interlaced
// (its IHDR chunk follows the 8-byte signature: bit depth at byte 24,
// interlace method at byte 28).
func plainPNG(src []byte) bool {
	return len(src) > 28 && src[24] == 8 && src[28] == 0
}

// nrgba is a decoded picture as an NRGBA image, the one form of the PDFs'
// converted PNGs.
func nrgba(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok {
		return n
	}
	b := img.Bounds()
	out := image.NewNRGBA(b)
	xdraw.Draw(out, b, img, b.Min, xdraw.Src)
	return out
}
