package export

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// Tabletop Simulator custom decks (designers-needs §2).
//
// Each saved object (one JSON file per deck: Warbound's content and
// Objective decks, Warstuff's bands) holds a few objects (Warbound: the
// deck's cards, its Leaders, its Reference cards). Their card images are sheets of at most SheetCols ×
// SheetRows cards, each sheet one CustomDeck entry with its own key, and
// CardID = key × 100 + the card's index on the sheet (row by row).
//
// BackIsHidden is true: a card in another player's hand shows its back, so
// a sheet holds 70 cards (no slot is spent on a "hidden" image). A sheet of
// cards whose back is a common back (render.Face.Side "common-back") has
// UniqueBack false and a BackURL of one card image; cards with a real back
// (Warbound's Characters, their Panic side, and Leaders) have UniqueBack
// true and a BackURL of a sheet of backs laid out like the faces.

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
	Langs []lang.Lang // default: every language
	// Objects are the saved objects to write in language l, in order.
	Objects func(l lang.Lang) ([]SavedObject, error)
	// Cards lays out the cards of a saved object in language l: ids are
	// distinct.
	Cards func(l lang.Lang, ids []string) ([]TTSCard, error)
	// Tokens lays out the tokens of the saved objects' bags in language
	// l (ttsbags.go); nil for a game without bags.
	Tokens func(l lang.Lang, ids []string) ([]TTSToken, error)
	// BaseURL is where the export's tts folder is seen from TTS: a
	// file:/// URL of pipeline.ExportDir/tts on this machine, or the URL it
	// is published at. Image URLs are BaseURL/<lang>/<file>.
	BaseURL string
	// Site asks for the copies of the saved objects that the site holds
	// (TTSFiles.Site): their images linked at SiteBaseURL, the address
	// the site is published at (its export/tts/<lang>/<file>), or, without
	// it, relative to the saved object — never at this machine's disk.
	Site        bool
	SiteBaseURL string
	// Rulebook, when set (ruleset.ExportRequest.Rulebook), adds its
	// player aids as one more saved object per language, a deck of the
	// aid cards (AidObject, ttsaids.go).
	Rulebook *ruleset.RulebookSource
}

// TTSFiles are what TTS wrote.
type TTSFiles struct {
	// Files are the saved objects, card sheets, backs and thumbnails,
	// keyed relative to pipeline.ExportDir.
	Files dist.Files
	// Site are the saved objects' copies for the site (TTSOptions.Site),
	// keyed like Files; the site copies the images from Files.
	Site dist.Files
}

// SavedObject is one saved object: its file name and its objects.
type SavedObject struct {
	Name   string
	Groups []Group
	Bags   []Bag // after the groups (ttsbags.go)
	// laid are its cards when the kit laid them out (the player aids),
	// rather than TTSOptions.Cards
	laid []TTSCard
}

// Group is one object on the table: a deck, or a single card.
type Group struct {
	Nickname, Description string
	Cards                 []string // card ids, one per physical copy, top first
}

