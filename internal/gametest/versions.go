package gametest

import (
	"bytes"
	"encoding/json"
	"html"
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/translations"
)

// versions runs the capabilities over versions and languages on every
// game that has them (a game without one is refused in one line naming
// it): translations (coverage with the place of the missing text, every
// text placed, the lock's round trip and a stale translation found),
// diff (nothing between a tree and itself, the removed translation
// between the starter and its draft), errata (build --since a version
// whose French text differs: reprint sheets in French only, an errata
// page in each language).
func (s *suite) versions(t *testing.T, base fstest.MapFS) {
	drafted := mutate(t, base, s.g.Draft)
	load := func(fsys fstest.MapFS, draft bool) ruleset.Content {
		r := s.run(t, pipeline.Options{Content: fsys, Root: s.g.Root, Draft: draft, Stages: []pipeline.Stage{pipeline.Load}})
		if r.Content == nil {
			t.Fatalf("the load fails:\n%s", r.Diagnostics.Text())
		}
		return r.Content
	}
	starter, draft := load(base, false), load(drafted, true)
	refused := func(c ruleset.Capability) {
		err := ruleset.Missing("wbtool x", s.g.Name, c)
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, ruleset.Title(s.g.Name)) || !strings.Contains(msg, c.Name) {
			t.Errorf("the refusal of %s: %q", c.Name, msg)
		}
	}

	t.Run("translations", func(t *testing.T) {
		tr, ok := draft.(ruleset.Translations)
		if !ok {
			refused(ruleset.CapTranslations)
			return
		}
		texts := tr.Texts()
		var b bytes.Buffer
		if !translations.WriteCoverage(&b, texts) || !strings.Contains(b.String(), path.Join(s.g.Root, s.g.Draft.File)+":") {
			t.Errorf("coverage does not list the missing text at its place in %s:\n%s", s.g.Draft.File, b.String())
		}
		list := texts.List()
		if len(list) == 0 || texts.Count < len(list) {
			t.Fatalf("%d texts listed, %d counted", len(list), texts.Count)
		}
		for _, x := range list {
			for _, l := range lang.Langs {
				if p := texts.Pos(x.Path, l, x.Pos); p.File == "" || p.Line == 0 {
					t.Errorf("text %s (%s) has no place: %v", x.Key(), l, p)
				}
			}
		}
		lock, n := translations.AcceptLock(texts, nil, lang.English, nil)
		if n == 0 {
			t.Fatal("accept matched no text")
		}
		back, problems := translations.ParseLock(lock.Bytes(), "lock")
		if len(problems) > 0 || !bytes.Equal(back.Bytes(), lock.Bytes()) {
			t.Fatalf("the lock does not read back: %v", problems)
		}
		lockFS := func(l *translations.Lock) fstest.MapFS {
			return fstest.MapFS{translations.LockFile: {Data: l.Bytes()}}
		}
		if rep := translations.CheckLock(texts, lockFS(lock), s.g.Root); len(rep.Stale)+len(rep.Drift)+rep.Unaccepted+len(rep.Gone) > 0 {
			t.Errorf("a lock just accepted: %d stale, %d drifted, %d unaccepted, %d gone", len(rep.Stale), len(rep.Drift), rep.Unaccepted, len(rep.Gone))
		}
		key := list[0].Key() + " " + string(lang.French)
		e, ok := lock.Entries[key]
		if !ok {
			t.Fatalf("no lock entry %s", key)
		}
		e.Source = "000000000000" // accepted against another English text
		lock.Entries[key] = e
		rep := translations.CheckLock(texts, lockFS(lock), s.g.Root)
		if len(rep.Stale) != 1 || rep.Stale[0].Key() != list[0].Key() || rep.Stale[0].Pos.File == "" {
			t.Errorf("stale translations after a source changed: %+v", rep.Stale)
		}
		if d := rep.Diagnostics(); len(d) != 1 || !strings.Contains(d[0].String(), "stale French translation") {
			t.Errorf("the stale translation's warning: %v", d)
		}
	})

	t.Run("diff", func(t *testing.T) {
		d, ok := starter.(ruleset.Differ)
		if !ok {
			refused(ruleset.CapDiffs)
			return
		}
		a, err := d.Comparable()
		if err != nil {
			t.Fatal(err)
		}
		b, err := draft.(ruleset.Differ).Comparable()
		if err != nil {
			t.Fatal(err)
		}
		if rep := changes.Compare(a, a); len(rep.Changes) != 0 || rep.Summary() != "no changes" {
			t.Errorf("a tree and itself: %s", rep.Summary())
		}
		rep := changes.Compare(a, b)
		fr := 0
		for _, e := range rep.Changes {
			for _, f := range e.Fields {
				if f.Lang == lang.French {
					fr++
				}
			}
		}
		if len(rep.Changes) != 1 || fr != 1 {
			var w bytes.Buffer
			rep.WriteText(&w)
			t.Errorf("the starter and its draft (%s): %d changes, %d French fields:\n%s", s.g.Draft.Name, len(rep.Changes), fr, w.String())
		}
		var j bytes.Buffer
		if err := rep.WriteJSON(&j, "old", ""); err != nil || !json.Valid(j.Bytes()) {
			t.Errorf("--json: %v\n%s", err, j.String())
		}
	})

	t.Run("errata", func(t *testing.T) {
		if _, ok := starter.(ruleset.Errata); !ok {
			return // the seam test checks the refusal of --since
		}
		vs := &ruleset.Versions{Open: func(rev string) (ruleset.Version, error) {
			return ruleset.Version{FS: drafted, Root: s.g.Root, Folder: true, Rev: rev}, nil
		}}
		r := s.run(t, pipeline.Options{Content: base, Root: s.g.Root, Version: "test", Since: "v0", Versions: vs,
			Stages: []pipeline.Stage{pipeline.Load, pipeline.Errata, pipeline.Site, pipeline.Print}})
		if !r.OK(false) {
			t.Fatalf("build --since:\n%s", r.Diagnostics.Text())
		}
		print := r.Outputs[pipeline.PrintDir]
		if _, rel := pipeline.InDir(pipeline.ReprintSheet(lang.French)); print[rel] == nil {
			t.Errorf("no French reprint sheet: %v", pipeline.Paths(print))
		}
		if _, rel := pipeline.InDir(pipeline.ReprintSheet(lang.English)); print[rel] != nil {
			t.Errorf("an English reprint sheet, when only a French text changed")
		}
		for _, l := range lang.Langs {
			found := false
			for p, b := range r.Outputs[pipeline.SiteDir] {
				if strings.HasPrefix(p, string(l)+"/errata") {
					found = true
					errataInPlayersWords(t, p, b)
				}
			}
			if !found {
				t.Errorf("no errata page in %s", l)
			}
		}
	})
}

