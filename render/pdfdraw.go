package render

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"maps"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"sync"
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
	// shapes, when not nil, takes the large shapes of a card face
	// (formShape), which the document draws in place or as forms; nil
	// draws every shape in place
	shapes  *shapeSink
	scratch []byte      // where shapes are drawn (shapeForm)
	table   *ShapeTable // when not nil, holds each distinct shape once
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

// appendNum appends v rounded to 1/scale (scale a power of ten, at most
// 10⁴), the shortest way: "12.5", "-3", "0.07".
func appendNum(b []byte, v float64, scale int64) []byte {
	n := int64(math.Round(v * float64(scale)))
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	// the digits of n, with at least one before the decimal point
	var d [24]byte
	i := len(d)
	places := 0
	for s := scale; s > 1; s /= 10 {
		places++
	}
	for k := 0; k <= places || n > 0; k++ {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
	}
	point := len(d) - places
	end := len(d)
	for end > point && d[end-1] == '0' {
		end--
	}
	b = append(b, d[i:point]...)
	if end > point {
		b = append(b, '.')
		b = append(b, d[point:end]...)
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
		if s.shapes != nil && formShape(it) {
			f := s.shapeForm(it)
			if s.shapes.emit != nil {
				s.b = s.shapes.emit(s.b, f)
			} else {
				s.shapes.marks = append(s.shapes.marks, shapeMark{len(s.b), f})
			}
			continue
		}
		s.item(it)
	}
}

