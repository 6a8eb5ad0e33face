package engine

import (
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

func ip(n int) *int                  { return &n }
func bp(b bool) *bool                { return &b }
func tl(s ...string) wbcatalog.Tiles { return wbcatalog.Tiles(s) }

// TestEffectVocabulary exercises the parts of the effect vocabulary the
// starter cards do not use, each with a small check game played by
// RunCheck: a skill on the red unit "a", a target "b".
func TestEffectVocabulary(t *testing.T) {
	shoot := func(dice ...int) wbcatalog.CheckStep {
		return wbcatalog.CheckStep{Side: "red", Unit: "a", Space: "shoot", Do: []wbcatalog.CheckOp{{Shoot: "b"}}, Dice: dice}
	}
	expectB := func(e wbcatalog.UnitExpect) wbcatalog.CheckStep {
		return wbcatalog.CheckStep{Expect: &wbcatalog.CheckExpect{Units: map[string]wbcatalog.UnitExpect{"b": e}}}
	}
	expectA := func(e wbcatalog.UnitExpect) wbcatalog.CheckStep {
		return wbcatalog.CheckStep{Expect: &wbcatalog.CheckExpect{Units: map[string]wbcatalog.UnitExpect{"a": e}}}
	}
	for _, tc := range []struct {
		name   string
		effect wbcatalog.Effect
		bAt    string
		script []wbcatalog.CheckStep
	}{
		{"roll for damage", wbcatalog.Effect{Trigger: wbcatalog.TrigActive, Do: []wbcatalog.Op{{Roll: &wbcatalog.RollOp{Dice: 3, Target: 6, Who: wbcatalog.WhoEnemy, Within: 8, Damage: true}}}}, "C9",
			[]wbcatalog.CheckStep{{Side: "red", Unit: "a", Space: "move", Do: []wbcatalog.CheckOp{{Skill: "x", Target: "b"}, {Move: tl("C4")}}, Dice: []int{6, 2, 9}},
				expectB(wbcatalog.UnitExpect{Wounds: ip(2)})}},
		{"roll for tokens", wbcatalog.Effect{Trigger: wbcatalog.TrigActive, Do: []wbcatalog.Op{{Roll: &wbcatalog.RollOp{Dice: 2, Target: 5, Who: wbcatalog.WhoEnemies, Within: 8, Token: "stress"}}}}, "C9",
			[]wbcatalog.CheckStep{{Side: "red", Unit: "a", Space: "move", Do: []wbcatalog.CheckOp{{Skill: "x"}, {Move: tl("C4")}}, Dice: []int{5, 5}},
				expectB(wbcatalog.UnitExpect{Stress: ip(2)})}},
		{"damage allows armour", wbcatalog.Effect{Trigger: wbcatalog.TrigAfterShoot, Do: []wbcatalog.Op{{Damage: &wbcatalog.DamageOp{N: 1, Who: wbcatalog.WhoTarget}}}}, "C9",
			[]wbcatalog.CheckStep{shoot(2, 9), expectB(wbcatalog.UnitExpect{Wounds: ip(0), Breaks: ip(1)})}},
		{"shoot while engaged", wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Do: []wbcatalog.Op{{Flag: wbcatalog.FlagShootEngaged}}}, "C5",
			[]wbcatalog.CheckStep{shoot(7), expectB(wbcatalog.UnitExpect{Wounds: ip(1)})}},
		{"no stress when activated again", wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Do: []wbcatalog.Op{{Flag: wbcatalog.FlagNoReactivationStress}}}, "C12",
			[]wbcatalog.CheckStep{
				{Side: "red", Unit: "a", Space: "move", Do: []wbcatalog.CheckOp{{Move: tl("C4")}}},
				{Side: "blue", Pass: true},
				{Side: "red", Unit: "a", Space: "move-2", Do: []wbcatalog.CheckOp{{Move: tl("C5")}}},
				expectA(wbcatalog.UnitExpect{Stress: ip(0), Activations: ip(2)})}},
		{"bonus while wounded", wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Condition: &wbcatalog.Condition{Wounded: bp(true)}, Do: []wbcatalog.Op{{Modify: &wbcatalog.Modify{Stat: wbcatalog.StatRangedDice, Add: 1}}}}, "C9",
			[]wbcatalog.CheckStep{shoot(7, 7), expectB(wbcatalog.UnitExpect{Wounds: ip(2)})}},
		{"accuracy when an enemy is near", wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Condition: &wbcatalog.Condition{EnemyWithin: 6}, Do: []wbcatalog.Op{{Modify: &wbcatalog.Modify{Stat: wbcatalog.StatAccuracy, Add: 2}}}}, "C9",
			[]wbcatalog.CheckStep{shoot(5), expectB(wbcatalog.UnitExpect{Wounds: ip(1)})}},
		{"no bonus when the enemy is far", wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Condition: &wbcatalog.Condition{EnemyWithin: 3}, Do: []wbcatalog.Op{{Modify: &wbcatalog.Modify{Stat: wbcatalog.StatAccuracy, Add: 2}}}}, "C9",
			[]wbcatalog.CheckStep{shoot(5), expectB(wbcatalog.UnitExpect{Wounds: ip(0)})}},
		{"turn start", wbcatalog.Effect{Trigger: wbcatalog.TrigTurnStart, Do: []wbcatalog.Op{{Tokens: &wbcatalog.TokenOp{Token: "stress", N: 1, Who: wbcatalog.WhoEnemies}}}}, "C9",
			[]wbcatalog.CheckStep{expectB(wbcatalog.UnitExpect{Stress: ip(1)})}},
		{"activation start", wbcatalog.Effect{Trigger: wbcatalog.TrigActivationStart, Do: []wbcatalog.Op{{Modify: &wbcatalog.Modify{Stat: wbcatalog.StatRangedHit, Add: 3}}}}, "C9",
			[]wbcatalog.CheckStep{shoot(4), expectB(wbcatalog.UnitExpect{Wounds: ip(1)})}},
		{"cleanup", wbcatalog.Effect{Trigger: wbcatalog.TrigCleanup, Do: []wbcatalog.Op{{Orders: &wbcatalog.OrderOp{Colour: "raiders", N: 2}}}}, "C9",
			[]wbcatalog.CheckStep{{Side: "red", Pass: true}, {Side: "blue", Pass: true}, {Side: "blue", Swap: bp(false)},
				{Expect: &wbcatalog.CheckExpect{Turn: 2, Sides: map[string]wbcatalog.SideExpect{"red": {Orders: map[string]int{"raiders": 3}}}}}}},
		{"period condition", wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Condition: &wbcatalog.Condition{Period: 2}, Do: []wbcatalog.Op{{Modify: &wbcatalog.Modify{Stat: wbcatalog.StatRangedDice, Add: 1}}}}, "C9",
			[]wbcatalog.CheckStep{shoot(7), expectB(wbcatalog.UnitExpect{Wounds: ip(1)})}},
		{"panicked condition", wbcatalog.Effect{Trigger: wbcatalog.TrigPassive, Condition: &wbcatalog.Condition{Panicked: bp(false), Engaged: bp(false)}, Do: []wbcatalog.Op{{Modify: &wbcatalog.Modify{Stat: wbcatalog.StatHit, Add: 1}}}}, "C9",
			[]wbcatalog.CheckStep{shoot(6), expectB(wbcatalog.UnitExpect{Wounds: ip(1)})}},
	} {
		aTokens := map[string]map[string]int{"bonus while wounded": {"wound": 1}}[tc.name]
		var extra []wbcatalog.CheckUnit
		if tc.name == "shoot while engaged" {
			extra = []wbcatalog.CheckUnit{{ID: "c", Profile: &wbcatalog.Profile{Attack: 6, Speed: 3, Cost: wbcatalog.Cost{"raiders": 1}, Health: 3}, At: tl("D3")}}
		}
		t.Run(tc.name, func(t *testing.T) {
			cat := testCatalog()
			cat.Skills = append(cat.Skills, wbcatalog.Skill{ID: "x", Active: tc.effect.Trigger == wbcatalog.TrigActive, Effect: &tc.effect})
			cat.Sort()
			a := wbcatalog.Profile{Attack: 6, Speed: 3, Run: 2, Accuracy: &wbcatalog.Accuracy{Near: 7, Far: 7}, Cost: wbcatalog.Cost{"raiders": 1}, Health: 3, Morale: 4, Skills: []string{"x"}}
			b := wbcatalog.Profile{Attack: 6, Speed: 3, Run: 2, Cost: wbcatalog.Cost{"raiders": 1}, Health: 5, Morale: 9, Armor: &wbcatalog.Armor{Points: 1, Save: 9}}
			c := wbcatalog.CheckGame{ID: tc.name, Hand: "red", Hourglass: "run",
				Sides: map[string]wbcatalog.CheckSide{
					"red":  {Orders: map[string]int{"raiders": 3}, Units: []wbcatalog.CheckUnit{{ID: "a", Profile: &a, At: tl("C3"), Tokens: aTokens}}},
					"blue": {Units: append([]wbcatalog.CheckUnit{{ID: "b", Profile: &b, At: tl(tc.bAt)}}, extra...)},
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
	roll := wbcatalog.Op{Roll: &wbcatalog.RollOp{Dice: 1, Target: 6, Who: wbcatalog.WhoEnemies, Within: 16, Damage: true}}
	hideBoard := &wbcatalog.ActionBoard{Turns: 6, Periods: []int{3, 2, 1}, Spaces: []wbcatalog.ActionSpace{
		{ID: "hide", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActHide}},
		{ID: "move", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActMove}},
		{ID: "run", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActRun}},
	}}
	for _, tc := range []struct {
		name   string
		format wbcatalog.Format
		effect wbcatalog.Effect
		board  *wbcatalog.ActionBoard
		script []wbcatalog.CheckStep
	}{
		{"active roll takes the roller's cover", wbcatalog.Confrontation,
			wbcatalog.Effect{Trigger: wbcatalog.TrigActive, Do: []wbcatalog.Op{roll}}, hideBoard,
			[]wbcatalog.CheckStep{
				{Side: "red", Unit: "a", Space: "hide", Do: []wbcatalog.CheckOp{{Hide: true}}},
				{Expect: &wbcatalog.CheckExpect{Units: map[string]wbcatalog.UnitExpect{"a": {Cover: bp(true)}}}},
				{Side: "blue", Pass: true},
				// 6: one damage; the armour die 2 does not save (9+)
				// (the skill before the move: the move would take the Cover too)
				{Side: "red", Unit: "a", Space: "move", Do: []wbcatalog.CheckOp{{Skill: "x"}}, End: bp(false), Dice: []int{6, 2}},
				{Expect: &wbcatalog.CheckExpect{Units: map[string]wbcatalog.UnitExpect{"a": {Cover: bp(false), At: tl("C3")}, "b": {Wounds: ip(1)}}}},
				{Side: "red", Do: []wbcatalog.CheckOp{{Move: tl("C4")}}},
			}},
		{"turn-start roll forced by the step that ends the turn", wbcatalog.Exploration,
			// Red loses the Hand at the end of turn 1: the effect fires at
			// the start of turn 2 only, in the blue swap's decision.
			wbcatalog.Effect{Trigger: wbcatalog.TrigTurnStart, Condition: &wbcatalog.Condition{Hand: bp(false)}, Do: []wbcatalog.Op{roll}}, nil,
			[]wbcatalog.CheckStep{
				{Side: "red", Pass: true}, {Side: "blue", Pass: true},
				{Side: "blue", Swap: bp(true), Dice: []int{10, 3}},
				{Expect: &wbcatalog.CheckExpect{Turn: 2, Units: map[string]wbcatalog.UnitExpect{"b": {Wounds: ip(1), Breaks: ip(0)}}}},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat := testCatalog()
			cat.Skills = append(cat.Skills, wbcatalog.Skill{ID: "x", Active: tc.effect.Trigger == wbcatalog.TrigActive, Effect: &tc.effect})
			cat.Sort()
			a := wbcatalog.Profile{Attack: 6, Speed: 3, Run: 2, Cost: wbcatalog.Cost{"raiders": 1}, Health: 3, Morale: 4, Skills: []string{"x"}}
			b := wbcatalog.Profile{Attack: 6, Speed: 3, Run: 2, Cost: wbcatalog.Cost{"raiders": 1}, Health: 5, Morale: 9, Armor: &wbcatalog.Armor{Points: 1, Save: 9}}
			c := wbcatalog.CheckGame{ID: tc.name, Format: tc.format, ActionBoard: tc.board, Hand: "red", Hourglass: "run",
				Sides: map[string]wbcatalog.CheckSide{
					"red":  {Orders: map[string]int{"raiders": 3}, Units: []wbcatalog.CheckUnit{{ID: "a", Profile: &a, At: tl("C3")}}},
					"blue": {Units: []wbcatalog.CheckUnit{{ID: "b", Profile: &b, At: tl("C9")}}},
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
