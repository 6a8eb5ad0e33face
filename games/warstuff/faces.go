package warstuff

import (
	"slices"
	"strings"

	"wbtool.dev/wbtool/diag"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// The words of the duplex sheets and the card back, in both languages; a
// content tree's `strings` override them (ws.Catalog.Label).
var printWords = map[string]ws.Text{
	"print.cards":  {EN: "cards", FR: "cartes"},
	"print.backs":  {EN: "Card backs", FR: "Dos des cartes"},
	"print.front":  {EN: "Print double-sided, flip on long edge · Cut along the crop marks", FR: "Imprimez en recto verso, retournement sur le bord long · Découpez en suivant les traits de coupe"},
	"back.title":   {EN: "WARSTUFF", FR: "WARSTUFF"},
	"back.tagline": {EN: "Profile card", FR: "Carte de profil"},
}

// word is the interface word key in l: the content's, else printWords'.
func word(cat *ws.Catalog, key string, l ws.Lang) string {
	if s := cat.Label(key, l); s != "" {
		return s
	}
	return printWords[key].Show(l)
}

// profileKind is the kind of a Warstuff card face (render.Face.Kind).
const profileKind = "profile"

// face is profile p's card in l, for the duplex sheets and the exports:
// the profile card the build prints (ProfileCard) on a background that
// runs render.Bleed beyond the cut, the cut being the card's edge (a
// print-on-demand service rounds the corners), and the common back.
func face(cat *ws.Catalog, p *ws.Profile, l ws.Lang) (front, back *render.Face, err error) {
	items, err := ProfileCard(cat, p, l, 0, 0)
	if err != nil {
		return nil, nil, err
	}
	const b = render.Bleed
	items[0] = render.Rect{X: -b, Y: -b, W: render.CardW + 2*b, H: render.CardH + 2*b, Paint: paint(&colPaper, nil, 0)}
	front = &render.Face{Card: p.ID, Kind: profileKind, Side: "front", Lang: l, Items: items}
	back = &render.Face{Card: p.ID, Kind: profileKind, Side: "common-back", Lang: l}
	back.Items, err = cardBack(cat, l)
	return front, back, err
}

// cardBack is the back every profile card shares: the ink background to
// the bleed, a gold frame, the game's name and what the card is.
func cardBack(cat *ws.Catalog, l ws.Lang) ([]render.Item, error) {
	const b = render.Bleed
	w, h := render.CardW, render.CardH
	items := []render.Item{
		render.Rect{X: -b, Y: -b, W: w + 2*b, H: h + 2*b, Paint: paint(&colInk, nil, 0)},
		render.Rect{X: 5, Y: 5, W: w - 10, H: h - 10, R: 2.5, Paint: paint(nil, &colGold, 0.6)},
		render.Rect{X: 6.5, Y: 6.5, W: w - 13, H: h - 13, R: 1.8, Paint: paint(nil, &colGold, 0.25)},
		render.Circle{X: w / 2, Y: h/2 - 8, R: 9, Paint: paint(&colGold, &colWhite, 0.5)},
		render.Circle{X: w / 2, Y: h/2 - 8, R: 5.5, Paint: paint(&colInk, nil, 0)},
	}
	lang := string(l)
	title, err := render.TextLine(word(cat, "back.title", l), lang, true, colGold, w/2, h/2+10, w-16, 16, 8, 'c', "the card back: the title")
	if err != nil {
		return nil, err
	}
	tag, err := render.TextLine(word(cat, "back.tagline", l), lang, false, colWhite, w/2, h/2+17, w-16, 8, 5, 'c', "the card back: the tagline")
	if err != nil {
		return nil, err
	}
	return append(items, title, tag), nil
}

// sheetCards are the cards of a sheet or an export: every profile and
// creature, or band's profiles (one card per entry, in its order).
func (c *Content) sheetCards(band *ws.Band) []*ws.Profile {
	if band == nil {
		return c.cards()
	}
	var out []*ws.Profile
	for _, f := range band.Figures {
		if p := c.Catalog.Profile(f.Profile); p != nil && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// band is the band id asked for (nil for ""), or the request's error
// listing the bands.
func (c *Content) band(id string) (*ws.Band, error) {
	if id == "" {
		return nil, nil
	}
	var ids []string
	for i := range c.Catalog.Bands {
		b := &c.Catalog.Bands[i]
		if b.ID == id {
			return b, nil
		}
		ids = append(ids, b.ID)
	}
	return nil, ruleset.Requestf("--deck %q: no such band (bands: %s)", id, strings.Join(ids, ", "))
}

// cardPath is where profile p is declared, as a field path:
// "profiles.<id>" or "creatures.<id>".
func (c *Content) cardPath(p *ws.Profile) (diag.Pos, string) {
	for i := range c.Catalog.Creatures {
		if &c.Catalog.Creatures[i] == p {
			return p.Pos, "creatures." + p.ID
		}
	}
	return p.Pos, "profiles." + p.ID
}
