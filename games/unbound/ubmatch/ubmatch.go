// Package ubmatch plays 40k Unbound games between bots: the order
// protocol is the engine's (package ubengine, through Legal), every
// result on the table comes from a STAND-IN resolution table written here
// — not the underlying game's rules, which wbtool does not copy
// (RULES.md U-SCOPE-2). Every account, result and summary says so.
//
// The stand-in table (StandInTable) is deliberately crude: it exists so
// that bots can play the protocol to its end, and so that sim and
// balance compare the protocol's choices, not a unit's real strength.
package ubmatch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/games/unbound/ubengine"
	"wbtool.dev/wbtool/games/unbound/ubengine/ubtable"
	"wbtool.dev/wbtool/internal/suggest"
)

// Version is the engine's version, recorded in logs and balance results.
const Version = "ubengine-1"

// StandIn names the resolution every bot game uses.
const StandIn = "STAND-IN resolution table (not the underlying game's rules)"

// StandInTable is the stand-in table in words (README, account, sim).
var StandInTable = []string{
	"a shot destroys its target on a 6 (5+ with more advantages; a 6 then a 4+ with one handicap more; no shot with two); a target that took cover or went to ground survives on a further 4+",
	"a preliminary shot needs an assault weapon or a pistol; a charge succeeds on 2D6 ≥ 7; a counter-charge always meets the assault; an interception reaches on 2D6 ≥ 7",
	"close combat: each side rolls 1D6, the lower loses and is destroyed if it lost by 3 or more, otherwise both stay locked",
	"reserves arrive on turn 2 on a 3+, on turn 3 at the latest",
	"victory points: 1 per enemy unit destroyed",
}

// LimitSteps bounds one game's decisions.
const LimitSteps = 20000

// Bots are the bots the game has: mcts is the engine kit's search
// (botkit.Searcher) at its default level, mcts:1 to mcts:3 a level.
var Bots = botkit.Bots

// OptionError is an option the content refuses.
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// CheckBot refuses a bot the game has not.
func CheckBot(bot string) error {
	if bot == "" || slices.Contains(Bots, bot) {
		return nil
	}
	return botkit.UnknownBot(bot, Bots)
}

// Options are a match's options; "" takes the default.
type Options struct {
	Scenario string
	Armies   []string
	Bot      string
}

// Match is a resolved game, ready to play with any seed.
type Match struct {
	Cat      *ubcatalog.Catalog
	Scenario string
	Armies   []string
	Bot      string
	table    *ubtable.Table
	content  string // ContentHash, once
}

// New resolves the options against the content.
func New(cat *ubcatalog.Catalog, o Options) (*Match, error) {
	if err := CheckBot(o.Bot); err != nil {
		return nil, &OptionError{"--bot: " + err.Error()}
	}
	m := &Match{Cat: cat, Bot: o.Bot}
	if m.Bot == "" {
		m.Bot = "greedy"
	}
	var ids []string
	for _, s := range cat.Scenarios {
		ids = append(ids, s.ID)
	}
	sc := o.Scenario
	if sc == "" {
		if len(ids) == 0 {
			return nil, &OptionError{"the content has no scenario to play"}
		}
		sc = ids[0]
	}
	var scenario *ubcatalog.Scenario
	for i := range cat.Scenarios {
		if cat.Scenarios[i].ID == sc {
			scenario = &cat.Scenarios[i]
		}
	}
	if scenario == nil {
		return nil, &OptionError{fmt.Sprintf("--scenario: no scenario %q%s (scenarios: %s)", sc, suggest.Hint(sc, ids), strings.Join(ids, ", "))}
	}
	m.Scenario, m.Armies = sc, scenario.Armies
	if len(o.Armies) > 0 {
		if len(o.Armies) != len(scenario.Armies) {
			return nil, &OptionError{fmt.Sprintf("--decks: scenario %s fields %d armies, got %d", sc, len(scenario.Armies), len(o.Armies))}
		}
		for _, a := range o.Armies {
			if cat.Army(a) == nil {
				var all []string
				for _, x := range cat.Armies {
					all = append(all, x.ID)
				}
				return nil, &OptionError{fmt.Sprintf("--decks: no army %q%s (armies: %s)", a, suggest.Hint(a, all), strings.Join(all, ", "))}
			}
		}
		m.Armies = o.Armies
	}
	t, err := ubtable.NewTable(cat, m.Armies)
	if err != nil {
		return nil, &OptionError{"--decks: " + err.Error()}
	}
	for i, a := range m.Armies {
		if slices.Contains(m.Armies[:i], a) {
			return nil, &OptionError{fmt.Sprintf("--decks: army %s is named twice", a)}
		}
	}
	m.table = t
	m.content = ContentHash(cat)
	return m, nil
}

