package engine

import (
	"math/rand/v2"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// randomCheck builds a check game from a seed: sometimes sound, often
// wrong in every way a designer can be (unknown names, odd tiles, dice
// out of range, steps in the wrong order).
func randomCheck(r *rand.Rand) wbcatalog.CheckGame {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	// usually the first choice: mostly sound checks, with mistakes
	mostly := func(good string, bad ...string) string {
		if r.IntN(8) != 0 {
			return good
		}
		return pick(bad...)
	}
	tile := func() string {
		if r.IntN(10) == 0 {
			return string(rune('A'+r.IntN(10))) + itoa(r.IntN(18))
		}
		return string(rune('A'+r.IntN(8))) + itoa(1+r.IntN(16))
	}
	tiles := func() wbcatalog.Tiles {
		if r.IntN(4) == 0 {
			return wbcatalog.Tiles{tile(), tile()}
		}
		return wbcatalog.Tiles{tile()}
	}
	c := wbcatalog.CheckGame{ID: "fuzz", Hand: mostly(pick("red", "blue"), "green"), Hourglass: mostly(pick("", "run", "move-2"), "nowhere", "fight")}
	if r.IntN(10) == 0 {
		c.Board = &wbcatalog.CheckBoard{Cols: r.IntN(20), Rows: r.IntN(20),
			Terrain: []wbcatalog.Terrain{{At: tile(), BlocksMove: r.IntN(2) == 0, BlocksSight: true}}}
	}
	if r.IntN(3) == 0 { // Confrontation, on a board with its modifiers
		c.Format = wbcatalog.Format(mostly("confrontation", "exploration", "chess"))
		c.Maintenance = r.IntN(2) == 0
		c.ActionBoard = &wbcatalog.ActionBoard{Turns: 6, Periods: []int{3, 2, 1}, Spaces: []wbcatalog.ActionSpace{
			{ID: "move", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActMove}, Modifiers: []wbcatalog.Modifier{wbcatalog.ModMultiple}},
			{ID: "run", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActRun}},
			{ID: "hide", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActMove, wbcatalog.ActHide}, Modifiers: []wbcatalog.Modifier{wbcatalog.ModTemporisation}},
			{ID: "shoot", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActShoot}, Modifiers: []wbcatalog.Modifier{wbcatalog.ModExtraDie}},
			{ID: "fight", Period: 2, Actions: []wbcatalog.Action{wbcatalog.ActFight}},
		}}
		if r.IntN(4) == 0 {
			c.Objectives = []string{mostly("obj", "nope")}
		}
	}
	c.Sides = map[string]wbcatalog.CheckSide{}
	for _, side := range []string{"red", "blue"} {
		cs := wbcatalog.CheckSide{Orders: map[string]int{mostly(pick("raiders", "wardens"), "purple"): r.IntN(6)}}
		if r.IntN(3) == 0 {
			cs.Leader = mostly(pick("boss", "warden"), "nobody")
		}
		if r.IntN(5) == 0 {
			cs.Leaders = []string{mostly("boss", "nobody"), mostly("warden", "boss")}
		}
		if r.IntN(15) == 0 {
			cs.Deck = pick("deck", "nope")
		}
		for i := range 1 + r.IntN(3) {
			u := wbcatalog.CheckUnit{ID: side + itoa(i), At: wbcatalog.Tiles{tile()}}
			if r.IntN(10) == 0 {
				u.At = tiles()
			}
			if r.IntN(20) == 0 {
				u.Card = "ghost"
			} else {
				p := trooper(pick("raiders", "wardens"))
				if r.IntN(3) == 0 {
					p.Skills = []string{pick("sharp-shooting", "nope")}
				}
				u.Profile = &p
			}
			if r.IntN(6) == 0 {
				u.Upgrades = []string{mostly("formation", "boss", "x")}
				if u.Upgrades[0] == "formation" && len(u.At) == 1 {
					u.At = append(u.At, string(rune(u.At[0][0]+1))+u.At[0][1:])
				}
			}
			if r.IntN(4) == 0 {
				u.Tokens = map[string]int{mostly(pick("wound", "stress", "break", "poison", "sacred"), "odd"): r.IntN(5)}
			}
			cs.Units = append(cs.Units, u)
		}
		c.Sides[side] = cs
	}
	units := []string{"red0", "red1", "blue0", "blue1", "ghost"}
	for range r.IntN(12) {
		st := wbcatalog.CheckStep{Side: pick("red", "blue", "", "green")}
		switch r.IntN(9) {
		case 0:
			st.Pass = true
		case 1:
			st.Hourglass = pick("run", "move", "fight", "zzz")
		case 2:
			b := r.IntN(2) == 0
			st.Swap = &b
		case 3:
			st.Keep = pick("raiders", "wardens", "purple")
		case 4:
			st.Exchange = &wbcatalog.CheckExchange{Give: []string{pick("raiders", "wardens"), pick("raiders", "purple")}, Take: pick("wardens", "raiders")}
		case 5:
			st.Deploy = &wbcatalog.CheckDeploy{Unit: pick(units...), At: tiles()}
		case 6:
			yes := r.IntN(2) == 0
			st.Expect = &wbcatalog.CheckExpect{Units: map[string]wbcatalog.UnitExpect{pick(units...): {At: tiles(), Cover: &yes, Maintenance: &yes}},
				Sides: map[string]wbcatalog.SideExpect{pick("red", "blue", "green"): {Orders: map[string]int{pick("raiders", "purple"): 1},
					Objective: pick("", "none", "obj")}}, Phase: "action"}
		default:
			st.Unit = pick(units...)
			st.Space = pick("move", "run", "shoot", "aim-shoot", "fight", "move-shoot", "hide", "nowhere")
			if r.IntN(4) == 0 {
				st.With = pick(units...)
			}
			if r.IntN(6) == 0 {
				st.Gain = pick("raiders", "wardens", "purple")
			}
			for range r.IntN(3) {
				op := wbcatalog.CheckOp{}
				switch r.IntN(6) {
				case 5:
					op.Hide = true
				case 0:
					op.Move = tiles()
				case 1:
					op.Run = tiles()
				case 2:
					op.Shoot, op.Aim = pick(units...), r.IntN(2) == 0
				case 3:
					op.Fight = pick(units...)
				case 4:
					op.Skill, op.Target, op.To = pick("sharp-shooting", "nope"), pick(units...), wbcatalog.Tiles{tile()}
				}
				st.Do = append(st.Do, op)
			}
		}
		for range r.IntN(4) {
			st.Dice = append(st.Dice, r.IntN(13)-1)
		}
		if r.IntN(4) == 0 {
			st.Fails = string(Codes[r.IntN(len(Codes))])
		}
		c.Script = append(c.Script, st)
	}
	return c
}

// FuzzRunCheck: whatever a check game says, RunCheck reports a result or
// a content error; it never panics.
func FuzzRunCheck(f *testing.F) {
	cat := testCatalog()
	for _, s := range []uint64{1, 2, 3, 99} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		c := randomCheck(rand.New(rand.NewPCG(seed, 11)))
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("seed %d: panic: %v\n%+v", seed, p, c)
			}
		}()
		RunCheck(cat, &c)
	})
}

// TestRandomChecksNeverPanic runs a few thousand random check games in the
// ordinary test run.
func TestRandomChecksNeverPanic(t *testing.T) {
	cat := testCatalog()
	r := rand.New(rand.NewPCG(7, 7))
	outcomes := map[string]int{}
	for i := range 3000 {
		c := randomCheck(r)
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("check %d: panic: %v\n%+v", i, p, c)
				}
			}()
			res := RunCheck(cat, &c)
			switch {
			case res.Err != nil:
				outcomes["content error"]++
			case res.Failure != nil:
				outcomes["failure"]++
			default:
				outcomes["passed"]++
			}
		}()
	}
	t.Logf("%v", outcomes)
}
