package unbound

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/unbound/ubengine"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// Figures of 40k Unbound's rules pages drawn from its data (issue 32),
// the same drawing on the site (SVG) and in the rulebook (vector PDF):
//
//	[[token:wardens]]       an army's activation token, in its side's
//	                        colour (U-TOKEN-1), as the token sheet cuts it
//	[[token:order-shoot]]   an order marker: the order's name on its
//	                        kind's colour (planned slate, immediate rust)
//	[[dice:d6 2 5 4+]]      D6 results, those reaching the target solid
//	[[dice:end-6 4]]        the end-of-game roll after turn 6: the target
//	                        is the engine's (ubengine.GameEnds, U-END-3)
//
// The scenarios give their deployment zones in words, not on a table, so
// a map is refused with that reason.

// d6 is the die of 40k Unbound's figures.
var d6 = render.Die{Name: "d6", Sides: 6, Max: 6, Pips: true, Colour: colInk}

// figure draws figure f in language l, or says why it cannot.
func (c *Content) figure(f lang.Figure, l lang.Lang) (*render.Drawing, error) {
	cat := c.Catalog
	switch f.Kind {
	case "token":
		if len(f.Args) > 0 {
			return nil, fmt.Errorf("a token figure is its id alone, as in [[token:%s]]", f.ID)
		}
		if id, ok := strings.CutPrefix(f.ID, "order-"); ok {
			if o := cat.Order(id); o != nil {
				col := colPlanned
				if o.Kind == "immediate" {
					col = colReact
				}
				return tokenDrawing(o.Name.In(l), col, l), nil
			}
		}
		if a := cat.Army(f.ID); a != nil {
			return tokenDrawing(a.Name.In(l), armyColours[c.armyIndex(a.ID)%len(armyColours)], l), nil
		}
		var ids []string
		for _, a := range cat.Armies {
			ids = append(ids, a.ID)
		}
		for _, o := range cat.Orders {
			ids = append(ids, "order-"+o.ID)
		}
		return nil, fmt.Errorf("unknown token %q: an army's activation token or an order marker (%s)", f.ID, strings.Join(ids, ", "))
	case "dice":
		if f.ID == "d6" {
			return render.DiceDrawing(d6, lang.Text{EN: "D6", FR: "D6"}.In(l), string(l), f.Args)
		}
		if t, ok := strings.CutPrefix(f.ID, "end-"); ok {
			return endRoll(t, f.Args, l)
		}
		return nil, fmt.Errorf("unknown die %q: 40k Unbound rolls d6, and end-N is the end-of-game roll after turn N (U-END-3)", f.ID)
	case "map":
		return nil, fmt.Errorf("40k Unbound's scenarios give their deployment zones in words, not on a table: no map figures (write the zone in the text)")
	}
	return nil, fmt.Errorf("no %s figures in 40k Unbound", f.Kind)
}

// endRoll draws [[dice:end-N results…]]: the roll after turn N that ends
// the game on the engine's target.
func endRoll(turn string, args []string, l lang.Lang) (*render.Drawing, error) {
	n, err := strconv.Atoi(turn)
	var rolled []int
	for t := 1; t < ubengine.LastTurn; t++ {
		if ubengine.GameEnds(t, 6) {
			rolled = append(rolled, t)
		}
	}
	if err != nil || !slices.Contains(rolled, n) {
		var ts []string
		for _, t := range rolled {
			ts = append(ts, "[[dice:end-"+strconv.Itoa(t)+" …]]")
		}
		return nil, fmt.Errorf("no end-of-game roll after turn %q: write %s (U-END-3); the game always ends after turn %d (U-END-5)", turn, strings.Join(ts, " or "), ubengine.LastTurn)
	}
	for _, a := range args {
		if strings.HasSuffix(a, "+") {
			return nil, fmt.Errorf("%q: the end-of-game roll's target is the rules' (U-END-3); write the results only", a)
		}
	}
	target := 6
	for target > 1 && ubengine.GameEnds(n, target-1) {
		target--
	}
	title := lang.Text{EN: fmt.Sprintf("End of turn %d", n), FR: fmt.Sprintf("Fin du tour %d", n)}
	return render.DiceDrawing(d6, title.In(l), string(l), append(slices.Clone(args), strconv.Itoa(target)+"+"))
}

// tokenDrawing is a round token of colour col with a word on it, the size
// of the token sheet's (kit.go).
func tokenDrawing(word string, col render.Colour, l lang.Lang) *render.Drawing {
	const r = 11.0
	return &render.Drawing{W: 2*r + 2, H: 2*r + 2, Title: word, Items: []render.Item{
		render.Circle{X: r + 1, Y: r + 1, R: r, Paint: render.FillStroke(col, colInk, 0.3)},
		render.Circle{X: r + 1, Y: r + 1, R: r - 1.2, Paint: render.Stroke(col.Mix(colWhite, 0.45), 0.3)},
		render.PlaceText(word, string(l), render.Bold, colWhite, r+1, r+2.2, 2*r-4, 7, 3.5, 'c'),
	}}
}
