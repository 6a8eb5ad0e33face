package render

import (
	"fmt"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render/markup"
)

// Calibration page (issue 4 item 4, issue 14 item 7). Two checks, on one
// sheet printed double-sided:
//
//  1. Scale: a 100 mm ruler and a 4 in ruler. Printing "fit to page" is
//     the most common print-and-play failure; measured with a real ruler,
//     these show at once whether the printer scaled the page.
//  2. Duplex alignment: home printers shift the back side by a millimetre
//     or two. The front carries two solid lines through the centre of the
//     page; the back carries, at the mirror places, millimetre scales
//     across those lines, three along each line (so that a skewed sheet
//     shows too). Cutting along a line (or holding the sheet to the light)
//     shows where the front's line falls on the back's scale: that
//     reading, in mm, is what to pass to --back-offset. A worked example
//     with an enlarged scale shows how to read it.
//
// Why the reading is the correction: if the printer shifts the back by s,
// the scale's tick v lands at v+s from the line, so the line meets the tick
// v = -s; shifting the backs by the reading (-s) cancels the printer's s.
// The back page is drawn with the current BackOffset, so a calibrated
// printer reads 0,0.

// scaleHalf is how many millimetres each scale reaches on either side: the
// whole range --back-offset accepts.
const scaleHalf = 10

// scaleTickX returns where the tick of value v of a horizontal scale is
// drawn on the back page (x, mm), for a page of width pw and a back offset
// off.
func scaleTickX(v, pw float64, off Pt) float64 { return pw/2 + v + off.X }

// scaleTickY is scaleTickX for the vertical scales.
func scaleTickY(v, ph float64, off Pt) float64 { return ph/2 + v + off.Y }

// Calibration renders the duplex calibration sheet: one front page and one
// back page, on the paper of o, with o.BackOffset applied to the back.
// label gives its texts in o.Lang by key (a game's interface strings,
// which a content tree may override); nil: the built-in texts
// (CalibrationLabel).
func Calibration(o SheetOptions, label func(key string) string) ([]byte, error) {
	s, err := newSheet(o)
	if err != nil {
		return nil, err
	}
	l := o.Lang
	lang := string(l)
	cl := label
	if cl == nil {
		cl = func(key string) string { return CalibrationLabel(key, l) }
	}
	title := cl("print.calibrate.title")
	p := newPDF(o, title)
	size := fpdf.SizeType{Wd: s.pw, Ht: s.ph}
	cx, cy := s.pw/2, s.ph/2
	block := func(text string, x, y, w, pt float64) float64 {
		doc, err := markup.Parse(text)
		runs := []markup.Run{{Text: text}}
		if err == nil && len(doc.Paragraphs) > 0 {
			runs = doc.Paragraphs[0].Runs
		}
		ps := []Para{{Runs: runs, Colour: ColInk}}
		_, h, _ := LayoutParas(TextFrame{X: x, Y: y, W: w, H: 1000}, ps, pt, lang, nil, false)
		items, _, _ := LayoutParas(TextFrame{X: x, Y: y, W: w, H: h}, ps, pt, lang, nil, true)
		p.drawItems(items, 0, 0)
		return h
	}
	one := func(t Text, dx, dy float64) { p.drawItems([]Item{t}, dx, dy) }

	// front: the rulers, the two lines to cut along, and the instructions
	p.AddPageFormat("P", size)
	p.setBoxes(s.pw, s.ph, 0, 0, s.pw, s.ph, 0, 0) // a sheet printed whole: no cut, no bleed
	one(PlaceText(title, lang, Bold, ColInk, cx, 18, s.pw-30, 16, 9, 'c'), 0, 0)
	y := 24.0
	y += block(cl("print.calibrate.front"), 20, y, s.pw-40, 9) + 5
	one(PlaceText(cl("kit.calibrate.scale-title"), lang, Bold, ColInk, 20, y+3, s.pw-40, 11, 7, 'l'), 0, 0)
	y += 6
	y += block(cl("kit.calibrate.scale"), 20, y, s.pw-40, 8.5) + 4
	ruler(p, 20, y, lang)
	y += 34
	one(PlaceText(cl("kit.calibrate.duplex-title"), lang, Bold, ColInk, 20, y, s.pw-40, 11, 7, 'l'), 0, 0)
	top := y + 6
	p.SetDrawColor(0, 0, 0)
	p.SetLineWidth(0.25)
	p.Line(cx, top, cx, s.ph-20)
	p.Line(15, cy, s.pw-15, cy)
	one(PlaceText("X · "+cl("kit.calibrate.cut"), lang, Bold, ColInk, cx+1.5, top+4, 0, 7, 7, 'l'), 0, 0)
	one(PlaceText("Y · "+cl("kit.calibrate.cut"), lang, Bold, ColInk, 17, cy-1.5, 0, 7, 7, 'l'), 0, 0)
	p.marginText(s, title+" · "+fmt.Sprintf("%s %gx%g mm", o.paperName(), s.pw, s.ph), false)

	// back: the scales, where the lines fall when the printer is exact
	p.AddPageFormat("P", size)
	p.setBoxes(s.pw, s.ph, 0, 0, s.pw, s.ph, 0, 0) // a sheet printed whole: no cut, no bleed
	off := o.BackOffset
	one(PlaceText(title, lang, Bold, ColInk, cx, 18, s.pw-30, 16, 9, 'c'), off.X, off.Y)
	p.SetTextColor(int(ColInk.R), int(ColInk.G), int(ColInk.B))
	yb := 24 + block(cl("print.calibrate.back"), 20+off.X, 24+off.Y, s.pw-40, 9) + 4
	// three X scales along the vertical line, three Y scales along the
	// horizontal one, clear of each other and of the centre
	for _, dy := range []float64{-(cy - yb - 22), 45, cy - 40} {
		xScale(p, s, off, cy+dy, lang, cl("kit.calibrate.x"))
	}
	for _, dx := range []float64{-(cx - 30), 45} {
		yScale(p, s, off, cx+dx, lang, cl("kit.calibrate.y"))
	}
	// the worked example, top left, clear of the lines and the scales
	ex, ey, ew := 14+off.X, yb+34+off.Y, cx-24
	one(PlaceText(cl("kit.calibrate.example-title"), lang, Bold, ColInk, ex, ey, ew, 10, 7, 'l'), 0, 0)
	h := block(cl("kit.calibrate.example"), ex, ey+2, ew, 7.5)
	example(p, ex+ew/2, ey+h+16, lang, cl("kit.calibrate.enlarged"))
	p.marginText(s, fmt.Sprintf("%s · --back-offset %g,%g", title, off.X, off.Y), false)

	out, err := p.output()
	if err != nil {
		return nil, fmt.Errorf("write the calibration PDF: %w", err)
	}
	return out, nil
}

