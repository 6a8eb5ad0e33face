package render

import (
	"slices"
	"testing"
)

// The card fonts carry Latin, Greek and Cyrillic; a script they lack is
// listed character by character, each once; spaces and invisible format
// characters are never missing.
func TestMissingGlyphs(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want []rune
	}{
		{"Éclaireur d’élite « x »", nil},
		{"Ανιχνευτής", nil},
		{"Разведчик", nil},
		{"Späher\u00ad\u200d\u202f", nil},
		{"斥候 斥", []rune{'斥', '候'}},
		{"Scout كشاف", []rune{'ك', 'ش', 'ا', 'ف'}},
	} {
		if got := MissingGlyphs(tc.s); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.s, got, tc.want)
		}
	}
}
