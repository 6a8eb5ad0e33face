package engine_test

import (
	"fmt"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// The rulebooks' worked example, decided through Legal and Apply: three
// dice at 7+ rolling 1, 4 and 8 give one hit and two Stress.
func ExampleApply() {
	cat := &wbcatalog.Catalog{Factions: []wbcatalog.Faction{{ID: "raiders"}}}
	board := &wbcatalog.ActionBoard{ID: "mini", Format: wbcatalog.Exploration, Turns: 1, Periods: []int{1},
		Spaces: []wbcatalog.ActionSpace{
			{ID: "shoot", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActShoot}},
			{ID: "run", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActRun}},
		}}
	gunner := wbcatalog.Profile{Attack: 6, Speed: 3, Accuracy: &wbcatalog.Accuracy{Near: 7}, Dice: wbcatalog.Dice{Ranged: 3},
		Cost: wbcatalog.Cost{"raiders": 1}, Health: 3}
	target := wbcatalog.Profile{Attack: 6, Speed: 3, Cost: wbcatalog.Cost{"raiders": 1}, Health: 4, Morale: 6}
	g, err := wbengine.Compile(cat, &wbengine.Setup{
		Format: wbcatalog.Exploration, Cols: 8, Rows: 16, Board: board,
		Sides: [2]wbengine.SideSetup{
			{Name: "red", Units: []wbengine.UnitSetup{{ID: "gunner", Front: gunner, At: []string{"C3"}}}},
			{Name: "blue", Units: []wbengine.UnitSetup{{ID: "target", Front: target, At: []string{"C9"}}}},
		},
	})
	if err != nil {
		panic(err)
	}
	s, _, err := wbengine.NewState(g, wbengine.Start{Hand: 0, Orders: [2]map[string]int{{"raiders": 1}}})
	if err != nil {
		panic(err)
	}
	step := func(d wbengine.Decision, dice ...int8) {
		var evs []wbengine.Event
		s, evs, err = wbengine.Apply(s, d, &wbengine.Dice{Forced: dice})
		if err != nil {
			panic(err)
		}
		for _, e := range evs {
			fmt.Println(" ", e.Format(g))
		}
	}
	// Blue holds the Hourglass and places it; red then activates and shoots.
	find := func(k wbengine.Kind) wbengine.Decision {
		for _, d := range wbengine.Legal(&s, nil) {
			if d.Kind == k {
				return d
			}
		}
		panic("no " + k.String())
	}
	step(find(wbengine.PlaceHourglass))
	step(wbengine.Decision{Kind: wbengine.Activate, Side: 0, Unit: 0, Space: int8(g.Space("shoot")), Target: -1, Tile: hex.None, Tile2: hex.None, Colour: -1})
	step(find(wbengine.Shoot), 1, 4, 8)
	step(find(wbengine.EndActivation))
	u := s.Unit(g.Unit("target"))
	fmt.Printf("target: %d wound, %d stress\n", u.Wounds, u.Stress)
	// Output:
	//   hourglass blue on shoot
	//   phase action
	//   pay red 1 raiders
	//   activate gunner on shoot
	//   hourglass red
	//   roll gunner 1: 1 4 8
	//   hits target 1
	//   token target 2 stress
	//   token target 1 wound
	//   end gunner
	// target: 1 wound, 2 stress
}
