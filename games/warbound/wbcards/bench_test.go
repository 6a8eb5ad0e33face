package wbcards

import (
	"bytes"
	"sync"
	"testing"
	"testing/fstest"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
)

// The PDF benchmarks report, per language:
//
//	cards/s      cards drawn per second of wall time
//	cpu-cards/s  cards per second of CPU time (the process's user and
//	             system time: what a busy machine does not inflate)
//	B/card       bytes each card adds to the PDF: the size of the whole
//	             PDF less that of its first sheet (fonts, art and the
//	             document's own objects), over the other cards
//	B/card-all   the whole PDF over its cards, fonts included
//
// BenchmarkMinimalFpdf1000 is the reference the issue measures against:
// a plain fpdf program (one call per text run, fpdf's own drawing) that
// draws the same text runs of the same cards on the same sheets, with a
// rectangle for each face and no other art.

// benchSheets renders all cards of cat into one French PDF per iteration.
func benchSheets(b *testing.B, cat *wbcatalog.Catalog) {
	benchPDF(b, cat, nil, func(o Options) ([]byte, error) { return Sheets(cat, o) })
}

// benchPDF runs render as a sheets renderer and reports the figures. With
// layouts, the cards are laid out before the clock starts (as in a
// build, whose layout stage lays them out for every backend).
func benchPDF(b *testing.B, cat *wbcatalog.Catalog, layouts *Layouts, draw func(Options) ([]byte, error)) {
	ids := allCards(cat)
	n := len(ids)
	o := Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.French, Version: "bench"}, Layouts: layouts}
	if layouts != nil {
		if _, err := layouts.Cards(o.Lang, ids, o.Version); err != nil {
			b.Fatal(err)
		}
	}
	first := o
	first.Cards = ids[:min(9, n)]
	one, err := draw(first)
	if err != nil {
		b.Fatal(err)
	}
	var size int
	b.ReportAllocs()
	cpu0 := testtool.CPUTime()
	b.ResetTimer()
	for b.Loop() {
		pdf, err := draw(o)
		if err != nil {
			b.Fatal(err)
		}
		size = len(pdf)
	}
	cpu := testtool.CPUTime() - cpu0
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
	if cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/cpu.Seconds(), "cpu-cards/s")
	}
	if n > 9 {
		b.ReportMetric(float64(size-len(one))/float64(n-9), "B/card")
	}
	b.ReportMetric(float64(size)/float64(n), "B/card-all")
	b.ReportMetric(float64(n), "cards")
}

// generated1000 is a generated set of 1,000 cards (games/warbound/wbgen): 700
// Characters and 300 Upgrades.
var generated1000 = sync.OnceValues(func() (*wbcatalog.Catalog, error) {
	fsys := fstest.MapFS{}
	for p, data := range wbgen.Tree(wbgen.Options{Characters: 700, Upgrades: 300}) {
		fsys[p] = &fstest.MapFile{Data: data}
	}
	return wbschema.Load(fsys, wbschema.Options{Root: "gen"})
})

func mustGenerated1000(b *testing.B) *wbcatalog.Catalog {
	cat, err := generated1000()
	if err != nil {
		b.Fatal(err)
	}
	return cat
}

// BenchmarkSheetsStarter: the embedded starter content.
func BenchmarkSheetsStarter(b *testing.B) { benchSheets(b, starterCatalog(b)) }

// BenchmarkSheets1000: a generated set of 1,000 cards (games/warbound/wbgen).
func BenchmarkSheets1000(b *testing.B) { benchSheets(b, mustGenerated1000(b)) }

// BenchmarkMinimalFpdf1000 is the reference: the text of the same 1,000
// cards drawn by a minimal fpdf program (see the top of this file).
func BenchmarkMinimalFpdf1000(b *testing.B) {
	cat := mustGenerated1000(b)
	benchPDF(b, cat, nil, func(o Options) ([]byte, error) { return minimalFpdf(cat, o) })
}

// BenchmarkSheets1000LaidOut and BenchmarkMinimalFpdf1000LaidOut are the
// same with the cards laid out beforehand: the PDF alone.
func BenchmarkSheets1000LaidOut(b *testing.B) {
	cat := mustGenerated1000(b)
	benchPDF(b, cat, NewLayouts(cat), func(o Options) ([]byte, error) { return Sheets(cat, o) })
}

