package pipeline

import (
	"sort"
	"strings"

	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
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
func CardsSheet(l lang.Lang) string { return PrintDir + "/cards-" + string(l) + ".pdf" }

// BandsSheet is the path of a Warstuff tree's band sheets in language l.
func BandsSheet(l lang.Lang) string { return PrintDir + "/bands-" + string(l) + ".pdf" }

// BandSheet is the path of a Warstuff band's sheets in language l: its
// profile cards, fronts and backs (wbtool print --deck BAND).
func BandSheet(bandID string, l lang.Lang) string {
	return PrintDir + "/bands/" + bandID + "-" + string(l) + ".pdf"
}

// DeckSheet is the path of a deck's sheets in language l: one copy of each
// card per deck-list entry.
func DeckSheet(deckID string, l lang.Lang) string {
	return PrintDir + "/decks/" + deckID + "-" + string(l) + ".pdf"
}

// RulesBook is the path of the printed rulebook in language l, format
// "a4" (the A4 reading copy), "a5" (the A5 booklet imposed on A4 for
// saddle stitching), "letter" or "half-letter" (the same on letter).
func RulesBook(l lang.Lang, format string) string {
	switch format {
	case "a4":
		return PrintDir + "/rules-" + string(l) + ".pdf"
	case "letter":
		return PrintDir + "/rules-" + string(l) + "-letter.pdf"
	}
	return PrintDir + "/rules-" + string(l) + "-" + format + "-booklet.pdf"
}

// AidSheet is the path of the player aids as card sheets in language l.
func AidSheet(l lang.Lang) string { return PrintDir + "/aids-" + string(l) + ".pdf" }

// ReprintSheet is the path of the reprint sheets in language l: the
// cards whose print changed since the errata's earlier version.
func ReprintSheet(l lang.Lang) string { return PrintDir + "/reprint-" + string(l) + ".pdf" }

// CalibrationSheet is the path of the duplex calibration sheet.
func CalibrationSheet(paper string) string { return PrintDir + "/calibrate-" + paper + ".pdf" }

// CalibrationSheetIn is the path of the calibration sheet a build writes,
// in language l.
func CalibrationSheetIn(paper string, l lang.Lang) string {
	return PrintDir + "/calibrate-" + paper + "-" + string(l) + ".pdf"
}

// BoardSheet is the path of an Action board at play size on paper, in
// language l.
func BoardSheet(boardID, paper string, l lang.Lang) string {
	return PrintDir + "/boards/" + boardID + "-" + paper + "-" + string(l) + ".pdf"
}

// MapSheet is the path of a scenario's map (overview and play-scale
// panels) on paper, in language l.
func MapSheet(scenarioID, paper string, l lang.Lang) string {
	return PrintDir + "/maps/" + scenarioID + "-" + paper + "-" + string(l) + ".pdf"
}

// TokenSheet is the path of the token sheets in language l.
func TokenSheet(l lang.Lang) string { return PrintDir + "/tokens-" + string(l) + ".pdf" }

// ObjectiveSheet is the path of the Objective deck of format f in
// language l: its cards with the format's own back.
func ObjectiveSheet(format string, l lang.Lang) string {
	return PrintDir + "/objectives-" + format + "-" + string(l) + ".pdf"
}

// ExportDir holds the exports for other tools: card images for
// print-on-demand services and Tabletop Simulator decks.
const ExportDir = "export"

// CardPNGFolder is the folder of the card images of print profile
// profile in language l.
func CardPNGFolder(profile string, l lang.Lang) string {
	return ExportDir + "/png/" + profile + "/" + string(l)
}

// CardPNG is the path of one face ("front" or "back") of card cardID in
// language l, for print profile profile.
func CardPNG(profile string, l lang.Lang, cardID, face string) string {
	return CardPNGFolder(profile, l) + "/" + cardID + "-" + string(l) + "-" + face + ".png"
}

// TTSFolder is the folder of the Tabletop Simulator saved objects in
// language l: copied into TTS's "Saved Objects", each deck appears.
func TTSFolder(l lang.Lang) string { return ExportDir + "/" + TTSDir + "/" + string(l) }

// TTSDir holds the Tabletop Simulator exports, under ExportDir.
const TTSDir = "tts"

// TTSObject is the path of the saved object name (a content deck, or
// "objectives-<format>") in language l.
func TTSObject(l lang.Lang, name string) string { return TTSFolder(l) + "/" + name + ".json" }

// TTSImage is the path of an image of the TTS export in language l: a card
// sheet, a back, or a saved object's thumbnail (its name's .png).
func TTSImage(l lang.Lang, name string) string { return TTSFolder(l) + "/" + name + ".png" }

// exportFolders are the export folders req writes whole: with no deck
// named, the card images of each profile and the TTS saved objects, in
// each language asked.
func exportFolders(req ruleset.ExportRequest) []string {
	if req.Deck != "" {
		return nil
	}
	var out []string
	for _, l := range Langs(req.Langs) {
		for _, p := range req.Profiles {
			out = append(out, CardPNGFolder(p, l))
		}
		if req.TTS {
			out = append(out, TTSFolder(l))
		}
	}
	return out
}

// Langs are the languages asked (nil: every language).
func Langs(asked []lang.Lang) []lang.Lang {
	if len(asked) == 0 {
		return lang.Langs
	}
	return asked
}

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
