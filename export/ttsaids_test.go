package export

import (
	"context"
	"encoding/json"
	"testing"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestAidDeck: a rulebook's player aids become one more saved object per
// language, a deck of the aid cards named by their aid's title; without
// a rulebook (a deck's export) there is none.
func TestAidDeck(t *testing.T) {
	src := &ruleset.RulebookSource{Game: "Tiny", Aids: []ruleset.Aid{{ID: "turn", Title: lang.Text{EN: "Turn", FR: "Tour"},
		Entries: []ruleset.AidEntry{{Name: lang.Text{EN: "Move", FR: "Bouger"}, Text: lang.Text{EN: "Move 6.", FR: "Bougez de 6."}}}},
		{ID: "keywords", Title: lang.Text{EN: "Keywords", FR: "Mots-clés"},
			Entries: []ruleset.AidEntry{{Name: lang.Text{EN: "Fast", FR: "Rapide"}, Text: lang.Text{EN: "Moves 8.", FR: "Bouge de 8."}}}}}}
	none := func(lang.Lang) ([]SavedObject, error) { return nil, nil }
	cards := func(lang.Lang, []string) ([]TTSCard, error) { return nil, nil }
	for _, tc := range []struct {
		rb   *ruleset.RulebookSource
		want bool
	}{{src, true}, {nil, false}} {
		files, err := TTS(context.Background(), TTSOptions{BaseURL: "https://example.org/tts", Objects: none, Cards: cards, Rulebook: tc.rb})
		if err != nil {
			t.Fatal(err)
		}
		js, ok := files.Files["tts/fr/"+AidObject+".json"]
		if ok != tc.want {
			t.Fatalf("rulebook %v: player-aids.json written %v, want %v (%d files)", tc.rb != nil, ok, tc.want, len(files.Files))
		}
		if !ok {
			continue
		}
		var save struct {
			ObjectStates []struct {
				Nickname         string
				ContainedObjects []struct{ Nickname, Description string }
			}
		}
		if err := json.Unmarshal(js, &save); err != nil {
			t.Fatal(err)
		}
		deck := save.ObjectStates[0]
		if deck.Nickname != "Aides de jeu" || len(deck.ContainedObjects) != 2 || deck.ContainedObjects[0].Nickname != "Tour" || deck.ContainedObjects[1].Nickname != "Mots-clés" {
			t.Errorf("the aids' deck: %+v", deck)
		}
		if _, ok := files.Files["tts/en/"+AidObject+"-1.png"]; !ok {
			t.Errorf("no sheet of the aid cards in English (%d files)", len(files.Files))
		}
	}
}
