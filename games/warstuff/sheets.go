package warstuff

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/translations"
)

// The profile card's colours.
var (
	colInk   = render.Colour{R: 0x22, G: 0x22, B: 0x2a}
	colPaper = render.Colour{R: 0xfb, G: 0xf8, B: 0xf1}
	colGold  = render.Colour{R: 0xd9, G: 0xa4, B: 0x2b}
	colWhite = render.Colour{R: 0xff, G: 0xff, B: 0xff}
	colMuted = render.Colour{R: 0x5b, G: 0x5b, B: 0x66}
)

func paint(fill, stroke *render.Colour, w float64) render.Paint {
	return render.Paint{Fill: fill, Stroke: stroke, Width: w}
}

// weaponText is a weapon in words: "18": Precise, Piercing".
func weaponText(cat *wscatalog.Catalog, w wscatalog.Weapon, l wscatalog.Lang) string {
	s := cat.Label("range", l) + " " + cat.RuleNameRange(w.Range, l)
	if len(w.Rules) > 0 {
		s += " (" + ruleNames(cat, w.Rules, l) + ")"
	}
	return s
}

func ruleNames(cat *wscatalog.Catalog, ids []string, l wscatalog.Lang) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = cat.RuleName(id, l)
	}
	return strings.Join(names, ", ")
}

// statLines are a profile's lines of stats, as card markup.
func statLines(cat *wscatalog.Catalog, p *wscatalog.Profile, l wscatalog.Lang) []string {
	b := func(key string) string { return "**" + cat.Label(key, l) + "**" }
	lines := []string{b("quality") + " " + strconv.Itoa(p.Quality) + "+ · " + fmt.Sprintf("%s %g\"", cat.Label("base", l), p.Base)}
	switch {
	case p.Ranged != nil:
		lines = append(lines, "**"+weaponText(cat, *p.Ranged, l)+"**")
	case len(p.Variable) == 2:
		lines = append(lines, b("variable")+": "+weaponText(cat, p.Variable[0], l)+" / "+weaponText(cat, p.Variable[1], l))
	default:
		lines = append(lines, "*"+cat.Label("melee-only", l)+"*")
	}
	if len(p.Melee) > 0 {
		lines = append(lines, b("melee")+": "+ruleNames(cat, p.Melee, l))
	}
	if len(p.Powers) > 0 {
		lines = append(lines, b("powers")+": "+ruleNames(cat, p.Powers, l))
	}
	if len(p.Rules) > 0 {
		lines = append(lines, b("rules")+": "+ruleNames(cat, p.Rules, l))
	}
	if len(p.Traits) > 0 {
		lines = append(lines, b("traits")+": "+ruleNames(cat, p.Traits, l))
	}
	return lines
}

// ruleIDs are the special rules a profile's card reminds, once each, in
// the order of the card.
func ruleIDs(p *wscatalog.Profile) []string {
	var ids []string
	add := func(xs ...string) {
		for _, x := range xs {
			if !slices.Contains(ids, x) {
				ids = append(ids, x)
			}
		}
	}
	if p.Ranged != nil {
		add(p.Ranged.Rules...)
	}
	if len(p.Variable) == 2 {
		add("variable")
		add(p.Variable[0].Rules...)
		add(p.Variable[1].Rules...)
	}
	add(p.Melee...)
	if len(p.Powers) > 0 {
		add("psyker")
		add(p.Powers...)
	}
	add(p.Rules...)
	add(p.Traits...)
	return ids
}

// ProfileCard lays a profile's card out with its top-left corner at (x,
// y), in mm: name and cost, quality, weapon, melee rules, powers and
// special rules, then each rule's short reminder. Text that does not fit
// is an error naming the card and the language.
func ProfileCard(cat *wscatalog.Catalog, p *wscatalog.Profile, l wscatalog.Lang, x, y float64) ([]render.Item, error) {
	lang := string(l)
	what := fmt.Sprintf("profile %s (%s)", p.ID, strings.ToUpper(lang))
	items := []render.Item{
		render.Rect{X: x, Y: y, W: render.CardW, H: render.CardH, R: 3, Paint: paint(&colPaper, &colInk, 0.4)},
		render.Rect{X: x + 3, Y: y + 3, W: render.CardW - 6, H: 10, R: 1.5, Paint: paint(&colInk, nil, 0)},
		render.Circle{X: x + render.CardW - 9, Y: y + 8, R: 5, Paint: paint(&colGold, &colWhite, 0.4)},
	}
	name, err := render.TextLine(p.Name.In(l), lang, true, colWhite, x+5, y+10, render.CardW-21, 10, 6, 'l', what+": the name")
	if err != nil {
		return nil, err
	}
	cost, err := render.TextLine(strconv.Itoa(p.Cost), lang, true, colInk, x+render.CardW-9, y+10.2, 8, 12, 8, 'c', what+": the cost")
	if err != nil {
		return nil, err
	}
	items = append(items, name, cost)
	var blocks []render.Block
	for i, s := range statLines(cat, p, l) {
		blocks = append(blocks, render.Block{Text: s, Colour: colInk, Gap: map[bool]float64{true: 0, false: 0.25}[i == 0]})
	}
	for i, id := range ruleIDs(p) {
		r := cat.Rule(id)
		if r == nil {
			continue
		}
		gap := 0.2
		if i == 0 {
			gap = 0.8
		}
		blocks = append(blocks, render.Block{Text: "**" + r.Name.In(l) + "** – " + r.Reminder.In(l), Colour: colMuted, Scale: 0.86, Gap: gap})
	}
	text, err := render.TextBox(x+4, y+16, render.CardW-8, render.CardH-24, blocks, lang, 8.5, 5.75, what)
	if err != nil {
		return nil, err
	}
	items = append(items, text...)
	foot, err := render.TextLine(cat.Label("cost", l)+" "+cat.Points(p.Cost, l)+" · Warstuff", lang, false, colMuted, x+render.CardW/2, y+render.CardH-3.5, render.CardW-8, 6, 4.5, 'c', what+": the footer")
	if err != nil {
		return nil, err
	}
	return append(items, foot), nil
}

