package warstuff_test

import (
	"context"
	"strings"
	"testing"

	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/games/warstuff"
	"wbtool.dev/wbtool/pipeline"
)

// TestAidRulesAnchored: every rule the player aids cite is anchored by
// the starter's rules pages (see Warbound's test of the same name).
func TestAidRulesAnchored(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: starterTree(t), Root: "games/warstuff/starter", Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		t.Fatal(err)
	}
	src := res.Content.(*warstuff.Content).Rulebook()
	if len(src.Defined) == 0 {
		t.Fatal("the starter's aids cite no rule")
	}
	src.Defined = nil
	out, err := booklet.Build(src, booklet.Options{CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range out.Problems {
		if strings.Contains(d.Msg, "player aid") {
			t.Errorf("%s", d)
		}
	}
}
