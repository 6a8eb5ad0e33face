package wsengine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"sync"

	"wbtool.dev/wbtool/engine/botkit"
)

// Bot chooses one of the legal decisions of a state.
type Bot interface {
	Choose(s *State, legal []Decision) int
}

// RandomBot picks uniformly among the listed decisions, with its own
// seeded generator (never the game's, so a bot never changes the dice).
// Play draws its decisions without listing them (pick).
type RandomBot struct{ r *rand.Rand }

// NewRandomBot returns a random bot seeded with seed.
func NewRandomBot(seed uint64) *RandomBot {
	return &RandomBot{r: botkit.NewRand(seed, botkit.RandomStream)}
}

// Choose implements Bot.
func (b *RandomBot) Choose(_ *State, legal []Decision) int { return b.r.IntN(len(legal)) }

// GreedyBot scores each listed decision by the state it leads to (one ply,
// on a copy rolling its own dice) and takes the best; ties go to the first.
type GreedyBot struct {
	r   *rand.Rand
	buf []Event
	// the copy each decision is tried on, and its dice: kept from one
	// try to the next rather than allocated for each (a greedy game
	// tried tens of thousands)
	c      *State
	forced [64]int8
	dice   Dice
}

// NewGreedyBot returns a greedy bot; seed drives its look-ahead dice.
func NewGreedyBot(seed uint64) *GreedyBot {
	return &GreedyBot{r: botkit.NewRand(seed, botkit.GreedyStream), c: new(State)}
}

// Choose implements Bot.
func (b *GreedyBot) Choose(s *State, legal []Decision) int {
	side := s.toAct
	return botkit.Greedy(len(legal), func(i int) (int, bool) {
		botkit.Roll(b.r, b.forced[:], 6)
		b.dice = Dice{Forced: b.forced[:]}
		c := b.c
		*c = *s
		var err error
		if b.buf, err = c.Do(legal[i], &b.dice, b.buf[:0]); err != nil {
			return 0, false
		}
		score := c.evaluate(side)
		if legal[i].Kind == Pass {
			score -= 5
		}
		return score, true
	})
}

// evaluate scores a state for side: points of figures in play and wounds,
// objectives held, and closeness to the objectives.
func (s *State) evaluate(side int8) int {
	score := 0
	for i := range s.n {
		sign := 1
		if s.figs[i].Side != side {
			sign = -1
		}
		f := &s.figs[i]
		if !f.has(fInPlay) {
			continue
		}
		v := 10*int(s.prof(i).Cost) + 20 - 8*int(f.Wounds)
		if f.has(fStunned) {
			v -= 6
		}
		if f.has(fCover) {
			v += 2
		}
		best := 99.0
		for o := range s.g.Objectives {
			if s.sab&(1<<o) != 0 && s.g.Scenario == Invasion {
				continue
			}
			best = min(best, s.figs[i].P.Sub(s.g.Objectives[o]).Len())
		}
		if best < 99 {
			v -= int(best / 2)
		}
		score += sign * v
	}
	for o := range s.g.Objectives {
		if c := s.Controller(o); c == int(side) {
			score += 30
		} else if c >= 0 {
			score -= 30
		}
	}
	if s.g.Scenario == Invasion && side == 0 {
		score += 80 * popcount(s.sab)
	}
	return score
}

func popcount(b uint8) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// Result is the outcome of a played game.
type Result struct {
	// Winner is the side that won alone (0 to Sides−1: 0 or 1, up to 3
	// in a multiplayer game), Draw when nobody did (a multiplayer game's
	// shared victory is a Draw with its Winners), or Undecided when the
	// game stopped before its end.
	Winner int
	// Winners: the sides sharing the victory (bit i for side i, WS-BIG-10).
	Winners uint8
	VP      [MaxSides]int
	Turns   int
	Steps   int
	// Attacker: a two-sided standard game's attacker (WS-SCEN-2), −1
	// for other games.
	Attacker int
}

// ErrTooLong: a game went past its step bound.
var ErrTooLong = errors.New("game too long")

// Play plays a whole game with two bots (side 0 and side 1; in the
// invasion side 1 never decides), logging it when log is not nil.
func Play(g *Game, seed uint64, bots [2]Bot, log *Log, maxSteps int) (Result, *State, error) {
	return PlayAll(g, seed, bots[:], log, maxSteps)
}

