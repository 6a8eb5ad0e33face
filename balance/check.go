package balance

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"wbtool.dev/wbtool/internal/termsafe"
)

// Bounds of a run, so that a count no machine can run is refused before
// any work, and a result file read back is bounded work whatever it
// holds.
const (
	// MaxGames bounds the games per matchup and seat order (--games).
	MaxGames = 1_000_000
	// MaxShards bounds the shards a run is cut into (--shard I/N).
	MaxShards = 100_000
	// maxGameVP bounds a side's Victory Points in one game, and maxCount
	// any count of a card's tally in one result file: far above what a
	// game gives, low enough that the sums of MaxShards files never
	// overflow.
	maxGameVP = 1 << 20
	maxCount  = 1 << 40
)

// ShardError is a shard I/N that does not fit the run.
type ShardError struct {
	Shard Shard
	Msg   string
}

func (e *ShardError) Error() string {
	return fmt.Sprintf("shard %d/%d: %s", e.Shard.I, e.Shard.N, e.Msg)
}

// CheckShard checks a shard's numbers alone: 0 ≤ I < N ≤ MaxShards.
func CheckShard(s Shard) error {
	switch {
	case s.N > MaxShards:
		return &ShardError{s, fmt.Sprintf("%d shards are more than a run can be cut into (at most %d)", s.N, MaxShards)}
	case s.N < 1 || s.I < 0 || s.I >= s.N:
		return &ShardError{s, "expected I/N with 0 ≤ I < N"}
	}
	return nil
}

// checkShardGames refuses a shard count larger than the run's games: a
// shard would play nothing.
func checkShardGames(s Shard, matchups, games int) error {
	if total := matchups * games; s.N > total {
		return &ShardError{s, fmt.Sprintf("the run has %d games (%d matchups × %d), fewer than its %d shards: cut it into at most %d",
			total, matchups, games, s.N, total)}
	}
	return nil
}

// checkGames checks the games per matchup and seat order.
func checkGames(games int) error {
	if games < 1 || games > MaxGames {
		return fmt.Errorf("games: expected 1 to %d games per matchup and seat order, got %d", MaxGames, games)
	}
	return nil
}

// shardGames is the number of games of matchup m (of games each) that
// shard s plays: game k of the run's list is shard k mod N's.
func shardGames(m, games int, s Shard) int {
	upTo := func(x int) int { // games k < x of shard s
		if x <= s.I {
			return 0
		}
		return (x - s.I + s.N - 1) / s.N
	}
	return upTo((m+1)*games) - upTo(m*games)
}

// check refuses a result no run writes: a string that is no id, a count
// below zero or beyond what the games played allow, tallies that do not
// add up, a matchup twice. Every later step (Merge, Finish, Report,
// WriteText) is then bounded work, proportional to the result's size.
func (r *Result) check(formats []string) error {
	if r.Game != "" {
		if err := checkText("game", r.Game); err != nil {
			return err
		}
	}
	for _, f := range []struct{ what, s string }{{"engine", r.Engine}, {"content", r.Content}, {"bot", r.Settings.Bot}} {
		if err := checkText(f.what, f.s); err != nil {
			return err
		}
	}
	set := &r.Settings
	if err := checkGames(set.Games); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := checkIDs("format", set.Formats, func(f string) error {
		if formats != nil && !slices.Contains(formats, f) {
			return fmt.Errorf("expected %s", strings.Join(formats, " or "))
		}
		return nil
	}); err != nil {
		return err
	}
	if err := checkIDs("scenario", set.Scenarios, nil); err != nil {
		return err
	}
	if err := checkIDs("deck", set.Decks, nil); err != nil {
		return err
	}
	if err := r.checkShards(); err != nil {
		return err
	}
	if err := r.checkMatchups(); err != nil {
		return err
	}
	if err := r.checkSequential(); err != nil {
		return err
	}
	if err := r.checkPlaytests(); err != nil {
		return err
	}
	if err := r.checkComponents(); err != nil {
		return err
	}
	if r.PlaytestsAside < 0 || r.PlaytestsAside > maxCount {
		return fmt.Errorf("playtests set aside: %d, expected 0 to %d", r.PlaytestsAside, maxCount)
	}
	return r.checkCards()
}

