package wsengine

import (
	"testing"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// TestBigGameHalvesFollowTheSetup: in a big game set up as decisions,
// whoever attacks and whichever corner it takes, the objective on the
// deployment diagonal in a side's own half gives it nothing and the one
// in the opponent's half 15 (WS-BIG-3); the objectives turn with the
// corners (WS-BIG-2).
func TestBigGameHalvesFollowTheSetup(t *testing.T) {
	ps, idx := sampleProfiles(t)
	b := Band{Name: "x", Figs: []int16{idx["militia"]}}
	for attacker := range int8(2) {
		for corner := range int8(4) {
			g, err := NewStandard(ps, [2]Band{b, b}, nil, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			g.Deploy = true
			s, err := NewState(g, 1)
			if err != nil {
				t.Fatal(err)
			}
			// red rolls 6, blue 1: red names the attacker
			if _, err := s.Start(&Dice{Forced: []int8{6, 1}, Strict: true}); err != nil {
				t.Fatal(err)
			}
			d := NewDecision(Attacker, 0, NoFig)
			d.Choice = attacker
			if _, err := s.Do(d, nil, nil); err != nil {
				t.Fatal(err)
			}
			d = NewDecision(Corner, attacker, NoFig)
			d.Choice = corner
			if _, err := s.Do(d, nil, nil); err != nil {
				t.Fatal(err)
			}
			sg := s.Game()
			if sg.Attacker != attacker || sg.Corners[attacker] != corner || sg.Corners[1-attacker] != (corner+2)%4 {
				t.Fatalf("attacker %d, corner %d: game says attacker %d, corners %v", attacker, corner, sg.Attacker, sg.Corners)
			}
			halves := 0
			for o, vp := range sg.SideVP {
				if vp[0] == vp[1] {
					continue
				}
				halves++
				p := sg.Objectives[o]
				near := int8(0) // the side whose corner is nearer: its own half
				if geom.Dist(p, CornerAt(int(sg.Corners[1]), sg.Size)) < geom.Dist(p, CornerAt(int(sg.Corners[0]), sg.Size)) {
					near = 1
				}
				if vp[near] != 0 || vp[1-near] != 15 {
					t.Errorf("attacker %d, corner %s: objective %d at %v scores %v, want 0 for side %d and 15 for the other",
						attacker, CornerNames[corner], o, p, vp, near)
				}
			}
			if halves != 2 {
				t.Errorf("attacker %d, corner %d: %d objectives by half, want 2", attacker, corner, halves)
			}
		}
	}
}
