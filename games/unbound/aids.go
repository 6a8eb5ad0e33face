package unbound

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/games/unbound/ubengine"
	"wbtool.dev/wbtool/games/unbound/ubengine/ubtable"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// ladderWords are the ladder's outcomes by ubengine.ShotMode's name (the
// order cards' words give the rest: unit types, conditions, timings).
var ladderWords = map[string]lang.Text{
	ubengine.RerollMisses.String(): {EN: "re-roll failed hits", FR: "relancez les touches ratées"},
	ubengine.Normal.String():       {EN: "shoot normally", FR: "tir normal"},
	ubengine.RerollHits.String():   {EN: "re-roll successful hits", FR: "relancez les touches réussies"},
	ubengine.NoShot.String():       {EN: "the weapon does not fire", FR: "l'arme ne tire pas"},
}

// capital is t with each language's first letter in upper case.
func capital(t lang.Text) lang.Text {
	up := func(s string) string {
		for i, r := range s {
			return strings.ToUpper(string(r)) + s[i+len(string(r)):]
		}
		return s
	}
	return lang.Text{EN: up(t.EN), FR: up(t.FR)}
}

// join puts texts together per language.
func join(sep string, parts ...lang.Text) lang.Text {
	var en, fr []string
	for _, p := range parts {
		if p.EN != "" {
			en = append(en, p.EN)
		}
		if p.FR != "" {
			fr = append(fr, p.FR)
		}
	}
	return lang.Text{EN: strings.Join(en, sep), FR: strings.Join(fr, sep)}
}

// sprintf formats f per language with args.
func sprintf(f lang.Text, args ...any) lang.Text {
	return lang.Text{EN: fmt.Sprintf(f.EN, args...), FR: fmt.Sprintf(f.FR, args...)}
}

// turnSteps are the turn's steps as the engine plays them (RULES.md
// U-TURN): the psychic pools (ubengine.Pools), the reserves' arrival
// (State.Arrive), the tokens (State.NextTurn), the order step (Check),
// close combat and the end of the turn (GameEnds).
var turnSteps = []struct {
	rule       string
	name, text lang.Text
}{
	{"U-PSY-1", lang.Text{EN: "Psychic roll", FR: "Jet psychique"}, lang.Text{EN: "The initiative rolls one die; each side adds its warp charges: one pool to manifest, one to deny.", FR: "L'initiative lance un dé ; chaque camp ajoute ses charges warp : une réserve pour manifester, une pour abjurer."}},
	{"U-RES-2", lang.Text{EN: "Reserves", FR: "Réserves"}, lang.Text{EN: "Arriving units are placed one at a time, the initiative first, alternately.", FR: "Les unités qui arrivent sont placées une à une, l'initiative d'abord, en alternance."}},
	{"U-TOKEN-1", lang.Text{EN: "Organisation", FR: "Organisation"}, lang.Text{EN: "Every unit on the table takes one activation token.", FR: "Chaque unité sur la table prend un jeton d'activation."}},
	{"U-TURN-2", lang.Text{EN: "Orders", FR: "Ordres"}, lang.Text{EN: "From the initiative, each player in turn gives a planned order to a unit holding a token, until no token is left.", FR: "Depuis l'initiative, chaque joueur à son tour donne un ordre planifié à une unité qui a un jeton, jusqu'à ce qu'il n'en reste aucun."}},
	{"U-MELEE-1", lang.Text{EN: "Close combat", FR: "Corps à corps"}, lang.Text{EN: "Close combats are fought.", FR: "Les corps à corps sont livrés."}},
}

// endText is the end of the turn, as ubengine.GameEnds decides it: the
// least die that ends the game after each turn that may end it.
func endText() lang.Text {
	en := []string{"The initiative passes on."}
	fr := []string{"L'initiative change de main."}
	for turn := 1; turn <= ubengine.LastTurn; turn++ {
		for die := 1; die <= 6; die++ {
			if !ubengine.GameEnds(turn, die) {
				continue
			}
			if die == 1 {
				en = append(en, fmt.Sprintf("After turn %d the game ends.", turn))
				fr = append(fr, fmt.Sprintf("Après le tour %d la partie s'arrête.", turn))
			} else {
				en = append(en, fmt.Sprintf("After turn %d it ends on a %d+.", turn, die))
				fr = append(fr, fmt.Sprintf("Après le tour %d elle s'arrête sur %d+.", turn, die))
			}
			break
		}
	}
	return lang.Text{EN: strings.Join(en, " "), FR: strings.Join(fr, " ")}
}

