package wbsite

import "wbtool.dev/wbtool/games/warbound/wbcatalog"

// label returns the interface word key in language l from the one table of
// interface strings (wbcatalog.Label: the content's override in
// content/i18n, else the built-in text). Print and site read the same
// entry for the same key.
func (b *builder) label(key string, l wbcatalog.Lang) string {
	return b.cat.Label(key, l)
}

// labels gives the built-in text of a key to the code that has no
// catalog at hand (the language names). It is read from the one table, not
// a second copy of it.
var labels = builtinLabels()

func builtinLabels() map[string]wbcatalog.Text {
	m := map[string]wbcatalog.Text{}
	for _, k := range wbcatalog.LabelKeys() {
		m[k], _ = wbcatalog.BuiltinLabel(k)
	}
	return m
}
