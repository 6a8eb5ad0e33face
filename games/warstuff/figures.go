package warstuff

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// Figures of the rules pages drawn from Warstuff's data (issue 32), the
// same drawing on the site (SVG) and in the rulebook (vector PDF):
//
//	[[map:standard 4,12..20,28 trooper@9,21 brute@13,19/2]]
//	    an excerpt of a scenario's table, in inches from its south-west
//	    corner (x east, y north; the whole table without it): terrain,
//	    objectives and deployment zones, and figures placed on their
//	    bases (profile or creature id@x,y, /2 for the second player)
//	[[token:wound]]  a token (wound, stunned, cover, overwatch)
//	[[dice:d6 2 4 6 4+]]  dice showing results, those reaching the
//	    target solid

// Table colours of the figures.
var (
	colTable   = render.Colour{R: 0xee, G: 0xef, B: 0xe4}
	colGrid    = render.Colour{R: 0xcf, G: 0xd2, B: 0xc2}
	colSight   = render.Colour{R: 0x5b, G: 0x55, B: 0x4d} // blocks sight
	colPiece   = render.Colour{R: 0xb9, G: 0xa9, B: 0x86} // other terrain
	colRough   = render.Colour{R: 0x8f, G: 0xa8, B: 0x7a} // difficult, dangerous
	colObj     = render.Colour{R: 0x1b, G: 0x7f, B: 0x86}
	sideColour = [2]render.Colour{{R: 0xc0, G: 0x4a, B: 0x2b}, {R: 0x2f, G: 0x5d, B: 0x9a}}
)

// tokenLooks are the tokens a figure may show: colour and word.
var tokenLooks = map[string]struct {
	col  render.Colour
	word lang.Text
}{
	"wound":     {render.ColHealth, lang.Text{EN: "Wound", FR: "Blessure"}},
	"stunned":   {render.Colour{R: 0x8a, G: 0x5a, B: 0x0a}, lang.Text{EN: "Stunned", FR: "Sonné"}},
	"cover":     {render.Colour{R: 0x3f, G: 0x6e, B: 0x3a}, lang.Text{EN: "Cover", FR: "Couvert"}},
	"overwatch": {render.ColMorale, lang.Text{EN: "Overwatch", FR: "En alerte"}},
}

// figure draws figure f in language l, or says why it cannot.
func (c *Content) figure(f lang.Figure, l lang.Lang) (*render.Drawing, error) {
	switch f.Kind {
	case "map":
		return c.mapFigure(f, l)
	case "token":
		look, ok := tokenLooks[f.ID]
		if !ok {
			var kinds []string
			for k := range tokenLooks {
				kinds = append(kinds, k)
			}
			slices.Sort(kinds)
			return nil, fmt.Errorf("unknown token %q (the tokens: %s)", f.ID, strings.Join(kinds, ", "))
		}
		if len(f.Args) > 0 {
			return nil, fmt.Errorf("a token figure is its kind alone, as in [[token:%s]]", f.ID)
		}
		const d = 16.0
		word := look.word.In(l)
		return &render.Drawing{W: d + 2, H: d + 2, Title: word, Items: []render.Item{
			render.Circle{X: d/2 + 1, Y: d/2 + 1, R: d / 2, Paint: render.FillStroke(look.col, look.col.Mix(render.ColInk, 0.4), 0.4)},
			render.Circle{X: d/2 + 1, Y: d/2 + 1, R: d/2 - 1, Paint: render.Stroke(look.col.Mix(render.ColWhite, 0.45), 0.3)},
			render.PlaceText(word, string(l), render.Bold, render.ColWhite, d/2+1, d/2+2.4, d-4, 8, 4, 'c'),
		}}, nil
	case "dice":
		if f.ID != "d6" {
			return nil, fmt.Errorf("unknown die %q: Warstuff rolls d6 (WS-QUAL-1)", f.ID)
		}
		name := lang.Text{EN: "Dice", FR: "Dés"}
		return render.DiceDrawing(render.Die{Name: "d6", Sides: 6, Max: 6, Pips: true, Colour: render.Colour{R: 0x3a, G: 0x3f, B: 0x47}}, name.In(l), string(l), f.Args)
	}
	return nil, fmt.Errorf("no %s figures in Warstuff", f.Kind)
}

