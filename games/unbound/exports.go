package unbound

import (
	"context"
	"io/fs"
	"maps"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/export"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/games/unbound/ubschema"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/translations"
)

var (
	_ ruleset.Exporter     = (*Content)(nil)
	_ ruleset.Differ       = (*Content)(nil)
	_ ruleset.Translations = (*Content)(nil)
	_ ruleset.Errata       = (*Content)(nil)
)

// Export writes the order cards' images per print profile (front and
// back of each of the 13) and, for TTS, one saved object per army (or
// of --deck ARMY): its order deck.
func (c *Content) Export(ctx context.Context, req ruleset.ExportRequest) (ruleset.Exports, error) {
	a, err := c.army(req.Deck)
	if err != nil {
		return ruleset.Exports{}, err
	}
	out := ruleset.Exports{Files: dist.Files{}}
	err = export.Images(ctx, req, &out, func(l lang.Lang) ([]export.Card, error) {
		fronts, backs, err := c.orderFaces(l)
		cards := make([]export.Card, len(fronts))
		for i := range fronts {
			o := &c.Catalog.Orders[i]
			cards[i] = export.Card{Front: fronts[i], Back: backs[i], Pos: o.Pos, Path: "orders." + o.ID}
		}
		return cards, err
	})
	if err != nil {
		return ruleset.Exports{}, err
	}
	if req.TTS {
		files, err := export.TTS(ctx, export.TTSOptions{Langs: req.Langs, BaseURL: req.BaseURL, Rulebook: req.Rulebook, Objects: c.ttsObjects(a), Cards: c.ttsCards})
		if err != nil {
			return ruleset.Exports{}, err
		}
		maps.Copy(out.Files, files.Files)
	}
	return out, nil
}

// ttsObjects: one saved object per army, its 13 order cards as a deck.
func (c *Content) ttsObjects(only *ubcatalog.Army) func(l lang.Lang) ([]export.SavedObject, error) {
	return func(l lang.Lang) ([]export.SavedObject, error) {
		var ids []string
		for _, o := range c.Catalog.Orders {
			ids = append(ids, o.ID)
		}
		var out []export.SavedObject
		for i := range c.Catalog.Armies {
			a := &c.Catalog.Armies[i]
			if only != nil && a != only {
				continue
			}
			out = append(out, export.SavedObject{Name: a.ID, Groups: []export.Group{{Nickname: a.Name.In(l) + " · " + word("orders", l), Description: word("kit", l), Cards: ids}}})
		}
		return out, nil
	}
}

func (c *Content) ttsCards(l lang.Lang, ids []string) ([]export.TTSCard, error) {
	var out []export.TTSCard
	for _, id := range ids {
		o := c.Catalog.Order(id)
		if o == nil {
			continue
		}
		f, err := orderFace(o, l)
		if err != nil {
			return nil, err
		}
		b, err := orderBack(o.ID, l)
		if err != nil {
			return nil, err
		}
		kind := word("planned", l)
		if o.Kind == "immediate" {
			kind = word("immediate", l)
		}
		out = append(out, export.TTSCard{ID: id, Front: f, Back: b, Name: o.Name.In(l), Description: kind + " · " + o.Rule})
	}
	return out, nil
}

// comparison names the catalog's collections for `wbtool diff`; the
// orders are the cards.
var comparison = changes.Spec{
	Nouns: map[string]string{"orders": "order", "units": "unit", "armies": "army", "scenarios": "scenario",
		"specialRules": "special rule", "glossary": "glossary term", "checks": "check game"},
	Cards: []string{"orders"},
	Leave: []string{"pages"},
}

// Comparable lists the catalog's collections and the rules pages.
func (c *Content) Comparable() ([]changes.Collection, error) { return comparable(c.Catalog) }

