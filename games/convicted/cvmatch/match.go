// Package cvmatch plays The Convicted with bots: the defenders (a random or
// a greedy bot, every player alike) against the game's own enemy, with a
// game log that replays step by step (each step's state hash), an account
// in words, and the sums of many games (survival, first breach, the peak
// use of each counted component against its printed count). Pure, as the
// engine: seeded dice, no clock, no I/O.
package cvmatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/games/convicted/cvengine"
)

// Bots are the defenders' bots: mcts is the engine kit's search
// (botkit.Searcher) at its default level.
var Bots = botkit.Bots

// OptionError is an option the content or the rules refuse.
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// Options are a match's settings: the player count, the heroes in seat
// order (default: the content's first heroes), the scenario's number and
// the bot.
type Options struct {
	Players  int
	Heroes   []string
	Scenario int
	Bot      string
}

// Match is a resolved match.
type Match struct {
	R *cvengine.Rules
	O Options
}

// New checks o against the content.
func New(r *cvengine.Rules, o Options) (*Match, error) {
	if o.Players == 0 {
		o.Players = 2
	}
	if r.C.Players.Row(o.Players) == nil {
		return nil, &OptionError{fmt.Sprintf("--format: %dp: the player-count table has no row for %d players", o.Players, o.Players)}
	}
	if o.Scenario == 0 {
		o.Scenario = 1
	}
	if !slices.ContainsFunc(r.C.Scenarios, func(s cvcatalog.Scenario) bool { return s.Number == o.Scenario }) {
		return nil, &OptionError{fmt.Sprintf("--scenario: no scenario %d", o.Scenario)}
	}
	if o.Bot == "" {
		o.Bot = "greedy"
	}
	if !slices.Contains(Bots, o.Bot) {
		return nil, &OptionError{"--bot: " + botkit.UnknownBot(o.Bot, Bots).Error()}
	}
	if len(o.Heroes) == 0 {
		for i := 0; i < o.Players && i < len(r.C.Heroes); i++ {
			o.Heroes = append(o.Heroes, r.C.Heroes[i].ID)
		}
	}
	if len(o.Heroes) > o.Players {
		return nil, &OptionError{fmt.Sprintf("--decks: %d heroes for %d players: one hero a player (C-HERO-1)", len(o.Heroes), o.Players)}
	}
	for i, h := range o.Heroes {
		if r.C.Hero(h) == nil {
			var ids []string
			for _, x := range r.C.Heroes {
				ids = append(ids, x.ID)
			}
			return nil, &OptionError{fmt.Sprintf("--decks: no hero %q: expected heroes among %s", h, strings.Join(ids, ", "))}
		}
		if slices.Contains(o.Heroes[:i], h) {
			return nil, &OptionError{fmt.Sprintf("--decks: hero %s twice: each hero has one card (C-HERO-1)", h)}
		}
	}
	return &Match{R: r, O: o}, nil
}

// Header opens a game log.
type Header struct {
	Game     string   `json:"game"`
	Engine   string   `json:"engine"`
	Players  int      `json:"players"`
	Heroes   []string `json:"heroes"`
	Scenario int      `json:"scenario"`
	Bot      string   `json:"bot"`
	Seed     uint64   `json:"seed"`
}

// Step is one decision of the log: an action of the player whose go it
// is, or the siege period; Hash is the state after it.
type Step struct {
	Turn   int              `json:"turn"`
	Player int              `json:"player,omitempty"`
	Action *cvengine.Action `json:"action,omitempty"`
	Siege  bool             `json:"siege,omitempty"`
	Hash   string           `json:"hash"`
}

// Log is a game's log.
type Log struct {
	Header Header
	Steps  []Step
}

// MarshalJSONL writes the header and one line per step.
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
	if len(lines) == 0 || json.Unmarshal(lines[0], &l.Header) != nil || l.Header.Game != "convicted" {
		return nil, fmt.Errorf("not a game log of The Convicted")
	}
	for i, ln := range lines[1:] {
		var s Step
		dec := json.NewDecoder(bytes.NewReader(ln))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			return nil, fmt.Errorf("line %d: %v", i+2, err)
		}
		l.Steps = append(l.Steps, s)
	}
	return l, nil
}

