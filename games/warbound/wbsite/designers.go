package wbsite

import (
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// designerPages writes the reference for designers in language l
// (Options.Reference, made from the game's schema): its index at
// designers/index.html and a page per kind, definition and note; the
// check games page links it. The reference is written in English, as the
// schema's comments are: the French pages say so.
func (b *builder) designerPages(l wbcatalog.Lang) error {
	ref := b.opts.Reference
	if ref == nil {
		return nil
	}
	for _, pg := range ref.HTMLPages() {
		title := pg.Title
		if title == "" {
			title = b.label("designers.title", l)
		}
		if err := b.render("designers", b.newPage(l, pg.Path, title, "designers", pg.Body)); err != nil {
			return err
		}
	}
	return nil
}
