package main

import (
	"errors"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/translations"
)

const i18nDoc = `I18n reports translation coverage: for each language, how many of the
content's texts are written, and where each missing one is (file:line:col
and path), plus the rules chapters that exist in one language only.

With a translations lock (content/i18n/translations.lock, written by
"wbtool i18n accept"), it also lists the stale translations — texts whose
source-language text changed since a translator accepted them — with the
accepted source and the new one side by side, and the card texts that
changed while their engine effect did not.

It loads the content in draft mode, so missing texts are listed rather than
reported as errors. Exit status 1 when anything is missing or stale.

Examples:
  wbtool i18n
  wbtool i18n --content ~/my-cards`

const i18nAcceptDoc = `Accept records that the translations (and the engine effects) of the
content are checked: for every text under the given content paths (all
texts when none is given) it writes the fingerprint of its source-language
text, and of its effect, to content/i18n/translations.lock. Stale
translations and text/effect drift are measured from there.

The first accept names the source language (--source fr: the texts are
written in French first and translated into English); later ones read it
from the lock. The lock is the only file wbtool writes into the content
folder; it is rewritten only when something changed, in one step.

Examples:
  wbtool i18n accept --content ~/my-cards --source fr
  wbtool i18n accept skills/cool-headed        # one skill, name and text
  wbtool i18n accept characters/copp/name`

func newI18nCmd(g *globalFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "i18n",
		Short: "Report translation coverage and stale translations",
		Long:  i18nDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			texts, err := loadTexts(cmd, g)
			if err != nil {
				return err
			}
			fsys, root, err := contentSource(g)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			incomplete := translations.WriteCoverage(w, texts)
			if stale := translations.CheckLock(texts, fsys, root).Write(w, root); stale || incomplete {
				return errReported
			}
			return nil
		},
	}
	cmd.AddCommand(newI18nAcceptCmd(g))
	return cmd
}

func newI18nAcceptCmd(g *globalFlags) *cobra.Command {
	var source string
	cmd := &cobra.Command{
		Use:   "accept [PATH...]",
		Short: "Record that translations and effects are checked (writes content/i18n/translations.lock)",
		Long:  i18nAcceptDoc,
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := contentDir(g)
			if dir == "" {
				return usagef("i18n accept writes the translations lock into a designer's content folder: run it inside a content tree (wbtool init makes one), or give --content DIR (the embedded starter content cannot be changed)")
			}
			src, err := translations.Source(source)
			if err != nil {
				return i18nError(cmd, err)
			}
			texts, err := loadTexts(cmd, g)
			if err != nil {
				return err
			}
			fsys, root, err := contentSource(g)
			if err != nil {
				return err
			}
			return i18nError(cmd, translations.Accept(cmd.OutOrStdout(), texts, fsys, root, dir, src, args))
		},
	}
	cmd.Flags().StringVar(&source, "source", "", "the language texts are written in first: `en` or fr (the first accept only)")
	return cmd
}

// loadTexts loads the content in draft mode (the load stage only) and
// lists its texts, for a game with translations (ruleset.Translations).
func loadTexts(cmd *cobra.Command, g *globalFlags) (*translations.Texts, error) {
	resolveTree(g) // one tree, named once
	opts := *g
	opts.draft = true
	res, err := runBuild(cmd, &opts, pipeline.Options{Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		return nil, err
	}
	tr, ok := res.Content.(ruleset.Translations)
	if !ok {
		return nil, ruleset.Missing(cmd.CommandPath(), res.Game, ruleset.CapTranslations)
	}
	return tr.Texts(), nil
}

// i18nError is err of package translations as the CLI reports it: the
// lock's problems printed, a usage mistake with exit status 2.
func i18nError(cmd *cobra.Command, err error) error {
	var list diag.List
	var ue *translations.UsageError
	switch {
	case errors.As(err, &list):
		list.Print(cmd.ErrOrStderr())
		return errReported
	case errors.As(err, &ue):
		return usagef("%s", ue.Msg)
	}
	return err
}
