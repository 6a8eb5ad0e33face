package wbcards

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// Scenario maps at play scale (R-BOARD-1..3): the hex board with its
// terrain, markers and deployment zones. Hexes are pointy-top and even rows
// (2, 4, …) are shifted half a tile to the right (DESIGN.md, "Board
// coordinates"). Terrain shows what it blocks both by its look and by
// symbols, so that it reads in black and white too: blocks movement and
// sight, solid dark; movement only, hatched; sight only, dotted (smoke).

// MapGeometry places the tiles of a scenario map, in mm from the map's
// top-left corner.
type MapGeometry struct {
	HexSize    float64 // across flats: the distance between neighbouring centres
	R          float64 // circumradius: HexSize / √3
	Pad        float64 // room around the tiles for the column and row names
	Cols, Rows int
	// C0, R0 are the first column and row drawn: 0 for a whole map, the
	// excerpt's corner for a figure of the rules pages.
	C0, R0 int
}

// NewMapGeometry returns the geometry of a cols × rows board at hex size
// s (0: DefaultHexSize).
func NewMapGeometry(cols, rows int, s float64) (MapGeometry, error) {
	if s == 0 {
		s = render.DefaultHexSize
	}
	if math.IsNaN(s) || s < render.MinHexSize || s > render.MaxHexSize {
		return MapGeometry{}, fmt.Errorf("hex size %g mm: want %g to %g mm across flats", s, render.MinHexSize, render.MaxHexSize)
	}
	return MapGeometry{HexSize: s, R: s / math.Sqrt(3), Pad: 9, Cols: cols, Rows: rows}, nil
}

// Centre is the centre of tile t.
func (g MapGeometry) Centre(t wbcatalog.Tile) render.Pt {
	x := g.Pad + g.HexSize/2 + float64(t.Col-g.C0)*g.HexSize
	if t.Row%2 == 1 {
		x += g.HexSize / 2
	}
	return render.Pt{X: x, Y: g.Pad + g.R + float64(t.Row-g.R0)*1.5*g.R}
}

// Holds reports whether tile t is drawn (inside the excerpt).
func (g MapGeometry) Holds(t wbcatalog.Tile) bool {
	return t.Col >= g.C0 && t.Row >= g.R0 && t.Col < g.C0+g.Cols && t.Row < g.R0+g.Rows
}

// Size is the size of the whole map.
func (g MapGeometry) Size() render.Pt {
	return render.Pt{X: 2*g.Pad + (float64(g.Cols)+0.5)*g.HexSize, Y: 2*g.Pad + 2*g.R + float64(g.Rows-1)*1.5*g.R}
}

// Map colours.
var (
	colTile       = render.Colour{R: 0xf7, G: 0xf3, B: 0xea}
	colTileLine   = render.Colour{R: 0x9c, G: 0x90, B: 0x80}
	colWall       = render.Colour{R: 0x5b, G: 0x4f, B: 0x45}
	colLowWall    = render.Colour{R: 0xcf, G: 0xb9, B: 0x93}
	colSmoke      = render.Colour{R: 0xb8, G: 0xc3, B: 0xcf}
	colScan       = render.Colour{R: 0x1b, G: 0x7f, B: 0x86}
	zoneColours   = []render.Colour{{R: 0xd9, G: 0x6c, B: 0x4a}, {R: 0x4a, G: 0x7f, B: 0xc0}}
	colSightBlock = render.Colour{R: 0x2b, G: 0x3a, B: 0x4a}
)