// aids are 40k Unbound's player aids (ruleset.RulebookSource.Aids): the
// turn sequence, the 13 orders as the engine reads them from the content
// (who may take each, an immediate order's condition and timing, the
// handicap of its shots), the reaction window's limits and the
// advantage/handicap ladder computed by ubengine.Ladder. Each entry names
// the rule that says so; the rulebook checks that the rules pages anchor
// it.
func (c *Content) aids() []ruleset.Aid {
	turn := ruleset.Aid{ID: "turn-sequence", Title: lang.Text{EN: "Turn sequence", FR: "Déroulement du tour"}}
	for _, s := range turnSteps {
		turn.Entries = append(turn.Entries, ruleset.AidEntry{Name: s.name, Text: s.text, Rule: s.rule})
	}
	turn.Entries = append(turn.Entries, ruleset.AidEntry{Name: lang.Text{EN: "End of turn", FR: "Fin du tour"}, Text: endText(), Rule: "U-END-3"})

	rules, _ := ubtable.Orders(c.Catalog, nil) // an unknown change is a check's error, not the content's
	planned := ruleset.Aid{ID: "planned-orders", Title: lang.Text{EN: "Planned orders", FR: "Ordres planifiés"}}
	immediate := ruleset.Aid{ID: "immediate-orders", Title: lang.Text{EN: "Immediate orders", FR: "Ordres immédiats"}}
	for _, o := range c.Catalog.Orders {
		k, ok := ubengine.KindOf(o.ID)
		if !ok || k == ubengine.NoReaction {
			continue
		}
		r := rules[k]
		who := words["any"]
		if len(r.Types) > 0 {
			var types []lang.Text
			for _, t := range r.Types {
				types = append(types, typeNames[t.String()])
			}
			who = join(", ", types...)
		}
		if r.FromTransport {
			who = join(words["sep"].EN, who, words["from"])
		}
		parts := []lang.Text{join(": ", words["who"], who)}
		if k.Immediate() {
			parts = append(parts, join(": ", words["when"], words[string(r.Condition)]), join(": ", words["timing"], words[string(r.Timing)]))
		}
		if r.Handicaps > 0 {
			parts = append(parts, capital(sprintf(words["handicap"], r.Handicaps)))
		}
		parts = append(parts, o.Text)
		text := join(". ", parts...)
		e := ruleset.AidEntry{Name: o.Name, Text: text, Rule: r.ID, Pos: o.Pos}
		if k.Immediate() {
			immediate.Entries = append(immediate.Entries, e)
		} else {
			planned.Entries = append(planned.Entries, e)
		}
	}

	window := ruleset.Aid{ID: "reaction-window", Title: lang.Text{EN: "The reaction window", FR: "La fenêtre de réaction"}, Entries: []ruleset.AidEntry{
		{Name: lang.Text{EN: "Reactions", FR: "Réactions"}, Text: lang.Text{EN: "Each other player answers a planned order with one immediate order at most, or none.", FR: "Chaque autre joueur répond à un ordre planifié par un ordre immédiat au plus, ou aucun."}, Rule: "U-REACT-3"},
		{Name: lang.Text{EN: "Counter-order", FR: "Contre-ordre"}, Text: lang.Text{EN: "If anyone answered, the active player may answer once; nobody answers that.", FR: "Si quelqu'un a répondu, le joueur actif peut répondre une fois ; personne n'y répond."}, Rule: "U-REACT-4"},
		{Name: lang.Text{EN: "Replacement", FR: "Remplacement"}, Text: lang.Text{EN: "A counter-order given to the ordered unit replaces its planned order.", FR: "Un contre-ordre donné à l'unité qui a reçu l'ordre remplace son ordre planifié."}, Rule: "U-REACT-5"},
	}}

	ladder := ruleset.Aid{ID: "shooting-ladder", Title: lang.Text{EN: "Shooting advantages and handicaps (per weapon)", FR: "Avantages et handicaps au tir (par arme)"}}
	for _, step := range []struct {
		adv, hand int
		name      lang.Text
	}{
		{1, 0, lang.Text{EN: "More advantages", FR: "Plus d'avantages"}},
		{0, 0, lang.Text{EN: "As many", FR: "Autant"}},
		{0, 1, lang.Text{EN: "One more handicap", FR: "Un handicap de plus"}},
		{0, 2, lang.Text{EN: "Two more handicaps or more", FR: "Deux handicaps de plus ou davantage"}},
	} {
		ladder.Entries = append(ladder.Entries, ruleset.AidEntry{Name: step.name, Text: ladderWords[ubengine.Ladder(step.adv, step.hand).String()], Rule: "U-SHOOT-2"})
	}
	return []ruleset.Aid{turn, planned, immediate, window, ladder}
}
