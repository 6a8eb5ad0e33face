package wbsite

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// TestPageCacheAfterRandomEdits (property test): after each of a sequence
// of random content edits, a build with the page cache of the builds
// before equals a fresh build byte for byte (or fails with the same
// errors), and an edit of one card's details renders only its two pages.
func TestPageCacheAfterRandomEdits(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	cat := ownStarter(t)
	cache := NewPageCache()
	check := func(step int, what string) {
		t.Helper()
		got, gerr := Build(cat, Options{Pages: cache})
		want, werr := Build(cat, Options{})
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("step %d (%s): errors\n%v\nwant\n%v", step, what, gerr, werr)
		}
		for p, b := range want {
			if !bytes.Equal(got[p], b) {
				t.Fatalf("step %d (%s): %s differs from a fresh build", step, what, p)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("step %d (%s): %d files, fresh build %d", step, what, len(got), len(want))
		}
	}
	check(0, "first build")
	if cache.Reused != 0 || cache.Rendered == 0 {
		t.Fatalf("first build: %d pages rendered, %d reused", cache.Rendered, cache.Reused)
	}
	total := cache.Rendered
	rng := rand.New(rand.NewPCG(13, 1))
	pick := func(n int) int { return rng.IntN(n) }
	broken := ""
	steps := map[string]int{}
	for step := 1; step <= 30; step++ {
		var what string
		oneCard := false
		switch k := pick(12); {
		case broken != "":
			// fix the error of the step before
			i := len(cat.Skills) - 1
			cat.Skills[i].Text.FR = broken
			broken, what = "", "error fixed"
		case k == 0:
			c := &cat.Characters[pick(len(cat.Characters))]
			c.Front.Attack++
			what, oneCard = "attack of "+c.ID, true
		case k == 1:
			c := &cat.Equipment[pick(len(cat.Equipment))]
			c.Text.FR += fmt.Sprintf(" (%d)", step)
			what, oneCard = "French text of "+c.ID, true
		case k == 2:
			c := &cat.Characters[pick(len(cat.Characters))]
			c.Name.EN += "x"
			what, oneCard = "name of "+c.ID, true
		case k == 3:
			s := &cat.Skills[pick(len(cat.Skills))]
			s.Text.EN += fmt.Sprintf(" (%d)", step)
			what = "skill " + s.ID
		case k == 4:
			f := &cat.Factions[pick(len(cat.Factions))]
			f.Name.FR += "e"
			what = "faction " + f.ID
		case k == 5 && len(cat.Decks) > 0:
			d := &cat.Decks[pick(len(cat.Decks))]
			d.Name.EN += "!"
			what = "deck " + d.ID
		case k == 6 && len(cat.Strings) > 0:
			s := &cat.Strings[pick(len(cat.Strings))]
			s.Text.EN += "."
			what = "string " + s.ID
		case k == 7 && len(cat.Glossary) > 0:
			g := &cat.Glossary[pick(len(cat.Glossary))]
			g.Definition.EN += " More."
			what = "glossary " + g.ID
		case k == 8 && len(cat.Objectives) > 0:
			o := &cat.Objectives[pick(len(cat.Objectives))]
			o.Text.EN += " Again."
			what, oneCard = "objective "+o.ID, true
		case k == 10:
			// a translator accepts or rejects a French text: its mark
			// comes and goes
			c := &cat.Characters[pick(len(cat.Characters))]
			key := wbcatalog.TextKey([]string{"characters", c.ID, "name"}, wbcatalog.French)
			if cat.Stale == nil {
				cat.Stale = map[string]bool{}
			}
			cat.Stale[key] = !cat.Stale[key]
			what = "stale French name of " + c.ID
		case k == 9:
			i := len(cat.Skills) - 1
			broken = cat.Skills[i].Text.FR
			cat.Skills[i].Text.FR += " :nope:"
			what = "unknown icon"
		default:
			what = "no change"
		}
		check(step, what)
		t.Logf("step %d (%s): card pages %d rendered, %d reused; others %d rendered, %d reused", step, what, cache.Rendered, cache.Reused, cache.OtherRendered, cache.OtherReused)
		switch {
		case broken != "":
		case oneCard && (cache.Rendered != 2 || cache.Reused != total-2):
			t.Errorf("step %d (%s): %d pages rendered, %d reused; want 2 and %d", step, what, cache.Rendered, cache.Reused, total-2)
		case what == "no change" && (cache.Rendered != 0 || cache.OtherRendered != 0):
			t.Errorf("step %d: nothing changed, %d card pages and %d others rendered", step, cache.Rendered, cache.OtherRendered)
		case oneCard && cache.OtherReused == 0:
			t.Errorf("step %d (%s): every other page rendered again", step, what)
		}
		steps[what[:4]]++
	}
	if steps["stal"] == 0 || steps["name"] == 0 || steps["no c"] == 0 {
		t.Errorf("the edits did not include a stale translation, a name and no change: %v", steps)
	}
}

