package render

import (
	"sync"
	"sync/atomic"
)

// FaceDrawing is a face's layout drawn as PDF content (pdfdraw.go), for
// every sheet that prints it: the items it was laid out with, from a
// fresh graphics state; a sheet adds the card number after them. A game's
// layout cache keeps one per side of each card (NewFaceDrawings) and hands
// them to DuplexSheets.
type FaceDrawing struct {
	once  sync.Once
	items []Item      // the layout's items: a sheet's face starts with them
	table *ShapeTable // the shapes of the Layouts' faces
	names [4]string   // the font names it was drawn with
	d     atomic.Pointer[drawnFace]
	// drop: the drawing is let go once a page has drawn it (DropWhenDrawn)
	drop bool
}

// DropWhenDrawn lets the drawing go once a sheet's page has drawn it: a
// later sheet printing the face draws it item by item (the same bytes).
// For a build that prints each card once (a one-shot build: its 25,000
// cards' drawings are 422 MB held to the end of the build otherwise).
// Call it before the drawing is used.
func (fd *FaceDrawing) DropWhenDrawn() { fd.drop = true }

// Kept reports whether fd holds its drawing.
func (fd *FaceDrawing) Kept() bool { return fd.d.Load() != nil }

// used is called once a page has drawn fd's drawing.
func (fd *FaceDrawing) used() {
	if fd != nil && fd.drop {
		fd.d.Store(nil)
	}
}

// drawnFace is the content of the first n items of a face, but for its
// large shapes, and the graphics state it ends in.
type drawnFace struct {
	b   []byte
	n   int
	end pdfState
	// shapes are its large shapes, left out of b (shapeForm): each
	// document draws them in place or as forms
	shapes []shapeMark
}

// NewFaceDrawings are the drawings of a card's front and back laid out
// with the items front and back, drawn once when a sheet first prints
// them; shapes collects the large shapes of every face of one cache.
func NewFaceDrawings(front, back []Item, shapes *ShapeTable) *[2]FaceDrawing {
	return &[2]FaceDrawing{{items: front, table: shapes}, {items: back, table: shapes}}
}

// get returns the drawing of the items the face was laid out with, drawn
// with fonts names, for a face whose items start with them (the face as
// laid out, then its card number: Layouts.cardsLaid), or nil when it has no
// items or the fonts differ.
func (fd *FaceDrawing) get(items []Item, names *[4]string) *drawnFace {
	if fd == nil || len(fd.items) == 0 || len(items) < len(fd.items) {
		return nil
	}
	fd.once.Do(func() {
		var shapes shapeSink
		s := pdfStream{names: names, pdfState: freshState, shapes: &shapes, table: fd.table,
			b: make([]byte, 0, 40*len(fd.items))}
		s.items(fd.items)
		fd.names = *names
		fd.d.Store(&drawnFace{b: s.b, n: len(fd.items), end: s.pdfState, shapes: shapes.marks})
	})
	if fd.names != *names {
		return nil
	}
	return fd.d.Load()
}
