package render

import (
	"bytes"
	"html"
	"math"
	"strconv"
	"sync"
)

// SVG backend: the same faces as the PDF, as standalone SVG images for the
// site. Every text run carries its measured width (textLength), so a
// browser that lacks the Go fonts still keeps each run in its place.

func num(v float64) string { return string(appendSVGNum(nil, v)) }

// appendSVGNum appends v with two decimals at most, without trailing
// zeros: "12.5", "3", "-0.07" — strconv's 'f' format with two decimals,
// trimmed (appendSVGNumSlow), made from the hundredths as an integer
// unless v is near a half hundredth, where the two roundings could part.
func appendSVGNum(b []byte, v float64) []byte {
	x := v * 100
	if !(x > -1e12 && x < 1e12) {
		return appendSVGNumSlow(b, v) // NaN, infinities, huge values
	}
	fl := math.Floor(x)
	n := int64(fl)
	switch f := x - fl; {
	case f == 0.5 && math.FMA(v, 100, -x) == 0:
		// an exact half hundredth (0.125): to even, as strconv
		n += n & 1
	case f > 0.5-1e-6 && f < 0.5+1e-6:
		return appendSVGNumSlow(b, v)
	case f > 0.5:
		n++
	}
	if n == 0 {
		return append(b, '0')
	}
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	switch c := n % 100; {
	case c == 0:
	case c%10 == 0:
		b = append(b, '.', byte('0'+c/10))
	default:
		b = append(b, '.', byte('0'+c/10), byte('0'+c%10))
	}
	return b
}

// appendSVGNumSlow is appendSVGNum by strconv's formatting.
func appendSVGNumSlow(b []byte, v float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', 2, 64)
	for b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	if n := b[start:]; len(n) == 0 || string(n) == "-0" {
		b = append(b[:start], '0')
	}
	return b
}

// svgNum writes v as num does.
func svgNum(b *bytes.Buffer, v float64) {
	var sc [24]byte
	b.Write(appendSVGNum(sc[:0], v))
}

func svgPaint(b *bytes.Buffer, p Paint) {
	if p.Fill != nil {
		b.WriteString(` fill="`)
		svgHex(b, *p.Fill)
		b.WriteByte('"')
	} else {
		b.WriteString(` fill="none"`)
	}
	if p.Stroke != nil {
		b.WriteString(` stroke="`)
		svgHex(b, *p.Stroke)
		b.WriteString(`" stroke-width="`)
		svgNum(b, p.Width)
		b.WriteByte('"')
	}
}

// svgHex writes c as #rrggbb.
func svgHex(b *bytes.Buffer, c Colour) {
	var sc [7]byte
	b.Write(c.appendHex(sc[:0]))
}

// svgPts writes points as x,y pairs separated by spaces.
func svgPts(b *bytes.Buffer, pts []Pt) {
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		svgNum(b, p.X)
		b.WriteByte(',')
		svgNum(b, p.Y)
	}
}

// SVG returns the face as a standalone SVG image of 63 × 88 mm; title is
// its accessible name (e.g. the card name).
func (f *Face) SVG(title string) []byte {
	b := svgBuffers.Get().(*bytes.Buffer)
	defer svgBuffers.Put(b)
	b.Reset()
	lang := string(f.Lang)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + num(CardW) + ` ` + num(CardH) + `" width="` + num(CardW) + `mm" height="` + num(CardH) + `mm" role="img" lang="` + html.EscapeString(lang) + `" aria-label="` + html.EscapeString(title) + `">`)
	b.WriteString("<title>" + html.EscapeString(title) + "</title>")
	b.WriteString(`<g stroke-linecap="round" stroke-linejoin="round" font-family="Go, 'Go Regular', 'DejaVu Sans', sans-serif">`)
	svgItems(b, f.Items)
	b.WriteString("</g></svg>\n")
	return bytes.Clone(b.Bytes())
}

// svgBuffers are the buffers faces are drawn in as SVG: the image is then
// copied at its size, not held in a buffer grown by doubling (1.6 times
// its size: a 25,000-card site's images waiting to be written, issue 35).
var svgBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// IconSVG returns the SVG elements of icon name (a markup icon name) as the
// cards draw it, in a 24 × 24 box: the site draws the dice with these, so
// that a die has one shape and the rulebooks' colours everywhere.
func IconSVG(name string) string {
	var b bytes.Buffer
	b.WriteString(`<g stroke-linecap="round" stroke-linejoin="round">`)
	svgItems(&b, Icon(name, 12, 12, 24, ColInk, nil))
	b.WriteString("</g>")
	return b.String()
}
