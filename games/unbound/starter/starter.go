// Package ubstarter embeds 40k Unbound's starter content: the 13 orders
// as data, invented sample forces, scenarios, glossary, rules pages in
// both languages and the check games. `wbtool init --game unbound`
// writes it; the tests load it.
package ubstarter

import "embed"

// FS holds the Unbound starter tree.
//
//go:embed game.cue orders units armies scenarios i18n rules/en rules/fr checks
var FS embed.FS
