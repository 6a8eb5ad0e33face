package render

import (
	"math"
	"strings"
	"sync"

	"wbtool.dev/wbtool/render/markup"
)

// Icons are drawn as vectors (never bitmaps or font glyphs), designed in a
// 24 × 24 box and scaled to the size asked for. Dice are d12 faces
// (pentagons) so that they never look like Order hexes.

// Icon colours that do not depend on the faction.
var (
	ColInk       = Colour{0x2b, 0x26, 0x22}
	ColMuted     = Colour{0x6e, 0x64, 0x58}
	ColParchment = Colour{0xf5, 0xef, 0xe2}
	ColPanel     = Colour{0xff, 0xfc, 0xf5}
	ColRule      = Colour{0xcf, 0xc2, 0xaa}
	ColWhite     = Colour{0xff, 0xff, 0xff}
	// the rulebooks' die colours (R-WORD-2): green ranged, red melee,
	// black either
	colRanged    = Colour{0x2e, 0x7d, 0x32}
	ColMelee     = Colour{0xa2, 0x3b, 0x2a}
	colAnyDie    = Colour{0x22, 0x20, 0x1e}
	colActive    = Colour{0xd9, 0x8e, 0x04}
	ColHealth    = Colour{0xb3, 0x26, 0x1e}
	ColMorale    = Colour{0x2f, 0x5d, 0x8a}
	ColArmor     = Colour{0x4d, 0x55, 0x5e}
	ColColorless = Colour{0xd8, 0xd2, 0xc6}
	ColGold      = Colour{0xb0, 0x8d, 0x2e}
	ColNeutral   = Colour{0x55, 0x60, 0x6b}
)

// IconGrid places icon geometry designed in a 24-unit box centred on
// (cx, cy), K mm to the unit: its methods add Items.
type IconGrid struct {
	cx, cy, K float64
	Items     []Item
}

// NewIconGrid is a grid of the icon box, size mm wide, centred on (cx, cy).
func NewIconGrid(cx, cy, size float64) *IconGrid { return &IconGrid{cx: cx, cy: cy, K: size / 24} }

// Pt is the point (x, y) of the grid, in mm on the face.
func (c *IconGrid) Pt(x, y float64) Pt { return Pt{c.cx + (x-12)*c.K, c.cy + (y-12)*c.K} }

// Line adds a polyline through the grid points xy (x y pairs), w units wide.
func (c *IconGrid) Line(col Colour, w float64, xy ...float64) {
	l := Line{Colour: col, Width: w * c.K, Pts: make([]Pt, 0, len(xy)/2)}
	for i := 0; i+1 < len(xy); i += 2 {
		l.Pts = append(l.Pts, c.Pt(xy[i], xy[i+1]))
	}
	c.Items = append(c.Items, l)
}

// Poly adds a polygon through the grid points xy (x y pairs).
func (c *IconGrid) Poly(p Paint, xy ...float64) {
	pl := Poly{Paint: c.scale(p), Pts: make([]Pt, 0, len(xy)/2)}
	for i := 0; i+1 < len(xy); i += 2 {
		pl.Pts = append(pl.Pts, c.Pt(xy[i], xy[i+1]))
	}
	c.Items = append(c.Items, pl)
}

// Circle adds a circle of radius r units centred on the grid point (x, y).
func (c *IconGrid) Circle(x, y, r float64, p Paint) {
	pt := c.Pt(x, y)
	c.Items = append(c.Items, Circle{X: pt.X, Y: pt.Y, R: r * c.K, Paint: c.scale(p)})
}

// Path adds a path in a tiny path language: "M x y", "L x y", "C x1 y1 x2 y2 x y", "Z".
func (c *IconGrid) Path(p Paint, d string) {
	src := parsePath(d)
	ops := make([]PathOp, len(src))
	pts := make([]Pt, 0, len(src)*3)
	for i, o := range src {
		at := len(pts)
		for _, q := range o.Pts {
			pts = append(pts, c.Pt(q.X, q.Y))
		}
		ops[i] = PathOp{Op: o.Op}
		if len(pts) > at {
			ops[i].Pts = pts[at:len(pts):len(pts)]
		}
	}
	c.Items = append(c.Items, Path{Ops: ops, Paint: c.scale(p)})
}

// parsePath reads path d into its operations, in the icon's 24-unit box,
// once per path.
func parsePath(d string) []PathOp {
	if ops, ok := iconPaths.Load(d); ok {
		return ops.([]PathOp)
	}
	f := strings.Fields(d)
	var ops []PathOp
	for i := 0; i < len(f); {
		op := f[i][0]
		i++
		n := map[byte]int{'M': 1, 'L': 1, 'C': 3, 'Z': 0}[op]
		o := PathOp{Op: op}
		for range n {
			o.Pts = append(o.Pts, Pt{atof(f[i]), atof(f[i+1])})
			i += 2
		}
		ops = append(ops, o)
	}
	iconPaths.Store(d, ops)
	return ops
}

