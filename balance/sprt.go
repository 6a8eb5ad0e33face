package balance

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"

	"golang.org/x/sync/errgroup"
)

// SPRT are the bounds of the sequential test each matchup of a run plays
// until it is decided (Settings.SPRT): paired games (the same seed, the
// seats swapped) are played in batches, and after each batch a
// generalized sequential probability ratio test (the normal
// approximation fishtest uses on paired games) weighs, for each deck of
// the pair, H0 "its expected score is that of Elo0" against H1 "that of
// Elo1". A matchup stops when one deck's H1 is accepted (that deck is
// favoured by at least about Elo1), when both decks' H0 are (the matchup
// is balanced within Elo0), or at Settings.Games pairs, undecided.
type SPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"` // the chance of accepting H1 when H0 holds
	Beta  float64 `json:"beta"`  // the chance of accepting H0 when H1 holds
	// Batch is the paired games played between two looks.
	Batch int `json:"batch"`
}

// DefaultSPRTBatch is the pairs played between two looks of a test.
const DefaultSPRTBatch = 8

// Check refuses bounds no test can use.
func (t *SPRT) Check() error {
	switch {
	case !(t.Elo0 < t.Elo1) || math.IsInf(t.Elo0, 0) || math.IsInf(t.Elo1, 0) || t.Elo0 < -2000 || t.Elo1 > 2000:
		return fmt.Errorf("sprt: expected bounds elo0 < elo1 within ±2000, got %g, %g", t.Elo0, t.Elo1)
	case !(t.Alpha > 0 && t.Alpha < 0.5) || !(t.Beta > 0 && t.Beta < 0.5):
		return fmt.Errorf("sprt: error rates alpha %g and beta %g: expected each above 0 and below 0.5", t.Alpha, t.Beta)
	case t.Batch < 1 || t.Batch > MaxGames:
		return fmt.Errorf("sprt: batch %d: expected 1 to %d pairs", t.Batch, MaxGames)
	}
	return nil
}

