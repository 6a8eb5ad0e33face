// Package balancetest is a synthetic game for the balance lab's tests:
// decks whose strengths are known, so that a statistic can be checked
// against the truth (an SPRT decides right at its error rates, a merge
// adds up) without a game engine.
package balancetest

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"wbtool.dev/wbtool/balance"
)

// CoinLab is a balance lab of coin games: on its one scenario every
// ordered pair of its decks plays, and deck d beats deck e with the
// logistic probability of their Elo difference (Elo[d]−Elo[e]), plus Seat
// Elo points for the first seat; Draw is the share of draws. A game is a
// hash of its seed and decks: deterministic, the same on every machine.
type CoinLab struct {
	Decks []string
	Elo   []float64
	Seat  float64
	Draw  float64
	// Hash names the content (Content); Version the engine.
	Hash, Version string
}

var _ balance.Lab = (*CoinLab)(nil)

// Scenario and Format are the coin game's one scenario and format.
const (
	Scenario = "coin-field"
	Format   = "coin"
)

func (*CoinLab) Game() string { return "coingame" }

func (l *CoinLab) Engine() string { return cmpOr(l.Version, "coin/1") }

func (l *CoinLab) Content() string { return cmpOr(l.Hash, "coin-content") }

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// CheckBot takes "random" and "greedy" (which play alike).
func (*CoinLab) CheckBot(bot string) error {
	if bot != "random" && bot != "greedy" {
		return fmt.Errorf("expected random or greedy, got %q", bot)
	}
	return nil
}

func (*CoinLab) DefaultBot() string { return "random" }

func (l *CoinLab) Resolve(set balance.Settings) (balance.Settings, error) {
	if set.Variants || set.Maintenance {
		return set, errors.New("the coin game has no variants and no maintenance")
	}
	if len(set.Formats) == 0 {
		set.Formats = []string{Format}
	}
	if len(set.Scenarios) == 0 {
		set.Scenarios = []string{Scenario}
	}
	if !slices.Equal(set.Formats, []string{Format}) || !slices.Equal(set.Scenarios, []string{Scenario}) {
		return set, fmt.Errorf("the coin game has one format %q and one scenario %q", Format, Scenario)
	}
	for _, d := range set.Decks {
		if !slices.Contains(l.Decks, d) {
			return set, fmt.Errorf("no deck %q", d)
		}
	}
	return set, nil
}

func (l *CoinLab) Pairings(set balance.Settings) ([]balance.Pairing, error) {
	var out []balance.Pairing
	for a, da := range l.Decks {
		for b, db := range l.Decks {
			if a == b || len(set.Decks) > 0 && (!slices.Contains(set.Decks, da) || !slices.Contains(set.Decks, db)) {
				continue
			}
			p := WinProb(l.Elo[a] - l.Elo[b] + l.Seat)
			salt := uint64(a)<<32 | uint64(b)
			out = append(out, balance.Pairing{
				Key: balance.MatchKey{Format: Format, Scenario: Scenario, Decks: [2]string{da, db}},
				Play: func(seed uint64) (balance.Tally, error) {
					return l.play(p, seed, salt), nil
				},
			})
		}
	}
	return out, nil
}

// play is one coin game: the first seat wins with probability p among
// the decisive games. On half the seeds the seed alone draws the game's
// luck (its uniform number), so that a seed's two games with the seats
// swapped are correlated as real paired games are (a lucky seed favours
// the first seat in both); on the others each game draws its own.
func (l *CoinLab) play(p float64, seed, salt uint64) balance.Tally {
	u := unit(mix(seed ^ 0x9e3779b97f4a7c15))
	if unit(mix(seed+0x51)) < 0.5 {
		u = unit(mix(seed*131 + salt + 7))
	}
	v := unit(mix(seed*31 + salt))
	t := balance.Tally{Steps: 10 + int(mix(seed+salt)%30)}
	switch {
	case v < l.Draw:
		t.Winner = 2
	case u < p:
		t.Winner = 0
		t.VP = [2]int{1, 0}
	default:
		t.Winner = 1
		t.VP = [2]int{0, 1}
	}
	return t
}

// WinProb is the logistic expected score of an Elo difference.
func WinProb(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// mix is SplitMix64's finalizer.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// unit maps a hash to [0, 1).
func unit(x uint64) float64 { return float64(x>>11) / (1 << 53) }
