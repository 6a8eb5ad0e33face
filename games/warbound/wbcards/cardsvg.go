package wbcards

import (
	"errors"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// SVG returns the front and back images of card id in language l, with
// its number and the set's version as the sheets print them.
func SVG(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) (front, back []byte, err error) {
	c, err := LayoutCard(cat, l, id)
	if err != nil {
		return nil, nil, err
	}
	return cardSVG(Drafted(cat), &c, l)
}

// cardSVG returns the front and back images of a laid-out card of the
// drafted catalog cat.
func cardSVG(cat *wbcatalog.Catalog, c *Card, l wbcatalog.Lang) (front, back []byte, err error) {
	// the art first: its file is read now, and may have changed since
	// the content was loaded
	for _, f := range []*render.Face{&c.Front, &c.Back} {
		for _, it := range f.Items {
			if im, ok := it.(render.Image); ok {
				if _, err := render.WebImage(im); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	name, _ := cat.CardName(c.ID)
	return c.Front.SVG(name.In(l)), c.Back.SVG(name.In(l) + " — " + label(cat, "card.back", l)), nil
}

// CardImages renders the SVG images of every card in both languages, keyed
// by slash path relative to the site root: cards/<lang>/<id>-front.svg and
// cards/<lang>/<id>-back.svg (the back is the common card back for cards
// without a real one).
func CardImages(cat *wbcatalog.Catalog) (map[string][]byte, error) {
	ls := NewLayouts(cat)
	out := map[string][]byte{}
	var errs []error
	for _, l := range wbcatalog.Langs {
		cards, err := ls.Cards(l, allCards(ls.cat), render.VersionLabel(ls.cat.Set.Version))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for i := range cards {
			c := &cards[i]
			dir := "cards/" + string(l) + "/" + c.ID
			var err error
			if out[dir+"-front.svg"], out[dir+"-back.svg"], err = cardSVG(ls.cat, c, l); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}
