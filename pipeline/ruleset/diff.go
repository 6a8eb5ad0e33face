package ruleset

import "wbtool.dev/wbtool/changes"

// Differ is content that lists its comparable items — cards or profiles,
// decks or bands, scenarios, rules pages — as collections of entities,
// each with its fields in both languages (package changes): `wbtool
// diff` compares two versions field by field, the same for every game.
type Differ interface {
	Comparable() ([]changes.Collection, error)
}
