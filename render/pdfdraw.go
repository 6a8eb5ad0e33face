package render

import (
	"maps"
	"math"
	"math/bits"
	"slices"
	"strconv"
)

// The PDF content of the layout model, written by wbtool rather than
// through fpdf's drawing calls: each group of items (a card face, a kit
// page) is one block "q <mm, y down> cm … Q" in which every number is in
// millimetres from the group's origin with at most two decimals, and a
// colour, a line width or a font is set only when it changes. The same
// face gives the same bytes wherever it lands on the sheet, which the
// compressor then finds again. fpdf still writes the document: pages,
// fonts (subset to the runes the text uses), bookmarks, metadata.

// mmToPt converts millimetres to PDF points.
const mmToPt = 72 / 25.4

// pdfFonts are the PDF resource names of the four Go fonts and the runes
// each one draws, for the font subsets.
type pdfFonts struct {
	names [4]string
	used  [4]runeSet
}

// runeSet is a set of runes: a bitmap for the Basic Multilingual Plane,
// a map beyond it.
type runeSet struct {
	bmp  [0x10000 / 64]uint64
	more map[rune]bool
}

func (s *runeSet) add(r rune) {
	if r >= 0 && r < 0x10000 {
		s.bmp[r>>6] |= 1 << (r & 63)
		return
	}
	if s.more == nil {
		s.more = map[rune]bool{}
	}
	s.more[r] = true
}

// addString adds the runes of s.
func (set *runeSet) addString(s string) {
	for _, r := range s {
		set.add(r)
	}
}

// addTexts adds to used the runes of the text runs among items, by font.
func addTexts(used *[4]runeSet, items []Item) {
	for _, it := range items {
		if t, ok := it.(Text); ok {
			used[t.Style&3].addString(t.S)
		}
	}
}

// String returns the runes of the set, in order.
func (s *runeSet) String() string {
	var out []rune
	for i, w := range s.bmp {
		for ; w != 0; w &= w - 1 {
			out = append(out, rune(i*64+bits.TrailingZeros64(w)))
		}
	}
	more := slices.Sorted(maps.Keys(s.more))
	return string(append(out, more...))
}

// pdfStream is the content being written for one page, with the graphics
// state of the current block.
type pdfStream struct {
	b []byte
	// names are the fonts' resource names; used, when not nil, collects
	// the runes each font draws
	names *[4]string
	used  *[4]runeSet
	pdfState
}

// pdfState is the state set inside the current block (q … Q): what need
// not be written again.
type pdfState struct {
	fill, stroke       Colour
	hasFill, hasStroke bool
	width              float64 // <0: not set
	font               Style
	size               float64 // <0: no font set
	// inText: a text object (BT) is open, its line started at tx, ty
	inText bool
	tx, ty float64
}

// freshState is the state at the start of a block: nothing set.
var freshState = pdfState{width: -1, size: -1}

// begin opens a block with its origin at (ox, oy) mm from the top-left
// corner of a page ph mm high: units are millimetres, y down.
func (s *pdfStream) begin(ox, oy, ph float64) {
	s.b = append(s.b, "q "...)
	s.b = strconv.AppendFloat(s.b, mmToPt, 'f', 6, 64)
	s.b = append(s.b, " 0 0 -"...)
	s.b = strconv.AppendFloat(s.b, mmToPt, 'f', 6, 64)
	s.b = append(s.b, ' ')
	s.num(ox * mmToPt)
	s.b = append(s.b, ' ')
	s.num((ph - oy) * mmToPt)
	s.b = append(s.b, " cm\n"...)
	s.pdfState = freshState
}

// end closes the block: the page's state is back to what it was.
func (s *pdfStream) end() {
	s.endText()
	s.b = append(s.b, "Q\n"...)
}

// endText closes the open text object, if any.
func (s *pdfStream) endText() {
	if s.inText {
		s.b = append(s.b, "ET\n"...)
		s.inText = false
	}
}

// clip restricts the rest of the block to a rectangle.
func (s *pdfStream) clip(x, y, w, h float64) {
	s.nums(x, y, w, h)
	s.b = append(s.b, " re W n\n"...)
}

