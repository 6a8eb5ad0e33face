package engine_test

import (
	"fmt"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/engine"
	"wbtool.dev/wbtool/engine/hex"
)

// The rulebooks' worked example, decided through Legal and Apply: three
// dice at 7+ rolling 1, 4 and 8 give one hit and two Stress.
func ExampleApply() {
	cat := &catalog.Catalog{Factions: []catalog.Faction{{ID: "raiders"}}}
	board := &catalog.ActionBoard{ID: "mini", Format: catalog.Exploration, Turns: 1, Periods: []int{1},
		Spaces: []catalog.ActionSpace{
			{ID: "shoot", Period: 1, Actions: []catalog.Action{catalog.ActShoot}},
			{ID: "run", Period: 1, Actions: []catalog.Action{catalog.ActRun}},
		}}
	gunner := catalog.Profile{Attack: 6, Speed: 3, Accuracy: &catalog.Accuracy{Near: 7}, Dice: catalog.Dice{Ranged: 3},
		Cost: catalog.Cost{"raiders": 1}, Health: 3}
	target := catalog.Profile{Attack: 6, Speed: 3, Cost: catalog.Cost{"raiders": 1}, Health: 4, Morale: 6}
	g, err := engine.Compile(cat, &engine.Setup{
		Format: catalog.Exploration, Cols: 8, Rows: 16, Board: board,
		Sides: [2]engine.SideSetup{
			{Name: "red", Units: []engine.UnitSetup{{ID: "gunner", Front: gunner, At: []string{"C3"}}}},
			{Name: "blue", Units: []engine.UnitSetup{{ID: "target", Front: target, At: []string{"C9"}}}},
		},
	})
	if err != nil {
		panic(err)
	}
	s, _, err := engine.NewState(g, engine.Start{Hand: 0, Orders: [2]map[string]int{{"raiders": 1}}})
	if err != nil {
		panic(err)
	}
	step := func(d engine.Decision, dice ...int8) {
		var evs []engine.Event
		s, evs, err = engine.Apply(s, d, &engine.Dice{Forced: dice})
		if err != nil {
			panic(err)
		}
		for _, e := range evs {
			fmt.Println(" ", e.Format(g))
		}
	}
	// Blue holds the Hourglass and places it; red then activates and shoots.
	find := func(k engine.Kind) engine.Decision {
		for _, d := range engine.Legal(&s, nil) {
			if d.Kind == k {
				return d
			}
		}
		panic("no " + k.String())
	}
	step(find(engine.PlaceHourglass))
	step(engine.Decision{Kind: engine.Activate, Side: 0, Unit: 0, Space: int8(g.Space("shoot")), Target: -1, Tile: hex.None, Tile2: hex.None, Colour: -1})
	step(find(engine.Shoot), 1, 4, 8)
	step(find(engine.EndActivation))
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
