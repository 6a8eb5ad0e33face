package gametest_test

import (
	"testing"

	"wbtool.dev/wbtool/internal/gametest"
	_ "wbtool.dev/wbtool/internal/gametest/tinygame" // the tiny test-only game: this line is all it needs outside its folder
)

// TestConformance runs the suite over every game registered in this test
// binary: the tiny game, which describes itself (gametest.Describer). The
// real games run the suite from their own folders (games/*/conformance_test.go),
// so that this package's tests link no game and an edit in one game runs
// that game's suite alone; internal/deps checks that each game does.
func TestConformance(t *testing.T) {
	games := gametest.Games(t)
	if len(games) == 0 {
		t.Fatal("no game is registered: the tiny game's import is missing")
	}
	for _, g := range games {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, g)
		})
	}
}
