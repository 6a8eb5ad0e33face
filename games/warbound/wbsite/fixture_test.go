package wbsite

import (
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// fixture returns a small, fixed catalog that uses every card kind and
// every rules Markdown feature. Golden files are built from it, so that
// they change only when the site changes, not when the starter content
// does. Texts go through txt, so that the security tests can swap in
// hostile strings everywhere.
func fixture(txt func(en, fr string) wbcatalog.Text, rules map[string]string) *wbcatalog.Catalog {
	if txt == nil {
		txt = func(en, fr string) wbcatalog.Text { return wbcatalog.Text{EN: en, FR: fr} }
	}
	pt := func(en, fr string) *wbcatalog.Text { t := txt(en, fr); return &t }
	pos := func(file string, line int) wbcatalog.Pos { return wbcatalog.Pos{File: file, Line: line, Col: 1} }
	cat := &wbcatalog.Catalog{
		SchemaVersion: wbcatalog.SchemaVersion,
		Factions: []wbcatalog.Faction{
			{ID: "raiders", Name: txt("Raiders", "Pillards"), Colour: "#e8701a", Pos: pos("cards/factions.cue", 3)},
			{ID: "clans", Name: txt("Ash Clans", "Clans des Cendres"), Colour: "#2d7dd2", Pos: pos("cards/factions.cue", 7)},
		},
		Skills: []wbcatalog.Skill{
			{ID: "sharp-shooting", Name: txt("Sharp shooting", "Tir d'élite"), Text: txt(
				"This Character may :shoot: an enemy next to one of your Characters.",
				"Ce Personnage peut :shoot: un ennemi adjacent à l'un de vos Personnages."), Pos: pos("cards/skills.cue", 4)},
			{ID: "frenzy", Name: txt("Frenzy", "Frénésie"), Active: true, Text: txt(
				"Roll one more :melee-die:. On a natural [1], take a **Stress** token.",
				"Lancez un :melee-die: de plus. Sur un [1] naturel, prenez un jeton **Stress** !"), Pos: pos("cards/skills.cue", 9)},
			{ID: "command", Name: txt("Command", "Commandement"), Text: txt(
				"Once per turn, pay :order-raiders: to *clear* a space.",
				"Une fois par tour, payez :order-raiders: pour *libérer* une case."), Pos: pos("cards/skills.cue", 14)},
		},
		Characters: []wbcatalog.Character{
			{ID: "copp", Name: txt("COPP", "COPP"), Faction: "raiders", NameGroup: "copp",
				Flavor: pt("Salvaged police frame.", "Châssis de police récupéré."),
				Front: wbcatalog.Profile{Attack: 7, Speed: 3, Run: 1, Accuracy: &wbcatalog.Accuracy{Near: 4, Far: 6},
					Cost: wbcatalog.Cost{"raiders": 1, "any": 1}, Health: 4, Morale: 3,
					Armor: &wbcatalog.Armor{Points: 1, Save: 7}, Gear: []wbcatalog.Gear{wbcatalog.GearRanged}, Skills: []string{"sharp-shooting"}},
				Panic: wbcatalog.Profile{Attack: 8, Speed: 3, Run: 1, Accuracy: &wbcatalog.Accuracy{Near: 5},
					Cost: wbcatalog.Cost{"raiders": 1, "any": 2}, Health: 4, Skills: []string{"sharp-shooting"}},
				Pos: pos("cards/raiders.cue", 3)},
			{ID: "howler", Name: txt("Howler", "Hurleuse"), Faction: "clans", NameGroup: "howler",
				Front: wbcatalog.Profile{Attack: 5, Speed: 4, Run: 2, Dice: wbcatalog.Dice{Melee: 2},
					Cost: wbcatalog.Cost{"clans": 2}, Health: 3, Morale: 4, Gear: []wbcatalog.Gear{wbcatalog.GearMelee}, Skills: []string{"frenzy"}},
				Panic: wbcatalog.Profile{Attack: 6, Speed: 4, Run: 2, Cost: wbcatalog.Cost{"clans": 3}, Health: 3},
				Pos:   pos("cards/clans.cue", 3)},
		},
		Leaders: []wbcatalog.Leader{
			{ID: "boss", Name: txt("Scrap Boss", "Chef Ferraille"), Faction: "raiders", Skill: "command",
				Exploration:   wbcatalog.LeaderSide{Orders: []map[string]int{{"raiders": 3}, {"raiders": 4, "clans": 1}}},
				Confrontation: wbcatalog.LeaderSide{Orders: []map[string]int{{"raiders": 2}, {"raiders": 3}, {"raiders": 2, "clans": 1}}},
				Pos:           pos("cards/leaders.cue", 3)},
		},
		Equipment: []wbcatalog.Equipment{
			{ID: "scope", Name: txt("Scope", "Lunette"), Text: txt("Add one :ranged-die: when you :aim:.", "Ajoutez un :ranged-die: quand vous visez : « précision »."), Pos: pos("cards/equipment.cue", 3)},
			{ID: "plate", Name: txt("Breastplate", "Plastron"), Gear: wbcatalog.GearArmor, Faction: "raiders", Text: txt("One more armour point.", "Un point d'armure de plus."), Pos: pos("cards/equipment.cue", 8)},
		},
		Formations: []wbcatalog.Formation{
			{ID: "squad", Name: txt("Squad", "Escouade"), Text: txt("A second miniature.", "Une seconde figurine."),
				Bonuses: wbcatalog.FormationBonus{Cost: 1, Hit: 1, RangedDice: 1, MeleeDice: 1, Health: 1}, Pos: pos("cards/formations.cue", 3)},
		},
		Vocations: []wbcatalog.Vocation{
			{ID: "drillmaster", Name: txt("Drillmaster", "Instructeur"), Text: txt("Your Characters :run: one more tile.", "Vos Personnages font une :run: d'une case de plus."), Pos: pos("cards/vocations.cue", 3)},
		},
		References: []wbcatalog.ReferenceCard{
			{ID: "raiders-reference", Name: txt("Raiders: common skills", "Pillards : compétences communes"), Faction: "raiders", Skills: []string{"sharp-shooting"}, Pos: pos("cards/references.cue", 3)},
		},
		Objectives: []wbcatalog.ObjectiveCard{
			{ID: "first-blood", Name: txt("First Blood", "Premier sang"), Format: wbcatalog.Exploration,
				Text:    txt("Remove an enemy first.", "Retirez un ennemi en premier."),
				Scoring: []wbcatalog.Scoring{{Kind: "remove-enemy", VP: 2, Text: pt("the first enemy removed", "le premier ennemi retiré")}},
				Pos:     pos("scenarios/objectives.cue", 3)},
		},
		Decks: []wbcatalog.Deck{
			{ID: "raiders-warband", Name: txt("Raiders Warband", "Bande de Pillards"), Format: wbcatalog.Exploration,
				Description: pt("A first deck.", "Un premier deck."),
				Cards:       []string{"boss", "copp", "howler", "scope", "plate", "squad", "drillmaster", "copp"},
				Attachments: []wbcatalog.Attachment{{Upgrade: "scope", To: "copp"}, {Upgrade: "squad", To: "howler"}, {Upgrade: "drillmaster", To: "boss"}},
				Pos:         pos("scenarios/decks.cue", 3)},
		},
		Glossary: []wbcatalog.Term{
			{ID: "stress", Term: txt("Stress", "Stress"), Definition: txt("A token on the morale pool.", "Un jeton sur la réserve de moral."), Pos: pos("i18n/glossary.cue", 3)},
			{ID: "order", Term: txt("Order token", "Jeton Ordre"), Definition: txt("Pays for activations: :order:.", "Paie les activations : :order:."), Pos: pos("i18n/glossary.cue", 7)},
		},
		Checks: []wbcatalog.CheckGame{{ID: "armor-saves-one", Rules: []string{"R-SHOOT-7", "R-DICE-2"}, Format: wbcatalog.Exploration,
			Sides: map[string]wbcatalog.CheckSide{
				"red":  {Leader: "boss", Units: []wbcatalog.CheckUnit{{ID: "s", Card: "copp", Upgrades: []string{"scope"}}}},
				"blue": {Units: []wbcatalog.CheckUnit{{ID: "t", Profile: &wbcatalog.Profile{Health: 4}}}},
			},
			Pos: pos("scenarios/checks/shooting.cue", 1)}},
	}
	if rules == nil {
		rules = fixtureRules
	}
	for _, p := range sortedRuleKeys(rules) {
		lang := wbcatalog.English
		if p[len("rules/"):len("rules/fr")] == "fr" {
			lang = wbcatalog.French
		}
		cat.Rules = append(cat.Rules, wbcatalog.RulesPage{Lang: lang, Path: p, Source: []byte(rules[p])})
	}
	cat.Sort()
	return cat
}

func sortedRuleKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}

