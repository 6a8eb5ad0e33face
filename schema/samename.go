package schema

import (
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// SameNameWarnings are the warnings of lang.SameNames(items) at both
// items of each pair (issue 36 item 8; an error under --strict): coll is
// their collection ("heroes"), where where players meet the names, at an
// item's name's position and path in a language.
func SameNameWarnings(items []lang.Named, coll, where string, at func(id string, l lang.Lang) (diag.Pos, string)) diag.List {
	var out diag.List
	for _, s := range lang.SameNames(items) {
		posA, pathA := at(items[s.First].ID, s.Lang)
		posB, pathB := at(items[s.Second].ID, s.Lang)
		first, second := s.Say(items, coll, where, posA.String(), posB.String())
		out = append(out, diag.Warnf(posA, pathA, "%s", first), diag.Warnf(posB, pathB, "%s", second))
	}
	return out
}

// Named lists xs as lang.Named items, each by its id and display name.
func Named[T any](xs []T, named func(*T) (id string, name lang.Text)) []lang.Named {
	out := make([]lang.Named, len(xs))
	for i := range xs {
		out[i].ID, out[i].Name = named(&xs[i])
	}
	return out
}
