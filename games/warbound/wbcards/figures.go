package wbcards

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// Figures of the rules pages drawn from Warbound's data (issue 32), the
// same drawing on the site (SVG) and in the rulebook (vector PDF):
//
//	[[map:salvage-field C5..F9 kess@D6 copp@E8]]
//	    an excerpt of a scenario's map (columns C to F, rows 5 to 9;
//	    the whole map without it), its terrain and Scan markers, and
//	    Characters or Leaders placed on tiles (id@tile)
//	[[token:wound]], [[token:order-<faction>]]
//	    a token of the kit's token sheets
//	[[dice:ranged-die 3 7 10 6+]]
//	    Warbound dice (ranged-die, melee-die, any-die) showing results,
//	    those reaching the target solid

// Figure draws figure f in language l, or says why it cannot.
func Figure(cat *wbcatalog.Catalog, f lang.Figure, l wbcatalog.Lang) (*render.Drawing, error) {
	k := labeler{cat, l}
	switch f.Kind {
	case "map":
		return mapFigure(k, f)
	case "token":
		return tokenFigure(k, f)
	case "dice":
		c, ok := render.DieIconColour(f.ID)
		if !ok {
			return nil, fmt.Errorf("unknown die %q: Warbound's dice are %s, %s and %s", f.ID, markup.IconRangedDie, markup.IconMeleeDie, markup.IconAnyDie)
		}
		return render.DiceDrawing(render.Die{Name: f.ID, Sides: 12, Max: 10, Colour: c}, dieNames[f.ID].In(l), k.ls(), f.Args)
	}
	return nil, fmt.Errorf("no %s figures in Warbound", f.Kind)
}

// dieNames are the dice as a diagram's title names them.
var dieNames = map[string]lang.Text{
	markup.IconRangedDie: {EN: "Ranged dice", FR: "Dés de tir"},
	markup.IconMeleeDie:  {EN: "Melee dice", FR: "Dés de mêlée"},
	markup.IconAnyDie:    {EN: "Dice", FR: "Dés"},
}

// mapFigure draws [[map:scenario [from..to] [id@tile…]]].
func mapFigure(k labeler, f lang.Figure) (*render.Drawing, error) {
	sc := k.cat.Scenario(f.ID)
	if sc == nil {
		var ids []string
		for _, s := range k.cat.Scenarios {
			ids = append(ids, s.ID)
		}
		return nil, fmt.Errorf("unknown scenario %q (the scenarios: %s)", f.ID, strings.Join(ids, ", "))
	}
	g, err := NewMapGeometry(sc.Board.Cols, sc.Board.Rows, 0)
	if err != nil {
		return nil, err
	}
	board := fmt.Sprintf("the board is %d × %d tiles, A1 to %s", sc.Board.Cols, sc.Board.Rows, wbcatalog.Tile{Col: sc.Board.Cols - 1, Row: sc.Board.Rows - 1})
	tile := func(s string) (wbcatalog.Tile, error) {
		t, err := wbcatalog.ParseTile(s)
		if err != nil {
			return t, err
		}
		if !t.Inside(sc.Board.Cols, sc.Board.Rows) {
			return t, fmt.Errorf("tile %s is off the board (%s)", s, board)
		}
		return t, nil
	}
	args := f.Args
	if len(args) > 0 && strings.Contains(args[0], "..") {
		from, to, _ := strings.Cut(args[0], "..")
		a, err := tile(from)
		if err != nil {
			return nil, err
		}
		b, err := tile(to)
		if err != nil {
			return nil, err
		}
		if b.Col < a.Col || b.Row < a.Row {
			return nil, fmt.Errorf("excerpt %s: write its top-left tile first, as in %s..%s", args[0], wbcatalog.Tile{Col: min(a.Col, b.Col), Row: min(a.Row, b.Row)}, wbcatalog.Tile{Col: max(a.Col, b.Col), Row: max(a.Row, b.Row)})
		}
		g.C0, g.R0, g.Cols, g.Rows = a.Col, a.Row, b.Col-a.Col+1, b.Row-a.Row+1
		args = args[1:]
	}
	d := mapDrawing(k, sc, g, g.Cols == sc.Board.Cols && g.Rows == sc.Board.Rows)
	var placed []wbcatalog.Tile
	var names []string
	for _, a := range args {
		id, at, ok := strings.Cut(a, "@")
		if !ok {
			return nil, fmt.Errorf("%q: place a Character as id@tile, as in copp@C3 (an excerpt is written C2..E5, first)", a)
		}
		t, err := tile(at)
		if err != nil {
			return nil, err
		}
		if !g.Holds(t) {
			return nil, fmt.Errorf("%s: tile %s is outside the excerpt %s..%s", a, at, wbcatalog.Tile{Col: g.C0, Row: g.R0}, wbcatalog.Tile{Col: g.C0 + g.Cols - 1, Row: g.R0 + g.Rows - 1})
		}
		if slices.Contains(placed, t) {
			return nil, fmt.Errorf("%s: tile %s already holds a Character", a, at)
		}
		name, faction, ok := k.unit(id)
		if !ok {
			return nil, fmt.Errorf("%s: no Character or Leader has the id %q", a, id)
		}
		placed = append(placed, t)
		names = append(names, name+" "+at)
		d.Items = append(d.Items, unitItems(k, name, faction, g.Centre(t), g)...)
	}
	if len(names) > 0 {
		d.Title += " — " + strings.Join(names, ", ")
	}
	return d, nil
}

