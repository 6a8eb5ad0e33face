package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/lang"
)

// The card size, in millimetres: poker cards.
const (
	CardW = 63.0
	CardH = 88.0
	// Bleed is how far every card background reaches beyond the cut line.
	// Backends clip to the card (SVG, sheets without bleed) or to the bleed
	// box (sheets with --bleed).
	Bleed = 3.0
)

// Colour is an RGB colour.
type Colour struct{ R, G, B uint8 }

// Hex returns the colour as #rrggbb.
func (c Colour) Hex() string { return string(c.appendHex(nil)) }

// appendHex appends the colour as #rrggbb.
func (c Colour) appendHex(b []byte) []byte {
	const digits = "0123456789abcdef"
	b = append(b, '#')
	for _, v := range [3]uint8{c.R, c.G, c.B} {
		b = append(b, digits[v>>4], digits[v&15])
	}
	return b
}

// ParseColour reads a #rrggbb colour; anything else gives ok false.
func ParseColour(s string) (c Colour, ok bool) {
	if len(s) != 7 || s[0] != '#' {
		return Colour{}, false
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return Colour{}, false
	}
	return Colour{uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}

// Mix returns c moved towards o by t (0: c, 1: o).
func (c Colour) Mix(o Colour, t float64) Colour {
	f := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	return Colour{f(c.R, o.R), f(c.G, o.G), f(c.B, o.B)}
}

// Light reports whether dark text reads better than white text on c.
func (c Colour) Light() bool {
	y := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
	return y > 165
}

// Pt is a point in millimetres, y downwards.
type Pt struct{ X, Y float64 }

// Paint says how a shape is drawn: filled, stroked, or both. A nil colour
// is not drawn.
type Paint struct {
	Fill   *Colour
	Stroke *Colour
	Width  float64 // stroke width, mm
}

// Fill paints a shape filled with c; Stroke outlines it with c, w mm
// wide; FillStroke does both.
func Fill(c Colour) Paint                     { return Paint{Fill: &c} }
func Stroke(c Colour, w float64) Paint        { return Paint{Stroke: &c, Width: w} }
func FillStroke(f, s Colour, w float64) Paint { return Paint{Fill: &f, Stroke: &s, Width: w} }

// Item is one element of a card face: a shape or a text run, positioned in
// millimetres from the top-left corner of the card (the cut line).
type Item interface {
	dump(b *strings.Builder)
}

// Rect is a rectangle, with rounded corners when R > 0.
type Rect struct {
	X, Y, W, H, R float64
	Paint
}

// Poly is a closed polygon.
type Poly struct {
	Pts []Pt
	Paint
}

// Circle is a circle.
type Circle struct {
	X, Y, R float64
	Paint
}

// Line is an open polyline with round caps and joins.
type Line struct {
	Pts    []Pt
	Colour Colour
	Width  float64
}

// PathOp is one drawing command of a Path: 'M' move, 'L' line, 'C' cubic
// Bézier (three points), 'Z' close.
type PathOp struct {
	Op  byte
	Pts []Pt
}

// Path is a general outline built from PathOps.
type Path struct {
	Ops []PathOp
	Paint
}

// Text is a single line of text in one style, its baseline starting at
// (X, Y). W is its measured width (mm); backends draw it at that width.
type Text struct {
	X, Y   float64
	Size   float64 // points
	Style  Style
	Colour Colour
	S      string
	W      float64
}

// Face is one side of a card: what the PDF and the SVG backends draw.
type Face struct {
	Card  string // card id
	Kind  string // card kind, as the game names it
	Side  string // "front", "back" (a real back), or "common-back"
	Lang  lang.Lang
	Items []Item
}

// Title names the face for error messages and dumps.
func (f *Face) Title() string { return f.Card + " " + f.Side + " (" + string(f.Lang) + ")" }

// Dump writes the face as text, one item a line with millimetres to two
// decimals: the golden form of the layout model.
func (f *Face) Dump() string {
	var b strings.Builder
	fmt.Fprintf(&b, "face %s %s %s %s %gx%g\n", f.Card, f.Kind, f.Side, f.Lang, CardW, CardH)
	for _, it := range f.Items {
		it.dump(&b)
		b.WriteByte('\n')
	}
	return b.String()
}

func mm(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if s == "-0.00" {
		s = "0.00"
	}
	return s
}

func (p Paint) dump(b *strings.Builder) {
	if p.Fill != nil {
		b.WriteString(" fill=" + p.Fill.Hex())
	}
	if p.Stroke != nil {
		b.WriteString(" stroke=" + p.Stroke.Hex() + "/" + mm(p.Width))
	}
}

func dumpPts(b *strings.Builder, pts []Pt) {
	for _, p := range pts {
		b.WriteString(" " + mm(p.X) + "," + mm(p.Y))
	}
}

func (r Rect) dump(b *strings.Builder) {
	fmt.Fprintf(b, "rect %s %s %s %s r=%s", mm(r.X), mm(r.Y), mm(r.W), mm(r.H), mm(r.R))
	r.Paint.dump(b)
}

func (p Poly) dump(b *strings.Builder) {
	b.WriteString("poly")
	dumpPts(b, p.Pts)
	p.Paint.dump(b)
}

func (c Circle) dump(b *strings.Builder) {
	fmt.Fprintf(b, "circle %s %s r=%s", mm(c.X), mm(c.Y), mm(c.R))
	c.Paint.dump(b)
}

func (l Line) dump(b *strings.Builder) {
	b.WriteString("line")
	dumpPts(b, l.Pts)
	b.WriteString(" stroke=" + l.Colour.Hex() + "/" + mm(l.Width))
}

func (p Path) dump(b *strings.Builder) {
	b.WriteString("path")
	for _, op := range p.Ops {
		b.WriteString(" " + string(op.Op))
		dumpPts(b, op.Pts)
	}
	p.Paint.dump(b)
}

func (t Text) dump(b *strings.Builder) {
	fmt.Fprintf(b, "text %s %s %gpt %s %s w=%s %q", mm(t.X), mm(t.Y), round2(t.Size), styleName(t.Style), t.Colour.Hex(), mm(t.W), t.S)
}

func round2(v float64) float64 {
	// v×100 is within half an ulp of its exact value: unless that is
	// close to a half, it rounds to the integer the decimal formatting
	// rounds to, and n/100 is the double nearest the decimal n/100, which
	// parsing gives
	if x := v * 100; math.Abs(x) < 1<<40 {
		n := math.Round(x)
		if d := math.Abs(x - n); d < 0.499 {
			return n / 100
		}
	}
	return round2Exact(v)
}

// round2Exact is round2 by formatting and parsing v.
func round2Exact(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 2, 64), 64)
	return f
}

func styleName(s Style) string {
	return [...]string{"regular", "bold", "italic", "bold-italic"}[s&3]
}
