package render

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

// Pages of the play kit (Action boards, scenario maps, tokens, deck
// sheets). Like a card Face, a Page is a list of layout Items in
// millimetres, here from the top-left corner of the paper; the PDF backend
// draws it with the same code as the cards (pdfDoc.drawItems), and a
// Drawing (a board or a map at play scale) is also an SVG image for the
// site. Page.Dump is the golden form.

// Page is one page of a kit sheet.
type Page struct {
	W, H  float64 // paper, mm
	Name  string  // bookmark and golden title
	Items []Item
	// Clip, when set, holds clipped items: drawn inside the rectangle
	// (a tile of a drawing that spans several pages).
	Clip *Clip
}

// Clip is a group of items drawn inside a rectangle of the page.
type Clip struct {
	X, Y, W, H float64
	// DX, DY place the items: an item at (x, y) is drawn at (x+DX, y+DY).
	DX, DY float64
	Items  []Item
}

// Dump writes the page as text, one item a line.
func (p *Page) Dump() string {
	var b strings.Builder
	fmt.Fprintf(&b, "page %q %sx%s\n", p.Name, mm(p.W), mm(p.H))
	if c := p.Clip; c != nil {
		fmt.Fprintf(&b, "clip %s %s %s %s at %s,%s (%d items)\n", mm(c.X), mm(c.Y), mm(c.W), mm(c.H), mm(c.DX), mm(c.DY), len(c.Items))
	}
	for _, it := range p.Items {
		it.dump(&b)
		b.WriteByte('\n')
	}
	return b.String()
}

// Drawing is a picture at its real size: an Action board or a scenario
// map. Printed, it is tiled over as many pages as it needs.
type Drawing struct {
	W, H  float64
	Title string
	Items []Item
}

// Dump writes the drawing as text, one item a line.
func (d *Drawing) Dump() string {
	var b strings.Builder
	fmt.Fprintf(&b, "drawing %q %sx%s\n", d.Title, mm(d.W), mm(d.H))
	for _, it := range d.Items {
		it.dump(&b)
		b.WriteByte('\n')
	}
	return b.String()
}

// SVG returns the drawing as a standalone SVG image at its real size.
func (d *Drawing) SVG(lang string) []byte {
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + num(d.W) + ` ` + num(d.H) + `" width="` + num(d.W) + `mm" height="` + num(d.H) + `mm" role="img" lang="` + html.EscapeString(lang) + `" aria-label="` + html.EscapeString(d.Title) + `">`)
	b.WriteString("<title>" + html.EscapeString(d.Title) + "</title>")
	b.WriteString(`<g stroke-linecap="round" stroke-linejoin="round" font-family="Go, 'Go Regular', 'DejaVu Sans', sans-serif">`)
	svgItems(&b, d.Items)
	b.WriteString("</g></svg>\n")
	return b.Bytes()
}

// svgItems writes items as SVG elements: the one SVG drawing of the
// layout model, for card faces (Face.SVG) and kit drawings alike.
func svgItems(b *bytes.Buffer, items []Item) {
	attr := func(name string, v float64) {
		b.WriteString(name)
		svgNum(b, v)
		b.WriteByte('"')
	}
	for _, it := range items {
		switch it := it.(type) {
		case Rect:
			attr(`<rect x="`, it.X)
			attr(` y="`, it.Y)
			attr(` width="`, it.W)
			attr(` height="`, it.H)
			if it.R > 0 {
				attr(` rx="`, it.R)
			}
			svgPaint(b, it.Paint)
			b.WriteString("/>")
		case Poly:
			b.WriteString(`<polygon points="`)
			svgPts(b, it.Pts)
			b.WriteByte('"')
			svgPaint(b, it.Paint)
			b.WriteString("/>")
		case Circle:
			attr(`<circle cx="`, it.X)
			attr(` cy="`, it.Y)
			attr(` r="`, it.R)
			svgPaint(b, it.Paint)
			b.WriteString("/>")
		case Line:
			b.WriteString(`<polyline points="`)
			svgPts(b, it.Pts)
			b.WriteString(`" fill="none" stroke="`)
			svgHex(b, it.Colour)
			attr(`" stroke-width="`, it.Width)
			b.WriteString("/>")
		case Path:
			b.WriteString(`<path d="`)
			for i, op := range it.Ops {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte(op.Op)
				svgPts(b, op.Pts)
			}
			b.WriteString(`"`)
			svgPaint(b, it.Paint)
			b.WriteString("/>")
		case Text:
			attr(`<text x="`, it.X)
			attr(` y="`, it.Y)
			attr(` font-size="`, it.Size*PtToMM)
			if it.Style&Bold != 0 {
				b.WriteString(` font-weight="bold"`)
			}
			if it.Style&Italic != 0 {
				b.WriteString(` font-style="italic"`)
			}
			b.WriteString(` fill="`)
			svgHex(b, it.Colour)
			attr(`" textLength="`, it.W)
			b.WriteString(` lengthAdjust="spacingAndGlyphs">`)
			b.WriteString(html.EscapeString(it.S))
			b.WriteString("</text>")
		case Image:
			svgImage(b, it)
		}
	}
}

