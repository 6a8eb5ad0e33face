package unbound

import (
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestOrderDataDrivesTheChecks: a designer who changes an order's data
// sees the check games react (Decision U-ORDER-11): covering fire made a
// reaction to shots only fails the checks that relied on it, each at its
// step.
func TestOrderDataDrivesTheChecks(t *testing.T) {
	base := testtool.CopyFS(t, starterFS())
	f := base["orders/orders.cue"]
	src := strings.Replace(string(f.Data), `condition:     "enemy-order"`, `condition:     "shot-at"`, 1)
	if src == string(f.Data) {
		t.Fatal("the starter's covering fire is no longer enemy-order")
	}
	base["orders/orders.cue"] = &fstest.MapFile{Data: []byte(src)}
	c, err := Ruleset{}.Load(base, ruleset.LoadOptions{Root: "st"})
	if err != nil {
		t.Fatal(err)
	}
	rep := c.Checks(nil)
	if rep.Failed == 0 {
		t.Fatal("no check game noticed the change")
	}
	text := rep.Diagnostics.Text()
	for _, want := range []string{
		`st/checks/react.cue:14:41: checks.two-opponents-react-once-each: check two-opponents-react-once-each: step 2: phase: expected reacting, got countering`,
		`check counter-order-replaces-the-planned-order: step 2: "stalkers covering-fire line-a" refused: condition (U-REACT-11)`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	t.Logf("%d of %d check games fail after the change", rep.Failed, rep.Failed+rep.Passed)
}

// TestCoverage: the check games name 76 of the digest's 83 rules; the
// seven left are resolution of the underlying game (U-RULE-1, 2, 4, 6,
// 8, 9, U-SHOOT-5), nothing the protocol decides.
func TestCoverage(t *testing.T) {
	untested, summary := starter(t).Coverage()
	if summary != "76 of 83 rules of RULES.md named by 41 check games" {
		t.Errorf("summary %q", summary)
	}
	var ids []string
	for _, u := range untested {
		ids = append(ids, strings.Fields(u)[2])
	}
	if got := strings.Join(ids, " "); got != "U-SHOOT-5: U-RULE-1: U-RULE-2: U-RULE-4: U-RULE-6: U-RULE-8: U-RULE-9:" {
		t.Errorf("untested %s", got)
	}
}
