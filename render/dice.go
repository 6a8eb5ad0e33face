package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/render/markup"
)

// Dice diagrams of the rules pages ([[dice:d6 2 4 6 4+]], issue 32): a
// row of dice showing results, the ones that reach the target drawn
// solid and the others pale, so that a rule's example reads at a glance.
// The game names its dice (Die); the drawing is the kit's, the same on
// the site (SVG) and in the booklet (vector PDF).

// Die is one of a game's dice as a diagram draws it.
type Die struct {
	// Name is the die as the rules pages write it ("d6").
	Name string
	// Sides is the number of faces, which gives the outline (6 a square,
	// 12 a pentagon, others a kite); Max the highest result it shows
	// (Warbound's d12 reads 1 to 10).
	Sides, Max int
	// Pips draws a d6's results as pips rather than numerals.
	Pips   bool
	Colour Colour
}

// dieColours are the colours of the dice icons (R-WORD-2).
var dieColours = map[string]Colour{markup.IconRangedDie: colRanged, markup.IconMeleeDie: ColMelee, markup.IconAnyDie: colAnyDie}

// DieIconColour is the colour of a dice icon (ranged-die, melee-die,
// any-die), as the cards draw it.
func DieIconColour(icon string) (Colour, bool) {
	c, ok := dieColours[icon]
	return c, ok
}

// Dice diagram sizes, mm.
const (
	dieSize  = 12.0
	dieGap   = 4.0
	diceEdge = 2.0
)

// DiceDrawing draws die showing the results args give, in language
// lang, titled with title (the die's name) and the results: each argument a result from 1 to the die's Max, and at most one
// target written "4+" (the results at least that are successes; without
// one, every die is drawn solid). An argument that is neither is an
// error in the designer's words.
func DiceDrawing(die Die, title, lang string, args []string) (*Drawing, error) {
	if die.Max < 1 {
		die.Max = die.Sides
	}
	var results []int
	target := 0
	for _, a := range args {
		if t, ok := strings.CutSuffix(a, "+"); ok {
			n, err := strconv.Atoi(t)
			if err != nil || n < 1 || n > die.Max {
				return nil, fmt.Errorf("target %q: want 1+ to %d+", a, die.Max)
			}
			if target != 0 {
				return nil, fmt.Errorf("two targets (%d+ and %s): a diagram has one", target, a)
			}
			target = n
			continue
		}
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 || n > die.Max {
			return nil, fmt.Errorf("result %q: a die shows 1 to %d (a target is written 4+)", a, die.Max)
		}
		results = append(results, n)
	}
	if len(results) == 0 {
		return nil, fmt.Errorf("no result: write the results the dice show, as in [[dice:%s 2 5 %d+]]", die.Name, min(4, die.Max))
	}
	if len(results) > 12 {
		return nil, fmt.Errorf("%d dice: a diagram shows at most 12", len(results))
	}
	x := diceEdge
	label := ""
	if target > 0 {
		label = strconv.Itoa(target) + "+"
		x += Measure(label, Bold, 14) + dieGap
	}
	shown := make([]string, len(results))
	for i, n := range results {
		shown[i] = strconv.Itoa(n)
	}
	title += " — " + strings.Join(shown, ", ")
	if label != "" {
		title += " (" + label + ")"
	}
	d := &Drawing{W: x + float64(len(results))*(dieSize+dieGap) - dieGap + diceEdge, H: dieSize + 2*diceEdge, Title: title}
	if label != "" {
		d.Items = append(d.Items, PlaceText(label, lang, Bold, ColInk, diceEdge, diceEdge+dieSize/2+1.8, 0, 14, 14, 'l'))
	}
	for _, n := range results {
		d.Items = append(d.Items, dieItems(die, n, target == 0 || n >= target, x+dieSize/2, diceEdge+dieSize/2)...)
		x += dieSize + dieGap
	}
	return d, nil
}

// dieItems draws one die showing n centred on (cx, cy): solid when it
// succeeds, pale otherwise.
func dieItems(die Die, n int, ok bool, cx, cy float64) []Item {
	body, ink, line := die.Colour, ColWhite, die.Colour.Mix(ColInk, 0.3)
	if die.Colour.Light() {
		ink = ColInk
	}
	if !ok {
		body, ink, line = die.Colour.Mix(ColWhite, 0.85), ColMuted, die.Colour.Mix(ColWhite, 0.4)
	}
	paint := FillStroke(body, line, 0.5)
	r := dieSize / 2
	var items []Item
	switch die.Sides {
	case 6:
		items = append(items, Rect{X: cx - r, Y: cy - r, W: dieSize, H: dieSize, R: 2, Paint: paint})
	case 12:
		items = append(items, Poly{Pts: regularPts(cx, cy+r*0.08, r*1.08, 5), Paint: paint})
	default:
		items = append(items, Poly{Pts: []Pt{{cx, cy - r}, {cx + r, cy - r*0.15}, {cx, cy + r}, {cx - r, cy - r*0.15}}, Paint: paint})
	}
	if die.Pips && n <= 6 {
		for _, p := range pipPlaces[n] {
			items = append(items, Circle{X: cx + p.X*r*0.5, Y: cy + p.Y*r*0.5, R: 1.1, Paint: Fill(ink)})
		}
		return items
	}
	return append(items, PlaceText(strconv.Itoa(n), "en", Bold, ink, cx, cy+2.1, dieSize*0.8, 13, 8, 'c'))
}

// pipPlaces are a d6's pips, in half-sizes from the centre.
var pipPlaces = [7][]Pt{
	1: {{0, 0}},
	2: {{-1, -1}, {1, 1}},
	3: {{-1, -1}, {0, 0}, {1, 1}},
	4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	6: {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
}

// regularPts are the corners of a regular n-gon of circumradius r, a
// corner at the top.
func regularPts(cx, cy, r float64, n int) []Pt {
	pts := make([]Pt, n)
	for i := range pts {
		a := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		pts[i] = Pt{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return pts
}
