package wbcards

import (
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// label returns the interface string key in language l, from the one
// table of interface strings (wbcatalog.Label: the content's override, else
// the built-in text).
func label(cat *wbcatalog.Catalog, key string, l wbcatalog.Lang) string {
	if labelSeen != nil {
		labelSeen(key)
	}
	return cat.Label(key, l)
}

// labelSeen, when set (by tests), is told of every key label looks up.
var labelSeen func(key string)

// labelPrefixes are the groups of interface strings the card layout and
// the sheets and the print kit read (render builds "kind."+kind and
// "gear."+gear).
var labelPrefixes = []string{"kind.", "card.", "stat.", "gear.", "die.", "leader.", "format.", "formation.", "objective.", "print.",
	"action", "modifier.", "scenario", "turn", "kit."}

// LabelKeys lists the interface string keys the card layout and the sheets
// may read, sorted (so that a string only the site uses does not re-render
// every card).
func LabelKeys() []string {
	var keys []string
	for _, k := range wbcatalog.LabelKeys() {
		for _, p := range labelPrefixes {
			if strings.HasPrefix(k, p) {
				keys = append(keys, k)
				break
			}
		}
	}
	return keys
}
