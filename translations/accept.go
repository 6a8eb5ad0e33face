package translations

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/lang"
)

// UsageError is a mistake in what the command asked (exit 2): a source
// language wbtool does not know, paths that name no text, a lock path that
// is a link.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}

// Source is the language --source names: "" when none is given, a
// *UsageError when wbtool does not know it.
func Source(source string) (lang.Lang, error) {
	src := lang.Lang(source)
	if source != "" && !slices.Contains(lang.Langs, src) {
		return "", usagef("--source %q: expected en or fr", source)
	}
	return src, nil
}

// Accept is `wbtool i18n accept`: it records in the lock of the content
// folder dir (read from fsys, shown as root) that the texts under paths
// (every text when none is given) are checked, in source language src
// ("" the lock's, Source), and says what it wrote on w. The lock's own problems
// are a diag.List.
func Accept(w io.Writer, texts *Texts, fsys fs.FS, root, dir string, src lang.Lang, paths []string) error {
	old, problems := ReadLock(fsys, root)
	if problems.HasErrors(false) {
		return problems
	}
	switch {
	case src == "" && old != nil:
		src = old.Source
	case src == "":
		return usagef("no translations lock yet: name the language the texts are written in first, e.g. --source fr")
	case old != nil && src != old.Source:
		return usagef("--source %s: the lock already records %s as the source language; --source names it on the first accept only. To change it, run `wbtool i18n source %s`: it shows what it would re-accept, then --yes changes it", src, LangName(old.Source), src)
	}
	lock, matched := AcceptLock(texts, old, src, paths)
	if len(paths) > 0 && matched == 0 {
		return usagef("no text under %v: give content paths such as skills/cool-headed or characters/copp/name", paths)
	}
	lockFile := path.Join(root, LockFile)
	changed, err := WriteLock(dir, lock.Bytes())
	if err != nil {
		return err
	}
	if !changed {
		fmt.Fprintf(w, "%s is up to date (%s accepted)\n", lockFile, diag.Plural(matched, "text"))
		return nil
	}
	fmt.Fprintf(w, "accepted %s (source %s): wrote %s\n", diag.Plural(matched, "text"), LangName(src), lockFile)
	return nil
}

// SwitchSource is `wbtool i18n source`: it shows what making src the
// source language of the lock in content folder dir (read from fsys, shown
// as root) would re-accept — every text, against its src version, the
// stale translations and the texts that drifted from their effect among
// them, which would be accepted unchecked — and, with apply, writes that
// lock.
func SwitchSource(w io.Writer, texts *Texts, fsys fs.FS, root, dir string, src lang.Lang, apply bool) error {
	rep := CheckLock(texts, fsys, root)
	if rep.Problems.HasErrors(false) {
		return rep.Problems
	}
	old := rep.Lock
	lockFile := path.Join(root, LockFile)
	switch {
	case old == nil:
		return usagef("no translations lock yet (%s): the first `wbtool i18n accept --source %s` records the source language", lockFile, src)
	case old.Source == src:
		fmt.Fprintf(w, "the source language is already %s (%s): nothing to change\n", LangName(src), lockFile)
		return nil
	}
	lock, matched := AcceptLock(texts, old, src, nil)
	p := func(format string, args ...any) { fmt.Fprintln(w, termsafe.String(fmt.Sprintf(format, args...))) }
	p("source language: %s → %s (%s)", LangName(old.Source), LangName(src), lockFile)
	p("re-accepts %s: each %s text becomes the source, each %s text a translation checked as it is now", diag.Plural(matched, "text"), LangName(src), LangName(old.Source))
	if len(rep.Stale) > 0 {
		p("stale now, accepted unchecked by the change: %d", len(rep.Stale))
		for _, st := range rep.Stale {
			p("  %s: %s: stale %s text", st.Pos, st.Key(), LangName(st.Lang))
		}
	}
	if len(rep.Drift) > 0 {
		p("texts changed while their effect did not, accepted unchecked by the change: %d", len(rep.Drift))
		for _, d := range rep.Drift {
			p("  %s: %s: text changed, effect unchanged", d.Pos, d.Key())
		}
	}
	if rep.Unaccepted > 0 {
		p("not yet accepted, accepted unchecked by the change: %s", diag.Plural(rep.Unaccepted, "translated text"))
	}
	if !apply {
		p("nothing written: run `wbtool i18n source %s --yes` to change it", src)
		return nil
	}
	if _, err := WriteLock(dir, lock.Bytes()); err != nil {
		return err
	}
	p("changed the source language to %s: accepted %s: wrote %s", LangName(src), diag.Plural(matched, "text"), lockFile)
	return nil
}

// WriteLock writes the lock into the content folder dir, only when its
// bytes change, atomically (a temporary file in the same folder, renamed
// over the old one). It refuses a lock path that is a link or anything but
// a regular file, and an i18n folder that is a link (a *UsageError).
func WriteLock(dir string, b []byte) (changed bool, err error) {
	i18nDir := filepath.Join(dir, filepath.Dir(filepath.FromSlash(LockFile)))
	file := filepath.Join(dir, filepath.FromSlash(LockFile))
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
