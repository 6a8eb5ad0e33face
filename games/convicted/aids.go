package convicted

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/games/convicted/cvengine"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// aidText are the aids' words the data does not hold: the stages'
// phases, the actions' names and what they take, by the engine's ids.
var aidText = map[string]lang.Text{
	"shooting":  {EN: "Shooting", FR: "Tir"},
	"engines":   {EN: "Engines", FR: "Engins"},
	"manoeuvre": {EN: "Manoeuvre", FR: "Manœuvre"},
	"melee":     {EN: "Melee", FR: "Mêlée"},
	"loyalty":   {EN: "Loyalty", FR: "Loyauté"},
	"hit":       {EN: "hits on %d+", FR: "touche sur %d+"},
	"damage":    {EN: "damage %s", FR: "dégâts %s"},
	"none":      {EN: "No resource", FR: "Aucune ressource"},
	"marker":    {EN: "1 action marker", FR: "1 marqueur d’action"},
	"free":      {EN: "no action marker", FR: "aucun marqueur d’action"},
	"turn":      {EN: "%d actions a turn, shared by the defenders", FR: "%d actions par tour, partagées entre les défenseurs"},
	"row":       {EN: "%d players: %d each", FR: "%d joueurs : %d chacun"},
	"row1":      {EN: "1 player: %d", FR: "1 joueur : %d"},

	cvengine.Fortify:   {EN: "Fortify", FR: "Fortifier"},
	cvengine.Build:     {EN: "Build", FR: "Construire"},
	cvengine.Dig:       {EN: "Dig a ditch", FR: "Creuser un fossé"},
	cvengine.MakeMoat:  {EN: "Make a moat", FR: "Faire une douve"},
	cvengine.Research:  {EN: "Research", FR: "Rechercher"},
	cvengine.Collect:   {EN: "Collect", FR: "Collecter"},
	cvengine.Train:     {EN: "Train", FR: "Entraîner"},
	cvengine.FreeTrain: {EN: "Deserter’s free unit", FR: "Unité gratuite du Déserteur"},
	cvengine.Repair:    {EN: "Repair", FR: "Réparer"},
}

// aidActions are the engine's decisions of the action period, with the
// rule that gives each and whether it takes an action marker (C-ACT-3;
// TestActionAidMatchesTheEngine plays them).
var aidActions = []struct {
	do     string
	rule   string
	marker bool
}{
	{cvengine.Fortify, "C-FORT-2", true},
	{cvengine.Build, "C-BLD-1", true},
	{cvengine.Dig, "C-DITCH-1", true},
	{cvengine.MakeMoat, "C-DITCH-2", true},
	{cvengine.Research, "C-RES-1", true},
	{cvengine.Collect, "C-COLL-1", true},
	{cvengine.Train, "C-TRAIN-1", true},
	{cvengine.FreeTrain, "C-HERO-5", false},
	{cvengine.Repair, "C-REP-1", false},
}

// tf formats key's words per language.
func tf(key string, args ...any) lang.Text {
	t := aidText[key]
	return lang.Text{EN: fmt.Sprintf(t.EN, args...), FR: fmt.Sprintf(t.FR, args...)}
}

// joinTexts puts texts together per language.
func joinTexts(sep string, parts ...lang.Text) lang.Text {
	var en, fr []string
	for _, p := range parts {
		if p.EN != "" || p.FR != "" {
			en, fr = append(en, p.EN), append(fr, p.FR)
		}
	}
	return lang.Text{EN: strings.Join(en, sep), FR: strings.Join(fr, sep)}
}

// costText is a cost in words in both languages, as the cards print it
// (cards.go's cost: one wording for the aids and the cards).
func (c *Content) costText(x cvcatalog.Cost) lang.Text {
	return lang.Text{EN: c.cost(x, lang.English), FR: c.cost(x, lang.French)}
}

// named is "name: cost" per language.
func named(name, cost lang.Text) lang.Text {
	return lang.Text{EN: name.EN + ": " + cost.EN, FR: name.FR + "\u00a0: " + cost.FR}
}

// actionCosts are what an action pays besides its marker, from the data
// the engine pays it from.
func (c *Content) actionCosts(do string) lang.Text {
	cat := c.Catalog
	var parts []lang.Text
	switch do {
	case cvengine.Fortify:
		for _, lv := range cat.Fortifications.Wall[min(1, len(cat.Fortifications.Wall)):] {
			parts = append(parts, named(lv.Name, c.costText(lv.Cost)))
		}
		for _, lv := range cat.Fortifications.Tower[min(1, len(cat.Fortifications.Tower)):] {
			parts = append(parts, named(lv.Name, c.costText(lv.Cost)))
		}
	case cvengine.Build:
		for _, b := range cat.Buildings {
			var lv []lang.Text
			for _, l := range b.Levels {
				lv = append(lv, c.costText(l.Cost))
			}
			parts = append(parts, named(b.Name, joinTexts(" → ", lv...)))
		}
	case cvengine.MakeMoat:
		parts = append(parts, c.costText(cat.Moat.Cost))
	case cvengine.Research:
		for _, t := range cat.Technologies {
			parts = append(parts, named(t.Name, c.costText(t.Cost)))
		}
	case cvengine.Collect:
		for _, r := range cat.Resources {
			parts = append(parts, lang.Text{EN: fmt.Sprintf("%s +%d", r.Name.EN, r.Collect), FR: fmt.Sprintf("%s +%d", r.Name.FR, r.Collect)})
		}
	case cvengine.Train:
		for _, u := range cat.Units {
			parts = append(parts, named(u.Name, c.costText(u.Cost)))
		}
	default:
		parts = append(parts, aidText["none"])
	}
	return joinTexts("; ", parts...)
}

