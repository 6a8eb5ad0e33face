// Package wsmatch is Warstuff's match runner: it plays Warstuff games of
// catalog content, as `wbtool play` and `wbtool sim` do: it resolves the
// options (scenario, bands, horde, bot, variants) with their defaults,
// seats a multiplayer game's bands by WS-BIG-5's roll-off, plays one game
// with its log, replays a log, and plays many games on all cores and sums
// them per band.
//
// Everything depends only on the catalog, the options and the seed.
package wsmatch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsengine"
	"wbtool.dev/wbtool/internal/suggest"
)

// MaxSteps bounds a game's decisions.
const MaxSteps = 100000

// Options name a game. Empty fields take their defaults: the standard
// scenario, the first two sample bands of its format (one for the
// invasion), the content's first horde, the random bot.
type Options struct {
	Scenario string
	// Bands: two (the first is the attacker), three or four for a
	// multiplayer game (WS-BIG-4), one to four heroes' bands on the
	// invasion.
	Bands []string
	Horde string
	Bot   string // random, greedy, mcts or mcts:1 to mcts:3
	// Variants of the invasion (WS-VAR): late-arrival, clock=TURNS,
	// everywhere=N (N: -2, -1, +1, +2), smart-creatures, bitter-end,
	// more-randomness.
	Variants []string
}

// OptionError is an option the content or the rules refuse; Flag names
// the option ("decks", "variant").
type OptionError struct {
	Flag string
	Msg  string
}

func (e *OptionError) Error() string { return "--" + e.Flag + ": " + e.Msg }

func optErr(flag, format string, args ...any) error {
	return &OptionError{Flag: flag, Msg: fmt.Sprintf(format, args...)}
}

// Match is a resolved game, ready to play with any seed.
type Match struct {
	// Header is the log header of its games, without seed and seats.
	Header wsengine.LogHeader
	cat    *wscatalog.Catalog
	multi  bool
	inv    bool
	// legacy: the games of logs of wsengine.LegacyVersion, set up by the
	// engine's presets (a multiplayer game's seats rolled from the seed);
	// otherwise the set-up is played as decisions (wsengine.Game.Deploy).
	legacy bool
	fixed  *wsengine.Game // the game, when no seats are rolled
	// swapped: a two-band game's bands in the other order, the second
	// attacking (Sim plays both seat orders).
	swapped *Match
}

// VariantUsage lists the variants for a --variant flag's help.
const VariantUsage = "late-arrival, clock=TURNS, everywhere=±1|±2, smart-creatures, bitter-end, more-randomness"

// variantNames are the variants in the order logs list them.
var variantNames = []string{"late-arrival", "clock", "everywhere", "smart-creatures", "bitter-end", "more-randomness"}

// New resolves the options against the catalog.
func New(cat *wscatalog.Catalog, o Options) (*Match, error) { return newMatch(cat, o, false) }

