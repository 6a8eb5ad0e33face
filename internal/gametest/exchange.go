package gametest

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/translations"
)

// XLIFF12Schema is where the exchange test looks for the XLIFF 1.2
// strict schema (xliff-core-1.2-strict.xsd, OASIS) when
// WBTOOL_XLIFF12_XSD does not name it: xmllint then checks the export
// against it; without it only well-formedness is checked, and the test
// says so.
const XLIFF12Schema = "/usr/share/xml/xliff/1.2/xliff-core-1.2-strict.xsd"

// exchange runs the translators' exchange files on a game with
// translations (`wbtool i18n export` / `import`): each translation
// language exported as PO and XLIFF twice alike, read back entry for
// entry, imported untouched with nothing to write and the lock unchanged,
// checked by msgfmt --check and xmllint (skipped, said, when missing);
// and a limit taken from the card layout holds in the real pipeline: the
// measuring text of exactly the limit lays out, one character more is
// refused by the verdict.
func (s *suite) exchange(t *testing.T, base fstest.MapFS) {
	r := s.run(t, pipeline.Options{Content: base, Root: s.g.Root, Draft: true, Stages: []pipeline.Stage{pipeline.Load}})
	tr, ok := r.Content.(ruleset.Translations)
	if !ok {
		t.Skipf("the %s game has no translations (capability Translations)", s.g.Name)
	}
	texts := tr.Texts()
	lock, problems := translations.ReadLock(base, s.g.Root)
	if len(problems) > 0 {
		t.Fatalf("the starter's lock: %v", problems)
	}
	src := lang.English
	if lock != nil {
		src = lock.Source
	}
	ix := indexTree(t, base, s.g.Root)
	for _, tgt := range texts.Languages() {
		if tgt == src {
			continue
		}
		f := translations.Export(texts, lock, ix, ruleset.Title(s.g.Name), src, tgt)
		if len(f.Entries) == 0 {
			t.Fatalf("%s: no entry exported", tgt)
		}
		po, xl := translations.WritePO(f), translations.WriteXLIFF(f)
		again := translations.Export(texts, lock, ix, ruleset.Title(s.g.Name), src, tgt)
		if !bytes.Equal(po, translations.WritePO(again)) || !bytes.Equal(xl, translations.WriteXLIFF(again)) {
			t.Errorf("%s: two exports differ", tgt)
		}
		for _, format := range []string{"po", "xliff"} {
			var back *translations.File
			var problems []string
			if format == "po" {
				b, l := translations.ParsePO(po, "x.po")
				back, problems = b, strings.Split(l.Text(), "\n")
			} else {
				b, l := translations.ParseXLIFF(xl, "x.xlf")
				back, problems = b, strings.Split(l.Text(), "\n")
			}
			if strings.Join(problems, "") != "" {
				t.Fatalf("%s %s does not read back: %s", tgt, format, strings.Join(problems, "\n"))
			}
			if d := sameEntries(f, back); d != "" {
				t.Errorf("%s %s read back differs: %s", tgt, format, d)
			}
			im := translations.PlanImport(texts, lock, back, ix)
			if len(im.Problems) > 0 || len(im.Splices) > 0 {
				t.Errorf("%s %s imported untouched: %d problems (%s), %d files to write", tgt, format, len(im.Problems), im.Problems.Text(), len(im.Splices))
			}
			if lock != nil && !bytes.Equal(im.Lock.Bytes(), lock.Bytes()) {
				t.Errorf("%s %s imported untouched changes the lock", tgt, format)
			}
		}
		checkTools(t, po, xl)
		if !texts.Draft(tgt) { // a language in draft is printed nowhere
			s.limits(t, base, f, ix, tgt)
		}
	}
}

