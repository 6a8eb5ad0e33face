package warstuff

import (
	"testing"

	"wbtool.dev/wbtool/engine/warstuff/geom"
)

// TestStandardDeployment: each band within 9" of its corner (WS-SCEN-4);
// Infiltrators more than 9" from every enemy (WS-BUILD-42).
func TestStandardDeployment(t *testing.T) {
	g := sampleGames(t)[0] // blue fields the sniper, an Infiltrator
	corners := [2]geom.Vec{{}, {X: 32, Y: 32}}
	infiltrators := 0
	for i, f := range g.Figs {
		p := g.Profiles[f.Profile]
		if p.Rules.Has(Infiltrator) {
			infiltrators++
			for _, o := range g.Figs {
				if o.Side != f.Side && geom.Gap(f.At, p.Base/2, o.At, g.Profiles[o.Profile].Base/2) <= 9 {
					t.Errorf("infiltrator %s within 9\" of %s", f.Name, o.Name)
				}
			}
			if geom.Dist(f.At, corners[f.Side]) <= 9 {
				t.Errorf("infiltrator %s stayed in its corner at %v", f.Name, f.At)
			}
			continue
		}
		if d := geom.Dist(f.At, corners[f.Side]) - p.Base/2; d > 9 {
			t.Errorf("figure %d (%s) %.2f\" from its corner", i, f.Name, d)
		}
	}
	if infiltrators == 0 {
		t.Fatal("the sample has no Infiltrator")
	}
	s, err := NewState(g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Invariants(); err != nil {
		t.Fatal(err)
	}
}
