package render

import "wbtool.dev/wbtool/render/markup"

// Shortcuts of the layout API for a game's own cards: a text box of
// blocks, one line of text, pages as a PDF.

// Block is a paragraph of card text for TextBox: card markup (emphasis,
// strong) in one style and colour.
type Block struct {
	Text   string
	Bold   bool
	Colour Colour
	// Scale is the size relative to the box's body size (1 when 0); Gap
	// the space before it, in ems.
	Scale, Gap float64
}

// TextBox lays blocks out in the box (x, y, w, h in mm) at the largest
// size from maxPt down to minPt that fits, with lang's typography. Text
// that does not fit, or that the card font cannot draw, is an error
// naming what; it is never clipped.
func TextBox(x, y, w, h float64, blocks []Block, lang string, maxPt, minPt float64, what string) ([]Item, error) {
	var paras []Para
	for _, b := range blocks {
		doc, err := markup.Parse(b.Text)
		if err != nil {
			return nil, &FitError{what: what, detail: err.Error()}
		}
		base := Regular
		if b.Bold {
			base = Bold
		}
		for i, p := range doc.Paragraphs {
			g := b.Gap
			if i > 0 {
				g = 0.3
			}
			paras = append(paras, Para{Runs: p.Runs, Base: base, Scale: b.Scale, Colour: b.Colour, Gap: g})
		}
	}
	items, _, err := FitText(TextFrame{X: x, Y: y, W: w, H: h}, paras, maxPt, minPt, lang, nil, what)
	return items, err
}

// TextLine draws s on one line in width w, from maxPt down to minPt;
// align is 'l', 'c' or 'r' (x is then the left edge, centre or right
// edge). A text that does not fit is an error naming what.
func TextLine(s, lang string, bold bool, col Colour, x, y, w, maxPt, minPt float64, align byte, what string) (Item, error) {
	st := Regular
	if bold {
		st = Bold
	}
	return StyledLine(s, lang, st, col, x, y, w, maxPt, minPt, align, what)
}

// PagesPDF draws pages as one PDF document titled title, with the sheet
// options' date and version (deterministic).
func PagesPDF(o SheetOptions, title string, pages []Page) ([]byte, error) {
	return writePages(o, title, pages)
}
