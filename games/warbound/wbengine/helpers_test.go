package wbengine

import (
	"testing"

	"wbtool.dev/wbtool/catalog"
)

// testCatalog is a small catalog of our own for engine tests.
func testCatalog() *catalog.Catalog {
	cat := &catalog.Catalog{
		Formations: []catalog.Formation{{ID: "formation", Bonuses: catalog.FormationBonus{Cost: 1, Hit: 1, RangedDice: 1, MeleeDice: 1, Health: 1}}},
		Factions:   []catalog.Faction{{ID: "raiders"}, {ID: "wardens"}},
		Skills: []catalog.Skill{
			{ID: "sharp-shooting", Effect: &catalog.Effect{Trigger: catalog.TrigPassive, Do: []catalog.Op{{Flag: catalog.FlagSharpShooting}}}},
		},
		Leaders: []catalog.Leader{
			{ID: "boss", Faction: "raiders", Exploration: catalog.LeaderSide{Orders: []map[string]int{{"raiders": 3}, {"raiders": 4}}}},
			{ID: "warden", Faction: "wardens", Exploration: catalog.LeaderSide{Orders: []map[string]int{{"wardens": 2, "raiders": 1}, {"wardens": 4}}}},
		},
		ActionBoards: []catalog.ActionBoard{testBoard()},
		Objectives:   []catalog.ObjectiveCard{{ID: "obj", Format: catalog.Confrontation, Scoring: []catalog.Scoring{{Kind: ScoreRemoveEnemy, VP: 2}}}},
		Decks:        []catalog.Deck{{ID: "deck", Format: catalog.Confrontation, Cards: []string{"boss", "warden"}}},
	}
	cat.Sort()
	return cat
}

func testBoard() catalog.ActionBoard {
	return catalog.ActionBoard{
		ID: "exploration", Format: catalog.Exploration, Turns: 5, Periods: []int{2, 3},
		Spaces: []catalog.ActionSpace{
			{ID: "move", Period: 1, Actions: []catalog.Action{catalog.ActMove}, Modifiers: []catalog.Modifier{catalog.ModCostReduction}},
			{ID: "run", Period: 1, Actions: []catalog.Action{catalog.ActRun}},
			{ID: "move-2", Period: 1, Actions: []catalog.Action{catalog.ActMove}},
			{ID: "shoot", Period: 1, Actions: []catalog.Action{catalog.ActShoot}},
			{ID: "aim-shoot", Period: 1, Actions: []catalog.Action{catalog.ActShoot, catalog.ActAim}},
			{ID: "fight", Period: 1, Actions: []catalog.Action{catalog.ActFight}},
			{ID: "move-shoot", Period: 2, Actions: []catalog.Action{catalog.ActMove, catalog.ActShoot}},
			{ID: "move-fight", Period: 2, Actions: []catalog.Action{catalog.ActMove, catalog.ActFight}},
			{ID: "run-2", Period: 2, Actions: []catalog.Action{catalog.ActRun}},
		},
	}
}

func trooper(faction string) catalog.Profile {
	return catalog.Profile{
		Attack: 6, Speed: 3, Run: 2, Accuracy: &catalog.Accuracy{Near: 6, Far: 8},
		Cost: catalog.Cost{faction: 1}, Health: 3, Morale: 4, Armor: &catalog.Armor{Points: 1, Save: 6},
	}
}

// testSetup is a small Exploration game: two units a side, deployment by
// decisions.
func testSetup(cat *catalog.Catalog) *Setup {
	b := cat.ActionBoard("exploration")
	panicked := trooper("raiders")
	panicked.Morale = 0
	panicked.Cost = catalog.Cost{"raiders": 1, "any": 1}
	return &Setup{
		Format: catalog.Exploration, Cols: 8, Rows: 16,
		Terrain: []catalog.Terrain{{At: "D8", BlocksMove: true, BlocksSight: true}, {At: "E9", BlocksMove: true}},
		Markers: []catalog.Marker{{ID: "m1", Kind: "scan", At: "D6"}, {ID: "m2", Kind: "scan", At: "E11"}},
		Zones:   [2][]catalog.Zone{{{Player: 1, From: "A1", To: "H2"}}, {{Player: 2, From: "A15", To: "H16"}}},
		Scoring: []catalog.Scoring{{Kind: ScoreControlMarker, VP: 1}, {Kind: ScoreRemoveEnemy, VP: 2}, {Kind: ScorePanicEnemy, VP: 1},
			{Kind: ScoreInteractMarker, VP: 1, Marker: "m2"}, {Kind: ScoreEnemyZone, VP: 1}, {Kind: ScoreKeepAlive, VP: 1}, {Kind: ScoreMostMarkers, VP: 1}},
		Board: b,
		Sides: [2]SideSetup{
			{Name: "red", Leaders: []string{"boss"}, Units: []UnitSetup{
				{ID: "r1", Front: trooper("raiders"), Panic: panicked, HasPanic: true},
				{ID: "r2", Front: trooper("raiders"), Formation: &catalog.FormationBonus{Cost: 1, Hit: 1, RangedDice: 1, MeleeDice: 1, Health: 1}},
			}},
			{Name: "blue", Leaders: []string{"warden"}, Units: []UnitSetup{
				{ID: "b1", Front: trooper("wardens")},
				{ID: "b2", Front: func() catalog.Profile { p := trooper("wardens"); p.Skills = []string{"sharp-shooting"}; return p }()},
			}},
		},
	}
}

func mustGame(t testing.TB, cat *catalog.Catalog, su *Setup) *Game {
	t.Helper()
	g, err := Compile(cat, su)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
