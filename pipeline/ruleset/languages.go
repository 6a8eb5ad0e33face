package ruleset

import "wbtool.dev/wbtool/lang"

// Languages is the optional capability of a content whose outputs
// publish more languages than English and French (a `--draft` build of
// content declaring languages in draft): validate names them. A content
// without it publishes lang.Langs.
type Languages interface {
	// Languages are the published languages, English and French first.
	Languages() []lang.Lang
}

// Published are the languages c's outputs publish.
func Published(c Content) []lang.Lang {
	if lc, ok := c.(Languages); ok {
		if ls := lc.Languages(); len(ls) > 0 {
			return ls
		}
	}
	return lang.Langs
}
