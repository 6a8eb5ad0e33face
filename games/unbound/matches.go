package unbound

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/games/unbound/ubmatch"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// 40k Unbound's matches behind the seam (ruleset.Matches): the protocol
// is the engine's; every result on the table comes from ubmatch's
// stand-in table, named in every account, result and summary.

var (
	_ ruleset.Matches    = (*Content)(nil)
	_ ruleset.MatchRules = Ruleset{}
)

// CheckBot refuses a bot the game has not.
func (Ruleset) CheckBot(bot string) error {
	if err := ubmatch.CheckBot(bot); err != nil {
		return &ruleset.OptionError{Msg: "--bot: " + err.Error()}
	}
	return nil
}

// IsLog reports whether data is a 40k Unbound game log.
func (Ruleset) IsLog(data []byte) bool {
	_, err := ubmatch.ReadLog(data)
	return err == nil
}

// balanceFormat is the one format of 40k Unbound's balance runs: armies
// have no points of their own (they are the underlying game's).
const balanceFormat = "standard"

// BalanceFormats are the formats a balance result may name.
func (Ruleset) BalanceFormats() []string { return []string{balanceFormat} }

// Refuse refuses the options of other games' rules.
func (c *Content) Refuse(given func(string) bool) error {
	for _, f := range []string{"horde", "variant", "maintenance"} {
		if given(f) {
			return &ruleset.OptionError{Msg: fmt.Sprintf("--%s: 40k Unbound has no such option", f)}
		}
	}
	return nil
}

// NewMatch resolves play's and sim's options: a scenario and its armies
// (--decks A,B replaces them), the bot.
func (c *Content) NewMatch(o ruleset.MatchOptions) (ruleset.Match, error) {
	mo := ubmatch.Options{Scenario: o.Scenario, Bot: o.Bot}
	if o.Decks != "" {
		mo.Armies = strings.Split(o.Decks, ",")
	}
	m, err := ubmatch.New(c.Catalog, mo)
	var oe *ubmatch.OptionError
	if errors.As(err, &oe) {
		return nil, &ruleset.OptionError{Msg: err.Error()}
	}
	if err != nil {
		return nil, err
	}
	return match{m}, nil
}

type match struct{ m *ubmatch.Match }

func (w match) Play(seed uint64, _, account bool) (ruleset.Played, error) {
	r, l, acct, err := w.m.Play(seed, account)
	if err != nil {
		return ruleset.Played{}, err
	}
	p := ruleset.Played{Log: l, Result: w.m.Report(r)}
	if account {
		p.Account = []byte(acct)
	}
	return p, nil
}

func (w match) Sim(out io.Writer, games int, seed uint64, _ io.Writer, rate func(k, n int) string) (int, int, error) {
	st, err := w.m.Sim(games, seed)
	if err != nil {
		return 0, 0, err
	}
	w.m.Write(out, st, rate)
	if len(st.Wins) < 2 {
		return 0, 0, nil
	}
	return st.Wins[0], st.Wins[1], nil
}

// Replay plays a log again; a divergence is reported as one.
func (c *Content) Replay(name string, data []byte) (ruleset.Replayed, error) {
	l, err := ubmatch.ReadLog(data)
	if err != nil {
		return ruleset.Replayed{}, fmt.Errorf("%s: %w", name, err)
	}
	var out ruleset.Replayed
	if l.Header.Engine != ubmatch.Version {
		out.Warnings = append(out.Warnings, fmt.Sprintf("%s was written by engine %s, this is %s", name, l.Header.Engine, ubmatch.Version))
	}
	if l.Header.Content != ubmatch.ContentHash(c.Catalog) {
		out.Warnings = append(out.Warnings, fmt.Sprintf("%s was played with other content", name))
	}
	m, err := ubmatch.New(c.Catalog, ubmatch.Options{Scenario: l.Header.Scenario, Armies: l.Header.Armies, Bot: l.Header.Bot})
	if err != nil {
		return out, fmt.Errorf("%s: %w", name, err)
	}
	if err := ubmatch.Replay(m, l); err != nil {
		out.Diverged, out.Line = true, fmt.Sprintf("%s: diverged: %v", name, err)
		return out, nil
	}
	out.Line = fmt.Sprintf("%s: replayed %s, identical", name, diag.Plural(len(l.Steps), "step"))
	return out, nil
}

