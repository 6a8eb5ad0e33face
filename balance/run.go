// Package balance is wbtool's balance lab: it plays every deck pairing of
// a format on each of its scenarios, in both seat orders with paired
// seeds, with a chosen bot, and sums what designers balance with: the
// matchup matrix, seat advantage, draws, completion, game length, per-card
// figures and, with variants, each card's effect on the win rate (decks
// played without the card, against the same opponents on the same
// seeds). A run can be cut into shards (Options.Shard) whose results
// Merge adds up to the very result of one run. Report writes the HTML
// report with its SVG charts; Alerts flags what lies significantly beyond
// the designers' thresholds.
package balance

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// Options are the settings of a run. Everything that changes the games is
// recorded in the result (Settings), so that shards of different settings
// never merge.
type Options struct {
	Settings
	// Content identifies the content (a hash), recorded in the result.
	Content string
	// Shard is the slice of the games this run plays (zero: all).
	Shard Shard
	// Workers is the number of games played at once (0: every core).
	Workers int
	// Progress, if set, is called after each game with the games done and
	// the games of the run, never from two goroutines at once.
	Progress func(done, total int)
}

// Settings decide the games of a run.
type Settings struct {
	Formats     []wbcatalog.Format `json:"formats"`
	Scenarios   []string           `json:"scenarios"`
	Decks       []string           `json:"decks,omitempty"` // empty: every deck of the format
	Bot         string             `json:"bot"`
	Games       int                `json:"games"` // per matchup and seat order
	Seed        uint64             `json:"seed"`
	Maintenance bool               `json:"maintenance,omitempty"`
	Variants    bool               `json:"variants,omitempty"`
}

// Shard is the slice I of N of a run's games (0 ≤ I < N): game k of the
// run's fixed list belongs to shard k mod N.
type Shard struct {
	I int `json:"i"`
	N int `json:"n"`
}

// stepLimit bounds a game: past it the game counts as unfinished.
const stepLimit = 20000

// matchup is one compiled game: a scenario, two decks in seat order, and
// the card a variant plays without (on the seat of Variant.Seat).
type matchup struct {
	key  MatchKey
	game *wbengine.Game
	// decks are the deck of each seat.
	decks [2]string
}

