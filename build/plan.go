package build

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"runtime"
	"sort"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/render"
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
func CardsSheet(l catalog.Lang) string { return PrintDir + "/cards-" + string(l) + ".pdf" }

// BandsSheet is the path of a Warstuff tree's band sheets in language l.
func BandsSheet(l catalog.Lang) string { return PrintDir + "/bands-" + string(l) + ".pdf" }

// DeckSheet is the path of a deck's sheets in language l: one copy of each
// card per deck-list entry.
func DeckSheet(deckID string, l catalog.Lang) string {
	return PrintDir + "/decks/" + deckID + "-" + string(l) + ".pdf"
}

// ReprintSheet is the path of the reprint sheets in language l: the
// cards whose print changed since the errata's earlier version.
func ReprintSheet(l catalog.Lang) string { return PrintDir + "/reprint-" + string(l) + ".pdf" }

// CalibrationSheet is the path of the duplex calibration sheet.
func CalibrationSheet(paper string) string { return PrintDir + "/calibrate-" + paper + ".pdf" }

// CalibrationSheetIn is the path of the calibration sheet a build writes,
// in language l.
func CalibrationSheetIn(paper string, l catalog.Lang) string {
	return PrintDir + "/calibrate-" + paper + "-" + string(l) + ".pdf"
}

// BoardSheet is the path of an Action board at play size on paper, in
// language l.
func BoardSheet(boardID, paper string, l catalog.Lang) string {
	return PrintDir + "/boards/" + boardID + "-" + paper + "-" + string(l) + ".pdf"
}

// MapSheet is the path of a scenario's map (overview and play-scale
// panels) on paper, in language l.
func MapSheet(scenarioID, paper string, l catalog.Lang) string {
	return PrintDir + "/maps/" + scenarioID + "-" + paper + "-" + string(l) + ".pdf"
}

// TokenSheet is the path of the token sheets in language l.
func TokenSheet(l catalog.Lang) string { return PrintDir + "/tokens-" + string(l) + ".pdf" }

// ObjectiveSheet is the path of the Objective deck of format f in
// language l: its cards with the format's own back.
func ObjectiveSheet(f catalog.Format, l catalog.Lang) string {
	return PrintDir + "/objectives-" + string(f) + "-" + string(l) + ".pdf"
}

// ExportDir holds the exports for other tools: card images for
// print-on-demand services and Tabletop Simulator decks.
const ExportDir = "export"

// CardPNGFolder is the folder of the card images of print profile
// profile in language l.
func CardPNGFolder(profile string, l catalog.Lang) string {
	return ExportDir + "/png/" + profile + "/" + string(l)
}

// CardPNG is the path of one face ("front" or "back") of card cardID in
// language l, for print profile profile.
func CardPNG(profile string, l catalog.Lang, cardID, face string) string {
	return CardPNGFolder(profile, l) + "/" + cardID + "-" + string(l) + "-" + face + ".png"
}

// TTSFolder is the folder of the Tabletop Simulator saved objects in
// language l: copied into TTS's "Saved Objects", each deck appears.
func TTSFolder(l catalog.Lang) string { return ExportDir + "/" + ttsDir + "/" + string(l) }

// ttsDir holds the Tabletop Simulator exports, under ExportDir.
const ttsDir = "tts"

// TTSObject is the path of the saved object name (a content deck, or
// "objectives-<format>") in language l.
func TTSObject(l catalog.Lang, name string) string { return TTSFolder(l) + "/" + name + ".json" }

// TTSImage is the path of an image of the TTS export in language l: a card
// sheet, a back, or a saved object's thumbnail (its name's .png).
func TTSImage(l catalog.Lang, name string) string { return TTSFolder(l) + "/" + name + ".png" }

// InDir is a plan path relative to its top-level folder: "print/x.pdf"
// gives "print", "x.pdf".
func InDir(p string) (dir, rel string) {
	dir, rel, _ = strings.Cut(p, "/")
	return dir, rel
}

// SheetJob is one PDF to render: its path in the plan and its options.
type SheetJob struct {
	Path string
	Opts render.SheetOptions
	// Cards are the card ids the sheet holds, in order (nil: every card).
	Cards []string
}

