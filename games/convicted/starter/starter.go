// Package cvstarter embeds The Convicted's starter content: the tree
// (game.cue says `game: "convicted"`) with the rule table, the content
// filled with the digest's Decisions as placeholders, a save sheet and the
// check games. `wbtool init --game convicted` writes it; the tests load it.
package cvstarter

import "embed"

// FS holds the starter tree.
//
//go:embed game.cue heroes.cue city.cue fortifications.cue resources.cue technologies.cue units.cue enemies.cue spells.cue siege.cue scenarios.cue rules saves checks
var FS embed.FS
