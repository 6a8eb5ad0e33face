package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"math"
	"strings"
	"sync"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/third_party/flate"
)

// Profile is a print-on-demand service's format for one image per card
// face: the image size in pixels (bleed included), its resolution, the
// bleed and the safe zone. Profiles are data: Profiles lists the built-in
// ones, and a profile read from elsewhere (content, a flag) is the same
// struct, checked by Check.
type Profile struct {
	Name  string  // short name for --profile: "tgc"
	Title string  // the service and card size, for messages
	W, H  int     // image size in pixels, bleed included
	DPI   float64 // dots per inch, written into the PNG (pHYs)
	Bleed float64 // pixels beyond the service's cut line on each side
	Safe  float64 // pixels from the image edge inside which text and icons must stay
}

// Profiles are the built-in print profiles (designers-needs §3): The Game
// Crafter and MakePlayingCards, poker size, RGB PNG.
func Profiles() []Profile {
	return []Profile{
		{Name: "tgc", Title: "The Game Crafter poker", W: 825, H: 1125, DPI: 300, Bleed: 37.5, Safe: 75},
		{Name: "mpc", Title: "MakePlayingCards poker", W: 822, H: 1122, DPI: 300, Bleed: 36, Safe: 72},
	}
}

// ProfileNamed returns the built-in profile called name.
func ProfileNamed(name string) (Profile, bool) {
	for _, p := range Profiles() {
		if p.Name == name {
			return p, true
		}
	}
	return Profile{}, false
}

// Check reports a profile whose numbers cannot describe a card image.
func (p Profile) Check() error {
	switch {
	case p.W <= 0 || p.H <= 0 || p.W > 10000 || p.H > 10000:
		return fmt.Errorf("profile %s: image size %d × %d px: want 1 to 10000 px", p.Name, p.W, p.H)
	case !(p.DPI >= 72 && p.DPI <= 2400):
		return fmt.Errorf("profile %s: %g dpi: want 72 to 2400", p.Name, p.DPI)
	case !(p.Bleed >= 0 && p.Safe >= p.Bleed && 2*p.Safe < float64(min(p.W, p.H))):
		return fmt.Errorf("profile %s: bleed %g px and safe zone %g px do not fit a %d × %d px image", p.Name, p.Bleed, p.Safe, p.W, p.H)
	}
	return nil
}

// scale is the profile's pixels per millimetre.
func (p Profile) scale() float64 { return p.DPI / MMPerInch }

// origin is where the card's cut line starts in the profile's image: the
// card is drawn at true size (1 mm of the layout is 1 mm printed), centred
// on the service's cut box. A service's poker card (63.5 × 88.9 mm) is a
// little larger than the layout's (63 × 88 mm): the difference shows as
// background, never as a cut through the design, and the layout's margins
// keep their size.
func (p Profile) origin() (ox, oy float64) {
	s := p.scale()
	return (float64(p.W) - CardW*s) / 2, (float64(p.H) - CardH*s) / 2
}

// Image draws the face for profile p: p.W × p.H pixels at p.DPI.
func (f *Face) Image(p Profile) *image.RGBA {
	img := newCanvas(p.W, p.H)
	ox, oy := p.origin()
	f.drawInto(img, img.Bounds(), ox, oy, p.scale())
	return img
}

// PNG draws the face for profile p and encodes it as an RGB PNG with the
// profile's resolution in its pHYs chunk.
func (f *Face) PNG(p Profile) ([]byte, error) {
	if err := f.ArtError(); err != nil {
		return nil, err
	}
	// the canvas is drawn, encoded and handed back for the next face:
	// a profile's image is 3.7 MB, and faces are drawn by the hundred
	img := canvasPool.get(p.W, p.H)
	defer canvasPool.put(img)
	ox, oy := p.origin()
	f.drawInto(img, img.Bounds(), ox, oy, p.scale())
	return EncodePNG(img, p.DPI)
}

// canvasPool keeps white canvases' memory between faces of one size.
var canvasPool canvases

type canvases struct{ pool sync.Pool }

// get is a white opaque w × h image, from the pool when it has one.
func (c *canvases) get(w, h int) *image.RGBA {
	if img, ok := c.pool.Get().(*image.RGBA); ok && img.Rect.Dx() == w && img.Rect.Dy() == h {
		fillWhite(img.Pix)
		return img
	}
	return newCanvas(w, h)
}

func (c *canvases) put(img *image.RGBA) { c.pool.Put(img) }

