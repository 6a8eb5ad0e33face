package render

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// appendNumRef is appendNum as first written (strconv for the whole
// part, one digit of the fraction at a time): the reference of the
// faster one.
func appendNumRef(b []byte, v float64, scale int64) []byte {
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

func TestAppendNumAsReference(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 0.001, -0.001, 0.004999, 0.005, -0.005, 0.015, 0.995, 1, 9.995, 10, 100, 1000,
		12345.678, -3, 0.07, 0.5, 0.05, 1e9, -1e9, 297, 841.89, 2.834646, -0.0049}
	r := rand.New(rand.NewPCG(13, 13))
	for range 200000 {
		vals = append(vals, (r.Float64()-0.5)*math.Pow(10, float64(r.IntN(9)-3)))
	}
	for _, v := range vals {
		for _, scale := range []int64{1, 10, 100, 1000, 10000} {
			if got, want := appendNum(nil, v, scale), appendNumRef(nil, v, scale); !bytes.Equal(got, want) {
				t.Fatalf("appendNum(%v, %d) = %q, want %q", v, scale, got, want)
			}
		}
	}
}

// TestShapeKeys: two shapes share a key (and so a form, shapeForm) only
// when every number and colour they are drawn from is the same.
func TestShapeKeys(t *testing.T) {
	red, blue, green := Colour{200, 0, 0}, Colour{0, 0, 200}, Colour{0, 200, 0}
	shapes := []Item{
		Rect{X: 1, Y: 2, W: 30, H: 10, R: 1.5, Paint: FillStroke(red, blue, 0.3)},
		Circle{X: 1, Y: 2, R: 3, Paint: Stroke(red, 0.4)},
		Poly{Pts: HexPts(10, 10, 4), Paint: Fill(red)},
		Line{Pts: []Pt{{1, 2}, {3, 4}, {5, 6}}, Colour: red, Width: 0.5},
		Path{Ops: []PathOp{{'M', []Pt{{1, 2}}}, {'L', []Pt{{3, 4}}}, {'C', []Pt{{5, 6}, {7, 8}, {9, 10}}}, {'Z', nil}}, Paint: Fill(red)},
	}
	// every way of changing one thing a shape is drawn from
	nudge := func(v *float64) { *v = math.Nextafter(*v, math.Inf(1)) }
	changes := func(it Item) []Item {
		var out []Item
		paints := func(p Paint, set func(Paint)) {
			set(Paint{Fill: p.Stroke, Stroke: p.Fill, Width: p.Width})
			if p.Fill != nil {
				set(Paint{Fill: &green, Stroke: p.Stroke, Width: p.Width})
			}
			if p.Stroke != nil {
				set(Paint{Fill: p.Fill, Stroke: &green, Width: p.Width})
				set(Paint{Fill: p.Fill, Stroke: p.Stroke, Width: p.Width + 0.01})
			}
		}
		pts := func(ps []Pt, set func([]Pt)) {
			for i := range ps {
				for k := range 2 {
					c := append([]Pt(nil), ps...)
					nudge([]*float64{&c[i].X, &c[i].Y}[k])
					set(c)
				}
			}
			set(ps[:len(ps)-1])
		}
		switch it := it.(type) {
		case Rect:
			for _, f := range []func(*Rect) *float64{
				func(r *Rect) *float64 { return &r.X }, func(r *Rect) *float64 { return &r.Y },
				func(r *Rect) *float64 { return &r.W }, func(r *Rect) *float64 { return &r.H },
				func(r *Rect) *float64 { return &r.R }} {
				c := it
				nudge(f(&c))
				out = append(out, c)
			}
			paints(it.Paint, func(p Paint) { c := it; c.Paint = p; out = append(out, c) })
		case Circle:
			for _, f := range []func(*Circle) *float64{
				func(r *Circle) *float64 { return &r.X }, func(r *Circle) *float64 { return &r.Y },
				func(r *Circle) *float64 { return &r.R }} {
				c := it
				nudge(f(&c))
				out = append(out, c)
			}
			paints(it.Paint, func(p Paint) { c := it; c.Paint = p; out = append(out, c) })
		case Poly:
			pts(it.Pts, func(ps []Pt) { c := it; c.Pts = ps; out = append(out, c) })
			paints(it.Paint, func(p Paint) { c := it; c.Paint = p; out = append(out, c) })
		case Line:
			pts(it.Pts, func(ps []Pt) { c := it; c.Pts = ps; out = append(out, c) })
			c := it
			c.Colour = green
			out = append(out, c)
			c = it
			c.Width += 0.01
			out = append(out, c)
		case Path:
			for i, o := range it.Ops {
				pts := func(ps []Pt) {
					c := it
					c.Ops = append([]PathOp(nil), it.Ops...)
					c.Ops[i] = PathOp{Op: o.Op, Pts: ps}
					out = append(out, c)
				}
				for j := range o.Pts {
					p := append([]Pt(nil), o.Pts...)
					nudge(&p[j].Y)
					pts(p)
				}
				c := it
				c.Ops = append([]PathOp(nil), it.Ops...)
				c.Ops[i].Op = 'L' + 'M' - min(o.Op, 'M')
				out = append(out, c)
			}
			paints(it.Paint, func(p Paint) { c := it; c.Paint = p; out = append(out, c) })
		}
		return out
	}
	seen := map[string]Item{}
	for _, it := range shapes {
		for _, c := range append([]Item{it}, changes(it)...) {
			k, ok := appendShapeKey(nil, c)
			if !ok {
				t.Fatalf("%#v: no key", c)
			}
			if prev, dup := seen[string(k)]; dup {
				t.Errorf("%#v and %#v have the same key", prev, c)
			}
			seen[string(k)] = c
			again, _ := appendShapeKey([]byte("x"), c)
			if string(again[1:]) != string(k) {
				t.Errorf("%#v: its key is not the same twice", c)
			}
		}
	}
	if _, ok := appendShapeKey(nil, Text{S: "a"}); ok {
		t.Error("a text run has a shape key")
	}
}

