package translations

import (
	"bytes"
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

// A language in draft: declared beyond English and French, translated as
// far as it goes; coverage lists what it lacks without failing, the lock
// tracks it, export and import carry it (a missing text added beside its
// source).
func TestDraftLanguage(t *testing.T) {
	const de = lang.Lang("de")
	texts := tinyTexts()
	texts.Langs = []lang.Lang{lang.English, lang.French, de}
	texts.Extra = map[string]string{"cards/a/name/de": "Späher"}
	if !texts.Draft(de) || texts.Draft(lang.French) || texts.In(texts.List()[0], de) != "Späher" {
		t.Fatal("the draft language is not read")
	}
	var b bytes.Buffer
	if WriteCoverage(&b, texts) {
		t.Errorf("a language in draft fails coverage:\n%s", b.String())
	}
	for _, want := range []string{"German: 33.3% of texts (1/3), in draft\n", "cards.a.text.de: missing German text"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("coverage lacks %q:\n%s", want, b.String())
		}
	}
	lock, _ := AcceptLock(texts, nil, lang.English, nil)
	if e, ok := lock.Entries["cards/a/name de"]; !ok || e.Text != "Scout" {
		t.Fatalf("the lock does not accept the German text: %v", lock.Entries)
	}
	back, problems := ParseLock(lock.Bytes(), "lock")
	if len(problems) > 0 || !bytes.Equal(back.Bytes(), lock.Bytes()) {
		t.Fatalf("the lock with German does not read back: %v", problems)
	}
	f := Export(texts, lock, nil, "Tiny", lang.English, de)
	if len(f.Entries) != 3 || f.Entries[0].Target != "Späher" || f.Entries[1].Target != "" {
		t.Fatalf("export: %#v", f.Entries)
	}
	f.Entries[1].Target = "Vor einem :shoot:, ziele."
	im := PlanImport(texts, lock, f, tinyIndex(t))
	if len(im.Problems) > 0 || len(im.Written) != 1 {
		t.Fatalf("import: %v, %d written", im.Problems, len(im.Written))
	}
	got := string(schema.ApplySplices([]byte(tinyCUE), im.Splices["t/cards.cue"]))
	if !strings.Contains(got, "\t\tfr: \"Avant un :shoot:, visez.\"\n\t\tde: \"Vor einem :shoot:, ziele.\"\n\t}") {
		t.Errorf("the German text is not added beside its source:\n%s", got)
	}
	f.Lang = "es"
	if im := PlanImport(texts, lock, f, tinyIndex(t)); !strings.Contains(im.Problems.Text(), `the file's language "es" is not a language of the content (en, fr, de)`) {
		t.Errorf("an undeclared language: %s", im.Problems.Text())
	}
}