// aids are The Convicted's player aids (ruleset.RulebookSource.Aids): the
// 14 stages of the assault step as the engine plays them, the action
// economy (the actions a turn by player count, each action with what it
// takes), and the printed component counts the engine caps play at.
func (c *Content) aids() []ruleset.Aid {
	cat := c.Catalog
	stages := ruleset.Aid{ID: "stages", Title: lang.Text{EN: "The 14 stages of the assault", FR: "Les 14 stades de l’assaut"}}
	for _, st := range cat.Stages.List {
		parts := []lang.Text{aidText[st.Phase]}
		if st.HitOn > 0 {
			parts = append(parts, tf("hit", st.HitOn))
		}
		if st.Damage != "" {
			parts = append(parts, tf("damage", st.Damage))
		}
		rule := "C-SIEGE-5"
		if st.Number == 14 {
			rule = "C-SIEGE-6"
		}
		name := lang.Text{EN: fmt.Sprintf("%d. %s", st.Number, st.Name.EN), FR: fmt.Sprintf("%d. %s", st.Number, st.Name.FR)}
		stages.Entries = append(stages.Entries, ruleset.AidEntry{Name: name, Text: joinTexts(", ", parts...), Rule: rule})
	}

	actions := ruleset.Aid{ID: "actions", Title: lang.Text{EN: "Actions", FR: "Actions"}}
	var rows []lang.Text
	for _, r := range cat.Players.Rows {
		if r.Players == 1 {
			rows = append(rows, tf("row1", r.ActionsPerPlayer))
		} else {
			rows = append(rows, tf("row", r.Players, r.ActionsPerPlayer))
		}
	}
	actions.Entries = append(actions.Entries, ruleset.AidEntry{Name: lang.Text{EN: "Actions", FR: "Actions"},
		Text: joinTexts(". ", tf("turn", cat.Limits.ActionsPerTurn), joinTexts("; ", rows...)), Rule: "C-ACT-4"})
	for _, a := range aidActions {
		takes := aidText["free"]
		if a.marker {
			takes = aidText["marker"]
		}
		actions.Entries = append(actions.Entries, ruleset.AidEntry{Name: aidText[a.do], Text: joinTexts(". ", takes, c.actionCosts(a.do)), Rule: a.rule})
	}

	comps := ruleset.Aid{ID: "components", Title: lang.Text{EN: "Components", FR: "Matériel"}}
	for _, k := range componentWords {
		comps.Entries = append(comps.Entries, ruleset.AidEntry{Name: k.name, Text: lang.Text{EN: fmt.Sprint(k.n(&cat.Components)), FR: fmt.Sprint(k.n(&cat.Components))}, Rule: "C-COMP-1"})
	}
	return []ruleset.Aid{stages, actions, comps}
}

// componentWords are the printed counts (cvcatalog.Components) with their
// names, in the order of C-COMP-1.
var componentWords = []struct {
	name lang.Text
	n    func(*cvcatalog.Components) int
}{
	{lang.Text{EN: "Building tokens", FR: "Jetons de bâtiment"}, func(c *cvcatalog.Components) int { return c.BuildingTokens }},
	{lang.Text{EN: "Building cards", FR: "Cartes de bâtiment"}, func(c *cvcatalog.Components) int { return c.BuildingCards }},
	{lang.Text{EN: "Fortification tokens", FR: "Jetons de fortification"}, func(c *cvcatalog.Components) int { return c.FortificationTokens }},
	{lang.Text{EN: "Ditch tokens", FR: "Jetons de fossé"}, func(c *cvcatalog.Components) int { return c.DitchTokens }},
	{lang.Text{EN: "Moat tokens", FR: "Jetons de douve"}, func(c *cvcatalog.Components) int { return c.MoatTokens }},
	{lang.Text{EN: "Enemy cards", FR: "Cartes d’ennemi"}, func(c *cvcatalog.Components) int { return c.EnemyCards }},
	{lang.Text{EN: "Technology cards", FR: "Cartes de technologie"}, func(c *cvcatalog.Components) int { return c.TechnologyCards }},
	{lang.Text{EN: "Hero cards", FR: "Cartes de héros"}, func(c *cvcatalog.Components) int { return c.HeroCards }},
	{lang.Text{EN: "Reference sheets", FR: "Aides de jeu"}, func(c *cvcatalog.Components) int { return c.ReferenceSheets }},
	{lang.Text{EN: "Spell markers", FR: "Marqueurs de sort"}, func(c *cvcatalog.Components) int { return c.SpellMarkers }},
	{lang.Text{EN: "Action markers", FR: "Marqueurs d’action"}, func(c *cvcatalog.Components) int { return c.ActionMarkers }},
	{lang.Text{EN: "Defender tokens", FR: "Jetons de défenseur"}, func(c *cvcatalog.Components) int { return c.Defenders }},
	{lang.Text{EN: "Enemy tokens", FR: "Jetons d’ennemi"}, func(c *cvcatalog.Components) int { return c.Enemies }},
	{lang.Text{EN: "Resource markers", FR: "Marqueurs de ressource"}, func(c *cvcatalog.Components) int { return c.ResourceMarkers }},
	{lang.Text{EN: "Siege engines", FR: "Engins de siège"}, func(c *cvcatalog.Components) int { return c.SiegeEngines }},
	{lang.Text{EN: "Resistance markers", FR: "Marqueurs de résistance"}, func(c *cvcatalog.Components) int { return c.ResistanceMarkers }},
	{lang.Text{EN: "Save sheets", FR: "Feuilles de sauvegarde"}, func(c *cvcatalog.Components) int { return c.SaveSheets }},
	{lang.Text{EN: "Dice", FR: "Dés"}, func(c *cvcatalog.Components) int { return c.Dice }},
}
