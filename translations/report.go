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

// WriteCoverage prints the translation coverage per language, each
// missing text at its place, and the rules chapters that miss a
// language; it reports whether anything is missing.
func WriteCoverage(w io.Writer, t *Texts) (incomplete bool) {
	missing := map[lang.Lang][]lang.MissingText{}
	for _, m := range t.Missing {
		missing[m.Lang] = append(missing[m.Lang], m)
	}
	chapters := map[lang.Lang]map[string]bool{}
	for _, p := range t.Chapters {
		if chapters[p.Lang] == nil {
			chapters[p.Lang] = map[string]bool{}
		}
		chapters[p.Lang][path.Base(p.Path)] = true
	}
	for _, l := range lang.Langs {
		n := len(missing[l])
		done := t.Count - n
		pct := 100.0
		if t.Count > 0 {
			pct = 100 * float64(done) / float64(t.Count)
		}
		fmt.Fprintf(w, "%s: %.1f%% of texts (%d/%d)\n", LangName(l), pct, done, t.Count)
		for _, m := range missing[l] {
			fmt.Fprintf(w, "  %s: %s: missing %s text\n", m.Pos, m.Path, LangName(l))
			incomplete = true
		}
		for _, other := range lang.Langs {
			if other == l {
				continue
			}
			for _, p := range t.Chapters {
				if p.Lang == other && !chapters[l][path.Base(p.Path)] {
					fmt.Fprintf(w, "  rules chapter %s has no %s version (expected rules/%s/%s)\n", p.Path, LangName(l), l, path.Base(p.Path))
					incomplete = true
				}
			}
		}
	}
	return incomplete
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
