package warstuff

import (
	"strconv"

	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsengine"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// optionTexts are the activation options' names and reminders, by the
// engine's option id (wsengine.OptionIDs): the aid lists the options the
// engine offers, in its order (TestAidsCoverEveryOption).
var optionTexts = map[string][2]lang.Text{
	"move-shoot":     {{EN: "Move & Shoot", FR: "Bouger et tirer"}, {EN: "Move, then shoot with a penalty die if you moved.", FR: "Bougez, puis tirez avec un dé de malus si vous avez bougé."}},
	"aimed-shot":     {{EN: "Aimed Shot", FR: "Tir visé"}, {EN: "Stay still and shoot with a bonus die to hit.", FR: "Restez immobile et tirez avec un dé de bonus pour toucher."}},
	"take-cover":     {{EN: "Take Cover", FR: "Se mettre à couvert"}, {EN: "Shoot, then count as in cover until your next activation.", FR: "Tirez, puis comptez comme à couvert jusqu’à votre prochaine activation."}},
	"move-overwatch": {{EN: "Move & Overwatch", FR: "Bouger et guetter"}, {EN: "Move, then shoot at the first enemy that acts in sight.", FR: "Bougez, puis tirez sur le premier ennemi qui agit en vue."}},
	"run":            {{EN: "Run", FR: "Courir"}, {EN: "Move twice as far; no shot.", FR: "Bougez deux fois plus loin ; pas de tir."}},
	"charge":         {{EN: "Charge", FR: "Charger"}, {EN: "Move into contact and strike with a bonus die; the target may strike back.", FR: "Allez au contact et frappez avec un dé de bonus ; la cible peut riposter."}},
	"sabotage":       {{EN: "Sabotage", FR: "Saboter"}, {EN: "Invasion: a hero in contact with an entry point works to seal it.", FR: "Invasion : un héros au contact d’un point d’entrée œuvre à le sceller."}},
	"arrive":         {{EN: "Arrive", FR: "Arriver"}, {EN: "A figure held in reserve by Teleport arrives on the table.", FR: "Une figurine gardée en réserve par Téléportation arrive sur la table."}},
}

// aidOptions are the options a player picks (the engine's own automatic
// creature activation is not one).
var aidOptions = []wsengine.Option{wsengine.MoveShoot, wsengine.AimedShot, wsengine.TakeCover, wsengine.MoveOverwatch, wsengine.Run, wsengine.Charge, wsengine.Sabotage, wsengine.Arrive}

// aids are Warstuff's player aids (ruleset.RulebookSource.Aids): the
// activation options the engine offers, and the special rules with
// their cost and reminder as the catalog (and so the engine and the
// cost tables) gives them.
func (c *Content) aids() []ruleset.Aid {
	opts := ruleset.Aid{ID: "activation", Title: lang.Text{EN: "Activation options", FR: "Options d’activation"}}
	for _, o := range aidOptions {
		t, ok := optionTexts[wsengine.OptionIDs[o]]
		if !ok {
			t = [2]lang.Text{{EN: wsengine.OptionIDs[o], FR: wsengine.OptionIDs[o]}}
		}
		rule := "WS-ACT-1"
		if o == wsengine.Sabotage {
			rule = "WS-INV-1"
		}
		opts.Entries = append(opts.Entries, ruleset.AidEntry{Name: t[0], Text: t[1], Rule: rule})
	}
	rules := ruleset.Aid{ID: "special-rules", Title: lang.Text{EN: "Special rules", FR: "Règles spéciales"}}
	for _, r := range c.Catalog.Rules {
		name := r.Name
		if r.Cost > 0 {
			pts := strconv.Itoa(r.Cost) + "\u00a0pts"
			if r.Cost == 1 {
				pts = "1\u00a0pt"
			}
			name.EN += " (" + pts + ")"
			name.FR += " (" + pts + ")"
		}
		rule := "WS-BUILD-1"
		if r.Kind == wscatalog.CreatureRule {
			rule = "WS-INV-1"
		}
		rules.Entries = append(rules.Entries, ruleset.AidEntry{Name: lang.Text(name), Text: lang.Text(r.Reminder), Rule: rule})
	}
	return []ruleset.Aid{opts, rules}
}
