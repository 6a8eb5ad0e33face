package convicted

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/games/convicted/cvengine"
	"wbtool.dev/wbtool/games/convicted/cvmatch"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// The Convicted's matches behind the seam (ruleset.Matches): the
// defenders, every player played by the same bot, against the game. The
// options map as DESIGN.md says: --format is the player count ("2p"),
// --decks the heroes in seat order ("oracle,heretic"), --scenario a
// scenario's number or id.

var (
	_ ruleset.Matches    = (*Content)(nil)
	_ ruleset.MatchRules = Ruleset{}
)

// formats are the player counts.
var formats = []string{"1p", "2p", "3p", "4p"}

// CheckBot refuses a bot the game has not.
func (Ruleset) CheckBot(bot string) error {
	if bot != "" && !slices.Contains(cvmatch.Bots, bot) {
		return &ruleset.OptionError{Msg: "--bot: " + botkit.UnknownBot(bot, cvmatch.Bots).Error()}
	}
	return nil
}

// IsLog reports whether data is a game log of The Convicted.
func (Ruleset) IsLog(data []byte) bool {
	_, err := cvmatch.ReadLog(data)
	return err == nil
}

// BalanceFormats are the player counts.
func (Ruleset) BalanceFormats() []string { return formats }

// Refuse refuses the options of other games' rules. --format keeps
// Warbound's default ("exploration") when not given: only a given one is
// read as a player count.
func (c *Content) Refuse(given func(string) bool) error {
	c.formatGiven = given("format")
	for _, f := range []string{"horde", "variant", "maintenance"} {
		if given(f) {
			return &ruleset.OptionError{Msg: fmt.Sprintf("--%s: The Convicted has no such option: the defenders play against the game", f)}
		}
	}
	return nil
}

func (c *Content) options(o ruleset.MatchOptions) (cvmatch.Options, error) {
	mo := cvmatch.Options{Bot: o.Bot}
	if o.Format == "exploration" && !c.formatGiven {
		o.Format = ""
	}
	if o.Format != "" {
		n, err := strconv.Atoi(strings.TrimSuffix(o.Format, "p"))
		if err != nil || !slices.Contains(formats, o.Format) {
			return mo, &ruleset.OptionError{Msg: fmt.Sprintf("--format: %q: expected the player count, one of %s", o.Format, strings.Join(formats, ", "))}
		}
		mo.Players = n
	}
	if o.Scenario != "" && o.Scenario != "campaign" {
		sc := c.Catalog.Scenario(o.Scenario)
		if _, err := strconv.Atoi(o.Scenario); err == nil {
			sc = cvcatalog.Find(c.Catalog.Scenarios, o.Scenario, func(s *cvcatalog.Scenario) string { return strconv.Itoa(s.Number) })
		}
		if sc == nil {
			return mo, &ruleset.OptionError{Msg: fmt.Sprintf("--scenario: no scenario %q: give its number (1–10) or its id", o.Scenario)}
		}
		mo.Scenario = sc.Number
	}
	if o.Decks != "" {
		mo.Heroes = strings.Split(o.Decks, ",")
		if mo.Players == 0 {
			mo.Players = len(mo.Heroes)
		}
	}
	return mo, nil
}

// NewMatch resolves play's and sim's options.
func (c *Content) NewMatch(o ruleset.MatchOptions) (ruleset.Match, error) {
	mo, err := c.options(o)
	if err != nil {
		return nil, err
	}
	all := mo.Players == 0
	m, err := cvmatch.New(c.rules, mo)
	if err != nil {
		return nil, &ruleset.OptionError{Msg: err.Error()}
	}
	return &match{c: c, m: m, all: all, o: mo, campaign: o.Scenario == "campaign"}, nil
}

type match struct {
	c   *Content
	m   *cvmatch.Match
	o   cvmatch.Options
	all bool // sim: every player count
	// campaign: sim chains the scenarios through the save sheet
	campaign bool
	// scarcity is the components' use in the games the last Sim played.
	scarcity []balance.ComponentTally
}

var _ ruleset.Scarcity = (*match)(nil)

// Scarcity is the counted components' use in the games the last Sim
// played (none in a campaign's).
func (m *match) Scarcity() []balance.ComponentTally { return m.scarcity }

// componentNames are the counted components (cvengine.Components) as the
// box's list names them (C-COMP-1).
var componentNames = map[string]string{
	"actionMarkers": "action markers", "buildingTokens": "building tokens", "fortificationTokens": "fortification tokens",
	"ditchTokens": "ditch tokens", "moatTokens": "moat tokens", "defenders": "defender tokens", "enemies": "enemy tokens",
	"resourceMarkers": "resource markers", "siegeEngines": "siege-engine markers",
}

// components are the counted components with their printed counts
// (C-COMP-1), in the order of cvengine.Components. The 12 action markers
// are all dealt every turn (C-PREP-1): reaching their count is no
// shortage.
func (c *Content) components() []balance.Component {
	out := make([]balance.Component, len(cvengine.Components))
	for i, k := range cvengine.Components {
		out[i] = balance.Component{Name: componentNames[k], Printed: c.rules.Cap(k), Rule: "C-COMP-1", Always: k == "actionMarkers"}
	}
	return out
}