// mapFigure draws [[map:scenario [x,y..x,y] [id@x,y[/2]…]]].
func (c *Content) mapFigure(f lang.Figure, l lang.Lang) (*render.Drawing, error) {
	cat := c.Catalog
	var sc *wscatalog.Scenario
	var ids []string
	for i := range cat.Scenarios {
		ids = append(ids, cat.Scenarios[i].ID)
		if cat.Scenarios[i].ID == f.ID {
			sc = &cat.Scenarios[i]
		}
	}
	if sc == nil {
		return nil, fmt.Errorf("unknown scenario %q (the scenarios: %s)", f.ID, strings.Join(ids, ", "))
	}
	size := sc.Table
	point := func(s string) (render.Pt, error) {
		xs, ys, ok := strings.Cut(s, ",")
		x, err1 := strconv.ParseFloat(xs, 64)
		y, err2 := strconv.ParseFloat(ys, 64)
		if !ok || err1 != nil || err2 != nil || math.IsNaN(x) || math.IsNaN(y) {
			return render.Pt{}, fmt.Errorf("%q is not a point: write x,y in inches from the south-west corner, as in 12,8", s)
		}
		if x < 0 || y < 0 || x > size || y > size {
			return render.Pt{}, fmt.Errorf("point %s is off the table (%g\" a side)", s, size)
		}
		return render.Pt{X: x, Y: y}, nil
	}
	x0, y0, x1, y1 := 0.0, 0.0, size, size
	args := f.Args
	if len(args) > 0 && strings.Contains(args[0], "..") {
		from, to, _ := strings.Cut(args[0], "..")
		a, err := point(from)
		if err != nil {
			return nil, err
		}
		b, err := point(to)
		if err != nil {
			return nil, err
		}
		if b.X-a.X < 2 || b.Y-a.Y < 2 {
			return nil, fmt.Errorf("excerpt %s: write its south-west corner first, at least 2\" from the north-east one", args[0])
		}
		x0, y0, x1, y1 = a.X, a.Y, b.X, b.Y
		args = args[1:]
	}
	k := min(6, 120/(x1-x0), 120/(y1-y0)) // mm an inch
	const pad = 7.0
	at := func(p render.Pt) render.Pt { return render.Pt{X: pad + (p.X-x0)*k, Y: pad + (y1-p.Y)*k} }
	clip := func(pts []render.Pt) []render.Pt {
		var out []render.Pt
		for _, p := range render.ClipPoly(pts, x0, y0, x1, y1) {
			out = append(out, at(p))
		}
		return out
	}
	d := &render.Drawing{W: 2*pad + (x1-x0)*k, H: 2*pad + (y1-y0)*k, Title: sc.Name.In(l)}
	add := func(items ...render.Item) { d.Items = append(d.Items, items...) }
	o := at(render.Pt{X: x0, Y: y1})
	add(render.Rect{X: o.X, Y: o.Y, W: (x1 - x0) * k, H: (y1 - y0) * k, Paint: render.Fill(colTable)})
	// the deployment zones: within 9" of the south-west and north-east
	// corners (WS-SCEN-4)
	for side, corner := range []render.Pt{{X: 0, Y: 0}, {X: size, Y: size}} {
		zone := []render.Pt{corner}
		for i := range 13 {
			a := math.Pi / 2 * float64(i) / 12
			dx, dy := 9*math.Cos(a), 9*math.Sin(a)
			if side == 1 {
				dx, dy = -dx, -dy
			}
			zone = append(zone, render.Pt{X: corner.X + dx, Y: corner.Y + dy})
		}
		if pts := clip(zone); pts != nil {
			add(render.Poly{Pts: pts, Paint: render.Fill(sideColour[side].Mix(render.ColWhite, 0.8))})
		}
	}
	// an inch grid, every fourth line darker and named
	lang := string(l)
	for v := math.Ceil(x0); v <= x1; v++ {
		w := 0.1
		if int(v)%4 == 0 {
			w = 0.3
			add(render.PlaceText(strconv.Itoa(int(v)), lang, render.Regular, render.ColMuted, at(render.Pt{X: v}).X, pad-1.5, 0, 6, 6, 'c'))
		}
		add(render.Line{Pts: []render.Pt{at(render.Pt{X: v, Y: y0}), at(render.Pt{X: v, Y: y1})}, Colour: colGrid, Width: w})
	}
	for v := math.Ceil(y0); v <= y1; v++ {
		w := 0.1
		if int(v)%4 == 0 {
			w = 0.3
			add(render.PlaceText(strconv.Itoa(int(v)), lang, render.Regular, render.ColMuted, pad-1.2, at(render.Pt{Y: v}).Y+0.8, 0, 6, 6, 'r'))
		}
		add(render.Line{Pts: []render.Pt{at(render.Pt{X: x0, Y: v}), at(render.Pt{X: x1, Y: v})}, Colour: colGrid, Width: w})
	}
	for _, t := range sc.Terrain {
		var poly []render.Pt
		for _, p := range t.Polygon {
			poly = append(poly, render.Pt{X: p[0], Y: p[1]})
		}
		pts := clip(poly)
		if pts == nil {
			continue
		}
		col := colPiece
		switch {
		case t.BlocksSight:
			col = colSight
		case slices.Contains(t.Kinds, "difficult") || slices.Contains(t.Kinds, "dangerous"):
			col = colRough
		}
		add(render.Poly{Pts: pts, Paint: render.FillStroke(col, col.Mix(render.ColInk, 0.4), 0.3)})
		var cx, cy float64
		top, bottom := math.Inf(1), math.Inf(-1)
		for _, p := range pts {
			cx += p.X / float64(len(pts))
			cy += p.Y / float64(len(pts))
			top, bottom = min(top, p.Y), max(bottom, p.Y)
		}
		ink := render.ColWhite
		if col.Light() {
			ink = render.ColInk
		}
		if bottom-top < 4 { // a thin piece (a wall): its name above it
			cy, ink = top-2.2, render.ColInk
		}
		add(render.PlaceText(t.ID, lang, render.Regular, ink, cx, cy+1, 0, 6, 6, 'c'))
	}
	for _, ob := range sc.Objectives {
		p := render.Pt{X: ob.X, Y: ob.Y}
		if p.X < x0 || p.X > x1 || p.Y < y0 || p.Y > y1 {
			continue
		}
		q := at(p)
		add(render.Circle{X: q.X, Y: q.Y, R: 0.5 * k, Paint: render.FillStroke(colObj, colObj.Mix(render.ColInk, 0.4), 0.3)})
		if vp := max(ob.VP, ob.EnemyHalf); vp > 0 {
			add(render.PlaceText(strconv.Itoa(vp), lang, render.Bold, render.ColWhite, q.X, q.Y+1.1, 0.9*k, 7, 4, 'c'))
		}
	}
	add(render.Rect{X: o.X, Y: o.Y, W: (x1 - x0) * k, H: (y1 - y0) * k, Paint: render.Stroke(render.ColMuted, 0.4)})
	var names []string
	for _, a := range args {
		id, where, ok := strings.Cut(a, "@")
		if !ok {
			return nil, fmt.Errorf("%q: place a figure as id@x,y, as in trooper@9,21 (an excerpt is written 4,12..20,28, first)", a)
		}
		side := 0
		if w, ok := strings.CutSuffix(where, "/2"); ok {
			where, side = w, 1
		}
		p, err := point(where)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, err)
		}
		pr := cat.Profile(id)
		if pr == nil {
			pr = cat.Creature(id)
		}
		if pr == nil {
			return nil, fmt.Errorf("%s: no profile or creature has the id %q", a, id)
		}
		r := max(pr.Base, 1) / 2
		if p.X-r < x0 || p.X+r > x1 || p.Y-r < y0 || p.Y+r > y1 {
			return nil, fmt.Errorf("%s: its base is not wholly inside the excerpt", a)
		}
		q := at(p)
		col := sideColour[side]
		name := pr.Name.In(l)
		names = append(names, name)
		add(render.Circle{X: q.X, Y: q.Y, R: r * k, Paint: render.FillStroke(col, render.ColWhite, 0.5)},
			render.Circle{X: q.X, Y: q.Y, R: r*k + 0.25, Paint: render.Stroke(render.ColInk, 0.3)},
			render.PlaceText(name, lang, render.Bold, render.ColInk, q.X, q.Y+r*k+2.6, 0, 6.5, 6.5, 'c'))
	}
	if len(names) > 0 {
		d.Title += " — " + strings.Join(names, ", ")
	}
	return d, nil
}