// ruler draws the 100 mm ruler and the 4 in ruler from (x, y).
func ruler(p *pdfDoc, x, y float64, lang string) {
	p.SetDrawColor(0, 0, 0)
	p.SetLineWidth(0.3)
	p.Line(x, y, x+100, y)
	for i := 0; i <= 100; i++ {
		h := 2.0
		switch {
		case i%10 == 0:
			h = 5
		case i%5 == 0:
			h = 3.5
		}
		p.SetLineWidth(0.15)
		p.Line(x+float64(i), y, x+float64(i), y+h)
		if i%10 == 0 {
			p.drawItems([]Item{PlaceText(strconv.Itoa(i/10), lang, Regular, ColInk, x+float64(i), y+8, 0, 7, 7, 'c')}, 0, 0)
		}
	}
	p.drawItems([]Item{PlaceText("100 mm (cm)", lang, Bold, ColInk, x+104, y+4, 0, 9, 9, 'l')}, 0, 0)
	// 4 inches, ticks every 1/8 in
	y += 14
	in := 25.4
	p.SetLineWidth(0.3)
	p.Line(x, y, x+4*in, y)
	for i := 0; i <= 32; i++ {
		h := 1.8
		switch {
		case i%8 == 0:
			h = 5
		case i%4 == 0:
			h = 3.5
		case i%2 == 0:
			h = 2.6
		}
		xx := x + float64(i)*in/8
		p.SetLineWidth(0.15)
		p.Line(xx, y, xx, y+h)
		if i%8 == 0 {
			p.drawItems([]Item{PlaceText(strconv.Itoa(i/8), lang, Regular, ColInk, xx, y+8, 0, 7, 7, 'c')}, 0, 0)
		}
	}
	p.drawItems([]Item{PlaceText("4 in", lang, Bold, ColInk, x+4*in+4, y+4, 0, 9, 9, 'l')}, 0, 0)
}

// signed writes a scale value with its sign: "+2", "−2", "0".
func signed(v int) string {
	switch {
	case v > 0:
		return "+" + strconv.Itoa(v)
	case v < 0:
		return "−" + strconv.Itoa(-v)
	}
	return "0"
}

