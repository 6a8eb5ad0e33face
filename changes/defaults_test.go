package changes

import (
	"testing"

	"wbtool.dev/wbtool/lang"
)

// TestWord: a game's own words first, the shared errata words otherwise
// (in English for a language they lack), false for a key neither has
// (the games then say PhraseOther).
func TestWord(t *testing.T) {
	own := func(key string) (string, bool) {
		if key == "errata.added" {
			return "New", true
		}
		return "", false
	}
	for _, tt := range []struct {
		key  string
		l    lang.Lang
		own  func(string) (string, bool)
		want string
		ok   bool
	}{
		{"errata.added", lang.English, own, "New", true},
		{"errata.added", lang.French, nil, "nouveau", true},
		{PhraseNewPicture, lang.French, own, "Nouvelle image", true},
		{WordYes, lang.English, own, "now yes", true},
		{"errata.no-such-word", lang.English, own, "", false},
		// a third language the shared words lack: English, as
		// lang.Text.Show (never an empty word on a draft page)
		{PhraseOther, lang.Lang("de"), own, "Other detail", true},
	} {
		if got, ok := Word(tt.key, tt.l, tt.own); got != tt.want || ok != tt.ok {
			t.Errorf("Word(%q, %s) = %q, %v; want %q, %v", tt.key, tt.l, got, ok, tt.want, tt.ok)
		}
	}
}
