package balance

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
)

// Version is the version of the result format.
const Version = 1

// Result is the tallies of a run or of merged shards: integer sums only,
// so that merging shards in any order gives the result of one run, byte
// for byte. Summary and its alerts are derived from them (Finish).
type Result struct {
	Version int `json:"version"`
	// Game is the game played, "" for Warbound (the default game).
	Game     string   `json:"game,omitempty"`
	Engine   string   `json:"engine"`
	Content  string   `json:"content"`
	Settings Settings `json:"settings"`
	// Shards are the shards summed in; empty for a whole run (or a
	// complete set of shards).
	Shards []Shard `json:"shards,omitempty"`
	// Manifest is the ID of the manifest a shard was played from
	// (RunShard), Digest the hash of its tallies (Seal); both empty for
	// a run's or a merge's result.
	Manifest string      `json:"manifest,omitempty"`
	Digest   string      `json:"digest,omitempty"`
	Matchups []Matchup   `json:"matchups"`
	Cards    []CardTally `json:"cards"`
	// Sequential are the tests of a sequential run (RunSPRT).
	Sequential []Sequential `json:"sequential,omitempty"`
	// Playtests sum the playtest logs of the same content version on the
	// run's pairs (AddPlaytests); PlaytestsAside counts the logs set aside.
	Playtests      []PlaytestTally `json:"playtests,omitempty"`
	PlaytestsAside int             `json:"playtestsAside,omitempty"`
	// Components are the use of the game's counted components (a Counted
	// lab), over every game of the run; none for a game without.
	Components []ComponentTally `json:"components,omitempty"`
	Summary    *Summary         `json:"summary,omitempty"`
	// Source names the file the result was read from, in Merge's
	// messages; empty for a run's own result.
	Source string `json:"-"`
}

// MatchKey names one compiled game: a scenario, the decks in seat order
// and, for a variant, the card the deck on seat Seat plays without.
type MatchKey struct {
	Format   string    `json:"format"`
	Scenario string    `json:"scenario"`
	Decks    [2]string `json:"decks"`
	Without  string    `json:"without,omitempty"`
	Seat     int       `json:"seat,omitempty"`
}

func (k MatchKey) String() string {
	s := fmt.Sprintf("%s vs %s on %s", k.Decks[0], k.Decks[1], k.Scenario)
	if k.Without != "" {
		s += fmt.Sprintf(" (%s without %s)", k.Decks[k.Seat], k.Without)
	}
	return s
}

// LengthBin is the width of the game-length histogram's bins, in
// decisions; the last of LengthBins bins holds every longer game.
const (
	LengthBin  = 20
	LengthBins = 16
)

// Matchup is the tallies of one compiled game.
type Matchup struct {
	MatchKey
	Games      int    `json:"games"`
	Wins       [2]int `json:"wins"`
	Draws      int    `json:"draws"`
	Unfinished int    `json:"unfinished"`
	VP         [2]int `json:"vp"`
	Steps      int    `json:"steps"`
	StepsSq    int    `json:"stepsSq"`
	Lengths    []int  `json:"lengths"` // games per length bin
}

// CardTally sums a Character card's part in the games of its deck, over
// the scenarios of a format (variants excluded).
type CardTally struct {
	Format      string `json:"format"`
	Deck        string `json:"deck"`
	Card        string `json:"card"`
	Games       int    `json:"games"`
	Activations int    `json:"activations"`
	Dealt       int    `json:"dealt"` // Wound and Poison tokens (or wounds) put on enemies
	Taken       int    `json:"taken"`
	Survived    int    `json:"survived"` // games it ended in play
	VP          int    `json:"vp"`       // scored during its activations
	SideVP      int    `json:"sideVP"`   // its side's Victory Points in those games
	// Games it acted in (at least one activation) and idle, with its
	// side's wins and losses in each.
	Acted       int `json:"acted"`
	ActedWins   int `json:"actedWins"`
	ActedLosses int `json:"actedLosses"`
	IdleWins    int `json:"idleWins"`
	IdleLosses  int `json:"idleLosses"`
}

func newResult(set Settings, engine, content string, shards []Shard) *Result {
	r := &Result{Version: Version, Engine: engine, Content: content, Settings: set}
	if len(shards) > 0 && shards[0].N > 1 {
		r.Shards = shards
	}
	return r
}

