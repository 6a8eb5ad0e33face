package warbound

import (
	"errors"
	"fmt"
	"slices"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbmatch"
	"wbtool.dev/wbtool/internal/suggest"
)

// Warbound's part of the balance lab (package balance): its pairings of
// decks on the scenarios of its formats, the variants without a card, and
// the per-card figures of a game, read from its events.

var (
	_ balance.Lab     = (*lab)(nil)
	_ balance.Counted = (*lab)(nil)
)

// Components are the printed kit's counted tokens (set.components).
func (l lab) Components() []balance.Component { return components(wbmatch.NewKit(l.cat)) }

// components are a kit's counted tokens for the balance lab and sim.
func components(k wbmatch.Kit) []balance.Component {
	var out []balance.Component
	for i, name := range k.Names {
		out = append(out, balance.Component{Name: name, Printed: k.Counts[i].Printed, Rule: k.Counts[i].Rule})
	}
	return out
}

// lab is Warbound's balance lab on a catalog.
type lab struct{ cat *wbcatalog.Catalog }

// BalanceLab is Warbound's balance lab on a catalog (Content.Lab).
func BalanceLab(cat *wbcatalog.Catalog) balance.Lab { return lab{cat} }

// Game is "": Warbound's results name no game (they did not before
// there were two).
func (lab) Game() string { return "" }

func (lab) Engine() string { return wbengine.Version }

func (l lab) Content() string { return wbmatch.ContentHash(l.cat) }

// DefaultBot is the search bot at level 1.
func (lab) DefaultBot() string { return "mcts:1" }

func (lab) CheckBot(bot string) error {
	_, err := wbengine.NewBot(bot, 0)
	return err
}

func (l lab) Resolve(set balance.Settings) (balance.Settings, error) {
	return resolveBalance(l.cat, set)
}

func (l lab) Pairings(set balance.Settings) ([]balance.Pairing, error) {
	return matchups(l.cat, set)
}

// BalanceFormats are the formats a Warbound balance result may name.
var BalanceFormats = []string{string(wbcatalog.Exploration), string(wbcatalog.Confrontation)}

