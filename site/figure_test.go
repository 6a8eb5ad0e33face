package site

import (
	"slices"
	"testing"
)

func TestParseFigure(t *testing.T) {
	for _, tc := range []struct {
		in, kind, id string
		args         []string
		err          string
	}{
		{in: "[[card:copp]]", kind: "card", id: "copp"},
		{in: "[[map:salvage-field C3..F7 copp@D5]]", kind: "map", id: "salvage-field", args: []string{"C3..F7", "copp@D5"}},
		{in: "[[dice:d6  2 5   4+]]", kind: "dice", id: "d6", args: []string{"2", "5", "4+"}},
		{in: "[[maps:x]]", err: `[[maps:x]]: unknown figure kind "maps" (the kinds are card, map, token, dice)`},
		{in: "[[map:]]", err: `[[map:]]: the map's id follows the colon, as in [[map:an-id]]`},
		{in: "[[map: x]]", err: `[[map: x]]: the map's id follows the colon, as in [[map:an-id]]`},
		{in: "[[token:Wound]]", err: `[[token:Wound]]: "Wound" is not an id (lower-case letters, digits and single dashes)`},
		{in: "[[token]]", err: `[[token]]: a figure is written [[kind:id …]]`},
	} {
		f, err := ParseFigure(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseFigure(%q) = %v, want error %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || f.Kind != tc.kind || f.ID != tc.id || !slices.Equal(f.Args, tc.args) {
			t.Errorf("ParseFigure(%q) = %+v, %v", tc.in, f, err)
		}
	}
}
