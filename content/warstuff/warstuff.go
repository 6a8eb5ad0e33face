// Package warstuff embeds the Warstuff starter content: a second game's
// tree (game.cue says `game: "warstuff"`), with its profiles, creatures,
// bands, scenarios, reminders and rules chapters. It lives inside content/
// as a nested tree: its own game.cue makes the Warbound loader skip it,
// and package content's embed lists Warbound's folders only.
package warstuff

import "embed"

// FS holds the Warstuff starter tree.
//
//go:embed game.cue cards scenarios i18n rules/en rules/fr
var FS embed.FS
