// Package content embeds the starter content: the cards, scenarios, check
// games, glossary and rules that wbtool uses when no --content directory is
// given.
package content

import "embed"

// FS holds the starter content tree: cards/, scenarios/, i18n/ and rules/.
//
//go:embed cards scenarios i18n rules/en rules/fr
var FS embed.FS
