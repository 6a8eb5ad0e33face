package convicted

import (
	"fmt"
	"html"
	"sort"
	"strings"
	"unicode/utf8"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
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

var siteTitle = map[lang.Lang]string{lang.English: "The Convicted", lang.French: "Les Condamnés"}

// Site is an index per language (heroes, buildings, fortifications,
// units, enemies, scenarios), the rules-coverage page (every rule with
// its state and the check games that pin it), the campaign tracker and,
// with --since, the errata page.
func (c *Content) Site(so ruleset.SiteOptions) (dist.Files, error) {
	if so.CheckOnly {
		return nil, nil
	}
	files := dist.Files{}
	cat := c.Catalog
	cov := c.Report()
	for _, l := range lang.Langs {
		var b strings.Builder
		title := siteTitle[l]
		fmt.Fprintf(&b, "<!doctype html>\n<html lang=\"%s\"><meta charset=\"utf-8\"><title>%s</title>\n<h1>%s</h1>\n", l, title, title)
		fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(cov.Line()))
		list := func(h string, items []string) {
			fmt.Fprintf(&b, "<h2>%s</h2>\n<ul>\n", h)
			for _, it := range items {
				fmt.Fprintf(&b, "<li>%s</li>\n", html.EscapeString(it))
			}
			b.WriteString("</ul>\n")
		}
		var heroes, buildings, forts, units, enemies, scenarios []string
		for _, h := range cat.Heroes {
			heroes = append(heroes, h.Name.In(l)+": "+h.Text.In(l))
		}
		for _, x := range cat.Buildings {
			buildings = append(buildings, fmt.Sprintf("%s (%d)", x.Name.In(l), len(x.Levels)))
		}
		for i, x := range cat.Fortifications.Wall {
			forts = append(forts, fmt.Sprintf("%d %s / %s", i, x.Name.In(l), cat.Fortifications.Tower[i].Name.In(l)))
		}
		for _, x := range cat.Units {
			units = append(units, fmt.Sprintf("%s ST %d EN %d SU %d RFS %d", x.Name.In(l), x.ST, x.EN, x.SU, x.RFS))
		}
		for _, x := range cat.Enemies {
			enemies = append(enemies, fmt.Sprintf("%s ST %d EN %d SU %d RFS %d", x.Name.In(l), x.ST, x.EN, x.SU, x.RFS))
		}
		for _, x := range cat.Scenarios {
			scenarios = append(scenarios, fmt.Sprintf("%d. %s", x.Number, x.Name.In(l)))
		}
		list(map[lang.Lang]string{lang.English: "Heroes", lang.French: "Héros"}[l], heroes)
		list(map[lang.Lang]string{lang.English: "Buildings", lang.French: "Bâtiments"}[l], buildings)
		list(map[lang.Lang]string{lang.English: "Fortifications", lang.French: "Fortifications"}[l], forts)
		list(map[lang.Lang]string{lang.English: "Defenders", lang.French: "Défenseurs"}[l], units)
		list(map[lang.Lang]string{lang.English: "Enemies", lang.French: "Ennemis"}[l], enemies)
		list(map[lang.Lang]string{lang.English: "Scenarios", lang.French: "Scénarios"}[l], scenarios)
		fmt.Fprintf(&b, "<p><a href=\"coverage.html\">%s</a> · <a href=\"campaign.html\">%s</a></p>\n",
			map[lang.Lang]string{lang.English: "Rules coverage", lang.French: "Couverture des règles"}[l],
			map[lang.Lang]string{lang.English: "Campaign tracker", lang.French: "Suivi de campagne"}[l])
		files[string(l)+"/index.html"] = []byte(b.String())

		var cb strings.Builder
		fmt.Fprintf(&cb, "<!doctype html>\n<html lang=\"%s\"><meta charset=\"utf-8\"><title>%s</title>\n<h1>%s</h1>\n<p>%s</p>\n<table>\n",
			l, title, map[lang.Lang]string{lang.English: "Rules coverage", lang.French: "Couverture des règles"}[l], html.EscapeString(cov.Line()))
		for _, r := range cov.Rules {
			fmt.Fprintf(&cb, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", r.ID, html.EscapeString(StateWords[r.State]),
				html.EscapeString(r.Source), html.EscapeString(strings.Join(r.Checks, ", ")))
		}
		cb.WriteString("</table>\n")
		files[string(l)+"/coverage.html"] = []byte(cb.String())
		files[string(l)+"/campaign.html"] = c.tracker(l)
		if c.errata != nil {
			var eb strings.Builder
			fmt.Fprintf(&eb, "<!doctype html>\n<html lang=\"%s\"><meta charset=\"utf-8\"><title>%s</title>\n<h1>Errata</h1>\n<ul>\n", l, title)
			for _, line := range c.errata {
				fmt.Fprintf(&eb, "<li>%s</li>\n", html.EscapeString(line))
			}
			eb.WriteString("</ul>\n")
			files[string(l)+"/errata.html"] = []byte(eb.String())
		}
	}
	if so.Emit != nil {
		keys := make([]string, 0, len(files))
		for k := range files {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			so.Emit(k, files[k])
		}
	}
	return files, nil
}

