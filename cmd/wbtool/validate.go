package main

import (
	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/translations"
)

const validateDoc = `Validate runs every check of a build without writing anything: the rules
schema and references, deck legality, card text markup, the layout of every
card in English and French (text that does not fit, characters the fonts
lack), the rules pages and their links, translations, and the check games.
Content that validates builds. It prints every problem with its
file:line:col, or a one-line summary.

Warnings (a text shrunk below a comfortable size, a card text the engine
cannot play) do not fail validation, unless --strict.

Exit status: 0 when the content is valid, 1 when it has errors, 2 on a
usage error, 3 on an internal error (a bug of wbtool, reported in a file).

Examples:
  wbtool validate                      # the tree found from here (or the embedded starter)
  wbtool validate --content ~/my-cards # a designer's content folder
  wbtool validate --draft              # let missing translations through
  wbtool validate --strict             # warnings fail too (CI)`

func newValidateCmd(g *globalFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "validate",
		Short: "Run every check of a build, write nothing, and report every problem",
		Long:  validateDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := runBuild(cmd, g, pipeline.Options{Stages: pipeline.Verdict, CheckSite: true})
			if err != nil {
				return err
			}
			passed, _ := res.CheckCounts()
			ok := "ok"
			if w := len(withStrays(g, res.Diagnostics).Warnings()); w > 0 {
				ok = "ok with " + diag.Plural(w, "warning")
			}
			say(cmd, g, "%s: %s; %s passed; every card laid out in %s; rules pages and links checked",
				ok, res.Summary(), diag.Plural(passed, "check game"), langList(res.Content))
			return nil
		},
	}
	addFormatFlag(cmd, g)
	return cmd
}

// langList names the languages the content's cards are laid out in:
// "English and French", "English, French and German".
func langList(c ruleset.Content) string {
	var names []string
	for _, l := range ruleset.Published(c) {
		names = append(names, translations.LangName(l))
	}
	return diag.AndList(names)
}
