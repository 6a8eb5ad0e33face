package warbound

import (
	"context"
	"strings"
	"testing"

	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/pipeline"
)

// TestAidRulesAnchored: every rule the player aids cite is anchored by
// the starter's rules pages. The aids cite Warbound's rules as defined
// (Rulebook sets Defined, so that a designer's own pages need not carry
// them); here they are checked as if only the pages defined rules, so a
// rule number mistyped in aids.go fails.
func TestAidRulesAnchored(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: starterFS(t), Root: "content", Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		t.Fatal(err)
	}
	src := res.Content.(*Content).Rulebook()
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
