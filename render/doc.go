// Package render lays out Warbound cards and draws them as print-and-play
// PDF sheets and as SVG card images for the site.
//
// Rendering has two stages. Layout (pure: catalog in, Faces out) places
// every element of every card in millimetres on a 63 × 88 mm poker card:
// shapes, vector icons and single-style text runs whose line breaks and
// sizes are already decided. Backends only draw Faces: the PDF backend
// in Sheets (pdfdraw.go writes the content streams; fpdf,
// codeberg.org/go-pdf/fpdf with wbtool's small patch in third_party/fpdf,
// writes the document and the Go fonts' subsets), and the SVG backend in
// Face.SVG, so print and web show the same card. Face.Dump is
// the text form of the layout used by the golden tests.
//
// Card text goes through render/markup, the one parser of card text.
// Text that does not fit its box at a readable size (5.75 pt for body
// text) is a diagnostic naming the card, the language and the side; it is
// never clipped. Check reports them for a whole catalog, with warnings for
// text shrunk below 7 pt.
//
// Sheets put 3 × 3 cards on A4 or letter with crop marks in the margins,
// each page of fronts followed by its page of backs mirrored for long-edge
// duplex (Character Panic sides and Leader Confrontation sides are real
// backs; other cards get the common card back), shifted by the back offset
// that the calibration sheet (Calibration) measures. Output is
// deterministic: sorted PDF catalogs and a pinned date (DefaultDate, or
// SOURCE_DATE_EPOCH through SourceDateEpoch).
package render
