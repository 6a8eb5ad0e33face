package export

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/render"
)

// Tabletop Simulator custom decks (designers-needs §2).
//
// Each saved object (one JSON file per content deck, and one per Objective
// deck) holds up to three objects: the deck's cards, its Leaders, its
// Reference cards. Their card images are sheets of at most SheetCols ×
// SheetRows cards, each sheet one CustomDeck entry with its own key, and
// CardID = key × 100 + the card's index on the sheet (row by row).
//
// BackIsHidden is true: a card in another player's hand shows its back, so
// a sheet holds 70 cards (no slot is spent on a "hidden" image). A sheet of
// cards whose back is a common back (every card but Characters and
// Leaders) has UniqueBack false and a BackURL of one card image; Characters
// (their Panic side) and Leaders (their other side) have UniqueBack true and
// a BackURL of a sheet of backs laid out like the faces.

// Sheet limits: TTS reads at most 10 × 7 cards per sheet, and images
// larger than 4096 px on a side are unsafe.
const (
	SheetCols = 10
	SheetRows = 7
	PerSheet  = SheetCols * SheetRows
	// CardPx is a card's width on a sheet: 10 × 409 = 4090 px wide, 7 ×
	// 571 = 3997 px high.
	CardPx = 409
	// ThumbPx is the width of a saved object's thumbnail.
	ThumbPx = 256
)

// TTSOptions say which saved objects to write.
type TTSOptions struct {
	Langs []wbcatalog.Lang // default: every language
	// Decks are the content deck ids to export; nil exports every deck
	// and the Objective deck of each format.
	Decks []string
	// BaseURL is where the export's tts folder is seen from TTS: a
	// file:/// URL of pipeline.ExportDir/tts on this machine, or the URL it
	// is published at. Image URLs are BaseURL/<lang>/<file>.
	BaseURL string
}

// ttsFile is one saved object: its file name and its objects.
type ttsFile struct {
	name    string
	objects []ttsGroup
}

// ttsGroup is one object on the table: a deck, or a single card.
type ttsGroup struct {
	nickname, description string
	cards                 []string // card ids, one per physical copy, top first
}

// ttsFiles lists the saved objects of o in language l.
func ttsFiles(cat *wbcatalog.Catalog, o TTSOptions, l wbcatalog.Lang) ([]ttsFile, error) {
	var files []ttsFile
	decks := o.Decks
	if decks == nil {
		for _, d := range cat.Decks {
			decks = append(decks, d.ID)
		}
	}
	for _, id := range decks {
		d := cat.Deck(id)
		if d == nil {
			return nil, fmt.Errorf("deck %q does not exist", id)
		}
		name := d.Name.In(l)
		var cards, leaders []string
		for _, c := range d.Cards {
			if cat.KindOf(c) == wbcatalog.KindLeader {
				leaders = append(leaders, c)
			} else {
				cards = append(cards, c)
			}
		}
		f := ttsFile{name: d.ID}
		desc := ""
		if d.Description != nil {
			desc = d.Description.In(l)
		}
		add := func(nick, desc string, ids []string) {
			if len(ids) > 0 {
				f.objects = append(f.objects, ttsGroup{nickname: nick, description: desc, cards: ids})
			}
		}
		add(name, desc, cards)
		add(name+" · "+cat.Label("kinds.leader", l), "", leaders)
		add(name+" · "+cat.Label("kinds.reference", l), "", render.DeckReferences(cat, d))
		files = append(files, f)
	}
	if o.Decks == nil {
		for _, fm := range []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation} {
			var ids []string
			for _, ob := range cat.Objectives {
				if ob.Format == fm {
					ids = append(ids, ob.ID)
				}
			}
			if len(ids) > 0 {
				files = append(files, ttsFile{name: "objectives-" + string(fm),
					objects: []ttsGroup{{nickname: render.ObjectiveDeckTitle(cat, fm, l), cards: ids}}})
			}
		}
	}
	return files, nil
}

// ttsSheet is one CustomDeck entry: up to PerSheet cards on one image.
type ttsSheet struct {
	key        int
	cards      []string // card ids, by index on the sheet
	uniqueBack bool
}

// grid is the sheet's columns and rows: as few as hold its cards.
func (s ttsSheet) grid() (cols, rows int) {
	cols = min(len(s.cards), SheetCols)
	return cols, (len(s.cards) + cols - 1) / cols
}

func (s ttsSheet) face(file string) string { return fmt.Sprintf("%s-%d", file, s.key) }
func (s ttsSheet) back(file string) string { return fmt.Sprintf("%s-%d-back", file, s.key) }

