package ruleset

import "wbtool.dev/wbtool/changes"

// Differ is content that lists its comparable items — cards or profiles,
// decks or bands, scenarios, rules pages — as collections of entities,
// each with its fields in both languages (package changes): `wbtool
// diff` compares two versions field by field, the same for every game.
type Differ interface {
	Comparable() ([]changes.Collection, error)
}

// ChangedLines are the changes from prev to cur as `wbtool diff` tells
// them, at most max lines: an [Incremental] Differ's ChangedSince. A
// content that cannot list its items says why in one line; none when
// prev is no Differ.
func ChangedLines(prev Content, cur Differ, max int) []string {
	p, ok := prev.(Differ)
	if !ok {
		return nil
	}
	a, err := p.Comparable()
	if err != nil {
		return []string{"changes: " + err.Error()}
	}
	b, err := cur.Comparable()
	if err != nil {
		return []string{"changes: " + err.Error()}
	}
	return changes.Compare(a, b).Lines(max)
}
