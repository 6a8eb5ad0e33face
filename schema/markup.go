package schema

import (
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render/markup"
)

// checkMarkup parses every card-markup text of the catalog in both
// languages and reports each mistake — an unknown icon, an :order-x: icon
// naming no faction, an unclosed * or **, a natural result no die shows —
// at the text where it is written: once, however many cards print it.
func (l *loader) checkMarkup() {
	l.cat.TextPositions = map[string]wbcatalog.Pos{}
	for _, mt := range l.cat.MarkupTexts() {
		for _, lang := range wbcatalog.Langs {
			src := mt.Text.In(lang)
			at := append(append([]string{}, mt.Path...), string(lang))
			pos := l.exactPos(at)
			if pos.File == "" {
				pos = l.dataPos(mt.Path)
			}
			l.cat.TextPositions[wbcatalog.TextKey(mt.Path, lang)] = pos
			if src == "" {
				continue
			}
			doc, err := markup.Parse(src)
			for _, e := range markup.Errors(err) {
				l.errorf(pos, displayPath(at), "%v", e)
			}
			for _, f := range doc.Factions() {
				if l.cat.Faction(f) == nil {
					if list := l.factionList(); list != "" {
						l.errorf(pos, displayPath(at), "icon :order-%s: names no faction (factions: %s)", f, list)
					} else {
						l.errorf(pos, displayPath(at), "icon :order-%s: names no faction%s", f, noFaction)
					}
				}
			}
		}
	}
}
