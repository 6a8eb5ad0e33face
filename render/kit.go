package render

import (
	"fmt"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
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
func KitPages(cat *wbcatalog.Catalog, o SheetOptions) ([]Page, string, error) {
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
func kitSheets(cat *wbcatalog.Catalog, o SheetOptions) ([]byte, error) {
	if o.Kit.Kind == KitCalibrate {
		return Calibration(cat, o)
	}
	pages, title, err := KitPages(cat, o)
	if err != nil {
		return nil, err
	}
	if o.Title != "" {
		title = o.Title
	}
	return writePages(o, title, pages)
}

// deckPages draws a deck's sheet before its cards (Kit.Kind KitDeck) and
// returns the number of pages it took: always even, so that the card
// fronts and backs that follow stay on the two sides of one sheet.
func deckPages(p *pdfDoc, cat *wbcatalog.Catalog, o SheetOptions, s sheet) (int, error) {
	if o.Kit.Kind != KitDeck {
		return 0, nil
	}
	pages, err := deckSheet(cat, o, labeler{cat, o.Lang})
	if err != nil {
		return 0, err
	}
	if len(pages)%2 == 1 {
		pages = append(pages, Page{W: s.pw, H: s.ph})
	}
	for _, pg := range pages {
		p.addPage(pg)
	}
	return len(pages), nil
}

// footer is the line at the bottom of a kit page: what it is, the page,
// the version and the language.
func footer(k labeler, pg *Page, o SheetOptions, what string, n, total int) {
	version := VersionLabel(o.Version)
	s := fmt.Sprintf("%s · %s %d/%d · %s · %s", what, k.l("print.page"), n, total, version, upper(k.ls()))
	pg.Items = append(pg.Items, PlaceText(s, k.ls(), Regular, ColMuted, pg.W/2, pg.H-4, pg.W-20, 6.5, 4, 'c'))
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}