// newMatch is New, for a log of the legacy engine when legacy is set.
func newMatch(cat *wscatalog.Catalog, o Options, legacy bool) (*Match, error) {
	h := wsengine.LogHeader{Scenario: o.Scenario, Horde: o.Horde, Bot: o.Bot}
	if h.Scenario == "" {
		h.Scenario = "standard"
	}
	if h.Bot == "" {
		h.Bot = "random"
	}
	if _, err := wsengine.NewBot(h.Bot, 0); err != nil {
		return nil, optErr("bot", "%v", err)
	}
	var sc *wscatalog.Scenario
	var ids []string
	for i := range cat.Scenarios {
		ids = append(ids, cat.Scenarios[i].ID)
		if cat.Scenarios[i].ID == h.Scenario {
			sc = &cat.Scenarios[i]
		}
	}
	if sc == nil {
		return nil, optErr("scenario", "%s", suggest.Unknown("scenario", "scenarios", h.Scenario, ids))
	}
	invasion := sc.Kind == wsengine.Invasion
	for _, b := range o.Bands {
		h.Bands = append(h.Bands, strings.TrimSpace(b))
	}
	if len(h.Bands) == 0 {
		n := 2
		if invasion {
			n = 1
		}
		for _, b := range cat.Bands {
			if b.Format == sc.Format && len(h.Bands) < n {
				h.Bands = append(h.Bands, b.ID)
			}
		}
	}
	switch {
	case invasion && (len(h.Bands) < 1 || len(h.Bands) > 4):
		return nil, optErr("decks", "the invasion takes one to four heroes' bands, not %d", len(h.Bands))
	case !invasion && (len(h.Bands) < 2 || len(h.Bands) > 4):
		return nil, optErr("decks", "scenario %s takes two bands A,B, or three or four for a multiplayer game (WS-BIG-4), not %d", sc.ID, len(h.Bands))
	}
	if invasion && h.Horde == "" && len(cat.Hordes) > 0 {
		h.Horde = cat.Hordes[0].ID
	}
	if !invasion && h.Horde != "" {
		return nil, optErr("horde", "creatures play only on the invasion scenario; add --scenario invasion")
	}
	vs, err := variants(o.Variants, invasion)
	if err != nil {
		return nil, err
	}
	h.Variants = vs
	if h.Content, err = ContentHash(cat); err != nil {
		return nil, err
	}
	m := &Match{Header: h, cat: cat, multi: !invasion && len(h.Bands) > 2, inv: invasion, legacy: legacy}
	if !m.multi || !legacy {
		if m.fixed, err = m.setup(nil); err != nil {
			return nil, err
		}
	} else if _, err := m.setup(nil); err != nil {
		return nil, err
	}
	if !m.inv && !m.multi { // the same bands, the other one attacking
		sw := *m
		sw.Header.Bands = []string{h.Bands[1], h.Bands[0]}
		if sw.fixed, err = sw.setup(nil); err != nil {
			return nil, err
		}
		m.swapped = &sw
	}
	return m, nil
}

// ContentHash identifies the content a game was played with: the first
// 8 bytes of the SHA-256 of the catalog's JSON, in hex.
func ContentHash(cat *wscatalog.Catalog) (string, error) {
	data, err := json.Marshal(cat)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8]), nil
}

// variants checks the variants and writes them in variantNames' order.
func variants(given []string, invasion bool) ([]string, error) {
	byName := map[string]string{}
	for _, v := range given {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		name, arg, hasArg := strings.Cut(v, "=")
		if !slices.Contains(variantNames, name) {
			return nil, optErr("variant", "no variant %q%s: %s", name, suggest.Hint(name, variantNames), VariantUsage)
		}
		if _, dup := byName[name]; dup {
			return nil, optErr("variant", "%s given twice", name)
		}
		switch {
		case name == "clock":
			if n, err := strconv.Atoi(arg); err != nil || n < 1 {
				return nil, optErr("variant", "clock=%s: Against the Clock takes the record to beat, in turns (clock=TURNS, at least 1; WS-VAR-2)", arg)
			}
		case name == "everywhere":
			n, err := strconv.Atoi(arg)
			if err != nil || n == 0 || wsengine.CheckEverywhere(n) != nil {
				return nil, optErr("variant", "everywhere=%s: They Come From Everywhere takes the spawn dice each player adds, +1 or +2, or takes away, -1 or -2 (WS-VAR-4)", arg)
			}
			v = fmt.Sprintf("everywhere=%+d", n)
		case hasArg:
			return nil, optErr("variant", "%s takes no value", name)
		}
		if !invasion {
			return nil, optErr("variant", "%s is a variant of the invasion (WS-VAR); add --scenario invasion", name)
		}
		byName[name] = v
	}
	var out []string
	for _, n := range variantNames {
		if v, ok := byName[n]; ok {
			out = append(out, v)
		}
	}
	return out, nil
}