// Hash is a state's hash, for the log.
func Hash(s *cvengine.State) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %d %s %d %d %v %d %v %v %v %v %v %v %v %v", s.Turn, s.Current, s.Period, s.First, s.Counter, s.Actions, s.Killed,
		s.Bank, s.Available, s.Buildings, s.Ring, s.Techs, s.Offer, s.Breached, s.Lost)
	fmt.Fprintf(h, " %v %v %v", s.Cast, s.Sorcery, s.Pending)
	for _, sec := range s.Sections {
		fmt.Fprintf(h, "|%d %d %d %v %d %v %v", sec.Level, sec.Res, sec.Gate, sec.Units, sec.Owner, sec.Engines, sec.Bonus)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// Result is a game's outcome.
type Result struct {
	Won, Lost   bool
	Turn        int
	FirstBreach int
	Peak        map[string]int
	Steps       int
	Account     []string
	Why         string
}

// bot chooses the next decision of the action period.
type bot func(s *cvengine.State, legal []cvengine.Action) int

func (m *Match) bot(seed uint64) bot {
	if lv, ok := botkit.ParseSearch(m.O.Bot); ok {
		return m.searchBot(lv, seed)
	}
	if m.O.Bot == "random" {
		rng := botkit.NewRand(seed, botkit.RandomStream)
		return func(_ *cvengine.State, legal []cvengine.Action) int { return rng.IntN(len(legal)) }
	}
	return func(s *cvengine.State, legal []cvengine.Action) int {
		base := Score(m.R, s)
		return botkit.Greedy(len(legal), func(i int) (int, bool) {
			if legal[i].Do == cvengine.EndGo {
				return base, true
			}
			c := s.Clone()
			if m.R.Apply(c, legal[i]) != nil {
				return 0, false
			}
			return Score(m.R, c), true
		})
	}
}

// Score is the greedy bot's view of a state: the defence of every
// section (its Resistance, the gate, its defenders' EN and ST), the ring,
// the buildings and technologies, the bank.
func Score(r *cvengine.Rules, s *cvengine.State) int {
	v := 0
	for i := range s.Sections {
		sec := &s.Sections[i]
		w := 3
		if r.C.Sections[i].Kind == "tower" {
			w = 1
		}
		d := sec.Res * 3
		if sec.Gate > 0 {
			d += sec.Gate * 2
		}
		for u, n := range sec.Units {
			unit := &r.C.Units[u]
			d += n * (unit.EN*2 + unit.ST + unit.RFS*2)
		}
		v += w * d
	}
	for _, k := range s.Ring {
		v += k * 4
	}
	for _, l := range s.Buildings {
		v += l * 5
	}
	for _, t := range s.Techs {
		if t {
			v += 6
		}
	}
	for _, n := range s.Bank {
		v += n * 2
	}
	return v
}

// Choices are the defenders' siege decisions: the Heretic names the
// section with the most ranged units, the Oracle moves units from quiet
// sections to attacked ones (C-HERO-2, C-HERO-4).
func Choices(r *cvengine.Rules) cvengine.Choices {
	return cvengine.Choices{Heretic: "", Oracle: func(s *cvengine.State, _ int) []cvcatalog.OracleMove { return oracle(r, s) }}
}

func heretic(r *cvengine.Rules, s *cvengine.State) string {
	best, bestN := "", 0
	for i := range s.Sections {
		n := 0
		for u, k := range s.Sections[i].Units {
			if r.C.Units[u].Ranged() {
				n += k
			}
		}
		if n > bestN {
			best, bestN = r.C.Sections[i].ID, n
		}
	}
	return best
}

func oracle(r *cvengine.Rules, s *cvengine.State) []cvcatalog.OracleMove {
	var moves []cvcatalog.OracleMove
	load := make([]int, len(s.Sections))
	for i := range s.Sections {
		load[i] = s.Sections[i].Defenders()
	}
	for to := range s.Sections {
		if len(s.Sections[to].Squads) == 0 {
			continue
		}
		for from := range s.Sections {
			if len(s.Sections[from].Squads) > 0 || from == to {
				continue
			}
			for u := range s.Sections[from].Units {
				left := s.Sections[from].Units[u]
				for _, m := range moves {
					if m.From == r.C.Sections[from].ID && m.Unit == r.C.Units[u].ID {
						left--
					}
				}
				for ; left > 0 && load[from] > 1 && load[to] < r.Capacity(s, to) && len(moves) < 5; left-- {
					moves = append(moves, cvcatalog.OracleMove{Unit: r.C.Units[u].ID, From: r.C.Sections[from].ID, To: r.C.Sections[to].ID})
					load[from]--
					load[to]++
				}
			}
		}
	}
	if h := heroAmount(r, s, "moveUnits"); len(moves) > h {
		moves = moves[:h]
	}
	return moves
}

func heroAmount(r *cvengine.Rules, s *cvengine.State, kind string) int {
	for _, h := range s.Heroes {
		if x := r.C.Hero(h); x != nil && x.Ability.Kind == kind {
			return x.Ability.Amount
		}
	}
	return 0
}

// MaxSteps bounds a game's decisions.
const MaxSteps = 5000

// Play plays the game of seed; the log is kept when log is set.
func (m *Match) Play(seed uint64, log bool) (Result, *Log, error) {
	dice := cvengine.NewSeeded(seed)
	s, err := m.R.Setup(m.O.Players, m.O.Heroes, m.O.Scenario, dice)
	if err != nil {
		return Result{}, nil, err
	}
	var l *Log
	if log {
		l = &Log{Header: Header{Game: "convicted", Engine: cvengine.Version, Players: m.O.Players, Heroes: m.O.Heroes, Scenario: m.O.Scenario, Bot: m.O.Bot, Seed: seed}}
	}
	res, err := m.run(s, dice, m.bot(seed), l, seed)
	return res, l, err
}

// run plays s to the end of its scenario.
func (m *Match) run(s *cvengine.State, dice cvengine.Dice, choose bot, l *Log, seed uint64) (Result, error) {
	res := Result{}
	var turn []string
	for steps := 0; s.Period != cvengine.Over; steps++ {
		if steps > MaxSteps {
			return res, fmt.Errorf("seed %d: no end after %d steps", seed, MaxSteps)
		}
		st := Step{Turn: s.Turn}
		if s.Period == cvengine.Actions {
			legal := m.R.Legal(s)
			a := legal[choose(s, legal)]
			st.Player = s.Current + 1
			if err := m.R.Apply(s, a); err != nil {
				return res, fmt.Errorf("seed %d: the bot's %s: %v", seed, a, err)
			}
			st.Action = &a
			if a.Do != cvengine.EndGo {
				turn = append(turn, fmt.Sprintf("p%d %s", st.Player, a))
			}
		} else {
			ch := Choices(m.R)
			if heroAmount(m.R, s, "sectionFirepower") > 0 {
				ch.Heretic = heretic(m.R, s)
			}
			t := s.Turn
			if err := m.R.SiegePeriod(s, dice, ch); err != nil {
				return res, fmt.Errorf("seed %d: siege: %v", seed, err)
			}
			st.Siege = true
			res.Account = append(res.Account, fmt.Sprintf("turn %d: %s", t, strings.Join(turn, ", ")), "  siege: "+strings.Join(s.Events, "; "))
			turn = nil
		}
		st.Hash = Hash(s)
		if l != nil {
			l.Steps = append(l.Steps, st)
		}
		res.Steps++
	}
	res.Won, res.Lost, res.Turn, res.FirstBreach, res.Peak = s.Won, s.Lost, s.Turn, s.FirstBreach, s.Peak
	if s.Lost && len(s.Events) > 0 {
		res.Why = s.Events[len(s.Events)-1]
	}
	return res, nil
}

// Campaign plays the campaign of seed (C-GAME-2, C-END-1): the scenarios
// in order, each from the save sheet of the one before (C-SETUP-4); a
// lost scenario is played again from the last save sheet while retries
// are left (campaignRetries), else the campaign is lost. It returns the
// last scenario won (0: none) and whether the campaign is won.
func (m *Match) Campaign(seed uint64) (reached int, won bool, err error) {
	var sv *cvcatalog.Save
	retries := m.R.C.End.CampaignRetries
	var numbers []int
	for _, sc := range m.R.C.Scenarios {
		numbers = append(numbers, sc.Number)
	}
	for i, attempt := 0, 0; i < len(numbers); attempt++ {
		sub := seed*1000 + uint64(numbers[i]*10+attempt)
		dice := cvengine.NewSeeded(sub)
		var s *cvengine.State
		if sv == nil {
			s, err = m.R.Setup(m.O.Players, m.O.Heroes, numbers[i], dice)
		} else {
			s, err = m.R.FromSave(sv, numbers[i], dice)
		}
		if err != nil {
			return reached, false, err
		}
		res, err := m.run(s, dice, m.bot(sub), nil, sub)
		if err != nil {
			return reached, false, err
		}
		if !res.Won {
			if retries == 0 {
				return reached, false, nil
			}
			retries--
			continue
		}
		save := m.R.Save(s, "sim", nil)
		sv = &save
		reached = numbers[i]
		i++
	}
	return reached, true, nil
}

// Replay plays a log again: each step's decision, the state's hash
// compared; the first difference is an error naming the step.
func Replay(r *cvengine.Rules, l *Log) error {
	m, err := New(r, Options{Players: l.Header.Players, Heroes: l.Header.Heroes, Scenario: l.Header.Scenario, Bot: l.Header.Bot})
	if err != nil {
		return err
	}
	dice := cvengine.NewSeeded(l.Header.Seed)
	s, err := m.R.Setup(m.O.Players, m.O.Heroes, m.O.Scenario, dice)
	if err != nil {
		return err
	}
	for i, st := range l.Steps {
		switch {
		case st.Siege:
			ch := Choices(r)
			if heroAmount(r, s, "sectionFirepower") > 0 {
				ch.Heretic = heretic(r, s)
			}
			err = r.SiegePeriod(s, dice, ch)
		case st.Action != nil:
			err = r.Apply(s, *st.Action)
		default:
			err = fmt.Errorf("no decision")
		}
		if err != nil {
			return fmt.Errorf("step %d: %v", i+1, err)
		}
		if h := Hash(s); h != st.Hash {
			return fmt.Errorf("step %d: the state differs from the log's (hash %s, logged %s)", i+1, h, st.Hash)
		}
	}
	return nil
}

// Stats are the sums of many games.
type Stats struct {
	Games, Survived int
	FirstBreach     []int // the turn of each game's first breach (0: none)
	Peak            map[string]int
	RanOut          map[string]int // games in which a component reached its count
}

// Sim plays games games from seed; each seed's game is the same whatever
// the order.
func (m *Match) Sim(games int, seed uint64) (Stats, error) {
	st := Stats{Peak: map[string]int{}, RanOut: map[string]int{}}
	for g := 0; g < games; g++ {
		res, _, err := m.Play(seed+uint64(g), false)
		if err != nil {
			return st, err
		}
		st.Games++
		if res.Won {
			st.Survived++
		}
		st.FirstBreach = append(st.FirstBreach, res.FirstBreach)
		for k, v := range res.Peak {
			st.Peak[k] = max(st.Peak[k], v)
			if v >= m.R.Cap(k) && m.R.Cap(k) > 0 {
				st.RanOut[k]++
			}
		}
	}
	return st, nil
}
