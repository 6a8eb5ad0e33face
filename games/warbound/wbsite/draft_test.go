package wbsite

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/site"
)

// TestDraftShowsOtherLanguage: in draft mode a missing translation shows,
// on the site as on the cards, the other language's text marked "[EN]" or
// "[FR]", never the placeholder.
func TestDraftShowsOtherLanguage(t *testing.T) {
	cat := fixture(nil, nil)
	si := 0
	for i, s := range cat.Skills {
		if s.ID == cat.Characters[0].Front.Skills[0] {
			si = i
		}
	}
	cat.Skills[si].Name.FR = schema.MissingFR
	cat.Characters[0].Name.EN = schema.MissingEN
	cat.Draft = []wbcatalog.MissingText{{Path: "skills.x.name", Lang: wbcatalog.French}, {Path: "characters.y.name", Lang: wbcatalog.English}}
	files := mustBuild(t, cat)
	skill, char := cat.Skills[si].Name.EN, cat.Characters[0].Name.FR
	fr := string(files["fr/cards/"+cat.Characters[0].ID+"/index.html"])
	en := string(files["en/cards/"+cat.Characters[0].ID+"/index.html"])
	if !strings.Contains(fr, "[EN] "+skill) {
		t.Errorf("the French card page does not show [EN] %s", skill)
	}
	if !strings.Contains(en, "[FR] "+char) {
		t.Errorf("the English card page does not show [FR] %s", char)
	}
	for name, f := range files {
		if strings.Contains(string(f), schema.MissingFR) || strings.Contains(string(f), schema.MissingEN) {
			t.Errorf("%s shows a placeholder", name)
		}
	}
}

// TestStaleTranslationsMarked: a stale translation gets the discreet mark
// on its language's pages only (the card's name, its skill, a glossary
// term), with the note in that language; a draft build (MarkStale) shows
// the print's tag in the text instead, and no mark.
func TestStaleTranslationsMarked(t *testing.T) {
	cat := fixture(nil, nil)
	ch := cat.Characters[0]
	skill := ch.Front.Skills[0]
	term := cat.Glossary[0]
	cat.Stale = map[string]bool{
		wbcatalog.TextKey([]string{"characters", ch.ID, "name"}, wbcatalog.English):      true,
		wbcatalog.TextKey([]string{"skills", skill, "text"}, wbcatalog.English):          true,
		wbcatalog.TextKey([]string{"glossary", term.ID, "definition"}, wbcatalog.French): true,
	}
	files := mustBuild(t, cat)
	en := string(files["en/cards/"+ch.ID+"/index.html"])
	fr := string(files["fr/cards/"+ch.ID+"/index.html"])
	note, _ := wbcatalog.BuiltinLabel("stale.note")
	want := 1 // the name, then the skill on each side that has it
	for _, s := range append(append([]string{}, ch.Front.Skills...), ch.Panic.Skills...) {
		if s == skill {
			want++
		}
	}
	if n := strings.Count(en, `class="stale-mark" title="`+note.EN+`"`); n != want {
		t.Errorf("the English card page has %d marks, want %d (name, skill)", n, want)
	}
	if strings.Contains(fr, "stale-mark") {
		t.Error("the French card page (the source language here) is marked")
	}
	// the card image carries a small corner mark, titled with the note
	if !strings.Contains(string(files["en/cards/"+ch.ID+"/front.svg"]), "<g><title>"+note.EN+"</title><circle") {
		t.Error("the English card image has no corner mark")
	}
	if strings.Contains(string(files["fr/cards/"+ch.ID+"/front.svg"]), "<g><title>"+note.FR) {
		t.Error("the French card image has a corner mark")
	}
	if !strings.Contains(string(files["fr/glossary/index.html"]), `stale-mark" title="`+site.EscapeHTML(note.FR)) {
		t.Error("the French glossary does not mark the stale definition")
	}
	if strings.Contains(string(files["en/glossary/index.html"]), "stale-mark") {
		t.Error("the English glossary is marked")
	}

	cat.MarkStale = true
	files = mustBuild(t, cat)
	en = string(files["en/cards/"+ch.ID+"/index.html"])
	if strings.Contains(en, "stale-mark") || !strings.Contains(en, "[to review] "+ch.Name.EN) {
		t.Error("a draft build's English card page does not show the tag alone")
	}
}