// ---------------------------------------------------------------------------
// Items helpers shared by the kit drawings.

// PlaceText is a one-line text run at (x, y) (baseline), aligned 'l', 'c' or
// 'r', shrunk from pt down to minPt to fit w (w 0: no limit). Text the
// fonts cannot draw is drawn as is: kit texts come from the interface
// strings and the content names, which the card layout already checked.
func PlaceText(s string, lang string, st Style, col Colour, x, y, w, pt, minPt float64, align byte) Text {
	s = MarkupTypo(s, lang)
	size := pt
	if w > 0 {
		size, _ = FitLine(s, st, w, pt, minPt)
	}
	tw := Measure(s, st, size)
	switch align {
	case 'c':
		x -= tw / 2
	case 'r':
		x -= tw
	}
	return Text{X: x, Y: y, Size: round2(size), Style: st, Colour: col, S: s, W: tw}
}

// dashed returns a dashed straight line from a to b.
func dashed(a, b Pt, col Colour, w, dash, gap float64) []Item {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return nil
	}
	ux, uy := dx/n, dy/n
	var out []Item
	for t := 0.0; t < n; t += dash + gap {
		e := min(t+dash, n)
		out = append(out, Line{Pts: []Pt{{a.X + ux*t, a.Y + uy*t}, {a.X + ux*e, a.Y + uy*e}}, Colour: col, Width: w})
	}
	return out
}

// cross is a registration mark: a circle with a cross through it.
func cross(x, y, r float64, col Colour) []Item {
	return []Item{
		Circle{X: x, Y: y, R: r * 0.55, Paint: Stroke(col, 0.25)},
		Line{Pts: []Pt{{x - r, y}, {x + r, y}}, Colour: col, Width: 0.25},
		Line{Pts: []Pt{{x, y - r}, {x, y + r}}, Colour: col, Width: 0.25},
	}
}

