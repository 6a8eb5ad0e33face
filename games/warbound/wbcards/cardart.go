package wbcards

import (
	"math"
	"sync"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// cardArt is Warbound's art a as the layout model's reference, read from
// cat when a backend draws it.
func cardArt(cat *wbcatalog.Catalog, a *wbcatalog.Art) *render.Art {
	fx, fy := a.FocusPoint()
	r := &render.Art{File: a.File, Format: a.Format, Width: a.Width, Height: a.Height, Hash: a.Hash, FocusX: fx, FocusY: fy, Pos: a.Pos}
	if cat != nil {
		r.Src = catalogArt{cat, a}
	}
	return r
}

// catalogArt reads art a's file through its catalog (Catalog.ReadArt).
type catalogArt struct {
	cat *wbcatalog.Catalog
	a   *wbcatalog.Art
}

func (c catalogArt) ArtBytes() ([]byte, error) { return c.cat.ReadArt(c.a) }

// The slots, mm from the cut line's top-left corner: the name band (to its
// bleed) and the window of Upgrades and Objectives.
const (
	windowY = bandH + 1.6
	// windowUpgradeH and windowObjectiveH end where the symbol circles
	// ended before the cards had art, so the text keeps its room.
	windowUpgradeH   = 18.4
	windowObjectiveH = 16.0
)

// bandSlot is the art slot of Characters, Leaders and Reference cards.
func bandSlot() (x, y, w, h float64) {
	return -render.Bleed, -render.Bleed, render.CardW + 2*render.Bleed, bandH - 0.45 + render.Bleed
}

// windowSlot is the art slot of Upgrades and Objectives, h mm tall.
func windowSlot(h float64) (x, y, w, hh float64) { return margin, windowY, render.CardW - 2*margin, h }

// bandArt fills the name band's art slot: the card's art, or a faint hex
// pattern of the band colour. With art, header draws the name on a plate.
func (f *face) bandArt(a *wbcatalog.Art, band render.Colour) {
	x, y, w, h := bandSlot()
	if a != nil && a.Hash != "" {
		f.add(render.CoverImage(cardArt(f.b.cat, a), x, y, w, h))
		f.plate = band
		f.hasPlate = true
		return
	}
	f.hexPattern(x, y, w, h, 3.4, band.Mix(render.ColWhite, 0.1))
}

// windowArt fills the window slot of Upgrades and Objectives, h mm tall:
// the art with the card's symbol in a small badge at its corner, or the
// hex pattern with the symbol large in the middle.
func (f *face) windowArt(a *wbcatalog.Art, h float64, col render.Colour, symbol string) {
	x, y, w, _ := windowSlot(h)
	if a != nil && a.Hash != "" {
		f.add(render.CoverImage(cardArt(f.b.cat, a), x, y, w, h))
		f.add(render.Rect{X: x, Y: y, W: w, H: h, Paint: render.Stroke(col, 0.5)})
		bx, by := x+w-4.6, y+h-4.6
		f.add(render.Circle{X: bx, Y: by, R: 3.6, Paint: render.FillStroke(render.ColPanel, col, 0.45)})
		f.icon(symbol, bx, by, 4.6, col)
		return
	}
	f.add(render.Rect{X: x, Y: y, W: w, H: h, Paint: render.FillStroke(render.ColPanel.Mix(col, 0.05), render.ColPanel.Mix(col, 0.35), 0.3)})
	f.hexPattern(x, y, w, h, 3.4, render.ColPanel.Mix(col, 0.16))
	cy := y + h/2
	r := h/2 - 0.6
	f.add(render.Circle{X: render.CardW / 2, Y: cy, R: r, Paint: render.FillStroke(render.ColPanel, col, 0.7)})
	f.icon(symbol, render.CardW/2, cy, r*1.28, col)
}

// hexPattern strokes the hexagons of radius r that lie wholly inside the
// box (whose left and top edges may run into the bleed, which the card's
// clip cuts), as one path: a background, not a row of icons.
func (f *face) hexPattern(x, y, w, h, r float64, col render.Colour) {
	if f.b.measure {
		return
	}
	if ops := hexPatternOps(x, y, w, h, r); len(ops) > 0 {
		f.add(render.Path{Ops: ops, Paint: render.Stroke(col, 0.3)})
	}
}

// hexPatterns are the paths of hexPattern by box and radius: every card
// of a type draws the same one (the colour aside), so it is made once.
// The paths are shared: read only.
var hexPatterns sync.Map // [5]float64 → []PathOp

// hexPatternOps is the path of hexPattern's hexagons: the corners of
// HexPts, in one array.
func hexPatternOps(x, y, w, h, r float64) []render.PathOp {
	key := [5]float64{x, y, w, h, r}
	if ops, ok := hexPatterns.Load(key); ok {
		return ops.([]render.PathOp)
	}
	hw := r * math.Sqrt(3)
	var centres []render.Pt
	for row := 0; ; row++ {
		cy := y + r + float64(row)*1.5*r
		if cy+r > y+h+1e-9 {
			break
		}
		off := 0.0
		if row%2 == 1 {
			off = hw / 2
		}
		for cx := x + hw/2 + off; cx+hw/2 <= x+w+1e-9; cx += hw {
			centres = append(centres, render.Pt{X: cx, Y: cy})
		}
	}
	pts := make([]render.Pt, 0, 6*len(centres))
	for _, c := range centres {
		pts = append(pts, render.HexPts(c.X, c.Y, r-0.35)...)
	}
	ops := make([]render.PathOp, 0, 7*len(centres))
	for k := range centres {
		for i := range 6 {
			op := byte('L')
			if i == 0 {
				op = 'M'
			}
			j := 6*k + i
			ops = append(ops, render.PathOp{Op: op, Pts: pts[j : j+1 : j+1]})
		}
		ops = append(ops, render.PathOp{Op: 'Z'})
	}
	hexPatterns.Store(key, ops)
	return ops
}

// namePlate draws the plate of the band colour behind the name and the
// type line, w mm wide from the card's left edge, when the band shows art.
func (f *face) namePlate(w float64) {
	if !f.hasPlate {
		return
	}
	_, _, _, h := bandSlot()
	bottom := h - render.Bleed
	right := min(render.CardW-margin, margin+w+2.5)
	f.add(render.Poly{Pts: []render.Pt{{X: -render.Bleed, Y: -render.Bleed}, {X: right + 3.5, Y: -render.Bleed}, {X: right, Y: bottom}, {X: -render.Bleed, Y: bottom}}, Paint: render.Fill(f.plate)})
}

// artWarnings are the card's images that print below ArtDPI in their slot.
func artWarnings(c *Card) diag.List {
	var out diag.List
	// one warning for each picture (a card's sides may show the same)
	type pic struct {
		file, hash string
		pos        diag.Pos
	}
	seen := map[pic]bool{}
	for _, fc := range []*render.Face{&c.Front, &c.Back} {
		for _, it := range fc.Items {
			im, ok := it.(render.Image)
			if !ok || seen[pic{im.Art.File, im.Art.Hash, im.Art.Pos}] {
				continue
			}
			seen[pic{im.Art.File, im.Art.Hash, im.Art.Pos}] = true
			if dpi := im.DPI(); dpi < render.ArtDPI-0.5 {
				need := func(v float64) int { return int(math.Ceil(v / im.DW * float64(im.Art.Width) * render.ArtDPI / dpi)) }
				out = append(out, diag.Warnf(im.Art.Pos, "", "card %s: art %s is %d × %d px, %.0f dpi in its %.0f × %.0f mm slot, below the %.0f dpi print needs: use an image of at least %d × %d px",
					c.ID, im.Art.File, im.Art.Width, im.Art.Height, dpi, im.W, im.H, render.ArtDPI, need(im.DW), need(im.DH)))
			}
		}
	}
	return out
}
