package ruleset

// GameOptions are the options of one build that a command gives whatever
// game the tree declares, beyond the stages' own (LoadOptions,
// SiteOptions, PrintOptions, Versions): the maps' hex size. They reach the
// game's Load (LoadOptions.Game, from pipeline.Options.Game), so that no
// command names a game; a game uses those it has a stage for and ignores
// the others.
type GameOptions struct {
	// HexSize is the hex size of the scenario maps, mm across flats (0:
	// the game's default).
	HexSize float64
}