// xScale draws a horizontal scale at height y (before the offset), across
// the vertical line: ticks every 0.5 mm, numbers every 2 mm alternately
// above and below.
func xScale(p *pdfDoc, s sheet, off Pt, y float64, lang, caption string) {
	sy := y + off.Y
	p.SetDrawColor(0, 0, 0)
	p.SetLineWidth(0.12)
	p.Line(scaleTickX(-scaleHalf, s.pw, off), sy, scaleTickX(scaleHalf, s.pw, off), sy)
	for v := -2 * scaleHalf; v <= 2*scaleHalf; v++ {
		h := 1.2
		switch {
		case v == 0:
			h = 6
		case v%4 == 0:
			h = 3.5
		case v%2 == 0:
			h = 2.2
		}
		x := scaleTickX(float64(v)/2, s.pw, off)
		p.SetLineWidth(0.12)
		if v == 0 {
			p.SetLineWidth(0.3)
		}
		p.Line(x, sy-h, x, sy+h)
		if v%4 != 0 {
			continue
		}
		st, pt := Regular, 6.5
		if v == 0 {
			st, pt = Bold, 8
		}
		ty := sy + h + 3
		if (v/4)%2 != 0 {
			ty = sy - h - 1
		}
		p.drawItems([]Item{PlaceText(signed(v/2), lang, st, ColInk, x, ty, 0, pt, pt, 'c')}, 0, 0)
	}
	p.drawItems([]Item{PlaceText("X (mm)", lang, Bold, ColInk, scaleTickX(scaleHalf, s.pw, off)+3, sy+1.2, 0, 8, 8, 'l')}, 0, 0)
	p.drawItems([]Item{PlaceText(caption, lang, Italic, ColMuted, scaleTickX(scaleHalf, s.pw, off)+3, sy+5, 0, 6.5, 6.5, 'l')}, 0, 0)
}

// yScale is xScale for a vertical scale at x, across the horizontal line.
func yScale(p *pdfDoc, s sheet, off Pt, x float64, lang, caption string) {
	sx := x + off.X
	p.SetDrawColor(0, 0, 0)
	p.SetLineWidth(0.12)
	p.Line(sx, scaleTickY(-scaleHalf, s.ph, off), sx, scaleTickY(scaleHalf, s.ph, off))
	for v := -2 * scaleHalf; v <= 2*scaleHalf; v++ {
		h := 1.2
		switch {
		case v == 0:
			h = 6
		case v%4 == 0:
			h = 3.5
		case v%2 == 0:
			h = 2.2
		}
		y := scaleTickY(float64(v)/2, s.ph, off)
		p.SetLineWidth(0.12)
		if v == 0 {
			p.SetLineWidth(0.3)
		}
		p.Line(sx-h, y, sx+h, y)
		if v%4 != 0 {
			continue
		}
		st, pt := Regular, 6.5
		if v == 0 {
			st, pt = Bold, 8
		}
		if (v/4)%2 == 0 {
			p.drawItems([]Item{PlaceText(signed(v/2), lang, st, ColInk, sx+h+1, y+0.9, 0, pt, pt, 'l')}, 0, 0)
		} else {
			p.drawItems([]Item{PlaceText(signed(v/2), lang, st, ColInk, sx-h-1, y+0.9, 0, pt, pt, 'r')}, 0, 0)
		}
	}
	p.drawItems([]Item{PlaceText("Y (mm)", lang, Bold, ColInk, sx, scaleTickY(-scaleHalf, s.ph, off)-7, 0, 8, 8, 'c')}, 0, 0)
	for i, w := range strings.SplitN(caption, ":", 2) {
		if i == 1 {
			p.drawItems([]Item{PlaceText(strings.TrimSpace(w), lang, Italic, ColMuted, sx, scaleTickY(scaleHalf, s.ph, off)+6, 60, 6.5, 4.5, 'c')}, 0, 0)
		}
	}
}

