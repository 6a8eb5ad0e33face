package render

import (
	"testing"

	"wbtool.dev/wbtool/render/markup"
)

// TestTypographyIcons: punctuation right after an icon touches it as it
// would a word, and a number stays on the line of what it counts.
func TestTypographyIcons(t *testing.T) {
	for _, name := range []string{markup.IconMove, markup.IconShoot, markup.IconRangedDie} {
		p := Para{Runs: []markup.Run{{Text: "After a "}, {Icon: name}, {Text: ", remove 2 Stress."}}, Colour: ColInk}
		words := splitWords(&p, 10, "en")
		var w word
		for _, x := range words {
			if len(x.pieces) > 1 && x.pieces[0].icon != "" {
				w = x
			}
		}
		if w.pieces == nil || w.pieces[1].text != "," {
			t.Fatalf("%s: no icon word with its comma: %+v", name, words)
		}
		// the blank between the icon's drawing and the comma
		ic := w.pieces[0]
		right := 0.0
		for _, it := range drawPiece(ic, 0, 10, 10, ColInk, nil) {
			if _, hi, ok := itemBox(it); ok {
				right = max(right, hi.X)
			}
		}
		if gap := ic.w - right; gap > 0.25 {
			t.Errorf("%s: %.2f mm between the icon and the comma", name, gap)
		}
		found := false
		for _, x := range words {
			if len(x.pieces) == 1 && x.pieces[0].text == "2\u00a0Stress." {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: 2 Stress can break: %+v", name, words)
		}
	}
}