// PlayAll is Play with one bot per side, for multiplayer games too.
func PlayAll(g *Game, seed uint64, bots []Bot, log *Log, maxSteps int) (Result, *State, error) {
	if len(bots) < int(g.sides()) {
		return Result{}, nil, fmt.Errorf("%d bots for %d sides", len(bots), g.sides())
	}
	tc := tableCaches.Get().(*tableCache)
	s, err := newState(g, seed, tc)
	if err != nil {
		tableCaches.Put(tc)
		return Result{}, nil, err
	}
	defer func() { // the state returned keeps no share of the cache
		s.table = nil
		tableCaches.Put(tc)
	}()
	ev, err := s.Start(nil)
	if err != nil {
		return Result{}, s, err
	}
	if log != nil {
		log.Header.Engine, log.Header.Seed = Version, seed
		if log.Header.Scenario == "" {
			log.Header.Scenario = g.Scenario
		}
		log.record(s, nil, ev)
	}
	legalp := legalBufs.Get().(*[]Decision)
	defer legalBufs.Put(legalp)
	legal := (*legalp)[:0]
	defer func() { *legalp = legal[:0] }()
	steps := 0
	for !s.Over() {
		if steps >= maxSteps {
			return Result{Winner: 2, Turns: s.Turn(), Steps: steps}, s, ErrTooLong
		}
		var d Decision
		ok := false
		if rb, isRandom := bots[s.toAct].(*RandomBot); isRandom {
			d, legal, ok = rb.pick(s, legal[:0])
		}
		if !ok {
			legal = s.Legal(legal[:0])
			if len(legal) == 0 {
				return Result{}, s, fmt.Errorf("turn %d: no legal decision (pending %d)", s.turn, s.pend)
			}
			d = legal[bots[s.toAct].Choose(s, legal)]
		}
		ev, err = s.Do(d, nil, ev[:0])
		if err != nil {
			return Result{}, s, fmt.Errorf("step %d: %v", steps+1, err)
		}
		if log != nil {
			log.record(s, &d, ev)
		}
		steps++
	}
	r := Result{Winner: s.Winner(), Winners: s.Winners(), Turns: s.Turn(), Steps: steps, Attacker: -1}
	if s.g.twoSided() {
		r.Attacker = int(s.g.Attacker)
	}
	for side := range MaxSides {
		r.VP[side] = s.VP(side)
	}
	return r, s, nil
}

// legalBufs keep PlayAll's list of legal decisions from one game to the
// next: the set-up's lists (every figure at each of its points) are long,
// and grown anew for each game they were a quarter of a random game's
// allocations.
var legalBufs = sync.Pool{New: func() any { return new([]Decision) }}

// Version is the engine version written in game logs: /4 plays the
// set-up as decisions (Game.Deploy).
const Version = "wbtool-warstuff/4"

// LegacyVersion is the version of logs whose games were set up by the
// engine's presets (the bands in their corners, the first band
// attacking, a multiplayer game's seats in the header): they still
// replay, set up as they were.
const LegacyVersion = "wbtool-warstuff/3"

// LogHeader is the first line of a game log: enough to set the game up
// again (scenario, bands, horde) and check it is the same content.
type LogHeader struct {
	Engine   string   `json:"engine"`
	Content  string   `json:"content,omitempty"`
	Seed     uint64   `json:"seed"`
	Scenario string   `json:"scenario"`
	Bands    []string `json:"bands,omitempty"`
	Horde    string   `json:"horde,omitempty"`
	Bot      string   `json:"bot,omitempty"`
	// Seats: a multiplayer game's corner of each band (CornerNames).
	Seats []string `json:"seats,omitempty"`
	// Variants: the invasion's variants played (WS-VAR), as written on
	// the command line: late-arrival, clock=N, smart-creatures,
	// bitter-end, more-randomness.
	Variants []string `json:"variants,omitempty"`
}

// LogStep is one decision: the decision, its events and the state hash.
type LogStep struct {
	N        int       `json:"n"`
	Text     string    `json:"text,omitempty"`
	Decision *Decision `json:"decision,omitempty"`
	Events   []string  `json:"events"`
	Hash     string    `json:"hash"`
}

