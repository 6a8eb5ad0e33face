package warstuff

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsengine"
	wsmatch "wbtool.dev/wbtool/games/warstuff/wsmatch"
	"wbtool.dev/wbtool/internal/suggest"
)

// Warstuff's part of the balance lab (package balance). A format is the
// points of a scenario and of its bands ("50-point"); on a standard
// scenario every ordered pair of the format's bands plays, the first
// attacking (so each pairing in both seat orders); on the invasion each
// band of the format, as the heroes, plays each horde: its sides never
// swap (a one-sided scenario). Per-figure figures are per profile of a
// band (or creature of a horde): activations, wounds dealt and taken,
// survival. Variants (a band without one of its figures) are not played
// yet.

var _ balance.Lab = (*lab)(nil)

// balanceFormats: any "N-point" format; a result's formats are checked
// against its scenarios (package balance), not a fixed list.
var balanceFormats []string

type lab struct{ cat *wscatalog.Catalog }

func (*lab) Game() string { return wscatalog.Game }

func (*lab) Engine() string { return wsengine.Version }

func (l *lab) Content() string {
	h, err := wsmatch.ContentHash(l.cat)
	if err != nil {
		return "unknown"
	}
	return h
}

// DefaultBot is the greedy bot, Warstuff's best.
func (*lab) DefaultBot() string { return "greedy" }

func (*lab) CheckBot(bot string) error {
	_, err := wsengine.NewBot(bot, 0)
	return err
}

// formatOf is a scenario's or a band's format: "50-point".
func formatOf(points int) string { return strconv.Itoa(points) + "-point" }

func (l *lab) scenario(id string) *wscatalog.Scenario {
	for i := range l.cat.Scenarios {
		if l.cat.Scenarios[i].ID == id {
			return &l.cat.Scenarios[i]
		}
	}
	return nil
}

func (l *lab) Resolve(set balance.Settings) (balance.Settings, error) {
	switch {
	case set.Maintenance:
		return set, errors.New("maintenance: the Maintenance option is a Warbound Confrontation rule (R-TURN-7); Warstuff has none")
	case set.Variants:
		return set, errors.New("variants: Warstuff's balance runs play no variants yet (a band without one of its figures)")
	}
	var ids []string
	for _, sc := range l.cat.Scenarios {
		ids = append(ids, sc.ID)
	}
	for _, id := range set.Scenarios {
		if l.scenario(id) == nil {
			return set, errors.New(suggest.Unknown("scenario", "scenarios", id, ids))
		}
	}
	if len(set.Formats) == 0 {
		for _, sc := range l.cat.Scenarios {
			if f := formatOf(sc.Format); (len(set.Scenarios) == 0 || slices.Contains(set.Scenarios, sc.ID)) && !slices.Contains(set.Formats, f) {
				set.Formats = append(set.Formats, f)
			}
		}
	}
	var known []string
	for _, sc := range l.cat.Scenarios {
		if f := formatOf(sc.Format); !slices.Contains(known, f) {
			known = append(known, f)
		}
	}
	for _, f := range set.Formats {
		if !slices.Contains(known, f) {
			return set, fmt.Errorf("format: expected %s, got %q", strings.Join(known, " or "), f)
		}
	}
	if len(set.Scenarios) == 0 {
		for _, sc := range l.cat.Scenarios {
			if slices.Contains(set.Formats, formatOf(sc.Format)) {
				set.Scenarios = append(set.Scenarios, sc.ID)
			}
		}
	}
	for _, id := range set.Scenarios {
		if sc := l.scenario(id); !slices.Contains(set.Formats, formatOf(sc.Format)) {
			return set, fmt.Errorf("scenario %s is %s, not of the formats asked", id, formatOf(sc.Format))
		}
	}
	var decks []string
	for _, b := range l.cat.Bands {
		decks = append(decks, b.ID)
	}
	for _, h := range l.cat.Hordes {
		decks = append(decks, h.ID)
	}
	for _, id := range set.Decks {
		if !slices.Contains(decks, id) {
			return set, fmt.Errorf("no band or horde %q%s", id, suggest.Hint(id, decks))
		}
	}
	return set, nil
}

// bands are the run's bands of a format, in content order.
func (l *lab) bands(set balance.Settings, points int) []string {
	var out []string
	for _, b := range l.cat.Bands {
		if b.Format == points && (len(set.Decks) == 0 || slices.Contains(set.Decks, b.ID)) {
			out = append(out, b.ID)
		}
	}
	return out
}