// limits checks the first and last limits of f against the verdict.
func (s *suite) limits(t *testing.T, base fstest.MapFS, f *translations.File, ix *schema.TextIndex, tgt lang.Lang) {
	var with []translations.Entry
	for _, e := range f.Entries {
		if e.MaxLen > 0 && e.Target != "" {
			with = append(with, e)
		}
	}
	if len(with) == 0 {
		t.Logf("%s: no text with a limit (no card layout)", tgt)
		return
	}
	for _, e := range []translations.Entry{with[0], with[len(with)-1]} {
		for _, n := range []int{e.MaxLen, e.MaxLen + 1} {
			sites := ix.Strings[e.Key+"/"+string(tgt)]
			if len(sites) != 1 {
				t.Fatalf("%s/%s is written in %d places", e.Key, tgt, len(sites))
			}
			site := sites[0]
			rel := strings.TrimPrefix(site.File, s.g.Root+"/")
			fsys := clone(base)
			fsys[rel] = &fstest.MapFile{Data: schema.ApplySplices(base[rel].Data, []schema.Splice{{Start: site.Start, End: site.End, Text: schema.QuoteString(translations.Filler(n))}})}
			// Warstuff's stages refuse a text too long as a run error
			// (no position), Warbound's as a diagnostic: both refuse
			v, err := pipeline.Run(context.Background(), pipeline.Options{Content: fsys, Root: s.g.Root, Version: "test", Stages: pipeline.Verdict, CheckSite: true, Cache: s.cache})
			fits := err == nil && v.OK(false)
			why := fmt.Sprint(err)
			if err == nil {
				why = v.Diagnostics.Text()
			}
			switch {
			case n == e.MaxLen && !fits:
				t.Errorf("%s (%s): a text of exactly its limit, %d characters, is refused:\n%s", e.Key, tgt, n, why)
			case n > e.MaxLen && fits:
				t.Errorf("%s (%s): a text of %d characters, one over its limit, is accepted", e.Key, tgt, n)
			}
		}
	}
}

// indexTree indexes the .cue files of a tree.
func indexTree(t *testing.T, fsys fs.FS, root string) *schema.TextIndex {
	files, _, _, err := schema.ListFiles(fsys)
	if err != nil {
		t.Fatal(err)
	}
	ix, _, problems, err := translations.IndexFiles(files, root, func(rel string) ([]byte, error) { return fs.ReadFile(fsys, rel) })
	if err != nil || len(problems) > 0 {
		t.Fatalf("index: %v %v", err, problems)
	}
	return ix
}

// sameEntries compares what an exchange file carries (positions apart).
func sameEntries(a, b *translations.File) string {
	if a.Lang != b.Lang || a.Source != b.Source {
		return fmt.Sprintf("languages %s→%s, read %s→%s", a.Source, a.Lang, b.Source, b.Lang)
	}
	if len(a.Entries) != len(b.Entries) {
		return fmt.Sprintf("%d entries, read %d", len(a.Entries), len(b.Entries))
	}
	for i, x := range a.Entries {
		y := b.Entries[i]
		y.Pos, y.TargetPos = x.Pos, x.TargetPos
		if fmt.Sprintf("%#v", x) != fmt.Sprintf("%#v", y) {
			return fmt.Sprintf("entry %d:\n%#v\nread\n%#v", i, x, y)
		}
	}
	return ""
}

// checkTools runs msgfmt --check on the PO file and xmllint on the XLIFF
// document (against XLIFF 1.2's schema when it is on the machine).
func checkTools(t *testing.T, po, xl []byte) {
	dir := t.TempDir()
	poFile, xlFile := filepath.Join(dir, "x.po"), filepath.Join(dir, "x.xlf")
	os.WriteFile(poFile, po, 0o644)
	os.WriteFile(xlFile, xl, 0o644)
	if _, err := exec.LookPath("msgfmt"); err != nil {
		t.Log("msgfmt is not installed (gettext): the PO file is not checked by msgfmt --check")
	} else if out, err := exec.Command("msgfmt", "--check", "-o", os.DevNull, poFile).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("msgfmt --check: %v\n%s", err, out)
	}
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Log("xmllint is not installed (libxml2-utils): the XLIFF document is not checked")
		return
	}
	args := []string{"--noout"}
	xsd := os.Getenv("WBTOOL_XLIFF12_XSD")
	if xsd == "" {
		xsd = XLIFF12Schema
	}
	if _, err := os.Stat(xsd); err == nil {
		args = append(args, "--schema", xsd)
	} else {
		t.Logf("no XLIFF 1.2 schema at %s (set WBTOOL_XLIFF12_XSD to xliff-core-1.2-strict.xsd): the XLIFF document is checked as well-formed XML only", xsd)
	}
	if out, err := exec.Command("xmllint", append(args, xlFile)...).CombinedOutput(); err != nil || bytes.Contains(out, []byte("error")) {
		t.Errorf("xmllint %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
