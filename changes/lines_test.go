package changes

import (
	"slices"
	"testing"

	"wbtool.dev/wbtool/lang"
)

// testCatalog is a game's catalog as Collect reads it.
type testCatalog struct {
	Characters []testCharacter `json:"characters"`
}

type testCharacter struct {
	ID     string    `json:"id"`
	Name   lang.Text `json:"name"`
	Speed  int       `json:"speed"`
	Skills []string  `json:"skills"`
}

func collect(t *testing.T, c *testCatalog) []Collection {
	t.Helper()
	cs, err := Collect(c, Spec{Nouns: map[string]string{"characters": "Character"}})
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestLines(t *testing.T) {
	copp := func(speed int, skills ...string) testCharacter {
		return testCharacter{ID: "copp", Name: lang.Text{EN: "COPP", FR: "COPP"}, Speed: speed, Skills: skills}
	}
	old := &testCatalog{Characters: []testCharacter{copp(3, "steady", "grim"), {ID: "gone"}}}
	cur := &testCatalog{Characters: []testCharacter{copp(4, "grim")}}
	rep := Compare(collect(t, old), collect(t, cur))
	want := []string{"copp: skills: removed steady", "copp: speed 3 → 4", "Character gone: removed"}
	if got := rep.Lines(0); !slices.Equal(got, want) {
		t.Errorf("Lines(0) = %q, want %q", got, want)
	}
	want = []string{"copp: skills: removed steady", "… and 2 more (wbtool diff lists them all)"}
	if got := rep.Lines(2); !slices.Equal(got, want) {
		t.Errorf("Lines(2) = %q, want %q", got, want)
	}
}
