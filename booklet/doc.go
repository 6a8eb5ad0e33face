// Package booklet prints a game's rules as a rulebook: the same Markdown
// as the site's rules pages (read by site.ParseRules, so the same ids,
// anchors, [[id]] names and checks), laid out as flowing text with the
// render kit (render.FlowLines breaks the lines as card text is broken)
// and written by its PDF backend (render.PagesPDF): one layout engine,
// one PDF path.
//
// For each language it writes an A4 reading copy and an A5 booklet
// imposed on A4 for saddle stitching (Impose: the pages of each sheet,
// folded in the middle and stapled). Both have a cover, a table of
// contents with page numbers, running heads and folios, the rules with
// their numbers, cross-references printed as "(see R-SHOOT-2, p. 12)",
// the player aids the game draws from its data, the glossary and an index
// of its terms with their pages.
//
// Page numbers are found in passes: the pages are laid out with the
// numbers of the pass before until no number moves (at most maxPasses).
// Paragraphs keep at least two lines at the foot and the head of a page
// (no widow, no orphan), headings stay with what follows them, table
// rows are never split and a table's header repeats on its next page.
// A cross-reference to a rule no page anchors, or a block taller than a
// page, is a diagnostic at its Markdown line.
//
// Output is deterministic: the same content, date and tool version give
// the same bytes.
package booklet
