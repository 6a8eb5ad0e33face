package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// syntheticCards are n cards of a made-up game: each front its own name
// over a shared frame and a large shared shape, every back the same.
func syntheticCards(n int) (fronts, backs []*Face) {
	star := Path{Ops: []PathOp{{Op: 'M', Pts: []Pt{{X: 31.5, Y: 30}}}}, Paint: FillStroke(ColGold, ColInk, 0.4)}
	for i := range 24 {
		star.Ops = append(star.Ops, PathOp{Op: 'L', Pts: []Pt{{X: 31.5 + float64(i%5), Y: 30 + float64(i%7)}}})
	}
	star.Ops = append(star.Ops, PathOp{Op: 'Z'})
	back := []Item{
		Rect{X: -Bleed, Y: -Bleed, W: CardW + 2*Bleed, H: CardH + 2*Bleed, Paint: Fill(ColInk)},
		Circle{X: CardW / 2, Y: CardH / 2, R: 12, Paint: FillStroke(ColGold, ColWhite, 0.5)},
	}
	for i := range n {
		name := fmt.Sprintf("Card %d", i+1)
		fronts = append(fronts, &Face{Card: fmt.Sprintf("c%d", i), Kind: "unit", Side: "front", Lang: "en", Items: []Item{
			Rect{X: -Bleed, Y: -Bleed, W: CardW + 2*Bleed, H: CardH + 2*Bleed, Paint: Fill(ColParchment)},
			Rect{X: 4, Y: 4, W: CardW - 8, H: CardH - 8, R: 2, Paint: Stroke(ColRule, 0.4)},
			star,
			PlaceText(name, "en", Bold, ColInk, CardW/2, 12, CardW-10, 12, 6, 'c'),
		}})
		backs = append(backs, &Face{Card: fmt.Sprintf("c%d", i), Kind: "unit", Side: "common-back", Lang: "en", Items: back})
	}
	return fronts, backs
}

// TestDuplexSheetsKeptDrawings: sheets drawn from a layout cache's kept
// drawings (DuplexSheets, NewFaceDrawings) are the bytes of the sheets
// drawn item by item (FaceSheets), the repeated back is a form, and two
// runs give the same bytes.
func TestDuplexSheetsKeptDrawings(t *testing.T) {
	fronts, backs := syntheticCards(11)
	lb := SheetLabels{Title: "Test game", Cards: "cards", Page: "Page", Backs: "Backs", Front: "Print double-sided"}
	for _, o := range []SheetOptions{{Lang: "en", Version: "1.0"}, {Lang: "fr", Paper: "letter", Bleed: 3, BackOffset: Pt{X: 1, Y: -0.5}, Uncompressed: true}} {
		plain, err := FaceSheets(o, lb, nil, fronts, backs)
		if err != nil {
			t.Fatal(err)
		}
		var table ShapeTable
		kept := make([]*[2]FaceDrawing, len(fronts))
		for i := range fronts {
			kept[i] = NewFaceDrawings(fronts[i].Items, backs[i].Items, &table)
		}
		for run := range 2 {
			got, err := DuplexSheets(o, lb, nil, fronts, backs, func(i, side int) *FaceDrawing { return &kept[i][side] })
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, plain) {
				t.Fatalf("%+v, run %d: the sheets from kept drawings differ from those drawn item by item", o, run)
			}
		}
		if o.Uncompressed && !strings.Contains(string(plain), "/Type /XObject /Subtype /Form") {
			t.Errorf("%+v: the repeated back is drawn in full each time (no form)", o)
		}
	}
	if _, err := DuplexSheets(SheetOptions{Paper: "a3"}, lb, nil, fronts, backs, nil); err == nil {
		t.Error("paper a3 accepted")
	}
	if _, err := FaceSheets(SheetOptions{}, lb, nil, nil, nil); err == nil || err.Error() != "no cards to print" {
		t.Errorf("no cards: %v", err)
	}
}

// TestCompressEarlySameBytes: sheets whose pages are compressed as soon
// as the next page begins (compressEarly) are the bytes of sheets whose
// pages are all compressed at the end, with fpdf's compression and with
// a page cache's (SheetOptions.Pages).
func TestCompressEarlySameBytes(t *testing.T) {
	fronts, backs := syntheticCards(40) // 5 sheets: 10 pages
	lb := SheetLabels{Title: "Test game", Cards: "cards", Page: "Page", Backs: "Backs", Front: "Print double-sided"}
	for _, o := range []SheetOptions{{Lang: "en", Version: "1.0"}, {Lang: "fr", Paper: "letter", Pages: NewPageCache()}} {
		sheets := func(early bool) []byte {
			defer func(was bool) { compressEarly = was }(compressEarly)
			compressEarly = early
			b, err := DuplexSheets(o, lb, nil, fronts, backs, nil)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		late, early := sheets(false), sheets(true)
		if !bytes.Equal(late, early) {
			t.Errorf("%+v: the pages compressed early differ from those compressed at the end", o)
		}
	}
}

// TestDuplexSheetsStamped: sheets whose faces are stamped sheet by sheet
// (DuplexSheetsStamped) are the bytes of sheets drawn from faces stamped
// beforehand, and each card is stamped once.
func TestDuplexSheetsStamped(t *testing.T) {
	fronts, backs := syntheticCards(20)
	stamp := func(i int) (front, back *Face) {
		f := *fronts[i]
		f.Items = append(f.Items[:len(f.Items):len(f.Items)], PlaceText(fmt.Sprintf("#%d", i+1), "en", Regular, ColMuted, CardW-6, CardH-4, 10, 4, 3, 'r'))
		return &f, backs[i]
	}
	var stampedFronts []*Face
	for i := range fronts {
		f, _ := stamp(i)
		stampedFronts = append(stampedFronts, f)
	}
	lb := SheetLabels{Title: "Test game", Cards: "cards", Page: "Page", Backs: "Backs", Front: "Print double-sided"}
	o := SheetOptions{Lang: "en", Version: "1.0", Uncompressed: true}
	want, err := DuplexSheets(o, lb, nil, stampedFronts, backs, nil)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[int]int{}
	got, err := DuplexSheetsStamped(o, lb, nil, fronts, backs, nil, func(i int) (front, back *Face) {
		calls[i]++
		return stamp(i)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the sheets stamped sheet by sheet differ from those stamped beforehand")
	}
	for i := range fronts {
		if calls[i] != 1 {
			t.Errorf("card %d stamped %d times, want once", i, calls[i])
		}
	}
}