// pngBuffers are the PNG encoder's buffers (its compressor's above all),
// kept between images: the bytes written are the same.
var pngBuffers = &encoderBuffers{}

type encoderBuffers struct{ pool sync.Pool }

func (b *encoderBuffers) Get() *png.EncoderBuffer {
	if e, ok := b.pool.Get().(*png.EncoderBuffer); ok {
		return e
	}
	return nil
}

func (b *encoderBuffers) Put(e *png.EncoderBuffer) { b.pool.Put(e) }

// EncodePNG encodes an opaque image as an RGB PNG (no alpha channel) and
// writes dpi into it. An opaque *image.RGBA (every face and sheet) takes
// encodeRGB's fast path; any other image goes through image/png, whose
// output gets the pHYs chunk (image/png writes none) right after IHDR,
// where the PNG specification allows it (before IDAT).
func EncodePNG(img image.Image, dpi float64) ([]byte, error) {
	if m, ok := img.(*image.RGBA); ok {
		if b, ok := encodeRGB(m, dpi); ok {
			return b, nil
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression, BufferPool: pngBuffers}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return withPHYs(buf.Bytes(), dpi)
}

// encodeRGB's compression. Card faces are flat colours, text and a
// picture: rows without a filter, compressed by third_party/flate, a
// matcher for image rows (the pixel to the left, the row above, one hash
// candidate, lazy by one byte) feeding a copy of compress/flate's Huffman
// writer. It replaced compress/flate at level 4 (the first of its
// lazy-matching levels; level 2 was 17–27 % larger): measured on the four
// starters' exports (wbtool export png --profile tgc, du -sb, CPU):
// Warbound 20.05 → 20.29 MB (+1.2 %), Warstuff −2.5 %, 40k Unbound
// −3.8 %, The Convicted −7.8 %, at about half the encoder's CPU
// (BenchmarkProfileEncode in games/warbound/wbcards: 9.2 → 5.0 ms a face).
// A filter chosen per row (libpng's minimum sum of absolute differences
// among None, Sub and Up) made every starter larger at every level tried
// with compress/flate (The Convicted: +3 % at level 2, +7 % at 4, +8 % at
// 6): filtered rows stop matching the unfiltered row above them.

// encodeRGB writes an opaque m as an 8-bit RGB PNG: IHDR, pHYs (dpi),
// one IDAT of unfiltered rows compressed by third_party/flate, IEND. ok is false
// when m has a pixel that is not opaque (image/png then writes RGBA).
// It decodes to the same pixels as image/png's encoding of m.
func encodeRGB(m *image.RGBA, dpi float64) (out []byte, ok bool) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if w <= 0 || h <= 0 {
		return nil, false
	}
	// the PNG is written in a buffer kept from one image to the next
	// and handed back as a copy of its own size: exports hold every
	// face's bytes until they are written
	bp, _ := pngBufs.Get().(*bytes.Buffer)
	if bp == nil {
		bp = new(bytes.Buffer)
	}
	defer pngBufs.Put(bp)
	bp.Reset()
	buf := bp
	buf.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, colour type 2: RGB
	writeChunk(buf, "IHDR", ihdr[:])
	ppm := uint32(math.Round(dpi / 0.0254))
	var phys [9]byte
	binary.BigEndian.PutUint32(phys[0:], ppm)
	binary.BigEndian.PutUint32(phys[4:], ppm)
	phys[8] = 1 // unit: metre
	writeChunk(buf, "pHYs", phys[:])

	// the rows as the PNG stores them, unfiltered: a filter byte 0,
	// then R, G, B for each pixel
	stride := 1 + 3*w
	rp, _ := rowBufs.Get().(*[]byte)
	if rp == nil {
		rp = new([]byte)
	}
	defer rowBufs.Put(rp)
	if cap(*rp) < stride*h+2 {
		*rp = make([]byte, stride*h+2)
	}
	rows := (*rp)[:stride*h+2] // two bytes more: two pixels are stored as 8 bytes, the last 2 overwritten by the next
	for y := range h {
		pix := m.Pix[m.PixOffset(m.Rect.Min.X, m.Rect.Min.Y+y):][:4*w]
		row := rows[y*stride:][:stride+2]
		if !rgbRow(row[1:], pix) {
			return nil, false
		}
		row[0] = 0 // filter: none
	}
	rows = rows[:stride*h]
	start := buf.Len()
	buf.Write([]byte{0, 0, 0, 0, 'I', 'D', 'A', 'T'}) // length filled in below
	if err := flate.ZlibRows(buf, rows, stride, 3); err != nil {
		return nil, false
	}
	b := buf.Bytes()
	binary.BigEndian.PutUint32(b[start:], uint32(len(b)-start-8))
	var crc [4]byte
	binary.BigEndian.PutUint32(crc[:], crc32.ChecksumIEEE(b[start+4:]))
	buf.Write(crc[:])
	writeChunk(buf, "IEND", nil)
	return bytes.Clone(buf.Bytes()), true
}

