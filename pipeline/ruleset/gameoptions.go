package ruleset

// GameOptions are the options of one build that a command gives whatever
// game the tree declares, beyond the stages' own (LoadOptions,
// SiteOptions, PrintOptions): an earlier version for the errata, the maps'
// hex size, the exports. They reach the game's Load (LoadOptions.Game,
// from pipeline.Options.Game), so that no command names a game; a game
// uses those it has a stage for and ignores the others.
type GameOptions struct {
	// LoadSince reads the earlier version the errata compare with (a git
	// revision or a folder: LoadOptions.Since, or the one the content
	// names). Nil: the errata stage reports that the command cannot read
	// one.
	LoadSince func(rev string) (*Since, error)
	// History, when set, lists the versions between the Since revision
	// and now, oldest first, at most MaxHistory: the card pages'
	// histories tell what changed at each (read with LoadSince).
	History func(rev string) []string
	// HexSize is the hex size of the scenario maps, mm across flats (0:
	// the game's default).
	HexSize float64
	// Exports are the exports the build makes in its export stage
	// (pipeline.Options.Export), in the form the game's Exporter takes
	// (Warbound: *warbound.Exports); nil: none configured.
	Exports any
}

// Since is an earlier version of the content (GameOptions.LoadSince).
type Since struct {
	// Version names it on the errata page and the reprint sheets: its
	// set's version, or what git describes of the revision.
	Version string
	// Content is the earlier version as its game loaded it (Warbound:
	// its *catalog.Catalog).
	Content any
}

// MaxHistory bounds the versions between --since and now that the card
// pages' histories walk (each is loaded and compared): the newest ones;
// the changes before them show as one step from the --since version.
const MaxHistory = 12