// Run plays the run's games (its shard's) and returns their tallies.
func Run(ctx context.Context, cat *wbcatalog.Catalog, o Options) (*Result, error) {
	if err := checkGames(o.Games); err != nil {
		return nil, err
	}
	if _, err := wbengine.NewBot(o.Bot, 0); err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	if o.Shard.N == 0 {
		o.Shard = Shard{0, 1}
	}
	if err := CheckShard(o.Shard); err != nil {
		return nil, err
	}
	set, err := resolve(cat, o.Settings)
	if err != nil {
		return nil, err
	}
	ms, err := matchups(cat, set)
	if err != nil {
		return nil, err
	}
	if err := checkShardGames(o.Shard, len(ms), set.Games); err != nil {
		return nil, err
	}
	res := newResult(set, o.Content, []Shard{o.Shard})
	for _, m := range ms {
		res.Matchups = append(res.Matchups, Matchup{MatchKey: m.key, Lengths: make([]int, LengthBins)})
	}
	// The games of this shard, in the run's fixed order.
	type job struct{ m, i int }
	var jobs []job
	k := 0
	for m := range ms {
		for i := range set.Games {
			if k%o.Shard.N == o.Shard.I {
				jobs = append(jobs, job{m, i})
			}
			k++
		}
	}
	workers := o.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	tallies := make([]gameTally, len(jobs))
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	var mu sync.Mutex
	done := 0
	for j, jb := range jobs {
		if gctx.Err() != nil {
			break
		}
		eg.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			t, err := playOne(ms[jb.m].game, set.Bot, set.Seed+uint64(jb.i))
			if err != nil {
				return fmt.Errorf("%s: %w", ms[jb.m].key, err)
			}
			tallies[j] = t
			if o.Progress != nil {
				mu.Lock()
				done++
				o.Progress(done, len(jobs))
				mu.Unlock()
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for j, jb := range jobs {
		res.add(jb.m, ms[jb.m].decks, &tallies[j])
	}
	return res, nil
}

// resolve fills the settings' defaults from the content: every format,
// every scenario of the formats, and checks the names given.
func resolve(cat *wbcatalog.Catalog, set Settings) (Settings, error) {
	if len(set.Formats) == 0 {
		set.Formats = []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation}
		// The formats of the scenarios or decks given.
		var given []wbcatalog.Format
		for _, id := range set.Scenarios {
			if sc := cat.Scenario(id); sc != nil && !slices.Contains(given, sc.Format) {
				given = append(given, sc.Format)
			}
		}
		for _, id := range set.Decks {
			if d := cat.Deck(id); d != nil && len(set.Scenarios) == 0 && !slices.Contains(given, d.Format) {
				given = append(given, d.Format)
			}
		}
		if len(given) > 0 {
			set.Formats = given
		}
	}
	for _, f := range set.Formats {
		if f != wbcatalog.Exploration && f != wbcatalog.Confrontation {
			return set, fmt.Errorf("format: expected exploration or confrontation, got %q", f)
		}
	}
	if set.Maintenance && !slices.Contains(set.Formats, wbcatalog.Confrontation) {
		return set, errors.New("maintenance: the Maintenance option is a Confrontation rule (R-TURN-7)")
	}
	if len(set.Scenarios) == 0 {
		for _, sc := range cat.Scenarios {
			if slices.Contains(set.Formats, sc.Format) {
				set.Scenarios = append(set.Scenarios, sc.ID)
			}
		}
	}
	for _, id := range set.Scenarios {
		sc := cat.Scenario(id)
		if sc == nil {
			return set, fmt.Errorf("no scenario %q", id)
		}
		if !slices.Contains(set.Formats, sc.Format) {
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
func formatDecks(cat *wbcatalog.Catalog, set Settings, f wbcatalog.Format) []string {
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
func matchups(cat *wbcatalog.Catalog, set Settings) ([]matchup, error) {
	var out []matchup
	add := func(key MatchKey, su *wbengine.Setup) error {
		su.Maintenance = set.Maintenance && su.Format == wbcatalog.Confrontation
		g, err := wbengine.Compile(cat, su)
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		g.PrecomputeSight()
		out = append(out, matchup{key: key, game: g, decks: key.Decks})
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
				key := MatchKey{Format: sc.Format, Scenario: sid, Decks: [2]string{a, b}}
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
						key := MatchKey{Format: sc.Format, Scenario: sid, Decks: [2]string{a, b}, Without: card, Seat: seat}
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

// gameTally is what one game adds to a result.
type gameTally struct {
	res        wbengine.PlayResult
	unfinished bool
	units      []unitTally // per unit of the game
}

// unitTally is one Character's part in one game.
type unitTally struct {
	card         string
	side         int
	activations  int
	dealt, taken int // Wound and Poison tokens
	vp           int // Victory Points scored during its activations
	survived     bool
}

// recorder counts the per-unit figures from the events of a game.
type recorder struct {
	units    []unitTally
	active   int // unit activated last in this phase, -1 none
	attacker int // unit of the last attack or effect roll, -1 none
}

// Record implements wbengine.Recorder.
func (r *recorder) Record(s *wbengine.State, d wbengine.Decision, ev []wbengine.Event) {
	for i := range ev {
		e := &ev[i]
		switch e.Kind {
		case wbengine.EvActivate:
			r.active = int(e.Unit)
			r.units[e.Unit].activations++
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
				r.units[e.Target].taken += int(e.N)
				if a := r.attacker; a >= 0 && r.units[a].side != r.units[e.Target].side {
					r.units[a].dealt += int(e.N)
				}
			}
		case wbengine.EvVP:
			if a := r.active; a >= 0 && r.units[a].side == int(e.Side) {
				r.units[a].vp += int(e.N)
			}
		}
	}
	if len(ev) > 0 {
		r.attacker = -1 // an attack resolves within one decision
	}
}

// playOne plays one game of g with bot on both seats.
func playOne(g *wbengine.Game, bot string, seed uint64) (gameTally, error) {
	var bots [2]wbengine.Bot
	for i := range bots {
		b, err := wbengine.NewBot(bot, seed*2+1+uint64(i))
		if err != nil {
			return gameTally{}, err
		}
		bots[i] = b
	}
	rec := &recorder{units: make([]unitTally, g.UnitCount()), active: -1, attacker: -1}
	for u := range rec.units {
		rec.units[u].card, rec.units[u].side = g.UnitID(u), g.UnitSide(u)
	}
	r, s, err := wbengine.PlayRecorded(g, seed, bots, rec, stepLimit)
	t := gameTally{res: r, units: rec.units}
	if err != nil {
		if s.Steps() < stepLimit {
			return t, err
		}
		t.unfinished = true
		t.res = wbengine.PlayResult{Winner: -1, VP: [2]int{s.VP(0), s.VP(1)}, Turns: s.Turn(), Steps: s.Steps()}
	}
	for u := range rec.units {
		v := s.Unit(u)
		rec.units[u].survived = v.Deployed && !v.Removed
	}
	return t, nil
}
