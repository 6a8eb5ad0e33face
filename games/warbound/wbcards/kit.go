package wbcards

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// The play kit: what a playtester needs besides the cards. Sheets prints
// a kit sheet when SheetOptions.Kit names one:
//
//	KitBoard   an Action board at play size, tiled over landscape pages
//	           when it does not fit one (boards.go)
//	KitMap     a scenario map: a one-page overview, then the hex board at
//	           play scale tiled with overlap and assembly marks (maps.go)
//	KitTokens  every token the rules use, in the quantities a game needs,
//	           with cut lines (tokens.go)
//	KitCalibrate  the duplex calibration page with its 100 % ruler
//	           (calibrate.go)
//	KitDeck    a deck's sheet (name, format, cards and attachments, the
//	           Leaders' Orders per Period, the Reference cards included)
//	           before its card pages (decksheet.go)
//
// Objective decks need no kit: they are card sheets of the Objective cards
// of one format, and Objective cards have their own back per format
// (objback.go).

// KitKind names a kit sheet.
type KitKind string

// The kit sheets.
const (
	KitBoard  KitKind = "board"
	KitMap    KitKind = "map"
	KitTokens KitKind = "tokens"
	KitDeck   KitKind = "deck"
	// KitCalibrate is the duplex calibration page (calibrate.go).
	KitCalibrate KitKind = "calibrate"
)

// Kit says which kit sheet to print.
type Kit struct {
	Kind KitKind
	// ID is the Action board, scenario or deck.
	ID string
	// HexSize is a map's hex size in mm across flats: the distance between
	// the centres of two neighbouring tiles (0: DefaultHexSize).
	HexSize float64
	// Source fingerprints the content the sheet draws, so that a cache
	// keyed on the options (watch) sees a change of the board or scenario.
	Source string
}

// labeler reads interface strings in one language.
type labeler struct {
	cat  *wbcatalog.Catalog
	lang wbcatalog.Lang
}

func (k labeler) l(key string) string { return label(k.cat, key, k.lang) }

func (k labeler) ls() string { return string(k.lang) }

// name is a content text in the labeler's language.
func (k labeler) name(t wbcatalog.Text) string { return t.In(k.lang) }

// KitPages lays out the pages of the kit sheet o.Kit, and the document
// title.
func KitPages(cat *wbcatalog.Catalog, o Options) ([]render.Page, string, error) {
	k := labeler{cat, o.Lang}
	switch o.Kit.Kind {
	case KitBoard:
		return boardPages(cat, o, k)
	case KitMap:
		return mapPages(cat, o, k)
	case KitTokens:
		return tokenPages(cat, o, k)
	case KitDeck:
		pages, err := deckSheet(cat, o, k)
		d := cat.Deck(o.Kit.ID)
		if err != nil {
			return nil, "", err
		}
		return pages, k.name(d.Name), nil
	}
	return nil, "", fmt.Errorf("kit sheet %q: want board, map, tokens or deck", o.Kit.Kind)
}

// kitSheets renders a kit sheet as a PDF.
func kitSheets(cat *wbcatalog.Catalog, o Options) ([]byte, error) {
	if o.Kit.Kind == KitCalibrate {
		return render.Calibration(o.SheetOptions, func(key string) string { return label(cat, key, o.Lang) })
	}
	pages, title, err := KitPages(cat, o)
	if err != nil {
		return nil, err
	}
	if o.Title != "" {
		title = o.Title
	}
	return render.PagesPDF(o.SheetOptions, title, pages)
}

// deckPages are a deck's sheet, put before its cards (Kit.Kind KitDeck);
// none for other sheets.
func deckPages(cat *wbcatalog.Catalog, o Options) ([]render.Page, error) {
	if o.Kit.Kind != KitDeck {
		return nil, nil
	}
	return deckSheet(cat, o, labeler{cat, o.Lang})
}

// footer is the line at the bottom of a kit page: what it is, the page,
// the version and the language.
func footer(k labeler, pg *render.Page, o Options, what string, n, total int) {
	version := render.VersionLabel(o.Version)
	s := fmt.Sprintf("%s · %s %d/%d · %s · %s", what, k.l("print.page"), n, total, version, strings.ToUpper(k.ls()))
	pg.Items = append(pg.Items, render.PlaceText(s, k.ls(), render.Regular, render.ColMuted, pg.W/2, pg.H-4, pg.W-20, 6.5, 4, 'c'))
}
