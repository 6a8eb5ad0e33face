package render

import (
	"errors"
	"fmt"

	"codeberg.org/go-pdf/fpdf"
)

// duplexText are the texts in a duplex sheet's margins, in its language.
type duplexText struct {
	title, cards, page, version, lang string
	front                             string // above the fronts: how to print and cut
	backs                             string // names the back pages
}

// duplex draws the cards' sheets of s.perSheet cards: for each, a page of
// fronts then its page of backs, mirrored for long-edge duplex and
// shifted by the back offset, with crop marks and margin texts; first
// pages were drawn before them, of pages in all. drawn gives the cached
// drawing of card i's side (0 front, 1 back), or nil.
// faces(i) gives card i's faces as drawn.
func (p *pdfDoc) duplex(s sheet, n int, faces func(i int) (front, back *Face), drawn func(i, side int) *FaceDrawing, t duplexText, first, pages int) {
	size := fpdf.SizeType{Wd: s.pw, Ht: s.ph}
	x, y, w, h := s.trim(false)
	bx, by, _, _ := s.trim(true)
	fronts, backs := make([]*Face, n), make([]*Face, n) // this sheet's only
	for sh := range (n + s.perSheet - 1) / s.perSheet {
		lo := sh * s.perSheet
		hi := min(lo+s.perSheet, n)
		for i := lo; i < hi; i++ {
			fronts[i], backs[i] = faces(i)
		}
		info := fmt.Sprintf("%s · %s %d–%d / %d · %s %d/%d · %s · %s", t.title, t.cards, lo+1, hi, n,
			t.page, first+2*sh+1, pages, t.version, t.lang)
		p.AddPageFormat("P", size)
		p.setBoxes(s.pw, s.ph, x, y, w, h, s.bx, s.by)
		p.Bookmark(fmt.Sprintf("%s %d", t.page, first+2*sh+1), 0, 0)
		for i := lo; i < hi; i++ {
			front, _ := s.slot(i - lo)
			p.drawFace(fronts[i], drawn(i, 0), front.X, front.Y, s.bx, s.by)
		}
		p.marginText(s, info, false)
		p.marginText(s, t.front, true)
		p.cropMarks(s)

		p.AddPageFormat("P", size)
		p.setBoxes(s.pw, s.ph, bx, by, w, h, s.bx, s.by)
		for i := lo; i < hi; i++ {
			_, back := s.slot(i - lo)
			p.drawFace(backs[i], drawn(i, 1), back.X, back.Y, s.bx, s.by)
		}
		p.marginText(s, fmt.Sprintf("%s · %s %d–%d / %d · %s %d/%d · %s · %s", t.backs, t.cards, lo+1, hi, n,
			t.page, first+2*sh+2, pages, t.version, t.lang), false)
		clear(fronts[lo:hi])
		clear(backs[lo:hi])
	}
}

// SheetLabels are the texts of card sheets in their language, for a
// game's own cards (FaceSheets): the sheet's title, and the words in the
// margins.
type SheetLabels struct {
	Title string // the document's title, "Warstuff · Profile cards"
	Cards string // "Cards", before the range of cards on a sheet
	Page  string // "Page"
	Backs string // "Backs", naming the back pages
	// Front is the line above the fronts: how to print and cut them.
	Front string
}

// FaceSheets draws a game's laid-out cards (fronts[i] and backs[i]) as
// print-and-play sheets: 3 × 3 cards a page on o's paper with o's bleed
// and crop marks, each page of fronts followed by its page of backs
// mirrored for long-edge duplex and shifted by o.BackOffset. first are
// pages put before the cards (a band's roster, a deck's sheet), padded to
// whole sheets of paper. Deterministic, like every PDF here.
func FaceSheets(o SheetOptions, lb SheetLabels, first []Page, fronts, backs []*Face) ([]byte, error) {
	return DuplexSheets(o, lb, first, fronts, backs, nil)
}

// DuplexSheets is FaceSheets for faces a game's layout cache has drawn
// before: drawn gives the drawing kept for card i's side (0 front, 1 back;
// nil, or a nil drawn: the face is drawn item by item).
func DuplexSheets(o SheetOptions, lb SheetLabels, first []Page, fronts, backs []*Face, drawn func(i, side int) *FaceDrawing) ([]byte, error) {
	return DuplexSheetsStamped(o, lb, first, fronts, backs, drawn, nil)
}

