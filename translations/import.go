package translations

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/schema"
)

// Import is what `wbtool i18n import` does with an exchange file: every
// entry validated (all problems at once, at their place in the file),
// then the translations that changed written where the content writes
// them, and the entries imported accepted in the lock. An entry the file
// does not carry is never touched; a fuzzy entry (to review) and an
// untranslated one are left as they are.
type Import struct {
	File *File
	// Splices are the content edits, by file as positions name it.
	Splices map[string][]schema.Splice
	// Written are the entries whose translation changes; Accepted those
	// whose translation the lock records as checked (none without a
	// lock).
	Written, Accepted []Entry
	// Fuzzy and Untranslated count the entries left as they are.
	Fuzzy, Untranslated int
	// Lock is the lock after the import (nil: the content has none).
	Lock *Lock
	// Problems are the entries' problems; with an error, nothing is
	// written.
	Problems diag.List
}

// PlanImport validates f against the content's texts, lock and files
// (ix, positions naming files as the index does) and returns what the
// import writes. With an error among the problems it writes nothing.
func PlanImport(texts *Texts, lock *Lock, f *File, ix *schema.TextIndex) *Import {
	im := &Import{File: f, Splices: map[string][]schema.Splice{}}
	bad := func(p diag.Pos, key, format string, args ...any) {
		im.Problems = append(im.Problems, diag.Errorf(p, key, format, args...))
	}
	src := lang.English
	if lock != nil {
		src = lock.Source
	}
	tgt := f.Lang
	switch {
	case !slices.Contains(texts.Languages(), tgt):
		bad(f.LangPos, "", "the file's language %q is not a language of the content (%s): a new language is declared in the content first", tgt, langList(texts.Languages()))
		return im
	case tgt == src:
		bad(f.LangPos, "", "the file's language is %s, the source language: import translations into another language", LangName(tgt))
		return im
	case f.Source != "" && f.Source != src:
		bad(f.LangPos, "", "the file translates from %s, but the content's source language is %s: export the file again", LangName(f.Source), LangName(src))
		return im
	}
	byKey := map[string]lang.TextAt{}
	var keys []string
	for _, t := range texts.List() {
		byKey[t.Key()] = t
		keys = append(keys, t.Key())
	}
	ly := texts.layout(tgt)
	newLock := lock
	if lock != nil {
		newLock = &Lock{Source: lock.Source, Entries: make(map[string]LockEntry, len(lock.Entries))}
		for k, e := range lock.Entries {
			e.Line = 0
			newLock.Entries[k] = e
		}
	}
	seen := map[string]diag.Pos{}
	for _, e := range f.Entries {
		if prev, dup := seen[e.Key]; dup {
			bad(e.Pos, e.Key, "%s is in the file twice (first at line %d): keep one entry", e.Key, prev.Line)
			continue
		}
		seen[e.Key] = e.Pos
		t, ok := byKey[e.Key]
		if !ok {
			bad(e.Pos, "", "unknown key %q: the content has no such text%s; was it renamed or removed? Export the file again", e.Key, hint(e.Key, keys))
			continue
		}
		if e.Target == "" {
			im.Untranslated++
			continue
		}
		if e.Fuzzy {
			im.Fuzzy++
			continue
		}
		source := t.Text.In(src)
		if draftText(source) {
			bad(e.Pos, e.Key, "the content has no %s text for %s: nothing to translate", LangName(src), e.Key)
			continue
		}
		current := ""
		if !texts.untranslated(t, tgt) {
			current = texts.In(t, tgt)
		}
		changed := e.Target != current
		if problems := checkTranslation(e, source); len(problems) > 0 {
			im.Problems = append(im.Problems, problems...)
			continue
		}
		if changed && ly != nil {
			max := MaxLength(ly, e.Key)
			switch n := Length(e.Target); {
			case max > 0 && n > max:
				bad(e.TargetPos, e.Key, "too long by %s: at most %d fit the card's box (%s), this translation has %d",
					diag.Plural(n-max, "character"), max, strings.Join(ly.Cards(e.Key), ", "), n)
				continue
			case max > 0 && !ly.Fits(e.Key, e.Target, nil):
				// the limit counts letters of average width
				bad(e.TargetPos, e.Key, "does not fit the card's box (%s) even at its smallest size: its %d characters are within the limit of %d, but wider than average letters; shorten it",
					strings.Join(ly.Cards(e.Key), ", "), n, max)
				continue
			}
		}
		if changed {
			sp, file, ok := spliceFor(ix, e, src, tgt)
			if !ok {
				bad(e.Pos, e.Key, "cannot write this %s text: the content does not write %s as a plain string in one place (edit it in the content)", LangName(tgt), e.Key)
				continue
			}
			im.Splices[file] = append(im.Splices[file], sp)
			im.Written = append(im.Written, e)
		}
		if e.Source != source {
			im.Problems = append(im.Problems, diag.Warnf(e.Pos, e.Key, "the %s text changed since the file was exported: the translation is written, not accepted (export again and check it)", LangName(src)))
			continue
		}
		if newLock != nil {
			im.Accepted = append(im.Accepted, e)
			le := LockEntry{Path: e.Key, Against: string(tgt), Source: Fingerprint(source), Text: source}
			newLock.Entries[le.key()] = le
		}
	}
	im.Lock = newLock
	im.Problems = im.Problems.Sorted()
	return im
}