// Log is a whole game.
type Log struct {
	Header LogHeader
	Steps  []LogStep
}

func (l *Log) record(s *State, d *Decision, ev []Event) {
	st := LogStep{N: len(l.Steps), Events: make([]string, len(ev)), Hash: strconv.FormatUint(s.Hash(), 16)}
	if d != nil {
		c := *d
		st.Decision = &c
		st.Text = d.Format(s.g)
	}
	for i := range ev {
		st.Events[i] = ev[i].Format(s.g)
	}
	l.Steps = append(l.Steps, st)
}

// Replay plays a log's decisions again from its seed and reports the
// first step whose events or state differ.
func Replay(g *Game, l *Log) error { return Trace(g, l, nil) }

// Trace is Replay that hands each step to visit (when set) with the
// state after it and its events as the engine made them (their targets
// too, Event.Need): the start of the game first, with a nil decision.
func Trace(g *Game, l *Log, visit func(s *State, d *Decision, ev []Event)) error {
	s, err := NewState(g, l.Header.Seed)
	if err != nil {
		return err
	}
	ev, err := s.Start(nil)
	if err != nil {
		return err
	}
	if visit != nil {
		visit(s, nil, ev)
	}
	for i, st := range l.Steps {
		if st.Decision == nil {
			continue
		}
		if ev, err = s.Do(*st.Decision, nil, ev[:0]); err != nil {
			return fmt.Errorf("step %d: %v", i, err)
		}
		if h := strconv.FormatUint(s.Hash(), 16); h != st.Hash {
			return fmt.Errorf("step %d: state %s, the log says %s", i, h, st.Hash)
		}
		if visit != nil {
			visit(s, st.Decision, ev)
		}
	}
	return nil
}

// FigName is figure i's name in logs: its setup name, or creature<i>
// for a creature that spawned during the game.
func (g *Game) FigName(i int) string { return g.figName(int8(i)) }

// SideName is a side's name in logs: red, blue, green, yellow.
func (g *Game) SideName(side int) string { return g.sideName(int8(side)) }

// InPlay reports whether figure i is in play.
func (s *State) InPlay(i int) bool { return s.inPlay(int8(i)) }

// NewBot returns a bot by name: random, greedy, or the engine kit's
// search, mcts (its default level) or mcts:1 to mcts:3.
func NewBot(kind string, seed uint64) (Bot, error) {
	switch kind {
	case "random", "":
		return NewRandomBot(seed), nil
	case "greedy":
		return NewGreedyBot(seed), nil
	}
	if lv, ok := botkit.ParseSearch(kind); ok {
		return NewSearchBot(lv, seed), nil
	}
	return nil, botkit.UnknownBot(kind, botkit.Bots)
}

// MarshalJSONL writes the log as JSON lines: the header, then one line per
// step. The output is deterministic.
func (l *Log) MarshalJSONL() ([]byte, error) {
	lines := make([]any, 1, 1+len(l.Steps))
	lines[0] = l.Header
	for i := range l.Steps {
		lines = append(lines, &l.Steps[i])
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, v := range lines {
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// ReadLog reads a log written by MarshalJSONL.
func ReadLog(data []byte) (*Log, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	l := &Log{}
	if err := dec.Decode(&l.Header); err != nil {
		return nil, fmt.Errorf("line 1: %v", err)
	}
	if l.Header.Engine != Version && l.Header.Engine != LegacyVersion {
		return nil, fmt.Errorf("line 1: a log of %q, this engine is %s", l.Header.Engine, Version)
	}
	for dec.More() {
		var st LogStep
		if err := dec.Decode(&st); err != nil {
			return nil, fmt.Errorf("line %d: %v", len(l.Steps)+2, err)
		}
		l.Steps = append(l.Steps, st)
	}
	return l, nil
}

// Account writes the game in words: one line per decision with what it
// caused.
func (l *Log) Account(w io.Writer) {
	for _, st := range l.Steps {
		if st.Decision != nil {
			fmt.Fprintf(w, "%d. %s\n", st.N, st.Text)
		}
		for _, e := range st.Events {
			fmt.Fprintf(w, "   %s\n", e)
		}
	}
}
