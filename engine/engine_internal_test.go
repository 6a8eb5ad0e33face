package engine

import (
	"math/rand/v2"
	"testing"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// TestFormationMovesExact compares formationMoves with a brute force over
// every pair of tiles checked by moveOK, on random boards.
func TestFormationMovesExact(t *testing.T) {
	cat := testCatalog()
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		su := testSetup(cat)
		su.Terrain = nil
		for range 25 {
			c, row := r.IntN(8), r.IntN(16)
			su.Terrain = append(su.Terrain, wbcatalog.Terrain{At: string(rune('A'+c)) + itoa(row+1), BlocksMove: true})
		}
		g, err := Compile(cat, su)
		if err != nil {
			t.Fatal(err)
		}
		st, _, _ := NewState(g, Start{Seed: uint64(trial), Hand: 0})
		// Place everyone at random free tiles; unit 1 (r2) is the Formation.
		for u := range g.units {
			for {
				a := hex.Tile(r.IntN(g.grid.Len()))
				if !st.freeTile(a) {
					continue
				}
				st.units[u].tiles[0] = a
				st.occ[a] = int8(u + 1)
				if g.units[u].minis == 2 {
					placed := false
					for _, b := range g.grid.Neighbours(a) {
						if b != hex.None && st.freeTile(b) {
							st.units[u].tiles[1] = b
							st.occ[b] = int8(u + 1)
							placed = true
							break
						}
					}
					if !placed {
						st.occ[a] = 0
						continue
					}
				}
				st.units[u].deployed = true
				break
			}
		}
		for _, n := range []int{1, 2, 3, 5} {
			got := map[[2]hex.Tile]bool{}
			st.formationMoves(1, n, func(a, b hex.Tile) bool {
				if got[[2]hex.Tile{a, b}] {
					t.Fatalf("trial %d: pair %v given twice", trial, [2]hex.Tile{a, b})
				}
				got[[2]hex.Tile{a, b}] = true
				return true
			})
			want := 0
			t0, t1 := st.units[1].tiles[0], st.units[1].tiles[1]
			for a := hex.Tile(0); int(a) < g.grid.Len(); a++ {
				for b := hex.Tile(0); int(b) < g.grid.Len(); b++ {
					da, dbb := a, b
					if a == t0 {
						da = hex.None
					}
					if b == t1 {
						dbb = hex.None
					}
					if st.moveOK(1, [2]hex.Tile{da, dbb}, [2]Path{}, n) != "" {
						continue
					}
					want++
					if !got[[2]hex.Tile{da, dbb}] {
						t.Fatalf("trial %d n %d: legal move %s,%s not listed", trial, n, g.grid.Name(a), g.grid.Name(b))
					}
				}
			}
			if want != len(got) {
				t.Fatalf("trial %d n %d: %d moves listed, %d legal", trial, n, len(got), want)
			}
		}
	}
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// TestCanPayPair compares the short cut of activations (alone and on a
// Multiple space) with payment (DefaultPayment), for every unit and pair
// of units and random pools,
// on spaces with and without cost reduction (R-ACT-6).
func TestCanPayPair(t *testing.T) {
	cat := testCatalog()
	g := mustGame(t, cat, testSetup(cat))
	s, _, _ := NewState(g, Start{Seed: 1, Hand: 0})
	r := rand.New(rand.NewPCG(3, 4))
	reduce, plain := -1, -1
	for i := range g.spaces {
		if g.spaces[i].reduce {
			reduce = i
		} else {
			plain = i
		}
	}
	if reduce < 0 || plain < 0 {
		t.Fatal("the test board needs a space with cost reduction and one without")
	}
	yes := 0
	for range 2000 {
		side := r.IntN(2)
		for c := range g.colours {
			s.orders[side][c] = int8(r.IntN(4))
		}
		for u := range g.units {
			s.units[u].panicked = r.IntN(3) == 0 // the Panic side costs otherwise
			for v := -1; v < len(g.units); v++ { // -1: u alone
				if u == v {
					continue
				}
				for _, sp := range []int{plain, reduce} {
					var none [MaxColours]int8
					_, want := s.payment(side, u, v, sp, &none)
					if got := s.canPayPair(side, u, v, g.spaces[sp].reduce); got != want {
						t.Fatalf("orders %v units %d+%d (-1: alone) space %s: canPayPair %v, payment %v", s.orders[side], u, v, g.spaces[sp].id, got, want)
					}
					if want {
						yes++
					}
				}
			}
		}
	}
	if yes == 0 {
		t.Fatal("no pair could ever pay: the test proves nothing")
	}
}

// TestCanShootAt compares the sight-mask short cut of the activation
// plan with canShootScreened, and shootable with shootCode, on random boards and placements, with
// sight precomputed and not (R-SHOOT-1 to R-SHOOT-3).
func TestCanShootAt(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	cat := testCatalog()
	r := rand.New(rand.NewPCG(9, 10))
	checked, yes := 0, 0
	for trial := range 200 {
		su := testSetup(cat)
		su.Terrain = nil
		for range 20 {
			c, row := r.IntN(8), r.IntN(16)
			su.Terrain = append(su.Terrain, wbcatalog.Terrain{At: string(rune('A'+c)) + itoa(row+1), BlocksSight: true, BlocksMove: r.IntN(2) == 0})
		}
		g, err := Compile(cat, su)
		if err != nil {
			t.Fatal(err)
		}
		if trial%2 == 0 {
			g.PrecomputeSight()
		}
		for u := range g.units {
			if r.IntN(2) == 0 {
				g.units[u].front.Far = 0 // the closest enemy only (R-SHOOT-3)
			}
		}
		st, _, _ := NewState(g, Start{Seed: uint64(trial), Hand: 0})
		for u := range g.units {
			if r.IntN(6) == 0 {
				continue // not deployed
			}
			for {
				a := hex.Tile(r.IntN(g.grid.Len()))
				if !st.freeTile(a) || g.blockMove.Has(a) {
					continue
				}
				tiles := []hex.Tile{a}
				if g.units[u].minis == 2 {
					for _, b := range g.grid.Neighbours(a) {
						if b != hex.None && st.freeTile(b) && !g.blockMove.Has(b) {
							tiles = append(tiles, b)
							break
						}
					}
					if len(tiles) < 2 {
						continue
					}
				}
				for i, x := range tiles {
					st.units[u].tiles[i] = x
					st.put(u, x)
				}
				st.units[u].deployed = true
				break
			}
		}
		for side := range int8(2) {
			tg := st.shootTargetsOf(side)
			for u := range g.units {
				if g.units[u].side != side || !st.inPlay(u) {
					continue
				}
				want := st.canShootScreened(u, tg.screened)
				if got := st.canShootAt(u, &tg); got != want {
					t.Fatalf("trial %d unit %s: canShootAt %v, canShootScreened %v", trial, g.units[u].id, got, want)
				}
				checked++
				if want {
					yes++
				}
				m := st.shootable(u)
				for v := range g.units {
					if got, want := m&(1<<uint(v)) != 0, st.shootCode(u, v) == ""; got != want {
						t.Fatalf("trial %d: %s shooting %s: shootable %v, shootCode %q", trial, g.units[u].id, g.units[v].id, got, st.shootCode(u, v))
					}
				}
				if (m != 0) != want {
					t.Fatalf("trial %d unit %s: shootable %b, canShootScreened %v", trial, g.units[u].id, m, want)
				}
			}
		}
	}
	if yes == 0 || yes == checked {
		t.Fatalf("%d of %d shooters could shoot: the test proves nothing", yes, checked)
	}
}
