package warstuff

import (
	"slices"
	"testing"

	"wbtool.dev/wbtool/games/warstuff/wsengine"
)

// TestAidsCoverEveryOption: the activation aid lists every option a
// player picks in the engine, each with its names and reminder; an
// option added to the engine without its aid fails here.
func TestAidsCoverEveryOption(t *testing.T) {
	for o := wsengine.MoveShoot; int(o) < len(wsengine.OptionIDs); o++ {
		id := wsengine.OptionIDs[o]
		if id == "creature" {
			continue // the engine's own activation of a creature
		}
		if !slices.Contains(aidOptions, o) {
			t.Errorf("option %s is not in the activation aid (aidOptions)", id)
		}
		if tx, ok := optionTexts[id]; !ok || tx[0].EN == "" || tx[0].FR == "" || tx[1].EN == "" || tx[1].FR == "" {
			t.Errorf("option %s has no name or reminder in both languages (optionTexts)", id)
		}
	}
}
