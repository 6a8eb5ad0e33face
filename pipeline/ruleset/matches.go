package ruleset

import (
	"io"

	"wbtool.dev/wbtool/balance"
)

// CapMatches is [Matches]: what `wbtool play`, `sim` and `balance` need.
var CapMatches = Capability{"Matches", "bot games (play, sim, balance)"}

// Matches is content whose games bots play: `wbtool play` (one game with
// its log and an account a person can follow, or a log played again),
// `wbtool sim` (many games summed) and `wbtool balance` (the balance lab's
// pairings, package balance). Everything depends only on the content, the
// options and the seed.
type Matches interface {
	// Refuse refuses the options of another game's rules the designer
	// gave (given reports whether a flag was given, "horde"), which
	// would otherwise be ignored: an *OptionError, or nil.
	Refuse(given func(flag string) bool) error
	// NewMatch resolves play's and sim's options against the content,
	// with their defaults. An option the content or the rules refuse is
	// an *OptionError.
	NewMatch(o MatchOptions) (Match, error)
	// Replay reads the game log data (the file name) and plays it again.
	// The error is for a log that cannot be read or set up, or (for a
	// game whose replay stops there) diverges.
	Replay(name string, data []byte) (Replayed, error)
	// Lab is the content's balance lab.
	Lab() balance.Lab
}

// MatchRules are the parts of a game's matches known without content:
// the command checks them before it loads a tree, and `balance merge`
// (which loads none) reads results with them.
type MatchRules interface {
	// CheckBot refuses a bot the game has not (an *OptionError).
	CheckBot(bot string) error
	// IsLog reports whether data is a game log of the game's engine.
	IsLog(data []byte) bool
	// BalanceFormats are the formats a balance result of the game may
	// name.
	BalanceFormats() []string
}

// MatchOptions are play's and sim's options as the designer gave them;
// "" takes the game's default.
type MatchOptions struct {
	Format   string
	Scenario string
	// Decks are the decks (Warstuff: the bands) "A,B" as given.
	Decks string
	// Bot plays every side.
	Bot         string
	Maintenance bool
	// Horde and Variants are Warstuff's invasion's.
	Horde    string
	Variants []string
}

// OptionError is an option the content or the rules refuse: the command
// line's mistake, with what to do (a usage error).
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// Match is a resolved game, ready to play with any seed.
type Match interface {
	// Play plays the game of seed. log asks for the game log, account
	// for the account of the game in words.
	Play(seed uint64, log, account bool) (Played, error)
	// Sim plays games seed, seed+1, … on all cores and writes what they
	// say on w, each rate written by rate (k games of n, with its
	// interval); progress, when set, gets a progress bar. It returns the
	// decisive games the first seat and the second won, for the seat
	// alert (0, 0 when the seats have no meaning).
	Sim(w io.Writer, games int, seed uint64, progress io.Writer, rate func(k, n int) string) (first, second int, err error)
}

// Played is one game played.
type Played struct {
	// Log is the game log, nil when not asked for.
	Log interface{ MarshalJSONL() ([]byte, error) }
	// Account is the game in words, turn by turn; nil when not asked for.
	Account []byte
	// Result are the result lines, the last one the game's result.
	Result []string
}

// Replayed is what a replay found.
type Replayed struct {
	// Warnings, each a line: the log was written by another engine or
	// with other content.
	Warnings []string
	// Line says what the replay found; Diverged, that it diverged.
	Line     string
	Diverged bool
}

// Scarcity is a Match whose game has counted components (tokens,
// markers: its printed kit's counts). Its Lab implements
// [balance.Counted] for `wbtool balance`; for `wbtool sim`, Scarcity
// is each component's use in the games the last Sim played (none
// before), which sim writes after the game's own lines, a component that
// runs out in more than --scarcity % of games flagged.
type Scarcity interface {
	Scarcity() []balance.ComponentTally
}
