package lang

import (
	"fmt"
	"strings"
)

// Named is an entity shown to players by its name: a card of one kind, a
// profile.
type Named struct {
	ID   string
	Name Text
}

// SameName is two entities of one kind that players cannot tell apart in
// language Lang: First and Second index the list given to SameNames.
type SameName struct {
	First, Second int
	Lang          Lang
	Name          string // as the first is written
}

// SameNames lists the pairs of items that share a display name in one
// language (issue 36 item 8: two English cards named "Jammer"), letter
// case and surrounding spaces aside; a name not written yet ("", or a
// draft's placeholder) is nobody's. Each later item is paired with the first of its name, in
// the order of the languages, then of the items.
func SameNames(items []Named) []SameName {
	var out []SameName
	for _, l := range Langs {
		first := map[string]int{}
		for i, it := range items {
			key := strings.ToLower(strings.TrimSpace(it.Name.In(l)))
			if key == "" || it.Name.In(l) == MissingEN || it.Name.In(l) == MissingFR {
				continue // not written yet (a draft's placeholder)
			}
			if j, ok := first[key]; ok {
				out = append(out, SameName{First: j, Second: i, Lang: l, Name: items[j].Name.In(l)})
				continue
			}
			first[key] = i
		}
	}
	return out
}

// Name is the language's name in English, for designers' messages:
// "English", "French".
func (l Lang) Name() string {
	switch l {
	case English:
		return "English"
	case French:
		return "French"
	}
	return string(l)
}

// Say is the warning at each of the two entities of s, of collection
// coll ("characters", "profiles"), the other's position given: what a
// designer reads at the first and at the second. where lists where
// players meet the names: "the card list, search, the deck builder or a
// deck's list".
func (s SameName) Say(items []Named, coll, where string, atFirst, atSecond string) (first, second string) {
	why := "players cannot tell the two apart in " + where + ": give one of them another %s name"
	a, b := items[s.First], items[s.Second]
	first = fmt.Sprintf("%q is also the %s name of %s.%s (at %s): "+why, a.Name.In(s.Lang), s.Lang.Name(), coll, b.ID, atSecond, s.Lang.Name())
	second = fmt.Sprintf("%q is also the %s name of %s.%s (at %s): "+why, b.Name.In(s.Lang), s.Lang.Name(), coll, a.ID, atFirst, s.Lang.Name())
	return first, second
}