// TestTileShapeCoversEveryField: a card tile's memo key changes with
// every field of its list item but its links (the tile template may show
// any of them; a tile's links are replaced, TestTilesEqualTemplate).
func TestTileShapeCoversEveryField(t *testing.T) {
	base := listItem{Faction: &site.LinkItem{}, Stats: []keyStat{{}}}
	key := base.tileShape()
	links := map[string]bool{"listItem.Href": true, "listItem.Thumb": true, "listItem.Faction.Href": true}
	var walk func(v reflect.Value, path string)
	n := 0
	try := func(path string, set, reset func()) {
		set()
		if changed := base.tileShape() != key; changed == links[path] {
			t.Errorf("%s: the tile key changed = %v", path, changed)
		}
		reset()
		n++
	}
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Pointer:
			walk(v.Elem(), path)
		case reflect.Slice:
			walk(v.Index(0), path)
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i), path+"."+v.Type().Field(i).Name)
				}
			}
		case reflect.String:
			try(path, func() { v.SetString("x") }, func() { v.SetString("") })
		case reflect.Int:
			try(path, func() { v.SetInt(7) }, func() { v.SetInt(0) })
		case reflect.Bool:
			try(path, func() { v.SetBool(true) }, func() { v.SetBool(false) })
		default:
			t.Errorf("%s: a %s field: teach the test", path, v.Kind())
		}
	}
	walk(reflect.ValueOf(&base).Elem(), "listItem")
	if n < 15 {
		t.Errorf("only %d fields tried", n)
	}
	// nil faction and no stats differ from empty ones
	if (listItem{}).tileShape() == key {
		t.Error("a tile without faction or statistics has the key of one with empty ones")
	}
}

// TestTilesEqualTemplate: the sites built with the card tiles memoized
// (moved from one depth to another), each skill's block drawn once and
// the layout's shared fragments drawn once per chrome (page.Shared) equal
// those drawn with the templates every time, from the page itself, and
// the card pages and the layout written in Go (drawCard, drawLayout)
// equal the templates': the starter, a generated site, and hostile
// content, with and without a published address (one with a port, which
// drawLayout leaves to the template).
func TestTilesEqualTemplate(t *testing.T) {
	hostile := hostileFixture()
	for _, c := range []struct {
		name string
		cat  *wbcatalog.Catalog
		opts Options
	}{{"starter", starter(t), Options{}}, {"generated", generated(t, 60, 20), Options{}}, {"hostile", hostile, Options{}},
		{"starter at an address", starter(t), Options{BaseURL: "https://warbound.example/rules"}},
		{"hostile at an address", hostile, Options{BaseURL: "https://warbound.example/"}},
		{"hostile at a port", hostile, Options{BaseURL: "http://localhost:8080/x/"}}} {
		drawn, laid := cardsDrawn.Load(), site.LayoutsDrawn.Load()
		got, err := Build(c.cat, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if cardsDrawn.Load() == drawn {
			t.Errorf("%s: no card page written by drawCard", c.name)
		}
		if n := site.LayoutsDrawn.Load() - laid; (n == 0) != strings.Contains(c.opts.BaseURL, ":8080") {
			t.Errorf("%s: %d pages written by drawLayout", c.name, n)
		}
		site.NoTileMemo = true
		want, err := Build(c.cat, c.opts)
		site.NoTileMemo = false
		if err != nil {
			t.Fatal(err)
		}
		for p, b := range want {
			if !bytes.Equal(got[p], b) {
				t.Errorf("%s: %s differs with the tiles memoized", c.name, p)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d files, %d without the memo", c.name, len(got), len(want))
		}
	}
}

// hostileFixture is the fixture with hostile strings in every text and in
// the card tiles' interface strings.
func hostileFixture() *wbcatalog.Catalog {
	p := strings.Join(payloads, " ")
	cat := fixture(func(en, fr string) wbcatalog.Text { return wbcatalog.Text{EN: en + " " + p, FR: fr + " " + p} }, nil)
	for _, k := range []string{"stat.abbr.attack", "stat.attack", "stat.cost", "kind.character"} {
		cat.Strings = append(cat.Strings, wbcatalog.UIString{ID: k, Text: wbcatalog.Text{EN: "W " + p, FR: "W " + p}})
	}
	cat.Sort()
	return cat
}

// TestPlainPath: plainPath accepts exactly what the regular expression it
// replaced accepts (links a tile's memo may move from one depth to
// another).
func TestPlainPath(t *testing.T) {
	re := regexp.MustCompile(`^[a-z0-9][a-z0-9./_-]*$|^\.\./[a-z0-9./_-]*$`)
	cases := []string{"", ".", "..", "../", "./", "/", "a", "0", "-", "_", "A", "a/b.html", "../cards/x-1.html",
		"../../img/a_b.webp", "..x", ".../a", "a b", "a\"b", "a?b", "a#b", "a:b", "https://x", "é", "a/é", "../A",
		"x\n", "\x00", "a%20", "cards/", "../..", "z9._-/"}
	for c := range 128 {
		cases = append(cases, string(rune(c)), "a"+string(rune(c)), "../"+string(rune(c)))
	}
	for _, p := range cases {
		if got, want := plainPath(p), re.MatchString(p); got != want {
			t.Errorf("plainPath(%q) = %v, the expression says %v", p, got, want)
		}
	}
}
