package main

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/translations"
)

const i18nExportDoc = `Export writes one language's texts in a translator's format: gettext PO
(Poedit, Weblate, msgfmt) or XLIFF 1.2 (CAT tools), and the glossary as TBX.

Every text is one entry keyed by its content path (msgctxt in PO, the
trans-unit id in XLIFF: keep it as it is), with the source-language text,
the translation, comments saying what the text is and which cards print
it, and the longest translation that fits the card's box at its smallest
size, counted in characters (Weblate's max-length flag, XLIFF's maxwidth
with size-unit="char"). With a translations lock, a translation whose
source changed since it was accepted is fuzzy with the previous source
(#| msgid, as msgmerge --previous writes it), and one never accepted is
fuzzy. Read the file back with "wbtool i18n import".

The output is the same for the same content, byte for byte.

Examples:
  wbtool i18n export --lang en --out en.po
  wbtool i18n export --lang en --format xliff --out en.xlf
  wbtool i18n export --format tbx --out glossary.tbx`

const i18nImportDoc = `Import reads a PO or XLIFF file made by "wbtool i18n export" (edited
in Poedit, Weblate or a CAT tool) and writes its translations into the
content.

Every entry is checked first, and every problem is reported at its line
in the file: a key the content does not have, broken card markup, icons
that are not the source's, a translation longer than its card's box can
hold (by how many characters). With any error nothing is written. Then
only the translations that changed are rewritten where the content writes
them (a missing one is added beside its source), each file in one step;
a text the file does not carry is never touched; fuzzy and untranslated
entries are left as they are. The lock accepts the entries imported, and
only those. Importing an untouched export changes nothing.

Examples:
  wbtool i18n import en.po
  wbtool i18n import --content ~/my-cards en.xlf`

func newI18nExportCmd(g *globalFlags) *cobra.Command {
	var to, format, out, source string
	cmd := &cobra.Command{
		Use:   "export --lang LANG [--format po|xliff|tbx] [--out FILE]",
		Short: "Write one language's texts as PO or XLIFF for translators (the glossary as TBX)",
		Long:  i18nExportDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains([]string{"po", "xliff", "tbx"}, format) {
				return usagef("--format %q: expected po, xliff or tbx", format)
			}
			tgt := lang.Lang(to)
			if format != "tbx" && to == "" {
				return usagef("--lang is required: the language to translate into (%s, or one the content declares)", langCodes(lang.Langs))
			}
			src, err := translations.Source(source)
			if err != nil {
				return i18nError(cmd, err)
			}
			tr, err := loadI18n(cmd, g)
			if err != nil {
				return err
			}
			lock, problems := translations.ReadLock(tr.fsys, tr.root)
			if problems.HasErrors(false) {
				return i18nError(cmd, problems)
			}
			problems.Print(cmd.ErrOrStderr())
			switch {
			case lock != nil && src != "" && src != lock.Source:
				return usagef("--source %s: the translations lock records %s as the source language", src, translations.LangName(lock.Source))
			case lock != nil:
				src = lock.Source
			case src == "":
				src = lang.English
			}
			if format != "tbx" && !slices.Contains(tr.texts.Languages(), tgt) {
				return usagef("--lang %q: expected %s (a new language is declared in the content first)", to, langCodes(tr.texts.Languages()))
			}
			if format != "tbx" && tgt == src {
				return usagef("--lang %s is the source language: export a translation into another language", tgt)
			}
			var data []byte
			var what string
			switch format {
			case "tbx":
				data = translations.WriteTBX(tr.game, src, tr.texts)
				what = diag.Plural(len(tr.texts.Glossary), "glossary term")
			default:
				ix, _, err := indexTexts(tr)
				if err != nil {
					return err
				}
				f := translations.Export(tr.texts, lock, ix, tr.game, src, tgt)
				if format == "po" {
					data = translations.WritePO(f)
				} else {
					data = translations.WriteXLIFF(f)
				}
				what = exportSummary(f)
			}
			if out == "" {
				cmd.OutOrStdout().Write(data)
				return nil
			}
			if err := dist.WriteFile(out, data); err != nil {
				return err
			}
			printLine(cmd.OutOrStdout(), "exported %s to %s", what, out)
			return nil
		},
	}
	cmd.Flags().StringVar(&to, "lang", "", "the language to translate into (`LANG`: en or fr)")
	cmd.Flags().StringVar(&format, "format", "po", "po, xliff, or tbx for the glossary")
	cmd.Flags().StringVar(&out, "out", "", "write to `FILE` (default: standard output)")
	cmd.Flags().StringVar(&source, "source", "", "the source language when the content has no translations lock yet (default en)")
	return cmd
}

// exportSummary says what an export holds.
func exportSummary(f *translations.File) string {
	fuzzy, empty := 0, 0
	for _, e := range f.Entries {
		switch {
		case e.Target == "":
			empty++
		case e.Fuzzy:
			fuzzy++
		}
	}
	return fmt.Sprintf("%s (%s from %s: %d to review, %d untranslated)", diag.Plural(len(f.Entries), "text"),
		translations.LangName(f.Lang), translations.LangName(f.Source), fuzzy, empty)
}

