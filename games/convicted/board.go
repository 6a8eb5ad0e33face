package convicted

import (
	"strings"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// boardWords are the board's labels.
var boardWords = map[string]cvcatalog.Text{
	"board":        {EN: "The Convicted · board", FR: "Les Condamnés · plateau"},
	"deployment":   {EN: "Deployment zone", FR: "Zone de déploiement"},
	"assault":      {EN: "Assault zone", FR: "Zone d’assaut"},
	"city":         {EN: "The City", FR: "La Ville"},
	"gate":         {EN: "Gate", FR: "Porte"},
	"kit.panel":    {EN: "Panel", FR: "Panneau"},
	"kit.assemble": {EN: "To assemble: trim the margin along each dashed line, lay this panel over its neighbour so that the crosses meet, and tape.", FR: "Assemblage : coupez la marge le long de chaque trait pointillé, posez ce panneau sur son voisin en faisant coïncider les croix, puis scotchez."},
}

func bword(k string, l lang.Lang) string { return boardWords[k].In(l) }

// The board's bands, from the edge inwards (mm): deployment, assault,
// the ditch ring, the fortifications, the City (C-BOARD-1 to C-BOARD-4).
const (
	boardSize  = 520.0
	bandDeploy = 70.0
	bandAssalt = 140.0
	bandRing   = 170.0
	bandFort   = 210.0
)

var (
	colDeploy = render.Colour{R: 0xf1, G: 0xdc, B: 0xd6}
	colAssalt = render.Colour{R: 0xf4, G: 0xe6, B: 0xc8}
	colRing   = render.Colour{R: 0xd9, G: 0xcf, B: 0xbd}
	colCity   = render.Colour{R: 0xec, G: 0xe6, B: 0xda}
)

// side is one of the four sides: the band's trapezoid between depths a
// and b from the edge, turned to face the side.
func sideBand(side string, a, b float64) []render.Pt {
	s := boardSize
	pts := []render.Pt{{X: a, Y: a}, {X: s - a, Y: a}, {X: s - b, Y: b}, {X: b, Y: b}}
	for i, p := range pts {
		switch side {
		case "e":
			pts[i] = render.Pt{X: s - p.Y, Y: p.X}
		case "s":
			pts[i] = render.Pt{X: s - p.X, Y: s - p.Y}
		case "w":
			pts[i] = render.Pt{X: p.Y, Y: s - p.X}
		}
	}
	return pts
}

// boardDrawing is the board at its real size in l: the deployment and
// assault zones of each side, the 12 ring sections, the 8 fortification
// sections (the gate on N) and the six buildings of the City.
func (c *Content) boardDrawing(l lang.Lang) (*render.Drawing, error) {
	return c.boardState(l, nil, 1)
}

// boardState is the board in l with the fortification levels and the
// ring's ditches and moats of st (nil: each section at its first level,
// the ring empty), its words ts times their printed size (a figure drawn
// smaller than the board).
func (c *Content) boardState(l lang.Lang, st *boardFigure, ts float64) (*render.Drawing, error) {
	cat := c.Catalog
	ls := string(l)
	s := boardSize
	var items []render.Item
	var err error
	text := func(str string, bold bool, x, y, w, pt float64) {
		if err != nil {
			return
		}
		var it render.Item
		it, err = render.TextLine(str, ls, bold, colInk, x, y, w, pt*ts, 5, 'c', "the board: "+str)
		items = append(items, it)
	}
	mid := func(pts []render.Pt) (x, y float64) {
		for _, p := range pts {
			x, y = x+p.X/4, y+p.Y/4
		}
		return
	}
	for _, side := range cvcatalog.Sides {
		d := sideBand(side, 0, bandDeploy)
		a := sideBand(side, bandDeploy, bandAssalt)
		items = append(items, render.Poly{Pts: d, Paint: render.FillStroke(colDeploy, colInk, 0.4)}, render.Poly{Pts: a, Paint: render.FillStroke(colAssalt, colInk, 0.4)})
		x, y := mid(d)
		w := 120.0
		if ts > 1 && (side == "e" || side == "w") { // a figure's larger words keep within their band
			w = bandDeploy - 8
		}
		text(bword("deployment", l)+" "+strings.ToUpper(side), true, x, y, w, 14)
		x, y = mid(a)
		text(bword("assault", l)+" "+strings.ToUpper(side), true, x, y, w, 12)
	}
	// the ring: a corner square and two halves per side (C-BOARD-4)
	ring := func(id string, x, y, w, h float64) {
		col, label := colRing, strings.ToUpper(id)
		if st != nil && st.ring[id] != "" { // a ditch or a moat dug there
			col = map[string]render.Colour{"ditch": colDitch, "moat": colMoat}[st.ring[id]].Mix(colWhite, 0.55)
			label += " " + word(st.ring[id], l)
		}
		items = append(items, render.Rect{X: x, Y: y, W: w, H: h, Paint: render.FillStroke(col, colInk, 0.4)})
		text(label, true, x+w/2, y+h/2+2, w-4, 10)
	}
	rw := bandRing - bandAssalt
	half := (s - 2*bandRing) / 2
	for _, g := range cat.Ring {
		switch g.ID {
		case "nw":
			ring(g.ID, bandAssalt, bandAssalt, rw, rw)
		case "ne":
			ring(g.ID, s-bandRing, bandAssalt, rw, rw)
		case "sw":
			ring(g.ID, bandAssalt, s-bandRing, rw, rw)
		case "se":
			ring(g.ID, s-bandRing, s-bandRing, rw, rw)
		case "n1", "n2":
			ring(g.ID, bandRing+float64(g.ID[1]-'1')*half, bandAssalt, half, rw)
		case "s1", "s2":
			ring(g.ID, bandRing+float64(g.ID[1]-'1')*half, s-bandRing, half, rw)
		case "w1", "w2":
			ring(g.ID, bandAssalt, bandRing+float64(g.ID[1]-'1')*half, rw, half)
		case "e1", "e2":
			ring(g.ID, s-bandRing, bandRing+float64(g.ID[1]-'1')*half, rw, half)
		}
	}
	// the fortification sections: towers at the corners, walls between
	fw := bandFort - bandRing
	wall := s - 2*bandFort
	at := map[string][4]float64{
		"nw": {bandRing, bandRing, fw, fw}, "n": {bandFort, bandRing, wall, fw}, "ne": {s - bandFort, bandRing, fw, fw},
		"w": {bandRing, bandFort, fw, wall}, "e": {s - bandFort, bandFort, fw, wall},
		"sw": {bandRing, s - bandFort, fw, fw}, "s": {bandFort, s - bandFort, wall, fw}, "se": {s - bandFort, s - bandFort, fw, fw},
	}
	for _, sec := range cat.Sections {
		r, ok := at[sec.ID]
		if !ok {
			continue
		}
		items = append(items, render.Rect{X: r[0], Y: r[1], W: r[2], H: r[3], R: 1, Paint: render.FillStroke(render.Colour{R: 0xc8, G: 0xc8, B: 0xc8}, colInk, 0.6)})
		lv := cat.Fortifications.Levels(sec.Kind)
		name := strings.ToUpper(sec.ID)
		text(name, true, r[0]+r[2]/2, r[1]+r[3]/2-2, r[2]-4, 14)
		lvl := 0
		if st != nil {
			lvl = st.levels[sec.ID]
		}
		if lvl < len(lv) {
			text(lv[lvl].Name.In(l), false, r[0]+r[2]/2, r[1]+r[3]/2+6, r[2]-4, 8)
		}
		if sec.Gate {
			items = append(items, render.Rect{X: s/2 - 12, Y: r[1] + r[3] - 9, W: 24, H: 8, R: 1, Paint: render.FillStroke(colPaper, colInk, 0.5)})
			text(bword("gate", l), true, s/2, r[1]+r[3]-3.5, 22, 8)
		}
	}
	// the City: six buildings (C-BOARD-1)
	items = append(items, render.Rect{X: bandFort, Y: bandFort, W: wall, H: wall, Paint: render.FillStroke(colCity, colInk, 0.4)})
	text(bword("city", l), true, s/2, bandFort+10, wall-10, 14)
	bw, bh := (wall-20)/3, (wall-30)/2
	for i, b := range cat.Buildings {
		x, y := bandFort+5+float64(i%3)*(bw+5), bandFort+17+float64(i/3)*(bh+5)
		items = append(items, render.Rect{X: x, Y: y, W: bw, H: bh, R: 1.5, Paint: render.FillStroke(colPaper, colBuilding, 0.6)})
		text(b.Name.In(l), true, x+bw/2, y+8, bw-4, 10)
	}
	if err != nil {
		return nil, err
	}
	return &render.Drawing{W: s, H: s, Title: bword("board", l), Items: items}, nil
}

// boardPages are the board tiled on the paper of o.
func (c *Content) boardPages(o render.SheetOptions) ([]render.Page, error) {
	d, err := c.boardDrawing(o.Lang)
	if err != nil {
		return nil, err
	}
	t, err := render.NewTiling(o, d.W, d.H, 10, true)
	if err != nil {
		return nil, err
	}
	return render.TilePages(d, t, d.Title, string(o.Lang), func(k string) string { return bword(k, o.Lang) }), nil
}
