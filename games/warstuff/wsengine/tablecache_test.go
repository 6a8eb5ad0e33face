package wsengine

import (
	"math"
	"slices"
	"testing"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// infiltratePointsRef is placePoints' Infiltrate sample as it was before
// the grid orders (tableCache.gridByDistance): every legal grid point
// tested, the nearest to the centre and to each objective kept, the first
// in grid order among equals.
func infiltratePointsRef(s *State, f int8) []geom.Vec {
	p := s.order[s.placing]
	var out []geom.Vec
	goals := append([]geom.Vec{{X: s.g.Size / 2, Y: s.g.Size / 2}}, s.g.Objectives...)
	best := make([]geom.Vec, len(goals))
	bd := make([]float64, len(goals))
	for i := range bd {
		bd[i] = math.Inf(1)
	}
	for x := 1.0; x < s.g.Size; x += 2 {
		for y := 1.0; y < s.g.Size; y += 2 {
			at := geom.Vec{X: x, Y: y}
			if s.placeAt(Infiltrate, f, p, at) != "" {
				continue
			}
			for i, gl := range goals {
				if d := geom.Dist(at, gl); d < bd[i] {
					best[i], bd[i] = at, d
				}
			}
		}
	}
	for i := range goals {
		if !math.IsInf(bd[i], 1) && !containsVec(out, best[i]) {
			out = append(out, best[i])
		}
	}
	return out
}

// TestInfiltratePointsAreTheNearestLegal: in random games set up as
// decisions (two 50-point tables and a 100-point one), each Infiltrator's
// sampled points are those of the exhaustive search of the grid, in the
// same order, whether the table cache is shared between games or fresh.
func TestInfiltratePointsAreTheNearestLegal(t *testing.T) {
	ps, idx := sampleProfiles(t)
	band := bandOf(idx)
	red := band("red", "sniper", "storm-seer", "sniper", "militia", "militia")
	blue := band("blue", "sniper", "brute", "medic", "militia")
	small, err := NewStandard(ps, [2]Band{red, blue}, SampleTerrain(32), 0, 50)
	if err != nil {
		t.Fatal(err)
	}
	big, err := NewStandard(ps, [2]Band{red, blue}, nil, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	shared := new(tableCache)
	compared := 0
	for gi, g := range []*Game{small, big} {
		g.Deploy = true
		for seed := range uint64(40) {
			tc := shared
			if seed%2 == 1 {
				tc = new(tableCache)
			}
			s, err := newState(g, seed, tc)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Start(nil); err != nil {
				t.Fatal(err)
			}
			bot := NewRandomBot(seed)
			var legal []Decision
			for s.InSetup() && !s.Over() {
				if s.pend == pendDeploy && s.su == suInfiltrate {
					for f := range s.n {
						if s.figs[f].has(fUnplaced) && s.has(f, Infiltrator) && s.playerOf(f) == s.order[s.placing] {
							got, want := s.placePoints(f, Infiltrate), infiltratePointsRef(s, f)
							if !slices.Equal(got, want) {
								t.Fatalf("game %d seed %d figure %d: points %v, want %v", gi, seed, f, got, want)
							}
							compared++
						}
					}
				}
				legal = s.Legal(legal[:0])
				if _, err := s.Do(legal[bot.Choose(s, legal)], nil, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if compared < 40 {
		t.Fatalf("%d infiltrations compared", compared)
	}
}

// TestTableCacheAdopt: a table cache keeps its entries for the same
// table and empties itself for another (a piece moved, one that no
// longer blocks sight, one piece fewer).
func TestTableCacheAdopt(t *testing.T) {
	g := sampleGames(t)[0]
	c := new(tableCache)
	key := sightKey{a: geom.Vec{X: 1, Y: 2}, b: geom.Vec{X: 3, Y: 4}, ra: 0.5, rb: 0.5}
	kept := func(other *Game) bool { // entries made on g, then other adopted
		c.adopt(g)
		c.sight.put(key, true)
		c.gridByDistance(g.Size, geom.Vec{X: 16, Y: 16})
		c.adopt(other)
		_, ok := c.sight.get(key)
		return ok && len(c.grids) > 0
	}
	if !kept(g) {
		t.Fatal("the same table: the entries are gone")
	}
	moved := *g
	moved.Pieces = slices.Clone(g.Pieces)
	pts := slices.Clone(moved.Pieces[0].Shape.Pts)
	pts[0].X += 0.25
	moved.Pieces[0].Shape = geom.NewShape(pts)
	if kept(&moved) {
		t.Fatal("a piece moved: the entries are kept")
	}
	open := *g
	open.Pieces = slices.Clone(g.Pieces)
	for k := range open.Pieces {
		if open.Pieces[k].BlocksSight {
			open.Pieces[k].BlocksSight = false
			break
		}
	}
	if kept(&open) {
		t.Fatal("a piece no longer blocks sight: the entries are kept")
	}
	if fewer := (Game{Size: g.Size, Pieces: g.Pieces[:len(g.Pieces)-1]}); kept(&fewer) {
		t.Fatal("a piece fewer: the entries are kept")
	}
}