// cards are every profile and creature, profiles first, each in id order.
func (c *Content) cards() []*wscatalog.Profile {
	var out []*wscatalog.Profile
	for i := range c.Catalog.Profiles {
		out = append(out, &c.Catalog.Profiles[i])
	}
	for i := range c.Catalog.Creatures {
		out = append(out, &c.Catalog.Creatures[i])
	}
	return out
}

// Layout lays out every profile card in both languages.
func (c *Content) Layout() diag.List {
	var out diag.List
	for _, p := range c.cards() {
		for _, l := range c.langs() {
			if _, err := ProfileCard(c.Catalog, p, l, 0, 0); err != nil {
				out = append(out, diag.Errorf(p.Pos, "", "%v", err))
			}
		}
	}
	if len(c.drafts) > 0 {
		out = append(out, translations.Glyphs(c.Texts(), c.langs(), render.MissingGlyphs)...)
	}
	return out
}

// A4 paper and the 3 × 3 grid of cards on it, mm.
const (
	paperW, paperH = 210.0, 297.0
	gridX, gridY   = (paperW - 3*render.CardW) / 2, (paperH - 3*render.CardH) / 2
)

func footer(cat *wscatalog.Catalog, v string, l wscatalog.Lang, what string, n, total int) render.Item {
	version := render.VersionLabel(v)
	s := fmt.Sprintf("%s · %s %d/%d · %s · %s", cat.Label(what, l), cat.Label("page", l), n, total, version, strings.ToUpper(string(l)))
	if what == "cards" {
		s += " · " + cat.Label("cut", l)
	}
	it, err := render.TextLine(s, string(l), false, colMuted, paperW/2, paperH-6, paperW-20, 7, 4, 'c', "footer")
	if err != nil {
		return render.Rect{}
	}
	return it
}