// setup sets the game up with a multiplayer game's corners.
func (m *Match) setup(corners []int) (*wsengine.Game, error) {
	h := m.Header
	g, err := wsengine.SetupGame(m.cat, wsengine.Setup{Scenario: h.Scenario, Bands: h.Bands, Horde: h.Horde, Corners: corners, Deploy: !m.legacy})
	if err != nil {
		flag := "decks"
		if strings.HasPrefix(err.Error(), "no horde") {
			flag = "horde"
		}
		return nil, optErr(flag, "%v", err)
	}
	for _, v := range h.Variants {
		name, arg, _ := strings.Cut(v, "=")
		switch name {
		case "late-arrival":
			g.LateArrival = true
		case "clock":
			g.Clock, _ = strconv.Atoi(arg)
		case "everywhere":
			g.Everywhere, _ = strconv.Atoi(arg)
		case "smart-creatures":
			g.CreatureMove = wsengine.SmartCreatures
		case "bitter-end":
			g.BitterEnd = true
		case "more-randomness":
			g.MoreRandomness = true
		}
	}
	return g, nil
}

// Sides names the sides of the match's games: the bands (a second copy
// of a band as id#2), or the heroes and the horde of an invasion.
func (m *Match) Sides() []string {
	if m.inv {
		return []string{"the heroes", "the " + m.Header.Horde}
	}
	seen := map[string]int{}
	var out []string
	for _, b := range m.Header.Bands {
		if seen[b]++; seen[b] > 1 {
			b = fmt.Sprintf("%s#%d", b, seen[b])
		}
		out = append(out, b)
	}
	return out
}

// Title names the bands: "vanguard vs shadow-cell" (a second copy of a
// band as id#2), or the heroes' bands of an invasion, "vanguard and
// shadow-cell".
func (m *Match) Title() string {
	if m.inv {
		return strings.Join(m.Header.Bands, " and ")
	}
	return strings.Join(m.Sides(), " vs ")
}

// Seats rolls a multiplayer game's seats from the seed as the legacy
// engine's games did (WS-BIG-5): each player rolls a die, ties rolled
// again, and in decreasing order of the rolls takes the first free corner
// clockwise from SW. Seats[i] is band i's corner; nil for a two-sided
// game, and for games whose set-up is played as decisions (the engine
// rolls and the players choose their corners).
func (m *Match) Seats(seed uint64) []int {
	if !m.multi || !m.legacy {
		return nil
	}
	r := botkit.NewRand(seed, 0x5ea75)
	order := rollOff(func() int { return r.IntN(6) + 1 }, len(m.Header.Bands))
	seats := make([]int, len(order))
	for k, band := range order {
		seats[band] = k
	}
	return seats
}

// rollOff orders players 0..n−1 by decreasing die rolls, the tied ones
// rolling again among themselves.
func rollOff(d6 func() int, n int) []int {
	var order func(players []int) []int
	order = func(players []int) []int {
		if len(players) < 2 {
			return players
		}
		rolls := map[int][]int{}
		for _, p := range players {
			v := d6()
			rolls[v] = append(rolls[v], p)
		}
		var out []int
		for v := 6; v >= 1; v-- {
			out = append(out, order(rolls[v])...)
		}
		return out
	}
	players := make([]int, n)
	for i := range players {
		players[i] = i
	}
	return order(players)
}

// Game sets up the game of a seed and its log header.
func (m *Match) Game(seed uint64) (*wsengine.Game, wsengine.LogHeader, error) {
	h := m.Header
	h.Engine, h.Seed = wsengine.Version, seed
	if m.fixed != nil {
		return m.fixed, h, nil
	}
	seats := m.Seats(seed)
	for _, c := range seats {
		h.Seats = append(h.Seats, wsengine.CornerNames[c])
	}
	g, err := m.setup(seats)
	return g, h, err
}

// Play plays the game of a seed with the match's bot on every side,
// logging it when log is set.
func (m *Match) Play(seed uint64, log bool) (wsengine.Result, *wsengine.Log, error) {
	g, h, err := m.Game(seed)
	if err != nil {
		return wsengine.Result{}, nil, err
	}
	bots := make([]wsengine.Bot, max(2, len(m.Header.Bands)))
	for i := range bots {
		if bots[i], err = wsengine.NewBot(h.Bot, seed*2+1+uint64(i)); err != nil {
			return wsengine.Result{}, nil, err
		}
	}
	var l *wsengine.Log
	if log {
		l = &wsengine.Log{Header: h}
	}
	r, s, err := wsengine.PlayAll(g, seed, bots, l, MaxSteps)
	if err != nil {
		return r, l, fmt.Errorf("seed %d: %v", seed, err)
	}
	if l != nil && m.multi && !m.legacy { // the corners the players chose, for the report
		for side := range m.Header.Bands {
			l.Header.Seats = append(l.Header.Seats, wsengine.CornerNames[s.Game().Corners[side]&3])
		}
	}
	return r, l, nil
}

