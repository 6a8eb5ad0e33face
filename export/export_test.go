package export

import (
	"fmt"
	"testing"

	"wbtool.dev/wbtool/render"
)

// A 150-card deck of common-back cards takes 3 sheets (70, 70, 10), and
// every CardID names its card's sheet and place.
func TestSheetsSplit(t *testing.T) {
	var ids []string
	cards := map[string]*TTSCard{}
	for i := range 150 {
		id := fmt.Sprintf("c%03d", i)
		ids = append(ids, id)
		cards[id] = &TTSCard{ID: id, Back: &render.Face{Card: id, Side: "common-back"}}
	}
	sheets, cardIDs := planSheets([]Group{{Cards: ids}}, cards)
	if len(sheets) != 3 || len(sheets[0].cards) != 70 || len(sheets[2].cards) != 10 {
		t.Fatalf("%d sheets, want 3 of 70, 70, 10", len(sheets))
	}
	for _, s := range sheets {
		cols, rows := s.grid()
		if cols > SheetCols || rows > SheetRows || cols*CardPx > 4096 || rows*render.CellHeight(CardPx) > 4096 {
			t.Errorf("sheet %d: %d × %d cards, %d × %d px", s.key, cols, rows, cols*CardPx, rows*render.CellHeight(CardPx))
		}
		if s.uniqueBack {
			t.Errorf("sheet %d of common backs has UniqueBack", s.key)
		}
	}
	for _, id := range ids {
		n := cardIDs[id]
		if s := sheets[n/100-1]; s.key != n/100 || s.cards[n%100] != id {
			t.Errorf("CardID %d of %s does not point at it", n, id)
		}
	}
}
