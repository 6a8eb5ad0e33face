package wbcards

import (
	"errors"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// Options says what Warbound's sheets print and how: the kit's sheet
// options, then the cards, the sheet of the play kit and the layout cache.
type Options struct {
	render.SheetOptions
	// Cards are the card ids to print, in order, repeats allowed; nil
	// prints every card of the catalog (Layout order).
	Cards []string
	// Kit, when its Kind is set, prints a sheet of the play kit (an
	// Action board, a scenario map, the tokens) instead of cards, or, for
	// a deck, puts the deck sheet before its cards (kit.go).
	Kit Kit
	// Layouts, when it holds the cards of the catalog printed, gives the
	// cards laid out once for every sheet and backend of a build.
	Layouts  *Layouts
	drawAnew bool // tests: every face drawn item by item (no FaceDrawing)
}

// Sheets renders the cards as print-and-play sheets: for every sheet of up
// to 9 cards, a front page then its back page, mirrored for long-edge
// duplex so that each back lands behind its front. It returns the PDF.
func Sheets(cat *wbcatalog.Catalog, o Options) ([]byte, error) {
	ls := o.Layouts
	if !ls.For(cat) {
		ls = nil
	}
	cat = Drafted(cat) // missing translations: the other language, marked
	if o.Set == "" {
		o.Set = cat.Set.Name.In(o.Lang)
	}
	if o.Kit.Kind != "" && o.Kit.Kind != KitDeck {
		return kitSheets(cat, o)
	}
	if err := o.Check(); err != nil {
		return nil, err
	}
	version := render.VersionLabel(o.Version)
	ids := o.Cards
	if ids == nil {
		ids = allCards(cat)
	}
	if ls == nil {
		ls = NewLayouts(cat)
	}
	cards, laid, err := ls.cardsLaid(o.Lang, ids, version, false) // stamped sheet by sheet, below
	if err != nil {
		return nil, err
	}
	if len(cards) == 0 {
		return nil, errors.New("no cards to print")
	}
	l := o.Lang
	title := o.Title
	if title == "" {
		title = label(cat, "print.title", l)
	}
	// a deck's sheet comes first, on whole sheets of paper
	first, err := deckPages(cat, o)
	if err != nil {
		return nil, err
	}
	labels := render.SheetLabels{Title: title, Cards: label(cat, "print.cards", l), Page: label(cat, "print.page", l),
		Backs: label(cat, "print.backs", l), Front: label(cat, "print.duplex", l) + " · " + label(cat, "print.cut", l)}
	if ls.faceless && !o.drawAnew {
		// no face kept: each card laid out when its sheet is drawn, and
		// let go with it (its drawing asked for after it, the back last)
		fresh := map[int]*laidOut{}
		return render.DuplexSheetsCounted(o.SheetOptions, labels, first, len(laid),
			func(i, side int) render.FaceShapes { return laid[i].shapes[side] },
			func(i, side int) *render.FaceDrawing {
				e := fresh[i]
				if side == 1 {
					delete(fresh, i)
				}
				return &e.pdf[side]
			},
			func(i int) (front, back *render.Face) {
				c, e := ls.card(l, ids[i], version)
				fresh[i] = e
				return &c.Front, &c.Back
			})
	}
	fronts, backs := make([]*render.Face, len(cards)), make([]*render.Face, len(cards))
	for i := range cards {
		fronts[i], backs[i] = &cards[i].Front, &cards[i].Back
	}
	drawn := func(i, side int) *render.FaceDrawing {
		if o.drawAnew {
			return nil
		}
		return &laid[i].pdf[side]
	}
	stamped := func(i int) (front, back *render.Face) {
		c, _ := ls.card(l, ids[i], version) // laid out above: ok
		return &c.Front, &c.Back
	}
	return render.DuplexSheetsStamped(o.SheetOptions, labels, first, fronts, backs, drawn, stamped)
}
