package render

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/schema"
)

func TestDraftPlaceholdersMatchSchema(t *testing.T) {
	if missingEN != schema.MissingEN || missingFR != schema.MissingFR {
		t.Errorf("render's placeholders %q, %q; schema's %q, %q", missingEN, missingFR, schema.MissingEN, schema.MissingFR)
	}
}

// draftCatalog is the test catalog loaded in draft mode with a skill name
// missing in French and a Character name missing in English.
func draftCatalog() *catalog.Catalog {
	cat := testCatalog()
	cat.Skills[0].Name.FR = missingFR
	cat.Characters[0].Name.EN = missingEN
	cat.Draft = []catalog.MissingText{
		{Path: "skills.sharp.name", Lang: catalog.French},
		{Path: "characters.x.name", Lang: catalog.English},
	}
	return cat
}

// TestDraftShowsOtherLanguage: in draft mode a missing translation is
// printed as the other language's text marked "[EN]" or "[FR]", so the
// card stays identifiable; the catalog itself is left as it was (the
// engine data keeps the placeholder).
func TestDraftShowsOtherLanguage(t *testing.T) {
	cat := draftCatalog()
	skillEN := cat.Skills[0].Name.EN
	charFR := cat.Characters[0].Name.FR
	charID := cat.Characters[0].ID
	for _, tc := range []struct {
		lang catalog.Lang
		want string
	}{
		{catalog.French, "[EN] " + skillEN},
		{catalog.English, "[FR] " + charFR},
	} {
		cards, err := Layout(cat, tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, c := range cards {
			for _, f := range []*Face{&c.Front, &c.Back} {
				for _, it := range f.Items {
					if tx, ok := it.(Text); ok {
						all.WriteString(tx.S + "\n")
					}
				}
			}
		}
		got := strings.ReplaceAll(all.String(), "\u00a0", " ")
		if !strings.Contains(got, strings.Fields(tc.want)[0]) || !strings.Contains(got, strings.Fields(tc.want)[1]) {
			t.Errorf("%s cards: no %q", tc.lang, tc.want)
		}
		if strings.Contains(got, "manquant") || strings.Contains(got, "missing English") {
			t.Errorf("%s cards print a placeholder", tc.lang)
		}
		front, _, err := SVG(cat, charID, catalog.English)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(front), "<title>[FR] "+charFR+"</title>") {
			t.Errorf("the English card image of %s is not titled [FR] %s", charID, charFR)
		}
	}
	if cat.Skills[0].Name.FR != missingFR || cat.Characters[0].Name.EN != missingEN || len(cat.Draft) != 2 {
		t.Error("Drafted changed the catalog it was given")
	}
	if d := Drafted(cat); d == cat || Drafted(d) != d {
		t.Error("Drafted copies a draft catalog once")
	}
	if c := testCatalog(); Drafted(c) != c {
		t.Error("Drafted copies a complete catalog")
	}
}