// TestParsedFontsAsFromBytes: a PDF whose fonts were parsed once
// (fpdf.AddUTF8FontParsed, shared by documents written at the same time)
// is the PDF fpdf writes when it parses them itself.
func TestParsedFontsAsFromBytes(t *testing.T) {
	doc := func(parsed bool, text string) []byte {
		p := fpdf.New("P", "mm", "A4", "")
		p.SetCatalogSort(true)
		p.SetCreationDate(DefaultDate)
		p.SetModificationDate(DefaultDate)
		var names [4]string
		for st, ttf := range fontTTF {
			if parsed {
				p.AddUTF8FontParsed(FontFamily, Style(st).String(), parsedFonts()[st])
			} else {
				p.AddUTF8FontFromBytes(FontFamily, Style(st).String(), ttf)
			}
			names[st], _ = p.UTF8FontUse(FontFamily, Style(st).String(), "")
		}
		p.AddPage()
		s := pdfStream{names: &names, pdfState: freshState}
		var used [4]runeSet
		s.used = &used
		s.begin(10, 10, 297)
		for st := range Style(4) {
			s.text(Text{X: 5, Y: 10 + 8*float64(st), Size: 11, Style: st, S: text})
		}
		s.end()
		p.RawWriteBytes(s.b)
		for st := range used {
			p.UTF8FontUse(FontFamily, Style(st).String(), used[st].String())
		}
		var b bytes.Buffer
		if err := p.Output(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	texts := []string{"Attaquez « vite » : 3+ dés", "Héros’ Œuvre … ×2", "Warbound"}
	want := make([][]byte, len(texts))
	for i, s := range texts {
		want[i] = doc(false, s)
	}
	var wg sync.WaitGroup
	for range 3 {
		for i, s := range texts {
			wg.Go(func() {
				if got := doc(true, s); !bytes.Equal(got, want[i]) {
					t.Errorf("%q: %d bytes with the fonts parsed once, %d parsed for the document", s, len(got), len(want[i]))
				}
			})
		}
	}
	wg.Wait()
}