// Header is a log's first line.
type Header struct {
	Game     string   `json:"game"`
	Engine   string   `json:"engine"`
	Content  string   `json:"content"`
	Scenario string   `json:"scenario"`
	Armies   []string `json:"armies"`
	Bot      string   `json:"bot"`
	Seed     uint64   `json:"seed"`
	StandIn  string   `json:"standIn"`
}

// Step is one decision of a log, with the state's hash after it.
type Step struct {
	N    int    `json:"n"`
	Turn int    `json:"turn"`
	Army string `json:"army"`
	Do   string `json:"do"`
	Hash string `json:"hash"`
}

// Log is a game's log.
type Log struct {
	Header Header
	Steps  []Step
}

// MarshalJSONL writes the header, then one line per step.
func (l *Log) MarshalJSONL() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if err := enc.Encode(l.Header); err != nil {
		return nil, err
	}
	for _, s := range l.Steps {
		if err := enc.Encode(s); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// ReadLog reads what MarshalJSONL wrote.
func ReadLog(data []byte) (*Log, error) {
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	l := &Log{}
	if len(lines) == 0 || json.Unmarshal(lines[0], &l.Header) != nil || l.Header.Game != ubcatalog.Game {
		return nil, errors.New("not a 40k Unbound game log")
	}
	for i, line := range lines[1:] {
		var s Step
		if err := json.Unmarshal(line, &s); err != nil {
			return nil, fmt.Errorf("line %d: %v", i+2, err)
		}
		l.Steps = append(l.Steps, s)
	}
	return l, nil
}

// ContentHash identifies the content a game was played with.
func ContentHash(cat *ubcatalog.Catalog) string {
	b, _ := json.Marshal(cat)
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf("%016x", h.Sum64())
}

// Result is how a game ended.
type Result struct {
	VP       []int
	Winner   int // side, -1 for a draw
	Turns    int
	Steps    int
	Lost     []int // units destroyed per side
	Too      bool  // past LimitSteps
	Acted    map[int]int
	Survived []bool
}

// decider chooses among the legal orders; i is the decision's number.
type decider func(g *game, legal []ubengine.Order) (int, error)

type game struct {
	m      *Match
	t      *ubtable.Table
	s      ubengine.State
	dice   *rand.Rand
	acct   *strings.Builder
	log    *Log
	locked [][2]int
	lost   []int
	acted  map[int]int
	vp     []int
	cover  []bool // by unit id: took cover or went to ground with its last order
	steps  int
	decide decider
	expect []Step // a replay's log
	stage  stage
	legal  []ubengine.Order // the decision due
	over   bool
	too    bool // past LimitSteps
}

func (g *game) d6() int { return 1 + g.dice.IntN(6) }

func (g *game) say(format string, args ...any) {
	if g.acct != nil {
		fmt.Fprintf(g.acct, format+"\n", args...)
	}
}

func (g *game) name(id int) string { return g.t.Names[id-1] }

func (g *game) army(side int) string { return g.t.Armies[side].ID }

// hash is the state's fingerprint after a step.
func (g *game) hash() string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %d %d %d %d %v %v", g.s.Turn, g.s.Phase, g.s.Deciding, g.s.Active, g.s.Given, g.locked, g.vp)
	for _, u := range g.s.Units {
		fmt.Fprintf(h, "|%d %d %d %v %v %v", u.ID, u.Tokens, u.In, u.Gone, u.Locked, u.Reserve)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// Play plays the game of seed: bots choose, or decide when given (a
// replay). The account is written when acct is set.
func (m *Match) play(seed uint64, decide decider, acct *strings.Builder, expect []Step) (Result, *Log, error) {
	g := &game{m: m, t: m.table, dice: botkit.NewRand(seed, 0xd1ce), acct: acct, acted: map[int]int{}, cover: make([]bool, len(m.table.Units)+1),
		lost: make([]int, len(m.Armies)), vp: make([]int, len(m.Armies)), decide: decide, expect: expect}
	g.log = &Log{Header: Header{Game: ubcatalog.Game, Engine: Version, Content: m.content, Scenario: m.Scenario,
		Armies: m.Armies, Bot: m.Bot, Seed: seed, StandIn: StandIn}}
	if g.decide == nil {
		bots := make([]bot, len(m.Armies))
		for i := range bots {
			bots[i] = newBot(m.Bot, seed*uint64(len(m.Armies))+uint64(i)+1)
		}
		g.decide = func(g *game, legal []ubengine.Order) (int, error) { return bots[g.s.Deciding].choose(g, legal), nil }
	}
	g.say("40k Unbound · %s · %s", m.Scenario, strings.Join(m.Armies, " against "))
	g.say("Resolution: %s:", StandIn)
	for _, l := range StandInTable {
		g.say("  - %s", l)
	}
	err := g.start()
	for err == nil && !g.over {
		var i int
		if i, err = g.decide(g, g.legal); err == nil {
			err = g.apply(i)
		}
	}
	if err != nil {
		return Result{}, g.log, err
	}
	return g.result(), g.log, nil
}

// The match is a state machine the engine kit can search: start sets the
// game up and runs it to its first decision, apply plays the decision
// due (one of g.legal) and runs on to the next; between the two the game
// is a plain value (copy) waiting for a decision, or over.

// stage is where the match stands between decisions.
type stage int8

const (
	turnStart stage = iota // the turn's first line and psychic pools are due
	orders                 // the order step (decisions), then close combat and the end of the turn
)

// start plays deployment, the initiative and the game on to its first
// decision.
func (g *game) start() error {
	init := g.setUp()
	s, err := ubengine.New(len(g.m.Armies), g.t.Units, init)
	if err != nil {
		return err
	}
	g.s = s.WithOrders(g.t.Orders)
	g.stage = turnStart
	return g.advance()
}

// advance plays on until a decision is due (g.legal) or the game ends
// (g.over; g.too past LimitSteps).
func (g *game) advance() error {
	for {
		if g.stage == turnStart {
			g.say("Turn %d · initiative %s", g.s.Turn, g.army(g.s.Initiative))
			pools := ubengine.Pools(g.d6(), warp(g.t))
			g.say("psychic pools (U-PSY-1): %v", pools)
			g.stage = orders
		}
		if g.s.Phase != ubengine.Melee {
			g.legal = g.s.Legal()
			if len(g.legal) == 0 {
				return fmt.Errorf("turn %d: side %d has no legal order", g.s.Turn, g.s.Deciding)
			}
			g.steps++
			if g.steps > LimitSteps {
				g.over, g.too = true, true
			}
			return nil
		}
		g.melee()
		if g.s.Turn >= 5 {
			die := g.d6()
			ends := ubengine.GameEnds(g.s.Turn, die)
			rule := "U-END-3"
			if g.s.Turn >= ubengine.LastTurn {
				rule = "U-END-5"
			}
			g.say("end of turn %d: end die %d: %s (%s)", g.s.Turn, die, map[bool]string{true: "the game ends", false: "the game goes on"}[ends], rule)
			if ends {
				g.over = true
				return nil
			}
		}
		next, err := g.s.NextTurn(g.lockedIDs())
		if err != nil {
			return err
		}
		g.s = next
		g.arrive()
		g.stage = turnStart
	}
}

// apply plays decision i of g.legal, then on to the next decision.
func (g *game) apply(i int) error {
	if i < 0 || i >= len(g.legal) {
		return fmt.Errorf("decision %d of %d", i, len(g.legal))
	}
	o := g.legal[i]
	side := g.s.Deciding
	next, reqs, err := g.s.Apply(o)
	if err != nil {
		return err
	}
	g.s = next
	if o.Kind != ubengine.NoReaction {
		if g.acted != nil {
			g.acted[o.Unit]++
		}
		g.cover[o.Unit] = o.Kind == ubengine.TakeCover || o.Kind == ubengine.GoToGround
	}
	if g.acct != nil {
		g.say("  %s: %s", g.army(side), g.t.Format(o))
	}
	if reqs != nil {
		if err := g.resolve(reqs); err != nil {
			return err
		}
	}
	if g.log != nil {
		st := Step{N: g.steps, Turn: g.s.Turn, Army: g.army(side), Do: g.t.Format(o), Hash: g.hash()}
		g.log.Steps = append(g.log.Steps, st)
		if k := len(g.log.Steps) - 1; g.expect != nil && (k >= len(g.expect) || g.expect[k] != st) {
			return fmt.Errorf("step %d (%q): the game differs from the log's", st.N, st.Do)
		}
	}
	return g.advance()
}

// result is how the game ended.
func (g *game) result() Result {
	r := Result{Winner: -1, Too: g.too}
	r.VP, r.Turns, r.Steps, r.Lost, r.Acted = g.vp, g.s.Turn, g.steps, g.lost, g.acted
	best := -1
	for side, v := range g.vp {
		switch {
		case best < 0 || v > g.vp[best]:
			best, r.Winner = side, side
		case v == g.vp[best]:
			r.Winner = -1
		}
	}
	for _, u := range g.s.Units {
		r.Survived = append(r.Survived, !u.Gone)
	}
	return r
}

// setUp plays deployment and the initiative roll (U-DEPLOY), into the
// account; it returns the side with the initiative on turn 1.
func (g *game) setUp() int {
	n := len(g.m.Armies)
	counts := make([]int, n)
	for side, a := range g.t.Armies {
		for _, e := range a.Entries {
			if !e.Reserve && e.Joins == "" && e.In == "" {
				counts[side]++
			}
		}
	}
	first := 0
	for {
		rolls := make([]int, n)
		for i := range rolls {
			rolls[i] = g.d6()
		}
		if side, ok := ubengine.Initiative(rolls, -1); ok {
			first = side
			break
		}
	}
	var seq []string
	for _, side := range ubengine.Alternation(first, counts) {
		seq = append(seq, g.army(side))
	}
	g.say("deployment (U-DEPLOY-2): %s", strings.Join(seq, " "))
	finished := ubengine.FirstToFinish(first, counts)
	for {
		rolls := make([]int, n)
		for i := range rolls {
			rolls[i] = g.d6()
		}
		if side, ok := ubengine.Initiative(rolls, finished); ok {
			g.say("initiative roll (U-DEPLOY-7): %v, +1 for %s: %s has the initiative", rolls, g.army(finished), g.army(side))
			return side
		}
	}
}

// arrive brings reserves in at the start of a turn (stand-in roll).
func (g *game) arrive() {
	var ids []int
	for _, u := range g.s.Units {
		if u.Reserve && (g.s.Turn >= 3 || g.d6() >= 3) {
			ids = append(ids, u.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	n, err := g.s.Arrive(ids...)
	if err == nil {
		g.s = n
		var names []string
		for _, id := range ids {
			names = append(names, g.name(id))
		}
		g.say("reserves arrive (U-RES-4): %s", strings.Join(names, ", "))
	}
}

func (g *game) lockedIDs() []int {
	var out []int
	for _, p := range g.locked {
		for _, id := range p {
			if !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	slices.Sort(out)
	return out
}

func warp(t *ubtable.Table) []int {
	out := make([]int, len(t.Armies))
	for i, a := range t.Armies {
		out[i] = a.WarpCharges
	}
	return out
}
