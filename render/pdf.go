package render

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"wbtool.dev/wbtool/lang"
)

// Paper sizes, in millimetres (portrait).
var papers = map[string]Pt{
	"a4":     {210, 297},
	"letter": {215.9, 279.4},
}

// Papers lists the paper names Sheets accepts.
func Papers() []string { return []string{"a4", "letter"} }

// MaxBleed is the largest bleed the sheets accept, in millimetres.
const MaxBleed = Bleed

// SheetOptions says what to print and how.
type SheetOptions struct {
	Lang  lang.Lang
	Paper string  // "a4" (default) or "letter"
	Bleed float64 // mm of background printed beyond each cut line, 0..3
	// BackOffset shifts every back page by (X, Y) mm, X to the right and Y
	// down as seen on the back: what the calibration page measures.
	BackOffset Pt
	// Version is the set's version (the game's), printed on every card
	// and kit page and in the PDF's subject and keywords; Set is the
	// set's name in the sheet's language ("": the catalog's); Tool is
	// wbtool's version, the PDF's creator.
	Version string
	Set     string
	// Game is the game's name, the PDF's author, and the set's name
	// when Set is "" ("": Warbound).
	Game  string
	Tool  string
	Date  time.Time // PDF dates; zero means DefaultDate
	Title string    // document title; default: the print.title string
	// Pages, when set, keeps the compressed pages of the sheets from one
	// build to the next (watch, serve): the sheets are the same bytes.
	Pages *PageCache

	// Uncompressed leaves the content streams uncompressed (tests read
	// them).
	Uncompressed bool
}

