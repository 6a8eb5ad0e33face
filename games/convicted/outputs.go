package convicted

import (
	"unicode/utf8"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// NameWidth is the most characters a name may have to fit its card or
// token (the printed kit's title line).
const NameWidth = 28

// Layout reports the names too long for their card, in each language.
func (c *Content) Layout() diag.List {
	var d diag.List
	check := func(section, id string, t cvcatalog.Text, pos diag.Pos) {
		for _, l := range lang.Langs {
			if n := utf8.RuneCountInString(t.In(l)); n > NameWidth {
				d = append(d, diag.Errorf(pos, section+"."+id+".name."+string(l), "the name does not fit its card: %d characters, at most %d", n, NameWidth))
			}
		}
	}
	cat := c.Catalog
	for _, x := range cat.Heroes {
		check("heroes", x.ID, x.Name, x.Pos)
	}
	for _, x := range cat.Buildings {
		check("buildings", x.ID, x.Name, x.Pos)
	}
	for _, x := range cat.Technologies {
		check("technologies", x.ID, x.Name, x.Pos)
	}
	for _, x := range cat.Units {
		check("units", x.ID, x.Name, x.Pos)
	}
	for _, x := range cat.Enemies {
		check("enemies", x.ID, x.Name, x.Pos)
	}
	if len(d) > 0 {
		return d
	}
	// Every card and page of the kit, laid out in both languages on both
	// papers: what does not fit is an error at the tree.
	for _, l := range lang.Langs {
		pos := diag.Pos{File: "game.cue"}
		if _, _, err := c.faces(l); err != nil {
			d = append(d, diag.Errorf(pos, "", "%v", err))
		}
		if _, err := c.boardDrawing(l); err != nil {
			d = append(d, diag.Errorf(pos, "", "%v", err))
		}
		for _, paper := range render.Papers() {
			if _, err := c.kitPages(render.SheetOptions{Lang: l, Paper: paper}); err != nil {
				d = append(d, diag.Errorf(pos, "", "%v", err))
			}
		}
	}
	return d
}
