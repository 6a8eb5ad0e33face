package warbound

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/export"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/golden"
)

func starter(tb testing.TB) *wbcatalog.Catalog {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}

// tts is the TTS export of deck d (nil: every deck) in langs.
func tts(cat *wbcatalog.Catalog, langs []wbcatalog.Lang, d *wbcatalog.Deck, base string) (dist.Files, error) {
	f, err := export.TTS(context.Background(), export.TTSOptions{Langs: langs, BaseURL: base,
		Objects: func(l wbcatalog.Lang) ([]export.SavedObject, error) { return ttsObjects(cat, d, l), nil },
		Cards:   func(l wbcatalog.Lang, ids []string) ([]export.TTSCard, error) { return ttsCards(cat, l, ids) }})
	return f.Files, err
}

// The saved object of one starter deck: a golden file, and the fields TTS
// reads, consistent with each other.
func TestTTSJSON(t *testing.T) {
	cat := starter(t)
	files, err := tts(cat, []wbcatalog.Lang{wbcatalog.English}, cat.Deck("raiders-strike"), "https://example.org/tts")
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
		if _, err := tts(cat, nil, nil, "file:///x"); err != nil {
			b.Fatal(err)
		}
	}
}
