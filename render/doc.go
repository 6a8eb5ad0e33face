// Package render is the layout kit every game's cards and sheets use: the
// layout model, text fitting and typography, and its PDF, SVG and PNG
// backends. It names no game: a game lays its own cards out with it
// (Warbound's layouts are games/warbound/wbcards, Warstuff's are in
// games/warstuff).
//
// Rendering has two stages. Layout (pure: a game's data in, Faces out)
// places every element of a card face in millimetres on a 63 × 88 mm
// poker card: shapes, vector icons, pictures (Image, by reference: Art)
// and single-style text runs whose line breaks and sizes are already
// decided (FitText, TextBox, TextLine). Backends only draw Faces: the PDF
// backend (pdfdraw.go writes the content streams; fpdf,
// codeberg.org/go-pdf/fpdf with wbtool's small patch in third_party/fpdf,
// writes the document and the Go fonts' subsets), the SVG backend in
// Face.SVG and the raster backend in Face.Raster and Face.PNG (print
// profiles: Profiles; shapes filled by golang.org/x/image/vector's
// rasterizer, wbtool's copy with a faster, byte-identical blend in
// third_party/vector), so print, web and print-on-demand show the same
// card. Face.Dump is the text form of the layout used by golden tests.
//
// Card text goes through render/markup, the one parser of card text.
// Text that does not fit its box at a readable size is an error naming
// what did not fit; it is never clipped.
//
// Sheets (FaceSheets, DuplexSheets) put 3 × 3 cards on A4 or letter with
// crop marks in the margins, each page of fronts followed by its page of
// backs mirrored for long-edge duplex, shifted by the back offset that the
// calibration sheet (Calibration) measures; kit pages (PagesPDF) are
// tiled with assembly marks. Output is deterministic: sorted PDF catalogs
// and a pinned date (DefaultDate, or SOURCE_DATE_EPOCH through
// SourceDateEpoch).
package render