// num writes v rounded to two decimals, without trailing zeros.
func (s *pdfStream) num(v float64) { s.b = appendNum(s.b, v, 100) }

// nums writes numbers separated by spaces.
func (s *pdfStream) nums(vs ...float64) {
	for i, v := range vs {
		if i > 0 {
			s.b = append(s.b, ' ')
		}
		s.num(v)
	}
}

// appendNum appends v rounded to 1/scale (scale a power of ten), the
// shortest way: "12.5", "-3", "0.07".
func appendNum(b []byte, v float64, scale int64) []byte {
	n := int64(math.Round(v * float64(scale)))
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/scale, 10)
	frac := n % scale
	if frac == 0 {
		return b
	}
	b = append(b, '.')
	for d := scale / 10; d > 0 && frac > 0; d /= 10 {
		b = append(b, byte('0'+frac/d))
		frac %= d
	}
	return b
}

// colour writes c as an RGB colour (a grey when its parts are equal),
// op "rg" for filling or "RG" for stroking.
func (s *pdfStream) colour(c Colour, fill bool) {
	if fill {
		if s.hasFill && s.fill == c {
			return
		}
		s.fill, s.hasFill = c, true
	} else {
		if s.hasStroke && s.stroke == c {
			return
		}
		s.stroke, s.hasStroke = c, true
	}
	part := func(v uint8) { s.b = appendNum(s.b, float64(v)/255, 1000) }
	if c.R == c.G && c.G == c.B {
		part(c.R)
		if fill {
			s.b = append(s.b, " g\n"...)
		} else {
			s.b = append(s.b, " G\n"...)
		}
		return
	}
	part(c.R)
	s.b = append(s.b, ' ')
	part(c.G)
	s.b = append(s.b, ' ')
	part(c.B)
	if fill {
		s.b = append(s.b, " rg\n"...)
	} else {
		s.b = append(s.b, " RG\n"...)
	}
}

// lineWidth sets the stroke width, mm.
func (s *pdfStream) lineWidth(w float64) {
	if s.width >= 0 && math.Abs(s.width-w) < 0.005 {
		return
	}
	s.width = w
	s.num(w)
	s.b = append(s.b, " w\n"...)
}

// paint sets the colours and width of p and returns the operator that
// paints the path: "f" fill, "S" stroke, "B" both, "n" neither.
func (s *pdfStream) paint(p Paint) string {
	if p.Fill != nil {
		s.colour(*p.Fill, true)
	}
	if p.Stroke != nil {
		s.colour(*p.Stroke, false)
		s.lineWidth(p.Width)
	}
	switch {
	case p.Fill != nil && p.Stroke != nil:
		return "B"
	case p.Fill != nil:
		return "f"
	case p.Stroke != nil:
		return "S"
	}
	return "n"
}

func (s *pdfStream) op(x, y float64, op string) {
	s.nums(x, y)
	s.b = append(s.b, ' ')
	s.b = append(s.b, op...)
	s.b = append(s.b, '\n')
}

func (s *pdfStream) curve(x1, y1, x2, y2, x3, y3 float64) {
	s.nums(x1, y1, x2, y2, x3, y3)
	s.b = append(s.b, " c\n"...)
}

func (s *pdfStream) done(op string) {
	s.b = append(s.b, op...)
	s.b = append(s.b, '\n')
}

