package wbengine

import (
	"testing"

	"wbtool.dev/wbtool/catalog"
)

func ip(n int) *int                { return &n }
func bp(b bool) *bool              { return &b }
func tl(s ...string) catalog.Tiles { return catalog.Tiles(s) }

// TestEffectVocabulary exercises the parts of the effect vocabulary the
// starter cards do not use, each with a small check game played by
// RunCheck: a skill on the red unit "a", a target "b".
func TestEffectVocabulary(t *testing.T) {
	shoot := func(dice ...int) catalog.CheckStep {
		return catalog.CheckStep{Side: "red", Unit: "a", Space: "shoot", Do: []catalog.CheckOp{{Shoot: "b"}}, Dice: dice}
	}
	expectB := func(e catalog.UnitExpect) catalog.CheckStep {
		return catalog.CheckStep{Expect: &catalog.CheckExpect{Units: map[string]catalog.UnitExpect{"b": e}}}
	}
	expectA := func(e catalog.UnitExpect) catalog.CheckStep {
		return catalog.CheckStep{Expect: &catalog.CheckExpect{Units: map[string]catalog.UnitExpect{"a": e}}}
	}
	for _, tc := range []struct {
		name   string
		effect catalog.Effect
		bAt    string
		script []catalog.CheckStep
	}{
		{"roll for damage", catalog.Effect{Trigger: catalog.TrigActive, Do: []catalog.Op{{Roll: &catalog.RollOp{Dice: 3, Target: 6, Who: catalog.WhoEnemy, Within: 8, Damage: true}}}}, "C9",
			[]catalog.CheckStep{{Side: "red", Unit: "a", Space: "move", Do: []catalog.CheckOp{{Skill: "x", Target: "b"}, {Move: tl("C4")}}, Dice: []int{6, 2, 9}},
				expectB(catalog.UnitExpect{Wounds: ip(2)})}},
		{"roll for tokens", catalog.Effect{Trigger: catalog.TrigActive, Do: []catalog.Op{{Roll: &catalog.RollOp{Dice: 2, Target: 5, Who: catalog.WhoEnemies, Within: 8, Token: "stress"}}}}, "C9",
			[]catalog.CheckStep{{Side: "red", Unit: "a", Space: "move", Do: []catalog.CheckOp{{Skill: "x"}, {Move: tl("C4")}}, Dice: []int{5, 5}},
				expectB(catalog.UnitExpect{Stress: ip(2)})}},
		{"damage allows armour", catalog.Effect{Trigger: catalog.TrigAfterShoot, Do: []catalog.Op{{Damage: &catalog.DamageOp{N: 1, Who: catalog.WhoTarget}}}}, "C9",
			[]catalog.CheckStep{shoot(2, 9), expectB(catalog.UnitExpect{Wounds: ip(0), Breaks: ip(1)})}},
		{"shoot while engaged", catalog.Effect{Trigger: catalog.TrigPassive, Do: []catalog.Op{{Flag: catalog.FlagShootEngaged}}}, "C5",
			[]catalog.CheckStep{shoot(7), expectB(catalog.UnitExpect{Wounds: ip(1)})}},
		{"no stress when activated again", catalog.Effect{Trigger: catalog.TrigPassive, Do: []catalog.Op{{Flag: catalog.FlagNoReactivationStress}}}, "C12",
			[]catalog.CheckStep{
				{Side: "red", Unit: "a", Space: "move", Do: []catalog.CheckOp{{Move: tl("C4")}}},
				{Side: "blue", Pass: true},
				{Side: "red", Unit: "a", Space: "move-2", Do: []catalog.CheckOp{{Move: tl("C5")}}},
				expectA(catalog.UnitExpect{Stress: ip(0), Activations: ip(2)})}},
		{"bonus while wounded", catalog.Effect{Trigger: catalog.TrigPassive, Condition: &catalog.Condition{Wounded: bp(true)}, Do: []catalog.Op{{Modify: &catalog.Modify{Stat: catalog.StatRangedDice, Add: 1}}}}, "C9",
			[]catalog.CheckStep{shoot(7, 7), expectB(catalog.UnitExpect{Wounds: ip(2)})}},
		{"accuracy when an enemy is near", catalog.Effect{Trigger: catalog.TrigPassive, Condition: &catalog.Condition{EnemyWithin: 6}, Do: []catalog.Op{{Modify: &catalog.Modify{Stat: catalog.StatAccuracy, Add: 2}}}}, "C9",
			[]catalog.CheckStep{shoot(5), expectB(catalog.UnitExpect{Wounds: ip(1)})}},
		{"no bonus when the enemy is far", catalog.Effect{Trigger: catalog.TrigPassive, Condition: &catalog.Condition{EnemyWithin: 3}, Do: []catalog.Op{{Modify: &catalog.Modify{Stat: catalog.StatAccuracy, Add: 2}}}}, "C9",
			[]catalog.CheckStep{shoot(5), expectB(catalog.UnitExpect{Wounds: ip(0)})}},
		{"turn start", catalog.Effect{Trigger: catalog.TrigTurnStart, Do: []catalog.Op{{Tokens: &catalog.TokenOp{Token: "stress", N: 1, Who: catalog.WhoEnemies}}}}, "C9",
			[]catalog.CheckStep{expectB(catalog.UnitExpect{Stress: ip(1)})}},
		{"activation start", catalog.Effect{Trigger: catalog.TrigActivationStart, Do: []catalog.Op{{Modify: &catalog.Modify{Stat: catalog.StatRangedHit, Add: 3}}}}, "C9",
			[]catalog.CheckStep{shoot(4), expectB(catalog.UnitExpect{Wounds: ip(1)})}},
		{"cleanup", catalog.Effect{Trigger: catalog.TrigCleanup, Do: []catalog.Op{{Orders: &catalog.OrderOp{Colour: "raiders", N: 2}}}}, "C9",
			[]catalog.CheckStep{{Side: "red", Pass: true}, {Side: "blue", Pass: true}, {Side: "blue", Swap: bp(false)},
				{Expect: &catalog.CheckExpect{Turn: 2, Sides: map[string]catalog.SideExpect{"red": {Orders: map[string]int{"raiders": 3}}}}}}},
		{"period condition", catalog.Effect{Trigger: catalog.TrigPassive, Condition: &catalog.Condition{Period: 2}, Do: []catalog.Op{{Modify: &catalog.Modify{Stat: catalog.StatRangedDice, Add: 1}}}}, "C9",
			[]catalog.CheckStep{shoot(7), expectB(catalog.UnitExpect{Wounds: ip(1)})}},
		{"panicked condition", catalog.Effect{Trigger: catalog.TrigPassive, Condition: &catalog.Condition{Panicked: bp(false), Engaged: bp(false)}, Do: []catalog.Op{{Modify: &catalog.Modify{Stat: catalog.StatHit, Add: 1}}}}, "C9",
			[]catalog.CheckStep{shoot(6), expectB(catalog.UnitExpect{Wounds: ip(1)})}},
	} {
		aTokens := map[string]map[string]int{"bonus while wounded": {"wound": 1}}[tc.name]
		var extra []catalog.CheckUnit
		if tc.name == "shoot while engaged" {
			extra = []catalog.CheckUnit{{ID: "c", Profile: &catalog.Profile{Attack: 6, Speed: 3, Cost: catalog.Cost{"raiders": 1}, Health: 3}, At: tl("D3")}}
		}
		t.Run(tc.name, func(t *testing.T) {
			cat := testCatalog()
			cat.Skills = append(cat.Skills, catalog.Skill{ID: "x", Active: tc.effect.Trigger == catalog.TrigActive, Effect: &tc.effect})
			cat.Sort()
			a := catalog.Profile{Attack: 6, Speed: 3, Run: 2, Accuracy: &catalog.Accuracy{Near: 7, Far: 7}, Cost: catalog.Cost{"raiders": 1}, Health: 3, Morale: 4, Skills: []string{"x"}}
			b := catalog.Profile{Attack: 6, Speed: 3, Run: 2, Cost: catalog.Cost{"raiders": 1}, Health: 5, Morale: 9, Armor: &catalog.Armor{Points: 1, Save: 9}}
			c := catalog.CheckGame{ID: tc.name, Hand: "red", Hourglass: "run",
				Sides: map[string]catalog.CheckSide{
					"red":  {Orders: map[string]int{"raiders": 3}, Units: []catalog.CheckUnit{{ID: "a", Profile: &a, At: tl("C3"), Tokens: aTokens}}},
					"blue": {Units: append([]catalog.CheckUnit{{ID: "b", Profile: &b, At: tl(tc.bAt)}}, extra...)},
				},
				Script: tc.script}
			r := RunCheck(cat, &c)
			if r.Err != nil {
				t.Fatalf("content error: %s", r.Err.Msg)
			}
			if r.Failure != nil {
				t.Fatalf("step %d (%s): %s", r.Failure.Step, r.Failure.What, r.Failure.Msg)
			}
		})
	}
}

