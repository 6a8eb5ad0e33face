package main

// The games wbtool knows. Importing a game's package registers its
// Ruleset behind the seam (package pipeline/ruleset); a content tree's
// game.cue picks one. This is the one file of cmd/wbtool meant to name the
// games (ARCHITECTURE.md): a new game is one more line here.
import (
	_ "wbtool.dev/wbtool/games/convicted"
	_ "wbtool.dev/wbtool/games/unbound"
	_ "wbtool.dev/wbtool/games/warbound"
	_ "wbtool.dev/wbtool/games/warstuff"
)
