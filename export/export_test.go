package export

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/schema"
)

func starter(tb testing.TB) *wbcatalog.Catalog {
	cat, err := schema.Load(content.FS, schema.Options{Root: "content"})
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}

// A 150-card deck of common-back cards takes 3 sheets (70, 70, 10), and
// every CardID names its card's sheet and place.
func TestSheetsSplit(t *testing.T) {
	var ids []string
	cards := map[string]*render.Card{}
	for i := range 150 {
		id := fmt.Sprintf("c%03d", i)
		ids = append(ids, id)
		cards[id] = &render.Card{ID: id, Back: render.Face{Card: id, Side: "common-back"}}
	}
	sheets, cardIDs := planSheets([]ttsGroup{{cards: ids}}, cards)
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

// The saved object of one starter deck: a golden file, and the fields TTS
// reads, consistent with each other.
func TestTTSJSON(t *testing.T) {
	cat := starter(t)
	files, err := TTS(context.Background(), cat, TTSOptions{Langs: []wbcatalog.Lang{wbcatalog.English}, Decks: []string{"raiders-strike"}, BaseURL: "https://example.org/tts"})
	if err != nil {
		t.Fatal(err)
	}
	js := files["tts/en/raiders-strike.json"]
	golden.Check(t, filepath.Join("testdata", "raiders-strike-en.json"), js)
	var save struct {
		ObjectStates []struct {
			Name       string
			DeckIDs    []int
			CardID     int
			CustomDeck map[string]struct {
				FaceURL, BackURL         string
				NumWidth, NumHeight      int
				BackIsHidden, UniqueBack bool
			}
			ContainedObjects []struct {
				Name   string
				CardID int
			}
		}
	}
	if err := json.Unmarshal(js, &save); err != nil {
		t.Fatal(err)
	}
	if len(save.ObjectStates) == 0 || save.ObjectStates[0].Name != "DeckCustom" {
		t.Fatalf("objects: %+v", save.ObjectStates)
	}
	for _, o := range save.ObjectStates {
		ids := o.DeckIDs
		if o.Name != "DeckCustom" {
			ids = []int{o.CardID}
		} else if len(o.ContainedObjects) != len(ids) {
			t.Errorf("%d DeckIDs, %d cards", len(ids), len(o.ContainedObjects))
		}
		for i, id := range ids {
			if o.Name == "DeckCustom" && o.ContainedObjects[i].CardID != id {
				t.Errorf("card %d has CardID %d, DeckIDs says %d", i, o.ContainedObjects[i].CardID, id)
			}
			cd, ok := o.CustomDeck[fmt.Sprint(id/100)]
			if !ok {
				t.Fatalf("CardID %d: no CustomDeck %d", id, id/100)
			}
			if id%100 >= cd.NumWidth*cd.NumHeight || !cd.BackIsHidden || cd.FaceURL == "" || cd.BackURL == "" {
				t.Errorf("CardID %d: %+v", id, cd)
			}
			_, face := filepath.Split(cd.FaceURL)
			if files["tts/en/"+face] == nil {
				t.Errorf("FaceURL %s: no such file written", cd.FaceURL)
			}
		}
	}
}

func BenchmarkTTSAll(b *testing.B) {
	cat := starter(b)
	for i := 0; i < b.N; i++ {
		if _, err := TTS(context.Background(), cat, TTSOptions{BaseURL: "file:///x"}); err != nil {
			b.Fatal(err)
		}
	}
}
