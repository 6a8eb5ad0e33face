package wbengine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// Version is the engine version written in game logs.
//
// Version 2: decisions carry paths (LogDecision.Path) and games have
// reactions (the "reaction" event, TrigEnemyMoves).
const Version = "wbtool-engine/2"

// LogHeader is the first line of a game log.
type LogHeader struct {
	Engine   string    `json:"engine"`
	Content  string    `json:"content"` // hash of the content the game was played with
	Seed     uint64    `json:"seed"`
	Scenario string    `json:"scenario"`
	Decks    [2]string `json:"decks"`
	Bots     [2]string `json:"bots,omitempty"`
	// Maintenance: the game was played with the Maintenance option
	// (R-TURN-7).
	Maintenance bool `json:"maintenance,omitempty"`
}

// LogStep is one decision of a game log: who decided what, the dice it
// rolled, the events it caused, and the hash of the state after it.
type LogStep struct {
	N        int         `json:"n"`
	Text     string      `json:"text"`
	Decision LogDecision `json:"decision"`
	Dice     []int8      `json:"dice,omitempty"`
	Events   []string    `json:"events"`
	Hash     string      `json:"hash"`
}

// LogDecision is a Decision in a log.
type LogDecision struct {
	Kind   Kind   `json:"k"`
	Side   int8   `json:"s"`
	Unit   int8   `json:"u"`
	With   int8   `json:"w,omitempty"` // Multiple: 1 + the second unit
	Space  int8   `json:"sp"`
	Target int8   `json:"t"`
	Tile   int16  `json:"x"`
	Tile2  int16  `json:"y"`
	Colour int8   `json:"c"`
	Give2  int8   `json:"g"`
	Take   int8   `json:"tk"`
	Skill  int8   `json:"sk"`
	Flags  uint8  `json:"f,omitempty"` // 1 run, 2 aim, 4 swap
	Pay    []int8 `json:"pay,omitempty"`
	// Path: the paths of a move, per miniature (Decision.Path), when it
	// gives any.
	Path []uint64 `json:"p,omitempty"`
}

func logDecision(d Decision) LogDecision {
	l := LogDecision{Kind: d.Kind, Side: d.Side, Unit: d.Unit, With: d.With, Space: d.Space, Target: d.Target,
		Tile: int16(d.Tile), Tile2: int16(d.Tile2), Colour: d.Colour, Give2: d.Give2, Take: d.Take, Skill: d.Skill}
	if d.Run {
		l.Flags |= 1
	}
	if d.Aim {
		l.Flags |= 2
	}
	if d.Swap {
		l.Flags |= 4
	}
	if d.Pay != ([MaxColours]int8{}) {
		l.Pay = append([]int8(nil), d.Pay[:]...)
	}
	if d.Path != ([2]Path{}) {
		l.Path = []uint64{uint64(d.Path[0]), uint64(d.Path[1])}
	}
	return l
}

// Decision returns the logged decision.
func (l LogDecision) Decision() Decision {
	d := Decision{Kind: l.Kind, Side: l.Side, Unit: l.Unit, With: l.With, Space: l.Space, Target: l.Target,
		Tile: hex.Tile(l.Tile), Tile2: hex.Tile(l.Tile2), Colour: l.Colour, Give2: l.Give2, Take: l.Take, Skill: l.Skill,
		Run: l.Flags&1 != 0, Aim: l.Flags&2 != 0, Swap: l.Flags&4 != 0}
	copy(d.Pay[:], l.Pay)
	for i, p := range l.Path {
		if i < len(d.Path) {
			d.Path[i] = Path(p)
		}
	}
	return d
}

// Log is a whole game: header and steps.
type Log struct {
	Header LogHeader
	Steps  []LogStep
}

// Record appends a step to the log.
func (l *Log) Record(s *State, d Decision, ev []Event) {
	st := LogStep{N: len(l.Steps) + 1, Text: d.Format(s.g), Decision: logDecision(d), Events: make([]string, 0, len(ev)),
		Hash: strconv.FormatUint(s.Hash(), 16)}
	for i := range ev {
		if ev[i].Kind == EvRoll {
			st.Dice = append(st.Dice, ev[i].Dice[:ev[i].NDice]...)
		}
		st.Events = append(st.Events, ev[i].Format(s.g))
	}
	l.Steps = append(l.Steps, st)
}

