package ruleset

import (
	"context"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
)

// Exporter is content with exports for other tools: card images for
// print-on-demand services and Tabletop Simulator saved objects (the
// export stage, after print: `wbtool export png`, `wbtool export tts`
// and `wbtool build --export`). Content problems are in
// Exports.Problems; a request naming what the content lacks (an unknown
// deck) is a *RequestError; the error is for everything else.
type Exporter interface {
	Export(ctx context.Context, req ExportRequest) (Exports, error)
}

// ExportRequest says which exports to make.
type ExportRequest struct {
	// Profiles are the print profiles (render.ProfileNamed) to write one
	// PNG per card face for, after a preflight of the profile's safe
	// zone.
	Profiles []string
	// Force writes the images even when the preflight finds text or an
	// icon outside the safe zone: its problems become warnings.
	Force bool
	// TTS asks for the Tabletop Simulator saved objects of the decks,
	// with their card sheets; BaseURL is where the export's tts folder
	// is seen from TTS (a file:/// URL of this machine, or where it is
	// published).
	TTS     bool
	BaseURL string
	// SiteBaseURL is the address the site is published at (build
	// --base-url; the pipeline sets it), "" when unknown: the site's
	// copies of linked exports (Exports.Site) link their files there, or
	// relative to themselves without it — never at this machine's disk.
	SiteBaseURL string
	// Deck, when set, exports the cards (or the saved object) of that
	// deck only, as the game calls it (a Warbound deck, a Warstuff
	// band); "" exports everything.
	Deck string
	// Langs are the languages to export (nil: every language).
	Langs []lang.Lang
	// Rulebook is the content's rulebook when it has player aids and no
	// deck is named (the pipeline sets it): the game hands it to the
	// export kit (export.TTSOptions.Rulebook), which adds a deck of the
	// aid cards to the Tabletop Simulator export.
	Rulebook *RulebookSource
}

// Exports are what the export stage made.
type Exports struct {
	// Files are the export folder's files, relative to it.
	Files dist.Files
	// Problems are the problems found (the card images' preflight).
	Problems diag.List
	// Replace are the export folder's folders (paths of the plan,
	// "export/png/…") written whole beyond those of the request (the
	// pipeline replaces the folders of every language and profile asked
	// for when no deck is named): the files wbtool wrote there before
	// and the stage no longer makes are dropped.
	Replace []string
	// Linked are the folders, relative to the export folder, that the
	// site links to: the site holds a copy of their files.
	Linked []string
	// Site are the files of Linked folders whose site copy differs from
	// Files (saved objects linking their images at the site's address),
	// keyed like Files.
	Site dist.Files
}