// Replay plays a log again on the catalog and reports the first step
// that diverges.
func Replay(cat *wscatalog.Catalog, l *wsengine.Log) error {
	h := l.Header
	m, err := newMatch(cat, Options{Scenario: h.Scenario, Bands: h.Bands, Horde: h.Horde, Bot: h.Bot, Variants: h.Variants}, h.Engine == wsengine.LegacyVersion)
	if err != nil {
		return err
	}
	g, err := m.gameOf(h)
	if err != nil {
		return err
	}
	return wsengine.Replay(g, l)
}

// gameOf sets up the game of a log header: a legacy multiplayer game's
// seats are the header's (a game set up by decisions only reports the
// corners chosen there).
func (m *Match) gameOf(h wsengine.LogHeader) (*wsengine.Game, error) {
	if m.fixed != nil {
		return m.fixed, nil
	}
	var corners []int
	for _, s := range h.Seats {
		c := slices.Index(wsengine.CornerNames[:], s)
		if c < 0 {
			return nil, fmt.Errorf("seats: no corner %q (SW, NW, NE or SE)", s)
		}
		corners = append(corners, c)
	}
	return m.setup(corners)
}

// ReplayLog reads a log and plays it again on the catalog (Replay);
// warning is set when the log was played with other content.
func ReplayLog(cat *wscatalog.Catalog, data []byte) (l *wsengine.Log, warning string, err error) {
	l, err = wsengine.ReadLog(data)
	if err != nil {
		return nil, "", err
	}
	if h, _ := ContentHash(cat); l.Header.Content != "" && l.Header.Content != h {
		warning = fmt.Sprintf("played with content %s, this content is %s", l.Header.Content, h)
	}
	return l, warning, Replay(cat, l)
}

// Report is a played game's report, from its log header h: the seats
// rolled, when they were (multiplayer, WS-BIG-5), and the result line
// ("vanguard vs shadow-cell on standard, seed 3: vanguard win (12–30 VP,
// 6 turns, 98 decisions)").
func (m *Match) Report(seed uint64, r wsengine.Result, h wsengine.LogHeader) []string {
	var out []string
	if len(h.Seats) > 0 {
		seats := make([]string, len(h.Seats))
		for i, s := range m.Sides() {
			seats[i] = s + " " + h.Seats[i]
		}
		how := "chosen in the order of the roll-off"
		if m.legacy {
			how = "rolled"
		}
		out = append(out, "seats "+how+" (WS-BIG-5): "+strings.Join(seats, ", "))
	}
	on := h.Scenario
	if len(h.Variants) > 0 {
		on += " (" + strings.Join(h.Variants, ", ") + ")"
	}
	return append(out, fmt.Sprintf("%s on %s, seed %d: %s (%s VP, %d turns, %s)", m.Title(), on, seed,
		m.Describe(r), m.VP(r), r.Turns, diag.Plural(r.Steps, "decision")))
}

// Describe is a result in words: "vanguard win", "draw", "vanguard and
// shadow-cell share the victory".
func (m *Match) Describe(r wsengine.Result) string {
	sides := m.Sides()
	switch {
	case r.Winner >= 0 && r.Winner < len(sides):
		return sides[r.Winner] + " win"
	case r.Winner == wsengine.Draw && r.Winners != 0:
		var names []string
		for i, s := range sides {
			if r.Winners&(1<<i) != 0 {
				names = append(names, s)
			}
		}
		return strings.Join(names, " and ") + " share the victory"
	case r.Winner == wsengine.Draw:
		return "draw"
	}
	return "unfinished"
}

// VP is a result's victory points, one per side: "12–30" or "12–30–5".
func (m *Match) VP(r wsengine.Result) string {
	n := max(2, len(m.Sides()))
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(r.VP[i])
	}
	return strings.Join(parts, "–")
}
