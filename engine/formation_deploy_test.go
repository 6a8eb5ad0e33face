package engine

import (
	"errors"
	"testing"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// TestFormationDeploysInsideZone: both miniatures of a Formation deploy
// inside the deployment zone (R-FORM-1). Red's zone is A1–D1 and its
// single miniature takes B1: the Formation fits only on C1 and D1, and
// Legal no longer offers a second miniature outside the zone.
func TestFormationDeploysInsideZone(t *testing.T) {
	cat := testCatalog()
	su := testSetup(cat)
	su.Zones[0] = []wbcatalog.Zone{{Player: 1, From: "A1", To: "D1"}}
	g := mustGame(t, cat, su)
	s, _, err := NewState(g, Start{Seed: 1, Hand: 0})
	if err != nil {
		t.Fatal(err)
	}
	at := func(name string) hex.Tile {
		x, ok := g.grid.Parse(name)
		if !ok {
			t.Fatalf("bad tile %s", name)
		}
		return x
	}
	deploy := func(side int8, t1, t2 hex.Tile) error {
		d := baseDecision(side)
		d.Kind, d.Unit, d.Tile, d.Tile2 = DeployUnit, int8(s.deployUnit()), t1, t2
		_, err := s.Do(d, nil, nil)
		return err
	}
	if err := deploy(0, at("B1"), hex.None); err != nil { // r1
		t.Fatal(err)
	}
	if err := deploy(1, at("B16"), hex.None); err != nil { // b1
		t.Fatal(err)
	}
	u := s.deployUnit()
	if g.units[u].minis != 2 || s.toAct != 0 {
		t.Fatalf("expected red's Formation to deploy, got unit %d of side %d", u, s.toAct)
	}
	zone := g.zones[0]
	n := 0
	for _, d := range Legal(&s, nil) {
		if d.Kind != DeployUnit {
			continue
		}
		n++
		if !zone.Has(d.Tile) || !zone.Has(d.Tile2) {
			t.Errorf("Legal offers %s and %s: both miniatures must be inside the zone (R-FORM-1)", g.grid.Name(d.Tile), g.grid.Name(d.Tile2))
		}
		if err := s.deployError(u, d.Tile, d.Tile2); err != nil {
			t.Errorf("Legal offers %s and %s, deployError says %v", g.grid.Name(d.Tile), g.grid.Name(d.Tile2), err)
		}
	}
	if n == 0 {
		t.Error("the Formation fits on C1 and D1 but Legal offers nothing")
	}
	for _, tc := range []struct {
		a, b string
		want Code
	}{
		{"A1", "A2", ErrNotInZone}, // second miniature outside the zone
		{"C2", "C1", ErrNotInZone}, // first miniature outside the zone
		{"C1", "B1", ErrNotInZone}, // B1 is taken
		{"A1", "C1", ErrFormationSplit},
	} {
		err := s.deployError(u, at(tc.a), at(tc.b))
		var re *RuleError
		if !errors.As(err, &re) || re.Code != tc.want {
			t.Errorf("deploy on %s and %s: %v, want %s", tc.a, tc.b, err, tc.want)
		}
	}
	if err := s.deployError(u, at("C1"), at("D1")); err != nil {
		t.Errorf("deploy on C1 and D1: %v", err)
	}
}
