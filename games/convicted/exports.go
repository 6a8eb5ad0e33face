package convicted

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/export"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/games/convicted/cvschema"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/translations"
)

var (
	_ ruleset.Exporter     = (*Content)(nil)
	_ ruleset.Differ       = (*Content)(nil)
	_ ruleset.Translations = (*Content)(nil)
	_ ruleset.Errata       = (*Content)(nil)
)

// Export writes the kit's cards as images per print profile (front and
// back of each) and, for TTS, one saved object: the hero, building,
// research and enemy decks. A --deck names a save sheet: it must exist;
// the cards are the same for every campaign.
func (c *Content) Export(ctx context.Context, req ruleset.ExportRequest) (ruleset.Exports, error) {
	if _, err := c.save(req.Deck); err != nil {
		return ruleset.Exports{}, err
	}
	out := ruleset.Exports{Files: dist.Files{}}
	err := export.Images(ctx, req, &out, func(l lang.Lang) ([]export.Card, error) {
		var cards []export.Card
		for _, k := range c.cards(l) {
			f, err := k.face(l)
			if err != nil {
				return nil, err
			}
			b, err := k.back(l)
			if err != nil {
				return nil, err
			}
			cards = append(cards, export.Card{Front: f, Back: b, Pos: k.pos, Path: k.path})
		}
		return cards, nil
	})
	if err != nil {
		return ruleset.Exports{}, err
	}
	if req.TTS {
		files, err := export.TTS(ctx, export.TTSOptions{Langs: req.Langs, BaseURL: req.BaseURL, Rulebook: req.Rulebook, Objects: c.ttsObjects, Cards: c.ttsCards, Tokens: c.ttsTokens})
		if err != nil {
			return ruleset.Exports{}, err
		}
		maps.Copy(out.Files, files.Files)
	}
	return out, nil
}

// ttsObjects: one saved object, a deck per kind of card and a bag per
// group of tokens holding the printed counts (C-COMP-1, C-COMP-2).
func (c *Content) ttsObjects(l lang.Lang) ([]export.SavedObject, error) {
	var groups []export.Group
	kind := ""
	for _, k := range c.cards(l) {
		if k.kind != kind {
			kind = k.kind
			groups = append(groups, export.Group{Nickname: siteTitle[l] + " · " + word(k.kind, l), Description: word("kit", l)})
		}
		groups[len(groups)-1].Cards = append(groups[len(groups)-1].Cards, k.id)
	}
	var bags []export.Bag
	for _, g := range c.tokenGroups(l) {
		bag := export.Bag{Nickname: siteTitle[l] + " · " + g.bag, Description: g.head}
		for _, t := range g.tokens {
			for range t.count {
				bag.Tokens = append(bag.Tokens, t.id)
			}
		}
		if len(bag.Tokens) > 0 {
			bags = append(bags, bag)
		}
	}
	return []export.SavedObject{{Name: Game, Groups: groups, Bags: bags}}, nil
}

// ttsTokens are the bags' tokens laid out in l, each round the centre
// of a card's face (export.TTSToken).
func (c *Content) ttsTokens(l lang.Lang, ids []string) ([]export.TTSToken, error) {
	var out []export.TTSToken
	for _, g := range c.tokenGroups(l) {
		for _, t := range g.tokens {
			if !slices.Contains(ids, t.id) {
				continue
			}
			items, err := tokenFace(t, string(l))
			if err != nil {
				return nil, err
			}
			name := t.top
			if t.bottom != "" {
				name += " " + t.bottom
			}
			face := &render.Face{Card: t.id, Kind: "token", Side: "front", Lang: l, Items: render.Transform(items, 1, render.CardW/2, render.CardH/2)}
			out = append(out, export.TTSToken{ID: t.id, Face: face, Name: name})
		}
	}
	return out, nil
}

func (c *Content) ttsCards(l lang.Lang, ids []string) ([]export.TTSCard, error) {
	var out []export.TTSCard
	for _, k := range c.cards(l) {
		if !slices.Contains(ids, k.id) {
			continue
		}
		f, err := k.face(l)
		if err != nil {
			return nil, err
		}
		b, err := k.back(l)
		if err != nil {
			return nil, err
		}
		out = append(out, export.TTSCard{ID: k.id, Front: f, Back: b, Name: k.title, Description: k.label})
	}
	return out, nil
}

// comparison names the catalog's collections for `wbtool diff`; the
// heroes, buildings and technologies are cards.
var comparison = changes.Spec{
	Nouns: map[string]string{"rules": "rule", "heroes": "hero", "buildings": "building", "technologies": "technology",
		"units": "unit", "factions": "faction", "enemies": "enemy unit", "engines": "siege engine", "scenarios": "scenario",
		"resources": "resource", "sections": "section", "ring": "ring section", "saves": "save sheet", "checks": "check game"},
	Cards: []string{"heroes", "buildings", "technologies"},
}

