package ruleset

import (
	"context"
	"fmt"
	"time"

	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
)

// Sheets is content that prints card sheets on demand (`wbtool print`,
// capability CapSheets): every card, one deck (a Warbound deck, a
// Warstuff band), or a scenario's map, on the paper, bleed and back
// offset asked. The build's own sheets are Content.Print. A request
// naming what the content lacks (an unknown deck) is a *RequestError.
type Sheets interface {
	Sheets(ctx context.Context, req SheetRequest) (SheetSet, error)
}

// SheetRequest says which sheets to print and how.
type SheetRequest struct {
	// Deck, when set, prints that deck's cards (fronts and backs) as the
	// build prints its deck sheets; "" prints every card.
	Deck string
	// Map, when set, prints the scenario's map instead of cards, at
	// HexSize mm across flats (0: the game's default).
	Map     string
	HexSize float64
	// Langs are the languages to print (nil: every language).
	Langs []lang.Lang
	// Paper is "a4" or "letter"; Bleed the mm of background printed
	// beyond each cut line; BackOffsetX and BackOffsetY shift the back
	// pages (mm, X to the right and Y down as seen on the back).
	Paper                    string
	Bleed                    float64
	BackOffsetX, BackOffsetY float64
	// Tool is wbtool's version (the PDFs' creator) and Date the PDFs'
	// date.
	Tool string
	Date time.Time
}

// SheetSet are the sheets printed.
type SheetSet struct {
	// Paths are the plan paths of the sheets ("print/cards-en.pdf"), in
	// the order they were asked for.
	Paths []string
	// Files are the sheets, relative to the print folder.
	Files dist.Files
}

// RequestError is a request naming what the content does not have (a
// deck, a scenario): a mistake on the command line, which the CLI
// reports as a usage error (exit 2).
type RequestError struct{ Msg string }

func (e *RequestError) Error() string { return e.Msg }

// Requestf is a RequestError.
func Requestf(format string, args ...any) error {
	return &RequestError{fmt.Sprintf(format, args...)}
}
