package render

import (
	"bytes"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"
)

// TestFontSubsetsKept: a font parsed once keeps the subsets it cut for a
// document (fpdf patch 11), and a document written with a kept subset is
// the same bytes as one whose subset was cut afresh (a font added from
// its bytes keeps nothing); other runes get their own subset.
func TestFontSubsetsKept(t *testing.T) {
	parsed, err := fpdf.ParseUTF8Font(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	doc := func(text string, add func(p *fpdf.Fpdf)) []byte {
		t.Helper()
		p := fpdf.New("P", "mm", "A4", "")
		date := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
		p.SetCreationDate(date)
		p.SetModificationDate(date)
		add(p)
		p.SetFont("Go", "", 12)
		p.AddPage()
		p.Text(10, 10, text)
		b, err := p.OutputBytes()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	fresh := func(p *fpdf.Fpdf) { p.AddUTF8FontFromBytes("Go", "", goregular.TTF) }
	kept := func(p *fpdf.Fpdf) { p.AddUTF8FontParsed("Go", "", parsed) }
	for _, text := range []string{"Raiders", "Ash & Rust", "Raiders"} {
		want := doc(text, fresh)
		for i := range 2 { // cut, then kept
			if got := doc(text, kept); !bytes.Equal(got, want) {
				t.Errorf("%q, document %d with the parsed font: %d bytes, want the %d of a fresh font", text, i+1, len(got), len(want))
			}
		}
	}
}
