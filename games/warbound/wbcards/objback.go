package wbcards

import (
	"math"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// Objective cards have their own back, one per format (the layout gives
// it to them, so sheets and site agree), so that an
// Objective deck is shuffled apart from the warband cards and the
// Exploration and Confrontation decks never mix (R-OBJ-1, R-OBJ-3): the
// same target pattern in the format's colour, with the words "Objective"
// and the format's name.

// objectiveBackColours are the backgrounds of the two formats' backs.
var objectiveBackColours = map[wbcatalog.Format]render.Colour{
	wbcatalog.Exploration:   {R: 0x1f, G: 0x4d, B: 0x4a},
	wbcatalog.Confrontation: {R: 0x5a, G: 0x1f, B: 0x24},
}

// ObjectiveBack returns the back of the Objective cards of format fm in
// language l.
func ObjectiveBack(cat *wbcatalog.Catalog, l wbcatalog.Lang, fm wbcatalog.Format) render.Face {
	b := &builder{cat: cat, lang: l}
	return b.objectiveBack("objective-back-"+string(fm), fm)
}

func (b *builder) objectiveBack(id string, fm wbcatalog.Format) render.Face {
	f := b.newFace(id, wbcatalog.KindObjective, "common-back", wbcatalog.Pos{})
	bg, ok := objectiveBackColours[fm]
	if !ok {
		bg = colBack
	}
	line := render.ColGold.Mix(bg, 0.55)
	f.background(bg)
	// rings of hexes radiating from the centre
	for r := 6.0; !b.measure && r < 70; r += 6 {
		f.add(render.Poly{Pts: render.HexPts(render.CardW/2, render.CardH/2, r), Paint: render.Stroke(bg.Mix(render.ColGold, 0.18), 0.35)})
	}
	for i := range 6 {
		a := (60*float64(i) - 90) * math.Pi / 180
		f.add(render.Line{Pts: []render.Pt{{X: render.CardW/2 + 15*math.Cos(a), Y: render.CardH/2 + 15*math.Sin(a)}, {X: render.CardW/2 + 70*math.Cos(a), Y: render.CardH/2 + 70*math.Sin(a)}}, Colour: bg.Mix(render.ColGold, 0.18), Width: 0.35})
	}
	f.add(render.Rect{X: 2.5, Y: 2.5, W: render.CardW - 5, H: render.CardH - 5, R: 2.5, Paint: render.Stroke(render.ColGold, 0.45)})
	f.add(render.Circle{X: render.CardW / 2, Y: render.CardH/2 - 6, R: 13, Paint: render.FillStroke(bg, render.ColGold, 0.8)})
	f.icon("objective", render.CardW/2, render.CardH/2-6, 19, render.ColGold)
	f.add(render.Rect{X: 6, Y: render.CardH/2 + 10, W: render.CardW - 12, H: 17, R: 2, Paint: render.FillStroke(bg, line, 0.35)})
	f.text(strings.ToUpper(f.l("kind.objective")), render.Bold, render.ColGold, render.CardW/2, render.CardH/2+17.5, render.CardW-16, 13, 7, 'c', "the Objective back")
	f.text(f.l("format."+string(fm)), render.Bold, render.ColParchment, render.CardW/2, render.CardH/2+23.8, render.CardW-16, 9, 6, 'c', "the Objective back")
	return *f.Face
}

// ObjectiveDeckTitle is the title of the Objective deck of format fm.
func ObjectiveDeckTitle(cat *wbcatalog.Catalog, fm wbcatalog.Format, l wbcatalog.Lang) string {
	return label(cat, "kinds.objective", l) + " · " + label(cat, "format."+string(fm), l)
}
