package warbound

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbsite"
)

// TestErrataInPlayersWords changes every field of every entity of the
// starter and reads the errata page in both languages (issue 36 item 5):
// every change in players' words, a card's picture as "new picture" or
// "picture credit changed", never a value as JSON or a field's path.
func TestErrataInPlayersWords(t *testing.T) {
	cat := starter(t)
	cs, err := Comparable(cat)
	if err != nil {
		t.Fatal(err)
	}
	r, err := changes.EveryFieldChanged(cs)
	if err != nil {
		t.Fatal(err)
	}
	files, err := wbsite.Build(cat, wbsite.Options{Errata: &changes.Errata{From: "0.1", To: "0.2", Changes: r.Changes}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[wbcatalog.Lang][]string{
		wbcatalog.English: {"New picture", "Picture credit changed"},
		wbcatalog.French:  {"Nouvelle image", "Crédit de l’image modifié"},
	}
	for _, l := range wbcatalog.Langs {
		page := string(files[string(l)+"/errata/index.html"])
		if page == "" {
			t.Fatalf("no errata page in %s", l)
		}
		for _, bad := range changes.RawInErrata(page) {
			t.Errorf("%s: not in players' words: %s", l, bad)
		}
		for _, w := range want[l] {
			if !strings.Contains(page, w) {
				t.Errorf("%s: the errata page never says %q", l, w)
			}
		}
	}
}

// TestErrataPhrasesAreTheKits: Warbound's interface strings for the
// phrases every game shares (a new picture, a value changed, yes/no) say
// what the errata kit says (changes.ErrataWords), so the games' errata
// pages agree; Warbound keeps its own words only for the page's headings.
func TestErrataPhrasesAreTheKits(t *testing.T) {
	for _, key := range []string{changes.PhraseNewPicture, changes.PhrasePictureRemoved, changes.PhrasePictureCredit,
		changes.PhraseHowItPlays, changes.PhraseOther, changes.WordChanged, changes.WordAdded, changes.WordRemoved,
		changes.WordYes, changes.WordNo} {
		own, ok := wbcatalog.BuiltinLabel(key)
		if !ok {
			t.Errorf("no interface string %s", key)
			continue
		}
		if kit := changes.ErrataWords[key]; own.EN != kit.EN || own.FR != kit.FR {
			t.Errorf("%s: Warbound says %q / %q, the errata kit %q / %q", key, own.EN, own.FR, kit.EN, kit.FR)
		}
	}
}
