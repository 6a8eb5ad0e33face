package engine

import (
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// testCatalog is a small catalog of our own for engine tests.
func testCatalog() *wbcatalog.Catalog {
	cat := &wbcatalog.Catalog{
		Formations: []wbcatalog.Formation{{ID: "formation", Bonuses: wbcatalog.FormationBonus{Cost: 1, Hit: 1, RangedDice: 1, MeleeDice: 1, Health: 1}}},
		Factions:   []wbcatalog.Faction{{ID: "raiders"}, {ID: "wardens"}},
		Skills: []wbcatalog.Skill{
			{ID: "sharp-shooting", Effect: &wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Do: []wbcatalog.Op{{Flag: wbcatalog.FlagSharpShooting}}}},
		},
		Leaders: []wbcatalog.Leader{
			{ID: "boss", Faction: "raiders", Exploration: wbcatalog.LeaderSide{Orders: []map[string]int{{"raiders": 3}, {"raiders": 4}}}},
			{ID: "warden", Faction: "wardens", Exploration: wbcatalog.LeaderSide{Orders: []map[string]int{{"wardens": 2, "raiders": 1}, {"wardens": 4}}}},
		},
		ActionBoards: []wbcatalog.ActionBoard{testBoard()},
		Objectives:   []wbcatalog.ObjectiveCard{{ID: "obj", Format: wbcatalog.Confrontation, Scoring: []wbcatalog.Scoring{{Kind: ScoreRemoveEnemy, VP: 2}}}},
		Decks:        []wbcatalog.Deck{{ID: "deck", Format: wbcatalog.Confrontation, Cards: []string{"boss", "warden"}}},
	}
	cat.Sort()
	return cat
}

func testBoard() wbcatalog.ActionBoard {
	return wbcatalog.ActionBoard{
		ID: "exploration", Format: wbcatalog.Exploration, Turns: 5, Periods: []int{2, 3},
		Spaces: []wbcatalog.ActionSpace{
			{ID: "move", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActMove}, Modifiers: []wbcatalog.Modifier{wbcatalog.ModCostReduction}},
			{ID: "run", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActRun}},
			{ID: "move-2", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActMove}},
			{ID: "shoot", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActShoot}},
			{ID: "aim-shoot", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActShoot, wbcatalog.ActAim}},
			{ID: "fight", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActFight}},
			{ID: "move-shoot", Period: 2, Actions: []wbcatalog.Action{wbcatalog.ActMove, wbcatalog.ActShoot}},
			{ID: "move-fight", Period: 2, Actions: []wbcatalog.Action{wbcatalog.ActMove, wbcatalog.ActFight}},
			{ID: "run-2", Period: 2, Actions: []wbcatalog.Action{wbcatalog.ActRun}},
		},
	}
}

func trooper(faction string) wbcatalog.Profile {
	return wbcatalog.Profile{
		Attack: 6, Speed: 3, Run: 2, Accuracy: &wbcatalog.Accuracy{Near: 6, Far: 8},
		Cost: wbcatalog.Cost{faction: 1}, Health: 3, Morale: 4, Armor: &wbcatalog.Armor{Points: 1, Save: 6},
	}
}

// testSetup is a small Exploration game: two units a side, deployment by
// decisions.
func testSetup(cat *wbcatalog.Catalog) *Setup {
	b := cat.ActionBoard("exploration")
	panicked := trooper("raiders")
	panicked.Morale = 0
	panicked.Cost = wbcatalog.Cost{"raiders": 1, "any": 1}
	return &Setup{
		Format: wbcatalog.Exploration, Cols: 8, Rows: 16,
		Terrain: []wbcatalog.Terrain{{At: "D8", BlocksMove: true, BlocksSight: true}, {At: "E9", BlocksMove: true}},
		Markers: []wbcatalog.Marker{{ID: "m1", Kind: "scan", At: "D6"}, {ID: "m2", Kind: "scan", At: "E11"}},
		Zones:   [2][]wbcatalog.Zone{{{Player: 1, From: "A1", To: "H2"}}, {{Player: 2, From: "A15", To: "H16"}}},
		Scoring: []wbcatalog.Scoring{{Kind: ScoreControlMarker, VP: 1}, {Kind: ScoreRemoveEnemy, VP: 2}, {Kind: ScorePanicEnemy, VP: 1},
			{Kind: ScoreInteractMarker, VP: 1, Marker: "m2"}, {Kind: ScoreEnemyZone, VP: 1}, {Kind: ScoreKeepAlive, VP: 1}, {Kind: ScoreMostMarkers, VP: 1}},
		Board: b,
		Sides: [2]SideSetup{
			{Name: "red", Leaders: []string{"boss"}, Units: []UnitSetup{
				{ID: "r1", Front: trooper("raiders"), Panic: panicked, HasPanic: true},
				{ID: "r2", Front: trooper("raiders"), Formation: &wbcatalog.FormationBonus{Cost: 1, Hit: 1, RangedDice: 1, MeleeDice: 1, Health: 1}},
			}},
			{Name: "blue", Leaders: []string{"warden"}, Units: []UnitSetup{
				{ID: "b1", Front: trooper("wardens")},
				{ID: "b2", Front: func() wbcatalog.Profile { p := trooper("wardens"); p.Skills = []string{"sharp-shooting"}; return p }()},
			}},
		},
	}
}

func mustGame(t testing.TB, cat *wbcatalog.Catalog, su *Setup) *Game {
	t.Helper()
	g, err := Compile(cat, su)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