var iconPaths sync.Map // path → []PathOp (parsePath)

func (c *IconGrid) scale(p Paint) Paint {
	p.Width *= c.K
	return p
}

func atof(s string) float64 {
	v := 0.0
	neg := false
	frac := 0.0
	for _, ch := range s {
		switch {
		case ch == '-':
			neg = true
		case ch == '.':
			frac = 1
		case frac > 0:
			frac /= 10
			v += float64(ch-'0') * frac
		default:
			v = v*10 + float64(ch-'0')
		}
	}
	if neg {
		return -v
	}
	return v
}

// HexPts returns the corners of a pointy-top hexagon of circumradius r.
func HexPts(cx, cy, r float64) []Pt {
	pts := make([]Pt, 6)
	for i, u := range hexUnit {
		pts[i] = Pt{cx + r*u.X, cy + r*u.Y}
	}
	return pts
}

// unitCorners returns the cosine and sine of the n corners of a regular
// polygon with a corner at the top (-90°), step degrees apart.
func unitCorners(n int, step float64) []Pt {
	out := make([]Pt, n)
	for i := range out {
		a := (step*float64(i) - 90) * math.Pi / 180
		out[i] = Pt{math.Cos(a), math.Sin(a)}
	}
	return out
}

// hexUnit and pentagonUnit are the corners of HexPts and pentagon, for a
// circumradius of 1.
var (
	hexUnit      = unitCorners(6, 60)
	pentagonUnit = unitCorners(5, 72)
)

// pentagon returns the corners of a d12 face of circumradius r.
func pentagon(cx, cy, r float64) []Pt {
	pts := make([]Pt, 5)
	for i, u := range pentagonUnit {
		pts[i] = Pt{cx + r*u.X, cy + r*u.Y}
	}
	return pts
}

// OrderHex draws one Order hex of the given colour (R-CARD-1): a
// coloured hexagon, or a light grey one for a colourless hex.
func OrderHex(cx, cy, r float64, col Colour, colourless bool) []Item {
	edge := col.Mix(ColInk, 0.45)
	if colourless {
		col, edge = ColColorless, ColMuted
	}
	items := []Item{Poly{Pts: HexPts(cx, cy, r), Paint: FillStroke(col, edge, r*0.12)}}
	if !colourless {
		// a lighter inner hexagon gives the token some relief
		items = append(items, Poly{Pts: HexPts(cx, cy, r*0.62), Paint: Stroke(col.Mix(ColWhite, 0.45), r*0.1)})
	}
	return items
}