// planSheets puts the distinct cards of a saved object on sheets: cards
// with a unique back (a real back side) apart from cards that share a
// back, each kind of back on its own sheets, PerSheet cards a sheet, keys
// from 1 in order. It returns the sheets and each card's CardID.
func planSheets(objects []ttsGroup, cards map[string]*render.Card) ([]ttsSheet, map[string]int) {
	type class struct {
		unique bool
		ids    []string
	}
	var classes []*class
	byBack := map[string]*class{}
	seen := map[string]bool{}
	for _, g := range objects {
		for _, id := range g.cards {
			if seen[id] {
				continue
			}
			seen[id] = true
			c := cards[id]
			sig := "unique"
			if c.Back.Side == "common-back" {
				sig = backSignature(&c.Back)
			}
			cl := byBack[sig]
			if cl == nil {
				cl = &class{unique: sig == "unique"}
				byBack[sig] = cl
				classes = append(classes, cl)
			}
			cl.ids = append(cl.ids, id)
		}
	}
	var sheets []ttsSheet
	ids := map[string]int{}
	for _, cl := range classes {
		for lo := 0; lo < len(cl.ids); lo += PerSheet {
			s := ttsSheet{key: len(sheets) + 1, cards: cl.ids[lo:min(lo+PerSheet, len(cl.ids))], uniqueBack: cl.unique}
			for i, id := range s.cards {
				ids[id] = s.key*100 + i
			}
			sheets = append(sheets, s)
		}
	}
	return sheets, ids
}

// backSignature is a common back's drawing without the card's name.
func backSignature(f *render.Face) string {
	d := f.Dump()
	_, items, _ := strings.Cut(d, "\n")
	return items
}

// The saved-object JSON (TTS knowledge base, save-file-format), with the
// fields a custom deck needs, in TTS's order.
type ttsSave struct {
	SaveName     string      `json:"SaveName"`
	Date         string      `json:"Date"`
	VersionNum   string      `json:"VersionNumber"`
	GameMode     string      `json:"GameMode"`
	Note         string      `json:"Note"`
	ObjectStates []ttsObject `json:"ObjectStates"`
}

type ttsTransform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

type ttsCustomDeck struct {
	FaceURL      string `json:"FaceURL"`
	BackURL      string `json:"BackURL"`
	NumWidth     int    `json:"NumWidth"`
	NumHeight    int    `json:"NumHeight"`
	BackIsHidden bool   `json:"BackIsHidden"`
	UniqueBack   bool   `json:"UniqueBack"`
	Type         int    `json:"Type"` // 0: rounded rectangle
}

type ttsObject struct {
	Name             string                   `json:"Name"` // DeckCustom, CardCustom, Card
	Transform        ttsTransform             `json:"Transform"`
	Nickname         string                   `json:"Nickname"`
	Description      string                   `json:"Description"`
	Locked           bool                     `json:"Locked"`
	Grid             bool                     `json:"Grid"`
	Snap             bool                     `json:"Snap"`
	Autoraise        bool                     `json:"Autoraise"`
	Sticky           bool                     `json:"Sticky"`
	Tooltip          bool                     `json:"Tooltip"`
	SidewaysCard     bool                     `json:"SidewaysCard"`
	HideWhenFaceDown bool                     `json:"HideWhenFaceDown"`
	CardID           int                      `json:"CardID,omitempty"`
	DeckIDs          []int                    `json:"DeckIDs,omitempty"`
	CustomDeck       map[string]ttsCustomDeck `json:"CustomDeck"`
	ContainedObjects []ttsObject              `json:"ContainedObjects,omitempty"`
}

// A TTS card is about 56 × 80 mm at scale 1: these scales give 63 × 88 mm.
const scaleX, scaleZ = CardWmm / 56, CardHmm / 80

// The card size, in mm.
const (
	CardWmm = render.CardW
	CardHmm = render.CardH
)

func transform(x float64, faceDown bool) ttsTransform {
	t := ttsTransform{PosX: x, PosY: 1, RotY: 180, ScaleX: scaleX, ScaleY: 1, ScaleZ: scaleZ}
	if faceDown {
		t.RotZ = 180
	}
	return t
}

