package site

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/schema"
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
	cat.Draft = []catalog.MissingText{{Path: "skills.x.name", Lang: catalog.French}, {Path: "characters.y.name", Lang: catalog.English}}
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