// item writes one layout item (a text run inside the open text object).
func (s *pdfStream) item(it Item) {
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
		s.b = append(s.b, "h "...)
		s.done(op)
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
		s.b = appendNum(s.b, t.Size*PtToMM, 10000)
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

// A card face's large shapes — the hexagon backgrounds, stat boxes,
// dice and emblems that many cards draw at the same place of the card —
// are drawn once each as a form, a reusable PDF object, when the
// document draws them more than once. Whether in place or as a form, such
// a shape is self-contained: drawn from a fresh state, inside "q … Q" in
// place (a form restores the state itself), so the bytes around it do not
// depend on the choice, and a face's drawing can be kept (FaceDrawing)
// with the shapes left as marks for each document to fill in.

// shapeForm is a large shape of a card face: its content is the shape as
// the face would draw it from a fresh state, in the face's units, and its
// name is made from that content, so that equal shapes are one form.
type shapeForm struct {
	name    string
	content []byte
	bbox    [4]float64 // x0, y0, x1, y1 in the face's units
}

// shapeSink takes the large shapes of a face: emit writes one (in place
// or as a form) after b; without emit, marks record where each goes.
type shapeSink struct {
	emit  func(b []byte, f *shapeForm) []byte
	marks []shapeMark
}

// shapeMark is a shape left out of a drawing, at byte at.
type shapeMark struct {
	at    int
	shape *shapeForm // read-only
}

// appendShape writes shape f in place: from a fresh state, in "q … Q".
func appendShape(b []byte, f *shapeForm) []byte {
	b = append(b, "q\n"...)
	b = append(b, f.content...)
	return append(b, "\nQ\n"...)
}

// appendDo draws form f.
func appendDo(b []byte, f *shapeForm) []byte {
	b = append(b, '/')
	b = append(b, f.name...)
	return append(b, " Do\n"...)
}

// formShapeNumbers is how many numbers a shape's outline takes at least
// to be a large shape, which a document may draw as a form
// (formRepeatBytes): a hexagon (12), a rounded rectangle (34), a circle
// (26). A smaller one costs fewer bytes in place than its "Do".
const formShapeNumbers = 12

// formShape reports whether a face draws shape it as a form.
func formShape(it Item) bool {
	n := 0
	switch it := it.(type) {
	case Rect:
		if min(it.R, it.W/2, it.H/2) > 0 {
			n = 34
		}
	case Circle:
		n = 26
	case Poly:
		n = 2 * len(it.Pts)
	case Line:
		n = 2 * len(it.Pts)
	case Path:
		for _, op := range it.Ops {
			n += 2 * len(op.Pts)
		}
	}
	return n >= formShapeNumbers
}

// shapeForm draws shape it as a form (read-only: it may be the table's).
func (s *pdfStream) shapeForm(it Item) *shapeForm {
	t := s.table
	if t == nil {
		sf := new(shapeForm)
		*sf, s.scratch = newShapeForm(it, s.scratch)
		return sf
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	// a shape met before with the very same numbers is the form it was
	// then: no need to draw it again to find it
	var keyed bool
	t.key, keyed = appendShapeKey(t.key[:0], it)
	if keyed {
		if sf := t.byKey[string(t.key)]; sf != nil {
			return sf
		}
	}
	if t.m == nil {
		t.m = map[string]*shapeForm{}
		t.byKey = map[string]*shapeForm{}
	}
	f := pdfStream{pdfState: freshState, b: t.scratch[:0]}
	f.item(it)
	f.endText()
	t.scratch = f.b
	sf := t.m[string(f.b[:len(f.b)-1])]
	if sf == nil {
		sf = new(shapeForm)
		*sf, t.scratch = newShapeForm(it, t.scratch)
		t.m[string(sf.content)] = sf
	}
	if keyed {
		t.byKey[string(t.key)] = sf
	}
	return sf
}

// newShapeForm draws shape it as a new form, drawing it first in scratch,
// which it returns for another use.
func newShapeForm(it Item, scratch []byte) (shapeForm, []byte) {
	f := pdfStream{pdfState: freshState, b: scratch[:0]}
	f.item(it)
	f.endText()
	content := slices.Clone(f.b[:len(f.b)-1]) // without its last newline
	sum := sha256.Sum256(content)
	var name [21]byte
	name[0] = 'S'
	hex.Encode(name[1:], sum[:10])
	return shapeForm{name: string(name[:]), content: content, bbox: shapeBox(it)}, f.b
}

// ShapeTable holds the large shapes of the faces of a Layouts, each
// distinct one once (a thousand cards draw the same stat boxes), by
// content, and by the exact numbers of the items that drew them (a
// thousand cards' 75,000 large shapes are some 250 distinct items).
// Safe for concurrent use.
type ShapeTable struct {
	mu           sync.Mutex
	m            map[string]*shapeForm // by content
	byKey        map[string]*shapeForm // by appendShapeKey
	key, scratch []byte
	lists        map[string][]string // FaceDrawing.Shapes' lists of names, each once
}

// appendShapeKey appends to b what shape it is drawn from, exactly: its
// kind, every number as its bits, its colours. Equal keys are equal
// drawings (the converse need not hold). ok is false for an item that is
// not a shape.
func appendShapeKey(b []byte, it Item) (_ []byte, ok bool) {
	num := func(v float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v)) }
	pts := func(ps []Pt) {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(ps)))
		for _, p := range ps {
			num(p.X)
			num(p.Y)
		}
	}
	colour := func(c *Colour) {
		if c == nil {
			b = append(b, 0)
			return
		}
		b = append(b, 1, c.R, c.G, c.B)
	}
	paint := func(p Paint) {
		colour(p.Fill)
		colour(p.Stroke)
		num(p.Width)
	}
	switch it := it.(type) {
	case Rect:
		b = append(b, 'R')
		num(it.X)
		num(it.Y)
		num(it.W)
		num(it.H)
		num(it.R)
		paint(it.Paint)
	case Circle:
		b = append(b, 'C')
		num(it.X)
		num(it.Y)
		num(it.R)
		paint(it.Paint)
	case Poly:
		b = append(b, 'P')
		pts(it.Pts)
		paint(it.Paint)
	case Line:
		b = append(b, 'L')
		pts(it.Pts)
		colour(&it.Colour)
		num(it.Width)
	case Path:
		b = append(b, 'T')
		b = binary.LittleEndian.AppendUint32(b, uint32(len(it.Ops)))
		for _, o := range it.Ops {
			b = append(b, o.Op)
			pts(o.Pts)
		}
		paint(it.Paint)
	default:
		return b, false
	}
	return b, true
}

// shapeBox returns a box that holds shape it, its stroke included: x0,
// y0, x1, y1.
func shapeBox(it Item) [4]float64 {
	box := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	add := func(p Pt) {
		box = [4]float64{min(box[0], p.X), min(box[1], p.Y), max(box[2], p.X), max(box[3], p.Y)}
	}
	var width float64
	switch it := it.(type) {
	case Rect:
		add(Pt{it.X, it.Y})
		add(Pt{it.X + it.W, it.Y + it.H})
		width = it.Width
	case Circle:
		add(Pt{it.X - it.R, it.Y - it.R})
		add(Pt{it.X + it.R, it.Y + it.R})
		width = it.Width
	case Poly:
		for _, p := range it.Pts {
			add(p)
		}
		width = it.Width
	case Line:
		for _, p := range it.Pts {
			add(p)
		}
		width = it.Width
	case Path:
		for _, op := range it.Ops {
			for _, p := range op.Pts {
				add(p)
			}
		}
		width = it.Width
	}
	// round joins reach half the stroke width beyond the outline; a
	// Bézier curve stays inside its points
	pad := width + 0.1
	return [4]float64{box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad}
}
