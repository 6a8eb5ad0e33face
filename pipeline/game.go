package pipeline

import (
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// gameOf reads the game the content declares (schema.Game) and finds its
// rules: those of opts.Games for that game, else the registered ones (nil
// with the problems when there are none). A game.cue naming an unknown
// game is a content error. Rules given in opts.Rules are used as they are.
func gameOf(opts Options) (ruleset.Ruleset, diag.List, error) {
	if opts.Rules != nil {
		return opts.Rules, nil, nil
	}
	game := schema.DefaultGame
	var pos diag.Pos
	if opts.Content != nil {
		var err error
		game, pos, err = schema.Game(opts.Content, opts.Root)
		if list, ok := err.(diag.List); ok {
			return nil, list, nil
		}
		if err != nil {
			return nil, nil, err
		}
	}
	for _, rs := range opts.Games {
		if rs.Game() == game {
			return rs, nil, nil
		}
	}
	rs, ok := ruleset.Lookup(game)
	if !ok {
		return nil, ruleset.Unknown(game, pos), nil
	}
	return rs, nil, nil
}

// Summary is the one-line description of the valid content, for any game.
func (r *Result) Summary() string {
	if r.Content != nil {
		return r.Content.Summary()
	}
	return ""
}

// Drafts are the texts a draft build shows as placeholders, for any game.
func (r *Result) Drafts() []wbcatalog.MissingText {
	if d, ok := r.Content.(ruleset.Drafter); ok {
		return d.Drafts()
	}
	return nil
}

// CheckCounts counts the check games that passed and failed, for any game.
func (r *Result) CheckCounts() (passed, failed int) {
	return r.gamePassed, r.gameFailed
}
