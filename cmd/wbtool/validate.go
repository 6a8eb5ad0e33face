package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/catalog"
)

const validateDoc = `Validate loads the content, checks it against the rules schema and the
deck-building rules, and prints every error with its file:line:col. When the
content is valid it prints a one-line summary of what was loaded.

Exit status: 0 when the content is valid, 1 when it has errors, 2 on a
usage error.

Examples:
  wbtool validate                      # the embedded starter content (or ./content)
  wbtool validate --content ~/my-cards # a designer's content folder
  wbtool validate --draft              # let missing translations through`

func newValidateCmd(g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "validate",
		Short: "Check the content against the rules schema and report every error",
		Long:  validateDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cat, err := loadCatalog(cmd, g)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), summary(cat))
			return nil
		},
	}
}

// summary is the one-line description of a loaded catalog.
func summary(cat *catalog.Catalog) string {
	return fmt.Sprintf("ok: %d factions, %d Characters, %d Leaders, %d Equipment, %d Formations, %d Vocations, %d Reference cards, %d Objective cards, %d skills, %d action boards, %d scenarios, %d decks, %d check games, %d glossary terms, %d rules pages",
		len(cat.Factions), len(cat.Characters), len(cat.Leaders), len(cat.Equipment), len(cat.Formations),
		len(cat.Vocations), len(cat.References), len(cat.Objectives), len(cat.Skills), len(cat.ActionBoards),
		len(cat.Scenarios), len(cat.Decks), len(cat.Checks), len(cat.Glossary), len(cat.Rules))
}