// rgbRow stores the RGBA pixels pix as RGB in row, which has two bytes
// more than their RGB (each pair of pixels is written as 8 bytes); it is
// false when a pixel is not opaque.
func rgbRow(row, pix []byte) bool {
	alpha := uint64(0xff000000ff000000)
	x, j := 0, 0
	for ; x+8 <= len(pix); x, j = x+8, j+6 {
		v := binary.LittleEndian.Uint64(pix[x:])
		alpha &= v
		binary.LittleEndian.PutUint64(row[j:], v&0xffffff|(v>>8)&0xffffff000000)
	}
	if x < len(pix) { // an odd pixel at the end
		v := binary.LittleEndian.Uint32(pix[x:])
		alpha &= uint64(v) | 0xff000000_00000000
		binary.LittleEndian.PutUint32(row[j:], v)
	}
	return alpha == 0xff000000ff000000
}

// pngBufs are encodeRGB's output buffers, rowBufs its rows.
var pngBufs, rowBufs sync.Pool

// writeChunk appends a PNG chunk: length, type, data, CRC of type and data.
func writeChunk(buf *bytes.Buffer, typ string, data []byte) {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:], uint32(len(data)))
	copy(hdr[4:], typ)
	buf.Write(hdr[:])
	buf.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	binary.BigEndian.PutUint32(hdr[:4], crc.Sum32())
	buf.Write(hdr[:4])
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// withPHYs inserts a pHYs chunk (pixels per metre on both axes, unit
// metre) after the IHDR chunk of the PNG b.
func withPHYs(b []byte, dpi float64) ([]byte, error) {
	const ihdrEnd = 8 + 4 + 4 + 13 + 4 // signature, length, type, data, CRC
	if len(b) < ihdrEnd || !bytes.Equal(b[:8], pngSignature) || string(b[12:16]) != "IHDR" {
		return nil, errors.New("not a PNG with an IHDR chunk first")
	}
	ppm := uint32(math.Round(dpi / 0.0254))
	chunk := make([]byte, 4+4+9+4)
	binary.BigEndian.PutUint32(chunk[0:], 9)
	copy(chunk[4:], "pHYs")
	binary.BigEndian.PutUint32(chunk[8:], ppm)
	binary.BigEndian.PutUint32(chunk[12:], ppm)
	chunk[16] = 1 // unit: metre
	binary.BigEndian.PutUint32(chunk[17:], crc32.ChecksumIEEE(chunk[4:17]))
	out := make([]byte, 0, len(b)+len(chunk))
	out = append(out, b[:ihdrEnd]...)
	out = append(out, chunk...)
	return append(out, b[ihdrEnd:]...), nil
}

// PNGDPI reads the resolution a PNG's pHYs chunk declares, checking the
// chunk's CRC; ok is false when there is none (or its unit is unknown).
func PNGDPI(b []byte) (x, y float64, ok bool, err error) {
	if len(b) < 8 || !bytes.Equal(b[:8], pngSignature) {
		return 0, 0, false, errors.New("not a PNG")
	}
	for i := 8; i+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		if n < 0 || i+12+n > len(b) {
			return 0, 0, false, errors.New("truncated PNG chunk")
		}
		typ := string(b[i+4 : i+8])
		data := b[i+8 : i+8+n]
		if crc32.ChecksumIEEE(b[i+4:i+8+n]) != binary.BigEndian.Uint32(b[i+8+n:]) {
			return 0, 0, false, fmt.Errorf("bad CRC in the %s chunk", typ)
		}
		switch typ {
		case "pHYs":
			if n != 9 || data[8] != 1 {
				return 0, 0, false, nil
			}
			return float64(binary.BigEndian.Uint32(data)) * 0.0254, float64(binary.BigEndian.Uint32(data[4:])) * 0.0254, true, nil
		case "IDAT", "IEND":
			return 0, 0, false, nil // pHYs must come before IDAT
		}
		i += 12 + n
	}
	return 0, 0, false, nil
}