// checkTranslation reports what is broken in a translation against its
// source: card markup (an unclosed emphasis, an unknown icon) and the
// icons, which must be the source's, as many times.
func checkTranslation(e Entry, source string) diag.List {
	srcDoc, err := markup.Parse(source)
	if err != nil {
		return nil // not card markup: a plain text
	}
	var out diag.List
	doc, err := markup.Parse(e.Target)
	for _, m := range markup.Errors(err) {
		out = append(out, diag.Errorf(e.TargetPos, e.Key, "broken markup: %v", m))
	}
	if err != nil {
		return out
	}
	want, got := icons(srcDoc), icons(doc)
	names := append(slices.Collect(maps.Keys(want)), slices.Collect(maps.Keys(got))...)
	slices.Sort(names)
	names = slices.Compact(names)
	for _, n := range names {
		switch w, g := want[n], got[n]; {
		case g < w:
			out = append(out, diag.Errorf(e.TargetPos, e.Key, "the icon :%s: is %s in the source, %d in the translation: keep the source's icons", n, times(w), g))
		case g > w:
			out = append(out, diag.Errorf(e.TargetPos, e.Key, "the icon :%s: is %s in the translation, %d in the source: keep the source's icons", n, times(g), w))
		}
	}
	return out
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// icons counts a document's icons by name.
func icons(d markup.Doc) map[string]int {
	m := map[string]int{}
	for _, p := range d.Paragraphs {
		for _, r := range p.Runs {
			if r.Icon != "" {
				m[r.Icon]++
			}
		}
	}
	return m
}

// spliceFor is the edit that writes e's translation: its string literal
// replaced, or, for a language the text lacks, a field added to the
// struct that writes its source. ok is false unless there is exactly one
// place.
func spliceFor(ix *schema.TextIndex, e Entry, src, tgt lang.Lang) (schema.Splice, string, bool) {
	quoted := schema.QuoteString(e.Target)
	if sites := ix.Strings[e.Key+"/"+string(tgt)]; len(sites) > 0 {
		if len(sites) != 1 {
			return schema.Splice{}, "", false
		}
		s := sites[0]
		return schema.Splice{Start: s.Start, End: s.End, Text: quoted}, s.File, true
	}
	srcSites := ix.Strings[e.Key+"/"+string(src)]
	structs := ix.Structs[e.Key]
	if len(srcSites) != 1 || len(structs) != 1 || structs[0].File != srcSites[0].File {
		return schema.Splice{}, "", false
	}
	return structs[0].InsertField(schema.FieldLabel(string(tgt)), quoted), structs[0].File, true
}

func hint(key string, keys []string) string {
	if c := suggest.Closest(key, keys); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

func langList(langs []lang.Lang) string {
	var s []string
	for _, l := range langs {
		s = append(s, string(l))
	}
	return strings.Join(s, ", ")
}

// IndexFiles indexes the content files (paths from the tree's folder)
// with positions naming them under root, read by read.
func IndexFiles(files []string, root string, read func(rel string) ([]byte, error)) (*schema.TextIndex, map[string]string, diag.List, error) {
	ix := schema.NewTextIndex()
	names := map[string]string{} // position name → rel
	var problems diag.List
	for _, rel := range files {
		src, err := read(rel)
		if err != nil {
			return nil, nil, nil, err
		}
		name := path.Join(root, rel)
		names[name] = rel
		problems = append(problems, ix.Add(name, src)...)
	}
	return ix, names, problems, nil
}
