package warbound

import (
	"errors"
	"fmt"
	"slices"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/engine"
	"wbtool.dev/wbtool/engine/match"
)

// Warbound's part of the balance lab (package balance): its pairings of
// decks on the scenarios of its formats, the variants without a card, and
// the per-card figures of a game, read from its events.

var _ balance.Lab = (*lab)(nil)

// lab is Warbound's balance lab on a catalog.
type lab struct{ cat *catalog.Catalog }

// BalanceLab is Warbound's balance lab on a catalog (Content.Lab).
func BalanceLab(cat *catalog.Catalog) balance.Lab { return lab{cat} }

// Game is "": Warbound's results name no game (they did not before
// there were two).
func (lab) Game() string { return "" }

func (lab) Engine() string { return engine.Version }

func (l lab) Content() string { return match.ContentHash(l.cat) }

// DefaultBot is the search bot at level 1.
func (lab) DefaultBot() string { return "mcts:1" }

func (lab) CheckBot(bot string) error {
	_, err := engine.NewBot(bot, 0)
	return err
}

func (l lab) Resolve(set balance.Settings) (balance.Settings, error) {
	return resolveBalance(l.cat, set)
}

func (l lab) Pairings(set balance.Settings) ([]balance.Pairing, error) {
	return matchups(l.cat, set)
}

// BalanceFormats are the formats a Warbound balance result may name.
var BalanceFormats = []string{string(catalog.Exploration), string(catalog.Confrontation)}

// resolve fills the settings' defaults from the content: every format,
// every scenario of the formats, and checks the names given.
func resolveBalance(cat *catalog.Catalog, set balance.Settings) (balance.Settings, error) {
	if len(set.Formats) == 0 {
		set.Formats = []string{string(catalog.Exploration), string(catalog.Confrontation)}
		// The formats of the scenarios or decks given.
		var given []string
		for _, id := range set.Scenarios {
			if sc := cat.Scenario(id); sc != nil && !slices.Contains(given, string(sc.Format)) {
				given = append(given, string(sc.Format))
			}
		}
		for _, id := range set.Decks {
			if d := cat.Deck(id); d != nil && len(set.Scenarios) == 0 && !slices.Contains(given, string(d.Format)) {
				given = append(given, string(d.Format))
			}
		}
		if len(given) > 0 {
			set.Formats = given
		}
	}
	for _, f := range set.Formats {
		if f := catalog.Format(f); f != catalog.Exploration && f != catalog.Confrontation {
			return set, fmt.Errorf("format: expected exploration or confrontation, got %q", f)
		}
	}
	if set.Maintenance && !slices.Contains(set.Formats, string(catalog.Confrontation)) {
		return set, errors.New("maintenance: the Maintenance option is a Confrontation rule (R-TURN-7)")
	}
	if len(set.Scenarios) == 0 {
		for _, sc := range cat.Scenarios {
			if slices.Contains(set.Formats, string(sc.Format)) {
				set.Scenarios = append(set.Scenarios, sc.ID)
			}
		}
	}
	for _, id := range set.Scenarios {
		sc := cat.Scenario(id)
		if sc == nil {
			return set, fmt.Errorf("no scenario %q", id)
		}
		if !slices.Contains(set.Formats, string(sc.Format)) {
			return set, fmt.Errorf("scenario %s is %s, not of the formats asked", id, sc.Format)
		}
	}
	for _, id := range set.Decks {
		if cat.Deck(id) == nil {
			return set, fmt.Errorf("no deck %q", id)
		}
	}
	return set, nil
}

// formatDecks lists the run's decks of format f in content order.
func formatDecks(cat *catalog.Catalog, set balance.Settings, f catalog.Format) []string {
	var out []string
	for _, d := range cat.Decks {
		if d.Format == f && (len(set.Decks) == 0 || slices.Contains(set.Decks, d.ID)) {
			out = append(out, d.ID)
		}
	}
	return out
}

// matchups compiles the run's games: on each scenario every ordered pair
// of different decks (so each pairing in both seat orders), then, with
// variants, each deck without one of its cards against every other deck,
// in both seats.
func matchups(cat *catalog.Catalog, set balance.Settings) ([]balance.Pairing, error) {
	var out []balance.Pairing
	add := func(key balance.MatchKey, su *engine.Setup) error {
		su.Maintenance = set.Maintenance && su.Format == catalog.Confrontation
		g, err := engine.Compile(cat, su)
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		g.PrecomputeSight()
		out = append(out, balance.Pairing{Key: key, Play: func(seed uint64) (balance.Tally, error) { return playOne(g, set.Bot, seed) }})
		return nil
	}
	for _, sid := range set.Scenarios {
		sc := cat.Scenario(sid)
		decks := formatDecks(cat, set, sc.Format)
		if len(decks) < 2 {
			return nil, fmt.Errorf("scenario %s: fewer than two %s decks to pair", sid, sc.Format)
		}
		for _, a := range decks {
			for _, b := range decks {
				if a == b {
					continue
				}
				key := balance.MatchKey{Format: string(sc.Format), Scenario: sid, Decks: [2]string{a, b}}
				su, err := engine.ScenarioSetup(cat, sid, key.Decks)
				if err != nil {
					return nil, err
				}
				if err := add(key, su); err != nil {
					return nil, err
				}
			}
		}
		if !set.Variants {
			continue
		}
		for _, a := range decks {
			for _, card := range variantCards(cat, a) {
				for _, b := range decks {
					if a == b {
						continue
					}
					for seat := range 2 {
						key := balance.MatchKey{Format: string(sc.Format), Scenario: sid, Decks: [2]string{a, b}, Without: card, Seat: seat}
						if seat == 1 {
							key.Decks = [2]string{b, a}
						}
						su, err := engine.ScenarioSetup(cat, sid, key.Decks)
						if err != nil {
							return nil, err
						}
						if !withoutCard(cat, &su.Sides[seat], card) {
							continue
						}
						if err := add(key, su); err != nil {
							return nil, err
						}
					}
				}
			}
		}
	}
	return out, nil
}

