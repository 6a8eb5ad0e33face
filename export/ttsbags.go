package export

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// Token bags (issue 31): a game whose component counts are caps (The
// Convicted: a missing marker means a limit is reached) puts its tokens
// on the table as bags, one per group of tokens, holding the printed
// count of each as round tiles. Each tile is a TTS Custom_Tile cut as a circle from
// one image per token (<object>-token-<id>.png), so the bag runs out as
// the printed pool does.

// Bag is a bag of tokens of a saved object.
type Bag struct {
	Nickname, Description string
	Tokens                []string // token ids (TTSOptions.Tokens), one per physical copy
}

// TTSToken is a token laid out in one language: its face, drawn round
// the centre of a card's face (CardW/2, CardH/2) within TokenMM, and its
// name in TTS.
type TTSToken struct {
	ID   string
	Face *render.Face
	Name string
}

// TokenMM is the diameter of a token's image, mm; TokenPx its pixels.
const (
	TokenMM = 16.0
	TokenPx = 256
)

// tokenProfile draws a token's face as a square image of TokenPx pixels
// holding TokenMM around the face's centre.
var tokenProfile = render.Profile{Name: "tts-token", W: TokenPx, H: TokenPx, DPI: TokenPx / TokenMM * render.MMPerInch}

// ttsAnyObj is an object of a saved object: a ttsObject or a ttsBag.
type ttsAnyObj = any

// bagImages draws the tokens' images in g, handing each to put.
func bagImages(ctx context.Context, g *errgroup.Group, panics *crash.Catcher, tokens map[string]*TTSToken, put func(id string, png []byte)) {
	for _, id := range slices.Sorted(maps.Keys(tokens)) {
		g.Go(func() error {
			defer panics.Catch()
			if err := ctx.Err(); err != nil {
				return err
			}
			b, err := tokens[id].Face.PNG(tokenProfile)
			if err != nil {
				return err
			}
			put(id, b)
			return nil
		})
	}
}

// tokenImage is the name of token id's image in saved object obj.
func tokenImage(obj, id string) string { return obj + "-token-" + id }

type ttsCustomTile struct {
	Type      int     `json:"Type"` // 2: a circle
	Thickness float64 `json:"Thickness"`
	Stackable bool    `json:"Stackable"`
	Stretch   bool    `json:"Stretch"`
}

type ttsCustomImage struct {
	ImageURL          string        `json:"ImageURL"`
	ImageSecondaryURL string        `json:"ImageSecondaryURL"`
	ImageScalar       float64       `json:"ImageScalar"`
	WidthScale        float64       `json:"WidthScale"`
	CustomTile        ttsCustomTile `json:"CustomTile"`
}

type ttsTile struct {
	Name        string         `json:"Name"` // Custom_Tile
	Transform   ttsTransform   `json:"Transform"`
	Nickname    string         `json:"Nickname"`
	Description string         `json:"Description"`
	CustomImage ttsCustomImage `json:"CustomImage"`
}

type ttsBag struct {
	Name             string       `json:"Name"` // Bag
	Transform        ttsTransform `json:"Transform"`
	Nickname         string       `json:"Nickname"`
	Description      string       `json:"Description"`
	ContainedObjects []ttsTile    `json:"ContainedObjects"`
}

// tokenScale is a tile's scale: a Custom_Tile is about 2 × 2 units
// (about 50 mm) at scale 1.
const tokenScale = TokenMM / 50

// bagObjects are the bags of f, in a row after its n groups, their tiles
// imaged at url(tokenImage(...)).
func bagObjects(f SavedObject, n int, tokens map[string]*TTSToken, url func(name string) string) []ttsAnyObj {
	var out []ttsAnyObj
	for i, b := range f.Bags {
		x := float64(n+i) * 3
		bag := ttsBag{Name: "Bag", Transform: transform(x, false), Nickname: b.Nickname, Description: b.Description, ContainedObjects: []ttsTile{}}
		bag.Transform.ScaleX, bag.Transform.ScaleY, bag.Transform.ScaleZ = 1, 1, 1
		for _, id := range b.Tokens {
			tk, img := tokens[id], url(tokenImage(f.Name, id))
			t := transform(x, false)
			t.ScaleX, t.ScaleY, t.ScaleZ = tokenScale, 1, tokenScale
			bag.ContainedObjects = append(bag.ContainedObjects, ttsTile{Name: "Custom_Tile", Transform: t, Nickname: tk.Name,
				CustomImage: ttsCustomImage{ImageURL: img, ImageSecondaryURL: img, ImageScalar: 1,
					CustomTile: ttsCustomTile{Type: 2, Thickness: 0.2, Stackable: true, Stretch: true}}})
		}
		out = append(out, bag)
	}
	return out
}

// bagTokens are the tokens f's bags hold, laid out in l by o.Tokens.
func bagTokens(o TTSOptions, l lang.Lang, f SavedObject) (map[string]*TTSToken, error) {
	if len(f.Bags) == 0 {
		return nil, nil
	}
	if o.Tokens == nil {
		return nil, fmt.Errorf("tts: %s has bags, and no Tokens to lay them out", f.Name)
	}
	var ids []string
	for _, b := range f.Bags {
		ids = append(ids, b.Tokens...)
	}
	laid, err := o.Tokens(l, Unique(ids))
	if err != nil {
		return nil, err
	}
	out := map[string]*TTSToken{}
	for i := range laid {
		out[laid[i].ID] = &laid[i]
	}
	for _, id := range ids {
		if out[id] == nil || out[id].Face == nil {
			return nil, fmt.Errorf("tts: %s: no token %q laid out for its bag", f.Name, id)
		}
	}
	return out, nil
}
