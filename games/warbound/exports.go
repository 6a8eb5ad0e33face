package warbound

import (
	"context"
	"maps"
	"strings"

	"wbtool.dev/wbtool/export"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.Exporter = (*Content)(nil)

// Export makes the exports asked (package export draws them): one PNG
// per card face for each print profile (every card, or a deck's cards
// and its Reference cards), and the Tabletop Simulator saved objects of
// the content decks and the Objective decks (or of one deck), which the
// site links to.
func (c *Content) Export(ctx context.Context, req ruleset.ExportRequest) (ruleset.Exports, error) {
	cat := c.Catalog
	var deck *wbcatalog.Deck
	if req.Deck != "" {
		if deck = cat.Deck(req.Deck); deck == nil {
			var ids []string
			for _, d := range cat.Decks {
				ids = append(ids, d.ID)
			}
			return ruleset.Exports{}, ruleset.Requestf("--deck %q: no such deck (decks: %s)", req.Deck, strings.Join(ids, ", "))
		}
	}
	out := ruleset.Exports{Files: dist.Files{}}
	err := export.Images(ctx, req, &out, func(l wbcatalog.Lang) ([]export.Card, error) {
		laid, err := c.exportCards(l, deck)
		cards := make([]export.Card, len(laid))
		for i := range laid {
			pos, path := wbcards.CardPos(cat, laid[i].ID)
			cards[i] = export.Card{Front: &laid[i].Front, Back: &laid[i].Back, Pos: pos, Path: path}
		}
		return cards, err
	})
	if err != nil {
		return ruleset.Exports{}, err
	}
	if req.TTS {
		files, err := export.TTS(ctx, export.TTSOptions{Langs: req.Langs, BaseURL: req.BaseURL, Site: true, SiteBaseURL: req.SiteBaseURL, Rulebook: req.Rulebook,
			Objects: func(l wbcatalog.Lang) ([]export.SavedObject, error) { return ttsObjects(cat, deck, l), nil },
			Cards:   func(l wbcatalog.Lang, ids []string) ([]export.TTSCard, error) { return ttsCards(cat, l, ids) }})
		if err != nil {
			return ruleset.Exports{}, err
		}
		maps.Copy(out.Files, files.Files)
		out.Linked, out.Site = []string{pipeline.TTSDir}, files.Site
	}
	return out, nil
}

// exportCards lays out the cards of an image export in l: every card,
// or deck d's cards and Reference cards, once each.
func (c *Content) exportCards(l wbcatalog.Lang, d *wbcatalog.Deck) ([]wbcards.Card, error) {
	if d == nil {
		return wbcards.Layout(c.Catalog, l)
	}
	ids := append(append([]string{}, d.Cards...), wbcards.DeckReferences(c.Catalog, d)...)
	return wbcards.LayoutCards(c.Catalog, l, export.Unique(ids))
}

// ttsObjects are the saved objects in l: one per content deck (its
// cards, its Leaders and its Reference cards as separate objects), then,
// without a deck asked (d nil), one per Objective deck.
func ttsObjects(cat *wbcatalog.Catalog, d *wbcatalog.Deck, l wbcatalog.Lang) []export.SavedObject {
	var files []export.SavedObject
	decks := []*wbcatalog.Deck{d}
	if d == nil {
		decks = nil
		for i := range cat.Decks {
			decks = append(decks, &cat.Decks[i])
		}
	}
	for _, d := range decks {
		name := d.Name.In(l)
		var cards, leaders []string
		for _, c := range d.Cards {
			if cat.KindOf(c) == wbcatalog.KindLeader {
				leaders = append(leaders, c)
			} else {
				cards = append(cards, c)
			}
		}
		f := export.SavedObject{Name: d.ID}
		desc := ""
		if d.Description != nil {
			desc = d.Description.In(l)
		}
		add := func(nick, desc string, ids []string) {
			if len(ids) > 0 {
				f.Groups = append(f.Groups, export.Group{Nickname: nick, Description: desc, Cards: ids})
			}
		}
		add(name, desc, cards)
		add(name+" · "+cat.Label("kinds.leader", l), "", leaders)
		add(name+" · "+cat.Label("kinds.reference", l), "", wbcards.DeckReferences(cat, d))
		files = append(files, f)
	}
	if d == nil {
		for _, fm := range []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation} {
			var ids []string
			for _, ob := range cat.Objectives {
				if ob.Format == fm {
					ids = append(ids, ob.ID)
				}
			}
			if len(ids) > 0 {
				files = append(files, export.SavedObject{Name: "objectives-" + string(fm),
					Groups: []export.Group{{Nickname: wbcards.ObjectiveDeckTitle(cat, fm, l), Cards: ids}}})
			}
		}
	}
	return files
}

// ttsCards lays out the cards ids in l for TTS: named as the card, and
// described by its kind.
func ttsCards(cat *wbcatalog.Catalog, l wbcatalog.Lang, ids []string) ([]export.TTSCard, error) {
	laid, err := wbcards.LayoutCards(cat, l, ids)
	if err != nil {
		return nil, err
	}
	out := make([]export.TTSCard, len(laid))
	for i := range laid {
		c := &laid[i]
		name, _ := cat.CardName(c.ID)
		out[i] = export.TTSCard{ID: c.ID, Front: &c.Front, Back: &c.Back, Name: name.In(l), Description: cat.Label("kinds."+string(c.Kind), l)}
	}
	return out, nil
}
