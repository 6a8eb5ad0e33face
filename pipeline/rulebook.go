package pipeline

import (
	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// RulebookRequest asks the print stage for the printed rulebooks only
// (wbtool print --rules): the A4 reading copy and the A5 booklet of each
// language asked.
type RulebookRequest struct {
	Langs []lang.Lang // nil: every language
	Paper string      // "a4" (default) or "letter"
}

// rulebooks lays out the content's rulebooks (package booklet), when it
// has rules pages (ruleset.Rulebook): their files, relative to the print
// folder, and the problems found at the Markdown lines. With checkOnly
// nothing is written, the problems are found all the same.
func (b *run) rulebooks(langs []lang.Lang, paper string, checkOnly bool) (dist.Files, diag.List, error) {
	rb, ok := b.content.(ruleset.Rulebook)
	if !ok {
		return nil, nil, nil
	}
	res, err := booklet.Build(rb.Rulebook(), booklet.Options{Langs: langs, Tool: b.opts.Version, Date: b.opts.Date, CheckOnly: checkOnly, Paper: paper,
		Name: func(l lang.Lang, format string) string {
			_, rel := InDir(RulesBook(l, format))
			return rel
		}})
	if err != nil {
		return nil, nil, err
	}
	files := dist.Files{}
	for name, pdf := range res.Files {
		files[name] = pdf
	}
	return files, res.Problems, nil
}

// aidSheets are the content's player aids as card sheets
// (print/aids-<lang>.pdf, booklet.AidSheets), for every game whose
// rulebook has aids: they print and cut with the cards.
func (b *run) aidSheets() (dist.Files, error) {
	rb, ok := b.content.(ruleset.Rulebook)
	if !ok {
		return nil, nil
	}
	src := rb.Rulebook()
	res, err := booklet.AidSheets(src, lang.Langs, render.SheetOptions{Version: src.Version, Set: src.Game, Game: src.Game, Tool: b.opts.Version, Date: b.opts.Date},
		func(l lang.Lang) string {
			_, rel := InDir(AidSheet(l))
			return rel
		})
	return dist.Files(res), err
}

// aidImages are the player aid cards as images (export png), one per
// face for each print profile req names, beside the game's card images:
// nil for a deck's export or a game without aids. A profile wbtool does
// not know was refused by the game's export.
func (b *run) aidImages(req ruleset.ExportRequest) (dist.Files, error) {
	rb, ok := b.content.(ruleset.Rulebook)
	if !ok || req.Deck != "" || len(req.Profiles) == 0 {
		return nil, nil
	}
	src := rb.Rulebook()
	if len(src.Aids) == 0 {
		return nil, nil
	}
	files := dist.Files{}
	for _, l := range Langs(req.Langs) {
		fronts, backs, err := booklet.AidCards(src, l)
		if err != nil {
			return nil, err
		}
		for _, name := range req.Profiles {
			p, ok := render.ProfileNamed(name)
			if !ok {
				continue
			}
			for i := range fronts {
				for _, f := range []*render.Face{fronts[i], backs[i]} {
					img, err := f.PNG(p)
					if err != nil {
						return nil, err
					}
					_, rel := InDir(CardPNG(name, l, f.Card, f.Side))
					files[rel] = img
				}
			}
		}
	}
	return files, nil
}
