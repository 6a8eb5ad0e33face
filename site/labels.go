package site

import "wbtool.dev/wbtool/games/warbound/wbcatalog"

// label returns the interface word key in language l from the one table of
// interface strings (catalog.Label: the content's override in
// content/i18n, else the built-in text). Print and site read the same
// entry for the same key.
func (b *builder) label(key string, l catalog.Lang) string {
	return b.cat.Label(key, l)
}

// labels gives the built-in text of a key to the code that has no
// catalog at hand (the language names). It is read from the one table, not
// a second copy of it.
var labels = builtinLabels()

func builtinLabels() map[string]catalog.Text {
	m := map[string]catalog.Text{}
	for _, k := range catalog.LabelKeys() {
		m[k], _ = catalog.BuiltinLabel(k)
	}
	return m
}