func BenchmarkMinimalFpdf1000LaidOut(b *testing.B) {
	cat := mustGenerated1000(b)
	benchPDF(b, cat, NewLayouts(cat), func(o Options) ([]byte, error) { return minimalFpdf(cat, o) })
}

// minimalFpdf draws the cards' text runs and one rectangle per face with
// fpdf's plain API, on the sheets' grid: the reference program.
func minimalFpdf(cat *wbcatalog.Catalog, o Options) ([]byte, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	ids := o.Cards
	if ids == nil {
		ids = allCards(cat)
	}
	ls := o.Layouts
	if ls == nil {
		ls = NewLayouts(cat)
	}
	cards, err := ls.Cards(o.Lang, ids, o.Version)
	if err != nil {
		return nil, err
	}
	p := fpdf.New("P", "mm", "A4", "")
	p.SetAutoPageBreak(false, 0)
	p.SetCompression(true)
	p.SetCatalogSort(true)
	p.SetCreationDate(render.DefaultDate)
	p.SetModificationDate(render.DefaultDate)
	for st, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF} {
		p.AddUTF8FontFromBytes(render.FontFamily, render.Style(st).String(), ttf)
	}
	draw := func(f *render.Face, at render.Pt) {
		p.SetFillColor(245, 239, 226)
		p.Rect(at.X, at.Y, render.CardW, render.CardH, "F")
		for _, it := range f.Items {
			if t, ok := it.(render.Text); ok {
				p.SetFont(render.FontFamily, t.Style.String(), t.Size)
				p.SetTextColor(int(t.Colour.R), int(t.Colour.G), int(t.Colour.B))
				p.Text(at.X+t.X, at.Y+t.Y, t.S)
			}
		}
	}
	for lo := 0; lo < len(cards); lo += render.CardsPerSheet {
		hi := min(lo+render.CardsPerSheet, len(cards))
		p.AddPage()
		for i := lo; i < hi; i++ {
			front, _, _ := o.Slot(i - lo)
			draw(&cards[i].Front, front)
		}
		p.AddPage()
		for i := lo; i < hi; i++ {
			_, back, _ := o.Slot(i - lo)
			draw(&cards[i].Back, back)
		}
	}
	var buf bytes.Buffer
	err = p.Output(&buf)
	return buf.Bytes(), err
}

// BenchmarkLayout: the layout model alone, starter content.
func BenchmarkLayout(b *testing.B) {
	cat := starterCatalog(b)
	for b.Loop() {
		if _, err := Layout(cat, wbcatalog.French); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheets1000OneEdit is the sheet of the 1,000 generated cards
// printed again after a one-card edit, as watch prints it: the other
// cards' layouts kept (Layouts.Keep, their faces drawn once), the last
// build's pages in a PageCache. cpu-ms/op is per edit; cards/s and
// cpu-cards/s count the whole sheet, to set against BenchmarkSheets1000.
func BenchmarkSheets1000OneEdit(b *testing.B) {
	cat := mustGenerated1000(b)
	n := len(allCards(cat))
	o := Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.French, Version: "bench", Pages: render.NewPageCache()}}
	o.Layouts = NewLayouts(cat)
	if _, err := Sheets(cat, o); err != nil {
		b.Fatal(err)
	}
	o.Pages.Sweep()
	b.ReportAllocs()
	cpu0 := testtool.CPUTime()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		i++
		next := *cat
		next.Characters = append([]wbcatalog.Character(nil), cat.Characters...)
		c := &next.Characters[(i*37)%len(next.Characters)]
		c.Front.Attack = 1 + (c.Front.Attack+i)%6
		ls := NewLayouts(&next)
		ls.Keep(o.Layouts, func(l wbcatalog.Lang, id string) bool { return id != c.ID })
		o.Layouts = ls
		if _, err := Sheets(&next, o); err != nil {
			b.Fatal(err)
		}
		o.Pages.Sweep()
	}
	cpu := testtool.CPUTime() - cpu0
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
	if cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/cpu.Seconds(), "cpu-cards/s")
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}
