package render

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/render/markup"
)

const shyWord = "Anti\u00adcons\u00adti\u00adtu\u00adtion\u00adnel\u00adle\u00adment"

// texts lays out one paragraph in a box w mm wide at 8 pt and returns the
// drawn texts, one line per element (words joined by a space).
func texts(t *testing.T, s string, w float64) []string {
	t.Helper()
	items, _, tooWide := LayoutParas(TextFrame{W: w, H: 100}, []Para{{Runs: []markup.Run{{Text: s}}, Base: Regular}}, 8, "fr", nil, true)
	if tooWide != "" {
		t.Fatalf("%q: word %q too wide for %g mm", s, tooWide, w)
	}
	var lines []string
	lastY := -1.0
	for _, it := range items {
		tx, ok := it.(Text)
		if !ok {
			continue
		}
		if tx.Y != lastY {
			lines = append(lines, tx.S)
			lastY = tx.Y
		} else {
			lines[len(lines)-1] += " " + tx.S
		}
	}
	return lines
}

// A soft hyphen is never drawn: in a wide box the word is whole, without
// a hyphen; in a narrow one it breaks at soft hyphens, each broken line
// ending with a visible hyphen.
func TestSoftHyphen(t *testing.T) {
	if got := texts(t, "Le "+shyWord+" ici.", 80); len(got) != 1 || got[0] != "Le Anticonstitutionnellement ici." {
		t.Errorf("wide box: %q", got)
	}
	got := texts(t, "Le "+shyWord+" ici.", 14)
	t.Logf("14 mm: %q", got)
	if len(got) < 2 {
		t.Fatalf("narrow box: one line %q, want a break", got)
	}
	joined := ""
	for i, l := range got {
		if strings.Contains(l, "\u00ad") {
			t.Errorf("line %q draws a soft hyphen", l)
		}
		if i < len(got)-1 && strings.HasSuffix(l, "-") {
			l = strings.TrimSuffix(l, "-")
		} else if i < len(got)-1 {
			l += " "
		}
		joined += l
	}
	if joined != "Le Anticonstitutionnellement ici." {
		t.Errorf("narrow box lines %q do not make the text back", got)
	}
	if !strings.HasSuffix(got[0], "-") {
		t.Errorf("first line %q: want the word started on it and hyphenated (%q)", got[0], got)
	}
	// A word wider than the box without soft hyphens is still an error.
	if _, _, tooWide := LayoutParas(TextFrame{W: 10, H: 100}, []Para{{Runs: []markup.Run{{Text: "Anticonstitutionnellement"}}, Base: Regular}}, 8, "fr", nil, false); tooWide == "" {
		t.Error("a word wider than its box without soft hyphens fits")
	}
}
