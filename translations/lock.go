// Package translations is what wbtool knows of a content tree's texts in
// several languages, whatever its game: translation coverage (`wbtool
// i18n`), and the translations lock that records the source text each
// translation was last checked against (stale translations, texts that
// drifted from their engine effect, `wbtool i18n accept`). A game gives its
// texts ([Texts], through the seam's ruleset.Translations); everything
// here is the same for every game.
package translations

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

// The translations lock (content/i18n/translations.lock) records, for
// every translated text, the fingerprint of the source-language text it
// was last checked against, and for every card text with an engine effect
// the fingerprints of that text and of its effect. Only `wbtool i18n
// accept` writes it. A text whose source changed since then has a stale
// translation; a text that changed while its effect did not may no longer
// match the effect. Both are warnings of the verdict (errors with
// --strict). Content with no lock has no such checks.
//
// The file is plain text, one line per entry, sorted by content path, so
// that it diffs and merges line by line:
//
//	source fr
//	skills/cool-headed/text effect 1a2b3c4d5e6f 0f1e2d3c4b5a
//	skills/cool-headed/text en 1a2b3c4d5e6f "Avant un :shoot:, retirez 1 Stress."
//
// A translation line ends with the accepted source text (Go-quoted), so
// that `wbtool i18n` can show the old source beside the new one.

// LockFile is the lock's path in the content tree.
const LockFile = "i18n/translations.lock"

// MaxLockSize bounds the lock (the 1,000-card tree's is under 1 MiB).
const MaxLockSize = 16 << 20

// EffectColumn is the second column of an effect line.
const EffectColumn = "effect"

// Lock is a parsed translations lock.
type Lock struct {
	// Source is the language texts are written in first; the others
	// translate it.
	Source lang.Lang
	// Entries are by path and second column ("path lang", "path effect").
	Entries map[string]LockEntry
}

// LockEntry is one line of the lock.
type LockEntry struct {
	Path    string // slash path, e.g. "skills/cool-headed/text"
	Against string // the translation's language, or EffectColumn
	Source  string // fingerprint of the source-language text
	Text    string // the accepted source text (translation lines)
	Effect  string // fingerprint of the effect (effect lines)
	Line    int    // in the file, when read
}

func (e LockEntry) key() string { return e.Path + " " + e.Against }

// NewLock is an empty lock for source language src.
func NewLock(src lang.Lang) *Lock {
	return &Lock{Source: src, Entries: map[string]LockEntry{}}
}

var lockHeader = `# Translations lock: the source text each translation, and each text
# with an engine effect, was last checked against. Written by
# "wbtool i18n accept" after a translator checked the texts; do not edit.
`

// Bytes is the lock file's text: header, source, entries sorted by path
// then second column. The same lock always gives the same bytes.
func (l *Lock) Bytes() []byte {
	var b bytes.Buffer
	b.WriteString(lockHeader)
	fmt.Fprintf(&b, "source %s\n", l.Source)
	entries := make([]LockEntry, 0, len(l.Entries))
	for _, e := range l.Entries {
		entries = append(entries, e)
	}
	sort.Slice(entries, func(i, j int) bool {
		if entries[i].Path != entries[j].Path {
			return entries[i].Path < entries[j].Path
		}
		return entries[i].Against < entries[j].Against
	})
	for _, e := range entries {
		if e.Against == EffectColumn {
			fmt.Fprintf(&b, "%s %s %s %s\n", e.Path, e.Against, e.Source, e.Effect)
		} else {
			fmt.Fprintf(&b, "%s %s %s %s\n", e.Path, e.Against, e.Source, strconv.Quote(e.Text))
		}
	}
	return b.Bytes()
}

var fingerprintRE = regexp.MustCompile(`^[0-9a-f]{12}$`)

// ParseLock reads a lock's text; file names it in positions. A line it
// cannot read is a warning and is left out (the next accept rewrites it).
func ParseLock(src []byte, file string) (*Lock, diag.List) {
	l := &Lock{Entries: map[string]LockEntry{}}
	var problems diag.List
	bad := func(n int, format string, args ...any) {
		problems = append(problems, diag.Warnf(diag.Pos{File: file, Line: n, Col: 1}, "", format, args...))
	}
	for i, line := range strings.Split(string(src), "\n") {
		n := i + 1
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "source "); ok {
			src := lang.Lang(strings.TrimSpace(rest))
			if !slices.Contains(lang.Langs, src) {
				bad(n, "unknown source language %q: expected en or fr", rest)
				continue
			}
			l.Source = src
			continue
		}
		f := strings.SplitN(line, " ", 4)
		if len(f) != 4 || !fingerprintRE.MatchString(f[2]) {
			bad(n, "cannot read this line of the translations lock (a merge conflict?): run `wbtool i18n accept` to rewrite it")
			continue
		}
		e := LockEntry{Path: f[0], Against: f[1], Source: f[2], Line: n}
		if e.Against == EffectColumn {
			if !fingerprintRE.MatchString(f[3]) {
				bad(n, "cannot read the effect fingerprint %q: run `wbtool i18n accept` to rewrite the lock", f[3])
				continue
			}
			e.Effect = f[3]
		} else {
			if !IsLangCode(e.Against) {
				bad(n, "unknown language %q: expected a language code (en, fr, de…) or effect", e.Against)
				continue
			}
			t, err := strconv.Unquote(f[3])
			if err != nil {
				bad(n, "cannot read the quoted source text: run `wbtool i18n accept` to rewrite the lock")
				continue
			}
			e.Text = t
		}
		if _, dup := l.Entries[e.key()]; dup {
			bad(n, "%s %s is in the lock twice (a merge?): the last line counts", e.Path, e.Against)
		}
		l.Entries[e.key()] = e
	}
	if l.Source == "" {
		problems = append(problems, diag.Warnf(diag.Pos{File: file, Line: 1, Col: 1}, "", "the translations lock names no source language (a line `source fr` or `source en`): stale translations are not checked until `wbtool i18n accept --source LANG`"))
		return nil, problems
	}
	return l, problems
}

