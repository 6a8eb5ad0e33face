package render

import "fmt"

// Flowing text: a paragraph broken into lines that a page layout (the
// printed rulebook, package booklet) places one by one, splitting a
// paragraph between pages where it must. The lines are broken and drawn
// as a card's text box is (breakParas, appendParas): the same widths,
// soft hyphens, icons and typography.

// FlowLine is one line of a paragraph: its items with the line's top-left
// corner at (0, 0), and its height (the line pitch).
type FlowLine struct {
	Items  []Item
	Height float64
	Width  float64 // the width its words take
}

// FlowLines breaks p into lines w mm wide at body size size (pt), in
// lang's typography. A word wider than w, or a character the fonts cannot
// draw, is an error naming it.
func FlowLines(p Para, w, size float64, lang string, faction func(string) (Colour, bool)) ([]FlowLine, error) {
	if _, _, err := FitParasTo(nil, TextFrame{W: 1e9, H: 1e9}, []Para{p}, size, size, lang, faction, "text", false); err != nil {
		if fe, ok := err.(*FitError); ok {
			return nil, fmt.Errorf("%s", fe.detail)
		}
		return nil, err
	}
	ts := new(textScratch)
	all, _, tooWide := breakParas(TextFrame{W: w}, []Para{p}, size, lang, ts)
	if tooWide != "" {
		return nil, fmt.Errorf("the word %q is wider than the text column (%.1f mm)", tooWide, w)
	}
	var out []FlowLine
	for _, pl := range all {
		for i := range pl.lines {
			one := placed{p: pl.p, lines: pl.lines[i : i+1], em: pl.em}
			h := pl.em * lineHeight
			items := appendParas(nil, TextFrame{W: w}, []placed{one}, h, faction)
			out = append(out, FlowLine{Items: items, Height: h, Width: pl.lines[i].w})
		}
	}
	return out, nil
}
