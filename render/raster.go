package render

import (
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"wbtool.dev/wbtool/third_party/vector"
)

// Raster backend: the same faces as the PDF and the SVG, drawn into an RGB
// image in Go (golang.org/x/image/vector for the shapes, the Go fonts'
// outlines read with font/sfnt for the text). Text runs are drawn glyph by
// glyph with the advance widths the layout measured (fontMetrics, the
// widths fpdf writes into the PDF), so every glyph lands where the PDF puts
// it; strokes have round caps and joins as in the PDF; fills use the
// nonzero rule as the PDF's f operator does.

// MMPerInch is the number of millimetres in an inch.
const MMPerInch = 25.4

// Raster draws the face at dpi dots per inch with bleed mm of background
// around the cut line: an image of (63 + 2·bleed) × (88 + 2·bleed) mm.
// A bleed beyond the layout's own (Bleed, 3 mm) repeats the outermost
// pixels of the layout's bleed.
func (f *Face) Raster(dpi, bleed float64) *image.RGBA {
	s := dpi / MMPerInch
	w := int(math.Round((CardW + 2*bleed) * s))
	h := int(math.Round((CardH + 2*bleed) * s))
	img := newCanvas(w, h)
	f.drawInto(img, img.Bounds(), bleed*s, bleed*s, s)
	return img
}

// newCanvas is a white opaque image.
func newCanvas(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fillWhite(img.Pix)
	return img
}

// fillWhite sets every byte of pix to 0xff: a few bytes, then copies
// doubling what is set (memmove's speed instead of a byte at a time).
func fillWhite(pix []byte) {
	if len(pix) == 0 {
		return
	}
	pix[0] = 0xff
	for n := 1; n < len(pix); n *= 2 {
		copy(pix[n:], pix[:n])
	}
}

// drawInto draws the face into the part r of img, with the cut line's
// top-left corner at (ox, oy) pixels from r.Min and s pixels per
// millimetre. Like the PDF, it clips to the card and the layout's bleed
// (pixels wholly inside it, so that no half-covered pixel shows the
// paper); the rest of r repeats the outermost pixels of that clip.
func (f *Face) drawInto(img *image.RGBA, r image.Rectangle, ox, oy, s float64) {
	x0 := float64(r.Min.X) + ox
	y0 := float64(r.Min.Y) + oy
	clip := image.Rect(
		int(math.Ceil(x0-Bleed*s-1e-6)), int(math.Ceil(y0-Bleed*s-1e-6)),
		int(math.Floor(x0+(CardW+Bleed)*s+1e-6)), int(math.Floor(y0+(CardH+Bleed)*s+1e-6)),
	).Intersect(r)
	if clip.Empty() {
		return
	}
	z := rasterizers.Get().(*vector.Rasterizer)
	defer rasterizers.Put(z)
	rs := &rasterizer{img: img, clip: clip, t: xform{ox: x0, oy: y0, s: s}, z: z}
	for _, it := range f.Items {
		rs.item(it)
	}
	extendEdges(img, clip, r)
}

// extendEdges fills the part of r outside clip by mirroring clip at its
// edges (a bleed wider than the drawing's): a pattern running off the card
// continues instead of smearing into stripes.
func extendEdges(img *image.RGBA, clip, r image.Rectangle) {
	if clip == r {
		return
	}
	mirror := func(v, lo, hi int) int { // hi exclusive
		for v < lo || v >= hi {
			if v < lo {
				v = 2*lo - 1 - v
			}
			if v >= hi {
				v = 2*hi - 1 - v
			}
			if hi-lo == 1 {
				return lo
			}
		}
		return v
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		sy := mirror(y, clip.Min.Y, clip.Max.Y)
		for x := r.Min.X; x < r.Max.X; x++ {
			if y >= clip.Min.Y && y < clip.Max.Y && x >= clip.Min.X && x < clip.Max.X {
				x = clip.Max.X - 1 // skip the inside of the row
				continue
			}
			sx := mirror(x, clip.Min.X, clip.Max.X)
			copy(img.Pix[img.PixOffset(x, y):][:4], img.Pix[img.PixOffset(sx, sy):][:4])
		}
	}
}

