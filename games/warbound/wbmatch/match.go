// Package wbmatch plays Warbound games of catalog content, as `wbtool play`
// and `wbtool sim` do: it resolves the options (format, scenario, decks,
// bot, Maintenance) with their defaults, plays one game with its log and
// its result line, replays a log, and plays many games of several
// pairings on all cores and sums them per pairing (sim.go). Package
// games/warstuff/wsmatch is Warstuff's.
//
// Everything depends only on the catalog, the options and the seed.
package wbmatch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// MaxSteps bounds a game's decisions.
const MaxSteps = 100000

// Options name a game. Empty fields take their defaults: the Exploration
// format, the format's first scenario, its first two sample decks, the
// random bot.
type Options struct {
	Format   wbcatalog.Format
	Scenario string
	// Decks are the two deck ids "A,B" as the designer gave them (the
	// first is the first seat).
	Decks string
	// Bot plays both sides: random, greedy or mcts (mcts:1 to mcts:3).
	Bot string
	// Maintenance plays Confrontation's Maintenance option (R-TURN-7).
	Maintenance bool
}

// OptionError is an option the content or the rules refuse: the command
// line's mistake, with what to do.
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

func optErr(format string, args ...any) error {
	return &OptionError{Msg: fmt.Sprintf(format, args...)}
}

func (o Options) withDefaults() Options {
	if o.Format == "" {
		o.Format = wbcatalog.Exploration
	}
	if o.Bot == "" {
		o.Bot = "random"
	}
	return o
}

// Match is a compiled game of two decks on a scenario, ready to play
// with any seed.
type Match struct {
	Scenario string
	Decks    [2]string
	opts     Options
	cat      *wbcatalog.Catalog
	game     *wbengine.Game
}

// New resolves the options against the catalog and compiles the game.
func New(cat *wbcatalog.Catalog, o Options) (*Match, error) {
	o = o.withDefaults()
	if o.Format != wbcatalog.Exploration && o.Format != wbcatalog.Confrontation {
		return nil, optErr("--format: expected exploration or confrontation, got %q", o.Format)
	}
	if o.Maintenance && o.Format != wbcatalog.Confrontation {
		return nil, optErr("--maintenance: the Maintenance option is a Confrontation rule (R-TURN-7); add --format confrontation")
	}
	scenario := o.Scenario
	if scenario == "" {
		for _, s := range cat.Scenarios {
			if s.Format == o.Format {
				scenario = s.ID
				break
			}
		}
		if scenario == "" {
			return nil, optErr("the content has no %s scenario", o.Format)
		}
	}
	var pair [2]string
	if o.Decks == "" {
		all := FormatDecks(cat, o.Format)
		if len(all) < 2 {
			return nil, optErr("the content has fewer than two %s decks: give --decks A,B", o.Format)
		}
		pair = [2]string{all[0], all[1]}
	} else {
		parts := strings.Split(o.Decks, ",")
		if len(parts) != 2 {
			return nil, optErr("--decks: expected two deck ids A,B, got %q", o.Decks)
		}
		pair = [2]string{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])}
	}
	su, err := wbengine.ScenarioSetup(cat, scenario, pair)
	if err != nil {
		return nil, optErr("%v", err)
	}
	su.Maintenance = o.Maintenance
	g, err := wbengine.Compile(cat, su)
	if err != nil {
		return nil, err
	}
	g.PrecomputeSight()
	if _, err := Bots(o.Bot, 0); err != nil {
		return nil, err
	}
	return &Match{Scenario: scenario, Decks: pair, opts: o, cat: cat, game: g}, nil
}