// MarshalJSONL writes the log as JSON lines: the header, then one line per
// step. The output is deterministic.
func (l *Log) MarshalJSONL() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if err := enc.Encode(l.Header); err != nil {
		return nil, err
	}
	for i := range l.Steps {
		if err := enc.Encode(&l.Steps[i]); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// ParseLog reads a log written by MarshalJSONL.
func ParseLog(data []byte) (*Log, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	l := &Log{}
	if err := dec.Decode(&l.Header); err != nil {
		return nil, fmt.Errorf("log header: %w", err)
	}
	for dec.More() {
		var st LogStep
		if err := dec.Decode(&st); err != nil {
			return nil, fmt.Errorf("log step %d: %w", len(l.Steps)+1, err)
		}
		l.Steps = append(l.Steps, st)
	}
	return l, nil
}

// Divergence is where a replay departs from its log.
type Divergence struct {
	Step int // 1-based
	Msg  string
}

func (d *Divergence) Error() string { return fmt.Sprintf("step %d: %s", d.Step, d.Msg) }

// Replay plays a log again on game g, with the logged dice, and returns
// the final state, or the first step that diverges (an illegal decision,
// other events, or another state hash).
func Replay(g *Game, l *Log) (State, error) {
	return Trace(g, l, nil)
}

// Trace is Replay calling f after each step with the state after it and
// the events it caused, as the engine made them (with their causes,
// Event.Cause); f must not keep ev, which is reused.
func Trace(g *Game, l *Log, f func(s *State, st *LogStep, ev []Event)) (State, error) {
	s, _, err := NewState(g, Start{Seed: l.Header.Seed, Hand: -1})
	if err != nil {
		return s, err
	}
	var ev []Event
	for i := range l.Steps {
		st := &l.Steps[i]
		d := st.Decision.Decision()
		dice := &Dice{Forced: st.Dice}
		ev, err = s.Do(d, dice, ev[:0])
		if err != nil {
			return s, &Divergence{Step: st.N, Msg: fmt.Sprintf("%s: %v", st.Text, err)}
		}
		if len(ev) != len(st.Events) {
			return s, &Divergence{Step: st.N, Msg: fmt.Sprintf("%d events, the log has %d", len(ev), len(st.Events))}
		}
		for j := range ev {
			if got := ev[j].Format(g); got != st.Events[j] {
				return s, &Divergence{Step: st.N, Msg: fmt.Sprintf("event %d is %q, the log has %q", j+1, got, st.Events[j])}
			}
		}
		if h := strconv.FormatUint(s.Hash(), 16); h != st.Hash {
			return s, &Divergence{Step: st.N, Msg: fmt.Sprintf("state hash %s, the log has %s", h, st.Hash)}
		}
		if dice.Left() > 0 {
			return s, &Divergence{Step: st.N, Msg: fmt.Sprintf("%d logged dice not rolled", dice.Left())}
		}
		if f != nil {
			f(&s, st, ev)
		}
	}
	return s, nil
}

// Hash is a 64-bit FNV-1a hash of everything that decides the rest of the
// game except the generator (replays force the logged dice).
func (s *State) Hash() uint64 {
	h := uint64(14695981039346656037)
	b := func(v int) {
		h ^= uint64(uint8(v))
		h *= 1099511628211
	}
	b(int(s.turn))
	b(int(s.phase))
	b(int(s.pend))
	b(int(s.toAct))
	b(int(s.hand))
	b(int(s.hourglass))
	b(int(s.hgSpace))
	b(bit(s.passed[0]) | bit(s.passed[1])<<1 | bit(s.keepDone[0])<<2 | bit(s.keepDone[1])<<3 | bit(s.pathUsed[0])<<4 | bit(s.pathUsed[1])<<5)
	for side := range 2 {
		for _, n := range s.orders[side] {
			b(int(n))
		}
		b(int(s.vp[side]))
		b(int(s.vp[side] >> 8))
		b(int(s.objective[side]))
	}
	for i := range s.g.spaces {
		b(bit(s.spaces[i].taken))
		for _, n := range s.spaces[i].paid {
			b(int(n))
		}
	}
	for u := range s.g.units {
		us := &s.units[u]
		b(int(us.tiles[0]))
		b(int(us.tiles[0] >> 8))
		b(int(us.tiles[1]))
		b(int(us.tiles[1] >> 8))
		for _, n := range us.tok {
			b(int(n))
		}
		b(bit(us.panicked) | bit(us.removed)<<1 | bit(us.deployed)<<2)
		b(int(us.activations))
		b(int(s.scanned[u]))
		b(int(s.scanned[u] >> 8))
		b(int(s.spotted[u][0]))
		b(int(s.spotted[u][1]))
		for _, n := range s.boost[u] {
			b(int(n))
		}
	}
	a := &s.act
	b(int(a.unit))
	b(int(a.space))
	b(int(a.remaining))
	b(int(a.did))
	b(int(a.done))
	for i := range 4 {
		b(int(a.skills >> (8 * i)))
	}
	for _, n := range a.mods {
		b(int(n))
	}
	b(int(s.winner))
	if s.g.Format == wbcatalog.Confrontation { // Exploration hashes stay as they were
		for i := range 4 {
			b(int(s.cover >> (8 * i)))
			b(int(s.maint >> (8 * i)))
		}
		b(int(s.second) | bit(s.objDrawn)<<6)
	}
	if s.reactors != [2]uint32{} { // games without reactions hash as before
		for i := range 4 {
			b(int(s.reacted >> (8 * i)))
		}
	}
	return h
}

func bit(v bool) int {
	if v {
		return 1
	}
	return 0
}

// PlayResult is the outcome of one game.
type PlayResult struct {
	Winner int // 0, 1, or 2 for a draw
	VP     [2]int
	Turns  int
	Steps  int
}

// Play plays a game to its end with two bots, from a fresh state of g with
// the seed. When log is not nil every step is recorded. limit bounds the
// number of decisions (an error past it).
func Play(g *Game, seed uint64, bots [2]Bot, log *Log, limit int) (PlayResult, State, error) {
	if log == nil {
		return PlayRecorded(g, seed, bots, nil, limit)
	}
	return PlayRecorded(g, seed, bots, log, limit)
}

// scratch holds the buffers of one game being played, reused across games
// so that self-play does not allocate.
type scratch struct {
	st  State
	buf []Decision
	ev  []Event
}

var scratchPool = sync.Pool{New: func() any {
	return &scratch{buf: make([]Decision, 0, 512), ev: make([]Event, 0, 64)}
}}