// collections are the catalog's lists with an id, by their content
// section.
type collections struct {
	Rules        []cvcatalog.Rule        `json:"rules"`
	Heroes       []cvcatalog.Hero        `json:"heroes"`
	Buildings    []cvcatalog.Building    `json:"buildings"`
	Technologies []cvcatalog.Technology  `json:"technologies"`
	Resources    []cvcatalog.Resource    `json:"resources"`
	Sections     []cvcatalog.Section     `json:"sections"`
	Ring         []cvcatalog.RingSection `json:"ring"`
	Units        []cvcatalog.Unit        `json:"units"`
	Factions     []cvcatalog.Faction     `json:"factions"`
	Enemies      []cvcatalog.Enemy       `json:"enemies"`
	Engines      []cvcatalog.Engine      `json:"engines"`
	Scenarios    []cvcatalog.Scenario    `json:"scenarios"`
	Saves        []cvcatalog.Save        `json:"saves"`
	Checks       []cvcatalog.Check       `json:"checks"`
}

// Comparable lists the catalog's collections, the fortification levels,
// the stages and the player-count rows (a rule's state change shows as
// a field change of the rule).
func (c *Content) Comparable() ([]changes.Collection, error) { return comparable(c.Catalog) }

func comparable(cat *cvcatalog.Catalog) ([]changes.Collection, error) {
	cs, err := changes.Collect(&collections{Rules: cat.Rules, Heroes: cat.Heroes, Buildings: cat.Buildings, Technologies: cat.Technologies,
		Resources: cat.Resources, Sections: cat.Sections, Ring: cat.Ring, Units: cat.Units, Factions: cat.Factions, Enemies: cat.Enemies,
		Engines: cat.Engines, Scenarios: cat.Scenarios, Saves: cat.Saves, Checks: cat.Checks}, comparison)
	if err != nil {
		return nil, err
	}
	var extra []changes.Collection
	add := func(name, noun, id string, v any, t *lang.Text) error {
		raw, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("%s %s: %w", name, id, err)
		}
		if n := len(extra); n == 0 || extra[n-1].Name != name {
			extra = append(extra, changes.Collection{Name: name, Noun: noun})
		}
		extra[len(extra)-1].Items = append(extra[len(extra)-1].Items, changes.Item{ID: id, JSON: raw, Name: t})
		return nil
	}
	for _, kind := range []string{"wall", "tower"} {
		for i, lv := range cat.Fortifications.Levels(kind) {
			if err := add("fortifications", "fortification level", fmt.Sprintf("%s-%d", kind, i), lv, &lv.Name); err != nil {
				return nil, err
			}
		}
	}
	for _, st := range cat.Stages.List {
		if err := add("stages", "stage", fmt.Sprintf("stage-%d", st.Number), st, &st.Name); err != nil {
			return nil, err
		}
	}
	for _, r := range cat.Players.Rows {
		if err := add("players", "player-count row", fmt.Sprintf("%dp", r.Players), r, nil); err != nil {
			return nil, err
		}
	}
	return append(cs, extra...), nil
}

// Texts are the content's texts in both languages, for `wbtool i18n`.
func (c *Content) Texts() *translations.Texts {
	cat := c.Catalog
	var all []lang.TextAt
	add := func(pos diag.Pos, t lang.Text, path ...string) {
		all = append(all, lang.TextAt{Path: path, Text: t, Pos: pos})
	}
	for _, x := range cat.Heroes {
		add(x.Pos, x.Name, "heroes", x.ID, "name")
		add(x.Pos, x.Story, "heroes", x.ID, "story")
		add(x.Pos, x.Text, "heroes", x.ID, "text")
	}
	for _, x := range cat.Buildings {
		add(x.Pos, x.Name, "buildings", x.ID, "name")
	}
	for _, kind := range []string{"wall", "tower"} {
		for i, lv := range cat.Fortifications.Levels(kind) {
			add(lv.Pos, lv.Name, "fortifications", kind, fmt.Sprint(i), "name")
		}
	}
	for _, x := range cat.Resources {
		add(x.Pos, x.Name, "resources", x.ID, "name")
	}
	for _, x := range cat.Technologies {
		add(x.Pos, x.Name, "technologies", x.ID, "name")
	}
	for _, x := range cat.Units {
		add(x.Pos, x.Name, "units", x.ID, "name")
	}
	for _, x := range cat.Factions {
		add(x.Pos, x.Name, "factions", x.ID, "name")
	}
	for _, x := range cat.Enemies {
		add(x.Pos, x.Name, "enemies", x.ID, "name")
	}
	for _, x := range cat.Engines {
		add(x.Pos, x.Name, "engines", x.ID, "name")
	}
	for _, x := range cat.Stages.List {
		add(x.Pos, x.Name, "stages", fmt.Sprint(x.Number), "name")
	}
	for _, x := range cat.Scenarios {
		add(x.Pos, x.Name, "scenarios", x.ID, "name")
	}
	slices.SortFunc(all, func(a, b lang.TextAt) int { return slices.Compare(a.Path, b.Path) })
	return &translations.Texts{Count: len(all), Missing: cat.Draft, All: func() []lang.TextAt { return all }}
}

