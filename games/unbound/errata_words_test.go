package unbound

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/lang"
)

// TestErrataInPlayersWords: the errata page says each change in players'
// words in each language — a new picture, a value's old and new words, a
// list of values "changed" — never a value as JSON nor a field's path,
// and a change of the other language's text stays on its own page.
func TestErrataInPlayersWords(t *testing.T) {
	c := &Content{since0: "v1", errata: &changes.Report{Changes: []changes.Entity{{
		Collection: "units", Noun: "Unit", ID: "ash-guard", Change: changes.Changed,
		Name: &lang.Text{EN: "Ash Guard", FR: "Garde de cendre"},
		Fields: []changes.Field{
			{Path: "art", Old: map[string]any{"file": "art/a.jpg", "credit": "X"}, New: map[string]any{"file": "art/b.jpg", "credit": "X"}},
			{Path: "weapons", Old: []any{map[string]any{"name": "Bolter", "range": 24.0}}, New: []any{map[string]any{"name": "Bolter", "range": 18.0}}},
			{Path: "name", Lang: lang.French, Old: "Garde", New: "Garde de cendre"},
		},
	}}}}
	for _, tt := range []struct {
		l          lang.Lang
		want, nope []string
	}{
		{lang.English, []string{"Ash Guard", "New picture", "Weapons changed"}, []string{"Garde", "(fr)"}},
		{lang.French, []string{"Garde de cendre", "Nouvelle image", "Armes modifié", "Nom : Garde → Garde de cendre"}, []string{"(fr)"}},
	} {
		page := c.errataPage(tt.l)
		for _, w := range tt.want {
			if !strings.Contains(strings.ReplaceAll(page, "\u00a0", " "), w) {
				t.Errorf("%s: the errata page lacks %q:\n%s", tt.l, w, page)
			}
		}
		for _, w := range append(tt.nope, "{", "&#34;", "art/", "weapons") {
			if strings.Contains(page, w) {
				t.Errorf("%s: the errata page shows %q:\n%s", tt.l, w, page)
			}
		}
	}
}
