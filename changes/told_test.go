package changes

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
)

// TestToldNeverJSON: each kind of field change is one line in players'
// words, with no value as JSON (issue 36 item 5).
func TestToldNeverJSON(t *testing.T) {
	word := func(key string) string { return "<" + key + ">" }
	field := func(path string) string { return "[" + path + "]" }
	for _, tt := range []struct {
		f    Field
		want string
	}{
		{Field{Path: "art", Old: map[string]any{"file": "a.jpg", "credit": "X"}, New: map[string]any{"file": "b.jpg", "credit": "X"}}, "<" + PhraseNewPicture + ">"},
		{Field{Path: "art.credit", Old: "X", New: "Y"}, "<" + PhrasePictureCredit + ">"},
		{Field{Path: "cost", Old: 3.0, New: 4.0}, "[cost]: 3 → 4"},
		{Field{Path: "name", Old: map[string]any{"en": "Ash", "fr": "Cendre"}, New: map[string]any{"en": "Ashes", "fr": "Cendres"}}, "[name]: Cendre → Cendres"},
		{Field{Path: "weapons", Old: []any{map[string]any{"range": 24.0}}, New: []any{map[string]any{"range": 18.0}}}, "[weapons] <" + WordChanged + ">"},
		{Field{Path: "profile", New: map[string]any{"move": 6.0}}, "[profile] <" + WordAdded + ">"},
		{Field{Path: "elite", Old: false, New: true}, "[elite]: <" + WordYes + ">"},
		{Field{Path: "keywords", Added: []string{"Fly"}, Removed: []string{"Slow"}}, "[keywords]: + Fly; − Slow"},
	} {
		got, _ := Told(tt.f, lang.French, word, field)
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.f.Path, got, tt.want)
		}
		if strings.ContainsAny(got, "{}\"") {
			t.Errorf("%s: JSON in %q", tt.f.Path, got)
		}
	}
}
