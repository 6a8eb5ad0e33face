// Package wsstarter embeds Warstuff's starter content: a second game's
// tree (game.cue says `game: "warstuff"`), with its profiles, creatures,
// bands, scenarios, reminders and rules chapters. It lives in the game's
// folder; `wbtool init --game warstuff` writes it, the tests load it.
package wsstarter

import "embed"

// FS holds the Warstuff starter tree.
//
//go:embed game.cue cards scenarios i18n rules/en rules/fr
var FS embed.FS