// use is a game's peak use of each counted component, in the order of
// cvengine.Components.
func use(peak map[string]int) []int {
	out := make([]int, len(cvengine.Components))
	for i, k := range cvengine.Components {
		out[i] = peak[k]
	}
	return out
}

// logJSONL carries a log through the seam.
type logJSONL struct{ l *cvmatch.Log }

func (l logJSONL) MarshalJSONL() ([]byte, error) { return l.l.MarshalJSONL() }

func (m *match) Play(seed uint64, log, account bool) (ruleset.Played, error) {
	res, l, err := m.m.Play(seed, true)
	if err != nil {
		return ruleset.Played{}, err
	}
	p := ruleset.Played{}
	if log {
		p.Log = logJSONL{l}
	}
	if account {
		var b bytes.Buffer
		fmt.Fprintf(&b, "The Convicted, scenario %d, %d players (%s), bot %s, seed %d\n", m.m.O.Scenario, m.m.O.Players, strings.Join(m.m.O.Heroes, ", "), m.m.O.Bot, seed)
		for _, a := range res.Account {
			b.WriteString(a + "\n")
		}
		p.Account = b.Bytes()
	}
	p.Result = []string{m.c.Report().Line()}
	switch {
	case res.Won:
		p.Result = append(p.Result, fmt.Sprintf("the defenders survive all %d turns (first breach: %s)", res.Turn, breachWord(res.FirstBreach)))
	default:
		p.Result = append(p.Result, fmt.Sprintf("the defenders fall on turn %d: %s", res.Turn, res.Why))
	}
	return p, nil
}

func breachWord(t int) string {
	if t == 0 {
		return "none"
	}
	return fmt.Sprintf("turn %d", t)
}

// Sim writes the coverage line, then the survival rate per player count
// with its interval and the first breach's turn; the peak use of each
// counted component against its printed count is its Scarcity, which sim
// writes.
func (m *match) Sim(w io.Writer, games int, seed uint64, _ io.Writer, rate func(k, n int) string) (int, int, error) {
	counts := []int{m.o.Players}
	if m.all {
		counts = []int{1, 2, 3, 4}
	}
	m.scarcity = nil
	fmt.Fprintln(w, m.c.Report().Line())
	if m.campaign {
		return 0, 0, m.simCampaign(w, counts, games, seed, rate)
	}
	sc := cvcatalog.Find(m.c.Catalog.Scenarios, strconv.Itoa(m.m.O.Scenario), func(s *cvcatalog.Scenario) string { return strconv.Itoa(s.Number) })
	fmt.Fprintf(w, "scenario %d (%s), bot %s, %d games per player count\n", sc.Number, sc.Name.EN, m.m.O.Bot, games)
	peak, ranOut := map[string]int{}, map[string]int{}
	total := 0
	// the player counts are played at once, reported in order
	stats := make([]cvmatch.Stats, len(counts))
	errs := make([]error, len(counts))
	var wg sync.WaitGroup
	for i, n := range counts {
		o := m.o
		o.Players = n
		if m.all {
			o.Heroes = nil
		}
		mm, err := cvmatch.New(m.c.rules, o)
		if err != nil {
			return 0, 0, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			stats[i], errs[i] = mm.Sim(games, seed)
		}()
	}
	wg.Wait()
	for i, n := range counts {
		st, err := stats[i], errs[i]
		if err != nil {
			return 0, 0, err
		}
		breaches := 0
		for _, b := range st.FirstBreach {
			if b > 0 {
				breaches++
			}
		}
		if breaches == 0 {
			// no first breach to take a median of
			fmt.Fprintf(w, "%s: survived %s; no breach in %d games\n", plural(n, "player", "players"), rate(st.Survived, st.Games), st.Games)
		} else {
			fmt.Fprintf(w, "%s: survived %s; a breach in %d of %d games, the first on turn %s (median)\n",
				plural(n, "player", "players"), rate(st.Survived, st.Games), breaches, st.Games, median(st.FirstBreach))
		}
		for k, v := range st.Peak {
			peak[k] = max(peak[k], v)
		}
		for k, v := range st.RanOut {
			ranOut[k] += v
		}
		total += st.Games
	}
	m.scarcity = balance.NewComponentTallies(m.c.components())
	for i, k := range cvengine.Components {
		t := &m.scarcity[i]
		t.Games, t.Peak, t.RanOut = total, peak[k], ranOut[k]
	}
	return 0, 0, nil
}

func median(xs []int) string {
	var b []int
	for _, x := range xs {
		if x > 0 {
			b = append(b, x)
		}
	}
	if len(b) == 0 {
		return "-"
	}
	sort.Ints(b)
	return strconv.Itoa(b[len(b)/2])
}

