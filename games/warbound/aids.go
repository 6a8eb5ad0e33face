package warbound

import (
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// aids are Warbound's player aids (ruleset.RulebookSource.Aids), drawn
// from the data the engine and the Action Board kit read: the turn's
// phases in the engine's order, the six actions and the space modifiers
// with the board's own reminders, and the skills with their card text.
// Each names the rule that says so; the rulebook checks that the rules
// pages anchor it.
func (c *Content) aids() []ruleset.Aid {
	cat := c.Catalog
	term := func(id string) (lang.Text, lang.Text) {
		for _, t := range cat.Glossary {
			if t.ID == id {
				return t.Term, t.Definition
			}
		}
		return lang.Text{EN: id, FR: id}, lang.Text{}
	}
	label := func(key string) lang.Text {
		return lang.Text{EN: cat.Label(key, lang.English), FR: cat.Label(key, lang.French)}
	}
	turn := ruleset.Aid{ID: "turn-sequence", Title: lang.Text{EN: "Turn sequence", FR: "Déroulement du tour"}}
	for _, ph := range []struct {
		phase wbengine.Phase
		rule  string
	}{{wbengine.PhaseLeader, "R-TURN-2"}, {wbengine.PhaseEffect, "R-TURN-4"}, {wbengine.PhaseAction, "R-TURN-5"}, {wbengine.PhaseCleanup, "R-TURN-6"}} {
		name, def := term(ph.phase.String() + "-phase")
		turn.Entries = append(turn.Entries, ruleset.AidEntry{Name: name, Text: def, Rule: ph.rule})
	}
	actions := ruleset.Aid{ID: "actions", Title: lang.Text{EN: "Actions and space modifiers", FR: "Actions et modificateurs de case"}}
	for _, a := range []wbcatalog.Action{wbcatalog.ActMove, wbcatalog.ActRun, wbcatalog.ActFight, wbcatalog.ActShoot, wbcatalog.ActAim, wbcatalog.ActHide} {
		name, _ := term("action-" + string(a))
		actions.Entries = append(actions.Entries, ruleset.AidEntry{Name: name, Text: label("kit.board.action." + string(a)), Rule: "R-ACT-4"})
	}
	for _, m := range []wbcatalog.Modifier{wbcatalog.ModCostReduction, wbcatalog.ModMultiple, wbcatalog.ModTemporisation, wbcatalog.ModExtraDie} {
		name, def := term(string(m))
		text := label("kit.board.modifier." + string(m))
		if text.EN == "kit.board.modifier."+string(m) {
			text = def
		}
		actions.Entries = append(actions.Entries, ruleset.AidEntry{Name: name, Text: text, Rule: "R-ACT-6"})
	}
	skills := ruleset.Aid{ID: "skills", Title: lang.Text{EN: "Skills", FR: "Compétences"}}
	for _, s := range cat.Skills {
		skills.Entries = append(skills.Entries, ruleset.AidEntry{Name: s.Name, Text: s.Text, Rule: "R-CARD-2", Pos: s.Pos})
	}
	return []ruleset.Aid{turn, actions, skills}
}
