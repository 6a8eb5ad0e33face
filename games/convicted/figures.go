package convicted

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/games/convicted/cvengine"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// Figures of The Convicted's rules pages drawn from its data (issue 32),
// the same drawing on the site (SVG) and in the rulebook (vector PDF):
//
//	[[map:board]]                    the whole board (C-BOARD-1 to 4)
//	[[map:board n n=3 nw=2 n1=ditch]] one side's excerpt (n, e, s, w):
//	    its zones, ring and fortifications; a section at a level
//	    (section=level, the level's name from the fortification table)
//	    and a ring section holding a ditch or a moat
//	[[token:fort-n-3]]               a token of the printed kit (its id
//	    on the token sheet: fort-<section>-<level>, ditch, moat,
//	    res-<resource>, unit-<unit>, foe-<enemy>, engine-<engine>)
//	[[dice:d6 2 5 4+]]  [[dice:d3 1 3]]  d6 and d3 results
//	[[dice:d6-as-d3 2 5]]            d6 faces read as a d3 (C-DEF-8),
//	    the reading under each die, as the engine reads it

// boardFigure is what a board figure sets: the sections' levels and the
// ring's ditches and moats.
type boardFigure struct {
	levels map[string]int
	ring   map[string]string
}

// figure draws figure f in language l, or says why it cannot.
func (c *Content) figure(f lang.Figure, l lang.Lang) (*render.Drawing, error) {
	switch f.Kind {
	case "map":
		return c.boardFigure(f, l)
	case "token":
		if len(f.Args) > 0 {
			return nil, fmt.Errorf("a token figure is its id alone, as in [[token:%s]]", f.ID)
		}
		// the tokens named like the one asked (unit-…), or the first of
		// each group
		var alike, firsts []string
		kind, _, _ := strings.Cut(f.ID, "-")
		for _, g := range c.tokenGroups(l) {
			for i, t := range g.tokens {
				if t.id == f.ID {
					face, err := tokenFace(t, string(l))
					if err != nil {
						return nil, err
					}
					title := strings.TrimSpace(t.top + " " + t.bottom)
					return &render.Drawing{W: 2*tokenR + 2, H: 2*tokenR + 2, Title: title, Items: render.Transform(face, 1, tokenR+1, tokenR+1)}, nil
				}
				if i == 0 {
					firsts = append(firsts, t.id)
				}
				if strings.HasPrefix(t.id, kind+"-") || t.id == kind {
					alike = append(alike, t.id)
				}
			}
		}
		if len(alike) == 0 || len(alike) > 12 {
			alike = firsts
		}
		return nil, fmt.Errorf("unknown token %q: a token of the printed kit, fort-<section>-<level>, ditch, moat, res-<resource>, unit-<unit>, foe-<enemy> or engine-<engine> (%s)", f.ID, strings.Join(alike, ", "))
	case "dice":
		die := render.Die{Name: f.ID, Sides: 6, Max: 6, Pips: true, Colour: colInk}
		name := lang.Text{EN: "Dice", FR: "Dés"}
		switch f.ID {
		case "d6":
		case "d3":
			die.Sides, die.Max, die.Pips = 3, 3, false
		case "d6-as-d3":
			return d6AsD3(f.Args, l)
		default:
			return nil, fmt.Errorf("unknown die %q: The Convicted rolls d6 and d3, and a d3 as a d6 read in pairs, d6-as-d3 (C-DEF-8)", f.ID)
		}
		return render.DiceDrawing(die, name.In(l), string(l), f.Args)
	}
	return nil, fmt.Errorf("no %s figures in The Convicted", f.Kind)
}

// d6AsD3 draws d6 faces with their reading as a d3 under each die.
func d6AsD3(args []string, l lang.Lang) (*render.Drawing, error) {
	for _, a := range args {
		if strings.HasSuffix(a, "+") {
			return nil, fmt.Errorf("%q: a d6 read as a d3 shows its reading under each die; write the d6 faces only (C-DEF-8)", a)
		}
	}
	name := lang.Text{EN: "d6 read as d3", FR: "d6 lu comme d3"}
	d, err := render.DiceDrawing(render.Die{Name: "d6-as-d3", Sides: 6, Max: 6, Pips: true, Colour: colInk}, name.In(l), string(l), args)
	if err != nil {
		return nil, err
	}
	// the dice sit from 2 mm, 12 mm each and 4 mm apart (render.DiceDrawing)
	const edge, size, gap = 2.0, 12.0, 4.0
	var read []string
	for i, a := range args {
		n, _ := strconv.Atoi(a) // DiceDrawing took it
		v, err := (&cvengine.Forced{Dice: []cvcatalog.Die{{D6: n}}}).D3()
		if err != nil {
			return nil, err
		}
		read = append(read, strconv.Itoa(v))
		d.Items = append(d.Items, render.PlaceText("= "+strconv.Itoa(v), string(l), render.Bold, colInk, edge+float64(i)*(size+gap)+size/2, d.H+4.5, 0, 11, 11, 'c'))
	}
	d.H += 7
	d.Title += " → " + strings.Join(read, ", ")
	return d, nil
}

