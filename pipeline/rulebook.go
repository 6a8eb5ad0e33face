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
	res, err := booklet.AidSheets(src, lang.Langs, render.SheetOptions{Version: src.Version, Tool: b.opts.Version, Date: b.opts.Date},
		func(l lang.Lang) string {
			_, rel := InDir(AidSheet(l))
			return rel
		})
	return dist.Files(res), err
}
