package cvschema

import (
	"os"
	"testing"
)

func TestStarterLoads(t *testing.T) {
	c, warns, err := Load(os.DirFS("../starter"), Options{Root: "starter"})
	if err != nil {
		t.Fatalf("%v", err)
	}
	for _, w := range warns {
		t.Log(w)
	}
	d, dd, tbd := c.Counts()
	t.Logf("%d rules: %d defined, %d decided, %d tbd; %d techs, %d scenarios", len(c.Rules), d, dd, tbd, len(c.Technologies), len(c.Scenarios))
}

func TestStarterChecks(t *testing.T) {
	c, _, err := Load(os.DirFS("../starter"), Options{Root: "starter"})
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Logf("%d checks", len(c.Checks))
}