// Transform returns items scaled by k then moved by (dx, dy).
func Transform(items []Item, k, dx, dy float64) []Item {
	p := func(q Pt) Pt { return Pt{q.X*k + dx, q.Y*k + dy} }
	ps := func(qs []Pt) []Pt {
		out := make([]Pt, len(qs))
		for i, q := range qs {
			out[i] = p(q)
		}
		return out
	}
	sp := func(pt Paint) Paint { pt.Width *= k; return pt }
	out := make([]Item, 0, len(items))
	for _, it := range items {
		switch it := it.(type) {
		case Rect:
			q := p(Pt{it.X, it.Y})
			out = append(out, Rect{X: q.X, Y: q.Y, W: it.W * k, H: it.H * k, R: it.R * k, Paint: sp(it.Paint)})
		case Poly:
			out = append(out, Poly{Pts: ps(it.Pts), Paint: sp(it.Paint)})
		case Circle:
			q := p(Pt{it.X, it.Y})
			out = append(out, Circle{X: q.X, Y: q.Y, R: it.R * k, Paint: sp(it.Paint)})
		case Line:
			out = append(out, Line{Pts: ps(it.Pts), Colour: it.Colour, Width: it.Width * k})
		case Path:
			ops := make([]PathOp, len(it.Ops))
			for i, op := range it.Ops {
				ops[i] = PathOp{Op: op.Op, Pts: ps(op.Pts)}
			}
			out = append(out, Path{Ops: ops, Paint: sp(it.Paint)})
		case Text:
			q := p(Pt{it.X, it.Y})
			it.X, it.Y, it.Size, it.W = q.X, q.Y, round2(it.Size*k), it.W*k
			out = append(out, it)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// DefaultHexSize is the default hex size in mm across flats (the distance
// between the centres of two neighbouring tiles): a 25 mm or 28 mm round
// base, the common skirmish miniature bases, stands inside a tile with
// room to pick it up, and a 16 × 16 Confrontation board (about
// 51 × 44 cm) takes 6 A4 or letter panels.
const DefaultHexSize = 30.0

// The hex sizes a map accepts, mm across flats.
const (
	MinHexSize = 12.0
	MaxHexSize = 60.0
)

// Pages of kit sheets: paper, margins and tiling.

// Kit page margins, mm: every home printer prints 10 mm from the edge; the
// top margin holds the page header.
const (
	KitMargin = 10.0
	KitTop    = 16.0
	// TileOverlap is how far consecutive tiles of a drawing overlap, mm:
	// the strip a tile shares with its right (or lower) neighbour.
	TileOverlap = 10.0
)

// PaperSize returns the paper of o, landscape or portrait.
func PaperSize(o SheetOptions, landscape bool) (Pt, error) {
	name := strings.ToLower(o.Paper)
	if name == "" {
		name = "a4"
	}
	size, ok := papers[name]
	if !ok {
		return Pt{}, fmt.Errorf("paper %q: want a4 or letter", o.Paper)
	}
	if landscape {
		size = Pt{size.Y, size.X}
	}
	return size, nil
}

// Tiling says how a drawing is cut into pages.
type Tiling struct {
	Paper      Pt   // page size, mm
	Cols, Rows int  // tiles across and down
	Area       Pt   // printable area of a page: the tile size, mm
	Origin     Pt   // top-left corner of the area on the page
	Step       Pt   // distance between consecutive tiles' origins in the drawing
	Landscape  bool //
	Overlap    float64
}

// Pages is the number of tile pages.
func (t Tiling) Pages() int { return t.Cols * t.Rows }

// TileAt returns the drawing coordinates of the top-left corner of tile
// (c, r).
func (t Tiling) TileAt(c, r int) Pt { return Pt{float64(c) * t.Step.X, float64(r) * t.Step.Y} }

// TileName names tile (c, r) like a map square: "B1" is the second tile of
// the first row.
func TileName(c, r int) string { return string(rune('A'+c)) + fmt.Sprint(r+1) }

// NewTiling cuts a w × h mm drawing into pages of paper o, with overlap mm
// between neighbours; it tries both orientations and keeps the one with
// fewer pages (landscape on a tie, or when preferLandscape).
func NewTiling(o SheetOptions, w, h, overlap float64, preferLandscape bool) (Tiling, error) {
	var best Tiling
	for _, land := range []bool{true, false} {
		paper, err := PaperSize(o, land)
		if err != nil {
			return Tiling{}, err
		}
		area := Pt{paper.X - 2*KitMargin, paper.Y - KitTop - KitMargin}
		n := func(d, a float64) int {
			if d <= a+1e-9 {
				return 1
			}
			return int(math.Ceil((d-overlap)/(a-overlap) - 1e-9))
		}
		t := Tiling{Paper: paper, Area: area, Origin: Pt{KitMargin, KitTop}, Landscape: land, Overlap: overlap,
			Cols: n(w, area.X), Rows: n(h, area.Y), Step: Pt{area.X - overlap, area.Y - overlap}}
		if t.Cols == 1 && t.Rows == 1 {
			// one page: centre the drawing in the area
			t.Origin = Pt{KitMargin + (area.X-w)/2, KitTop + (area.Y-h)/2}
		}
		if best.Cols == 0 || t.Pages() < best.Pages() && !(preferLandscape && best.Pages() == 1) {
			best = t
		}
	}
	return best, nil
}

// TilePages cuts a drawing into pages with assembly marks (label gives the
// interface strings kit.panel and kit.assemble in lang): each tile is
// named (A1, B1, …) with its neighbours in the margins; the strips shared
// by two tiles carry registration crosses at the same place of the
// drawing on both tiles, and a tile with a left (upper) neighbour has a
// dashed line along its left (top) edge: trim the margin there and lay the
// tile over its neighbour so the crosses meet.
func TilePages(d *Drawing, t Tiling, header string, lang string, label func(key string) string) []Page {
	var pages []Page
	total := t.Pages()
	for r := range t.Rows {
		for c := range t.Cols {
			at := t.TileAt(c, r)
			pg := Page{W: t.Paper.X, H: t.Paper.Y, Name: d.Title + " " + TileName(c, r)}
			ox, oy := t.Origin.X, t.Origin.Y
			cw, ch := min(t.Area.X, d.W-at.X), min(t.Area.Y, d.H-at.Y)
			pg.Clip = &Clip{X: ox, Y: oy, W: cw, H: ch, DX: ox - at.X, DY: oy - at.Y, Items: within(d.Items, at.X, at.Y, at.X+cw, at.Y+ch)}
			var items []Item
			// header: what, which tile, which page
			name := header
			if total > 1 {
				name += " · " + label("kit.panel") + " " + TileName(c, r) + " (" + fmt.Sprintf("%d/%d", r*t.Cols+c+1, total) + ")"
			}
			items = append(items, PlaceText(name, lang, Bold, ColInk, KitMargin, 8, t.Paper.X-2*KitMargin-30, 9, 5, 'l'))
			if total > 1 {
				items = append(items, PlaceText(label("kit.assemble"), lang, Regular, ColMuted, KitMargin, 12.5, t.Paper.X-2*KitMargin-30, 6.5, 4, 'l'))
				// the tile index: where this page goes
				cell := 4.0
				gx := t.Paper.X - KitMargin - float64(t.Cols)*cell
				for rr := range t.Rows {
					for cc := range t.Cols {
						p := Fill(ColPanel)
						if rr == r && cc == c {
							p = Fill(ColInk)
						}
						p.Stroke, p.Width = &ColMuted, 0.2
						items = append(items, Rect{X: gx + float64(cc)*cell, Y: 3 + float64(rr)*cell, W: cell, H: cell, Paint: p})
					}
				}
			}
			// the tile's outline
			items = append(items, Rect{X: ox, Y: oy, W: cw, H: ch, Paint: Stroke(ColMuted, 0.15)})
			mark := ColInk
			// neighbours, in the margins
			if c > 0 {
				items = append(items, dashed(Pt{ox, oy - 3}, Pt{ox, oy + ch + 3}, mark, 0.3, 2, 1.2)...)
				items = append(items, PlaceText("← "+TileName(c-1, r), lang, Bold, ColMuted, ox-1, oy+ch/2, 0, 7, 7, 'r'))
			}
			if c < t.Cols-1 {
				items = append(items, PlaceText(TileName(c+1, r)+" →", lang, Bold, ColMuted, ox+cw+1, oy+ch/2, 0, 7, 7, 'l'))
			}
			if r > 0 {
				items = append(items, dashed(Pt{ox - 3, oy}, Pt{ox + cw + 3, oy}, mark, 0.3, 2, 1.2)...)
				items = append(items, PlaceText("↑ "+TileName(c, r-1), lang, Bold, ColMuted, ox+cw/2, oy-1, 0, 7, 7, 'c'))
			}
			if r < t.Rows-1 {
				items = append(items, PlaceText("↓ "+TileName(c, r+1), lang, Bold, ColMuted, ox+cw, oy+ch+4, 0, 7, 7, 'r'))
			}
			// registration crosses in the shared strips, on both tiles
			// (drawing coordinates, so they coincide once assembled)
			xs := func(lo, hi float64) []float64 { // where crosses go along a strip
				var out []float64
				for _, f := range []float64{0.2, 0.5, 0.8} {
					out = append(out, lo+(hi-lo)*f)
				}
				return out
			}
			put := func(x, y float64) { // drawing coordinates
				items = append(items, cross(x-at.X+ox, y-at.Y+oy, 3, mark)...)
			}
			strips := func(cc, rr int) (x0, x1, y0, y1 float64) {
				a := t.TileAt(cc, rr)
				return a.X, min(a.X+t.Area.X, d.W), a.Y, min(a.Y+t.Area.Y, d.H)
			}
			x0, x1, y0, y1 := strips(c, r)
			if c > 0 { // strip shared with the left neighbour
				for _, y := range xs(y0, y1) {
					put(x0+t.Overlap/2, y)
				}
			}
			if c < t.Cols-1 {
				nx := t.TileAt(c+1, r).X
				for _, y := range xs(y0, y1) {
					put(nx+t.Overlap/2, y)
				}
			}
			if r > 0 {
				for _, x := range xs(x0, x1) {
					put(x, y0+t.Overlap/2)
				}
			}
			if r < t.Rows-1 {
				ny := t.TileAt(c, r+1).Y
				for _, x := range xs(x0, x1) {
					put(x, ny+t.Overlap/2)
				}
			}
			pg.Items = items
			pages = append(pages, pg)
		}
	}
	return pages
}

// writePages draws kit pages into a new PDF.
func writePages(o SheetOptions, title string, pages []Page) ([]byte, error) {
	p := newPDF(o, title)
	for _, pg := range pages {
		p.addPage(pg)
	}
	out, err := p.output()
	if err != nil {
		return nil, fmt.Errorf("write the PDF: %w", err)
	}
	return out, nil
}

// addPage draws one kit page.
func (p *pdfDoc) addPage(pg Page) {
	// fpdf takes the portrait size and turns it for "L"
	if pg.W > pg.H {
		p.AddPageFormat("L", fpdf.SizeType{Wd: pg.H, Ht: pg.W})
	} else {
		p.AddPageFormat("P", fpdf.SizeType{Wd: pg.W, Ht: pg.H})
	}
	// printed whole: trimmed at the paper's edge, no bleed
	p.setBoxes(pg.W, pg.H, 0, 0, pg.W, pg.H, 0, 0)
	if pg.Name != "" {
		p.Bookmark(pg.Name, 0, 0)
	}
	if c := pg.Clip; c != nil {
		p.drawClipped(c.Items, c.DX, c.DY, c.X-c.DX, c.Y-c.DY, c.W, c.H)
		p.flush()
	}
	p.drawItems(pg.Items, 0, 0)
}

// within keeps the items that may show in the rectangle (x0, y0)–(x1, y1):
// a panel's page holds only its part of the drawing.
func within(items []Item, x0, y0, x1, y1 float64) []Item {
	var out []Item
	for _, it := range items {
		a, b, ok := itemBox(it)
		if !ok || a.X <= x1 && b.X >= x0 && a.Y <= y1 && b.Y >= y0 {
			out = append(out, it)
		}
	}
	return out
}

// itemBox is a box that holds the item (stroke and text ascent
// included); ok is false when the item is not measured.
func itemBox(it Item) (lo, hi Pt, ok bool) {
	box := func(pts []Pt, pad float64) (Pt, Pt, bool) {
		if len(pts) == 0 {
			return Pt{}, Pt{}, false
		}
		lo, hi := pts[0], pts[0]
		for _, p := range pts {
			lo = Pt{min(lo.X, p.X), min(lo.Y, p.Y)}
			hi = Pt{max(hi.X, p.X), max(hi.Y, p.Y)}
		}
		return Pt{lo.X - pad, lo.Y - pad}, Pt{hi.X + pad, hi.Y + pad}, true
	}
	switch it := it.(type) {
	case Rect:
		return box([]Pt{{it.X, it.Y}, {it.X + it.W, it.Y + it.H}}, it.Width)
	case Poly:
		return box(it.Pts, it.Width)
	case Circle:
		return box([]Pt{{it.X - it.R, it.Y - it.R}, {it.X + it.R, it.Y + it.R}}, it.Width)
	case Line:
		return box(it.Pts, it.Width)
	case Path:
		var pts []Pt
		for _, op := range it.Ops {
			pts = append(pts, op.Pts...)
		}
		return box(pts, it.Width)
	case Text:
		em := it.Size * PtToMM
		return box([]Pt{{it.X, it.Y - em}, {it.X + it.W, it.Y + em*0.3}}, 0)
	}
	return Pt{}, Pt{}, false
}
