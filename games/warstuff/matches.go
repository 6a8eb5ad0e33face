package warstuff

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff/wsengine"
	wsmatch "wbtool.dev/wbtool/games/warstuff/wsmatch"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Warstuff's matches behind the seam (ruleset.Matches): package
// wsmatch resolves the options, seats the bands, plays,
// writes the account and sums many games; the balance lab is
// balance.go's.

var (
	_ ruleset.Matches    = (*Content)(nil)
	_ ruleset.MatchRules = Ruleset{}
)

// optionError turns package wsmatch's refusal of an option into the
// seam's: "--decks: …".
func optionError(err error) error {
	var oe *wsmatch.OptionError
	if errors.As(err, &oe) {
		return &ruleset.OptionError{Msg: err.Error()}
	}
	return err
}

// CheckBot refuses a bot Warstuff has not.
func (Ruleset) CheckBot(bot string) error {
	if _, err := wsengine.NewBot(bot, 0); err != nil {
		return &ruleset.OptionError{Msg: "--bot: " + err.Error()}
	}
	return nil
}

// IsLog reports whether data is a Warstuff game log.
func (Ruleset) IsLog(data []byte) bool {
	_, err := wsengine.ReadLog(data)
	return err == nil
}

// BalanceFormats are the points of the bands a balance run pairs.
func (Ruleset) BalanceFormats() []string { return balanceFormats }

// Refuse takes every flag: Warbound's --format and --maintenance mean
// nothing here and are left alone, as they always were.
func (c *Content) Refuse(func(string) bool) error { return nil }

// NewMatch resolves the options: two bands, three or four for a
// multiplayer game, or the invasion's heroes against a horde.
func (c *Content) NewMatch(o ruleset.MatchOptions) (ruleset.Match, error) {
	mo := wsmatch.Options{Scenario: o.Scenario, Horde: o.Horde, Bot: o.Bot, Variants: o.Variants}
	if o.Decks != "" {
		mo.Bands = strings.Split(o.Decks, ",")
	}
	m, err := wsmatch.New(c.Catalog, mo)
	if err != nil {
		return nil, optionError(err)
	}
	return wsMatch{m}, nil
}

// Lab is Warstuff's balance lab on the content.
func (c *Content) Lab() balance.Lab { return &lab{cat: c.Catalog} }

type wsMatch struct{ m *wsmatch.Match }

func (w wsMatch) Play(seed uint64, _, account bool) (ruleset.Played, error) {
	r, l, err := w.m.Play(seed, true)
	if err != nil {
		return ruleset.Played{}, err
	}
	p := ruleset.Played{Log: l, Result: w.m.Report(seed, r, l.Header)}
	if account {
		var b bytes.Buffer
		if err := w.m.Account(&b, l); err != nil {
			return p, err
		}
		p.Account = b.Bytes()
	}
	return p, nil
}

func (w wsMatch) Sim(out io.Writer, games int, seed uint64, _ io.Writer, rate func(k, n int) string) (int, int, error) {
	st, err := w.m.Sim(games, seed)
	if err != nil {
		return 0, 0, err
	}
	w.m.Write(out, st, rate)
	return st.Seat[0], st.Seat[1], nil
}

// Replay plays a Warstuff log again; a divergence is an error.
func (c *Content) Replay(name string, data []byte) (ruleset.Replayed, error) {
	l, warning, err := wsmatch.ReplayLog(c.Catalog, data)
	var out ruleset.Replayed
	if warning != "" {
		out.Warnings = []string{fmt.Sprintf("%s was %s", name, warning)}
	}
	if err != nil {
		return out, err
	}
	out.Line = fmt.Sprintf("%s: replayed %s, identical", name, diag.Plural(len(l.Steps), "step"))
	return out, nil
}