// TTSCard is a card of a saved object laid out in one language, with
// its name and description in TTS (its kind).
type TTSCard struct {
	ID                string
	Front, Back       *render.Face
	Name, Description string
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
func planSheets(objects []Group, cards map[string]*TTSCard) ([]ttsSheet, map[string]int) {
	type class struct {
		unique bool
		ids    []string
	}
	var classes []*class
	byBack := map[string]*class{}
	seen := map[string]bool{}
	for _, g := range objects {
		for _, id := range g.Cards {
			if seen[id] {
				continue
			}
			seen[id] = true
			c := cards[id]
			sig := "unique"
			if c.Back.Side == "common-back" {
				sig = backSignature(c.Back)
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
	ObjectStates []ttsAnyObj `json:"ObjectStates"`
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

// A TTS card is about 57 × 80 mm at scale 1 (its image keeps the card's
// proportions): one uniform scale gives 88 mm high cards, as TTS's own
// saves scale objects, the same on every axis.
const ttsScale = CardHmm / 80

// The card size, in mm.
const (
	CardWmm = render.CardW
	CardHmm = render.CardH
)

func transform(x float64, faceDown bool) ttsTransform {
	t := ttsTransform{PosX: x, PosY: 1, RotY: 180, ScaleX: ttsScale, ScaleY: ttsScale, ScaleZ: ttsScale}
	if faceDown {
		t.RotZ = 180
	}
	return t
}

// saveJSON is the saved object of f: one object per group, side by side,
// decks face down.
func saveJSON(f SavedObject, sheets []ttsSheet, ids map[string]int, cards map[string]*TTSCard, tokens map[string]*TTSToken, url func(name string) string) ([]byte, error) {
	entry := map[int]ttsCustomDeck{}
	keyOf := map[string]int{}
	for _, s := range sheets {
		cols, rows := s.grid()
		entry[s.key] = ttsCustomDeck{FaceURL: url(s.face(f.Name)), BackURL: url(s.back(f.Name)),
			NumWidth: cols, NumHeight: rows, BackIsHidden: true, UniqueBack: s.uniqueBack}
		for _, id := range s.cards {
			keyOf[id] = s.key
		}
	}
	card := func(id string, x float64) ttsObject {
		k := keyOf[id]
		return ttsObject{Name: "Card", Transform: transform(x, true), Nickname: cards[id].Name,
			Description: cards[id].Description,
			Grid:        true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
			CardID: ids[id], CustomDeck: map[string]ttsCustomDeck{fmt.Sprint(k): entry[k]}}
	}
	save := ttsSave{SaveName: f.Name}
	for i, g := range f.Groups {
		x := float64(i) * 3
		if len(g.Cards) == 1 {
			o := card(g.Cards[0], x)
			o.Name = "CardCustom"
			o.Nickname, o.Description = g.Nickname, g.Description
			save.ObjectStates = append(save.ObjectStates, o)
			continue
		}
		o := ttsObject{Name: "DeckCustom", Transform: transform(x, true), Nickname: g.Nickname, Description: g.Description,
			Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true, CustomDeck: map[string]ttsCustomDeck{}}
		for _, id := range g.Cards {
			o.DeckIDs = append(o.DeckIDs, ids[id])
			k := keyOf[id]
			o.CustomDeck[fmt.Sprint(k)] = entry[k]
			o.ContainedObjects = append(o.ContainedObjects, card(id, x))
		}
		save.ObjectStates = append(save.ObjectStates, o)
	}
	save.ObjectStates = append(save.ObjectStates, bagObjects(f, len(f.Groups), tokens, url)...)
	b, err := json.MarshalIndent(save, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// FileURL is the file:/// URL of the absolute path abs, percent-encoded
// (a space is %20, a "#" %23), as TTS and browsers read it.
func FileURL(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x → /C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// TTS writes the Tabletop Simulator saved objects of o, with their card
// sheets, backs and thumbnails, and with o.Site their copies for the site.
func TTS(ctx context.Context, o TTSOptions) (TTSFiles, error) {
	langs := o.Langs
	if len(langs) == 0 {
		langs = lang.Langs
	}
	out := dist.Files{}
	site := dist.Files{}
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
		files, err := o.Objects(l)
		if err != nil {
			return TTSFiles{}, err
		}
		if o.Rulebook != nil && len(o.Rulebook.Aids) > 0 {
			aids, err := aidObject(o.Rulebook, l)
			if err != nil {
				return TTSFiles{}, err
			}
			files = append(files, aids)
		}
		for _, f := range files {
			var all []string
			for _, g := range f.Groups {
				all = append(all, g.Cards...)
			}
			laid := f.laid
			if laid == nil {
				laid, err = o.Cards(l, Unique(all))
				if err != nil {
					return TTSFiles{}, err
				}
			}
			cards := map[string]*TTSCard{}
			for i := range laid {
				cards[laid[i].ID] = &laid[i]
			}
			sheets, ids := planSheets(f.Groups, cards)
			tokens, err := bagTokens(o, l, f)
			if err != nil {
				return TTSFiles{}, err
			}
			base := strings.TrimSuffix(o.BaseURL, "/") + "/" + string(l) + "/"
			js, err := saveJSON(f, sheets, ids, cards, tokens, func(name string) string { return base + name + ".png" })
			if err != nil {
				return TTSFiles{}, err
			}
			put(pipeline.TTSObject(l, f.Name), js)
			if o.Site {
				// the site's copy: images at the site's address, or
				// beside the saved object
				siteBase := ""
				if o.SiteBaseURL != "" {
					siteBase = strings.TrimSuffix(o.SiteBaseURL, "/") + "/" + pipeline.TTSFolder(l) + "/"
				}
				js, err := saveJSON(f, sheets, ids, cards, tokens, func(name string) string { return siteBase + name + ".png" })
				if err != nil {
					return TTSFiles{}, err
				}
				_, rel := pipeline.InDir(pipeline.TTSObject(l, f.Name))
				site[rel] = js
			}
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
			bagImages(ctx, g, &panics, tokens, func(id string, b []byte) { put(pipeline.TTSImage(l, tokenImage(f.Name, id)), b) })
			if len(f.Groups) == 0 {
				continue
			}
			image(f.Name, []*render.Face{cards[f.Groups[0].Cards[0]].Front}, 1, 1, ThumbPx)
			for _, s := range sheets {
				cols, rows := s.grid()
				var fronts, backs []*render.Face
				for _, id := range s.cards {
					fronts = append(fronts, cards[id].Front)
					backs = append(backs, cards[id].Back)
				}
				image(s.face(f.Name), fronts, cols, rows, CardPx)
				if s.uniqueBack {
					image(s.back(f.Name), backs, cols, rows, CardPx)
				} else {
					image(s.back(f.Name), backs[:1], 1, 1, CardPx)
				}
			}
		}
	}
	err := g.Wait()
	panics.Rethrow()
	if err != nil {
		return TTSFiles{}, err
	}
	if !o.Site {
		site = nil
	}
	return TTSFiles{Files: out, Site: site}, nil
}