// variantCards are the cards of deck id a variant can do without: every
// card but the Leaders (a deck needs its Leaders' Orders), once each.
func variantCards(cat *catalog.Catalog, id string) []string {
	var out []string
	for _, c := range cat.Deck(id).Cards {
		if cat.KindOf(c) != catalog.KindLeader && cat.KindOf(c) != catalog.KindReference && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// withoutCard takes one copy of card out of a side: a Character with its
// Upgrades, or an Upgrade from the first card it is attached to. It
// reports false when that would leave the side without a Character or
// the card is not there.
func withoutCard(cat *catalog.Catalog, side *engine.SideSetup, card string) bool {
	switch cat.KindOf(card) {
	case catalog.KindCharacter:
		if len(side.Units) < 2 {
			return false
		}
		for i, u := range side.Units {
			if u.Card == card {
				side.Units = slices.Delete(slices.Clone(side.Units), i, i+1)
				return true
			}
		}
	case catalog.KindVocation:
		if i := slices.Index(side.Vocations, card); i >= 0 {
			side.Vocations = slices.Delete(slices.Clone(side.Vocations), i, i+1)
			return true
		}
	case catalog.KindEquipment:
		for i := range side.Units {
			if j := slices.Index(side.Units[i].Equipment, card); j >= 0 {
				side.Units[i].Equipment = slices.Delete(slices.Clone(side.Units[i].Equipment), j, j+1)
				return true
			}
		}
	case catalog.KindFormation:
		for i := range side.Units {
			if side.Units[i].Formation != nil {
				side.Units[i].Formation = nil
				return true
			}
		}
	}
	return false
}

// recorder counts the per-unit figures from the events of a game.
type recorder struct {
	units    []balance.UnitTally
	active   int // unit activated last in this phase, -1 none
	attacker int // unit of the last attack or effect roll, -1 none
}

// Record implements engine.Recorder.
func (r *recorder) Record(s *engine.State, d engine.Decision, ev []engine.Event) {
	for i := range ev {
		e := &ev[i]
		switch e.Kind {
		case engine.EvActivate:
			r.active = int(e.Unit)
			r.units[e.Unit].Activations++
		case engine.EvPhase, engine.EvPass:
			// Scoring after an activation's end (a marker scanned) is
			// still the activation's; a new phase or a pass is not.
			r.active = -1
		case engine.EvRoll:
			if e.N != engine.RollArmour {
				r.attacker = int(e.Unit)
			}
		case engine.EvToken:
			if e.Colour == engine.TokWound || e.Colour == engine.TokPoison {
				r.units[e.Target].Taken += int(e.N)
				if a := r.attacker; a >= 0 && r.units[a].Side != r.units[e.Target].Side {
					r.units[a].Dealt += int(e.N)
				}
			}
		case engine.EvVP:
			if a := r.active; a >= 0 && r.units[a].Side == int(e.Side) {
				r.units[a].VP += int(e.N)
			}
		}
	}
	if len(ev) > 0 {
		r.attacker = -1 // an attack resolves within one decision
	}
}

// playOne plays one game of g with bot on both seats.
func playOne(g *engine.Game, bot string, seed uint64) (balance.Tally, error) {
	var bots [2]engine.Bot
	for i := range bots {
		b, err := engine.NewBot(bot, seed*2+1+uint64(i))
		if err != nil {
			return balance.Tally{}, err
		}
		bots[i] = b
	}
	rec := &recorder{units: make([]balance.UnitTally, g.UnitCount()), active: -1, attacker: -1}
	for u := range rec.units {
		rec.units[u].Card, rec.units[u].Side = g.UnitID(u), g.UnitSide(u)
	}
	r, s, err := engine.PlayRecorded(g, seed, bots, rec, balance.StepLimit)
	t := balance.Tally{Winner: r.Winner, VP: r.VP, Steps: r.Steps, Units: rec.units}
	if err != nil {
		if s.Steps() < balance.StepLimit {
			return t, err
		}
		t = balance.Tally{Winner: -1, Unfinished: true, VP: [2]int{s.VP(0), s.VP(1)}, Steps: s.Steps(), Units: rec.units}
	}
	for u := range rec.units {
		v := s.Unit(u)
		rec.units[u].Survived = v.Deployed && !v.Removed
	}
	return t, nil
}
