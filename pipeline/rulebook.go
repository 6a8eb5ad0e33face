package pipeline

import (
	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
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