// tracker is the campaign tracker: each save sheet of the content, the
// campaign's state after its scenario (C-SAVE-2).
func (c *Content) tracker(l lang.Lang) []byte {
	cat := c.Catalog
	w := func(en, fr string) string { return map[lang.Lang]string{lang.English: en, lang.French: fr}[l] }
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<html lang=\"%s\"><meta charset=\"utf-8\"><title>%s</title>\n<h1>%s</h1>\n", l, siteTitle[l], w("Campaign tracker", "Suivi de campagne"))
	for _, sv := range cat.Saves {
		sc := cvcatalog.Find(cat.Scenarios, fmt.Sprint(sv.Scenario), func(x *cvcatalog.Scenario) string { return fmt.Sprint(x.Number) })
		name := ""
		if sc != nil {
			name = sc.Name.In(l)
		}
		fmt.Fprintf(&b, "<h2>%s</h2>\n<p>%s %d (%s)%s%s</p>\n<ul>\n", html.EscapeString(sv.Campaign), w("Scenario", "Scénario"), sv.Scenario,
			html.EscapeString(name), w(": ", "\u00a0: "), html.EscapeString(map[string]string{"won": w("won", "gagné"), "lost": w("lost", "perdu")}[sv.Result]))
		for _, p := range sv.Players {
			hero := p.Hero
			if h := cat.Hero(p.Hero); h != nil {
				hero = h.Name.In(l)
			}
			fmt.Fprintf(&b, "<li>%s%s%s</li>\n", html.EscapeString(p.Name), w(": ", "\u00a0: "), html.EscapeString(hero))
		}
		b.WriteString("</ul>\n<table>\n")
		row := func(k, v string) {
			fmt.Fprintf(&b, "<tr><th>%s</th><td>%s</td></tr>\n", html.EscapeString(k), html.EscapeString(v))
		}
		var res []string
		for _, r := range cat.Resources {
			res = append(res, fmt.Sprintf("%s %d", r.Name.In(l), sv.Resources[r.ID]))
		}
		row(w("Resources", "Ressources"), strings.Join(res, ", "))
		var bl []string
		for _, x := range cat.Buildings {
			bl = append(bl, fmt.Sprintf("%s %d", x.Name.In(l), sv.Buildings[x.ID]))
		}
		row(w("Buildings", "Bâtiments"), strings.Join(bl, ", "))
		for _, sec := range cat.Sections {
			x := sv.Sections[sec.ID]
			lv := cat.Fortifications.Levels(sec.Kind)
			lname := ""
			if x.Level < len(lv) {
				lname = lv[x.Level].Name.In(l)
			}
			var units []string
			for _, u := range cat.Units {
				if n := x.Units[u.ID]; n > 0 {
					units = append(units, fmt.Sprintf("%d %s", n, u.Name.In(l)))
				}
			}
			row(strings.ToUpper(sec.ID), fmt.Sprintf("%s, %s %d; %s", lname, w("Resistance", "Résistance"), x.Resistance, strings.Join(units, ", ")))
		}
		var ring []string
		for _, g := range cat.Ring {
			if k := sv.Ring[g.ID]; k != "" {
				ring = append(ring, strings.ToUpper(g.ID)+" "+map[string]string{"ditch": w("ditch", "fossé"), "moat": w("moat", "douve")}[k])
			}
		}
		row(w("Ring", "Anneau"), strings.Join(ring, ", "))
		var techs []string
		for _, t := range sv.Technologies {
			if x := cvcatalog.Find(cat.Technologies, t, func(x *cvcatalog.Technology) string { return x.ID }); x != nil {
				techs = append(techs, x.Name.In(l))
			}
		}
		row(w("Technologies", "Technologies"), strings.Join(techs, ", "))
		b.WriteString("</table>\n")
	}
	return []byte(b.String())
}