// checkSequential checks a sequential run's tests: bounds a test can
// use, names, counts within the games, a known decision.
func (r *Result) checkSequential() error {
	t := r.Settings.SPRT
	if t == nil {
		if len(r.Sequential) > 0 {
			return fmt.Errorf("sequential tests in a run without --sprt")
		}
		return nil
	}
	if err := t.Check(); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if len(r.Shards) > 0 {
		return fmt.Errorf("a sequential run's result holds no shards")
	}
	for i, q := range r.Sequential {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("sequential test %d: %s", i+1, fmt.Sprintf(format, args...))
		}
		for _, s := range []string{q.Format, q.Scenario, q.Decks[0], q.Decks[1], q.Why} {
			if err := checkText("name", s); err != nil {
				return bad("%v", err)
			}
		}
		switch {
		case q.Decision != DecidedFirst && q.Decision != DecidedSecond && q.Decision != Balanced && q.Decision != Undecided:
			return bad("decision %q: expected first, second, balanced or undecided", q.Decision)
		case q.Samples < 0 || q.Samples > r.Settings.Games || q.Games < q.Samples || q.Games > 2*q.Samples:
			return bad("%d samples, %d games: expected at most %d samples of one or two games", q.Samples, q.Games, r.Settings.Games)
		case math.IsNaN(q.Score) || q.Score < 0 || q.Score > 100 || math.IsNaN(q.LLR[0]) || math.IsNaN(q.LLR[1]):
			return bad("score %g, LLR %g, %g: not numbers a test writes", q.Score, q.LLR[0], q.LLR[1])
		}
	}
	return nil
}

// checkText refuses a string that would print as something else.
func checkText(what, s string) error {
	if s == "" || !termsafe.Safe(s) {
		return fmt.Errorf("%s %q: not a name wbtool writes", what, s)
	}
	return nil
}

// checkIDs checks a list of ids of the settings: each a name, once.
func checkIDs[T ~string](what string, ids []T, valid func(T) error) error {
	seen := make(map[T]bool, len(ids))
	for _, id := range ids {
		if err := checkText(what, string(id)); err != nil {
			return fmt.Errorf("settings: %w", err)
		}
		if valid != nil {
			if err := valid(id); err != nil {
				return fmt.Errorf("settings: %s %q: %w", what, id, err)
			}
		}
		if seen[id] {
			return fmt.Errorf("settings: %s %q is listed twice", what, id)
		}
		seen[id] = true
	}
	return nil
}

// checkShards checks the shards summed in: one count N, each index once.
func (r *Result) checkShards() error {
	if len(r.Shards) == 0 {
		return nil
	}
	n := r.Shards[0].N
	seen := map[int]bool{}
	for _, s := range r.Shards {
		if err := CheckShard(s); err != nil {
			return err
		}
		if s.N != n {
			return &ShardError{s, fmt.Sprintf("the result also holds shards of %d", n)}
		}
		if seen[s.I] {
			return &ShardError{s, "listed twice"}
		}
		seen[s.I] = true
	}
	return checkShardGames(r.Shards[0], len(r.Matchups), r.Settings.Games)
}