func comparable(cat *ubcatalog.Catalog) ([]changes.Collection, error) {
	cs, err := changes.Collect(cat, comparison)
	if err != nil {
		return nil, err
	}
	pages := changes.Collection{Name: "chapters", Noun: "rules page", Texts: true}
	for _, p := range cat.Pages {
		pages.Items = append(pages.Items, changes.Item{ID: "rules/" + p.Lang + "/" + p.Path + ".md", JSON: []byte(p.Body)})
	}
	return append(cs, pages), nil
}

// Texts are the content's texts in both languages, for `wbtool i18n`.
func (c *Content) Texts() *translations.Texts {
	cat := c.Catalog
	var all []lang.TextAt
	add := func(pos diag.Pos, t lang.Text, path ...string) {
		all = append(all, lang.TextAt{Path: path, Text: t, Pos: pos})
	}
	for _, o := range cat.Orders {
		add(o.Pos, o.Name, "orders", o.ID, "name")
		add(o.Pos, o.Text, "orders", o.ID, "text")
	}
	for _, u := range cat.Units {
		add(u.Pos, u.Name, "units", u.ID, "name")
	}
	for _, a := range cat.Armies {
		add(a.Pos, a.Name, "armies", a.ID, "name")
	}
	for _, s := range cat.Scenarios {
		add(s.Pos, s.Name, "scenarios", s.ID, "name")
	}
	for _, r := range cat.SpecialRules {
		add(diag.Pos{}, r.Name, "specialRules", r.ID, "name")
		add(diag.Pos{}, r.Text, "specialRules", r.ID, "text")
	}
	for _, g := range cat.Glossary {
		add(diag.Pos{}, g.Term, "glossary", g.ID, "term")
		add(diag.Pos{}, g.Text, "glossary", g.ID, "text")
	}
	t := &translations.Texts{Count: len(all), Missing: cat.Draft, All: func() []lang.TextAt { return all }, Positions: cat.TextPositions}
	for _, p := range cat.Pages {
		t.Chapters = append(t.Chapters, translations.Chapter{Lang: lang.Lang(p.Lang), Path: p.Pos.File})
	}
	return t
}

// Errata compares the content with the earlier version asked for
// (--since): the changes, order by order, unit by unit, on the site's
// errata page (errata.html) in each language.
func (c *Content) Errata() (diag.List, bool) {
	if c.since == "" {
		return nil, false
	}
	fail := func(err error) diag.List { return ruleset.SinceProblem(c.since, err) }
	old, name, err := ruleset.LoadVersion(c.versions, ubcatalog.Game, c.since, func(fsys fs.FS, root string) (*ubcatalog.Catalog, error) {
		return ubschema.Load(fsys, ubschema.Options{Root: root, Draft: true})
	})
	if err != nil {
		return fail(err), true
	}
	a, err := comparable(old)
	if err != nil {
		return fail(err), true
	}
	b, err := comparable(c.Catalog)
	if err != nil {
		return fail(err), true
	}
	rep := changes.Compare(a, b)
	c.errata, c.since0 = rep, name
	c.reprint = map[lang.Lang][]string{}
	for _, e := range rep.Changes {
		if !e.Card || e.Change == changes.Removed {
			continue
		}
		for _, l := range lang.Langs {
			for _, f := range e.Fields {
				if f.Lang == "" || f.Lang == l {
					c.reprint[l] = append(c.reprint[l], e.ID)
					break
				}
			}
			if e.Change == changes.Added || e.Change == changes.Renamed {
				c.reprint[l] = append(c.reprint[l], e.ID)
			}
		}
	}
	return nil, true
}

// errataPage is the site's errata page body in l, or "" without
// --since: each changed entity by its name, each field in players' words
// (site.ErrataList), never a value as JSON nor a field's path.
func (c *Content) errataPage(l lang.Lang) string {
	if c.errata == nil {
		return ""
	}
	return site.ErrataList(c.errata, c.since0, l, func(key string) (string, bool) {
		w, ok := siteWords[key]
		return w.In(l), ok
	}, func(s string) string { return markup.Typography(s, string(l)) })
}
