package warbound

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbmatch"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Warbound's matches behind the seam (ruleset.Matches): package
// engine/match resolves the options and plays, the log's account is
// engine's, the balance lab balance.go.

var (
	_ ruleset.Matches    = (*Content)(nil)
	_ ruleset.MatchRules = rules{}
)

// optionError turns package match's refusal of an option into the seam's.
func optionError(err error) error {
	var oe *wbmatch.OptionError
	if errors.As(err, &oe) {
		return &ruleset.OptionError{Msg: oe.Msg}
	}
	return err
}

// CheckBot refuses a bot Warbound has not.
func (rules) CheckBot(bot string) error {
	_, err := wbmatch.Bots(bot, 0)
	return optionError(err)
}

// IsLog reports whether data is a Warbound game log.
func (rules) IsLog(data []byte) bool {
	_, err := wbengine.ParseLog(data)
	return err == nil
}

// BalanceFormats are exploration and confrontation.
func (rules) BalanceFormats() []string { return BalanceFormats }

// Refuse refuses Warstuff's invasion options on a Warbound tree.
func (c *Content) Refuse(given func(flag string) bool) error {
	for _, f := range []string{"horde", "variant"} {
		if given(f) {
			return &ruleset.OptionError{Msg: fmt.Sprintf("--%s: a Warstuff invasion option; this tree is Warbound's (give --content games/warstuff/starter)", f)}
		}
	}
	return nil
}

// NewMatch keeps the options: play resolves them into one pairing
// (wbmatch.New), sim into every pairing of the format (wbmatch.Pairings).
func (c *Content) NewMatch(o ruleset.MatchOptions) (ruleset.Match, error) {
	return &wbMatch{cat: c.Catalog, opts: wbmatch.Options{Format: wbcatalog.Format(o.Format), Scenario: o.Scenario,
		Decks: o.Decks, Bot: o.Bot, Maintenance: o.Maintenance}}, nil
}

// Lab is Warbound's balance lab on the content.
func (c *Content) Lab() balance.Lab { return lab{c.Catalog} }

// wbMatch is play's or sim's options on a catalog.
type wbMatch struct {
	cat  *wbcatalog.Catalog
	opts wbmatch.Options
	// scarcity is the counted tokens' use in the games the last Sim
	// played.
	scarcity []balance.ComponentTally
}

var _ ruleset.Scarcity = (*wbMatch)(nil)

// Scarcity is the counted tokens' use in the games the last Sim played
// (set.components; none when the content counts none).
func (m *wbMatch) Scarcity() []balance.ComponentTally { return m.scarcity }

func (m *wbMatch) Play(seed uint64, log, account bool) (ruleset.Played, error) {
	mm, err := wbmatch.New(m.cat, m.opts)
	if err != nil {
		return ruleset.Played{}, optionError(err)
	}
	// The log is kept for --log and for the account of the game.
	r, l, err := mm.Play(seed, log || account)
	if err != nil {
		return ruleset.Played{}, err
	}
	p := ruleset.Played{Result: []string{mm.Line(seed, r)}}
	if log {
		p.Log = l
	}
	if account {
		var b bytes.Buffer
		if err := mm.Account(&b, l); err != nil {
			return ruleset.Played{}, err
		}
		p.Account = b.Bytes()
	}
	return p, nil
}

func (m *wbMatch) Sim(w io.Writer, games int, seed uint64, progress io.Writer, rate func(k, n int) string) (int, int, error) {
	matches, err := wbmatch.Pairings(m.cat, m.opts)
	if err != nil {
		return 0, 0, optionError(err)
	}
	kit := wbmatch.NewKit(m.cat)
	tokens := balance.NewComponentTallies(components(kit))
	stats, err := wbmatch.Sim(matches, games, seed, progress, kit, func(peak []int) { balance.AddUse(tokens, peak) })
	if err != nil {
		return 0, 0, err
	}
	m.scarcity = tokens
	first, second := wbmatch.Write(w, matches, stats, rate)
	return first, second, nil
}

// Replay plays a Warbound log again and reports the first step that
// diverges.
func (c *Content) Replay(name string, data []byte) (ruleset.Replayed, error) {
	l, err := wbengine.ParseLog(data)
	if err != nil {
		return ruleset.Replayed{}, err
	}
	rep, err := wbmatch.Replay(c.Catalog, l)
	out := ruleset.Replayed{Warnings: rep.Warnings}
	if err != nil {
		return out, err
	}
	if rep.Diverged != nil {
		out.Line, out.Diverged = fmt.Sprintf("%s: diverges at %v", name, rep.Diverged), true
		return out, nil
	}
	out.Line = fmt.Sprintf("%s: %s replayed identically (%s, %d–%d VP)",
		name, diag.Plural(len(l.Steps), "step"), rep.Result, rep.VP[0], rep.VP[1])
	return out, nil
}
