package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"wbtool.dev/wbtool/render/markup"
)

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
		// a word wider than the column (a long address, a run of
		// characters): cut into pieces that fit, as a browser breaks an
		// overlong word, rather than refuse a page the site shows
		all, _, tooWide = breakParas(TextFrame{W: w}, []Para{cutLongWords(p)}, size, lang, ts)
	}
	if tooWide != "" {
		if utf8.RuneCountInString(tooWide) > 40 {
			tooWide = string([]rune(tooWide)[:40]) + "…"
		}
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

// cutPiece is the longest piece, in characters, of a word cutLongWords
// leaves whole: 16 of the widest glyphs fit any column a page has.
const cutPiece = 16

// cutLongWords is p with every word of more than cutPiece characters cut
// into pieces of cutPiece, separated by spaces where lines may break.
func cutLongWords(p Para) Para {
	runs := make([]markup.Run, len(p.Runs))
	copy(runs, p.Runs)
	for i, r := range runs {
		if r.Icon != "" || utf8.RuneCountInString(r.Text) <= cutPiece {
			continue
		}
		words := strings.Split(r.Text, " ")
		for j, wd := range words {
			rs := []rune(wd)
			if len(rs) <= cutPiece {
				continue
			}
			var b strings.Builder
			for k := 0; k < len(rs); k += cutPiece {
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(string(rs[k:min(k+cutPiece, len(rs))]))
			}
			words[j] = b.String()
		}
		runs[i].Text = strings.Join(words, " ")
	}
	p.Runs = runs
	return p
}