// DefaultDate is the PDF creation date when no SOURCE_DATE_EPOCH is given,
// so that two builds are byte-identical.
var DefaultDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// SourceDateEpoch parses the value of the SOURCE_DATE_EPOCH environment
// variable (reproducible-builds.org): whole seconds since 1970 in UTC. An
// empty value gives DefaultDate.
func SourceDateEpoch(v string) (time.Time, error) {
	if v == "" {
		return DefaultDate, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > 253402300799 {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: want whole seconds since 1970-01-01 UTC, from 0 to 253402300799", v)
	}
	return time.Unix(n, 0).UTC(), nil
}

// sheet is the geometry of a sheet of cards: 3 × 3, fewer when the
// bleed asked needs the room (newSheet).
type sheet struct {
	pw, ph   float64 // paper
	bx, by   float64 // bleed across (left/right) and along (top/bottom)
	gx, gy   float64 // gaps between cards
	mx, my   float64 // page margin to the first cut line
	cols     int
	rows     int
	back     Pt
	markX    float64 // length of the crop marks in the top and bottom margins
	markY    float64 // length of the crop marks in the left and right margins
	perSheet int
}

func newSheet(o SheetOptions) (sheet, error) {
	paper := o.Paper
	if paper == "" {
		paper = "a4"
	}
	size, ok := papers[strings.ToLower(paper)]
	if !ok {
		return sheet{}, fmt.Errorf("paper %q: want a4 or letter", o.Paper)
	}
	if o.Bleed < 0 || o.Bleed > MaxBleed || math.IsNaN(o.Bleed) {
		return sheet{}, fmt.Errorf("bleed %gmm: want 0 to %gmm", o.Bleed, MaxBleed)
	}
	if math.Abs(o.BackOffset.X) > 10 || math.Abs(o.BackOffset.Y) > 10 || math.IsNaN(o.BackOffset.X) || math.IsNaN(o.BackOffset.Y) {
		return sheet{}, fmt.Errorf("back offset %g,%g mm: want each between -10 and 10 mm", o.BackOffset.X, o.BackOffset.Y)
	}
	s := sheet{pw: size.X, ph: size.Y, cols: 3, rows: 3, back: o.BackOffset}
	// Each card gets its bleed on every side, so cards are 2 × bleed
	// apart. The margin outside the bleed holds the crop marks, which a
	// home printer must be able to print: they start markEdge from the
	// paper's edge and stop markClear short of the bleed. Where the paper
	// has no room for 3 cards with that and the whole bleed (A4 across
	// from 1 mm, letter top to bottom), the sheet holds fewer cards on
	// that axis (SheetGrid: the print command says so), so that every
	// edge of every card gets the bleed asked.
	fit := func(paper, card float64, n int) float64 {
		return max(0, min(o.Bleed, (paper-float64(n)*card-2*markRoom)/float64(2*n)))
	}
	const eps = 1e-9
	for s.cols > 1 && fit(s.pw, CardW, s.cols) < o.Bleed-eps {
		s.cols--
	}
	for s.rows > 1 && fit(s.ph, CardH, s.rows) < o.Bleed-eps {
		s.rows--
	}
	s.perSheet = s.cols * s.rows
	s.bx, s.by = fit(s.pw, CardW, s.cols), fit(s.ph, CardH, s.rows)
	s.gx, s.gy = 2*s.bx, 2*s.by
	s.mx = (s.pw - (float64(s.cols)*CardW + float64(s.cols-1)*s.gx)) / 2
	s.my = (s.ph - (float64(s.rows)*CardH + float64(s.rows-1)*s.gy)) / 2
	s.markX = min(5, s.my-s.by-markClear-markEdge)
	s.markY = min(5, s.mx-s.bx-markClear-markEdge)
	return s, nil
}

// Crop marks, mm: they start at least markEdge from the paper's edge (home
// printers leave 3 to 5 mm blank), stop markClear short of the bleed, and
// are at least markMin long; markRoom is the margin outside the bleed that
// holds them.
const (
	markEdge  = 5.0
	markClear = 0.5
	markMin   = 2.0
	markRoom  = markEdge + markMin + markClear
)

// trim returns the sheet's trim box (the outer cut lines of the 3 × 3
// grid, top-left corner and size) on the front page, or on the back page
// (shifted by the back offset), and its bleed (the trim box grown by the
// bleed kept on each axis).
func (s sheet) trim(back bool) (x, y, w, h float64) {
	x, y = s.mx, s.my
	if back {
		x, y = s.pw-s.mx-(float64(s.cols)*CardW+float64(s.cols-1)*s.gx)+s.back.X, s.my+s.back.Y
	}
	return x, y, float64(s.cols)*CardW + float64(s.cols-1)*s.gx, float64(s.rows)*CardH + float64(s.rows-1)*s.gy
}

// slot returns the top-left corner of the cut line of card i on its
// sheet's front page, and on its back page (mirrored for long-edge duplex,
// then shifted by the back offset).
func (s sheet) slot(i int) (front, back Pt) {
	c, r := i%s.cols, (i/s.cols)%s.rows
	front = Pt{s.mx + float64(c)*(CardW+s.gx), s.my + float64(r)*(CardH+s.gy)}
	back = Pt{s.pw - front.X - CardW + s.back.X, front.Y + s.back.Y}
	return front, back
}

// VersionLabel is how a version is printed (cards, sheets, site):
// "v1.2.3", "dev" when unknown.
func VersionLabel(v string) string {
	if v == "" {
		return "dev"
	}
	if v[0] >= '0' && v[0] <= '9' {
		return "v" + v
	}
	return v
}

// pdfDoc wraps fpdf with the Go fonts and deterministic settings; the
// layout model is drawn by pdfStream (pdfdraw.go).
type pdfDoc struct {
	*fpdf.Fpdf
	fonts pdfFonts
	s     pdfStream
	// faces are the faces drawn so far, by the hash of their content:
	// a face drawn a second time becomes a form (drawFace).
	faces   map[[32]byte]string
	scratch []byte
	// shapeUses counts the faces of the document that draw each large
	// shape (shapeForm): those drawn more than once are forms, added
	// once (shapeAdded)
	shapeUses  map[string]int
	shapeAdded map[string]bool
	shapes     shapeSink
}

// countShapes counts the large shapes that face f draws, for the forms:
// those of its drawing (drawn: nil, none kept), then of the items after
// it.
func (p *pdfDoc) countShapes(f *Face, drawn *FaceDrawing) {
	if slices.ContainsFunc(f.Items, isImage) {
		return // drawn without forms (drawClipped)
	}
	if p.shapeUses == nil {
		p.shapeUses = map[string]int{}
	}
	items := f.Items
	if drawn != nil && drawn.drop {
		// counted from the items (as the drawing would find them, with
		// its table): the drawing is made when the page draws the face,
		// and let go then, not held for every face of the document
		for _, name := range formNames(items, drawn.table) {
			p.shapeUses[name]++
		}
		return
	}
	d := drawn.get(items, &p.fonts.names)
	if d != nil {
		for _, m := range d.shapes {
			p.shapeUses[m.shape.name]++
		}
		items = items[d.n:]
	}
	for _, it := range items {
		if formShape(it) {
			p.shapeUses[p.s.shapeForm(it).name]++
		}
	}
}

// FaceShapes is what a face counts toward the shapes a document draws
// more than once (as forms): the names of its large shapes, unless it
// shows a picture (drawn without forms). FaceDrawing.Shapes.
type FaceShapes struct {
	names []string
	image bool
}

// Shapes is what fd's face counts toward a document's shapes drawn more
// than once, found in its items as laid out: a layout cache that lets the
// face go keeps it instead (DuplexSheetsCounted).
func (fd *FaceDrawing) Shapes() FaceShapes {
	if slices.ContainsFunc(fd.items, isImage) {
		return FaceShapes{image: true}
	}
	names := formNames(fd.items, fd.table)
	if t := fd.table; t != nil && len(names) > 0 {
		// most faces count the same shapes: their list is kept once
		key := strings.Join(names, "")
		t.mu.Lock()
		if same, ok := t.lists[key]; ok {
			names = same
		} else {
			if t.lists == nil {
				t.lists = map[string][]string{}
			}
			t.lists[key] = names
		}
		t.mu.Unlock()
	}
	return FaceShapes{names: names}
}

// countFaceShapes counts a face's shapes (countShapes, from FaceShapes).
func (p *pdfDoc) countFaceShapes(fs FaceShapes) {
	if fs.image {
		return // drawn without forms (drawClipped)
	}
	if p.shapeUses == nil {
		p.shapeUses = map[string]int{}
	}
	for _, name := range fs.names {
		p.shapeUses[name]++
	}
}

// formNames are the names of the large shapes of items (formShape), as
// drawn with table.
func formNames(items []Item, table *ShapeTable) []string {
	s := pdfStream{table: table}
	var names []string
	for _, it := range items {
		if formShape(it) {
			names = append(names, s.shapeForm(it).name)
		}
	}
	return names
}

func isImage(it Item) bool { _, ok := it.(Image); return ok }

// formRepeatBytes is how many bytes of a shape's drawings a form must
// save for the shape to be one: a form's object, compressed on its own,
// costs more than a few shapes in place, which the page's compression
// mostly finds again.
const formRepeatBytes = 2400

// emitShape draws a face's large shape: as a form when the document
// draws it often enough (formRepeatBytes), adding the form the first
// time, else in place.
func (p *pdfDoc) emitShape(b []byte, f *shapeForm) []byte {
	if (p.shapeUses[f.name]-1)*len(f.content) < formRepeatBytes {
		return appendShape(b, f)
	}
	if !p.shapeAdded[f.name] {
		if p.shapeAdded == nil {
			p.shapeAdded = map[string]bool{}
		}
		p.shapeAdded[f.name] = true
		p.AddNamedForm(f.name, f.content, f.bbox)
	}
	return appendDo(b, f)
}

// compressEarly: each page of a PDF is compressed once the next begins
// (fpdf's SetCompressEarly), so that no sheet holds the content of all its
// pages to the end (~160 MB for the 25,000 cards of a language); tests
// turn it off to compare the bytes.
var compressEarly = true

func newPDF(o SheetOptions, title string) *pdfDoc {
	p := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	p.SetAutoPageBreak(false, 0)
	p.SetMargins(0, 0, 0)
	p.SetCatalogSort(true)
	date := o.Date
	if date.IsZero() {
		date = DefaultDate
	}
	p.SetCreationDate(date)
	p.SetModificationDate(date)
	p.SetCompression(!o.Uncompressed)
	p.SetCompressEarly(compressEarly)
	if o.Pages != nil {
		p.SetPageCompressor(o.Pages.compress)
	}
	d := &pdfDoc{Fpdf: p}
	for st, font := range parsedFonts() {
		p.AddUTF8FontParsed(FontFamily, Style(st).String(), font)
		d.fonts.names[st], _ = p.UTF8FontUse(FontFamily, Style(st).String(), "")
	}
	d.s.names, d.s.used = &d.fonts.names, &d.fonts.used
	p.SetTitle(title, true)
	version := VersionLabel(o.Version)
	game := o.Game
	if game == "" {
		game = "Warbound"
	}
	set := o.Set
	if set == "" {
		set = game
	}
	p.SetSubject(title+" · "+set+" "+version, true)
	p.SetKeywords(strings.Join([]string{set, version, "print-and-play", string(o.Lang)}, "; "), true)
	p.SetCreator(strings.TrimSpace("wbtool "+o.Tool), true)
	p.SetAuthor(game, true)
	if o.Lang == lang.French {
		p.SetLang("fr-FR")
	} else {
		p.SetLang("en-GB")
	}
	p.SetLineCapStyle("round")
	p.SetLineJoinStyle("round")
	return d
}

// setBoxes gives the current page (pw × ph mm) its TrimBox, the
// rectangle x, y, w, h (top-left corner, mm, y down), and its BleedBox,
// the trim box grown by bx across and by along, inside the paper. fpdf
// carries a page's boxes over to the pages that follow, so every page
// sets its own.
func (p *pdfDoc) setBoxes(pw, ph, x, y, w, h, bx, by float64) {
	box := func(t string, x0, y0, x1, y1 float64) {
		x0, y0, x1, y1 = max(0, x0), max(0, y0), min(pw, x1), min(ph, y1)
		// fpdf takes the lower-left corner, PDF y up
		p.SetPageBox(t, x0, ph-y1, x1-x0, y1-y0)
	}
	box("TrimBox", x, y, x+w, y+h)
	box("BleedBox", x-bx, y-by, x+w+bx, y+h+by)
}

// output writes the PDF. fpdf writes a page's boxes in map order; they
// are put in a fixed order so that two builds are byte-identical.
func (p *pdfDoc) output() ([]byte, error) {
	p.finish()
	b, err := p.OutputBytes() // fpdf's buffer, not a copy
	if err != nil {
		return nil, err
	}
	return sortPageBoxes(b), nil
}

// Output writes the PDF to w, its font subsets holding the glyphs of
// every text the layout model drew.
func (p *pdfDoc) Output(w io.Writer) error {
	p.finish()
	return p.Fpdf.Output(w)
}

// finish draws what is pending and gives each font subset the glyphs of
// every text the layout model drew.
func (p *pdfDoc) finish() {
	p.flush()
	for st := range p.fonts.used {
		p.UTF8FontUse(FontFamily, Style(st).String(), p.fonts.used[st].String())
	}
}

// sortPageBoxes sorts, in place, each page dictionary's run of box lines
// (/TrimBox [...], /BleedBox [...]): the same bytes in another order, so
// the cross-reference offsets stay right.
func sortPageBoxes(pdf []byte) []byte {
	const page = "<</Type /Page\n/Parent 1 0 R\n"
	isBox := func(l []byte) bool {
		for _, b := range []string{"/TrimBox [", "/BleedBox [", "/CropBox [", "/ArtBox ["} {
			if bytes.HasPrefix(l, []byte(b)) {
				return true
			}
		}
		return false
	}
	for at := 0; ; {
		i := bytes.Index(pdf[at:], []byte(page))
		if i < 0 {
			return pdf
		}
		start := at + i + len(page)
		// the MediaBox line, then the boxes, one a line
		if j := bytes.IndexByte(pdf[start:], '\n'); j >= 0 && bytes.HasPrefix(pdf[start:], []byte("/MediaBox [")) {
			start += j + 1
		}
		end := start
		var lines [][]byte
		for {
			j := bytes.IndexByte(pdf[end:], '\n')
			if j < 0 || !isBox(pdf[end:end+j]) {
				break
			}
			lines = append(lines, append([]byte(nil), pdf[end:end+j+1]...))
			end += j + 1
		}
		slices.SortFunc(lines, bytes.Compare)
		copy(pdf[start:end], bytes.Join(lines, nil))
		at = end
	}
}

// setFont selects a Go font. It always emits the selection: a font chosen
// inside a card's clip (q ... Q) is forgotten by the PDF at ClipEnd, so a
// cached "already selected" would draw the next card's text in the wrong
// font subset (missing glyphs).
func (p *pdfDoc) setFont(st Style, size float64) {
	p.SetFont(FontFamily, st.String(), size)
}

// drawFace draws a face with its cut line's top-left corner at (ox, oy),
// clipped to the card plus bleed mm. The page's faces go to the page
// together (flush).
//
// A face the document has drawn before (the common card back, an
// Objective's back) is drawn once as a form, a reusable PDF object, and
// placed where it repeats: from its second time on, the page holds one
// short "Do" instead of its drawing. Its content is position-free (the
// block's numbers start at the face's corner), so equal faces have equal
// bytes; forms are named in the order they are made.
//
// drawn, when not nil, keeps the face's layout drawn (the items it was
// laid out with, without the card number that the sheet adds): it is
// drawn once for every sheet of the build, and of the builds that keep
// the layout (Layouts.Keep).
func (p *pdfDoc) drawFace(f *Face, drawn *FaceDrawing, ox, oy, bx, by float64) {
	x, y, w, h := -bx, -by, CardW+2*bx, CardH+2*by
	if slices.ContainsFunc(f.Items, isImage) {
		p.drawClipped(f.Items, ox, oy, x, y, w, h)
		return
	}
	_, ph := p.GetPageSize()
	s := &p.s
	page := s.b
	s.b = p.scratch[:0]
	s.pdfState = freshState
	s.clip(x, y, w, h)
	items := f.Items
	if d := drawn.get(items, &p.fonts.names); d != nil {
		at := 0
		for _, m := range d.shapes {
			s.b = append(s.b, d.b[at:m.at]...)
			s.b = p.emitShape(s.b, m.shape)
			at = m.at
		}
		s.b = append(s.b, d.b[at:]...)
		s.pdfState = d.end
		addTexts(&p.fonts.used, items[:d.n])
		items = items[d.n:]
		drawn.used()
	}
	p.shapes.emit = p.emitShape
	s.shapes = &p.shapes
	s.items(items)
	s.endText()
	s.shapes = nil
	content := s.b
	p.scratch, s.b = content, page
	sum := sha256.Sum256(content)
	name, seen := p.faces[sum]
	if !seen {
		if p.faces == nil {
			p.faces = map[[32]byte]string{}
		}
		p.faces[sum] = ""
		s.begin(ox, oy, ph)
		s.b = append(s.b, content...)
		s.b = append(s.b, "Q\n"...)
		return
	}
	if name == "" {
		// the form's space: points, y up, origin at the face's corner
		form := []byte("q ")
		form = strconv.AppendFloat(form, mmToPt, 'f', 6, 64)
		form = append(form, " 0 0 -"...)
		form = strconv.AppendFloat(form, mmToPt, 'f', 6, 64)
		form = append(form, " 0 0 cm\n"...)
		form = append(append(form, content...), "Q"...)
		name = p.AddForm(form, [4]float64{x * mmToPt, -(y + h) * mmToPt, (x + w) * mmToPt, -y * mmToPt})
		p.faces[sum] = name
	}
	s.b = append(s.b, "q 1 0 0 1 "...)
	s.num(ox * mmToPt)
	s.b = append(s.b, ' ')
	s.num((ph - oy) * mmToPt)
	s.b = append(s.b, " cm /"...)
	s.b = append(s.b, name...)
	s.b = append(s.b, " Do Q\n"...)
}

// drawItems draws layout items with their origin at (ox, oy).
func (p *pdfDoc) drawItems(items []Item, ox, oy float64) {
	p.drawClipped(items, ox, oy, 0, 0, 0, 0)
	p.flush()
}

// drawClipped writes layout items with their origin at (ox, oy), inside
// the rectangle x, y, w, h (from that origin) when w > 0, to the content
// waiting for the page (flush).
func (p *pdfDoc) drawClipped(items []Item, ox, oy, x, y, w, h float64) {
	_, ph := p.GetPageSize()
	s := &p.s
	// a card's art goes through fpdf (which embeds each image once): the
	// content so far is flushed first, the items after it are a new block
	for {
		n := slices.IndexFunc(items, func(it Item) bool { _, ok := it.(Image); return ok })
		if n < 0 {
			n = len(items)
		}
		s.begin(ox, oy, ph)
		if w > 0 {
			s.clip(x, y, w, h)
		}
		s.items(items[:n])
		s.end()
		if n == len(items) {
			return
		}
		p.flush()
		p.image(items[n].(Image), ox, oy, x, y, w, h)
		items = items[n+1:]
	}
}

// flush puts the content drawn since the last flush on the current page:
// once per page of cards, so that the page grows once.
func (p *pdfDoc) flush() {
	if len(p.s.b) > 0 {
		p.RawWriteBytes(p.s.b[:len(p.s.b)-1])
		p.s.b = p.s.b[:0]
	}
}

// AddPageFormat starts a page, after the content of the page before.
func (p *pdfDoc) AddPageFormat(orientation string, size fpdf.SizeType) {
	p.flush()
	p.Fpdf.AddPageFormat(orientation, size)
}

// textEdge is how far from the paper's edge the sheets' small lines of
// text start: home printers leave 3 to 4.2 mm blank.
const textEdge = 4.5

// marginText writes a small line of text in the bottom (or top) margin,
// never nearer the paper's edge than textEdge: below the crop marks when
// the margin has room for both, else between the marks of the middle
// column; and when the margin is too narrow for text, up the left (or
// right) margin between the marks of the middle row. Text shrinks (down to
// 4 pt) rather than cross a crop mark.
func (p *pdfDoc) marginText(s sheet, text string, top bool) {
	size := func(limit float64) float64 {
		w := Measure(text, Regular, 6.5)
		return max(4, min(6.5, 6.5*limit/w))
	}
	height := func(pt float64) float64 { return pt * PtToMM }
	// the band from textEdge to the marks (or to the bleed, between the
	// marks), mm from the paper's edge
	inner := s.my - s.by - markClear
	under := inner - max(s.markX, 0) - 0.5
	for _, z := range []struct{ to, limit float64 }{{under, s.pw - 20}, {inner, CardW - 4}} {
		if s.markX < 1 {
			z.limit = s.pw - 20
		}
		pt := size(z.limit)
		if z.to-textEdge < height(pt) {
			continue
		}
		w := Measure(text, Regular, pt)
		mid := (textEdge + z.to) / 2
		y := s.ph - mid + pt*PtToMM*0.35
		if top {
			y = mid + pt*PtToMM*0.35
		}
		// with the page's cards (flush)
		p.drawClipped([]Item{Text{X: (s.pw - w) / 2, Y: y, Size: pt, Style: Regular, Colour: ColMuted, S: text, W: w}}, 0, 0, 0, 0, 0, 0)
		return
	}
	p.flush()
	p.SetTextColor(int(ColMuted.R), int(ColMuted.G), int(ColMuted.B))
	pt := size(CardH - 4)
	p.setFont(Regular, pt)
	w := p.GetStringWidth(text)
	x := max(textEdge+height(pt)/2, (s.mx-s.bx)/2)
	if top {
		x = s.pw - x
	}
	p.TransformBegin()
	p.TransformRotate(90, x, s.ph/2)
	p.Text(x-w/2, s.ph/2+pt*PtToMM*0.35, text)
	p.TransformEnd()
}

// cropMarks draws the crop marks of a front page: short lines in the
// margins, in line with every cut line, never on a card.
func (p *pdfDoc) cropMarks(s sheet) {
	// black, 0.2 mm (fpdf's own defaults, so its state stays true), in
	// points from the page's lower-left corner, with the page's cards
	// (flush)
	b := append(p.s.b, "0 G\n0.57 w\n"...)
	line := func(x0, y0, x1, y1 float64) {
		for i, v := range [4]float64{x0, s.ph - y0, x1, s.ph - y1} {
			b = strconv.AppendFloat(b, v*mmToPt, 'f', 2, 64)
			b = append(b, [4]string{" ", " m ", " ", " l S\n"}[i]...)
		}
	}
	var xs, ys []float64
	for c := range s.cols {
		x := s.mx + float64(c)*(CardW+s.gx)
		xs = appendUnique(xs, x, x+CardW)
	}
	for r := range s.rows {
		y := s.my + float64(r)*(CardH+s.gy)
		ys = appendUnique(ys, y, y+CardH)
	}
	if s.markX >= 1 {
		top, bottom := s.my-s.by-markClear, s.ph-s.my+s.by+markClear
		for _, x := range xs {
			line(x, top-s.markX, x, top)
			line(x, bottom, x, bottom+s.markX)
		}
	}
	if s.markY >= 1 {
		left, right := s.mx-s.bx-markClear, s.pw-s.mx+s.bx+markClear
		for _, y := range ys {
			line(left-s.markY, y, left, y)
			line(right, y, right+s.markY, y)
		}
	}
	p.s.b = b
}

func appendUnique(s []float64, vs ...float64) []float64 {
	for _, v := range vs {
		found := false
		for _, x := range s {
			if math.Abs(x-v) < 1e-6 {
				found = true
			}
		}
		if !found {
			s = append(s, v)
		}
	}
	return s
}