// unit is a Character's or a Leader's name and faction.
func (k labeler) unit(id string) (name, faction string, ok bool) {
	if c := k.cat.Character(id); c != nil {
		return k.name(c.Name), c.Faction, true
	}
	if c := k.cat.Leader(id); c != nil {
		return k.name(c.Name), c.Faction, true
	}
	return "", "", false
}

// unitItems draws a Character on its tile: a disc of its faction's
// colour with its initials, its name below.
func unitItems(k labeler, name, faction string, ct render.Pt, g MapGeometry) []render.Item {
	col := render.ColNeutral
	if fa := k.cat.Faction(faction); fa != nil {
		if c, ok := render.ParseColour(fa.Colour); ok {
			col = c
		}
	}
	ink := render.ColWhite
	if col.Light() {
		ink = render.ColInk
	}
	r := g.HexSize * 0.26
	cy := ct.Y + g.R*0.1
	initials := ""
	for _, w := range strings.Fields(name) {
		if c, _ := utf8.DecodeRuneInString(w); unicode.IsLetter(c) && utf8.RuneCountInString(initials) < 2 {
			initials += string(unicode.ToUpper(c))
		}
	}
	lang := k.ls()
	label := max(4.0, g.HexSize*0.2)
	return []render.Item{
		render.Circle{X: ct.X, Y: cy, R: r, Paint: render.FillStroke(col, render.ColWhite, 0.6)},
		render.Circle{X: ct.X, Y: cy, R: r + 0.3, Paint: render.Stroke(render.ColInk, 0.3)},
		render.PlaceText(initials, lang, render.Bold, ink, ct.X, cy+r*0.35, r*1.7, 11, 6, 'c'),
		render.PlaceText(name, lang, render.Bold, render.ColInk, ct.X, cy+r+label*render.PtToMM*1.1, g.HexSize*0.95, label, 3.5, 'c'),
	}
}

// tokenFigure draws [[token:kind]]: a token as the token sheets draw it.
func tokenFigure(k labeler, f lang.Figure) (*render.Drawing, error) {
	if len(f.Args) > 0 {
		return nil, fmt.Errorf("a token figure is its kind alone, as in [[token:%s]]", f.ID)
	}
	faction, isOrder := strings.CutPrefix(f.ID, "order-")
	if !isOrder {
		faction = ""
	}
	if isOrder && k.cat.Faction(faction) == nil {
		return nil, fmt.Errorf("unknown faction %q in order-%s", faction, faction)
	}
	if _, ok := tokenLooks[f.ID]; !ok && !isOrder {
		kinds := []string{"order-<faction>"}
		for kind := range tokenLooks {
			kinds = append(kinds, kind)
		}
		slices.Sort(kinds[1:])
		return nil, fmt.Errorf("unknown token %q (the tokens: %s)", f.ID, strings.Join(kinds, ", "))
	}
	size := tokenD
	if f.ID == "hand" || f.ID == "hourglass" || f.ID == "time" {
		size = bigTokenD
	}
	if isOrder {
		size = 2 * orderTokenR
		f.ID = ""
	}
	size += 2
	var title string
	if lk, ok := tokenLooks[f.ID]; ok {
		title = k.l(lk.word)
	} else {
		title = k.name(k.cat.Faction(faction).Name)
	}
	return &render.Drawing{W: size, H: size, Title: title, Items: tokenItems(k, f.ID, faction, size/2, size/2)}, nil
}
