package convicted

import (
	"fmt"
	"slices"
	"strings"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// saveWords are the save sheet's labels.
var saveWords = map[string]cvcatalog.Text{
	"title":      {EN: "Save sheet", FR: "Feuille de sauvegarde"},
	"note":       {EN: "Fill it in at the end of each scenario; the next scenario starts from it (C-SAVE-2).", FR: "Remplissez-la à la fin de chaque scénario ; le scénario suivant part d’elle (C-SAVE-2)."},
	"campaign":   {EN: "Campaign", FR: "Campagne"},
	"scenario":   {EN: "Scenario (1–10)", FR: "Scénario (1–10)"},
	"result":     {EN: "Result", FR: "Résultat"},
	"won":        {EN: "won", FR: "gagné"},
	"lost":       {EN: "lost", FR: "perdu"},
	"players":    {EN: "Players and heroes", FR: "Joueurs et héros"},
	"player":     {EN: "Player %d", FR: "Joueur %d"},
	"hero":       {EN: "Hero", FR: "Héros"},
	"resources":  {EN: "Resources", FR: "Ressources"},
	"buildings":  {EN: "Buildings (circle the level)", FR: "Bâtiments (entourez le niveau)"},
	"sections":   {EN: "Fortification sections and their units", FR: "Sections de fortification et leurs unités"},
	"section":    {EN: "Section", FR: "Section"},
	"level":      {EN: "Level", FR: "Niveau"},
	"resistance": {EN: "Resist.", FR: "Résist."},
	"gate":       {EN: "Gate", FR: "Porte"},
	"ring":       {EN: "Ring: write D for a ditch, M for a moat", FR: "Anneau : écrivez F pour un fossé, D pour une douve"},
	"techs":      {EN: "Technologies researched (tick)", FR: "Technologies recherchées (cochez)"},
	"D":          {EN: "D", FR: "F"},
	"M":          {EN: "M", FR: "D"},
}

func sword(k string, l lang.Lang) string { return saveWords[k].In(l) }

// savePage is the save sheet with every field of a save (C-SAVE-2):
// blank, or filled in from sv.
func (c *Content) savePage(l lang.Lang, paper render.Pt, sv *cvcatalog.Save) (render.Page, error) {
	cat := c.Catalog
	ls := string(l)
	const m = 12.0
	w := paper.X - 2*m
	var items []render.Item
	var err error
	text := func(s string, bold bool, col render.Colour, x, y, width, pt float64, align byte) {
		if err != nil {
			return
		}
		var it render.Item
		it, err = render.TextLine(s, ls, bold, col, x, y, width, pt, 3.5, align, "the save sheet: "+s)
		items = append(items, it)
	}
	// box is a labelled field: its label above-left, its value inside.
	box := func(x, y, bw, bh float64, label, value string) {
		items = append(items, render.Rect{X: x, Y: y, W: bw, H: bh, R: 0.8, Paint: render.Stroke(colInk, 0.25)})
		if label != "" {
			text(label, false, colMuted, x+1, y+2.6, bw-2, 6, 'l')
		}
		if value != "" {
			text(value, true, colInk, x+bw/2, y+bh-1.6, bw-2, 9, 'c')
		}
	}
	y := m + 4.0
	text(sword("title", l), true, colInk, m, y, w, 16, 'l')
	y += 5
	text(sword("note", l), false, colMuted, m, y, w, 8, 'l')
	y += 4
	head := func(s string) {
		y += 5
		text(s, true, colEnemy, m, y, w, 10, 'l')
		y += 1.5
	}
	filled := func(f func() string) string {
		if sv == nil {
			return ""
		}
		return f()
	}
	box(m, y, w*0.5, 10, sword("campaign", l), filled(func() string { return sv.Campaign }))
	box(m+w*0.52, y, w*0.2, 10, sword("scenario", l), filled(func() string { return fmt.Sprint(sv.Scenario) }))
	box(m+w*0.74, y, w*0.26, 10, sword("result", l)+": "+sword("won", l)+" / "+sword("lost", l), filled(func() string { return sword(sv.Result, l) }))
	y += 10
	head(sword("players", l))
	pw := (w - 3) / 2
	for i := 0; i < 4; i++ {
		x, yy := m+float64(i%2)*(pw+3), y+float64(i/2)*11
		name, hero := "", ""
		if sv != nil && i < len(sv.Players) {
			name, hero = sv.Players[i].Name, sv.Players[i].Hero
			if h := cat.Hero(hero); h != nil {
				hero = h.Name.In(l)
			}
		}
		box(x, yy, pw*0.55, 10, fmt.Sprintf(sword("player", l), i+1), name)
		box(x+pw*0.57, yy, pw*0.43, 10, sword("hero", l), hero)
	}
	y += 22
	head(sword("resources", l))
	rw := (w - 9) / 4
	for i, r := range cat.Resources {
		box(m+float64(i)*(rw+3), y, rw, 10, r.Name.In(l), filled(func() string { return fmt.Sprint(sv.Resources[r.ID]) }))
	}
	y += 10
	head(sword("buildings", l))
	bw := (w - 3) / 2
	for i, b := range cat.Buildings {
		x, yy := m+float64(i%2)*(bw+3), y+float64(i/2)*8
		text(b.Name.In(l), false, colInk, x, yy+5.5, bw*0.4, 9, 'l')
		for lv := 0; lv <= len(b.Levels); lv++ {
			cx := x + bw*0.42 + float64(lv)*8 + 3
			p := render.Stroke(colInk, 0.25)
			col := colInk
			if sv != nil && sv.Buildings[b.ID] == lv {
				p, col = render.FillStroke(colInk, colInk, 0.25), colWhite
			}
			items = append(items, render.Circle{X: cx, Y: yy + 4, R: 3, Paint: p})
			text(fmt.Sprint(lv), false, col, cx, yy+5.2, 5, 7, 'c')
		}
	}
	y += 24
	head(sword("sections", l))
	cols := []string{sword("section", l), sword("level", l), sword("resistance", l), sword("gate", l)}
	for _, u := range cat.Units {
		cols = append(cols, u.Name.In(l))
	}
	cw := w / float64(len(cols))
	for i, s := range cols {
		text(s, true, colInk, m+float64(i)*cw+cw/2, y+3.5, cw-1, 7, 'c')
	}
	y += 5
	for _, sec := range cat.Sections {
		var ss cvcatalog.SectionSave
		if sv != nil {
			ss = sv.Sections[sec.ID]
		}
		vals := []string{strings.ToUpper(sec.ID), filled(func() string { return fmt.Sprint(ss.Level) }), filled(func() string { return fmt.Sprint(ss.Resistance) }), ""}
		if sec.Gate {
			vals[3] = filled(func() string {
				if ss.Gate == nil {
					return ""
				}
				return fmt.Sprint(*ss.Gate)
			})
		} else {
			vals[3] = "—"
		}
		for _, u := range cat.Units {
			vals = append(vals, filled(func() string {
				if n := ss.Units[u.ID]; n > 0 {
					return fmt.Sprint(n)
				}
				return ""
			}))
		}
		for i, v := range vals {
			box(m+float64(i)*cw, y, cw, 7, "", v)
		}
		y += 7
	}
	head(sword("ring", l))
	gw := w / float64(len(cat.Ring)/2)
	for i, g := range cat.Ring {
		x, yy := m+float64(i%(len(cat.Ring)/2))*gw, y+float64(i/(len(cat.Ring)/2))*10
		box(x, yy, gw, 10, strings.ToUpper(g.ID), filled(func() string {
			switch sv.Ring[g.ID] {
			case "ditch":
				return sword("D", l)
			case "moat":
				return sword("M", l)
			}
			return ""
		}))
	}
	y += 20
	head(sword("techs", l))
	tw := w / 4
	for i, t := range cat.Technologies {
		x, yy := m+float64(i%4)*tw, y+float64(i/4)*6
		p := render.Stroke(colInk, 0.25)
		if sv != nil && slices.Contains(sv.Technologies, t.ID) {
			p = render.FillStroke(colInk, colInk, 0.25)
		}
		items = append(items, render.Rect{X: x, Y: yy + 1, W: 3.5, H: 3.5, Paint: p})
		text(t.Name.In(l), false, colInk, x+5, yy+4.3, tw-6, 8, 'l')
	}
	y += 6 * float64((len(cat.Technologies)+3)/4)
	if err != nil {
		return render.Page{}, err
	}
	if y > paper.Y-m {
		return render.Page{}, fmt.Errorf("the save sheet does not fit its page: %.0f mm of %.0f", y+m, paper.Y)
	}
	return render.Page{W: paper.X, H: paper.Y, Name: sword("title", l), Items: items}, nil
}
