package warstuff_test

import (
	"testing"

	"wbtool.dev/wbtool/build/ruleset"
	wsbuild "wbtool.dev/wbtool/build/warstuff"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/schema"
)

// BenchmarkProfileCardsPDF: the Warstuff sheets (every profile and creature
// card in both languages, and the band sheets), reported as cards per
// second, against BenchmarkWarboundCardsPDF, Warbound's starter card sheets
// in both languages, in the same run.
func BenchmarkProfileCardsPDF(b *testing.B) {
	c, err := wsbuild.Ruleset{}.Load(starterTree(b), ruleset.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	cat := c.(*wsbuild.Content).Catalog
	cards := 2 * (len(cat.Profiles) + len(cat.Creatures))
	for b.Loop() {
		if _, err := c.Print(ruleset.PrintOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cards*b.N)/b.Elapsed().Seconds(), "cards/s")
}

func BenchmarkWarboundCardsPDF(b *testing.B) {
	cat, err := schema.Load(content.FS, schema.Options{Root: "content"})
	if err != nil {
		b.Fatal(err)
	}
	cards, err := render.Layout(cat, catalog.English)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, l := range catalog.Langs {
			if _, err := render.Sheets(cat, render.SheetOptions{Lang: l}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(2*len(cards)*b.N)/b.Elapsed().Seconds(), "cards/s")
}
