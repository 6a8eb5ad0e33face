package main

import (
	"errors"
	"io/fs"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// loadMatches loads the content (the load stage only) for play, sim and
// balance: its games as the seam gives them (ruleset.Matches), or the one
// line of ruleset.Missing for a game without bot games.
func loadMatches(cmd *cobra.Command, g *globalFlags) (ruleset.Matches, error) {
	res, err := runBuild(cmd, g, pipeline.Options{Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		return nil, err
	}
	m, ok := res.Content.(ruleset.Matches)
	if !ok {
		return nil, ruleset.Missing(cmd.CommandPath(), res.Game, ruleset.CapMatches)
	}
	return m, nil
}

// matchRules are the match rules of the content folder's game (read from
// its game.cue before anything loads), nil when the game has none or is
// unknown (the load reports it).
func matchRules(g *globalFlags) ruleset.MatchRules {
	fsys, root, err := contentSource(g)
	if err != nil {
		return nil
	}
	return matchRulesOf(fsys, root)
}

func matchRulesOf(fsys fs.FS, root string) ruleset.MatchRules {
	game, _, err := ruleset.GameOf(fsys, root)
	if err != nil {
		return nil
	}
	r, _ := ruleset.Lookup(game)
	mr, _ := r.(ruleset.MatchRules)
	return mr
}

// usageOf turns a refused option (ruleset.OptionError) into a usage error.
func usageOf(err error) error {
	var oe *ruleset.OptionError
	if errors.As(err, &oe) {
		return usagef("%s", oe.Msg)
	}
	return err
}

// matchOptions are play's and sim's flags.
type matchOptions struct {
	ruleset.MatchOptions
}

// bind declares the flags every bot-game command shares.
func (o *matchOptions) bind(cmd *cobra.Command, decks string) {
	f := cmd.Flags()
	f.StringVar(&o.Decks, "decks", "", decks)
	f.StringVar(&o.Bot, "bot", "random", "bot for both players: random, greedy or mcts (mcts:1 to mcts:3 for a level)")
	f.StringVar(&o.Format, "format", "exploration", "game format: exploration or confrontation")
	f.StringVar(&o.Scenario, "scenario", "", "scenario id (default: the format's first scenario)")
	f.BoolVar(&o.Maintenance, "maintenance", false, "Confrontation: play with the Maintenance option (R-TURN-7)")
	f.StringVar(&o.Horde, "horde", "", "Warstuff invasion: the creatures (default: the content's first horde)")
	f.StringSliceVar(&o.Variants, "variant", nil, wsVariantUsage)
}

// newMatch loads the content and resolves the options into a match.
func newMatch(cmd *cobra.Command, g *globalFlags, o ruleset.MatchOptions) (ruleset.Matches, ruleset.Match, error) {
	ms, err := loadMatches(cmd, g)
	if err != nil {
		return nil, nil, err
	}
	if err := ms.Refuse(cmd.Flags().Changed); err != nil {
		return nil, nil, usageOf(err)
	}
	m, err := ms.NewMatch(o)
	return ms, m, usageOf(err)
}

// wsVariantUsage is the help of play's and sim's --variant.
const wsVariantUsage = "Warstuff invasion: variants (WS-VAR) `V,…`: late-arrival, clock=TURNS, everywhere=±1|±2, smart-creatures, bitter-end, more-randomness"
