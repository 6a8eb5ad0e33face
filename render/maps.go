package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render/markup"
)

// Scenario maps at play scale (R-BOARD-1..3): the hex board with its
// terrain, markers and deployment zones. Hexes are pointy-top and even rows
// (2, 4, …) are shifted half a tile to the right (DESIGN.md, "Board
// coordinates"). Terrain shows what it blocks both by its look and by
// symbols, so that it reads in black and white too: blocks movement and
// sight, solid dark; movement only, hatched; sight only, dotted (smoke).

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

// MapGeometry places the tiles of a scenario map, in mm from the map's
// top-left corner.
type MapGeometry struct {
	HexSize    float64 // across flats: the distance between neighbouring centres
	R          float64 // circumradius: HexSize / √3
	Pad        float64 // room around the tiles for the column and row names
	Cols, Rows int
}

// NewMapGeometry returns the geometry of a cols × rows board at hex size
// s (0: DefaultHexSize).
func NewMapGeometry(cols, rows int, s float64) (MapGeometry, error) {
	if s == 0 {
		s = DefaultHexSize
	}
	if math.IsNaN(s) || s < MinHexSize || s > MaxHexSize {
		return MapGeometry{}, fmt.Errorf("hex size %g mm: want %g to %g mm across flats", s, MinHexSize, MaxHexSize)
	}
	return MapGeometry{HexSize: s, R: s / math.Sqrt(3), Pad: 9, Cols: cols, Rows: rows}, nil
}

// Centre is the centre of tile t.
func (g MapGeometry) Centre(t wbcatalog.Tile) Pt {
	x := g.Pad + g.HexSize/2 + float64(t.Col)*g.HexSize
	if t.Row%2 == 1 {
		x += g.HexSize / 2
	}
	return Pt{x, g.Pad + g.R + float64(t.Row)*1.5*g.R}
}

// Size is the size of the whole map.
func (g MapGeometry) Size() Pt {
	return Pt{2*g.Pad + (float64(g.Cols)+0.5)*g.HexSize, 2*g.Pad + 2*g.R + float64(g.Rows-1)*1.5*g.R}
}

// Map colours.
var (
	colTile       = Colour{0xf7, 0xf3, 0xea}
	colTileLine   = Colour{0x9c, 0x90, 0x80}
	colWall       = Colour{0x5b, 0x4f, 0x45}
	colLowWall    = Colour{0xcf, 0xb9, 0x93}
	colSmoke      = Colour{0xb8, 0xc3, 0xcf}
	colScan       = Colour{0x1b, 0x7f, 0x86}
	zoneColours   = []Colour{{0xd9, 0x6c, 0x4a}, {0x4a, 0x7f, 0xc0}}
	colSightBlock = Colour{0x2b, 0x3a, 0x4a}
)

func zoneColour(player int) Colour { return zoneColours[(max(player, 1)-1)%len(zoneColours)] }