// Preflight reports every text run and icon of the face that reaches
// outside profile p's safe zone, as errors naming the card, language and
// face at pos.
//
// Text runs are measured by their glyphs' outlines; an icon is a shape at
// most maxIcon (10 mm) on each side drawn inside the layout's bleed box (inline
// icons, cost hexagons, the Leader crown, faction emblems). Larger shapes
// (bands, panels, stat boxes, frames) and shapes the bleed clips (patterns running off
// the card) are the card's background, meant to reach the edge. A common
// back (wbtool's own design, whose pattern runs off every edge) is checked
// for its text only.
func (f *Face) Preflight(p Profile, face string, pos diag.Pos, path string) diag.List {
	s := p.scale()
	ox, oy := p.origin()
	r := &rasterizer{t: xform{ox: ox, oy: oy, s: s}}
	bleedBox := fbox{ox - Bleed*s - 0.5, oy - Bleed*s - 0.5, ox + (CardW+Bleed)*s + 0.5, oy + (CardH+Bleed)*s + 0.5}
	const eps = 0.05 // px: rounding of the layout's millimetres
	var found []string
	for _, it := range f.Items {
		b, ok := r.inkBox(it)
		if !ok {
			continue
		}
		what := "an icon"
		if t, isText := it.(Text); isText {
			what = fmt.Sprintf("the text %q", t.S)
		} else if f.Side == "common-back" || b.x1-b.x0 > maxIcon*s || b.y1-b.y0 > maxIcon*s || b.x0 < bleedBox.x0 || b.y0 < bleedBox.y0 || b.x1 > bleedBox.x1 || b.y1 > bleedBox.y1 {
			continue
		} else {
			what += fmt.Sprintf(" at %s,%s mm", mm(itemAnchor(it).X), mm(itemAnchor(it).Y))
		}
		var over []string
		if d := p.Safe - b.x0; d > eps {
			over = append(over, fmt.Sprintf("%.1f px into the left margin", d))
		}
		if d := b.x1 - (float64(p.W) - p.Safe); d > eps {
			over = append(over, fmt.Sprintf("%.1f px into the right margin", d))
		}
		if d := p.Safe - b.y0; d > eps {
			over = append(over, fmt.Sprintf("%.1f px into the top margin", d))
		}
		if d := b.y1 - (float64(p.H) - p.Safe); d > eps {
			over = append(over, fmt.Sprintf("%.1f px into the bottom margin", d))
		}
		if len(over) > 0 {
			found = append(found, what+" ("+strings.Join(over, ", ")+")")
		}
	}
	if len(found) == 0 {
		return nil
	}
	n := len(found)
	if n > 4 {
		found = append(found[:4], fmt.Sprintf("and %d more", n-4))
	}
	return diag.List{diag.Errorf(pos, path, "card %s (%s, %s): %s outside the safe zone of %s (%g px from each edge of %d × %d px): %s; move %s towards the middle of the card",
		f.Card, f.Lang, face, plural(n, "item", "items"), p.Title, p.Safe, p.W, p.H, strings.Join(found, "; "), plural(n, "it", "them"))}
}

// plural is "1 item"/"2 items" for counts, or the one/many word alone
// for pronouns.
func plural(n int, one, many string) string {
	w := many
	if n == 1 {
		w = one
	}
	if one == "it" {
		return w
	}
	return fmt.Sprintf("%d %s", n, w)
}

// maxIcon is the largest shape, in mm, the preflight takes for an icon.
const maxIcon = 10.0

// itemAnchor is the first point of a shape, to name it in messages.
func itemAnchor(it Item) Pt {
	switch it := it.(type) {
	case Rect:
		return Pt{it.X, it.Y}
	case Circle:
		return Pt{it.X, it.Y}
	case Poly:
		if len(it.Pts) > 0 {
			return it.Pts[0]
		}
	case Line:
		if len(it.Pts) > 0 {
			return it.Pts[0]
		}
	case Path:
		if len(it.Ops) > 0 && len(it.Ops[0].Pts) > 0 {
			return it.Ops[0].Pts[0]
		}
	}
	return Pt{}
}

// SamePixels says whether a and b have the same size and the same colour
// at every pixel (as 16-bit RGBA), whatever their types and origins.
func SamePixels(a, b image.Image) bool {
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Size() != rb.Size() {
		return false
	}
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