// ReadLock reads the content's lock with the loader's rules (a regular
// file inside the content folder, size-capped). It returns nil and no
// problem when there is no lock.
func ReadLock(fsys fs.FS, root string) (*Lock, diag.List) {
	file := path.Join(root, LockFile)
	src, err := contentfs.ReadFile(fsys, LockFile, MaxLockSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		var tl *contentfs.TooLargeError
		msg := fmt.Sprintf("cannot read the translations lock: %v", err)
		switch {
		case errors.As(err, new(*contentfs.EscapeError)):
			msg = "the translations lock is a link out of the content folder: it must be a file inside it (remove the link and run `wbtool i18n accept`)"
		case errors.As(err, new(*contentfs.NotRegularError)):
			msg = "the translations lock is not a regular file: remove it and run `wbtool i18n accept`"
		case errors.As(err, &tl):
			msg = fmt.Sprintf("the translations lock is too large (at most %d bytes)", MaxLockSize)
		}
		return nil, diag.List{diag.Errorf(diag.Pos{File: file}, "", "%s", msg)}
	}
	return ParseLock(src, file)
}

// Stale is a translation whose source text changed since it was
// accepted.
type Stale struct {
	lang.TextAt
	Lang        lang.Lang // the translation's language
	Translation string    // the translation as it is
	Accepted    LockEntry
	Pos         diag.Pos // the translation's position
}

// Drift is a card text that changed since it was accepted while its
// engine effect did not.
type Drift struct {
	lang.TextAt
	Accepted LockEntry
	Pos      diag.Pos // the source text's position
}

// LockReport is what the lock says of the content.
type LockReport struct {
	Lock  *Lock // nil: no lock, no checks
	Stale []Stale
	Drift []Drift
	// Unaccepted counts the translated texts the lock does not know
	// (added since the last accept).
	Unaccepted int
	// Gone are lock entries of texts the content no longer has.
	Gone []LockEntry
	// Problems are the lock's own (unreadable lines, unreadable file).
	Problems diag.List
}

// draftText reports whether s is a draft placeholder for a missing text.
func draftText(s string) bool { return s == schema.MissingEN || s == schema.MissingFR }

// untranslated reports whether x has no text in l: a draft placeholder
// in English or French, nothing in a declared language.
func (t *Texts) untranslated(x lang.TextAt, l lang.Lang) bool {
	s := t.In(x, l)
	if slices.Contains(lang.Langs, l) {
		return draftText(s)
	}
	return s == ""
}

// CheckLock compares the texts of a content tree with its lock (read from
// fsys, root naming it in positions).
func CheckLock(texts *Texts, fsys fs.FS, root string) *LockReport {
	lock, problems := ReadLock(fsys, root)
	rep := &LockReport{Lock: lock, Problems: problems}
	if lock == nil {
		return rep
	}
	seen := map[string]bool{}
	for _, t := range texts.List() {
		src := t.Text.In(lock.Source)
		if draftText(src) {
			continue
		}
		key := t.Key()
		for _, l := range texts.Languages() {
			if l == lock.Source || texts.untranslated(t, l) {
				continue
			}
			e, ok := lock.Entries[key+" "+string(l)]
			seen[key+" "+string(l)] = true
			switch {
			case !ok:
				rep.Unaccepted++
			case e.Source != Fingerprint(src):
				rep.Stale = append(rep.Stale, Stale{TextAt: t, Lang: l, Translation: texts.In(t, l), Accepted: e, Pos: texts.Pos(t.Path, l, t.Pos)})
			}
		}
	}
	for _, t := range texts.EffectList() {
		key := t.Key() + " " + EffectColumn
		seen[key] = true
		e, ok := lock.Entries[key]
		src := t.Text.In(lock.Source)
		if !ok || draftText(src) {
			continue
		}
		if e.Source != Fingerprint(src) && e.Effect == t.Effect {
			if tr, ok := lock.Entries[t.Key()+" "+string(other(lock.Source))]; ok && tr.Source == e.Source {
				e.Text = tr.Text
			}
			rep.Drift = append(rep.Drift, Drift{TextAt: t.TextAt, Accepted: e, Pos: texts.Pos(t.Path, lock.Source, t.Pos)})
		}
	}
	for k, e := range lock.Entries {
		if !seen[k] {
			rep.Gone = append(rep.Gone, e)
		}
	}
	sort.Slice(rep.Gone, func(i, j int) bool { return rep.Gone[i].key() < rep.Gone[j].key() })
	return rep
}