// MapDrawing draws scenario id at hex size s (0: DefaultHexSize) in
// language l.
func MapDrawing(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang, s float64) (*Drawing, MapGeometry, error) {
	sc := cat.Scenario(id)
	if sc == nil {
		return nil, MapGeometry{}, fmt.Errorf("scenario %q does not exist", id)
	}
	g, err := NewMapGeometry(sc.Board.Cols, sc.Board.Rows, s)
	if err != nil {
		return nil, g, err
	}
	k := labeler{cat, l}
	lang := k.ls()
	size := g.Size()
	d := &Drawing{W: size.X, H: size.Y, Title: k.name(sc.Name)}
	add := func(items ...Item) { d.Items = append(d.Items, items...) }
	add(Rect{X: 0, Y: 0, W: size.X, H: size.Y, Paint: Fill(ColWhite)})

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
			t := wbcatalog.Tile{Col: c, Row: r}
			ct := g.Centre(t)
			base := colTile
			if z := zoneOf(t); z > 0 {
				base = zoneColour(z).Mix(ColWhite, 0.72)
			}
			add(Poly{Pts: HexPts(ct.X, ct.Y, g.R), Paint: FillStroke(base, colTileLine, 0.3)})
			if tr, ok := terrain[t]; ok {
				add(terrainHex(tr, ct, g)...)
			}
			ink := ColMuted
			if tr, ok := terrain[t]; ok && tr.BlocksMove && tr.BlocksSight {
				ink = ColParchment
			}
			add(PlaceText(t.String(), lang, Regular, ink, ct.X, ct.Y-g.R*0.55, 0, label, label, 'c'))
		}
	}
	// column letters and row numbers around the board
	for c := range g.Cols {
		x := g.Pad + g.HexSize/2 + float64(c)*g.HexSize + g.HexSize/4
		add(PlaceText(wbcatalog.ColumnName(c), lang, Bold, ColInk, x, g.Pad-2.5, 0, 9, 9, 'c'))
		add(PlaceText(wbcatalog.ColumnName(c), lang, Bold, ColInk, x, size.Y-g.Pad+5.5, 0, 9, 9, 'c'))
	}
	for r := range g.Rows {
		y := g.Centre(wbcatalog.Tile{Row: r}).Y + 1.2
		add(PlaceText(strconv.Itoa(r+1), lang, Bold, ColInk, g.Pad-1.5, y, 0, 9, 9, 'r'))
		add(PlaceText(strconv.Itoa(r+1), lang, Bold, ColInk, size.X-g.Pad+1.5, y, 0, 9, 9, 'l'))
	}
	// markers (R-BOARD-3: they do not block)
	for _, m := range sc.Markers {
		t, err := wbcatalog.ParseTile(m.At)
		if err != nil {
			continue
		}
		ct := g.Centre(t)
		mr := g.HexSize * 0.27
		add(Circle{X: ct.X, Y: ct.Y + g.R*0.08, R: mr, Paint: FillStroke(colScan, colScan.Mix(ColInk, 0.4), 0.4)})
		add(Icon("objective", ct.X, ct.Y+g.R*0.08, mr*1.35, ColWhite, nil)...)
		add(PlaceText(markerName(k, m.Kind), lang, Bold, colScan.Mix(ColInk, 0.3), ct.X, ct.Y+g.R*0.08+mr+label*PtToMM*1.05, g.HexSize*0.9, label, 3.5, 'c'))
	}
	// deployment zones: the player's number, large, in the zone's middle
	for _, z := range sc.Deployment {
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
		tw := Measure(MarkupTypo(s, lang), Bold, 10) + 4
		x := p.X - g.HexSize*0.4
		add(Rect{X: x, Y: p.Y + g.R*0.2, W: tw, H: 5.4, R: 1.2, Paint: FillStroke(ColWhite, col, 0.5)})
		add(PlaceText(s, lang, Bold, col.Mix(ColInk, 0.35), x+2, p.Y+g.R*0.2+3.9, 0, 10, 10, 'l'))
	}
	return d, g, nil
}

// markerName is the printed name of a marker kind.
func markerName(k labeler, kind string) string {
	if kind == "scan" {
		return k.l("kit.token.scan")
	}
	return kind
}

