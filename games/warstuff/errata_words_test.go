package warstuff

import (
	"context"
	"strings"
	"testing"

	"wbtool.dev/wbtool/changes"
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
)

// TestErrataInPlayersWords changes every field of every entity of the
// starter and reads the errata page's changes in both languages (issue 36
// item 5): never a value as JSON, a yes or no as true or false, or a
// field's path.
func TestErrataInPlayersWords(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: wsstarter.FS, Root: "games/warstuff/starter", Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := res.Content.(*Content)
	if !ok {
		t.Fatalf("content %T: %s", res.Content, res.Diagnostics.Text())
	}
	cs, err := c.Comparable()
	if err != nil {
		t.Fatal(err)
	}
	r, err := changes.EveryFieldChanged(cs)
	if err != nil {
		t.Fatal(err)
	}
	c.Changes = &changes.Errata{From: "0.1", To: "0.2", Changes: r.Changes}
	for _, l := range lang.Langs {
		var page strings.Builder
		n := 0
		for _, g := range c.errataData(l, false)["Groups"].([]errataGroup) {
			for _, ch := range g.Changes {
				page.WriteString(string(ch))
				n++
			}
		}
		if n == 0 {
			t.Fatalf("%s: no change on the errata page", l)
		}
		for _, bad := range changes.RawInErrata(page.String()) {
			t.Errorf("%s: not in players' words: %s", l, bad)
		}
	}
}