// example draws a scale enlarged three times, centred on (cx, cy), with a
// line crossing it at +1.5 mm: what a reading of 1.5 looks like.
func example(p *pdfDoc, cx, cy float64, lang, caption string) {
	k := 3.0
	p.SetDrawColor(0, 0, 0)
	p.SetLineWidth(0.2)
	p.Line(cx-4*k, cy, cx+4*k, cy)
	for v := -8; v <= 8; v++ {
		h := 1.5
		switch {
		case v == 0:
			h = 5
		case v%2 == 0:
			h = 3
		}
		x := cx + float64(v)/2*k
		p.SetLineWidth(0.15)
		p.Line(x, cy-h, x, cy+h)
		if v%2 == 0 {
			p.drawItems([]Item{PlaceText(signed(v/2), lang, Regular, ColInk, x, cy+h+3, 0, 6, 6, 'c')}, 0, 0)
		}
	}
	// the front's line, seen through the paper
	x := cx + 1.5*k
	p.drawItems([]Item{Line{Pts: []Pt{{x, cy - 9}, {x, cy + 9}}, Colour: ColMelee, Width: 0.6}}, 0, 0)
	p.drawItems([]Item{PlaceText("+1.5", lang, Bold, ColMelee, x+1, cy-6.5, 0, 8, 8, 'l')}, 0, 0)
	p.drawItems([]Item{PlaceText(caption, lang, Italic, ColMuted, cx, cy+13, 0, 7, 5, 'c')}, 0, 0)
}

func (o SheetOptions) paperName() string {
	if o.Paper == "" {
		return "a4"
	}
	return o.Paper
}

// CalibrationLabel is the built-in text of the calibration sheet's key in
// language l (the key itself when it has none). Warbound's interface
// strings hold the same texts under the same keys (a test checks they
// agree), so that a content tree may override them.
func CalibrationLabel(key string, l lang.Lang) string {
	if t, ok := calibrationLabels[key]; ok {
		return t.In(l)
	}
	return key
}

// calibrationLabels are the calibration sheet's built-in texts.
var calibrationLabels = map[string]lang.Text{
	"print.calibrate.title":       {EN: "Duplex calibration", FR: "Calibrage recto verso"},
	"print.calibrate.front":       {EN: "Print this page double-sided (flip on long edge), at 100 % scale. Cut along the two solid lines, or hold the sheet up to the light: each line falls on the scale printed on the back.", FR: "Imprimez cette page en recto verso (retournement sur le bord long), à l’échelle 100 %. Découpez le long des deux traits pleins, ou regardez la feuille à contre-jour : chaque trait tombe sur la graduation imprimée au verso."},
	"print.calibrate.back":        {EN: "Read where the front's line falls on each scale, in millimetres: X on the horizontal scale, Y on the vertical one. Then print with --back-offset X,Y. Reading 0,0 means the backs are aligned.", FR: "Lisez en millimètres où tombe le trait du recto sur chaque graduation : X sur la graduation horizontale, Y sur la verticale. Imprimez ensuite avec --back-offset X,Y. Une lecture 0,0 signifie que les dos sont alignés."},
	"kit.calibrate.scale-title":   {EN: "1. Check the scale", FR: "1. Vérifiez l’échelle"},
	"kit.calibrate.scale":         {EN: "Measure these two rulers with a real ruler: they must be exactly 100 mm and 4 in long. If they are not, print again at 100 % (\"Actual size\"), with \"Fit to page\" turned off.", FR: "Mesurez ces deux règles avec une vraie règle : elles doivent faire exactement 100 mm et 4 in. Sinon, imprimez de nouveau à 100 % (« Taille réelle »), sans « Ajuster à la page »."},
	"kit.calibrate.duplex-title":  {EN: "2. Check the back", FR: "2. Vérifiez le verso"},
	"kit.calibrate.x":             {EN: "X (mm): where the vertical line crosses", FR: "X (mm) : où passe le trait vertical"},
	"kit.calibrate.y":             {EN: "Y (mm): where the horizontal line crosses", FR: "Y (mm) : où passe le trait horizontal"},
	"kit.calibrate.cut":           {EN: "Cut along this line", FR: "Coupez le long de ce trait"},
	"kit.calibrate.example-title": {EN: "Worked example", FR: "Exemple"},
	"kit.calibrate.example":       {EN: "The vertical line crosses the X scales at +1.5 (one and a half millimetres right of 0) and the horizontal line crosses the Y scales at −0.5. Print your cards with --back-offset 1.5,-0.5, for example: wbtool print --deck my-deck --back-offset 1.5,-0.5. Print this sheet again with the same option: both lines now cross 0.", FR: "Le trait vertical croise les graduations X à +1,5 (un millimètre et demi à droite de 0) et le trait horizontal croise les graduations Y à −0,5. Imprimez vos cartes avec --back-offset 1.5,-0.5, par exemple : wbtool print --deck mon-deck --back-offset 1.5,-0.5. Réimprimez cette feuille avec la même option : les deux traits croisent alors 0."},
	"kit.calibrate.enlarged":      {EN: "the example, enlarged ×3: the line reads +1.5", FR: "l’exemple, agrandi ×3 : le trait indique +1,5"},
}