// terrainHex draws a terrain tile over its hex.
func terrainHex(tr wbcatalog.Terrain, c Pt, g MapGeometry) []Item {
	r := g.R
	var items []Item
	ink := ColInk
	switch {
	case tr.BlocksMove && tr.BlocksSight:
		items = append(items, Poly{Pts: HexPts(c.X, c.Y, r), Paint: FillStroke(colWall, ColInk, 0.4)})
		ink = ColParchment
	case tr.BlocksMove:
		items = append(items, Poly{Pts: HexPts(c.X, c.Y, r), Paint: FillStroke(colLowWall, ColInk, 0.4)})
		// hatching: parallel chords of the inscribed circle
		rr := r * 0.84
		for off := -rr + 2.5; off < rr; off += 2.5 {
			h := math.Sqrt(rr*rr - off*off)
			// lines at 45°: direction (1, -1)/√2, offset along (1, 1)/√2
			ox, oy := off/math.Sqrt2, off/math.Sqrt2
			dx, dy := h/math.Sqrt2, -h/math.Sqrt2
			items = append(items, Line{Pts: []Pt{{c.X + ox - dx, c.Y + oy - dy}, {c.X + ox + dx, c.Y + oy + dy}}, Colour: colLowWall.Mix(ColInk, 0.45), Width: 0.35})
		}
	case tr.BlocksSight:
		items = append(items, Poly{Pts: HexPts(c.X, c.Y, r), Paint: FillStroke(colSmoke, colSightBlock, 0.4)})
		// smoke: a grid of dots inside the inscribed circle
		rr := r * 0.8
		for y := -rr; y <= rr; y += 2.2 {
			for x := -rr; x <= rr; x += 2.2 {
				if x*x+y*y <= rr*rr {
					items = append(items, Circle{X: c.X + x, Y: c.Y + y, R: 0.28, Paint: Fill(colSightBlock.Mix(colSmoke, 0.3))})
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
		items = append(items, Circle{X: x, Y: c.Y + r*0.12, R: sz / 2, Paint: Fill(ColPanel)})
		items = append(items, Icon(markup.IconHide, x, c.Y+r*0.12, sz*0.85, ColInk, nil)...)
	}
	return items
}

// noEntry is the "cannot enter" symbol: a disc with a bar.
func noEntry(cx, cy, r float64, col Colour) []Item {
	return []Item{
		Circle{X: cx, Y: cy, R: r, Paint: FillStroke(ColMelee, col, 0.3)},
		Rect{X: cx - r*0.62, Y: cy - r*0.18, W: r * 1.24, H: r * 0.36, Paint: Fill(ColWhite)},
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
func mapPages(cat *wbcatalog.Catalog, o SheetOptions, k labeler) ([]Page, string, error) {
	d, g, err := MapDrawing(cat, o.Kit.ID, o.Lang, o.Kit.HexSize)
	if err != nil {
		return nil, "", err
	}
	sc := cat.Scenario(o.Kit.ID)
	t, err := NewTiling(o, d.W, d.H, TileOverlap, false)
	if err != nil {
		return nil, "", err
	}
	over, err := mapOverview(k, sc, d, g, t, o)
	if err != nil {
		return nil, "", err
	}
	pages := append([]Page{over}, TilePages(d, t, d.Title, k.ls(), k)...)
	what := fmt.Sprintf("%s · %s %g mm", d.Title, k.l("kit.map.hex"), g.HexSize)
	for i := range pages {
		footer(k, &pages[i], o, what, i+1, len(pages))
	}
	return pages, d.Title, nil
}

// mapOverview is the first page of a map: the whole map scaled down with
// the panels it is printed on, and the scenario in words.
func mapOverview(k labeler, sc *wbcatalog.Scenario, d *Drawing, g MapGeometry, t Tiling, o SheetOptions) (Page, error) {
	lang := k.ls()
	paper, err := PaperSize(o, true)
	if err != nil {
		return Page{}, err
	}
	pg := Page{W: paper.X, H: paper.Y, Name: d.Title}
	add := func(items ...Item) { pg.Items = append(pg.Items, items...) }
	add(PlaceText(d.Title, lang, Bold, ColInk, KitMargin, 11, paper.X-2*KitMargin, 16, 9, 'l'))
	areaH := paper.Y - KitTop - KitMargin - 2
	sc0 := min(areaH/d.H, (paper.X-2*KitMargin)*0.6/d.W)
	mx, my := KitMargin, KitTop+2
	add(Transform(d.Items, sc0, mx, my)...)
	// the panels, as printed
	for r := range t.Rows {
		for c := range t.Cols {
			a := t.TileAt(c, r)
			w, h := min(t.Area.X, d.W-a.X), min(t.Area.Y, d.H-a.Y)
			col := Colour{0x8a, 0x2b, 0x8a}
			add(Rect{X: mx + a.X*sc0, Y: my + a.Y*sc0, W: w * sc0, H: h * sc0, Paint: Stroke(col, 0.5)})
			add(PlaceText(TileName(c, r), lang, Bold, col, mx+a.X*sc0+2, my+a.Y*sc0+5, 0, 10, 10, 'l'))
		}
	}
	// the text column
	x := mx + d.W*sc0 + 8
	w := paper.X - KitMargin - x
	y := KitTop + 2
	var paras []Para
	head := func(s string) {
		paras = append(paras, Para{Runs: []markup.Run{{Text: s, Strong: true}}, Colour: ColInk, Gap: 0.8})
	}
	body := func(s string) {
		d, err := markup.Parse(s)
		if err != nil {
			paras = append(paras, Para{Runs: []markup.Run{{Text: s}}, Colour: ColInk, Gap: 0.25})
			return
		}
		for _, p := range d.Paragraphs {
			paras = append(paras, Para{Runs: p.Runs, Colour: ColInk, Gap: 0.25})
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
		"{first}", TileName(0, 0), "{last}", TileName(t.Cols-1, t.Rows-1)).Replace(k.l("kit.map.scale")))
	body(k.l("kit.assemble"))
	box := TextFrame{X: x, Y: y, W: w, H: paper.Y - KitMargin - 4 - y}
	items, _, err := FitText(box, paras, 9, 5, lang, nil, "the scenario overview")
	if err != nil {
		return Page{}, fmt.Errorf("scenario %s: %w", sc.ID, err)
	}
	add(items...)
	return pg, nil
}
