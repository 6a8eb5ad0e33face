package wbcards

import "wbtool.dev/wbtool/games/warbound/wbcatalog"

// Fits reports whether the cards ids of cat lay out in language l with
// no error (a text too long for its box, a character the fonts lack):
// measured as Check measures them, nothing drawn. The translators' limits
// (`wbtool i18n export`) ask it of each text with a longer and longer
// stand-in in its place.
func Fits(cat *wbcatalog.Catalog, l wbcatalog.Lang, ids []string) bool {
	ls := NewLayouts(cat)
	ls.CheckOnly()
	for _, id := range ids {
		e := ls.checked(l, id)
		if !e.ok || len(e.errs) > 0 || len(e.overflows) > 0 {
			return false
		}
	}
	return true
}

// Owned is a deep copy of cat's texts and their containers, drafted as
// Drafted draws them, which the caller may rewrite (EachText) without
// touching cat.
func Owned(cat *wbcatalog.Catalog) *wbcatalog.Catalog {
	c := *cat
	if len(c.Draft) == 0 {
		c.Draft = []wbcatalog.MissingText{{}} // Drafted copies only a draft
	}
	return Drafted(&c)
}
