package render

import (
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/internal/gen"
	"wbtool.dev/wbtool/schema"
)

// benchSheets renders all cards of cat into one French PDF per iteration
// and reports cards/s and bytes per card (fonts included).
func benchSheets(b *testing.B, cat *catalog.Catalog) {
	cards, err := Layout(cat, catalog.French)
	if err != nil {
		b.Fatal(err)
	}
	n := len(cards)
	var size int
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		pdf, err := Sheets(cat, SheetOptions{Lang: catalog.French, Version: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		size = len(pdf)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
	b.ReportMetric(float64(size)/float64(n), "B/card")
	b.ReportMetric(float64(n), "cards")
}

// BenchmarkSheetsStarter: the embedded starter content.
func BenchmarkSheetsStarter(b *testing.B) { benchSheets(b, starterCatalog(b)) }

// BenchmarkSheets1000: a generated set of 1,000 cards (internal/gen).
func BenchmarkSheets1000(b *testing.B) {
	fsys := fstest.MapFS{}
	for p, data := range gen.Tree(gen.Options{Characters: 700, Upgrades: 300}) {
		fsys[p] = &fstest.MapFile{Data: data}
	}
	cat, err := schema.Load(fsys, schema.Options{Root: "gen"})
	if err != nil {
		b.Fatal(err)
	}
	benchSheets(b, cat)
}

// BenchmarkLayout: the layout model alone, starter content.
func BenchmarkLayout(b *testing.B) {
	cat := starterCatalog(b)
	for b.Loop() {
		if _, err := Layout(cat, catalog.French); err != nil {
			b.Fatal(err)
		}
	}
}
