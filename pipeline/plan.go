package pipeline

import (
	"sort"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/dist"
)

// The plan: every output folder and path, relative to the output folder.
// Nothing else in wbtool spells an output path.
const (
	DataDir  = "data"
	PrintDir = "print"
	SiteDir  = "site"

	// CatalogFile is the engine data, under DataDir.
	CatalogFile = "catalog.json"
)

// CatalogPath is the engine data's path under the output folder.
const CatalogPath = DataDir + "/" + CatalogFile

// CardsSheet is the path of the sheets of every card in language l.
func CardsSheet(l wbcatalog.Lang) string { return PrintDir + "/cards-" + string(l) + ".pdf" }

// BandsSheet is the path of a Warstuff tree's band sheets in language l.
func BandsSheet(l wbcatalog.Lang) string { return PrintDir + "/bands-" + string(l) + ".pdf" }

// DeckSheet is the path of a deck's sheets in language l: one copy of each
// card per deck-list entry.
func DeckSheet(deckID string, l wbcatalog.Lang) string {
	return PrintDir + "/decks/" + deckID + "-" + string(l) + ".pdf"
}

// ReprintSheet is the path of the reprint sheets in language l: the
// cards whose print changed since the errata's earlier version.
func ReprintSheet(l wbcatalog.Lang) string { return PrintDir + "/reprint-" + string(l) + ".pdf" }

// CalibrationSheet is the path of the duplex calibration sheet.
func CalibrationSheet(paper string) string { return PrintDir + "/calibrate-" + paper + ".pdf" }

// CalibrationSheetIn is the path of the calibration sheet a build writes,
// in language l.
func CalibrationSheetIn(paper string, l wbcatalog.Lang) string {
	return PrintDir + "/calibrate-" + paper + "-" + string(l) + ".pdf"
}

// BoardSheet is the path of an Action board at play size on paper, in
// language l.
func BoardSheet(boardID, paper string, l wbcatalog.Lang) string {
	return PrintDir + "/boards/" + boardID + "-" + paper + "-" + string(l) + ".pdf"
}

// MapSheet is the path of a scenario's map (overview and play-scale
// panels) on paper, in language l.
func MapSheet(scenarioID, paper string, l wbcatalog.Lang) string {
	return PrintDir + "/maps/" + scenarioID + "-" + paper + "-" + string(l) + ".pdf"
}

// TokenSheet is the path of the token sheets in language l.
func TokenSheet(l wbcatalog.Lang) string { return PrintDir + "/tokens-" + string(l) + ".pdf" }

// ObjectiveSheet is the path of the Objective deck of format f in
// language l: its cards with the format's own back.
func ObjectiveSheet(f wbcatalog.Format, l wbcatalog.Lang) string {
	return PrintDir + "/objectives-" + string(f) + "-" + string(l) + ".pdf"
}

// ExportDir holds the exports for other tools: card images for
// print-on-demand services and Tabletop Simulator decks.
const ExportDir = "export"

// CardPNGFolder is the folder of the card images of print profile
// profile in language l.
func CardPNGFolder(profile string, l wbcatalog.Lang) string {
	return ExportDir + "/png/" + profile + "/" + string(l)
}

// CardPNG is the path of one face ("front" or "back") of card cardID in
// language l, for print profile profile.
func CardPNG(profile string, l wbcatalog.Lang, cardID, face string) string {
	return CardPNGFolder(profile, l) + "/" + cardID + "-" + string(l) + "-" + face + ".png"
}

// TTSFolder is the folder of the Tabletop Simulator saved objects in
// language l: copied into TTS's "Saved Objects", each deck appears.
func TTSFolder(l wbcatalog.Lang) string { return ExportDir + "/" + TTSDir + "/" + string(l) }

// TTSDir holds the Tabletop Simulator exports, under ExportDir.
const TTSDir = "tts"

// TTSObject is the path of the saved object name (a content deck, or
// "objectives-<format>") in language l.
func TTSObject(l wbcatalog.Lang, name string) string { return TTSFolder(l) + "/" + name + ".json" }

// TTSImage is the path of an image of the TTS export in language l: a card
// sheet, a back, or a saved object's thumbnail (its name's .png).
func TTSImage(l wbcatalog.Lang, name string) string { return TTSFolder(l) + "/" + name + ".png" }

// InDir is a plan path relative to its top-level folder: "print/x.pdf"
// gives "print", "x.pdf".
func InDir(p string) (dir, rel string) {
	dir, rel, _ = strings.Cut(p, "/")
	return dir, rel
}

// Paths are the sorted keys of files.
func Paths(files dist.Files) []string {
	out := make([]string, 0, len(files))
	for p := range files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