// Pairings are the matches of every ordered pair of the format's sample
// decks (each deck in both seats), or the one of o.Decks when given.
func Pairings(cat *wbcatalog.Catalog, o Options) ([]*Match, error) {
	o = o.withDefaults()
	var pairs []string
	if o.Decks != "" {
		pairs = []string{o.Decks}
	} else {
		all := FormatDecks(cat, o.Format)
		for _, a := range all {
			for _, b := range all {
				if a != b {
					pairs = append(pairs, a+","+b)
				}
			}
		}
		if len(pairs) == 0 {
			return nil, optErr("the content has fewer than two %s decks: give --decks A,B", o.Format)
		}
	}
	var out []*Match
	for _, p := range pairs {
		po := o
		po.Decks = p
		m, err := New(cat, po)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// FormatDecks are the ids of the catalog's decks of a format, in content
// order.
func FormatDecks(cat *wbcatalog.Catalog, format wbcatalog.Format) []string {
	var out []string
	for _, d := range cat.Decks {
		if d.Format == format {
			out = append(out, d.ID)
		}
	}
	return out
}

// Bots are both players' bots of a kind, each with its own seed drawn
// from the game's.
func Bots(kind string, seed uint64) ([2]wbengine.Bot, error) {
	var bots [2]wbengine.Bot
	for i := range bots {
		b, err := wbengine.NewBot(kind, seed*2+1+uint64(i))
		if err != nil {
			return bots, optErr("--bot: %v", err)
		}
		bots[i] = b
	}
	return bots, nil
}

// ContentHash identifies the content a game was played with: the
// SHA-256 of the catalog's JSON, its first 8 bytes in hex.
func ContentHash(cat *wbcatalog.Catalog) string {
	data, err := json.Marshal(cat)
	if err != nil {
		return "unknown"
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// Play plays the game of a seed with the match's bot on both sides,
// logging it when log is set (the log's header names the engine, the
// content, the seed and the options, so that Replay needs nothing else).
func (m *Match) Play(seed uint64, log bool) (wbengine.PlayResult, *wbengine.Log, error) {
	bots, err := Bots(m.opts.Bot, seed)
	if err != nil {
		return wbengine.PlayResult{}, nil, err
	}
	var l *wbengine.Log
	if log {
		l = &wbengine.Log{Header: wbengine.LogHeader{Engine: wbengine.Version, Content: ContentHash(m.cat), Seed: seed,
			Scenario: m.Scenario, Decks: m.Decks, Bots: [2]string{m.opts.Bot, m.opts.Bot}, Maintenance: m.opts.Maintenance}}
	}
	r, _, err := wbengine.Play(m.game, seed, bots, l, MaxSteps)
	return r, l, err
}

// PlayRecorded plays the game of seed with rec seeing every decision
// (a TokenPeaks); a nil rec sees none.
func (m *Match) PlayRecorded(seed uint64, rec *TokenPeaks) (wbengine.PlayResult, error) {
	bots, err := Bots(m.opts.Bot, seed)
	if err != nil {
		return wbengine.PlayResult{}, err
	}
	if rec == nil {
		r, _, err := wbengine.Play(m.game, seed, bots, nil, MaxSteps)
		return r, err
	}
	r, _, err := wbengine.PlayRecorded(m.game, seed, bots, rec, MaxSteps)
	return r, err
}

// Line is a played game's result line: "A vs B on S, seed 7: A wins
// (12–9 VP, 140 decisions)".
func (m *Match) Line(seed uint64, r wbengine.PlayResult) string {
	return fmt.Sprintf("%s vs %s on %s, seed %d: %s (%d–%d VP, %s)",
		m.Decks[0], m.Decks[1], m.Scenario, seed, Describe(m.Decks, r.Winner), r.VP[0], r.VP[1], diag.Plural(r.Steps, "decision"))
}

// Describe is a result in words: "A wins", "draw" or "unfinished" (w as
// wbengine.PlayResult.Winner).
func Describe(decks [2]string, w int) string {
	switch w {
	case 0, 1:
		return decks[w] + " wins"
	case 2:
		return "draw"
	}
	return "unfinished"
}

// Replayed is what a replay found.
type Replayed struct {
	// Warnings: the log was written by another engine version, or played
	// with other content.
	Warnings []string
	// Diverged is the first step that diverges; nil when the game
	// replayed identically, with Result and VP its end.
	Diverged error
	Result   string
	VP       [2]int
}

// Replay plays a log again on the catalog. The error is for a log that
// cannot be set up (its scenario or decks unknown).
func Replay(cat *wbcatalog.Catalog, l *wbengine.Log) (Replayed, error) {
	var rep Replayed
	if l.Header.Engine != wbengine.Version {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("log written by %s, this is %s", l.Header.Engine, wbengine.Version))
	}
	if h := ContentHash(cat); l.Header.Content != "" && l.Header.Content != h {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("log played with content %s, this content is %s", l.Header.Content, h))
	}
	su, err := wbengine.ScenarioSetup(cat, l.Header.Scenario, l.Header.Decks)
	if err != nil {
		return rep, err
	}
	su.Maintenance = l.Header.Maintenance
	g, err := wbengine.Compile(cat, su)
	if err != nil {
		return rep, err
	}
	s, err := wbengine.Replay(g, l)
	if err != nil {
		rep.Diverged = err
		return rep, nil
	}
	rep.Result, rep.VP = Describe(l.Header.Decks, s.Winner()), [2]int{s.VP(0), s.VP(1)}
	return rep, nil
}
