package wbcards

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

const shyWord = "Anti\u00adcons\u00adti\u00adtu\u00adtion\u00adnel\u00adle\u00adment"

// On a card, a long word with soft hyphens fits where it did not, and no
// drawn text holds U+00AD (names included, which are one line).
func TestSoftHyphenOnCard(t *testing.T) {
	cat := testCatalog()
	cat.Skill("sharp").Text.FR = strings.Repeat(shyWord, 3)
	cat.Character("copp").Name.FR = "Co\u00adpp"
	c, err := LayoutCard(cat, wbcatalog.French, "copp")
	if err != nil {
		t.Fatal(err)
	}
	hyphens, name := 0, false
	for _, f := range []*render.Face{&c.Front, &c.Back} {
		for _, it := range f.Items {
			tx, ok := it.(render.Text)
			if !ok {
				continue
			}
			if strings.Contains(tx.S, "\u00ad") {
				t.Errorf("%s: text %q draws a soft hyphen", f.Title(), tx.S)
			}
			if strings.HasSuffix(tx.S, "-") {
				hyphens++
			}
			name = name || tx.S == "Copp"
		}
	}
	if hyphens == 0 {
		t.Error("the long word was not hyphenated")
	}
	if !name {
		t.Error("the name is not drawn as Copp")
	}
}