// saveJSON is the saved object of f: one object per group, side by side,
// decks face down.
func saveJSON(cat *wbcatalog.Catalog, l wbcatalog.Lang, f ttsFile, sheets []ttsSheet, ids map[string]int, cards map[string]*render.Card, url func(name string) string) ([]byte, error) {
	entry := map[int]ttsCustomDeck{}
	keyOf := map[string]int{}
	for _, s := range sheets {
		cols, rows := s.grid()
		entry[s.key] = ttsCustomDeck{FaceURL: url(s.face(f.name)), BackURL: url(s.back(f.name)),
			NumWidth: cols, NumHeight: rows, BackIsHidden: true, UniqueBack: s.uniqueBack}
		for _, id := range s.cards {
			keyOf[id] = s.key
		}
	}
	card := func(id string, x float64) ttsObject {
		name, _ := cat.CardName(id)
		k := keyOf[id]
		return ttsObject{Name: "Card", Transform: transform(x, true), Nickname: name.In(l),
			Description: cat.Label("kinds."+string(cards[id].Kind), l),
			Grid:        true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
			CardID: ids[id], CustomDeck: map[string]ttsCustomDeck{fmt.Sprint(k): entry[k]}}
	}
	save := ttsSave{SaveName: f.name}
	for i, g := range f.objects {
		x := float64(i) * 3
		if len(g.cards) == 1 {
			o := card(g.cards[0], x)
			o.Name = "CardCustom"
			o.Nickname, o.Description = g.nickname, g.description
			save.ObjectStates = append(save.ObjectStates, o)
			continue
		}
		o := ttsObject{Name: "DeckCustom", Transform: transform(x, true), Nickname: g.nickname, Description: g.description,
			Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true, CustomDeck: map[string]ttsCustomDeck{}}
		for _, id := range g.cards {
			o.DeckIDs = append(o.DeckIDs, ids[id])
			k := keyOf[id]
			o.CustomDeck[fmt.Sprint(k)] = entry[k]
			o.ContainedObjects = append(o.ContainedObjects, card(id, x))
		}
		save.ObjectStates = append(save.ObjectStates, o)
	}
	b, err := json.MarshalIndent(save, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// TTS writes the Tabletop Simulator saved objects of o, with their card
// sheets, backs and thumbnails, keyed relative to pipeline.ExportDir.
func TTS(ctx context.Context, cat *wbcatalog.Catalog, o TTSOptions) (dist.Files, error) {
	langs := o.Langs
	if len(langs) == 0 {
		langs = wbcatalog.Langs
	}
	out := dist.Files{}
	var mu sync.Mutex
	put := func(path string, b []byte) {
		_, rel := pipeline.InDir(path)
		mu.Lock()
		out[rel] = b
		mu.Unlock()
	}
	var panics crash.Catcher // a panic is handed to the export stage
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, l := range langs {
		files, err := ttsFiles(cat, o, l)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			var all []string
			for _, g := range f.objects {
				all = append(all, g.cards...)
			}
			laid, err := render.LayoutCards(cat, l, unique(all))
			if err != nil {
				return nil, err
			}
			cards := map[string]*render.Card{}
			for i := range laid {
				cards[laid[i].ID] = &laid[i]
			}
			sheets, ids := planSheets(f.objects, cards)
			base := strings.TrimSuffix(o.BaseURL, "/") + "/" + string(l) + "/"
			js, err := saveJSON(cat, l, f, sheets, ids, cards, func(name string) string { return base + name + ".png" })
			if err != nil {
				return nil, err
			}
			put(pipeline.TTSObject(l, f.name), js)
			image := func(name string, faces []*render.Face, cols, rows, cw int) {
				g.Go(func() error {
					defer panics.Catch()
					if err := ctx.Err(); err != nil {
						return err
					}
					for _, f := range faces {
						if f == nil {
							continue
						}
						if err := f.ArtError(); err != nil {
							return err
						}
					}
					b, err := render.EncodePNG(render.Sheet(faces, cols, rows, cw, render.CellHeight(cw)), float64(cw)/render.CardW*render.MMPerInch)
					if err != nil {
						return err
					}
					put(pipeline.TTSImage(l, name), b)
					return nil
				})
			}
			if len(f.objects) == 0 {
				continue
			}
			image(f.name, []*render.Face{&cards[f.objects[0].cards[0]].Front}, 1, 1, ThumbPx)
			for _, s := range sheets {
				cols, rows := s.grid()
				var fronts, backs []*render.Face
				for _, id := range s.cards {
					fronts = append(fronts, &cards[id].Front)
					backs = append(backs, &cards[id].Back)
				}
				image(s.face(f.name), fronts, cols, rows, CardPx)
				if s.uniqueBack {
					image(s.back(f.name), backs, cols, rows, CardPx)
				} else {
					image(s.back(f.name), backs[:1], 1, 1, CardPx)
				}
			}
		}
	}
	err := g.Wait()
	panics.Rethrow()
	if err != nil {
		return nil, err
	}
	return out, nil
}