// resolve fills the settings' defaults from the content: every format,
// every scenario of the formats, and checks the names given.
func resolveBalance(cat *wbcatalog.Catalog, set balance.Settings) (balance.Settings, error) {
	if len(set.Formats) == 0 {
		set.Formats = []string{string(wbcatalog.Exploration), string(wbcatalog.Confrontation)}
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
		if f := wbcatalog.Format(f); f != wbcatalog.Exploration && f != wbcatalog.Confrontation {
			return set, fmt.Errorf("format: expected exploration or confrontation, got %q", f)
		}
	}
	if set.Maintenance && !slices.Contains(set.Formats, string(wbcatalog.Confrontation)) {
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
			var ids []string
			for _, s := range cat.Scenarios {
				ids = append(ids, s.ID)
			}
			return set, errors.New(suggest.Unknown("scenario", "scenarios", id, ids))
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
func formatDecks(cat *wbcatalog.Catalog, set balance.Settings, f wbcatalog.Format) []string {
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
func matchups(cat *wbcatalog.Catalog, set balance.Settings) ([]balance.Pairing, error) {
	var out []balance.Pairing
	kit := wbmatch.NewKit(cat)
	add := func(key balance.MatchKey, su *wbengine.Setup) error {
		su.Maintenance = set.Maintenance && su.Format == wbcatalog.Confrontation
		g, err := wbengine.Compile(cat, su)
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		g.PrecomputeSight()
		out = append(out, balance.Pairing{Key: key, Play: func(seed uint64) (balance.Tally, error) { return playOne(g, kit, set.SeatBots(), seed) }})
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
				su, err := wbengine.ScenarioSetup(cat, sid, key.Decks)
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
						su, err := wbengine.ScenarioSetup(cat, sid, key.Decks)
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
func variantCards(cat *wbcatalog.Catalog, id string) []string {
	var out []string
	for _, c := range cat.Deck(id).Cards {
		if cat.KindOf(c) != wbcatalog.KindLeader && cat.KindOf(c) != wbcatalog.KindReference && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// withoutCard takes one copy of card out of a side: a Character with its
// Upgrades, or an Upgrade from the first card it is attached to. It
// reports false when that would leave the side without a Character or
// the card is not there.
func withoutCard(cat *wbcatalog.Catalog, side *wbengine.SideSetup, card string) bool {
	switch cat.KindOf(card) {
	case wbcatalog.KindCharacter:
		if len(side.Units) < 2 {
			return false
		}
		for i, u := range side.Units {
			if u.Card == card {
				side.Units = slices.Delete(slices.Clone(side.Units), i, i+1)
				return true
			}
		}
	case wbcatalog.KindVocation:
		if i := slices.Index(side.Vocations, card); i >= 0 {
			side.Vocations = slices.Delete(slices.Clone(side.Vocations), i, i+1)
			return true
		}
	case wbcatalog.KindEquipment:
		for i := range side.Units {
			if j := slices.Index(side.Units[i].Equipment, card); j >= 0 {
				side.Units[i].Equipment = slices.Delete(slices.Clone(side.Units[i].Equipment), j, j+1)
				return true
			}
		}
	case wbcatalog.KindFormation:
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
	// tokens keeps the counted tokens' peaks (nil: the content counts
	// none).
	tokens *wbmatch.TokenPeaks
}

// Record implements wbengine.Recorder.
func (r *recorder) Record(s *wbengine.State, d wbengine.Decision, ev []wbengine.Event) {
	for i := range ev {
		e := &ev[i]
		switch e.Kind {
		case wbengine.EvActivate:
			r.active = int(e.Unit)
			r.units[e.Unit].Activations++
		case wbengine.EvPhase, wbengine.EvPass:
			// Scoring after an activation's end (a marker scanned) is
			// still the activation's; a new phase or a pass is not.
			r.active = -1
		case wbengine.EvRoll:
			if e.N != wbengine.RollArmour {
				r.attacker = int(e.Unit)
			}
		case wbengine.EvToken:
			if e.Colour == wbengine.TokWound || e.Colour == wbengine.TokPoison {
				r.units[e.Target].Taken += int(e.N)
				if a := r.attacker; a >= 0 && r.units[a].Side != r.units[e.Target].Side {
					r.units[a].Dealt += int(e.N)
				}
			}
		case wbengine.EvVP:
			if a := r.active; a >= 0 && r.units[a].Side == int(e.Side) {
				r.units[a].VP += int(e.N)
			}
		}
	}
	if len(ev) > 0 {
		r.attacker = -1 // an attack resolves within one decision
	}
	if r.tokens != nil {
		r.tokens.Record(s, d, ev)
	}
}

// playOne plays one game of g with a bot per seat, with the peaks of
// the kit's counted tokens.
func playOne(g *wbengine.Game, kit wbmatch.Kit, bot [2]string, seed uint64) (balance.Tally, error) {
	var bots [2]wbengine.Bot
	for i := range bots {
		b, err := wbengine.NewBot(bot[i], seed*2+1+uint64(i))
		if err != nil {
			return balance.Tally{}, err
		}
		bots[i] = b
	}
	rec := &recorder{units: make([]balance.UnitTally, g.UnitCount()), active: -1, attacker: -1, tokens: kit.Peaks(g)}
	for u := range rec.units {
		rec.units[u].Card, rec.units[u].Side = g.UnitID(u), g.UnitSide(u)
	}
	r, s, err := wbengine.PlayRecorded(g, seed, bots, rec, balance.StepLimit)
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
	if rec.tokens != nil {
		t.Use = rec.tokens.Peak
	}
	return t, nil
}