// bandPages are the band sheets in l: one page per band with its roster,
// each figure's cost, the total against the format and the figure count.
func (c *Content) bandPages(o ruleset.PrintOptions, l wscatalog.Lang) ([]render.Page, error) {
	cat, lang := c.Catalog, string(l)
	var pages []render.Page
	for bi, b := range cat.Bands {
		what := fmt.Sprintf("band %s (%s)", b.ID, strings.ToUpper(lang))
		page := render.Page{W: paperW, H: paperH, Name: b.Name.In(l)}
		line := func(s string, bold bool, col render.Colour, x, y, w, pt float64, align byte) error {
			it, err := render.TextLine(s, lang, bold, col, x, y, w, pt, 5, align, what)
			if err == nil {
				page.Items = append(page.Items, it)
			}
			return err
		}
		if err := line(b.Name.In(l), true, colInk, 20, 30, 170, 20, 'l'); err != nil {
			return nil, err
		}
		sub := fmt.Sprintf("%s · %s %d %s · %d %s %d", cat.Label("band", l), cat.Label("format", l), b.Format, cat.Label("points", l), b.Count, cat.Label("figures-max", l), b.MaxFigures)
		if err := line(sub, false, colMuted, 20, 38, 170, 10, 'l'); err != nil {
			return nil, err
		}
		cols := []struct {
			key   string
			x, w  float64
			align byte
		}{{"profile", 20, 90, 'l'}, {"quality", 122, 18, 'c'}, {"count", 148, 20, 'c'}, {"each", 170, 12, 'r'}, {"subtotal", 190, 18, 'r'}}
		y := 52.0
		for _, col := range cols {
			if err := line(cat.Label(col.key, l), true, colInk, col.x, y, col.w, 9, col.align); err != nil {
				return nil, err
			}
		}
		page.Items = append(page.Items, render.Line{Pts: []render.Pt{{X: 20, Y: y + 2}, {X: 190, Y: y + 2}}, Colour: colInk, Width: 0.3})
		for _, f := range b.Figures {
			p := cat.Profile(f.Profile)
			if p == nil {
				continue
			}
			y += 8
			cells := []string{p.Name.In(l), strconv.Itoa(p.Quality) + "+", strconv.Itoa(f.Count), strconv.Itoa(p.Cost), strconv.Itoa(p.Cost * f.Count)}
			for i, col := range cols {
				if err := line(cells[i], i == 0, colInk, col.x, y, col.w, 10, col.align); err != nil {
					return nil, err
				}
			}
			parts := make([]string, len(p.Parts))
			for i, part := range p.Parts {
				parts[i] = partLabel(cat, part, l) + " " + strconv.Itoa(part.Points)
			}
			if err := line(strings.Join(parts, " · "), false, colMuted, 20, y+4, 170, 7, 'l'); err != nil {
				return nil, err
			}
			y += 3
		}
		page.Items = append(page.Items, render.Line{Pts: []render.Pt{{X: 20, Y: y + 3}, {X: 190, Y: y + 3}}, Colour: colInk, Width: 0.3})
		y += 10
		if err := line(cat.Label("total", l), true, colInk, 20, y, 90, 12, 'l'); err != nil {
			return nil, err
		}
		if err := line(strconv.Itoa(b.Count), true, colInk, 158, y, 20, 12, 'c'); err != nil {
			return nil, err
		}
		if err := line(fmt.Sprintf("%d / %d %s", b.Total, b.Format, cat.Label("points", l)), true, colInk, 190, y, 40, 12, 'r'); err != nil {
			return nil, err
		}
		page.Items = append(page.Items, footer(cat, c.printVersion(o.Version), l, "bands", bi+1, len(cat.Bands)))
		pages = append(pages, page)
	}
	return pages, nil
}

// partLabel names a part of a cost in l: "Quality 3+", "Range 18"",
// "Deadly", "Powerful (melee)", "Psyker (2)".
func partLabel(cat *wscatalog.Catalog, part wscatalog.CostPart, l wscatalog.Lang) string {
	switch part.Kind {
	case "quality":
		return cat.Label("quality", l) + " " + part.ID + "+"
	case "range":
		return cat.Label("range", l) + " " + cat.RuleNameRange(part.ID, l)
	case "melee":
		return cat.RuleName(part.ID, l) + " (" + strings.ToLower(cat.Label("melee", l)) + ")"
	}
	return cat.RuleName(part.ID, l)
}

// Print makes the print-and-play sheets: every profile card, and the band
// sheets, in both languages.
func (c *Content) Print(o ruleset.PrintOptions) (dist.Files, error) {
	// The card sheets are the ones `wbtool print` makes (Sheets): one
	// verdict, one file, whichever command wrote it.
	out := dist.Files{}
	if len(c.cards()) > 0 { // a tree with no cards yet builds, as it validates
		set, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "a4", Tool: o.Version, Date: o.Date})
		if err != nil {
			return nil, err
		}
		out = set.Files
	}
	// The reprint sheets (errata.go) are duplex card sheets too, of the
	// cards whose face changed in each language.
	for _, l := range c.langs() {
		if cards := c.reprinted(l); len(cards) > 0 {
			pdf, err := c.faceSheet(l, cards, c.reprintTitle(l), ruleset.SheetRequest{Paper: "a4", Tool: o.Version, Date: o.Date})
			if err != nil {
				return nil, err
			}
			_, rel := pipeline.InDir(pipeline.ReprintSheet(l))
			out[rel] = pdf
		}
	}
	ro := render.SheetOptions{Version: c.printVersion(o.Version), Game: "Warstuff", Date: o.Date}
	for _, l := range c.langs() {
		ro.Lang = l
		bands, err := c.bandPages(o, l)
		if err != nil {
			return nil, err
		}
		for _, sheet := range []struct {
			path, title string
			pages       []render.Page
		}{{pipeline.BandsSheet(l), c.Catalog.Label("bands", l), bands}} {
			if len(sheet.pages) == 0 {
				continue
			}
			pdf, err := render.PagesPDF(ro, sheet.title, sheet.pages)
			if err != nil {
				return nil, err
			}
			_, rel := pipeline.InDir(sheet.path)
			out[rel] = pdf
		}
	}
	return out, nil
}

// printVersion is the version the cards and sheets print: the content's
// (game.cue's `version`), else git's (LoadOptions.SetVersion), else the
// tool's, as 40k Unbound's and The Convicted's.
func (c *Content) printVersion(tool string) string {
	return cmp.Or(c.Catalog.Version, c.setVersion, tool)
}