// checkMatchups checks every matchup's key and tallies, and that each
// scenario's plain matchups are every ordered pair of its decks, as a run
// plays them.
func (r *Result) checkMatchups() error {
	set := &r.Settings
	format := map[string]string{}
	for _, s := range set.Scenarios {
		format[s] = ""
	}
	seen := make(map[MatchKey]bool, len(r.Matchups))
	decks := map[string]map[string]bool{}    // per scenario, the decks of its plain matchups
	seats := map[string][2]map[string]bool{} // per scenario, the decks of each seat
	plain := map[string]int{}                // per scenario, its plain matchups
	for i := range r.Matchups {
		m := &r.Matchups[i]
		bad := func(format string, args ...any) error {
			return fmt.Errorf("matchup %d (%s): %s", i+1, m.MatchKey, fmt.Sprintf(format, args...))
		}
		if err := m.checkKey(set, format, seen); err != nil {
			return fmt.Errorf("matchup %d: %w", i+1, err)
		}
		// Every count is a count of games, or bounded by the games.
		for _, c := range []struct {
			what  string
			n, to int
		}{
			{"games", m.Games, set.Games},
			{"first seat's wins", m.Wins[0], m.Games}, {"second seat's wins", m.Wins[1], m.Games},
			{"draws", m.Draws, m.Games}, {"unfinished games", m.Unfinished, m.Games},
			{"first seat's VP", m.VP[0], m.Games * maxGameVP}, {"second seat's VP", m.VP[1], m.Games * maxGameVP},
			{"decisions", m.Steps, m.Games * StepLimit}, {"squared decisions", m.StepsSq, m.Steps * StepLimit},
		} {
			if c.n < 0 || c.n > c.to {
				return bad("%s: %d, expected 0 to %d", c.what, c.n, c.to)
			}
		}
		if sum := m.Wins[0] + m.Wins[1] + m.Draws + m.Unfinished; sum != m.Games {
			return bad("%d + %d wins, %d draws and %d unfinished games make %d, not its %d games",
				m.Wins[0], m.Wins[1], m.Draws, m.Unfinished, sum, m.Games)
		}
		if want := r.expectedGames(i); want >= 0 && m.Games != want {
			return bad("games: %d, but the %s plays %d of this matchup", m.Games, r.playedBy(), want)
		}
		if len(m.Lengths) > LengthBins {
			return bad("length bins: %d, expected %d", len(m.Lengths), LengthBins)
		}
		sum := 0
		for _, n := range m.Lengths {
			if n < 0 || n > m.Games {
				return bad("games in a length bin: %d, expected 0 to %d", n, m.Games)
			}
			sum += n
		}
		if sum != m.Games {
			return bad("its length bins hold %d games, not its %d games", sum, m.Games)
		}
		if m.Without == "" {
			sc := m.Scenario
			if decks[sc] == nil {
				decks[sc] = map[string]bool{}
			}
			decks[sc][m.Decks[0]], decks[sc][m.Decks[1]] = true, true
			st, ok := seats[sc]
			if !ok {
				st = [2]map[string]bool{{}, {}}
				seats[sc] = st
			}
			st[0][m.Decks[0]], st[1][m.Decks[1]] = true, true
			plain[sc]++
		}
	}
	if set.Gauntlet != "" {
		// A gauntlet plays the deck against a field: each of its
		// matchups has the deck in one seat.
		if err := checkText("gauntlet deck", set.Gauntlet); err != nil {
			return fmt.Errorf("settings: %w", err)
		}
		for i := range r.Matchups {
			if m := &r.Matchups[i]; m.Decks[0] != set.Gauntlet && m.Decks[1] != set.Gauntlet {
				return fmt.Errorf("matchup %d (%s): a gauntlet of %s plays only its games", i+1, m.MatchKey, set.Gauntlet)
			}
		}
		return nil
	}
	for _, sc := range set.Scenarios {
		if rows, cols := seats[sc][0], seats[sc][1]; oneSided(rows, cols) {
			if plain[sc] != len(rows)*len(cols) {
				return fmt.Errorf("scenario %s: %d matchups of %d decks against %d opponents, but a run plays each deck against each opponent (%d)",
					sc, plain[sc], len(rows), len(cols), len(rows)*len(cols))
			}
			continue
		}
		if d := len(decks[sc]); d < 2 || plain[sc] != d*(d-1) {
			return fmt.Errorf("scenario %s: %d matchups of %d decks, but a run plays every ordered pair of its decks (%d)", sc, plain[sc], d, d*(d-1))
		}
	}
	for i := range r.Matchups {
		m := &r.Matchups[i]
		if m.Without != "" && !seen[MatchKey{Format: m.Format, Scenario: m.Scenario, Decks: m.Decks}] {
			return fmt.Errorf("matchup %d (%s): a variant without the plain matchup of its decks", i+1, m.MatchKey)
		}
	}
	return nil
}

// checkKey checks a matchup's names against the settings and the keys
// seen before it.
func (m *Matchup) checkKey(set *Settings, format map[string]string, seen map[MatchKey]bool) error {
	if err := checkText("scenario", m.Scenario); err != nil {
		return err
	}
	f, ok := format[m.Scenario]
	switch {
	case !ok:
		return fmt.Errorf("scenario %s is not in the run's settings", m.Scenario)
	case !slices.Contains(set.Formats, m.Format):
		return fmt.Errorf("format %q is not in the run's settings", m.Format)
	case f != "" && f != m.Format:
		return fmt.Errorf("scenario %s is %s, and %s in another matchup", m.Scenario, m.Format, f)
	}
	format[m.Scenario] = m.Format
	for _, d := range m.Decks {
		if err := checkText("deck", d); err != nil {
			return err
		}
		if len(set.Decks) > 0 && !slices.Contains(set.Decks, d) {
			return fmt.Errorf("deck %s is not in the run's settings", d)
		}
	}
	switch {
	case m.Decks[0] == m.Decks[1]:
		return fmt.Errorf("deck %s plays itself", m.Decks[0])
	case m.Seat != 0 && m.Seat != 1:
		return fmt.Errorf("seat %d: expected 0 or 1", m.Seat)
	case m.Without == "" && m.Seat != 0:
		return fmt.Errorf("a seat without a card to play without")
	case m.Without != "" && !set.Variants:
		return fmt.Errorf("a variant in a run without variants")
	}
	if m.Without != "" {
		if err := checkText("card", m.Without); err != nil {
			return err
		}
	}
	if seen[m.MatchKey] {
		return fmt.Errorf("%s is listed twice", m.MatchKey)
	}
	seen[m.MatchKey] = true
	return nil
}

