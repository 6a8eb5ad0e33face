package warstuff

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
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

// TestBigGame: a 100-point game is played on a 36" table with five
// objectives; the one on the deployment diagonal in the opponent's half
// is worth 15, the one in your own half nothing (WS-BIG-1 to 3).
func TestBigGame(t *testing.T) {
	ps, idx := sampleProfiles(t)
	b := Band{Name: "x", Figs: []int16{idx["militia"]}}
	g, err := NewStandard(ps, [2]Band{b, b}, nil, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if g.Size != 36 || len(g.Objectives) != 5 {
		t.Fatalf("size %v, %d objectives", g.Size, len(g.Objectives))
	}
	for _, c := range []struct {
		red, blue int
		want      [2]int16
	}{
		{4, 3, [2]int16{15, 15}}, // each in the opponent's half
		{3, 4, [2]int16{0, 0}},   // each in its own half
		{0, 1, [2]int16{10, 5}},
	} {
		s, err := NewState(g, 1)
		if err != nil {
			t.Fatal(err)
		}
		s.figs[0].P = g.Objectives[c.red].Add(geom.Vec{X: 1.05})
		s.figs[1].P = g.Objectives[c.blue].Add(geom.Vec{X: 1.05})
		s.score(&ctx{})
		if [2]int16(s.vp[:2]) != c.want || s.winner != -1 {
			t.Errorf("red on %d, blue on %d: VP %v winner %d, want %v and a draw (margin 10)", c.red, c.blue, s.vp, s.winner, c.want)
		}
	}
}

// TestEverywhereBounds: They Come From Everywhere changes the spawn dice by
// one or two (WS-VAR-4); NewState refuses more.
func TestEverywhereBounds(t *testing.T) {
	g := *sampleGames(t)[2]
	for _, n := range []int{-3, 3, 7} {
		g.Everywhere = n
		if _, err := NewState(&g, 1); err == nil || !strings.Contains(err.Error(), "WS-VAR-4") {
			t.Errorf("Everywhere %d: got %v, want an error citing WS-VAR-4", n, err)
		}
	}
	for _, n := range []int{-2, -1, 0, 1, 2} {
		g.Everywhere = n
		if _, err := NewState(&g, 1); err != nil {
			t.Errorf("Everywhere %d: %v", n, err)
		}
	}
}
