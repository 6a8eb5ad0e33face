package build

import (
	"strings"

	"wbtool.dev/wbtool/build/ruleset"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/schema"
)

// gameOf reads the game the content declares (schema.Game) and finds its
// rules (nil with the problems when there are none). A game.cue naming an
// unknown game is a content error. A catalog given in opts (watch) is
// Warbound's, content given in opts.Loaded its game's. Warbound's ruleset is bound to this build's options and
// result (warbound.go).
func gameOf(opts *Options, r *Result) (ruleset.Ruleset, diag.List, error) {
	if opts.Loaded != nil {
		return *opts.Loaded, nil, nil
	}
	game := schema.DefaultGame
	var pos diag.Pos
	if opts.Catalog == nil && opts.Content != nil {
		var err error
		game, pos, err = schema.Game(opts.Content, opts.Root)
		if list, ok := err.(diag.List); ok {
			return nil, list, nil
		}
		if err != nil {
			return nil, nil, err
		}
	}
	rs, ok := ruleset.Lookup(game)
	if !ok {
		return nil, ruleset.Unknown(game, pos), nil
	}
	if w, ok := rs.(warbound); ok {
		rs = w.bind(opts, r)
	}
	return rs, nil, nil
}

// gameName is a game's name as a designer writes it: "Warstuff".
func gameName(game string) string {
	if game == "" {
		return ""
	}
	return strings.ToUpper(game[:1]) + game[1:]
}

// Summary is the one-line description of the valid content, for any game.
func (r *Result) Summary() string {
	if r.Content != nil {
		return r.Content.Summary()
	}
	if r.Catalog != nil {
		return Summary(r.Catalog)
	}
	return ""
}

// Drafts are the texts a draft build shows as placeholders, for any game.
func (r *Result) Drafts() []catalog.MissingText {
	if d, ok := r.Content.(ruleset.Drafter); ok {
		return d.Drafts()
	}
	if r.Catalog != nil {
		return r.Catalog.Draft
	}
	return nil
}

// CheckCounts counts the check games that passed and failed, for any game.
func (r *Result) CheckCounts() (passed, failed int) {
	if r.Content != nil {
		return r.gamePassed, r.gameFailed
	}
	return CheckCounts(r.Checks)
}
