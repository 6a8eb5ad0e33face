package wbengine

import (
	"errors"
	"fmt"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/suggest"
)

// ScenarioSetup builds the Setup of a game of the scenario between two
// content decks: board, terrain, markers, zones, scoring and Objective deck
// from the scenario, Leaders, Vocations and Characters with their
// Equipment and Formations from the decks (R-OBJ-1, R-DECK-4).
func ScenarioSetup(cat *wbcatalog.Catalog, scenario string, decks [2]string) (*Setup, error) {
	sc := cat.Scenario(scenario)
	if sc == nil {
		var ids []string
		for _, s := range cat.Scenarios {
			ids = append(ids, s.ID)
		}
		return nil, errors.New(suggest.Unknown("scenario", "scenarios", scenario, ids))
	}
	su := &Setup{
		Format: sc.Format, Cols: sc.Board.Cols, Rows: sc.Board.Rows,
		Terrain: sc.Terrain, Markers: sc.Markers, Scoring: sc.Scoring,
	}
	for _, z := range sc.Deployment {
		if z.Player == 1 || z.Player == 2 {
			su.Zones[z.Player-1] = append(su.Zones[z.Player-1], z)
		}
	}
	for _, id := range sc.Objectives {
		if o := cat.Objective(id); o != nil {
			su.ObjectiveDeck = append(su.ObjectiveDeck, *o)
		}
	}
	if sc.ActionBoard != "" {
		su.Board = cat.ActionBoard(sc.ActionBoard)
	} else {
		su.Board = cat.BoardFor(sc.Format)
	}
	for i, id := range decks {
		d := cat.Deck(id)
		if d == nil {
			return nil, fmt.Errorf("no deck %q", id)
		}
		if d.Format != sc.Format {
			return nil, fmt.Errorf("deck %s is for %s, the scenario %s is %s", id, d.Format, scenario, sc.Format)
		}
		side, err := deckSide(cat, d)
		if err != nil {
			return nil, err
		}
		if decks[0] == decks[1] {
			side.Name = fmt.Sprintf("%s-%d", id, i+1)
		}
		su.Sides[i] = side
	}
	return su, nil
}

func deckSide(cat *wbcatalog.Catalog, d *wbcatalog.Deck) (SideSetup, error) {
	side := SideSetup{Name: d.ID}
	// DeckUpgradesAttached: every Upgrade comes through an attachment;
	// ReferenceCardsNotInDecks: Reference cards make no unit.
	attached := map[string][]string{}
	for _, a := range d.Attachments {
		attached[a.To] = append(attached[a.To], a.Upgrade)
	}
	for _, card := range d.Cards {
		switch cat.KindOf(card) {
		case wbcatalog.KindLeader:
			side.Leaders = append(side.Leaders, card)
			for _, up := range attached[card] {
				if cat.Vocation(up) != nil {
					side.Vocations = append(side.Vocations, up)
				}
			}
		case wbcatalog.KindCharacter:
			ch := cat.Character(card)
			u := UnitSetup{ID: ch.ID, Card: ch.ID, Front: ch.Front, Panic: ch.Panic, HasPanic: true}
			for _, up := range attached[card] {
				switch cat.KindOf(up) {
				case wbcatalog.KindEquipment:
					u.Equipment = append(u.Equipment, up)
				case wbcatalog.KindFormation:
					f := cat.Formation(up).Bonuses
					u.Formation = &f
				}
			}
			side.Units = append(side.Units, u)
		}
	}
	if len(side.Units) == 0 {
		return side, fmt.Errorf("deck %s has no Character", d.ID)
	}
	return side, nil
}