// Bounds are the test's log-likelihood ratio bounds: H0 is accepted at
// or below lower, H1 at or above upper.
func (t *SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Score is the expected score (wins plus half the draws, per game) of an
// Elo difference.
func Score(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo is the Elo difference of an expected score (0 < s < 1).
func Elo(s float64) float64 { return -400 * math.Log10(1/s-1) }

// PriorSamples is the weight, in samples, of the prior variance the
// samples' variance is drawn towards (LLR): a few lucky samples have a
// variance far below the truth, and a test that believed it would stop
// early and wrong (tried on synthetic matchups: with no prior and a look
// every 4 pairs, 15 to 20 % of tests at H1 decided wrong, at β = 5 %).
const PriorSamples = 16

// LLR is the log-likelihood ratio of H1 (expected score Score(elo1))
// against H0 (Score(elo0)) after n samples of a score in [0, 1] (a
// game's, or a pair's mean) summing to sum, their squares to sumSq: the
// normal approximation n (s1−s0)(2m−s0−s1) / 2v, m the samples' mean and
// v their variance drawn towards m(1−m)/2 (the variance of two
// independent games' mean) with the weight of PriorSamples samples.
func LLR(elo0, elo1 float64, n int, sum, sumSq float64) float64 {
	if n == 0 {
		return 0
	}
	nf := float64(n)
	m := sum / nf
	mc := min(max(m, 0.05), 0.95)
	v := (nf*max(sumSq/nf-m*m, 0) + PriorSamples*mc*(1-mc)/2) / (nf + PriorSamples)
	s0, s1 := Score(elo0), Score(elo1)
	return nf * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
}

// Sequential is one pair of decks' test: its games, what it found and why
// it stopped.
type Sequential struct {
	Format   string    `json:"format"`
	Scenario string    `json:"scenario"`
	Decks    [2]string `json:"decks"`
	// Paired: each sample is a pair of games on one seed, the seats
	// swapped; else (a scenario whose sides cannot swap) one game.
	Paired  bool `json:"paired"`
	Samples int  `json:"samples"`
	Games   int  `json:"games"`
	// Score is the first deck's score per game, in percent.
	Score float64 `json:"score"`
	// LLR is the log-likelihood ratio of each deck's H1.
	LLR [2]float64 `json:"llr"`
	// Decision is first or second (that deck favoured), balanced, or
	// undecided (the games ran out).
	Decision string `json:"decision"`
	Why      string `json:"why"`
}

// The decisions of a test.
const (
	DecidedFirst  = "first"
	DecidedSecond = "second"
	Balanced      = "balanced"
	Undecided     = "undecided"
)

// seqTest is a test being played: its matchups (the reverse -1 when the
// seats cannot swap) and its sums.
type seqTest struct {
	m, rev     int
	n          int
	sum, sumSq float64
	games      int
	llr        [2]float64
	decision   string
	why        string
}

// RunSPRT plays each pair of decks of the run until its sequential test
// decides (Settings.SPRT), at most Settings.Games pairs. The result holds
// the games played (a matchup's games are its test's) and each test's
// outcome (Result.Sequential). Which games are played depends only on the
// settings and the content: the batches are looked at whole.
func RunSPRT(ctx context.Context, lab Lab, o Options) (*Result, error) {
	t := o.SPRT
	if t == nil {
		return nil, errors.New("sprt: no bounds")
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	if err := checkGames(o.Games); err != nil {
		return nil, err
	}
	if o.Variants {
		return nil, errors.New("sprt: a sequential run plays no variants (each card's effect needs the same games for every card)")
	}
	if o.Shard.N > 1 {
		return nil, errors.New("sprt: a sequential run is not cut into shards (when it stops depends on every game)")
	}
	if _, err := checkBots(lab, o.Bot); err != nil {
		return nil, err
	}
	set, ms, err := pairings(lab, o.Settings)
	if err != nil {
		return nil, err
	}
	res := newRunResult(lab, set, ms, nil)
	tests := pairTests(ms)
	workers := o.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	lower, upper := t.Bounds()
	played := 0 // pairs played by every test still running
	for played < set.Games {
		next := min(played+t.Batch, set.Games)
		type job struct{ m, i int }
		var jobs []job
		for k := range tests {
			if tests[k].decision != "" {
				continue
			}
			for i := played; i < next; i++ {
				jobs = append(jobs, job{tests[k].m, i})
				if tests[k].rev >= 0 {
					jobs = append(jobs, job{tests[k].rev, i})
				}
			}
		}
		if len(jobs) == 0 {
			break
		}
		tallies := make([]Tally, len(jobs))
		eg, gctx := errgroup.WithContext(ctx)
		eg.SetLimit(workers)
		for j, jb := range jobs {
			eg.Go(func() error {
				if err := gctx.Err(); err != nil {
					return err
				}
				tl, err := ms[jb.m].Play(set.Seed + uint64(jb.i))
				if err != nil {
					return fmt.Errorf("%s: %w", ms[jb.m].Key, err)
				}
				tallies[j] = tl
				return nil
			})
		}
		if err := eg.Wait(); err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		byGame := make(map[[2]int]*Tally, len(jobs))
		for j, jb := range jobs {
			res.add(jb.m, ms[jb.m].Key.Decks, &tallies[j])
			byGame[[2]int{jb.m, jb.i}] = &tallies[j]
		}
		for k := range tests {
			st := &tests[k]
			if st.decision != "" {
				continue
			}
			for i := played; i < next; i++ {
				x := score(byGame[[2]int{st.m, i}], 0)
				st.games++
				if st.rev >= 0 {
					x = (x + score(byGame[[2]int{st.rev, i}], 1)) / 2
					st.games++
				}
				st.n++
				st.sum += x
				st.sumSq += x * x
			}
			// H1 of the first deck: its score is that of Elo1; of the
			// second: the first's is that of −Elo1.
			st.llr[0] = LLR(t.Elo0, t.Elo1, st.n, st.sum, st.sumSq)
			st.llr[1] = LLR(t.Elo0, t.Elo1, st.n, float64(st.n)-st.sum, float64(st.n)-2*st.sum+st.sumSq)
			decks := ms[st.m].Key.Decks
			switch {
			case st.llr[0] >= upper:
				st.decision = DecidedFirst
				st.why = fmt.Sprintf("%s favoured: LLR %.2f reached %.2f (H1: at least %s Elo)", decks[0], st.llr[0], upper, eloText(t.Elo1))
			case st.llr[1] >= upper:
				st.decision = DecidedSecond
				st.why = fmt.Sprintf("%s favoured: LLR %.2f reached %.2f (H1: at least %s Elo)", decks[1], st.llr[1], upper, eloText(t.Elo1))
			case st.llr[0] <= lower && st.llr[1] <= lower:
				st.decision = Balanced
				st.why = fmt.Sprintf("balanced: both LLRs (%.2f, %.2f) reached %.2f (H0: %s Elo for either deck)", st.llr[0], st.llr[1], lower, eloText(t.Elo0))
			}
		}
		played = next
	}
	for k := range tests {
		st := &tests[k]
		key := ms[st.m].Key
		sq := Sequential{Format: key.Format, Scenario: key.Scenario, Decks: key.Decks, Paired: st.rev >= 0, Samples: st.n, Games: st.games,
			LLR: [2]float64{round2(st.llr[0]), round2(st.llr[1])}, Decision: st.decision, Why: st.why}
		if st.n > 0 {
			sq.Score = round2(100 * st.sum / float64(st.n))
		}
		if sq.Decision == "" {
			sq.Decision = Undecided
			sq.Why = fmt.Sprintf("undecided after %d games, the most the run plays (--games %d per seat order): LLRs %.2f and %.2f, bounds %.2f and %.2f",
				st.games, set.Games, st.llr[0], st.llr[1], lower, upper)
		}
		res.Sequential = append(res.Sequential, sq)
	}
	return res, nil
}

// score is the first deck's score in a game where it sat at seat: 1 a
// win, ½ a draw or an unfinished game, 0 a loss.
func score(t *Tally, seat int) float64 {
	switch {
	case t.Unfinished || t.Winner != 0 && t.Winner != 1:
		return 0.5
	case t.Winner == seat:
		return 1
	}
	return 0
}

// pairTests pairs each plain matchup with its reverse (the same decks,
// seats swapped, on the same scenario): one test per pair, led by the
// matchup that comes first; a matchup without a reverse is a test alone.
func pairTests(ms []Pairing) []seqTest {
	index := map[MatchKey]int{}
	for i, m := range ms {
		index[m.Key] = i
	}
	done := map[int]bool{}
	var out []seqTest
	for i, m := range ms {
		if done[i] || m.Key.Without != "" {
			continue
		}
		k := m.Key
		k.Decks = [2]string{k.Decks[1], k.Decks[0]}
		rev, ok := index[k]
		if !ok {
			rev = -1
		}
		done[i], done[rev] = true, true
		out = append(out, seqTest{m: i, rev: rev})
	}
	return out
}