// fixtureRules are two chapters in each language.
var fixtureRules = map[string]string{
	"rules/en/01-basics.md": `---
title: Basics
order: 1
---
# Basics {#basics}

Warbound is played with "d12" dice -- see [Shooting](02-shooting.md#R-SHOOT-7).

## Dice {#dice}

**R-DICE-2** A natural [1] always fails... Use :move: and :order-raiders: tokens.

| Card | Use |
|---|---|
| [[copp]] | shoots |
| [[howler]] | fights |

## Automatic heading

See R-SHOOT-7 and [the glossary](https://example.org/glossary).
`,
	"rules/en/02-shooting.md": `---
title: Shooting
order: 2
---
## Armour {#armour}

- **R-SHOOT-7** One armour point saves one wound only. Back to R-DICE-2.

## Heading with the same words

## Heading with the same words
`,
	"rules/fr/01-basics.md": `---
title: Les bases
order: 1
---
# Les bases {#basics}

Warbound se joue avec des dés "d12" -- voir [Tir](02-shooting.md#R-SHOOT-7).

## Les dés {#dice}

**R-DICE-2** Un [1] naturel échoue toujours ! Vraiment ? Oui : c'est la règle ; << toujours >>.
Utilisez :move: et les jetons :order-raiders:.

| Carte | Usage |
|---|---|
| [[copp]] | tire |
| [[howler]] | combat |

## Règles générales de l'été

Voir R-SHOOT-7 et « le glossaire ».
`,
	"rules/fr/02-shooting.md": `---
title: Tir
order: 2
---
## Armure {#armour}

- **R-SHOOT-7** Un point d'armure n'annule qu'une blessure. Retour à R-DICE-2.

## Même titre

## Même titre
`,
}
