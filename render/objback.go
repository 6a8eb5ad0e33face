package render

import (
	"math"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// Objective cards have their own back, one per format (the layout gives
// it to them, so sheets and site agree), so that an
// Objective deck is shuffled apart from the warband cards and the
// Exploration and Confrontation decks never mix (R-OBJ-1, R-OBJ-3): the
// same target pattern in the format's colour, with the words "Objective"
// and the format's name.

// objectiveBackColours are the backgrounds of the two formats' backs.
var objectiveBackColours = map[wbcatalog.Format]Colour{
	wbcatalog.Exploration:   {0x1f, 0x4d, 0x4a},
	wbcatalog.Confrontation: {0x5a, 0x1f, 0x24},
}

// ObjectiveBack returns the back of the Objective cards of format fm in
// language l.
func ObjectiveBack(cat *wbcatalog.Catalog, l wbcatalog.Lang, fm wbcatalog.Format) Face {
	b := &builder{cat: cat, lang: l}
	return b.objectiveBack("objective-back-"+string(fm), fm)
}

func (b *builder) objectiveBack(id string, fm wbcatalog.Format) Face {
	f := b.newFace(id, wbcatalog.KindObjective, "common-back", wbcatalog.Pos{})
	bg, ok := objectiveBackColours[fm]
	if !ok {
		bg = colBack
	}
	line := ColGold.Mix(bg, 0.55)
	f.background(bg)
	// rings of hexes radiating from the centre
	for r := 6.0; !b.measure && r < 70; r += 6 {
		f.add(Poly{Pts: HexPts(CardW/2, CardH/2, r), Paint: Stroke(bg.Mix(ColGold, 0.18), 0.35)})
	}
	for i := range 6 {
		a := (60*float64(i) - 90) * math.Pi / 180
		f.add(Line{Pts: []Pt{{CardW/2 + 15*math.Cos(a), CardH/2 + 15*math.Sin(a)}, {CardW/2 + 70*math.Cos(a), CardH/2 + 70*math.Sin(a)}}, Colour: bg.Mix(ColGold, 0.18), Width: 0.35})
	}
	f.add(Rect{X: 2.5, Y: 2.5, W: CardW - 5, H: CardH - 5, R: 2.5, Paint: Stroke(ColGold, 0.45)})
	f.add(Circle{X: CardW / 2, Y: CardH/2 - 6, R: 13, Paint: FillStroke(bg, ColGold, 0.8)})
	f.icon("objective", CardW/2, CardH/2-6, 19, ColGold)
	f.add(Rect{X: 6, Y: CardH/2 + 10, W: CardW - 12, H: 17, R: 2, Paint: FillStroke(bg, line, 0.35)})
	f.text(strings.ToUpper(f.l("kind.objective")), Bold, ColGold, CardW/2, CardH/2+17.5, CardW-16, 13, 7, 'c', "the Objective back")
	f.text(f.l("format."+string(fm)), Bold, ColParchment, CardW/2, CardH/2+23.8, CardW-16, 9, 6, 'c', "the Objective back")
	return *f.Face
}

// ObjectiveDeckTitle is the title of the Objective deck of format fm.
func ObjectiveDeckTitle(cat *wbcatalog.Catalog, fm wbcatalog.Format, l wbcatalog.Lang) string {
	return label(cat, "kinds.objective", l) + " · " + label(cat, "format."+string(fm), l)
}
