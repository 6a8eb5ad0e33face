package render

import (
	"bytes"
	"fmt"
	"strconv"

	"codeberg.org/go-pdf/fpdf"

	"wbtool.dev/wbtool/catalog"
)

// Duplex calibration (issue 4, item 4). Home printers shift the back side
// by a millimetre or two. The calibration sheet prints two solid lines
// through the centre of the front page, and on the back page, at the mirror
// place, two millimetre scales across those lines. Cutting along a line (or
// holding the sheet to the light) shows where the front's line falls on
// the back's scale: that reading, in mm, is what to add to --back-offset.
//
// Why the reading is the correction: if the printer shifts the back by s,
// the scale's tick v lands at v+s from the line, so the line meets the tick
// v = -s; shifting the backs by the reading (-s) cancels the printer's s.
// The back page is drawn with the current BackOffset, so a calibrated
// printer reads 0,0.

// scaleHalf is how many millimetres each scale reaches on either side.
const scaleHalf = 8

// scaleTickX returns where the tick of value v of the horizontal scale is
// drawn on the back page (x, mm), for a page of width pw and a back offset
// off.
func scaleTickX(v, pw float64, off Pt) float64 { return pw/2 + v + off.X }

// scaleTickY is scaleTickX for the vertical scale.
func scaleTickY(v, ph float64, off Pt) float64 { return ph/2 + v + off.Y }

// Calibration renders the duplex calibration sheet: one front page and one
// back page, on the paper of o, with o.BackOffset applied to the back. cat
// may be nil (the built-in English and French texts are used).
func Calibration(cat *catalog.Catalog, o SheetOptions) ([]byte, error) {
	s, err := newSheet(o)
	if err != nil {
		return nil, err
	}
	l := o.Lang
	title := label(cat, "print.calibrate.title", l)
	p := newPDF(o, title)
	size := fpdf.SizeType{Wd: s.pw, Ht: s.ph}
	cx, cy := s.pw/2, s.ph/2

	// front: the two lines to cut along, and the instructions
	p.AddPageFormat("P", size)
	p.setFont(Bold, 14)
	p.SetTextColor(int(colInk.R), int(colInk.G), int(colInk.B))
	p.Text((s.pw-p.GetStringWidth(title))/2, 22, title)
	p.setFont(Regular, 9)
	p.SetXY(25, 28)
	p.MultiCell(s.pw-50, 4.6, label(cat, "print.calibrate.front", l), "", "C", false)
	p.SetDrawColor(0, 0, 0)
	p.SetLineWidth(0.25)
	p.Line(cx, 60, cx, s.ph-20)
	p.Line(15, cy, s.pw-15, cy)
	p.setFont(Regular, 7)
	p.Text(cx+1.5, 64, "X")
	p.Text(18, cy-1.5, "Y")
	p.marginText(s, title+" · "+fmt.Sprintf("%s %gx%g mm", o.paperName(), s.pw, s.ph), false)

	// back: the scales, where the lines fall when the printer is exact
	p.AddPageFormat("P", size)
	off := o.BackOffset
	p.setFont(Bold, 14)
	p.Text((s.pw-p.GetStringWidth(title))/2+off.X, 22+off.Y, title)
	p.setFont(Regular, 9)
	p.SetXY(25+off.X, 28+off.Y)
	p.MultiCell(s.pw-50, 4.6, label(cat, "print.calibrate.back", l), "", "C", false)
	// horizontal scale (reads X) crossing the vertical line, below centre;
	// vertical scale (reads Y) crossing the horizontal line, right of
	// centre. Ticks every 0.5 mm, numbers every 2 mm, alternately on
	// either side of the scale so that they never touch.
	sy := cy + 50 + off.Y
	sx := cx + 45 + off.X
	p.SetLineWidth(0.12)
	p.Line(scaleTickX(-scaleHalf, s.pw, off), sy, scaleTickX(scaleHalf, s.pw, off), sy)
	p.Line(sx, scaleTickY(-scaleHalf, s.ph, off), sx, scaleTickY(scaleHalf, s.ph, off))
	for v := -2 * scaleHalf; v <= 2*scaleHalf; v++ {
		val := float64(v) / 2
		h := 1.2
		switch {
		case v == 0:
			h = 6
		case v%4 == 0:
			h = 3.5
		case v%2 == 0:
			h = 2.2
		}
		x, y := scaleTickX(val, s.pw, off), scaleTickY(val, s.ph, off)
		p.SetLineWidth(0.12)
		if v == 0 {
			p.SetLineWidth(0.3)
		}
		p.Line(x, sy-h, x, sy+h)
		p.Line(sx-h, y, sx+h, y)
		if v%4 != 0 {
			continue
		}
		t := strconv.Itoa(v / 2)
		st, pt := Regular, 6.0
		if v == 0 {
			st, pt = Bold, 7.5
		}
		p.setFont(st, pt)
		tw := p.GetStringWidth(t)
		if (v/4)%2 == 0 {
			p.Text(x-tw/2, sy+h+3, t)
			p.Text(sx+h+1, y+0.8, t)
		} else {
			p.Text(x-tw/2, sy-h-1, t)
			p.Text(sx-h-1-tw, y+0.8, t)
		}
	}
	p.setFont(Bold, 8)
	p.Text(scaleTickX(scaleHalf, s.pw, off)+4, sy+1, "X (mm)")
	p.Text(sx-5, scaleTickY(-scaleHalf, s.ph, off)-7, "Y (mm)")
	p.marginText(s, fmt.Sprintf("%s · --back-offset %g,%g", title, off.X, off.Y), false)

	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		return nil, fmt.Errorf("write the calibration PDF: %w", err)
	}
	return buf.Bytes(), nil
}

func (o SheetOptions) paperName() string {
	if o.Paper == "" {
		return "a4"
	}
	return o.Paper
}