// expectedGames is the number of games matchup i has in a whole run or a
// single shard, or -1 for a result of several shards (bounded by the
// settings' games alone).
func (r *Result) expectedGames(i int) int {
	if r.Settings.SPRT != nil {
		return -1 // a sequential run stops each test when it decides
	}
	switch len(r.Shards) {
	case 0:
		return r.Settings.Games
	case 1:
		return shardGames(i, r.Settings.Games, r.Shards[0])
	}
	return -1
}

// playedBy names what played r: the run, or its shard.
func (r *Result) playedBy() string {
	if len(r.Shards) == 1 {
		return fmt.Sprintf("shard %d/%d", r.Shards[0].I, r.Shards[0].N)
	}
	return "run"
}

// checkCards checks the card tallies: each card of a deck once, and the
// counts that bound each other.
func (r *Result) checkCards() error {
	seen := make(map[CardTally]bool, len(r.Cards))
	for i := range r.Cards {
		c := &r.Cards[i]
		key := CardTally{Format: c.Format, Deck: c.Deck, Card: c.Card}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("card %d (%s of %s): %s", i+1, c.Card, c.Deck, fmt.Sprintf(format, args...))
		}
		if err := checkText("deck", c.Deck); err != nil {
			return fmt.Errorf("card %d: %w", i+1, err)
		}
		if err := checkText("card", c.Card); err != nil {
			return fmt.Errorf("card %d: %w", i+1, err)
		}
		if !slices.Contains(r.Settings.Formats, c.Format) {
			return bad("format %q is not in the run's settings", c.Format)
		}
		if seen[key] {
			return bad("listed twice")
		}
		seen[key] = true
		for _, b := range []struct {
			what  string
			n, to int
		}{
			{"games", c.Games, maxCount}, {"activations", c.Activations, maxCount},
			{"tokens dealt", c.Dealt, maxCount}, {"tokens taken", c.Taken, maxCount},
			{"side's VP", c.SideVP, maxCount}, {"VP", c.VP, c.SideVP},
			{"games survived", c.Survived, c.Games}, {"games acted in", c.Acted, c.Games},
			{"wins when it acts", c.ActedWins, c.Acted}, {"losses when it acts", c.ActedLosses, c.Acted - c.ActedWins},
			{"wins when idle", c.IdleWins, c.Games - c.Acted}, {"losses when idle", c.IdleLosses, c.Games - c.Acted - c.IdleWins},
		} {
			if b.n < 0 || b.n > b.to {
				return bad("%s: %d, expected 0 to %d", b.what, b.n, b.to)
			}
		}
	}
	return nil
}

// oneSided reports whether a scenario's seats hold different decks: its
// sides cannot swap (Warstuff's invasion: heroes' bands against hordes),
// and each deck of the first seat plays each of the second's.
func oneSided(first, second map[string]bool) bool {
	if len(first) == 0 || len(second) == 0 {
		return false
	}
	for d := range first {
		if second[d] {
			return false
		}
	}
	return true
}

// checkComponents checks the counted components' tallies: names, counts
// within bounds, no more games run out than played.
func (r *Result) checkComponents() error {
	for i, c := range r.Components {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("component %d: %s", i+1, fmt.Sprintf(format, args...))
		}
		if err := checkText("component", c.Name); err != nil {
			return bad("%v", err)
		}
		if c.Rule != "" {
			if err := checkText("rule", c.Rule); err != nil {
				return bad("%v", err)
			}
		}
		for _, f := range []struct {
			what string
			n    int
		}{{"printed", c.Printed}, {"games", c.Games}, {"peak", c.Peak}, {"ranOut", c.RanOut}} {
			if f.n < 0 || f.n > maxCount {
				return bad("%s %d, expected 0 to %d", f.what, f.n, maxCount)
			}
		}
		if c.RanOut > c.Games {
			return bad("ran out in %d of %d games", c.RanOut, c.Games)
		}
	}
	return nil
}