// Lab is the balance lab: each two-army scenario, both seat orders.
func (c *Content) Lab() balance.Lab { return &lab{cat: c.Catalog} }

type lab struct{ cat *ubcatalog.Catalog }

func (*lab) Game() string              { return ubcatalog.Game }
func (*lab) Engine() string            { return ubmatch.Version + " with the " + ubmatch.StandIn }
func (l *lab) Content() string         { return ubmatch.ContentHash(l.cat) }
func (*lab) DefaultBot() string        { return "greedy" }
func (*lab) CheckBot(bot string) error { return ubmatch.CheckBot(bot) }

func (l *lab) Resolve(set balance.Settings) (balance.Settings, error) {
	if set.Maintenance || set.Variants {
		return set, errors.New("40k Unbound's balance runs have no maintenance or variants")
	}
	for _, f := range set.Formats {
		if f != balanceFormat {
			return set, fmt.Errorf("format: expected %s, got %q", balanceFormat, f)
		}
	}
	set.Formats = []string{balanceFormat}
	var two []string
	for _, s := range l.cat.Scenarios {
		if len(s.Armies) == 2 {
			two = append(two, s.ID)
		}
	}
	for _, id := range set.Scenarios {
		if !slices.Contains(two, id) {
			return set, fmt.Errorf("scenario %q: expected one of the two-army scenarios %s", id, strings.Join(two, ", "))
		}
	}
	if len(set.Scenarios) == 0 {
		set.Scenarios = two
	}
	for _, d := range set.Decks {
		if l.cat.Army(d) == nil {
			return set, fmt.Errorf("no army %q", d)
		}
	}
	return set, nil
}

func (l *lab) Pairings(set balance.Settings) ([]balance.Pairing, error) {
	var out []balance.Pairing
	for _, sid := range set.Scenarios {
		var sc *ubcatalog.Scenario
		for i := range l.cat.Scenarios {
			if l.cat.Scenarios[i].ID == sid {
				sc = &l.cat.Scenarios[i]
			}
		}
		if sc == nil || len(sc.Armies) != 2 {
			return nil, fmt.Errorf("scenario %s: not a two-army scenario", sid)
		}
		a, b := sc.Armies[0], sc.Armies[1]
		if len(set.Decks) == 2 {
			a, b = set.Decks[0], set.Decks[1]
		}
		for _, pair := range [][2]string{{a, b}, {b, a}} {
			m, err := ubmatch.New(l.cat, ubmatch.Options{Scenario: sid, Armies: pair[:], Bot: set.Bot})
			if err != nil {
				return nil, err
			}
			out = append(out, balance.Pairing{Key: balance.MatchKey{Format: balanceFormat, Scenario: sid, Decks: pair},
				Play: func(seed uint64) (balance.Tally, error) { return tally(m, seed) }})
		}
	}
	return out, nil
}

// tally plays one game; a unit's part is whether it survived and how
// many orders it gave.
func tally(m *ubmatch.Match, seed uint64) (balance.Tally, error) {
	r, _, _, err := m.Play(seed, false)
	if err != nil {
		return balance.Tally{}, err
	}
	t := balance.Tally{Winner: 2, VP: [2]int{r.VP[0], r.VP[1]}, Steps: r.Steps, Unfinished: r.Too}
	if r.Winner == 0 || r.Winner == 1 {
		t.Winner = r.Winner
	}
	if r.Too {
		t.Winner = -1
	}
	for i, u := range m.Units() {
		t.Units = append(t.Units, balance.UnitTally{Card: u.Profile, Side: u.Side, Activations: r.Acted[i+1], Survived: r.Survived[i]})
	}
	return t, nil
}
