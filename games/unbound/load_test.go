package unbound

import (
	"testing"

	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

func TestStarterLoads(t *testing.T) {
	c, err := Ruleset{}.Load(ubstarter.FS, ruleset.LoadOptions{Root: "games/unbound/starter"})
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Log(c.Summary())
	rep := c.Checks(nil)
	for _, d := range rep.Diagnostics {
		t.Error(d)
	}
	t.Logf("%d passed, %d failed", rep.Passed, rep.Failed)
}
