package site

import (
	"slices"
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
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

// TestFigureFileNamedByDrawing: a drawn figure's file is named by the
// drawing, not by the figure as written: when the data behind it changes,
// its name changes (no browser keeps showing the old image), and the same
// drawing keeps its name.
func TestFigureFileNamedByDrawing(t *testing.T) {
	path := func(svg string) string {
		page := lang.RulesPage{Lang: lang.English, Path: "rules/en/01-a.md", Source: []byte("---\ntitle: A\n---\n# A\n\n[[token:wound]]\n")}
		ch, errs := Chapters([]lang.RulesPage{page}, RulesOptions{RulePrefix: "T",
			Draw: func(lang.Figure, lang.Lang) ([]byte, string, error) { return []byte(svg), "Wound", nil }})
		if len(errs) > 0 || len(ch[lang.English]) != 1 || len(ch[lang.English][0].Figures) != 1 {
			t.Fatalf("%v %v", errs, ch)
		}
		return ch[lang.English][0].Figures[0].Path
	}
	red, blue := path(`<svg fill="red"/>`), path(`<svg fill="blue"/>`)
	if red == blue {
		t.Errorf("the token redrawn in another colour keeps its file name %s", red)
	}
	if again := path(`<svg fill="red"/>`); again != red {
		t.Errorf("the same drawing is named %s, then %s", red, again)
	}
	if !strings.HasPrefix(red, "figures/token-wound-") || !strings.HasSuffix(red, ".svg") {
		t.Errorf("file %s: want figures/token-wound-<digest>.svg", red)
	}
}
