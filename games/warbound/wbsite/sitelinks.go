package wbsite

import (
	"path"
	"slices"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// siteHas reports whether the site has file p (relative to the site
// folder): a page (a folder stands for its index.html), a card's image,
// one of the static files, a sheet copied beside the pages, a deck's
// Tabletop Simulator object.
func (b *builder) siteHas(p string, static map[string]bool) bool {
	if b.exists[p] || b.exists[path.Join(p, "index.html")] || static[p] {
		return true
	}
	if b.opts.Sheets != nil && b.opts.Sheets(p) {
		return true
	}
	lang, rest, _ := strings.Cut(p, "/")
	if !slices.Contains(wbcatalog.Langs, wbcatalog.Lang(lang)) {
		return false
	}
	if id, img, ok := strings.Cut(strings.TrimPrefix(rest, "cards/"), "/"); ok && strings.HasPrefix(rest, "cards/") && (img == "front.svg" || img == "back.svg") {
		_, known := b.cat.CardName(id)
		return known
	}
	if b.opts.DeckTTS != nil {
		for _, d := range b.cat.Decks {
			if b.opts.DeckTTS(d.ID, wbcatalog.Lang(lang)) == p {
				return true
			}
		}
	}
	return false
}

// staticFiles are the files every site has beside its pages: the root
// pages, the assets, the deck builder's scripts.
func (b *builder) staticFiles() map[string]bool {
	files := site.Files{"index.html": nil, "404.html": nil, "robots.txt": nil, "assets/factions.css": nil, deckDataFile: nil}
	site.SharedAssets(files)
	builderAssets(files)
	for name := range site.CheckerScripts() {
		files[name] = nil
	}
	if b.f.Base != "" {
		files["sitemap.xml"] = nil
	}
	out := map[string]bool{}
	for name := range files {
		out[name] = true
	}
	return out
}

// rulesOptions is Warbound's rules dialect: R-SHOOT-7,
// rules/<slug>/index.html, [[id]] a card, its icons.
func (b *builder) rulesOptions() site.RulesOptions {
	return site.RulesOptions{RulePrefix: "R", Noun: "card", Icon: b.iconSVG, IconLabel: iconLabelText,
		Path: func(slug string) string { return "rules/" + slug + "/index.html" },
		Entity: func(id string, l wbcatalog.Lang) (string, string, bool) {
			name, ok := b.cat.CardName(id)
			return name.In(l), "cards/" + id + "/index.html", ok
		},
		// [[card:id]]: the card's front, as its page shows it
		Figure: func(kind, id string, l wbcatalog.Lang) (string, string, bool) {
			name, ok := b.cat.CardName(id)
			return "cards/" + id + "/front.svg", name.In(l), ok && kind == "card"
		},
		// [[map:…]], [[token:…]], [[dice:…]]: drawn as the rulebook draws them
		Draw: ruleset.DrawSVG(func(f lang.Figure, l lang.Lang) (*render.Drawing, error) { return wbcards.Figure(b.cat, f, l) })}
}