// Replay plays a log again; a divergence is an error.
func (c *Content) Replay(name string, data []byte) (ruleset.Replayed, error) {
	l, err := cvmatch.ReadLog(data)
	if err != nil {
		return ruleset.Replayed{}, fmt.Errorf("%s: %v", name, err)
	}
	var out ruleset.Replayed
	if l.Header.Engine != cvengine.Version {
		out.Warnings = append(out.Warnings, fmt.Sprintf("%s was written by %s, this is %s", name, l.Header.Engine, cvengine.Version))
	}
	if err := cvmatch.Replay(c.rules, l); err != nil {
		out.Diverged = true
		out.Line = fmt.Sprintf("%s: diverged at %v", name, err)
		return out, nil
	}
	out.Line = fmt.Sprintf("%s: replayed %d steps, identical", name, len(l.Steps))
	return out, nil
}

// Lab is the balance lab: one pairing per player count and scenario,
// the defenders (their heroes) against the game; seat 0 wins when the
// defenders survive.
func (c *Content) Lab() balance.Lab { return &lab{c: c} }

type lab struct{ c *Content }

var (
	_ balance.Lab     = (*lab)(nil)
	_ balance.Counted = (*lab)(nil)
)

// Components are the counted components with their printed counts.
func (l *lab) Components() []balance.Component { return l.c.components() }

func (*lab) Game() string   { return Game }
func (*lab) Engine() string { return cvengine.Version }

func (l *lab) Content() string {
	b, err := json.Marshal(l.c.Catalog)
	if err != nil {
		return "unknown"
	}
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf("%016x", h.Sum64())
}

func (*lab) DefaultBot() string { return "greedy" }

func (*lab) CheckBot(bot string) error {
	if !slices.Contains(cvmatch.Bots, bot) {
		return botkit.UnknownBot(bot, cvmatch.Bots)
	}
	return nil
}

func (l *lab) Resolve(set balance.Settings) (balance.Settings, error) {
	if set.Maintenance || set.Variants {
		return set, fmt.Errorf("no maintenance or variants in balance runs of The Convicted")
	}
	if len(set.Formats) == 0 {
		set.Formats = formats
	}
	for _, f := range set.Formats {
		if !slices.Contains(formats, f) {
			return set, fmt.Errorf("no format %q: the player counts are %s", f, strings.Join(formats, ", "))
		}
	}
	if len(set.Scenarios) == 0 {
		set.Scenarios = []string{strconv.Itoa(l.c.Catalog.Scenarios[0].Number)}
	}
	for _, s := range set.Scenarios {
		if _, err := l.c.options(ruleset.MatchOptions{Scenario: s}); err != nil {
			return set, err
		}
	}
	return set, nil
}

func (l *lab) Pairings(set balance.Settings) ([]balance.Pairing, error) {
	var out []balance.Pairing
	for _, sc := range set.Scenarios {
		for _, f := range set.Formats {
			mo, err := l.c.options(ruleset.MatchOptions{Format: f, Scenario: sc, Bot: set.Bot})
			if err != nil {
				return nil, err
			}
			m, err := cvmatch.New(l.c.rules, mo)
			if err != nil {
				return nil, err
			}
			key := balance.MatchKey{Format: f, Scenario: sc, Decks: [2]string{strings.Join(m.O.Heroes, "+"), "the game"}}
			out = append(out, balance.Pairing{Key: key, Play: func(seed uint64) (balance.Tally, error) {
				res, _, err := m.Play(seed, false)
				if err != nil {
					return balance.Tally{}, err
				}
				t := balance.Tally{Winner: 1, Steps: res.Steps, Use: use(res.Peak)}
				if res.Won {
					t.Winner = 0
				}
				t.VP = [2]int{res.Turn, res.FirstBreach}
				return t, nil
			}})
		}
	}
	return out, nil
}

// simCampaign plays games campaigns per player count, each scenario from
// the save sheet of the one before: how often a campaign reaches the last
// scenario and wins it.
func (m *match) simCampaign(w io.Writer, counts []int, games int, seed uint64, rate func(k, n int) string) error {
	last := m.c.Catalog.Scenarios[len(m.c.Catalog.Scenarios)-1].Number
	fmt.Fprintf(w, "campaign of %d scenarios chained through the save sheet, bot %s, %d campaigns per player count\n", len(m.c.Catalog.Scenarios), m.m.O.Bot, games)
	type tally struct {
		reachedLast, won int
		reached          []int
		err              error
	}
	out := make([]tally, len(counts))
	var wg sync.WaitGroup
	for i, n := range counts {
		o := m.o
		o.Players, o.Scenario = n, 0
		if m.all {
			o.Heroes = nil
		}
		mm, err := cvmatch.New(m.c.rules, o)
		if err != nil {
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := &out[i]
			for g := 0; g < games; g++ {
				reached, won, err := mm.Campaign(seed + uint64(g))
				if err != nil {
					t.err = err
					return
				}
				t.reached = append(t.reached, reached)
				if reached >= last-1 || won {
					t.reachedLast++
				}
				if won {
					t.won++
				}
			}
		}()
	}
	wg.Wait()
	for i, n := range counts {
		t := out[i]
		if t.err != nil {
			return t.err
		}
		fmt.Fprintf(w, "%s: reached scenario %d %s; won the campaign %s; scenarios won (median) %s\n", plural(n, "player", "players"), last,
			rate(t.reachedLast, games), rate(t.won, games), median(t.reached))
	}
	return nil
}
