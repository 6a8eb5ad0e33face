package translations

import (
	"fmt"
	"io"
	"path"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/lang"
)

// gap is one thing a language lacks: a text (Missing) or a rules
// chapter that exists in another language only (Chapter, from Other).
type gap struct {
	Lang    lang.Lang
	Missing *lang.MissingText
	Chapter *Chapter
}

// gaps lists what each language lacks, in coverage's order, with the
// number of texts written in each language.
func (t *Texts) gaps() (out []gap, done map[lang.Lang]int) {
	missing := map[lang.Lang][]lang.MissingText{}
	for _, m := range t.Missing {
		missing[m.Lang] = append(missing[m.Lang], m)
	}
	for _, l := range t.Languages() {
		if !t.Draft(l) {
			continue
		}
		for _, x := range t.List() {
			if t.In(x, l) == "" {
				at := append(append([]string(nil), x.Path...), string(l))
				missing[l] = append(missing[l], lang.MissingText{Pos: x.Pos, Path: DisplayPath(at), Lang: l})
			}
		}
	}
	chapters := map[lang.Lang]map[string]bool{}
	for _, p := range t.Chapters {
		if chapters[p.Lang] == nil {
			chapters[p.Lang] = map[string]bool{}
		}
		chapters[p.Lang][path.Base(p.Path)] = true
	}
	done = map[lang.Lang]int{}
	for _, l := range t.Languages() {
		done[l] = t.Count - len(missing[l])
		for i := range missing[l] {
			out = append(out, gap{Lang: l, Missing: &missing[l][i]})
		}
		listed := map[string]bool{} // a chapter in several languages: once
		for _, other := range t.Languages() {
			if other == l {
				continue
			}
			for i, p := range t.Chapters {
				if base := path.Base(p.Path); p.Lang == other && !chapters[l][base] && !listed[base] {
					listed[base] = true
					out = append(out, gap{Lang: l, Chapter: &t.Chapters[i]})
				}
			}
		}
	}
	return out, done
}

// text is the gap in words, as coverage lists it.
func (g gap) text() string {
	if g.Missing != nil {
		return fmt.Sprintf("missing %s text", LangName(g.Lang))
	}
	return fmt.Sprintf("rules chapter %s has no %s version (expected rules/%s/%s)", g.Chapter.Path, LangName(g.Lang), g.Lang, path.Base(g.Chapter.Path))
}

// WriteCoverage prints the translation coverage per language, each
// missing text at its place, and the rules chapters that miss a
// language; it reports whether anything is missing (in a language in
// draft, nothing is: it is translated as far as it goes).
func WriteCoverage(w io.Writer, t *Texts) (incomplete bool) {
	gaps, done := t.gaps()
	for _, l := range t.Languages() {
		pct := 100.0
		if t.Count > 0 {
			pct = 100 * float64(done[l]) / float64(t.Count)
		}
		draft := ""
		if t.Draft(l) {
			draft = ", in draft"
		}
		fmt.Fprintf(w, "%s: %.1f%% of texts (%d/%d)%s\n", LangName(l), pct, done[l], t.Count, draft)
		for _, g := range gaps {
			switch {
			case g.Lang != l:
			case g.Missing != nil:
				fmt.Fprintf(w, "  %s: %s: %s\n", g.Missing.Pos, g.Missing.Path, g.text())
			default:
				fmt.Fprintf(w, "  %s\n", g.text())
			}
			incomplete = incomplete || g.Lang == l && !t.Draft(l)
		}
	}
	return incomplete
}

// CoverageDiagnostics are coverage's gaps as warnings, for --format json
// and sarif: each missing text at its place, each rules chapter missing a
// language at the chapter that exists.
func CoverageDiagnostics(t *Texts) diag.List {
	gaps, _ := t.gaps()
	var out diag.List
	for _, g := range gaps {
		if g.Missing != nil {
			out = append(out, diag.Warnf(g.Missing.Pos, g.Missing.Path, "%s", g.text()))
			continue
		}
		out = append(out, diag.Warnf(diag.Pos{File: g.Chapter.Path}, "", "%s", g.text()))
	}
	return out
}

// Write prints what the lock says of the content (root names the content
// folder) and reports whether a translation is stale or a text drifted
// from its effect.
func (rep *LockReport) Write(w io.Writer, root string) (stale bool) {
	p := func(format string, args ...any) { fmt.Fprintln(w, termsafe.String(fmt.Sprintf(format, args...))) }
	for _, d := range rep.Problems {
		p("%s", d)
	}
	lock := rep.Lock
	if lock == nil {
		if len(rep.Problems) == 0 {
			p("no translations lock (%s): stale translations are not tracked until the first `wbtool i18n accept --source LANG`", path.Join(root, LockFile))
		}
		return false
	}
	p("source language: %s (%s)", LangName(lock.Source), path.Join(root, LockFile))
	if len(rep.Stale) == 0 {
		p("stale translations: none")
	} else {
		p("stale translations: %d, their source text changed since they were accepted:", len(rep.Stale))
	}
	for _, s := range rep.Stale {
		now := s.Text.In(lock.Source)
		p("  %s: %s: stale %s text", s.Pos, s.Key(), LangName(s.Lang))
		p("    accepted %s: %s", lock.Source, s.Accepted.Text)
		p("    now %s:      %s", lock.Source, now)
		p("    change:      %s", changes.WordDiff(s.Accepted.Text, now).String())
		p("    %s:          %s", s.Lang, s.Translation)
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