// xform maps millimetres of the card to pixels of the image.
type xform struct{ ox, oy, s float64 }

func (t xform) pt(p Pt) fpt { return fpt{t.ox + p.X*t.s, t.oy + p.Y*t.s} }

// fpt is a point in pixels.
type fpt struct{ x, y float64 }

// outline is a shape in pixels: subpaths of lines, quadratic and cubic
// curves, each closed for filling.
type outline struct {
	subs [][]seg
	box  fbox
}

// seg is one drawing step: 'M', 'L', 'Q' (p[0] control, p[1] end), 'C'.
type seg struct {
	op byte
	p  [3]fpt
}

type fbox struct{ x0, y0, x1, y1 float64 }

func emptyBox() fbox { return fbox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func (b *fbox) add(p fpt) {
	b.x0, b.y0 = min(b.x0, p.x), min(b.y0, p.y)
	b.x1, b.y1 = max(b.x1, p.x), max(b.y1, p.y)
}

func (b fbox) empty() bool { return b.x0 > b.x1 || b.y0 > b.y1 }

func (b fbox) union(o fbox) fbox {
	return fbox{min(b.x0, o.x0), min(b.y0, o.y0), max(b.x1, o.x1), max(b.y1, o.y1)}
}

func (o *outline) moveTo(p fpt) {
	o.subs = append(o.subs, []seg{{op: 'M', p: [3]fpt{p}}})
	o.box.add(p)
}

func (o *outline) to(op byte, ps ...fpt) {
	if len(o.subs) == 0 {
		o.moveTo(ps[0])
	}
	var s seg
	s.op = op
	copy(s.p[:], ps)
	for _, p := range ps {
		o.box.add(p) // control points bound the curve
	}
	o.subs[len(o.subs)-1] = append(o.subs[len(o.subs)-1], s)
}

func (o *outline) polygon(ps []fpt) {
	if len(ps) == 0 {
		return
	}
	o.moveTo(ps[0])
	for _, p := range ps[1:] {
		o.to('L', p)
	}
}

func newOutline() *outline { return &outline{box: emptyBox()} }

// flatten returns each subpath as a polyline in pixels (curves cut into
// segments of at most about a pixel of error), and whether it was closed.
func (o *outline) flatten() (lines [][]fpt) {
	for _, sub := range o.subs {
		var pl []fpt
		var cur fpt
		for _, s := range sub {
			switch s.op {
			case 'M':
				cur = s.p[0]
				pl = append(pl, cur)
			case 'L':
				cur = s.p[0]
				pl = append(pl, cur)
			case 'Q':
				n := curveSteps(cur, s.p[0], s.p[0], s.p[1])
				for i := 1; i <= n; i++ {
					t := float64(i) / float64(n)
					u := 1 - t
					pl = append(pl, fpt{u*u*cur.x + 2*u*t*s.p[0].x + t*t*s.p[1].x, u*u*cur.y + 2*u*t*s.p[0].y + t*t*s.p[1].y})
				}
				cur = s.p[1]
			case 'C':
				n := curveSteps(cur, s.p[0], s.p[1], s.p[2])
				for i := 1; i <= n; i++ {
					t := float64(i) / float64(n)
					u := 1 - t
					a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
					pl = append(pl, fpt{a*cur.x + b*s.p[0].x + c*s.p[1].x + d*s.p[2].x, a*cur.y + b*s.p[0].y + c*s.p[1].y + d*s.p[2].y})
				}
				cur = s.p[2]
			}
		}
		lines = append(lines, pl)
	}
	return lines
}

func curveSteps(a, b, c, d fpt) int {
	l := math.Hypot(b.x-a.x, b.y-a.y) + math.Hypot(c.x-b.x, c.y-b.y) + math.Hypot(d.x-c.x, d.y-c.y)
	return min(max(int(math.Sqrt(l)*1.5), 2), 64)
}

// rasterizer draws items into img, clipped to clip, with z.
type rasterizer struct {
	img  *image.RGBA
	clip image.Rectangle
	t    xform
	z    *vector.Rasterizer
	buf  sfnt.Buffer
}

// rasterizers keep vector's coverage buffers (a card's size, megabytes)
// from one face to the next.
var rasterizers = sync.Pool{New: func() any { return new(vector.Rasterizer) }}

// fill draws o filled with c (nonzero rule: vector's coverage is the
// absolute winding, capped at 1).
func (r *rasterizer) fill(o *outline, c Colour) {
	if o.box.empty() {
		return
	}
	b := image.Rect(int(math.Floor(o.box.x0)), int(math.Floor(o.box.y0)), int(math.Ceil(o.box.x1))+1, int(math.Ceil(o.box.y1))+1).Intersect(r.clip)
	if b.Empty() {
		return
	}
	r.z.Reset(b.Dx(), b.Dy())
	dx, dy := float64(b.Min.X), float64(b.Min.Y)
	f := func(p fpt) (float32, float32) { return float32(p.x - dx), float32(p.y - dy) }
	for _, sub := range o.subs {
		for _, s := range sub {
			switch s.op {
			case 'M':
				r.z.MoveTo(f(s.p[0]))
			case 'L':
				r.z.LineTo(f(s.p[0]))
			case 'Q':
				x1, y1 := f(s.p[0])
				x2, y2 := f(s.p[1])
				r.z.QuadTo(x1, y1, x2, y2)
			case 'C':
				x1, y1 := f(s.p[0])
				x2, y2 := f(s.p[1])
				x3, y3 := f(s.p[2])
				r.z.CubeTo(x1, y1, x2, y2, x3, y3)
			}
		}
		r.z.ClosePath()
	}
	r.z.Draw(r.img, b, image.NewUniform(color.RGBA{c.R, c.G, c.B, 0xff}), image.Point{})
}

// strokeOutline is the area a pen of width w (pixels) covers along the
// polylines, with round caps and joins: a quadrilateral per segment and a
// disc per vertex, all wound the same way so that their overlaps stay
// covered once.
func strokeOutline(lines [][]fpt, closed bool, w float64) *outline {
	o := newOutline()
	hw := w / 2
	if hw <= 0 {
		return o
	}
	for _, pl := range lines {
		if closed && len(pl) > 1 && pl[0] != pl[len(pl)-1] {
			pl = append(pl, pl[0])
		}
		for i, p := range pl {
			o.disc(p, hw)
			if i == 0 {
				continue
			}
			q := pl[i-1]
			dx, dy := p.x-q.x, p.y-q.y
			l := math.Hypot(dx, dy)
			if l < 1e-9 {
				continue
			}
			nx, ny := -dy/l*hw, dx/l*hw
			o.polygon([]fpt{{q.x + nx, q.y + ny}, {p.x + nx, p.y + ny}, {p.x - nx, p.y - ny}, {q.x - nx, q.y - ny}})
		}
	}
	return o
}

// disc adds a circle of radius rad as a polygon wound like the stroke
// quadrilaterals.
func (o *outline) disc(c fpt, rad float64) {
	n := min(max(int(rad*2.5), 8), 48)
	ps := make([]fpt, n)
	for i := range ps {
		a := -2 * math.Pi * float64(i) / float64(n)
		ps[i] = fpt{c.x + rad*math.Cos(a), c.y + rad*math.Sin(a)}
	}
	o.polygon(ps)
}

// paint fills and strokes o as p says.
func (r *rasterizer) paint(o *outline, p Paint, closed bool) {
	if p.Fill != nil {
		r.fill(o, *p.Fill)
	}
	if p.Stroke != nil {
		r.fill(strokeOutline(o.flatten(), closed, p.Width*r.t.s), *p.Stroke)
	}
}

// kappa places the control points of a cubic Bézier quarter circle.
const kappa = 0.5522847498

// shape is the outline of a shape item in pixels, and whether its
// stroke is closed; ok is false for text.
func (r *rasterizer) shape(it Item) (o *outline, closed, ok bool) {
	t := r.t
	o = newOutline()
	switch it := it.(type) {
	case Rect:
		if it.R <= 0 {
			o.polygon([]fpt{t.pt(Pt{it.X, it.Y}), t.pt(Pt{it.X + it.W, it.Y}), t.pt(Pt{it.X + it.W, it.Y + it.H}), t.pt(Pt{it.X, it.Y + it.H})})
			return o, true, true
		}
		rad := min(it.R, it.W/2, it.H/2)
		k := rad * kappa
		x0, y0, x1, y1 := it.X, it.Y, it.X+it.W, it.Y+it.H
		P := func(x, y float64) fpt { return t.pt(Pt{x, y}) }
		o.moveTo(P(x0+rad, y0))
		o.to('L', P(x1-rad, y0))
		o.to('C', P(x1-rad+k, y0), P(x1, y0+rad-k), P(x1, y0+rad))
		o.to('L', P(x1, y1-rad))
		o.to('C', P(x1, y1-rad+k), P(x1-rad+k, y1), P(x1-rad, y1))
		o.to('L', P(x0+rad, y1))
		o.to('C', P(x0+rad-k, y1), P(x0, y1-rad+k), P(x0, y1-rad))
		o.to('L', P(x0, y0+rad))
		o.to('C', P(x0, y0+rad-k), P(x0+rad-k, y0), P(x0+rad, y0))
		return o, true, true
	case Poly:
		ps := make([]fpt, len(it.Pts))
		for i, p := range it.Pts {
			ps[i] = t.pt(p)
		}
		o.polygon(ps)
		return o, true, true
	case Circle:
		k := it.R * kappa
		P := func(x, y float64) fpt { return t.pt(Pt{it.X + x, it.Y + y}) }
		rr := it.R
		o.moveTo(P(rr, 0))
		o.to('C', P(rr, k), P(k, rr), P(0, rr))
		o.to('C', P(-k, rr), P(-rr, k), P(-rr, 0))
		o.to('C', P(-rr, -k), P(-k, -rr), P(0, -rr))
		o.to('C', P(k, -rr), P(rr, -k), P(rr, 0))
		return o, true, true
	case Line:
		ps := make([]fpt, len(it.Pts))
		for i, p := range it.Pts {
			ps[i] = t.pt(p)
		}
		o.polygon(ps)
		return o, false, true
	case Path:
		closed = false
		for _, op := range it.Ops {
			switch op.Op {
			case 'M':
				o.moveTo(t.pt(op.Pts[0]))
			case 'L':
				o.to('L', t.pt(op.Pts[0]))
			case 'C':
				o.to('C', t.pt(op.Pts[0]), t.pt(op.Pts[1]), t.pt(op.Pts[2]))
			case 'Z':
				closed = true
				if n := len(o.subs); n > 0 && len(o.subs[n-1]) > 0 {
					o.to('L', o.subs[n-1][0].p[0])
				}
			}
		}
		return o, closed, true
	}
	return nil, false, false
}

// item draws one layout item.
func (r *rasterizer) item(it Item) {
	switch it := it.(type) {
	case Text:
		if o := r.textOutline(it); o != nil {
			r.fill(o, it.Colour)
		}
	case Line:
		o, _, _ := r.shape(it)
		r.fill(strokeOutline(o.flatten(), false, it.Width*r.t.s), it.Colour)
	case Rect:
		o, closed, _ := r.shape(it)
		r.paint(o, it.Paint, closed)
	case Poly:
		o, closed, _ := r.shape(it)
		r.paint(o, it.Paint, closed)
	case Circle:
		o, closed, _ := r.shape(it)
		r.paint(o, it.Paint, closed)
	case Path:
		o, _, _ := r.shape(it)
		// each subpath ends closed or open as written; the PDF strokes
		// an open subpath open
		if it.Paint.Fill != nil {
			r.fill(o, *it.Paint.Fill)
		}
		if it.Paint.Stroke != nil {
			r.fill(r.pathStroke(it, o), *it.Paint.Stroke)
		}
	case Image:
		r.image(it)
	}
}

// pathStroke strokes a Path subpath by subpath, closing those that end
// with Z.
func (r *rasterizer) pathStroke(p Path, o *outline) *outline {
	lines := o.flatten()
	out := newOutline()
	sub := -1
	closedSub := map[int]bool{}
	for _, op := range p.Ops {
		switch op.Op {
		case 'M':
			sub++
		case 'Z':
			closedSub[max(sub, 0)] = true
		}
	}
	for i, pl := range lines {
		s := strokeOutline([][]fpt{pl}, closedSub[i], p.Width*r.t.s)
		out.subs = append(out.subs, s.subs...)
		out.box = out.box.union(s.box)
	}
	return out
}

// glyphKey names a glyph outline in the cache.
type glyphKey struct {
	style Style
	idx   sfnt.GlyphIndex
}

// glyphCache holds glyph outlines in font units (y down), shared by every
// raster.
var glyphCache = struct {
	sync.RWMutex
	m map[glyphKey][]sfnt.Segment
}{m: map[glyphKey][]sfnt.Segment{}}

// glyph returns the outline of rune c in style st in font units, and the
// font's units per em; nil when the font has no glyph for c.
func (r *rasterizer) glyph(st Style, c rune) ([]sfnt.Segment, float64) {
	m := &fontMetrics()[st&3]
	idx, err := m.font.GlyphIndex(&r.buf, c)
	if err != nil || idx == 0 {
		return nil, float64(m.upem)
	}
	k := glyphKey{st & 3, idx}
	glyphCache.RLock()
	segs, ok := glyphCache.m[k]
	glyphCache.RUnlock()
	if !ok {
		// ppem = upem: coordinates in font units (26.6 fixed point)
		s, err := m.font.LoadGlyph(&r.buf, idx, fixed.Int26_6(m.upem<<6), nil)
		if err == nil {
			segs = append([]sfnt.Segment(nil), s...)
		}
		glyphCache.Lock()
		glyphCache.m[k] = segs
		glyphCache.Unlock()
	}
	return segs, float64(m.upem)
}

// textOutline is a text run's glyphs in pixels, each at the advance the
// layout measured; nil for an empty run.
func (r *rasterizer) textOutline(t Text) *outline {
	o := newOutline()
	m := &fontMetrics()[t.Style&3]
	em := t.Size * PtToMM // mm per em
	x := t.X
	for _, c := range t.S {
		adv := m.width(c)
		if adv < 0 {
			continue
		}
		segs, upem := r.glyph(t.Style, c)
		k := em / upem / 64 // mm per 26.6 font unit
		P := func(p fixed.Point26_6) fpt {
			return r.t.pt(Pt{x + float64(p.X)*k, t.Y + float64(p.Y)*k})
		}
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				o.moveTo(P(s.Args[0]))
			case sfnt.SegmentOpLineTo:
				o.to('L', P(s.Args[0]))
			case sfnt.SegmentOpQuadTo:
				o.to('Q', P(s.Args[0]), P(s.Args[1]))
			case sfnt.SegmentOpCubeTo:
				o.to('C', P(s.Args[0]), P(s.Args[1]), P(s.Args[2]))
			}
		}
		x += float64(adv) / 1000 * em
	}
	if len(o.subs) == 0 {
		return nil
	}
	return o
}

// inkBox is the box an item covers in pixels (strokes included), for the
// preflight; ok is false for an item that draws nothing.
func (r *rasterizer) inkBox(it Item) (b fbox, ok bool) {
	if t, isText := it.(Text); isText {
		o := r.textOutline(t)
		if o == nil {
			return fbox{}, false
		}
		return o.box, true
	}
	o, _, _ := r.shape(it)
	if o == nil || o.box.empty() {
		return fbox{}, false
	}
	b = o.box
	var hw float64
	switch it := it.(type) {
	case Line:
		hw = it.Width / 2 * r.t.s
	case Rect:
		hw = strokeHalf(it.Paint) * r.t.s
	case Poly:
		hw = strokeHalf(it.Paint) * r.t.s
	case Circle:
		hw = strokeHalf(it.Paint) * r.t.s
	case Path:
		hw = strokeHalf(it.Paint) * r.t.s
	}
	return fbox{b.x0 - hw, b.y0 - hw, b.x1 + hw, b.y1 + hw}, true
}

func strokeHalf(p Paint) float64 {
	if p.Stroke == nil {
		return 0
	}
	return p.Width / 2
}
