package changes

import (
	"slices"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

func TestLines(t *testing.T) {
	copp := func(speed int, skills ...string) wbcatalog.Character {
		return wbcatalog.Character{ID: "copp", Name: wbcatalog.Text{EN: "COPP", FR: "COPP"}, Front: wbcatalog.Profile{Speed: speed, Skills: skills}}
	}
	old := &wbcatalog.Catalog{Characters: []wbcatalog.Character{copp(3, "steady", "grim"), {ID: "gone"}}}
	cur := &wbcatalog.Catalog{Characters: []wbcatalog.Character{copp(4, "grim")}}
	rep, err := Compare(old, cur)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"copp: skills: removed steady", "copp: speed 3 → 4", "Character gone: removed"}
	if got := rep.Lines(0); !slices.Equal(got, want) {
		t.Errorf("Lines(0) = %q, want %q", got, want)
	}
	want = []string{"copp: skills: removed steady", "… and 2 more (wbtool diff lists them all)"}
	if got := rep.Lines(2); !slices.Equal(got, want) {
		t.Errorf("Lines(2) = %q, want %q", got, want)
	}
}