func other(l lang.Lang) lang.Lang {
	if l == lang.French {
		return lang.English
	}
	return lang.French
}

// IsLangCode reports whether s is written as a language code of the
// content: two or three lower-case letters (ISO 639), "de", "es", "gsw".
// The languages a tree uses beyond English and French are declared in
// its content (a game's `languages`); every text is written in English
// and French, and in each declared language as far as it is translated.
// (Not in package lang: the deck checker's WebAssembly links lang, and
// stays as it is.)
func IsLangCode(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for _, c := range s {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// langNames are the English names of the languages designers are likely
// to declare; another code is named by itself.
var langNames = map[lang.Lang]string{
	lang.English: "English", lang.French: "French", "de": "German", "es": "Spanish", "it": "Italian",
	"nl": "Dutch", "pt": "Portuguese", "pl": "Polish", "cs": "Czech", "sv": "Swedish",
	"da": "Danish", "fi": "Finnish", "nb": "Norwegian", "ja": "Japanese", "zh": "Chinese",
	"ko": "Korean", "ru": "Russian", "uk": "Ukrainian", "el": "Greek", "tr": "Turkish",
}

// LangName is a language's English name ("German"), or its code when
// wbtool does not know it.
func LangName(l lang.Lang) string {
	if n, ok := langNames[l]; ok {
		return n
	}
	return string(l)
}

// Diagnostics are the report's warnings: one per stale translation, one
// per text that drifted from its effect, and the lock's own problems.
func (r *LockReport) Diagnostics() diag.List {
	out := append(diag.List(nil), r.Problems...)
	if r.Lock == nil {
		return out
	}
	for _, s := range r.Stale {
		out = append(out, diag.Warnf(s.Pos, DisplayPath(s.Path), "stale %s translation: the %s text changed since the translation was accepted (check the %s, then run `wbtool i18n accept %s`)",
			LangName(s.Lang), LangName(r.Lock.Source), LangName(s.Lang), s.Key()))
	}
	for _, d := range r.Drift {
		out = append(out, diag.Warnf(d.Pos, DisplayPath(d.Path), "the %s text changed but its effect did not: the effect may no longer match the text (check the `effect:`, then run `wbtool i18n accept %s`)",
			LangName(r.Lock.Source), d.Key()))
	}
	return out
}

// AcceptLock is the lock after accepting the texts under the given
// content paths (all texts when none is given): their entries are
// recomputed from the content, entries of texts the content no longer
// has are dropped (under the paths), every other entry is kept. matched
// counts the texts the paths selected.
func AcceptLock(texts *Texts, old *Lock, src lang.Lang, paths []string) (lock *Lock, matched int) {
	under := func(key string) bool {
		if len(paths) == 0 {
			return true
		}
		for _, p := range paths {
			p = strings.Trim(p, "/")
			if key == p || strings.HasPrefix(key, p+"/") {
				return true
			}
		}
		return false
	}
	lock = NewLock(src)
	if old != nil && old.Source == src {
		for k, e := range old.Entries {
			if !under(e.Path) {
				e.Line = 0
				lock.Entries[k] = e
			}
		}
	}
	for _, t := range texts.List() {
		key := t.Key()
		text := t.Text.In(src)
		if !under(key) || draftText(text) {
			continue
		}
		matched++
		for _, l := range texts.Languages() {
			if l == src || texts.untranslated(t, l) {
				continue
			}
			e := LockEntry{Path: key, Against: string(l), Source: Fingerprint(text), Text: text}
			lock.Entries[e.key()] = e
		}
	}
	for _, t := range texts.EffectList() {
		key := t.Key()
		text := t.Text.In(src)
		if !under(key) || draftText(text) {
			continue
		}
		e := LockEntry{Path: key, Against: EffectColumn, Source: Fingerprint(text), Effect: t.Effect}
		lock.Entries[e.key()] = e
	}
	return lock, matched
}

var identRE = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// DisplayPath shows a content path as the loader's messages do:
// skills."cool-headed".text, objectives.x.scoring[0].text.
func DisplayPath(segs []string) string {
	var b strings.Builder
	for i, s := range segs {
		if _, err := strconv.Atoi(s); err == nil && i > 0 {
			b.WriteString("[" + s + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		if identRE.MatchString(s) {
			b.WriteString(s)
		} else {
			b.WriteString(strconv.Quote(s))
		}
	}
	return b.String()
}