// add sums one game of matchup m into r.
func (r *Result) add(m int, decks [2]string, t *Tally) {
	AddUse(r.Components, t.Use)
	mu := &r.Matchups[m]
	if mu.Lengths == nil {
		mu.Lengths = make([]int, LengthBins)
	}
	mu.Games++
	res := t
	switch {
	case t.Unfinished:
		mu.Unfinished++
	case res.Winner == 0 || res.Winner == 1:
		mu.Wins[res.Winner]++
	default:
		mu.Draws++
	}
	mu.VP[0] += res.VP[0]
	mu.VP[1] += res.VP[1]
	mu.Steps += res.Steps
	mu.StepsSq += res.Steps * res.Steps
	mu.Lengths[min(res.Steps/LengthBin, LengthBins-1)]++
	if mu.Without != "" {
		return
	}
	for _, u := range t.Units {
		c := r.card(mu.Format, decks[u.Side], u.Card)
		c.Games++
		c.Activations += u.Activations
		c.Dealt += u.Dealt
		c.Taken += u.Taken
		c.VP += u.VP
		c.SideVP += res.VP[u.Side]
		if u.Survived {
			c.Survived++
		}
		won := !t.Unfinished && res.Winner == u.Side
		lost := !t.Unfinished && res.Winner == 1-u.Side
		if u.Activations > 0 {
			c.Acted++
			c.ActedWins += b2i(won)
			c.ActedLosses += b2i(lost)
		} else {
			c.IdleWins += b2i(won)
			c.IdleLosses += b2i(lost)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// card returns the tally of a card of a deck, added in its sorted place.
func (r *Result) card(f string, deck, card string) *CardTally {
	key := CardTally{Format: f, Deck: deck, Card: card}
	i, found := slices.BinarySearchFunc(r.Cards, key, cardOrder)
	if !found {
		r.Cards = slices.Insert(r.Cards, i, key)
	}
	return &r.Cards[i]
}

func cardOrder(a, b CardTally) int {
	return cmp.Or(cmp.Compare(a.Format, b.Format), cmp.Compare(a.Deck, b.Deck), cmp.Compare(a.Card, b.Card))
}

// Merge adds up results of the same settings and content: shards of one
// run (each at most once) or whole runs' parts, each as Run or
// ParseResult gives it. The merged result of the N shards of a run is the
// result of the run. An error names the part by its Source (or its
// number). Its work is proportional to the parts' sizes.
func Merge(parts []*Result) (*Result, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	first := parts[0]
	out := newResult(first.Settings, first.Engine, first.Content, nil)
	out.Game = first.Game
	if first.Settings.SPRT != nil {
		if len(parts) > 1 {
			return nil, fmt.Errorf("%s: a sequential run's result (--sprt) is whole: it merges with no other", first.name(0))
		}
		out.Sequential = first.Sequential
	}
	firstSet, _ := json.Marshal(first.Settings)
	seen := map[int]bool{}
	n := 0
	for pi, p := range parts {
		name := p.name(pi)
		if p.Version != Version {
			return nil, fmt.Errorf("%s: result format %d, this wbtool reads %d", name, p.Version, Version)
		}
		if p.Game != first.Game {
			return nil, fmt.Errorf("%s: a result of %s, %s is of %s: merge the shards of one game's run", name, gameName(p.Game), first.name(0), gameName(first.Game))
		}
		if p.Engine != first.Engine || p.Content != first.Content {
			return nil, fmt.Errorf("%s: played with engine %s on content %s, %s with engine %s on content %s: run every shard with the same wbtool and content",
				name, p.Engine, p.Content, first.name(0), first.Engine, first.Content)
		}
		if set, _ := json.Marshal(p.Settings); string(set) != string(firstSet) {
			return nil, fmt.Errorf("%s: settings %s differ from %s's %s: run every shard with the same options", name, set, first.name(0), firstSet)
		}
		shards := p.Shards
		if len(shards) == 0 {
			shards = []Shard{{0, 1}}
		}
		for _, s := range shards {
			if err := CheckShard(s); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if n == 0 {
				n = s.N
			}
			if s.N != n {
				return nil, fmt.Errorf("%s: shard %d/%d, but %s is cut in %d shards", name, s.I, s.N, first.name(0), n)
			}
			if seen[s.I] {
				return nil, fmt.Errorf("%s: shard %d/%d is given twice", name, s.I, s.N)
			}
			seen[s.I] = true
		}
		if len(p.Matchups) != len(first.Matchups) {
			return nil, fmt.Errorf("%s: %d matchups, %s has %d", name, len(p.Matchups), first.name(0), len(first.Matchups))
		}
	}
	games := first.Settings.Games
	out.Matchups = make([]Matchup, len(first.Matchups))
	for i := range out.Matchups {
		m := &out.Matchups[i]
		m.MatchKey = first.Matchups[i].MatchKey
		m.Lengths = make([]int, LengthBins)
		for pi, p := range parts {
			q := &p.Matchups[i]
			if q.MatchKey != m.MatchKey {
				return nil, fmt.Errorf("%s: matchup %d is %s, %s's is %s", p.name(pi), i+1, q.MatchKey, first.name(0), m.MatchKey)
			}
			// Every part's tallies are bounded by its games (check):
			// bounding the sum of the games bounds every sum.
			if m.Games+q.Games > games {
				return nil, fmt.Errorf("%s: matchup %d (%s): %d more games make %d, more than the run's %d", p.name(pi), i+1, m.MatchKey, q.Games, m.Games+q.Games, games)
			}
			m.Games += q.Games
			m.Wins[0] += q.Wins[0]
			m.Wins[1] += q.Wins[1]
			m.Draws += q.Draws
			m.Unfinished += q.Unfinished
			m.VP[0] += q.VP[0]
			m.VP[1] += q.VP[1]
			m.Steps += q.Steps
			m.StepsSq += q.StepsSq
			for b := range min(len(q.Lengths), LengthBins) {
				m.Lengths[b] += q.Lengths[b]
			}
		}
		if len(seen) == n && m.Games != games && first.Settings.SPRT == nil {
			return nil, fmt.Errorf("matchup %d (%s): the %d shards merged hold %d games, not the run's %d", i+1, m.MatchKey, n, m.Games, games)
		}
	}
	out.Cards = mergeCards(parts)
	out.Components = first.Components
	for pi, p := range parts[1:] {
		var err error
		if out.Components, err = MergeComponents(out.Components, p.Components); err != nil {
			return nil, fmt.Errorf("%s: %v", p.name(pi+1), err)
		}
	}
	if len(seen) < n {
		for i := range n {
			if seen[i] {
				out.Shards = append(out.Shards, Shard{i, n})
			}
		}
	}
	return out, nil
}

// mergeCards adds up the parts' card tallies, in card order.
func mergeCards(parts []*Result) []CardTally {
	at := map[CardTally]int{}
	var out []CardTally
	for _, p := range parts {
		for _, c := range p.Cards {
			key := CardTally{Format: c.Format, Deck: c.Deck, Card: c.Card}
			i, ok := at[key]
			if !ok {
				i = len(out)
				at[key] = i
				out = append(out, key)
			}
			t := &out[i]
			t.Games += c.Games
			t.Activations += c.Activations
			t.Dealt += c.Dealt
			t.Taken += c.Taken
			t.Survived += c.Survived
			t.VP += c.VP
			t.SideVP += c.SideVP
			t.Acted += c.Acted
			t.ActedWins += c.ActedWins
			t.ActedLosses += c.ActedLosses
			t.IdleWins += c.IdleWins
			t.IdleLosses += c.IdleLosses
		}
	}
	slices.SortFunc(out, cardOrder)
	return out
}

// name names part i of a merge in messages: its file, or its number.
func (r *Result) name(i int) string {
	if r.Source != "" {
		return r.Source
	}
	return fmt.Sprintf("part %d", i+1)
}

// Missing lists the shards a partial result lacks (nil when whole).
func (r *Result) Missing() []Shard {
	if len(r.Shards) == 0 {
		return nil
	}
	n := r.Shards[0].N
	have := make([]bool, n)
	for _, s := range r.Shards {
		if s.I >= 0 && s.I < n {
			have[s.I] = true
		}
	}
	var out []Shard
	for i, ok := range have {
		if !ok {
			out = append(out, Shard{i, n})
		}
	}
	return out
}

// gameName names a result's game in messages.
func gameName(game string) string {
	if game == "" {
		return "warbound"
	}
	return game
}

// ParseResult reads a result written by MarshalResult. formats, when not
// nil, gives the formats of the result's game (Result.Game): a format the
// game has not is refused; nil formats for a game refuse it.
func ParseResult(data []byte, formats func(game string) ([]string, error)) (*Result, error) {
	var r Result
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("not a balance result: %w", err)
	}
	if r.Version != Version {
		return nil, fmt.Errorf("balance result format %d, this wbtool reads %d", r.Version, Version)
	}
	var known []string
	if formats != nil {
		var err error
		if known, err = formats(r.Game); err != nil {
			return nil, err
		}
	}
	if err := r.check(known); err != nil {
		return nil, err
	}
	if r.Digest != "" && r.Digest != r.digest() {
		return nil, fmt.Errorf("digest %s does not match its contents (%s): the file was changed after wbtool wrote it; play the shard again", r.Digest, r.digest())
	}
	r.Summary = nil // derived: recomputed by Finish
	return &r, nil
}

// MarshalResult writes r as indented JSON (deterministic).
func MarshalResult(r *Result) ([]byte, error) {
	b, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
