package render

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/render/markup"
)

// TestFlowLinesCutsOverlongWords: a word wider than the column (a long
// address) is cut into pieces across lines, as a browser breaks it,
// rather than refused; every character is kept.
func TestFlowLinesCutsOverlongWords(t *testing.T) {
	word := strings.Repeat("x", 5000)
	lines, err := FlowLines(Para{Runs: []markup.Run{{Text: "see " + word + " here"}}}, 60, 10, "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 10 {
		t.Fatalf("%d lines for a 5,000-character word in a 60 mm column", len(lines))
	}
	for i, l := range lines {
		if l.Width > 60.001 {
			t.Errorf("line %d is %.1f mm wide, the column 60 mm", i, l.Width)
		}
	}
}