// SheetJobs are the sheets a build writes, for base's paper, bleed,
// version and map hex size (base.Kit.HexSize; 0: render.DefaultHexSize),
// in each language: every card; every content deck (its deck
// sheet, its cards, then its factions' Reference cards); the Objective deck
// of each format; the token sheets; and on A4 and on letter (they are
// tiled differently), every Action board, every scenario map and the
// calibration page.
func SheetJobs(cat *catalog.Catalog, base render.SheetOptions) []SheetJob {
	var jobs []SheetJob
	for _, l := range catalog.Langs {
		o := base
		o.Lang = l
		o.Cards = nil
		jobs = append(jobs, SheetJob{Path: CardsSheet(l), Opts: o})
		for i := range cat.Decks {
			jobs = append(jobs, DeckJob(cat, &cat.Decks[i], o))
		}
		for _, f := range []catalog.Format{catalog.Exploration, catalog.Confrontation} {
			var ids []string
			for _, ob := range cat.Objectives {
				if ob.Format == f {
					ids = append(ids, ob.ID)
				}
			}
			if len(ids) == 0 {
				continue
			}
			oo := o
			oo.Cards = ids
			oo.Title = render.ObjectiveDeckTitle(cat, f, l)
			jobs = append(jobs, SheetJob{Path: ObjectiveSheet(f, l), Opts: oo, Cards: ids})
		}
		to := o
		to.Kit = render.Kit{Kind: render.KitTokens, Source: fingerprint(cat.Factions, cat.Leaders, cat.Decks, cat.Characters,
			cat.Formations, cat.Scenarios, cat.ActionBoards, cat.Glossary)}
		jobs = append(jobs, SheetJob{Path: TokenSheet(l), Opts: to, Cards: []string{}})
		for _, paper := range render.Papers() {
			po := o
			po.Paper = paper
			for i := range cat.ActionBoards {
				b := &cat.ActionBoards[i]
				bo := po
				bo.Kit = render.Kit{Kind: render.KitBoard, ID: b.ID, Source: fingerprint(b)}
				jobs = append(jobs, SheetJob{Path: BoardSheet(b.ID, paper, l), Opts: bo, Cards: []string{}})
			}
			for i := range cat.Scenarios {
				jobs = append(jobs, MapJob(&cat.Scenarios[i], po, base.Kit.HexSize))
			}
			co := po
			co.Kit = render.Kit{Kind: render.KitCalibrate}
			jobs = append(jobs, SheetJob{Path: CalibrationSheetIn(paper, l), Opts: co, Cards: []string{}})
		}
	}
	return jobs
}

// DeckJob is the sheet of deck d: the deck sheet, one copy of each card
// per deck-list entry, then the Reference cards of its factions
// (R-DECK-7: printed with the deck, not counted in it).
func DeckJob(cat *catalog.Catalog, d *catalog.Deck, o render.SheetOptions) SheetJob {
	o.Cards = append(append([]string{}, d.Cards...), render.DeckReferences(cat, d)...)
	o.Kit = render.Kit{Kind: render.KitDeck, ID: d.ID, Source: fingerprint(d)}
	return SheetJob{Path: DeckSheet(d.ID, o.Lang), Opts: o, Cards: o.Cards}
}

// MapJob is the sheet of scenario sc's map at hex size hexSize (mm across
// flats; 0: render.DefaultHexSize) on o's paper, in o's language.
func MapJob(sc *catalog.Scenario, o render.SheetOptions, hexSize float64) SheetJob {
	o.Kit = render.Kit{Kind: render.KitMap, ID: sc.ID, HexSize: hexSize, Source: fingerprint(sc)}
	// the overview names the Objective cards
	return SheetJob{Path: MapSheet(sc.ID, o.Paper, o.Lang), Opts: o, Cards: append([]string{}, sc.Objectives...)}
}

// fingerprint is a short hash of the content a kit sheet draws, so that a
// cache keyed on the sheet's options sees it change.
func fingerprint(vs ...any) string {
	h := sha256.New()
	for _, v := range vs {
		b, err := json.Marshal(v)
		if err != nil {
			panic(err) // catalog values always marshal
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// Sheets renders the jobs on all cores. Files are keyed relative to the
// print folder. Card errors (which the layout stage reports first) come
// back as one sorted diag.List without repeats.
func Sheets(cat *catalog.Catalog, jobs []SheetJob) (dist.Files, error) {
	out := dist.Files{}
	var mu sync.Mutex
	var problems diag.List
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, j := range jobs {
		g.Go(func() error {
			pdf, err := render.Sheets(cat, j.Opts)
			mu.Lock()
			defer mu.Unlock()
			if list, ok := err.(diag.List); ok {
				problems = append(problems, list...)
				return nil
			}
			if err != nil {
				return err
			}
			_, rel := InDir(j.Path)
			out[rel] = pdf
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if len(problems) > 0 {
		return nil, problems.Sorted()
	}
	return out, nil
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
