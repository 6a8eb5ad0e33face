package warbound

import (
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/budget"
)

func loadStarter(t testing.TB) *wbcatalog.Catalog {
	t.Helper()
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// clone deep-copies a catalog through the transport encoding.
func clone(t testing.TB, cat *wbcatalog.Catalog) *wbcatalog.Catalog {
	t.Helper()
	b, err := budget.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	out := &wbcatalog.Catalog{}
	if err := budget.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKeysFollowDependencies: a card's image key changes exactly when
// something its image shows changes; a check's key when anything it reads
// changes, positions included.
func TestKeysFollowDependencies(t *testing.T) {
	base := loadStarter(t)
	copp := base.Character("copp")
	if copp == nil || len(copp.Front.Skills) == 0 || copp.Art == nil || base.Check("act-space-taken-for-both-players") == nil {
		t.Fatal("starter content changed: the test needs copp with skills and art, and act-space-taken-for-both-players")
	}
	skill := copp.Front.Skills[0]
	var coppCheck string
	for i := range base.Checks {
		for _, side := range base.Checks[i].Sides {
			for _, u := range side.Units {
				if u.Card == "copp" {
					coppCheck = base.Checks[i].ID
				}
			}
		}
	}
	if coppCheck == "" {
		t.Fatal("no check game uses copp")
	}
	const other = "act-space-taken-for-both-players"
	for _, c := range []struct {
		name              string
		edit              func(c *wbcatalog.Catalog)
		card, cardFR      bool // copp's English and French image keys change
		otherCard         bool // splatter's French key changes
		check, otherCheck bool // the copp check's key, a profile-only check's key
	}{
		{"nothing", func(c *wbcatalog.Catalog) {}, false, false, false, false, false},
		{"copp English flavour", func(c *wbcatalog.Catalog) { c.Character("copp").Flavor.EN += "!" }, true, false, false, true, false},
		{"copp French flavour", func(c *wbcatalog.Catalog) { c.Character("copp").Flavor.FR += "!" }, false, true, false, true, false},
		{"copp speed", func(c *wbcatalog.Catalog) { c.Character("copp").Front.Speed++ }, true, true, false, true, false},
		{"copp position", func(c *wbcatalog.Catalog) { c.Character("copp").Pos.Line++ }, false, false, false, true, false},
		{"copp's skill text", func(c *wbcatalog.Catalog) { c.Skill(skill).Text.FR += "!" }, false, true, false, true, false},
		{"faction colour", func(c *wbcatalog.Catalog) { c.Faction("raiders").Colour = "#000000" }, true, true, true, true, true},
		{"card label", func(c *wbcatalog.Catalog) {
			c.Strings = append(c.Strings, wbcatalog.UIString{ID: "kind.character", Text: wbcatalog.Text{EN: "Character", FR: "Héros"}})
			c.Sort()
		}, true, true, true, false, false},
		{"site-only string", func(c *wbcatalog.Catalog) {
			c.Strings = append(c.Strings, wbcatalog.UIString{ID: "footer.extra", Text: wbcatalog.Text{EN: "x", FR: "x"}})
		}, false, false, false, false, false},
		{"set version", func(c *wbcatalog.Catalog) { c.Set.Version = "9.9.9" }, true, true, true, false, false},
		{"copp's picture, same file name", func(c *wbcatalog.Catalog) { c.Character("copp").Art.Hash = "0000" }, true, true, false, true, false},
		{"action board", func(c *wbcatalog.Catalog) { c.ActionBoards[0].Turns++ }, false, false, false, true, true},
		{"the other check", func(c *wbcatalog.Catalog) { c.Check(other).Hand = "blue" }, false, false, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := clone(t, base)
			c.edit(edited)
			a, b := newIndex(base), newIndex(edited)
			changed := func(key func(ix *index) string) bool { return key(a) != key(b) }
			if got := changed(func(ix *index) string { return ix.cardKey("s", "copp", wbcatalog.English) }); got != c.card {
				t.Errorf("copp's image key changed = %v, want %v", got, c.card)
			}
			if got := changed(func(ix *index) string { return ix.cardKey("s", "copp", wbcatalog.French) }); got != c.cardFR {
				t.Errorf("copp's French image key changed = %v, want %v", got, c.cardFR)
			}
			if got := changed(func(ix *index) string { return ix.cardKey("s", "splatter", wbcatalog.French) }); got != c.otherCard {
				t.Errorf("splatter's image key changed = %v, want %v", got, c.otherCard)
			}
			if got := changed(func(ix *index) string { return ix.checkKey("s", coppCheck, nil) }); got != c.check {
				t.Errorf("%s's key changed = %v, want %v", coppCheck, got, c.check)
			}
			if got := changed(func(ix *index) string { return ix.checkKey("s", other, nil) }); got != c.otherCheck {
				t.Errorf("%s's key changed = %v, want %v", other, got, c.otherCheck)
			}
		})
	}
	// The salt (wbtool version and build) is part of every key.
	ix := newIndex(base)
	if ix.cardKey("v1", "copp", wbcatalog.English) == ix.cardKey("v2", "copp", wbcatalog.English) ||
		ix.checkKey("v1", other, nil) == ix.checkKey("v2", other, nil) {
		t.Error("keys do not depend on the version")
	}
}
