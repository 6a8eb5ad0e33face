package wbcards

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/schema"
)

// TestCheckOnlySameDiagnostics: a check-only Layouts (validate's:
// measured, not drawn) reports what drawing every card reports, error
// for error, warning for warning, position for position, on the test
// catalog with every kind of text that cannot fit or cannot print, the
// art catalog, the starter content, the generated tree and the content
// of every CLI testscript (draft and not); and it still draws what it is
// asked for afterwards, as a fresh Layouts does.
func TestCheckOnlySameDiagnostics(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	type set struct {
		name string
		cat  *wbcatalog.Catalog
	}
	sets := []set{{"test", testCatalog()}, {"starter", starterCatalog(t)}}
	art, _ := artCatalog()
	sets = append(sets, set{"art", art})
	long := strings.Repeat("Ce Personnage peut tirer sur un ennemi adjacent à l’un de vos Personnages. ", 14)
	for name, edit := range map[string]func(c *wbcatalog.Catalog){
		"skill too long": func(c *wbcatalog.Catalog) { c.Skill("sharp").Text.FR = long },
		"skill shrunk":   func(c *wbcatalog.Catalog) { c.Skill("sharp").Text.EN = long[:len(long)/4] },
		"word too wide":  func(c *wbcatalog.Catalog) { c.Skill("lead").Text.EN = strings.Repeat("Anticonstitutionnellement", 3) },
		"missing glyph":  func(c *wbcatalog.Catalog) { c.Skill("war-cry").Text.FR = "Tir 🎯 précis" },
		"unknown icon":   func(c *wbcatalog.Catalog) { c.Skill("sharp").Text.EN = "Tir :teleport: précis" },
		"unknown faction": func(c *wbcatalog.Catalog) {
			c.Skill("long").Text.FR = "Gagnez :order-elves:"
		},
		"long names": func(c *wbcatalog.Catalog) {
			c.Characters[0].Name.FR = strings.Repeat("Très long nom ", 6)
			c.Leaders[0].Name.EN = strings.Repeat("Road Boss ", 9)
			c.Equipment[0].Name.EN = "Lunette 🎯"
			c.Objectives[0].Name.FR = strings.Repeat("Butin ", 30)
		},
		"long upgrade texts": func(c *wbcatalog.Catalog) {
			c.Equipment[0].Text.EN = long
			c.Equipment[1].Text.FR = long[:len(long)/3]
			c.Formations[0].Text.FR = long
			c.Vocations[0].Text.EN = long[:len(long)/2]
			c.Objectives[0].Text.FR = long
		},
		"long flavour": func(c *wbcatalog.Catalog) {
			c.Characters[0].Flavor = &wbcatalog.Text{EN: long, FR: long[:len(long)/5]}
		},
	} {
		c := testCatalog()
		edit(c)
		sets = append(sets, set{name, c})
	}
	if !testing.Short() {
		gen, err := generated1000()
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, set{"generated", gen})
		// one load cache per mode (watch's path; wbschema's tests prove
		// a cached load the same as a cold one)
		caches := map[bool]*schema.Cache{false: schema.NewCache(), true: schema.NewCache()}
		for _, sc := range testtool.ScriptContents(t, "../../../cmd/wbtool/testdata/script", "../../../cmd/wbtool/testdata/base") {
			for _, draft := range []bool{false, true} {
				if cat, err := wbschema.Load(sc.Files, wbschema.Options{Root: sc.Dir, Draft: draft, Cache: caches[draft]}); err == nil {
					sets = append(sets, set{sc.Name, cat})
				}
			}
		}
	}
	var errs, warns int
	for _, s := range sets {
		for _, l := range wbcatalog.Langs {
			want := NewLayouts(s.cat).Check(l)
			ls := NewLayouts(s.cat)
			ls.CheckOnly()
			if got := ls.Check(l); got.Text() != want.Text() {
				t.Errorf("%s, %s: check-only layout reports\n%s\nwant (drawn)\n%s", s.name, l, got.Text(), want.Text())
			}
			errs += len(want.Errors())
			warns += len(want.Warnings())
			if s.name != "test" && s.name != "art" {
				continue
			}
			// what it draws afterwards is what a fresh Layouts draws
			ids := allCards(s.cat)
			got, err := ls.Cards(l, ids, "v1")
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := NewLayouts(s.cat).Cards(l, ids, "v1")
			if err != nil {
				t.Fatal(err)
			}
			for i := range fresh {
				if got[i].Front.Dump() != fresh[i].Front.Dump() || got[i].Back.Dump() != fresh[i].Back.Dump() {
					t.Errorf("%s, %s: card %s drawn after a check-only check differs from a fresh one", s.name, l, fresh[i].ID)
				}
			}
		}
	}
	// the corpus exercises both kinds of diagnostic
	if errs == 0 || warns == 0 {
		t.Errorf("%d errors and %d warnings in the corpus: want some of each", errs, warns)
	}
	t.Logf("%d catalogs: %d errors, %d warnings, the same measured as drawn", len(sets), errs, warns)
}

// BenchmarkLayoutCheck is the layout check of 1,000 generated cards in
// both languages, drawn (build) and measured (validate's check-only
// Layouts), with its CPU time.
//
//	go test ./render -run '^$' -bench LayoutCheck -benchtime 5x
func BenchmarkLayoutCheck(b *testing.B) {
	cat := mustGenerated1000(b)
	for _, mode := range []string{"drawn", "measured"} {
		b.Run(mode, func(b *testing.B) {
			cpu := testtool.CPUTime()
			for b.Loop() {
				ls := NewLayouts(cat)
				if mode == "measured" {
					ls.CheckOnly()
				}
				for _, l := range wbcatalog.Langs {
					ls.Check(l)
				}
			}
			b.ReportMetric(float64((testtool.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}
