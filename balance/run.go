// Package balance is wbtool's balance lab, the same for every game: it
// plays every pairing of a game's decks (Warbound's decks, Warstuff's
// bands, or bands against hordes) on each of its scenarios, in both seat
// orders with paired seeds where the seats can swap, with a chosen bot,
// and sums what designers balance with: the matchup matrix, seat
// advantage, draws, completion, game length, per-card figures and, with
// variants, each card's effect on the win rate (decks played without the
// card, against the same opponents on the same seeds). What a game plays
// comes through a [Lab] (its pairings, its games); everything else is
// here. A run can be cut into shards (Options.Shard) whose results Merge
// adds up to the very result of one run. Report writes the HTML report
// with its SVG charts; Alerts flags what lies significantly beyond the
// designers' thresholds.
package balance

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Options are the settings of a run. Everything that changes the games is
// recorded in the result (Settings), so that shards of different settings
// never merge.
type Options struct {
	Settings
	// Shard is the slice of the games this run plays (zero: all).
	Shard Shard
	// Workers is the number of games played at once (0: every core).
	Workers int
	// Progress, if set, is called after each game with the games done and
	// the games of the run, never from two goroutines at once.
	Progress func(done, total int)
}

// Settings decide the games of a run.
type Settings struct {
	Formats     []string `json:"formats"`
	Scenarios   []string `json:"scenarios"`
	Decks       []string `json:"decks,omitempty"` // empty: every deck of the format
	Bot         string   `json:"bot"`
	Games       int      `json:"games"` // per matchup and seat order
	Seed        uint64   `json:"seed"`
	Maintenance bool     `json:"maintenance,omitempty"`
	Variants    bool     `json:"variants,omitempty"`
	// Gauntlet, when set, plays only the games of this deck: against
	// each other deck of the field, in both seats.
	Gauntlet string `json:"gauntlet,omitempty"`
	// SPRT, when set, plays each pair of decks until its sequential test
	// decides (RunSPRT), Games pairs at most.
	SPRT *SPRT `json:"sprt,omitempty"`
}

// Shard is the slice I of N of a run's games (0 ≤ I < N): game k of the
// run's fixed list belongs to shard k mod N.
type Shard struct {
	I int `json:"i"`
	N int `json:"n"`
}

// StepLimit bounds a game: past it the game counts as unfinished.
const StepLimit = 20000

// Lab is what the balance lab needs of a game: the names it records, the
// run's settings resolved against the content, and the run's games.
type Lab interface {
	// Game is the game's name, recorded in results ("" for Warbound, the
	// default game, whose results name none).
	Game() string
	// Engine is the engine's version and Content the content's hash,
	// recorded in results so that shards of others never merge.
	Engine() string
	Content() string
	// CheckBot refuses a bot the game has not; DefaultBot is the bot a
	// run plays when none is asked for.
	CheckBot(bot string) error
	DefaultBot() string
	// Resolve fills the settings' defaults from the content (formats,
	// scenarios) and checks the names given, in the designer's words.
	Resolve(set Settings) (Settings, error)
	// Pairings are the run's games in the run's fixed order: on each
	// scenario every ordered pair of its decks (or, on a scenario whose
	// sides cannot swap, each deck against each opponent), then the
	// variants.
	Pairings(set Settings) ([]Pairing, error)
}

// Pairing is one compiled game of a run.
type Pairing struct {
	Key MatchKey
	// Play plays the game of a seed with the run's bot on both sides; a
	// game past StepLimit is a Tally with Unfinished set. It is called
	// from several goroutines at once.
	Play func(seed uint64) (Tally, error)
}

// Tally is what one game adds to a result.
type Tally struct {
	// Winner is the seat that won (0 or 1); any other value is a draw.
	Winner     int
	Unfinished bool
	VP         [2]int
	Steps      int
	// Units are every figure's part in the game.
	Units []UnitTally
	// Use is the game's peak use of each counted component, in the order
	// of the lab's Components (a Counted lab); nil for none.
	Use []int
}

// UnitTally is one figure's (a Character's, a profile's) part in one
// game.
type UnitTally struct {
	Card         string
	Side         int
	Activations  int
	Dealt, Taken int // damage: Wound and Poison tokens, or wounds
	VP           int // Victory Points scored during its activations
	Survived     bool
}

// Run plays the run's games (its shard's) and returns their tallies.
func Run(ctx context.Context, lab Lab, o Options) (*Result, error) {
	if err := checkGames(o.Games); err != nil {
		return nil, err
	}
	if _, err := checkBots(lab, o.Bot); err != nil {
		return nil, err
	}
	if o.Shard.N == 0 {
		o.Shard = Shard{0, 1}
	}
	if err := CheckShard(o.Shard); err != nil {
		return nil, err
	}
	set, ms, err := pairings(lab, o.Settings)
	if err != nil {
		return nil, err
	}
	if err := checkShardGames(o.Shard, len(ms), set.Games); err != nil {
		return nil, err
	}
	res := newRunResult(lab, set, ms, []Shard{o.Shard})
	// The games of this shard, in the run's fixed order.
	type job struct{ m, i int }
	var jobs []job
	k := 0
	for m := range ms {
		for i := range set.Games {
			if k%o.Shard.N == o.Shard.I {
				jobs = append(jobs, job{m, i})
			}
			k++
		}
	}
	workers := o.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	tallies := make([]Tally, len(jobs))
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	var mu sync.Mutex
	done := 0
	for j, jb := range jobs {
		if gctx.Err() != nil {
			break
		}
		eg.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			t, err := ms[jb.m].Play(set.Seed + uint64(jb.i))
			if err != nil {
				return fmt.Errorf("%s: %w", ms[jb.m].Key, err)
			}
			tallies[j] = t
			if o.Progress != nil {
				mu.Lock()
				done++
				o.Progress(done, len(jobs))
				mu.Unlock()
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for j, jb := range jobs {
		res.add(jb.m, ms[jb.m].Key.Decks, &tallies[j])
	}
	return res, nil
}

// pairings resolves a run's settings against the lab's content and
// compiles its games.
func pairings(lab Lab, set Settings) (Settings, []Pairing, error) {
	set, err := lab.Resolve(set)
	if err != nil {
		return set, nil, err
	}
	ms, err := lab.Pairings(set)
	if err != nil || set.Gauntlet == "" {
		return set, ms, err
	}
	// A gauntlet: the deck's games against the field.
	var out []Pairing
	for _, m := range ms {
		if m.Key.Decks[0] == set.Gauntlet || m.Key.Decks[1] == set.Gauntlet {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return set, nil, fmt.Errorf("gauntlet: deck %q plays none of the run's games (is it of the format and among --decks?)", set.Gauntlet)
	}
	return set, out, nil
}

// newRunResult is a run's empty result: its names and its matchups.
func newRunResult(lab Lab, set Settings, ms []Pairing, shards []Shard) *Result {
	res := newResult(set, lab.Engine(), lab.Content(), shards)
	res.Game = lab.Game()
	if c, ok := lab.(Counted); ok {
		res.Components = NewComponentTallies(c.Components())
	}
	for _, m := range ms {
		res.Matchups = append(res.Matchups, Matchup{MatchKey: m.Key, Lengths: make([]int, LengthBins)})
	}
	return res
}