// TestRollDice covers the dice of a "Roll X" effect: forced like any other
// dice, wherever the effect fires (an active skill, or a turn-start effect
// resolved by the decision that ends the turn before), and attack dice
// that take the roller's Cover (R-HIDE-4, R-WORD-2).
func TestRollDice(t *testing.T) {
	roll := catalog.Op{Roll: &catalog.RollOp{Dice: 1, Target: 6, Who: catalog.WhoEnemies, Within: 16, Damage: true}}
	hideBoard := &catalog.ActionBoard{Turns: 6, Periods: []int{3, 2, 1}, Spaces: []catalog.ActionSpace{
		{ID: "hide", Period: 1, Actions: []catalog.Action{catalog.ActHide}},
		{ID: "move", Period: 1, Actions: []catalog.Action{catalog.ActMove}},
		{ID: "run", Period: 1, Actions: []catalog.Action{catalog.ActRun}},
	}}
	for _, tc := range []struct {
		name   string
		format catalog.Format
		effect catalog.Effect
		board  *catalog.ActionBoard
		script []catalog.CheckStep
	}{
		{"active roll takes the roller's cover", catalog.Confrontation,
			catalog.Effect{Trigger: catalog.TrigActive, Do: []catalog.Op{roll}}, hideBoard,
			[]catalog.CheckStep{
				{Side: "red", Unit: "a", Space: "hide", Do: []catalog.CheckOp{{Hide: true}}},
				{Expect: &catalog.CheckExpect{Units: map[string]catalog.UnitExpect{"a": {Cover: bp(true)}}}},
				{Side: "blue", Pass: true},
				// 6: one damage; the armour die 2 does not save (9+)
				// (the skill before the move: the move would take the Cover too)
				{Side: "red", Unit: "a", Space: "move", Do: []catalog.CheckOp{{Skill: "x"}}, End: bp(false), Dice: []int{6, 2}},
				{Expect: &catalog.CheckExpect{Units: map[string]catalog.UnitExpect{"a": {Cover: bp(false), At: tl("C3")}, "b": {Wounds: ip(1)}}}},
				{Side: "red", Do: []catalog.CheckOp{{Move: tl("C4")}}},
			}},
		{"turn-start roll forced by the step that ends the turn", catalog.Exploration,
			// Red loses the Hand at the end of turn 1: the effect fires at
			// the start of turn 2 only, in the blue swap's decision.
			catalog.Effect{Trigger: catalog.TrigTurnStart, Condition: &catalog.Condition{Hand: bp(false)}, Do: []catalog.Op{roll}}, nil,
			[]catalog.CheckStep{
				{Side: "red", Pass: true}, {Side: "blue", Pass: true},
				{Side: "blue", Swap: bp(true), Dice: []int{10, 3}},
				{Expect: &catalog.CheckExpect{Turn: 2, Units: map[string]catalog.UnitExpect{"b": {Wounds: ip(1), Breaks: ip(0)}}}},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat := testCatalog()
			cat.Skills = append(cat.Skills, catalog.Skill{ID: "x", Active: tc.effect.Trigger == catalog.TrigActive, Effect: &tc.effect})
			cat.Sort()
			a := catalog.Profile{Attack: 6, Speed: 3, Run: 2, Cost: catalog.Cost{"raiders": 1}, Health: 3, Morale: 4, Skills: []string{"x"}}
			b := catalog.Profile{Attack: 6, Speed: 3, Run: 2, Cost: catalog.Cost{"raiders": 1}, Health: 5, Morale: 9, Armor: &catalog.Armor{Points: 1, Save: 9}}
			c := catalog.CheckGame{ID: tc.name, Format: tc.format, ActionBoard: tc.board, Hand: "red", Hourglass: "run",
				Sides: map[string]catalog.CheckSide{
					"red":  {Orders: map[string]int{"raiders": 3}, Units: []catalog.CheckUnit{{ID: "a", Profile: &a, At: tl("C3")}}},
					"blue": {Units: []catalog.CheckUnit{{ID: "b", Profile: &b, At: tl("C9")}}},
				},
				Script: tc.script}
			r := RunCheck(cat, &c)
			if r.Err != nil {
				t.Fatalf("content error: %s", r.Err.Msg)
			}
			if r.Failure != nil {
				t.Fatalf("step %d (%s): %s", r.Failure.Step, r.Failure.What, r.Failure.Msg)
			}
		})
	}
}
