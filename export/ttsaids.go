package export

import (
	"strings"

	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// AidObject is the name of the saved object of the player aids
// (TTSOptions.Rulebook): export/tts/<lang>/player-aids.json.
const AidObject = "player-aids"

// aidObject is src's player aids in l as a saved object: one deck of the
// aid cards (booklet.AidCards), the cards laid out with it.
func aidObject(src *ruleset.RulebookSource, l lang.Lang) (SavedObject, error) {
	fronts, backs, err := booklet.AidCards(*src, l)
	if err != nil {
		return SavedObject{}, err
	}
	titles := map[string]string{}
	for _, a := range src.Aids {
		titles[a.ID] = a.Title.In(l)
	}
	deck := Group{Nickname: booklet.AidsTitle(l), Description: src.Game}
	var laid []TTSCard
	for i, f := range fronts {
		// a face is aid-<aid>-<n>: its aid's title names it
		id := strings.TrimPrefix(f.Card, "aid-")
		if j := strings.LastIndexByte(id, '-'); j > 0 {
			id = id[:j]
		}
		laid = append(laid, TTSCard{ID: f.Card, Front: f, Back: backs[i], Name: titles[id], Description: booklet.AidsTitle(l)})
		deck.Cards = append(deck.Cards, f.Card)
	}
	return SavedObject{Name: AidObject, Groups: []Group{deck}, laid: laid}, nil
}
