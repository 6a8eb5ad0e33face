package warbound

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/render"
)

// SheetJob is one PDF to render: its path in the plan and its options.
type SheetJob struct {
	Path string
	Opts wbcards.Options
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
func SheetJobs(cat *wbcatalog.Catalog, base wbcards.Options) []SheetJob {
	var jobs []SheetJob
	for _, l := range wbcatalog.Langs {
		o := base
		o.Lang = l
		o.Cards = nil
		if hasCards(cat) { // a tree of boards and scenarios has no card sheet
			jobs = append(jobs, SheetJob{Path: pipeline.CardsSheet(l), Opts: o})
		}
		for i := range cat.Decks {
			jobs = append(jobs, DeckJob(cat, &cat.Decks[i], o))
		}
		for _, f := range []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation} {
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
			oo.Title = wbcards.ObjectiveDeckTitle(cat, f, l)
			jobs = append(jobs, SheetJob{Path: pipeline.ObjectiveSheet(string(f), l), Opts: oo, Cards: ids})
		}
		to := o
		// the token sheet reads the Characters, Leaders, decks, boards and
		// scenarios only through the counts: a card edit that keeps them
		// does not print it again (watch)
		to.Kit = wbcards.Kit{Kind: wbcards.KitTokens, Source: fingerprint(wbcards.TokenCounts(cat), cat.Factions, cat.Glossary)}
		jobs = append(jobs, SheetJob{Path: pipeline.TokenSheet(l), Opts: to, Cards: []string{}})
		for _, paper := range render.Papers() {
			po := o
			po.Paper = paper
			for i := range cat.ActionBoards {
				b := &cat.ActionBoards[i]
				bo := po
				bo.Kit = wbcards.Kit{Kind: wbcards.KitBoard, ID: b.ID, Source: fingerprint(b)}
				jobs = append(jobs, SheetJob{Path: pipeline.BoardSheet(b.ID, paper, l), Opts: bo, Cards: []string{}})
			}
			for i := range cat.Scenarios {
				jobs = append(jobs, MapJob(&cat.Scenarios[i], po, base.Kit.HexSize))
			}
			co := po
			co.Kit = wbcards.Kit{Kind: wbcards.KitCalibrate}
			jobs = append(jobs, SheetJob{Path: pipeline.CalibrationSheetIn(paper, l), Opts: co, Cards: []string{}})
		}
	}
	return jobs
}

// hasCards reports whether the catalog holds a card of any kind.
func hasCards(cat *wbcatalog.Catalog) bool {
	for _, k := range wbcatalog.Kinds {
		if len(cat.CardIDs(k)) > 0 {
			return true
		}
	}
	return false
}

// DeckJob is the sheet of deck d: the deck sheet, one copy of each card
// per deck-list entry, then the Reference cards of its factions
// (R-DECK-7: printed with the deck, not counted in it).
func DeckJob(cat *wbcatalog.Catalog, d *wbcatalog.Deck, o wbcards.Options) SheetJob {
	o.Cards = append(append([]string{}, d.Cards...), wbcards.DeckReferences(cat, d)...)
	o.Kit = wbcards.Kit{Kind: wbcards.KitDeck, ID: d.ID, Source: fingerprint(d)}
	return SheetJob{Path: pipeline.DeckSheet(d.ID, o.Lang), Opts: o, Cards: o.Cards}
}

// MapJob is the sheet of scenario sc's map at hex size hexSize (mm across
// flats; 0: render.DefaultHexSize) on o's paper, in o's language.
func MapJob(sc *wbcatalog.Scenario, o wbcards.Options, hexSize float64) SheetJob {
	o.Kit = wbcards.Kit{Kind: wbcards.KitMap, ID: sc.ID, HexSize: hexSize, Source: fingerprint(sc)}
	// the overview names the Objective cards
	return SheetJob{Path: pipeline.MapSheet(sc.ID, o.Paper, o.Lang), Opts: o, Cards: append([]string{}, sc.Objectives...)}
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
func Sheets(cat *wbcatalog.Catalog, jobs []SheetJob) (dist.Files, error) {
	out := dist.Files{}
	var mu sync.Mutex
	var problems diag.List
	var g errgroup.Group
	var panics crash.Catcher // a panic is handed to the print stage
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, j := range jobs {
		g.Go(func() error {
			defer panics.Catch()
			pdf, err := wbcards.Sheets(cat, j.Opts)
			mu.Lock()
			defer mu.Unlock()
			if list, ok := err.(diag.List); ok {
				problems = append(problems, list...)
				return nil
			}
			if err != nil {
				return err
			}
			_, rel := pipeline.InDir(j.Path)
			out[rel] = pdf
			return nil
		})
	}
	err := g.Wait()
	panics.Rethrow()
	if err != nil {
		return nil, err
	}
	if len(problems) > 0 {
		return nil, problems.Sorted()
	}
	return out, nil
}
