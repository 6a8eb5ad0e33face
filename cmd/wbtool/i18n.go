package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline/ruleset"
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
			opts := *g
			opts.draft = true
			cat, err := loadCatalog(cmd, &opts, ruleset.CapTranslations)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			incomplete := coverage(w, cat)
			fsys, root, err := contentSource(g)
			if err != nil {
				return err
			}
			if stale := printLock(w, warbound.CheckLock(cat, fsys, root), root); stale {
				incomplete = true
			}
			if incomplete {
				return errReported
			}
			return nil
		},
	}
	cmd.AddCommand(newI18nAcceptCmd(g))
	return cmd
}

// coverage prints the translation coverage per language and reports
// whether anything is missing.
func coverage(w io.Writer, cat *wbcatalog.Catalog) (incomplete bool) {
	missing := map[wbcatalog.Lang][]wbcatalog.MissingText{}
	for _, m := range cat.Draft {
		missing[m.Lang] = append(missing[m.Lang], m)
	}
	chapters := map[wbcatalog.Lang]map[string]bool{}
	for _, p := range cat.Rules {
		if chapters[p.Lang] == nil {
			chapters[p.Lang] = map[string]bool{}
		}
		chapters[p.Lang][path.Base(p.Path)] = true
	}
	for _, l := range wbcatalog.Langs {
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
		for _, other := range wbcatalog.Langs {
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
	return incomplete
}

// printLock prints what the translations lock says of the content and
// reports whether a translation is stale or a text drifted from its
// effect.
func printLock(w io.Writer, rep *warbound.LockReport, root string) (stale bool) {
	p := func(format string, args ...any) { fmt.Fprintln(w, termsafe.String(fmt.Sprintf(format, args...))) }
	for _, d := range rep.Problems {
		p("%s", d)
	}
	lock := rep.Lock
	if lock == nil {
		if len(rep.Problems) == 0 {
			p("no translations lock (%s): stale translations are not tracked until the first `wbtool i18n accept --source LANG`", path.Join(root, warbound.LockFile))
		}
		return false
	}
	p("source language: %s (%s)", langName(lock.Source), path.Join(root, warbound.LockFile))
	if len(rep.Stale) == 0 {
		p("stale translations: none")
	} else {
		p("stale translations: %d, their source text changed since they were accepted:", len(rep.Stale))
	}
	for _, s := range rep.Stale {
		now := s.Text.In(lock.Source)
		p("  %s: %s: stale %s text", s.Pos, s.Key(), langName(s.Lang))
		p("    accepted %s: %s", lock.Source, s.Accepted.Text)
		p("    now %s:      %s", lock.Source, now)
		p("    change:      %s", changes.WordDiff(s.Accepted.Text, now).String())
		p("    %s:          %s", s.Lang, s.Text.In(s.Lang))
	}
	if len(rep.Drift) > 0 {
		p("effects: %s changed while the effect did not, the effect may no longer match the text:", diag.Plural(len(rep.Drift), "text"))
		for _, d := range rep.Drift {
			p("  %s: %s: text changed, effect unchanged", d.Pos, d.Key())
			if d.Accepted.Text != "" {
				p("    change: %s", changes.WordDiff(d.Accepted.Text, d.Text.In(lock.Source)).String())
			}
		}
	}
	if rep.Unaccepted > 0 {
		p("not yet accepted: %d translated texts added since the last accept (not checked for staleness)", rep.Unaccepted)
	}
	if len(rep.Gone) > 0 {
		p("lock entries of texts the content no longer has: %d (the next accept drops them)", len(rep.Gone))
	}
	return len(rep.Stale) > 0 || len(rep.Drift) > 0
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
			src := wbcatalog.Lang(source)
			if source != "" && !slices.Contains(wbcatalog.Langs, src) {
				return usagef("--source %q: expected en or fr", source)
			}
			opts := *g
			opts.draft = true
			cat, err := loadCatalog(cmd, &opts, ruleset.CapTranslations)
			if err != nil {
				return err
			}
			fsys, root, err := contentSource(g)
			if err != nil {
				return err
			}
			old, problems := warbound.ReadLock(fsys, root)
			if problems.HasErrors(false) {
				problems.Print(cmd.ErrOrStderr())
				return errReported
			}
			switch {
			case src == "" && old != nil:
				src = old.Source
			case src == "":
				return usagef("no translations lock yet: name the language the texts are written in first, e.g. --source fr")
			case old != nil && src != old.Source && len(args) > 0:
				return usagef("--source %s changes the source language (the lock says %s): accept every text at once, without PATH", src, old.Source)
			}
			lock, matched := warbound.AcceptLock(cat, old, src, args)
			if len(args) > 0 && matched == 0 {
				return usagef("no text under %v: give content paths such as skills/cool-headed or characters/copp/name", args)
			}
			lockFile := path.Join(root, warbound.LockFile)
			changed, err := writeLock(dir, lock.Bytes())
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if !changed {
				fmt.Fprintf(w, "%s is up to date (%s accepted)\n", lockFile, diag.Plural(matched, "text"))
				return nil
			}
			fmt.Fprintf(w, "accepted %s (source %s): wrote %s\n", diag.Plural(matched, "text"), langName(src), lockFile)
			return nil
		},
	}
	cmd.Flags().StringVar(&source, "source", "", "the language texts are written in first: `en` or fr (the first accept only)")
	return cmd
}

// writeLock writes the lock into the content folder dir, only when its
// bytes change, atomically (a temporary file in the same folder, renamed
// over the old one). It refuses a lock path that is a link or anything but
// a regular file, and an i18n folder that is a link.
func writeLock(dir string, b []byte) (changed bool, err error) {
	i18nDir := filepath.Join(dir, filepath.Dir(filepath.FromSlash(warbound.LockFile)))
	file := filepath.Join(dir, filepath.FromSlash(warbound.LockFile))
	switch st, err := os.Lstat(i18nDir); {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.Mkdir(i18nDir, 0o755); err != nil {
			return false, err
		}
	case err != nil:
		return false, err
	case !st.IsDir():
		return false, usagef("%s is not a folder (a link?): wbtool writes the translations lock only inside the content folder", i18nDir)
	}
	switch st, err := os.Lstat(file); {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return false, err
	case !st.Mode().IsRegular():
		return false, usagef("%s is not a regular file (a link?): remove it, then accept again", file)
	default:
		if old, err := os.ReadFile(file); err == nil && string(old) == string(b) {
			return false, nil
		}
	}
	tmp, err := os.CreateTemp(i18nDir, ".translations.lock.*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name()) // once renamed, there is nothing to remove
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		return false, err
	}
	if d, err := os.Open(i18nDir); err == nil {
		d.Sync()
		d.Close()
	}
	return true, nil
}
