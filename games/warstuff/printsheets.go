package warstuff

import (
	"context"
	"maps"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/export"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

var (
	_ ruleset.Sheets   = (*Content)(nil)
	_ ruleset.Exporter = (*Content)(nil)
)

// laid lays out the cards of a sheet or an export in l.
func (c *Content) laid(l ws.Lang, profiles []*ws.Profile) (fronts, backs []*render.Face, err error) {
	for _, p := range profiles {
		f, b, err := face(c.Catalog, p, l)
		if err != nil {
			return nil, nil, err
		}
		fronts, backs = append(fronts, f), append(backs, b)
	}
	return fronts, backs, nil
}

// Sheets prints the duplex sheets `wbtool print` asks for, in each
// language: every profile and creature card (print/cards-<lang>.pdf), or
// one band's profile cards (--deck BAND: print/bands/<band>-<lang>.pdf),
// fronts then their backs, on the paper, bleed and back offset asked.
// Warstuff has no scenario maps.
func (c *Content) Sheets(_ context.Context, req ruleset.SheetRequest) (ruleset.SheetSet, error) {
	cat := c.Catalog
	if req.Map != "" {
		return ruleset.SheetSet{}, ruleset.Requestf("--map %q: Warstuff prints no scenario maps", req.Map)
	}
	band, err := c.band(req.Deck)
	if err != nil {
		return ruleset.SheetSet{}, err
	}
	set := ruleset.SheetSet{Files: dist.Files{}}
	for _, l := range c.asked(req.Langs) {
		title := cat.Label("cards", l)
		path := pipeline.CardsSheet(l)
		if band != nil {
			title = band.Name.In(l) + " · " + title
			path = pipeline.BandSheet(band.ID, l)
		}
		pdf, err := c.faceSheet(l, c.sheetCards(band), title, req)
		if err != nil {
			return ruleset.SheetSet{}, err
		}
		_, rel := pipeline.InDir(path)
		set.Files[rel] = pdf
		set.Paths = append(set.Paths, path)
	}
	return set, nil
}

// faceSheet is the duplex sheet of cards in l titled title, on the
// paper, bleed and back offset of req: fronts, then their backs.
func (c *Content) faceSheet(l ws.Lang, cards []*ws.Profile, title string, req ruleset.SheetRequest) ([]byte, error) {
	cat := c.Catalog
	fronts, backs, err := c.laid(l, cards)
	if err != nil {
		return nil, err
	}
	o := render.SheetOptions{Lang: l, Paper: req.Paper, Bleed: req.Bleed, BackOffset: render.Pt{X: req.BackOffsetX, Y: req.BackOffsetY},
		Version: c.printVersion(req.Tool), Game: "Warstuff", Tool: req.Tool, Date: req.Date} // as the build prints them
	lb := render.SheetLabels{Title: title, Cards: word(cat, "print.cards", l), Page: cat.Label("page", l),
		Backs: word(cat, "print.backs", l), Front: word(cat, "print.front", l)}
	return render.FaceSheets(o, lb, nil, fronts, backs)
}

// Export makes the exports asked (package export draws them): one PNG
// per face of every profile card (or a band's) for each print profile,
// after its safe-zone preflight, and a Tabletop Simulator saved object
// per band (or of one band): its profile cards, one per entry.
func (c *Content) Export(ctx context.Context, req ruleset.ExportRequest) (ruleset.Exports, error) {
	band, err := c.band(req.Deck)
	if err != nil {
		return ruleset.Exports{}, err
	}
	req.Langs = c.asked(req.Langs)
	out := ruleset.Exports{Files: dist.Files{}}
	err = export.Images(ctx, req, &out, func(l lang.Lang) ([]export.Card, error) {
		profiles := c.sheetCards(band)
		fronts, backs, err := c.laid(l, profiles)
		cards := make([]export.Card, len(fronts))
		for i := range fronts {
			pos, path := c.cardPath(profiles[i])
			cards[i] = export.Card{Front: fronts[i], Back: backs[i], Pos: pos, Path: path}
		}
		return cards, err
	})
	if err != nil {
		return ruleset.Exports{}, err
	}
	if req.TTS {
		files, err := export.TTS(ctx, export.TTSOptions{Langs: req.Langs, BaseURL: req.BaseURL, Rulebook: req.Rulebook, Objects: c.ttsObjects(band), Cards: c.ttsCards})
		if err != nil {
			return ruleset.Exports{}, err
		}
		maps.Copy(out.Files, files.Files)
	}
	return out, nil
}

// ttsObjects are the saved objects in l: one per band (or of band), its
// profile cards as one deck named as the band.
func (c *Content) ttsObjects(band *ws.Band) func(l lang.Lang) ([]export.SavedObject, error) {
	return func(l lang.Lang) ([]export.SavedObject, error) {
		cat := c.Catalog
		var out []export.SavedObject
		for i := range cat.Bands {
			b := &cat.Bands[i]
			if band != nil && b != band {
				continue
			}
			var ids []string
			for _, p := range c.sheetCards(b) {
				ids = append(ids, p.ID)
			}
			if len(ids) == 0 {
				continue
			}
			desc := strings.Join([]string{cat.Label("band", l), cat.Label("format", l) + " " + strconv.Itoa(b.Format) + " " + cat.Label("points", l)}, " · ")
			out = append(out, export.SavedObject{Name: b.ID, Groups: []export.Group{{Nickname: b.Name.In(l), Description: desc, Cards: ids}}})
		}
		return out, nil
	}
}

// ttsCards lays out profile cards for TTS, named as the profile and
// described by its cost.
func (c *Content) ttsCards(l lang.Lang, ids []string) ([]export.TTSCard, error) {
	cat := c.Catalog
	var out []export.TTSCard
	for _, id := range ids {
		p := cat.Profile(id)
		if p == nil {
			p = cat.Creature(id)
		}
		if p == nil {
			continue
		}
		f, b, err := face(cat, p, l)
		if err != nil {
			return nil, err
		}
		out = append(out, export.TTSCard{ID: id, Front: f, Back: b, Name: p.Name.In(l),
			Description: cat.Label("profile", l) + " · " + cat.Label("cost", l) + " " + strconv.Itoa(p.Cost) + " " + cat.Label("points", l)})
	}
	return out, nil
}