// langCodes lists language codes: "en, fr or de".
func langCodes(langs []lang.Lang) string {
	var s []string
	for _, l := range langs {
		s = append(s, string(l))
	}
	return diag.OrList(s)
}

func newI18nImportCmd(g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE",
		Short: "Read translations back from a PO or XLIFF file (checks every entry, writes only what changed)",
		Long:  i18nImportDoc,
		Args:  exactArgs(1, "the PO or XLIFF file to import"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runI18nImport(cmd, g, args[0])
		},
	}
}

func runI18nImport(cmd *cobra.Command, g *globalFlags, name string) error {
	dir := contentDir(g)
	if dir == "" {
		return usagef("i18n import writes translations into a designer's content folder: run it inside a content tree (wbtool init makes one), or give --content DIR (the embedded starter content cannot be changed)")
	}
	data, err := readArgFile(name)
	if err != nil {
		return usagef("%s", termsafe.String(err.Error()))
	}
	var f *translations.File
	var problems diag.List
	if isXLIFF(name, data) {
		f, problems = translations.ParseXLIFF(data, name)
	} else {
		f, problems = translations.ParsePO(data, name)
	}
	w := cmd.ErrOrStderr()
	if problems.HasErrors(false) {
		printDiagnostics(w, g, problems, nil)
		fmt.Fprintf(w, "%s: nothing imported\n", problems.Summary())
		return errReported
	}
	tr, err := loadI18n(cmd, g)
	if err != nil {
		return err
	}
	lock, lp := translations.ReadLock(tr.fsys, tr.root)
	if lp.HasErrors(false) {
		return i18nError(cmd, lp)
	}
	ix, names, err := indexTexts(tr)
	if err != nil {
		return err
	}
	im := translations.PlanImport(tr.texts, lock, f, ix)
	problems = append(lp, im.Problems...)
	if len(problems) > 0 {
		printDiagnostics(w, g, problems, nil)
	}
	if problems.HasErrors(false) {
		fmt.Fprintf(w, "%s: nothing imported\n", problems.Summary())
		return errReported
	}
	var written []string
	for file := range im.Splices {
		written = append(written, file)
	}
	sort.Strings(written)
	for _, file := range written {
		rel := names[file]
		src, err := fs.ReadFile(tr.fsys, rel)
		if err != nil {
			return fileError(file, err)
		}
		out := schema.ApplySplices(src, im.Splices[file])
		if l := schema.NewTextIndex().Add(file, out); len(l) > 0 {
			return fmt.Errorf("internal error: the edited %s does not parse (%v); nothing written to it", file, l[0])
		}
		if err := writeInside(dir, rel, out); err != nil {
			return err
		}
	}
	lockNote := ""
	switch {
	case im.Lock == nil:
		lockNote = "; no translations lock: nothing accepted (`wbtool i18n accept --source LANG` starts one)"
	default:
		changed, err := translations.WriteLock(dir, im.Lock.Bytes())
		if err != nil {
			return i18nError(cmd, err)
		}
		if changed {
			lockNote = "; wrote " + path.Join(tr.root, translations.LockFile)
		}
	}
	var where []string
	for _, file := range written {
		where = append(where, filepath.ToSlash(file))
	}
	filesNote := ""
	switch {
	case len(where) > 3:
		filesNote = fmt.Sprintf(" (%d files)", len(where))
	case len(where) > 0:
		filesNote = " (" + strings.Join(where, ", ") + ")"
	}
	printLine(cmd.OutOrStdout(), "imported %s (%s): %s written%s, %s accepted, %d to review, %d untranslated%s",
		name, translations.LangName(f.Lang), diag.Plural(len(im.Written), "translation"), filesNote, diag.Plural(len(im.Accepted), "text"), im.Fuzzy, im.Untranslated, lockNote)
	return nil
}

// isXLIFF tells an XLIFF document from a PO file: by its name, else by its
// first bytes.
func isXLIFF(name string, data []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xlf", ".xliff", ".xml":
		return true
	case ".po", ".pot":
		return false
	}
	s := strings.TrimLeft(strings.TrimPrefix(string(data[:min(len(data), 256)]), "\ufeff"), " \t\r\n")
	return strings.HasPrefix(s, "<")
}

// i18nTree is a loaded tree's texts for the i18n commands.
type i18nTree struct {
	texts *translations.Texts
	fsys  fs.FS
	root  string
	game  string
}

// indexTexts indexes the string literals of the tree's content files
// (the load read them: a file that does not parse stopped it), with the
// tree-relative path of each file by the name positions give it.
func indexTexts(tr *i18nTree) (*schema.TextIndex, map[string]string, error) {
	files, _, _, err := schema.ListFiles(tr.fsys)
	if err != nil {
		return nil, nil, err
	}
	ix, names, _, err := translations.IndexFiles(files, tr.root, func(rel string) ([]byte, error) { return fs.ReadFile(tr.fsys, rel) })
	return ix, names, err
}
