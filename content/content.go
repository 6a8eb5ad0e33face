// Package content embeds the starter content: the cards, scenarios, check
// games, glossary and rules that wbtool uses when no --content directory is
// given.
package content

import "embed"

// FS holds the starter content tree: cards/, scenarios/, i18n/, rules/ and art/ (card pictures).
//
//go:embed cards scenarios i18n rules/en rules/fr art
var FS embed.FS