// boardFigure draws [[map:board [side] [section=level…] [ring=ditch|moat…]]].
func (c *Content) boardFigure(f lang.Figure, l lang.Lang) (*render.Drawing, error) {
	cat := c.Catalog
	if f.ID != "board" {
		return nil, fmt.Errorf("unknown map %q: The Convicted has one board, [[map:board …]]", f.ID)
	}
	st := &boardFigure{levels: map[string]int{}, ring: map[string]string{}}
	side := ""
	for i, a := range f.Args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			if i > 0 || !slices.Contains(cvcatalog.Sides, a) {
				return nil, fmt.Errorf("%q: an excerpt is a side first (%s), then section=level or ring=ditch|moat", a, strings.Join(cvcatalog.Sides, ", "))
			}
			side = a
			continue
		}
		isRing := slices.ContainsFunc(cat.Ring, func(r cvcatalog.RingSection) bool { return r.ID == k })
		if isRing && (v == "ditch" || v == "moat") { // a corner names a tower and a ring section
			st.ring[k] = v
			continue
		}
		if sec := cvcatalog.Find(cat.Sections, k, func(s *cvcatalog.Section) string { return s.ID }); sec != nil {
			lv := cat.Fortifications.Levels(sec.Kind)
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n >= len(lv) {
				or := ""
				if isRing {
					or = ", or the ring section a ditch or a moat (C-DITCH)"
				}
				return nil, fmt.Errorf("%s: a %s's level is 0 to %d (C-FORT)%s", a, sec.Kind, len(lv)-1, or)
			}
			st.levels[k] = n
			continue
		}
		if isRing {
			return nil, fmt.Errorf("%s: a ring section holds a ditch or a moat (C-DITCH)", a)
		}
		var ids []string
		for _, s := range cat.Sections {
			ids = append(ids, s.ID)
		}
		for _, r := range cat.Ring {
			if !slices.Contains(ids, r.ID) {
				ids = append(ids, r.ID)
			}
		}
		return nil, fmt.Errorf("%s: %q is no fortification or ring section (%s)", a, k, strings.Join(ids, ", "))
	}
	const width = 120.0 // mm, the figure's width
	k := width / boardSize
	whole, err := c.boardState(l, st, 2.6)
	if err != nil {
		return nil, err
	}
	title := whole.Title
	x0, y0, x1, y1 := 0.0, 0.0, boardSize, boardSize
	depth := bandFort + 6 // the side's bands, ring and fortifications
	switch side {
	case "n":
		y1 = depth
	case "s":
		y0 = boardSize - depth
	case "w":
		x1 = depth
	case "e":
		x0 = boardSize - depth
	}
	items := whole.Items
	if side != "" {
		title += " — " + strings.ToUpper(side)
		items = cropItems(items, x0, y0, x1, y1)
	}
	return &render.Drawing{W: (x1 - x0) * k, H: (y1 - y0) * k, Title: title, Items: render.Transform(items, k, -x0*k, -y0*k)}, nil
}

// cropItems keeps what of items lies in the rectangle: shapes clipped to
// it, words whose anchor is inside.
func cropItems(items []render.Item, x0, y0, x1, y1 float64) []render.Item {
	var out []render.Item
	in := func(x, y float64) bool { return x >= x0 && x <= x1 && y >= y0 && y <= y1 }
	for _, it := range items {
		switch it := it.(type) {
		case render.Rect:
			if in(it.X, it.Y) && in(it.X+it.W, it.Y+it.H) {
				out = append(out, it)
				continue
			}
			pts := render.ClipPoly([]render.Pt{{X: it.X, Y: it.Y}, {X: it.X + it.W, Y: it.Y}, {X: it.X + it.W, Y: it.Y + it.H}, {X: it.X, Y: it.Y + it.H}}, x0, y0, x1, y1)
			if pts != nil {
				out = append(out, render.Poly{Pts: pts, Paint: it.Paint})
			}
		case render.Poly:
			if pts := render.ClipPoly(it.Pts, x0, y0, x1, y1); pts != nil {
				out = append(out, render.Poly{Pts: pts, Paint: it.Paint})
			}
		case render.Text:
			if in(it.X, it.Y) {
				out = append(out, it)
			}
		default:
			out = append(out, it)
		}
	}
	return out
}