// hordes are the run's hordes: those given among the decks, else all.
func (l *lab) hordes(set balance.Settings) []string {
	var given, all []string
	for _, h := range l.cat.Hordes {
		all = append(all, h.ID)
		if slices.Contains(set.Decks, h.ID) {
			given = append(given, h.ID)
		}
	}
	if len(given) > 0 {
		return given
	}
	return all
}

func (l *lab) Pairings(set balance.Settings) ([]balance.Pairing, error) {
	var out []balance.Pairing
	add := func(key balance.MatchKey, o wsmatch.Options) error {
		bots := set.SeatBots()
		o.Scenario, o.Bot = key.Scenario, bots[0]
		m, err := wsmatch.New(l.cat, o)
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		out = append(out, balance.Pairing{Key: key, Play: func(seed uint64) (balance.Tally, error) { return playOne(m, bots, seed) }})
		return nil
	}
	for _, sid := range set.Scenarios {
		sc := l.scenario(sid)
		f := formatOf(sc.Format)
		bands := l.bands(set, sc.Format)
		if sc.Kind == wsengine.Invasion {
			hordes := l.hordes(set)
			if len(bands) == 0 || len(hordes) == 0 {
				return nil, fmt.Errorf("scenario %s: no %s band or no horde to play the invasion", sid, f)
			}
			for _, b := range bands {
				for _, h := range hordes {
					if err := add(balance.MatchKey{Format: f, Scenario: sid, Decks: [2]string{b, h}}, wsmatch.Options{Bands: []string{b}, Horde: h}); err != nil {
						return nil, err
					}
				}
			}
			continue
		}
		if len(bands) < 2 {
			return nil, fmt.Errorf("scenario %s: fewer than two %s bands to pair", sid, f)
		}
		for _, a := range bands {
			for _, b := range bands {
				if a == b {
					continue
				}
				if err := add(balance.MatchKey{Format: f, Scenario: sid, Decks: [2]string{a, b}}, wsmatch.Options{Bands: []string{a, b}}); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// playOne plays one game of m with a bot per seat and tallies it per
// figure, from its log's events.
func playOne(m *wsmatch.Match, bot [2]string, seed uint64) (balance.Tally, error) {
	g, h, err := m.Game(seed)
	if err != nil {
		return balance.Tally{}, err
	}
	bots := make([]wsengine.Bot, 2)
	for i := range bots {
		if bots[i], err = wsengine.NewBot(bot[i], seed*2+1+uint64(i)); err != nil {
			return balance.Tally{}, err
		}
	}
	l := &wsengine.Log{Header: h}
	r, s, err := wsengine.PlayAll(g, seed, bots, l, balance.StepLimit)
	t := balance.Tally{Winner: r.Winner, VP: [2]int{r.VP[0], r.VP[1]}, Steps: r.Steps}
	if err != nil {
		if !errors.Is(err, wsengine.ErrTooLong) || s == nil {
			return t, fmt.Errorf("seed %d: %w", seed, err)
		}
		t = balance.Tally{Winner: -1, Unfinished: true, VP: [2]int{s.Standing(0), s.Standing(1)}, Steps: r.Steps}
	}
	if t.Winner != 0 && t.Winner != 1 && !t.Unfinished {
		t.Winner = 2 // a draw
	}
	index := map[string]int{}
	for i := range s.Figs() {
		index[g.FigName(i)] = i
	}
	units := make([]balance.UnitTally, s.Figs())
	for i := range units {
		prof := s.Fig(i).Prof
		if i < len(g.Figs) {
			prof = g.Figs[i].Profile
		}
		units[i] = balance.UnitTally{Card: g.Profiles[prof].ID, Side: int(s.Fig(i).Side), Survived: s.InPlay(i)}
	}
	unit := func(name string) *balance.UnitTally {
		if i, ok := index[name]; ok {
			return &units[i]
		}
		return nil
	}
	for _, st := range l.Steps {
		for _, e := range st.Events {
			f := strings.Fields(e)
			switch {
			case len(f) >= 2 && f[0] == "activate":
				if u := unit(f[1]); u != nil {
					u.Activations++
				}
			case len(f) >= 3 && f[0] == "wound": // wound TARGET [AGGRESSOR] N
				n, err := strconv.Atoi(f[len(f)-1])
				if err != nil {
					continue // a risky attack's wound: "wound FIG risky"
				}
				if u := unit(f[1]); u != nil {
					u.Taken += n
				}
				if u := unit(f[2]); len(f) == 4 && u != nil && u.Side != units[index[f[1]]].Side {
					u.Dealt += n
				}
			}
		}
	}
	t.Units = units
	return t, nil
}
