package build

import (
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

// DeckSheet is the path of a deck's sheets in language l: one copy of each
// card per deck-list entry.
func DeckSheet(deckID string, l catalog.Lang) string {
	return PrintDir + "/decks/" + deckID + "-" + string(l) + ".pdf"
}

// CalibrationSheet is the path of the duplex calibration sheet.
func CalibrationSheet(paper string) string { return PrintDir + "/calibrate-" + paper + ".pdf" }

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

// SheetJobs are the sheets a build writes, for base's paper, bleed and
// version: every card per language, and every content deck per language.
func SheetJobs(cat *catalog.Catalog, base render.SheetOptions) []SheetJob {
	var jobs []SheetJob
	for _, l := range catalog.Langs {
		o := base
		o.Lang = l
		o.Cards = nil
		jobs = append(jobs, SheetJob{Path: CardsSheet(l), Opts: o})
		for _, d := range cat.Decks {
			do := o
			do.Cards = append([]string{}, d.Cards...)
			jobs = append(jobs, SheetJob{Path: DeckSheet(d.ID, l), Opts: do, Cards: do.Cards})
		}
	}
	return jobs
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