// DuplexSheetsStamped is DuplexSheets with the faces drawn made sheet by
// sheet: stamped(i) returns card i's front and back as printed, called
// once, when its sheet of paper is drawn, and let go after it, so that a
// sheet of many cards never holds all of them at once (a 25,000-card set's
// numbered copies were 234 MB). fronts[i] and backs[i] are those faces
// before stamped adds to their items what is neither an image nor a shape
// drawn as a form (a card's number): they count the shapes drawn more
// than once. nil stamped draws fronts and backs.
func DuplexSheetsStamped(o SheetOptions, lb SheetLabels, first []Page, fronts, backs []*Face, drawn func(i, side int) *FaceDrawing, stamped func(i int) (front, back *Face)) ([]byte, error) {
	if len(fronts) != len(backs) {
		return nil, errors.New("no cards to print")
	}
	if drawn == nil {
		drawn = func(int, int) *FaceDrawing { return nil }
	}
	if stamped == nil {
		stamped = func(i int) (front, back *Face) { return fronts[i], backs[i] }
	}
	return duplexSheets(o, lb, first, len(fronts), func(p *pdfDoc) {
		for i := range fronts {
			p.countShapes(fronts[i], drawn(i, 0))
			p.countShapes(backs[i], drawn(i, 1))
		}
	}, drawn, stamped)
}

// DuplexSheetsCounted is DuplexSheetsStamped for n cards of a layout
// cache that keeps no face from one use to the next (a one-shot build of
// a large set): shapes(i, side) is what card i's side counts toward the
// shapes drawn more than once (FaceDrawing.Shapes, taken when the card
// was first laid out), stamped(i) lays card i out when its sheet of paper
// is drawn, and drawn(i, side) is the drawing of that layout, asked for
// once per side after stamped(i), the back last. The same bytes as
// DuplexSheetsStamped of the same faces.
func DuplexSheetsCounted(o SheetOptions, lb SheetLabels, first []Page, n int, shapes func(i, side int) FaceShapes, drawn func(i, side int) *FaceDrawing, stamped func(i int) (front, back *Face)) ([]byte, error) {
	return duplexSheets(o, lb, first, n, func(p *pdfDoc) {
		for i := range n {
			p.countFaceShapes(shapes(i, 0))
			p.countFaceShapes(shapes(i, 1))
		}
	}, drawn, stamped)
}

// duplexSheets draws n cards' sheets after the pages first, once count
// has counted their shapes.
func duplexSheets(o SheetOptions, lb SheetLabels, first []Page, n int, count func(p *pdfDoc), drawn func(i, side int) *FaceDrawing, stamped func(i int) (front, back *Face)) ([]byte, error) {
	s, err := newSheet(o)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errors.New("no cards to print")
	}
	p := newPDF(o, lb.Title)
	if len(first)%2 == 1 {
		first = append(first, Page{W: s.pw, H: s.ph})
	}
	for _, pg := range first {
		p.addPage(pg)
	}
	// the shapes drawn more than once are forms
	count(p)
	pages := len(first) + 2*((n+s.perSheet-1)/s.perSheet)
	p.duplex(s, n, stamped, drawn, duplexText{title: lb.Title, cards: lb.Cards, page: lb.Page,
		version: VersionLabel(o.Version), lang: upper(string(o.Lang)), front: lb.Front, backs: lb.Backs}, len(first), pages)
	out, err := p.output()
	if err != nil {
		return nil, fmt.Errorf("write the PDF: %w", err)
	}
	return out, nil
}

// Check reports whether o's paper, bleed and back offset are ones the
// sheets accept.
func (o SheetOptions) Check() error {
	_, err := newSheet(o)
	return err
}

// Slot is where card i of a sheet of o lands: the top-left corner of its
// cut line on the sheet's front page, and on its back page (mirrored for
// long-edge duplex, shifted by the back offset). A sheet holds
// CardsPerSheet cards.
func (o SheetOptions) Slot(i int) (front, back Pt, err error) {
	s, err := newSheet(o)
	if err != nil {
		return Pt{}, Pt{}, err
	}
	front, back = s.slot(i)
	return front, back, nil
}

// CardsPerSheet is how many cards a sheet of paper holds: 3 × 3 (fewer
// with a bleed the paper has no room for: SheetGrid).
const CardsPerSheet = 9

// upper is s in capitals (a language code on a sheet's margin).
func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}
