package main

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
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
from the lock, and refuse a --source that differs: "wbtool i18n source
LANG" changes it, after showing what it would re-accept. The lock is the only file wbtool writes into the content
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
			texts, fsys, root, err := loadTexts(cmd, g)
			if err != nil {
				return err
			}
			// The report in words on stdout; with --format json or sarif
			// its lines go into the document, with every gap and stale
			// text as a warning at its place (also printed on stderr).
			var b bytes.Buffer
			incomplete := translations.WriteCoverage(&b, texts)
			rep := translations.CheckLock(texts, fsys, root)
			stale := rep.Write(&b, root)
			if g.output.machine() {
				l := append(translations.CoverageDiagnostics(texts), rep.Diagnostics()...)
				l.Fprint(cmd.ErrOrStderr(), g.output.colorOn(cmd.ErrOrStderr()))
				r := g.output.reportOf()
				r.Diagnostics = append(r.Diagnostics, l...)
				for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
					say(cmd, g, "%s", line)
				}
			} else {
				cmd.OutOrStdout().Write(b.Bytes())
			}
			if stale || incomplete {
				return errReported
			}
			return nil
		},
	}
	addFormatFlag(cmd, g)
	cmd.AddCommand(newI18nAcceptCmd(g), newI18nSourceCmd(g), newI18nExportCmd(g), newI18nImportCmd(g))
	return cmd
}

const i18nSourceDoc = `Source changes the source language of the translations lock: the
language the texts are written in first, which the first "wbtool i18n
accept --source LANG" recorded (accept refuses --source after that).

Changing it re-accepts every text against its version in the new source
language, so whatever was stale, drifted from its effect or not yet
accepted is accepted unchecked. Without --yes, source only shows that:
how many texts it would re-accept, and each stale translation and drifted
text by its place; with --yes it writes the lock.

Examples:
  wbtool i18n source fr          # what changing to French would re-accept
  wbtool i18n source fr --yes    # change it`

func newI18nSourceCmd(g *globalFlags) *cobra.Command {
	var yes bool
	cmd := &cobra.Command{
		Use:   "source LANG",
		Short: "Change the source language of the translations lock (shows what it re-accepts; --yes writes it)",
		Long:  i18nSourceDoc,
		Args:  exactArgs(1, "the new source language, en or fr"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return onLock(cmd, g, "source", args[0], func(texts *translations.Texts, fsys fs.FS, root, dir string, src lang.Lang) error {
				return translations.SwitchSource(cmd.OutOrStdout(), texts, fsys, root, dir, src, yes)
			})
		},
	}
	cmd.Flags().BoolVar(&yes, "yes", false, "write the lock with the new source language (without it, only show what would be re-accepted)")
	return cmd
}

func newI18nAcceptCmd(g *globalFlags) *cobra.Command {
	var source string
	cmd := &cobra.Command{
		Use:   "accept [PATH...]",
		Short: "Record that translations and effects are checked (writes content/i18n/translations.lock)",
		Long:  i18nAcceptDoc,
		RunE: func(cmd *cobra.Command, args []string) error {
			return onLock(cmd, g, "accept", source, func(texts *translations.Texts, fsys fs.FS, root, dir string, src lang.Lang) error {
				return translations.Accept(cmd.OutOrStdout(), texts, fsys, root, dir, src, args)
			})
		},
	}
	cmd.Flags().StringVar(&source, "source", "", "the language texts are written in first: `en` or fr (the first accept only; i18n source changes it)")
	return cmd
}

// onLock runs i18n accept or i18n source (sub) on the translations lock of
// the command's content folder: source is the language the command names
// (checked first), f what it does with the loaded texts.
func onLock(cmd *cobra.Command, g *globalFlags, sub, source string, f func(texts *translations.Texts, fsys fs.FS, root, dir string, src lang.Lang) error) error {
	dir := contentDir(g)
	if dir == "" {
		return usagef("i18n %s writes the translations lock into a designer's content folder: run it inside a content tree (wbtool init makes one), or give --content DIR (the embedded starter content cannot be changed)", sub)
	}
	src, err := translations.Source(source)
	if err != nil {
		return i18nError(cmd, err)
	}
	texts, fsys, root, err := loadTexts(cmd, g)
	if err != nil {
		return err
	}
	return i18nError(cmd, f(texts, fsys, root, dir, src))
}

// loadTexts loads the content in draft mode (the load stage only) and
// lists its texts, for a game with translations (ruleset.Translations),
// with the content tree they came from (contentSource).
func loadTexts(cmd *cobra.Command, g *globalFlags) (texts *translations.Texts, fsys fs.FS, root string, err error) {
	tr, err := loadI18n(cmd, g)
	if err != nil {
		return nil, nil, "", err
	}
	return tr.texts, tr.fsys, tr.root, nil
}

// loadI18n is loadTexts with the game's name.
func loadI18n(cmd *cobra.Command, g *globalFlags) (*i18nTree, error) {
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
	fsys, root, err := contentSource(g)
	if err != nil {
		return nil, err
	}
	return &i18nTree{texts: tr.Texts(), fsys: fsys, root: root, game: ruleset.Title(res.Game)}, nil
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