// toolMarks are what the errata page must never show players (issue 36
// item 5): a field's language mark ("name (fr)"), a word diff's marks,
// a value as JSON, the diff command's English summary.
var toolMarks = regexp.MustCompile(`\((en|fr)\)|\{\+|\+\}|\[-|-\]|\{"|\bsince v0\b|\b\d+ changed\b`)

// errataInPlayersWords fails when the errata page p says a change in the
// tool's words rather than the players' (the page's visible text, its
// markup and escapes undone).
func errataInPlayersWords(t *testing.T, p string, page []byte) {
	t.Helper()
	body := string(page)
	if _, after, ok := strings.Cut(body, "<main"); ok {
		body, _, _ = strings.Cut(after, "</main>")
	}
	text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(body, " "))
	if m := toolMarks.FindString(text); m != "" {
		t.Errorf("%s says a change in the tool's words (%q), not the players':\n%s", p, m, strings.Join(strings.Fields(text), " "))
	}
}

// toolWords are the tool's commands and how the checker is made, which
// players' pages never show (issue 36 item 10: "wbtool deck check …
// WebAssembly"); a browser's needs ("needs JavaScript and WebAssembly")
// are the players'.
var toolWords = regexp.MustCompile(`wbtool (deck|check|validate|build|export|print|play|sim)\b|(compiled|built) (to|as) WebAssembly|\bGo code\b`)

// noToolWords fails when a page for players (every page but the
// designers' reference, designers/) shows the tool's words in its text
// (its markup, attributes and scripts aside).
func noToolWords(t *testing.T, site map[string][]byte) {
	scripts := regexp.MustCompile(`(?s)<script\b.*?</script>`)
	tags := regexp.MustCompile(`<[^>]*>`)
	for p, b := range site {
		if !strings.HasSuffix(p, ".html") || strings.Contains(p, "designers/") {
			continue
		}
		text := html.UnescapeString(tags.ReplaceAllString(scripts.ReplaceAllString(string(b), " "), " "))
		if m := toolWords.FindStringIndex(text); m != nil {
			t.Errorf("%s shows players the tool's words: %q", p, strings.Join(strings.Fields(text[max(0, m[0]-60):min(len(text), m[1]+40)]), " "))
		}
	}
}
