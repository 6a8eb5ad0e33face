package convicted

import (
	"os"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/convicted/cvschema"
)

func loadStarter(t testing.TB) *Content {
	t.Helper()
	cat, warns, err := cvschema.Load(os.DirFS("starter"), cvschema.Options{Root: "games/convicted/starter"})
	if err != nil {
		t.Fatalf("the starter does not load:\n%v", err)
	}
	c, err := newContent(cat, warns)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestStarterCheckGames plays every check game of the starter; -v shows
// each step's events.
func TestStarterCheckGames(t *testing.T) {
	c := loadStarter(t)
	for i := range c.Catalog.Checks {
		ch := &c.Catalog.Checks[i]
		res := c.rules.RunCheck(ch)
		if !res.OK {
			t.Errorf("check %s: step %d: %s", ch.ID, res.Step, res.Msg)
		}
		t.Logf("%s:\n  %s", ch.ID, strings.Join(res.Account, "\n  "))
	}
}