// relLum is a colour's relative luminance (WCAG 2).
func relLum(c render.Colour) float64 {
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b render.Colour) float64 {
	la, lb := relLum(a), relLum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func zoneColour(player int) render.Colour { return zoneColours[(max(player, 1)-1)%len(zoneColours)] }

// MapDrawing draws scenario id at hex size s (0: DefaultHexSize) in
// language l.
func MapDrawing(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang, s float64) (*render.Drawing, MapGeometry, error) {
	sc := cat.Scenario(id)
	if sc == nil {
		return nil, MapGeometry{}, fmt.Errorf("scenario %q does not exist", id)
	}
	g, err := NewMapGeometry(sc.Board.Cols, sc.Board.Rows, s)
	if err != nil {
		return nil, g, err
	}
	return mapDrawing(labeler{cat, l}, sc, g, true), g, nil
}

// mapDrawing draws the tiles of scenario sc that g places (the whole
// board, or an excerpt), with the deployment zones' labels when labels.
func mapDrawing(k labeler, sc *wbcatalog.Scenario, g MapGeometry, labels bool) *render.Drawing {
	lang := k.ls()
	size := g.Size()
	d := &render.Drawing{W: size.X, H: size.Y, Title: k.name(sc.Name)}
	add := func(items ...render.Item) { d.Items = append(d.Items, items...) }
	add(render.Rect{X: 0, Y: 0, W: size.X, H: size.Y, Paint: render.Fill(render.ColWhite)})

	zoneOf := func(t wbcatalog.Tile) int {
		for _, z := range sc.Deployment {
			a, err1 := wbcatalog.ParseTile(z.From)
			b, err2 := wbcatalog.ParseTile(z.To)
			if err1 == nil && err2 == nil && t.Col >= a.Col && t.Col <= b.Col && t.Row >= a.Row && t.Row <= b.Row {
				return z.Player
			}
		}
		return 0
	}
	terrain := map[wbcatalog.Tile]wbcatalog.Terrain{}
	for _, tr := range sc.Terrain {
		if t, err := wbcatalog.ParseTile(tr.At); err == nil {
			terrain[t] = tr
		}
	}
	label := max(4.0, g.HexSize*0.2) // pt
	for r := range g.Rows {
		for c := range g.Cols {
			t := wbcatalog.Tile{Col: g.C0 + c, Row: g.R0 + r}
			ct := g.Centre(t)
			base := colTile
			if z := zoneOf(t); z > 0 {
				base = zoneColour(z).Mix(render.ColWhite, 0.72)
			}
			add(render.Poly{Pts: render.HexPts(ct.X, ct.Y, g.R), Paint: render.FillStroke(base, colTileLine, 0.3)})
			name, y := t.String(), ct.Y-g.R*0.55
			if tr, ok := terrain[t]; ok {
				add(terrainHex(tr, ct, g)...)
				// the name on a plate of plain tile: the hatching, the
				// dots and the dark wall stay off the word
				mm, tw := label*render.PtToMM, render.Measure(name, render.Regular, label)
				add(render.Rect{X: ct.X - tw/2 - 0.8, Y: y - 0.72*mm - 0.5, W: tw + 1.6, H: 0.94*mm + 1, R: 0.8, Paint: render.Fill(colTile)})
				base = colTile
			}
			// the muted ink where it reads (4.5:1), the dark ink elsewhere
			ink := render.ColMuted
			if contrast(ink, base) < 4.5 {
				ink = render.ColInk
			}
			add(render.PlaceText(name, lang, render.Regular, ink, ct.X, y, 0, label, label, 'c'))
		}
	}
	// column letters and row numbers around the board
	for c := range g.Cols {
		x := g.Pad + g.HexSize/2 + float64(c)*g.HexSize + g.HexSize/4
		add(render.PlaceText(wbcatalog.ColumnName(g.C0+c), lang, render.Bold, render.ColInk, x, g.Pad-2.5, 0, 9, 9, 'c'))
		add(render.PlaceText(wbcatalog.ColumnName(g.C0+c), lang, render.Bold, render.ColInk, x, size.Y-g.Pad+5.5, 0, 9, 9, 'c'))
	}
	for r := range g.Rows {
		y := g.Centre(wbcatalog.Tile{Col: g.C0, Row: g.R0 + r}).Y + 1.2
		add(render.PlaceText(strconv.Itoa(g.R0+r+1), lang, render.Bold, render.ColInk, g.Pad-1.5, y, 0, 9, 9, 'r'))
		add(render.PlaceText(strconv.Itoa(g.R0+r+1), lang, render.Bold, render.ColInk, size.X-g.Pad+1.5, y, 0, 9, 9, 'l'))
	}
	// markers (R-BOARD-3: they do not block)
	for _, m := range sc.Markers {
		t, err := wbcatalog.ParseTile(m.At)
		if err != nil || !g.Holds(t) {
			continue
		}
		ct := g.Centre(t)
		mr := g.HexSize * 0.27
		add(render.Circle{X: ct.X, Y: ct.Y + g.R*0.08, R: mr, Paint: render.FillStroke(colScan, colScan.Mix(render.ColInk, 0.4), 0.4)})
		add(render.Icon("objective", ct.X, ct.Y+g.R*0.08, mr*1.35, render.ColWhite, nil)...)
		add(render.PlaceText(markerName(k, m.Kind), lang, render.Bold, colScan.Mix(render.ColInk, 0.3), ct.X, ct.Y+g.R*0.08+mr+label*render.PtToMM*1.05, g.HexSize*0.9, label, 3.5, 'c'))
	}
	// deployment zones: the player's number, large, in the zone's middle
	zones := sc.Deployment
	if !labels {
		zones = nil // an excerpt: the tiles' colour shows the zones
	}
	for _, z := range zones {
		a, err1 := wbcatalog.ParseTile(z.From)
		b, err2 := wbcatalog.ParseTile(z.To)
		if err1 != nil || err2 != nil {
			continue
		}
		// the label sits on the zone's first tile, over its lower half
		p := g.Centre(a)
		if b.Row > a.Row {
			p = g.Centre(wbcatalog.Tile{Col: a.Col, Row: a.Row + 1})
		}
		col := zoneColour(z.Player)
		s := k.l("scenario.deployment") + " · " + k.l("scenario.player") + " " + strconv.Itoa(z.Player)
		tw := render.Measure(render.MarkupTypo(s, lang), render.Bold, 10) + 4
		x := p.X - g.HexSize*0.4
		add(render.Rect{X: x, Y: p.Y + g.R*0.2, W: tw, H: 5.4, R: 1.2, Paint: render.FillStroke(render.ColWhite, col, 0.5)})
		add(render.PlaceText(s, lang, render.Bold, col.Mix(render.ColInk, 0.35), x+2, p.Y+g.R*0.2+3.9, 0, 10, 10, 'l'))
	}
	return d
}

// markerName is the printed name of a marker kind.
func markerName(k labeler, kind string) string {
	if kind == "scan" {
		return k.l("kit.token.scan")
	}
	return kind
}

// terrainHex draws a terrain tile over its hex.
func terrainHex(tr wbcatalog.Terrain, c render.Pt, g MapGeometry) []render.Item {
	r := g.R
	var items []render.Item
	ink := render.ColInk
	switch {
	case tr.BlocksMove && tr.BlocksSight:
		items = append(items, render.Poly{Pts: render.HexPts(c.X, c.Y, r), Paint: render.FillStroke(colWall, render.ColInk, 0.4)})
		ink = render.ColParchment
	case tr.BlocksMove:
		items = append(items, render.Poly{Pts: render.HexPts(c.X, c.Y, r), Paint: render.FillStroke(colLowWall, render.ColInk, 0.4)})
		// hatching: parallel chords of the inscribed circle
		rr := r * 0.84
		for off := -rr + 2.5; off < rr; off += 2.5 {
			h := math.Sqrt(rr*rr - off*off)
			// lines at 45°: direction (1, -1)/√2, offset along (1, 1)/√2
			ox, oy := off/math.Sqrt2, off/math.Sqrt2
			dx, dy := h/math.Sqrt2, -h/math.Sqrt2
			items = append(items, render.Line{Pts: []render.Pt{{X: c.X + ox - dx, Y: c.Y + oy - dy}, {X: c.X + ox + dx, Y: c.Y + oy + dy}}, Colour: colLowWall.Mix(render.ColInk, 0.45), Width: 0.35})
		}
	case tr.BlocksSight:
		items = append(items, render.Poly{Pts: render.HexPts(c.X, c.Y, r), Paint: render.FillStroke(colSmoke, colSightBlock, 0.4)})
		// smoke: a grid of dots inside the inscribed circle
		rr := r * 0.8
		for y := -rr; y <= rr; y += 2.2 {
			for x := -rr; x <= rr; x += 2.2 {
				if x*x+y*y <= rr*rr {
					items = append(items, render.Circle{X: c.X + x, Y: c.Y + y, R: 0.28, Paint: render.Fill(colSightBlock.Mix(colSmoke, 0.3))})
				}
			}
		}
	}
	// symbols: no entry (blocks movement), a struck eye (blocks sight)
	n := 0
	if tr.BlocksMove {
		n++
	}
	if tr.BlocksSight {
		n++
	}
	sz := g.HexSize * 0.3
	x := c.X - float64(n-1)*(sz+1)/2
	if tr.BlocksMove {
		items = append(items, noEntry(x, c.Y+r*0.12, sz/2, ink)...)
		x += sz + 1
	}
	if tr.BlocksSight {
		items = append(items, render.Circle{X: x, Y: c.Y + r*0.12, R: sz / 2, Paint: render.Fill(render.ColPanel)})
		items = append(items, render.Icon(markup.IconHide, x, c.Y+r*0.12, sz*0.85, render.ColInk, nil)...)
	}
	return items
}

// noEntry is the "cannot enter" symbol: a disc with a bar.
func noEntry(cx, cy, r float64, col render.Colour) []render.Item {
	return []render.Item{
		render.Circle{X: cx, Y: cy, R: r, Paint: render.FillStroke(render.ColMelee, col, 0.3)},
		render.Rect{X: cx - r*0.62, Y: cy - r*0.18, W: r * 1.24, H: r * 0.36, Paint: render.Fill(render.ColWhite)},
	}
}

// ScenarioMapSVG returns the map of scenario id at the default hex size as
// an SVG image for the site.
func ScenarioMapSVG(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) ([]byte, error) {
	d, _, err := MapDrawing(cat, id, l, 0)
	if err != nil {
		return nil, err
	}
	return d.SVG(string(l)), nil
}

// mapPages lays out a scenario map: a one-page overview (the whole map,
// its legend, the scenario's text and the assembly plan), then the map at
// play scale in panels.
func mapPages(cat *wbcatalog.Catalog, o Options, k labeler) ([]render.Page, string, error) {
	d, g, err := MapDrawing(cat, o.Kit.ID, o.Lang, o.Kit.HexSize)
	if err != nil {
		return nil, "", err
	}
	sc := cat.Scenario(o.Kit.ID)
	t, err := render.NewTiling(o.SheetOptions, d.W, d.H, render.TileOverlap, false)
	if err != nil {
		return nil, "", err
	}
	over, err := mapOverview(k, sc, d, g, t, o)
	if err != nil {
		return nil, "", err
	}
	pages := append([]render.Page{over}, render.TilePages(d, t, d.Title, k.ls(), k.l)...)
	what := fmt.Sprintf("%s · %s %g mm", d.Title, k.l("kit.map.hex"), g.HexSize)
	for i := range pages {
		footer(k, &pages[i], o, what, i+1, len(pages))
	}
	return pages, d.Title, nil
}

// mapOverview is the first page of a map: the whole map scaled down with
// the panels it is printed on, and the scenario in words.
func mapOverview(k labeler, sc *wbcatalog.Scenario, d *render.Drawing, g MapGeometry, t render.Tiling, o Options) (render.Page, error) {
	lang := k.ls()
	paper, err := render.PaperSize(o.SheetOptions, true)
	if err != nil {
		return render.Page{}, err
	}
	pg := render.Page{W: paper.X, H: paper.Y, Name: d.Title}
	add := func(items ...render.Item) { pg.Items = append(pg.Items, items...) }
	add(render.PlaceText(d.Title, lang, render.Bold, render.ColInk, render.KitMargin, 11, paper.X-2*render.KitMargin, 16, 9, 'l'))
	areaH := paper.Y - render.KitTop - render.KitMargin - 2
	sc0 := min(areaH/d.H, (paper.X-2*render.KitMargin)*0.6/d.W)
	mx, my := render.KitMargin, render.KitTop+2
	add(render.Transform(d.Items, sc0, mx, my)...)
	// the panels, as printed
	for r := range t.Rows {
		for c := range t.Cols {
			a := t.TileAt(c, r)
			w, h := min(t.Area.X, d.W-a.X), min(t.Area.Y, d.H-a.Y)
			col := render.Colour{R: 0x8a, G: 0x2b, B: 0x8a}
			add(render.Rect{X: mx + a.X*sc0, Y: my + a.Y*sc0, W: w * sc0, H: h * sc0, Paint: render.Stroke(col, 0.5)})
			add(render.PlaceText(render.TileName(c, r), lang, render.Bold, col, mx+a.X*sc0+2, my+a.Y*sc0+5, 0, 10, 10, 'l'))
		}
	}
	// the text column
	x := mx + d.W*sc0 + 8
	w := paper.X - render.KitMargin - x
	y := render.KitTop + 2
	var paras []render.Para
	head := func(s string) {
		paras = append(paras, render.Para{Runs: []markup.Run{{Text: s, Strong: true}}, Colour: render.ColInk, Gap: 0.8})
	}
	body := func(s string) {
		d, err := markup.Parse(s)
		if err != nil {
			paras = append(paras, render.Para{Runs: []markup.Run{{Text: s}}, Colour: render.ColInk, Gap: 0.25})
			return
		}
		for _, p := range d.Paragraphs {
			paras = append(paras, render.Para{Runs: p.Runs, Colour: render.ColInk, Gap: 0.25})
		}
	}
	head(k.l("scenario") + " · " + k.l("format."+string(sc.Format)))
	body(k.name(sc.Text))
	for _, s := range sc.Scoring {
		if s.Text != nil {
			body("• " + k.name(*s.Text))
		}
	}
	if len(sc.Objectives) > 0 {
		head(k.l("scenario.objectives"))
		var names string
		for i, id := range sc.Objectives {
			if i > 0 {
				names += ", "
			}
			n, _ := k.cat.CardName(id)
			names += k.name(n)
		}
		body(names)
	}
	head(k.l("kit.map.legend"))
	body(k.l("kit.map.wall"))
	body(k.l("kit.map.low-wall"))
	body(k.l("kit.map.smoke"))
	body(k.l("kit.map.scan"))
	head(k.l("kit.map.print"))
	body(strings.NewReplacer("{hex}", strconv.FormatFloat(g.HexSize, 'f', -1, 64),
		"{size}", fmt.Sprintf("%.1f × %.1f cm", d.W/10, d.H/10), "{panels}", strconv.Itoa(t.Pages()),
		"{first}", render.TileName(0, 0), "{last}", render.TileName(t.Cols-1, t.Rows-1)).Replace(k.l("kit.map.scale")))
	body(k.l("kit.assemble"))
	box := render.TextFrame{X: x, Y: y, W: w, H: paper.Y - render.KitMargin - 4 - y}
	items, _, err := render.FitText(box, paras, 9, 5, lang, nil, "the scenario overview")
	if err != nil {
		return render.Page{}, fmt.Errorf("scenario %s: %w", sc.ID, err)
	}
	add(items...)
	return pg, nil
}