// Errata compares the content with the earlier version asked for
// (--since): the changes, entry by entry, on the site's errata page
// (errata.html) in each language, and the cards to reprint.
func (c *Content) Errata() (diag.List, bool) {
	if c.since == "" {
		return nil, false
	}
	fail := func(err error) diag.List { return ruleset.SinceProblem(c.since, err) }
	old, name, err := ruleset.LoadVersion(c.versions, Game, c.since, func(fsys fs.FS, root string) (*cvcatalog.Catalog, error) {
		cat, _, err := cvschema.Load(fsys, cvschema.Options{Root: root, Draft: true})
		return cat, err
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
	prefix := map[string]string{"heroes": "hero-", "buildings": "building-", "technologies": "tech-"}
	for _, e := range rep.Changes {
		if !e.Card || e.Change == changes.Removed {
			continue
		}
		for _, l := range lang.Langs {
			changed := e.Change == changes.Added || e.Change == changes.Renamed
			for _, f := range e.Fields {
				if f.Lang == "" || f.Lang == l {
					changed = true
				}
			}
			if !changed {
				continue
			}
			for _, k := range c.cards(l) {
				id := prefix[e.Collection] + e.ID
				if k.id == id || strings.HasPrefix(k.id, id+"-") && e.Collection == "buildings" {
					c.reprint[l] = append(c.reprint[l], k.id)
				}
			}
		}
	}
	return nil, true
}

// errataPage is the site's errata page body in l, or "" without
// --since: each changed entry by its name, each field in players' words
// (site.ErrataList), never a value as JSON nor a field's path.
func (c *Content) errataPage(l lang.Lang) string {
	if c.errata == nil {
		return ""
	}
	return site.ErrataList(c.errata, c.since0, l, func(key string) (string, bool) {
		if t, ok := errataFields[key]; ok {
			return t.In(l), true
		}
		for _, r := range c.Catalog.Resources { // a cost's part
			if r.ID == key {
				return r.Name.In(l), true
			}
		}
		return "", false
	}, func(s string) string { return typoText(s, l) })
}

// errataFields name the fields of a change on the errata page, and the
// parts of their paths (changes.Label); a field without a name is
// "Other detail", never its path.
var errataFields = map[string]lang.Text{
	"name": {EN: "Name", FR: "Nom"}, "text": {EN: "Text", FR: "Texte"}, "story": {EN: "Story", FR: "Histoire"},
	"ability": {EN: "Ability", FR: "Capacité"}, "amount": {EN: "amount", FR: "valeur"},
	"cost": {EN: "Cost", FR: "Coût"}, "level": {EN: "Level", FR: "Niveau"}, "levels": {EN: "Levels", FR: "Niveaux"},
	"start": {EN: "Starting level", FR: "Niveau de départ"}, "trains": {EN: "Trains", FR: "Forme"},
	"capacity": {EN: "Capacity", FR: "Capacité"}, "resistance": {EN: "Resistance", FR: "Résistance"},
	"st": {EN: "ST", FR: "ST"}, "en": {EN: "EN", FR: "EN"}, "su": {EN: "SU", FR: "SU"}, "rfs": {EN: "RFS", FR: "PF"},
	"hitOn": {EN: "Hits on", FR: "Touche sur"}, "damage": {EN: "Damage", FR: "Dégâts"},
	"faction": {EN: "Faction", FR: "Faction"}, "aerial": {EN: "Aerial", FR: "Aérien"},
	"state": {EN: "State", FR: "État"}, "source": {EN: "Where the seed has it", FR: "Où la source la donne"},
	"turns": {EN: "Turns", FR: "Tours"}, "waves": {EN: "Waves", FR: "Vagues"}, "players": {EN: "Players", FR: "Joueurs"},
}

// reprintSheets are the reprint sheets of the cards that changed since
// --since, one per language that has any.
func (c *Content) reprintSheets(po ruleset.PrintOptions, files dist.Files) error {
	for _, l := range lang.Langs {
		ids := slices.Compact(c.reprint[l])
		if len(ids) == 0 {
			continue
		}
		fronts, backs, err := c.faces(l)
		if err != nil {
			return err
		}
		var fs, bs []*render.Face
		for i, f := range fronts {
			if slices.Contains(ids, f.Card) {
				fs, bs = append(fs, f), append(bs, backs[i])
			}
		}
		o := c.sheetOptions(l, ruleset.SheetRequest{Paper: "a4", Tool: po.Version, Date: po.Date})
		lb := render.SheetLabels{Title: word("reprint", l), Cards: word("cards", l), Page: word("page", l), Backs: word("backs", l), Front: word("front", l)}
		pdf, err := render.FaceSheets(o, lb, nil, fs, bs)
		if err != nil {
			return err
		}
		_, rel := pipeline.InDir(pipeline.ReprintSheet(l))
		files[rel] = pdf
	}
	return nil
}
