package main

import (
	"fmt"
	"path"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/catalog"
)

const i18nDoc = `I18n reports translation coverage: for each language, how many of the
content's texts are written, and where each missing one is (file:line:col
and path), plus the rules chapters that exist in one language only.

It loads the content in draft mode, so missing texts are listed rather than
reported as errors. Exit status 1 when anything is missing.

Examples:
  wbtool i18n
  wbtool i18n --content ~/my-cards`

func newI18nCmd(g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "i18n",
		Short: "Report translation coverage per language",
		Long:  i18nDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts := *g
			opts.draft = true
			cat, err := loadCatalog(cmd, &opts)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			missing := map[catalog.Lang][]catalog.MissingText{}
			for _, m := range cat.Draft {
				missing[m.Lang] = append(missing[m.Lang], m)
			}
			chapters := map[catalog.Lang]map[string]bool{}
			for _, p := range cat.Rules {
				if chapters[p.Lang] == nil {
					chapters[p.Lang] = map[string]bool{}
				}
				chapters[p.Lang][path.Base(p.Path)] = true
			}
			incomplete := false
			for _, l := range catalog.Langs {
				n := len(missing[l])
				done := cat.Texts - n
				pct := 100.0
				if cat.Texts > 0 {
					pct = 100 * float64(done) / float64(cat.Texts)
				}
				fmt.Fprintf(w, "%s: %.1f%% of texts (%d/%d)\n", langName(l), pct, done, cat.Texts)
				for _, m := range missing[l] {
					fmt.Fprintf(w, "  %s: %s: missing %s text\n", m.Pos, m.Path, langName(l))
					incomplete = true
				}
				for _, other := range catalog.Langs {
					if other == l {
						continue
					}
					for _, p := range cat.Rules {
						if p.Lang == other && !chapters[l][path.Base(p.Path)] {
							fmt.Fprintf(w, "  rules chapter %s has no %s version (expected rules/%s/%s)\n", p.Path, langName(l), l, path.Base(p.Path))
							incomplete = true
						}
					}
				}
			}
			if incomplete {
				return errReported
			}
			return nil
		},
	}
}
