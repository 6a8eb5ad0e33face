package wbcards

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/schema"
)

func TestDraftPlaceholdersMatchSchema(t *testing.T) {
	if missingEN != schema.MissingEN || missingFR != schema.MissingFR {
		t.Errorf("render's placeholders %q, %q; schema's %q, %q", missingEN, missingFR, schema.MissingEN, schema.MissingFR)
	}
}

// draftCatalog is the test catalog loaded in draft mode with a skill name
// missing in French and a Character name missing in English.
func draftCatalog() *wbcatalog.Catalog {
	cat := testCatalog()
	cat.Skills[0].Name.FR = missingFR
	cat.Characters[0].Name.EN = missingEN
	cat.Draft = []wbcatalog.MissingText{
		{Path: "skills.sharp.name", Lang: wbcatalog.French},
		{Path: "characters.x.name", Lang: wbcatalog.English},
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
		lang wbcatalog.Lang
		want string
	}{
		{wbcatalog.French, "[EN] " + skillEN},
		{wbcatalog.English, "[FR] " + charFR},
	} {
		cards, err := Layout(cat, tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, c := range cards {
			for _, f := range []*render.Face{&c.Front, &c.Back} {
				for _, it := range f.Items {
					if tx, ok := it.(render.Text); ok {
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
		front, _, err := SVG(cat, charID, wbcatalog.English)
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

// TestDraftTagsStaleTranslations: with MarkStale, a stale translation is
// tagged in its own language only ("[to review] "), once however often
// Drafted runs; without MarkStale (a print made without --draft) nothing
// is tagged and the catalog is not copied.
func TestDraftTagsStaleTranslations(t *testing.T) {
	base := testCatalog()
	ch := base.Characters[0]
	sk := base.Skills[0]
	stale := map[string]bool{
		wbcatalog.TextKey([]string{"characters", ch.ID, "name"}, wbcatalog.English): true,
		wbcatalog.TextKey([]string{"skills", sk.ID, "text"}, wbcatalog.French):      true,
	}
	for _, tc := range []struct {
		name string
		mark bool
	}{{"draft", true}, {"not draft", false}} {
		t.Run(tc.name, func(t *testing.T) {
			cat := testCatalog()
			cat.Stale, cat.MarkStale = stale, tc.mark
			d := Drafted(cat)
			if !tc.mark {
				if d != cat {
					t.Fatal("Drafted copied a catalog with nothing to tag")
				}
				return
			}
			if got, want := d.Characters[0].Name.EN, "[to review] "+ch.Name.EN; got != want {
				t.Errorf("English name %q, want %q", got, want)
			}
			if got := d.Characters[0].Name.FR; got != ch.Name.FR {
				t.Errorf("French name %q: the source language is tagged", got)
			}
			if got, want := d.Skills[0].Text.FR, "[à revoir] "+sk.Text.FR; got != want {
				t.Errorf("French skill text %q, want %q", got, want)
			}
			if got := d.Skills[0].Text.EN; got != sk.Text.EN {
				t.Errorf("English skill text %q is tagged", got)
			}
			if cat.Characters[0].Name.EN != ch.Name.EN || cat.Skills[0].Text.FR != sk.Text.FR {
				t.Error("Drafted changed the catalog it was given")
			}
			if dd := Drafted(d); dd != d || dd.Characters[0].Name.EN != d.Characters[0].Name.EN {
				t.Error("Drafted tags a tagged catalog again")
			}
			front, _, err := SVG(cat, ch.ID, wbcatalog.English)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(front), "[to review] ") {
				t.Error("the English card image does not carry the tag")
			}
		})
	}
}