// items writes layout items in the block's units.
func (s *pdfStream) items(items []Item) {
	for _, it := range items {
		if _, ok := it.(Text); !ok {
			s.endText()
		}
		switch it := it.(type) {
		case Rect:
			op := s.paint(it.Paint)
			if r := min(it.R, it.W/2, it.H/2); r > 0 {
				s.roundRect(it.X, it.Y, it.W, it.H, r)
			} else {
				s.nums(it.X, it.Y, it.W, it.H)
				s.b = append(s.b, " re\n"...)
			}
			s.done(op)
		case Poly:
			op := s.paint(it.Paint)
			for i, q := range it.Pts {
				if i == 0 {
					s.op(q.X, q.Y, "m")
				} else {
					s.op(q.X, q.Y, "l")
				}
			}
			s.done("h " + op)
		case Circle:
			op := s.paint(it.Paint)
			s.circle(it.X, it.Y, it.R)
			s.done(op)
		case Line:
			s.colour(it.Colour, false)
			s.lineWidth(it.Width)
			for i, q := range it.Pts {
				if i == 0 {
					s.op(q.X, q.Y, "m")
				} else {
					s.op(q.X, q.Y, "l")
				}
			}
			s.done("S")
		case Path:
			op := s.paint(it.Paint)
			for _, o := range it.Ops {
				switch o.Op {
				case 'M':
					s.op(o.Pts[0].X, o.Pts[0].Y, "m")
				case 'L':
					s.op(o.Pts[0].X, o.Pts[0].Y, "l")
				case 'C':
					s.curve(o.Pts[0].X, o.Pts[0].Y, o.Pts[1].X, o.Pts[1].Y, o.Pts[2].X, o.Pts[2].Y)
				case 'Z':
					s.done("h")
				}
			}
			s.done(op)
		case Text:
			s.text(it)
		}
	}
}

// roundRect writes a rectangle with corners of radius r as a path.
func (s *pdfStream) roundRect(x, y, w, h, r float64) {
	k := r * kappa
	x1, y1 := x+w, y+h
	s.op(x+r, y, "m")
	s.op(x1-r, y, "l")
	s.curve(x1-r+k, y, x1, y+r-k, x1, y+r)
	s.op(x1, y1-r, "l")
	s.curve(x1, y1-r+k, x1-r+k, y1, x1-r, y1)
	s.op(x+r, y1, "l")
	s.curve(x+r-k, y1, x, y1-r+k, x, y1-r)
	s.op(x, y+r, "l")
	s.curve(x, y+r-k, x+r-k, y, x+r, y)
	s.done("h")
}

// circle writes a circle as four Bézier quarters.
func (s *pdfStream) circle(cx, cy, r float64) {
	k := r * kappa
	s.op(cx+r, cy, "m")
	s.curve(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
	s.curve(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
	s.curve(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	s.curve(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	s.done("h")
}

// text writes a text run: its glyphs are the runes as big-endian UTF-16
// (the fonts' Identity-H encoding), drawn upright in the block's y-down
// units. Consecutive runs share one text object, each placed from the
// one before.
func (s *pdfStream) text(t Text) {
	st := t.Style & 3
	s.colour(t.Colour, true)
	if !s.inText {
		s.b = append(s.b, "BT\n"...)
	}
	if s.size < 0 || s.font != st || s.size != t.Size {
		s.font, s.size = st, t.Size
		s.b = append(s.b, '/')
		s.b = append(s.b, s.names[st]...)
		s.b = append(s.b, ' ')
		s.b = appendNum(s.b, t.Size*ptToMM, 10000)
		s.b = append(s.b, " Tf\n"...)
	}
	if s.inText {
		// text space is flipped: y grows upwards there
		s.nums(t.X-s.tx, s.ty-t.Y)
		s.b = append(s.b, " Td ("...)
	} else {
		s.b = append(s.b, "1 0 0 -1 "...)
		s.nums(t.X, t.Y)
		s.b = append(s.b, " Tm ("...)
	}
	s.inText, s.tx, s.ty = true, t.X, t.Y
	if s.used != nil {
		s.used[st].addString(t.S)
	}
	for _, r := range t.S {
		if r > 0xffff {
			r -= 0x10000
			s.glyph(0xd800 + uint16(r>>10))
			s.glyph(0xdc00 + uint16(r&0x3ff))
			continue
		}
		s.glyph(uint16(r))
	}
	s.b = append(s.b, ")Tj\n"...)
}

// glyph writes one UTF-16 code unit inside a literal string.
func (s *pdfStream) glyph(u uint16) {
	for _, c := range [2]byte{byte(u >> 8), byte(u)} {
		switch c {
		case '\\', '(', ')':
			s.b = append(s.b, '\\', c)
		case '\r':
			s.b = append(s.b, '\\', 'r')
		default:
			s.b = append(s.b, c)
		}
	}
}