// Icon draws the icon name (a markup icon name, "gear-<gear>", or one of
// the card symbols "health", "morale", "armor", "formation", "vocation",
// "equipment", "objective") centred on (cx, cy) in a size × size box. col
// is the ink of line icons; faction colours the faction Order tokens.
func Icon(name string, cx, cy, size float64, col Colour, faction func(string) (Colour, bool)) []Item {
	c := NewIconGrid(cx, cy, size)
	switch name {
	case markup.IconMove:
		c.Line(col, 2.8, 3, 12, 16, 12)
		c.Line(col, 2.8, 11, 6, 17, 12, 11, 18)
	case markup.IconRun:
		c.Line(col, 2.6, 3, 6, 9, 12, 3, 18)
		c.Line(col, 2.6, 11, 6, 17, 12, 11, 18)
		c.Line(col, 2.6, 20, 6, 20, 18)
	case markup.IconFight:
		c.Line(col, 2.4, 4, 4, 15, 15)
		c.Line(col, 2.4, 20, 4, 9, 15)
		c.Line(col, 2.4, 13, 17, 17, 13)
		c.Line(col, 2.4, 11, 17, 7, 13)
		c.Line(col, 2.6, 16, 16, 20, 20)
		c.Line(col, 2.6, 8, 16, 4, 20)
	case markup.IconShoot, "gear-ranged":
		c.Circle(12, 12, 7, Stroke(col, 2.2))
		c.Line(col, 2.2, 12, 2, 12, 7)
		c.Line(col, 2.2, 12, 17, 12, 22)
		c.Line(col, 2.2, 2, 12, 7, 12)
		c.Line(col, 2.2, 17, 12, 22, 12)
		c.Circle(12, 12, 1.9, Fill(col))
	case markup.IconAim, markup.IconHide:
		c.Path(Stroke(col, 2.1), "M 2 12 C 5 6 19 6 22 12 C 19 18 5 18 2 12 Z")
		c.Circle(12, 12, 3.3, Fill(col))
		if name == markup.IconHide {
			c.Line(ColPanel, 4.6, 4, 20, 20, 4)
			c.Line(col, 2.4, 4, 20, 20, 4)
		}
	case markup.IconOrder:
		return OrderHex(cx, cy, size*0.46, ColColorless, true)
	case markup.IconRangedDie, markup.IconMeleeDie, markup.IconAnyDie:
		fc := dieColours[name]
		c.Items = append(c.Items, Poly{Pts: pentagon(cx, cy+0.6*c.K, 11.5*c.K), Paint: FillStroke(fc, fc.Mix(ColInk, 0.4), 0.8*c.K)})
		switch name {
		case markup.IconRangedDie:
			c.Circle(12, 13, 4.2, Stroke(ColWhite, 1.9))
			c.Circle(12, 13, 1.3, Fill(ColWhite))
		case markup.IconMeleeDie:
			c.Line(ColWhite, 2.1, 8, 17, 16, 9)
			c.Line(ColWhite, 2.1, 8.5, 12.5, 12.5, 16.5)
		default:
			c.Circle(12, 13, 2.2, Fill(ColWhite))
		}
	case markup.IconActive:
		c.Circle(12, 12, 11.5, Fill(colActive))
		c.Poly(Fill(ColWhite), 13.5, 3.5, 6, 13.5, 11.2, 13.5, 10, 20.5, 18, 10.3, 12.6, 10.3)
	case "gear-melee":
		c.Line(col, 2.6, 18.5, 5.5, 8, 16)
		c.Line(col, 2.6, 5.5, 12.5, 11.5, 18.5)
		c.Line(col, 3, 7.5, 16.5, 4.5, 19.5)
		c.Poly(Fill(col), 18.5, 3.5, 20.5, 3.5, 20.5, 5.5, 19.5, 6.5, 17.5, 4.5)
	case "gear-armor", "armor":
		c.Path(Paint{Fill: ptr(col.Mix(ColWhite, 0.75)), Stroke: &col, Width: 2.1}, "M 12 2 L 20 5 L 20 11 C 20 16 16.5 20 12 22 C 7.5 20 4 16 4 11 L 4 5 Z")
	case "health":
		c.Path(Fill(col), "M 12 21 C 11 20 3 15 3 9 C 3 5.5 5.5 3.5 8 3.5 C 10 3.5 11.3 4.8 12 6 C 12.7 4.8 14 3.5 16 3.5 C 18.5 3.5 21 5.5 21 9 C 21 15 13 20 12 21 Z")
	case "morale":
		c.Line(col, 2.2, 5, 3, 5, 21.5)
		c.Path(Fill(col), "M 5.5 3.5 C 9 2 12 5.5 19.5 3.5 L 19.5 12.5 C 12 14.5 9 11 5.5 12.5 Z")
	case "formation":
		for _, x := range []float64{8, 16} {
			c.Circle(x, 6.5, 3, Fill(col))
			c.Path(Fill(col), "M "+ftoa(x-5)+" 21 L "+ftoa(x-5)+" 15 C "+ftoa(x-5)+" 11 "+ftoa(x+5)+" 11 "+ftoa(x+5)+" 15 L "+ftoa(x+5)+" 21 Z")
		}
	case "vocation":
		c.Poly(Fill(col), vocationStar...)
	case "equipment":
		c.Poly(Fill(col), equipmentCog...)
		c.Circle(12, 12, 3.6, Fill(ColPanel))
	case "objective":
		c.Circle(12, 12, 10, Stroke(col, 2))
		c.Circle(12, 12, 6, Stroke(col, 2))
		c.Circle(12, 12, 2.2, Fill(col))
	default:
		if f, ok := markup.OrderFaction(name); ok && faction != nil {
			if fc, ok := faction(f); ok {
				return OrderHex(cx, cy, size*0.46, fc, false)
			}
		}
		// Unknown names were rejected by the caller; draw a visible mark
		// rather than nothing.
		c.Circle(12, 12, 10, Stroke(col, 2))
		c.Line(col, 2, 7, 7, 17, 17)
	}
	return c.Items
}

func ptr(c Colour) *Colour { return &c }

func ftoa(v float64) string { return mm(v) }

// vocationStar is the outline of the "vocation" icon: a five-pointed
// star, x y pairs in the 24-unit box.
var vocationStar = func() []float64 {
	pts := make([]float64, 0, 20)
	for i := range 10 {
		r := 10.5
		if i%2 == 1 {
			r = 4.4
		}
		a := (36*float64(i) - 90) * math.Pi / 180
		pts = append(pts, 12+r*math.Cos(a), 12.8+r*math.Sin(a))
	}
	return pts
}()

// equipmentCog is the outline of the "equipment" icon: a cog of eight
// teeth, x y pairs in the 24-unit box.
var equipmentCog = func() []float64 {
	pts := make([]float64, 0, 32)
	for i := range 16 {
		r := 10.5
		if (i/2)%2 == 1 {
			r = 7.6
		}
		a := (22.5*float64(i) - 90 + 11.25) * math.Pi / 180
		pts = append(pts, 12+r*math.Cos(a), 12+r*math.Sin(a))
	}
	return pts
}()
