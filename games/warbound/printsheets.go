package warbound

import (
	"context"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

var _ ruleset.Sheets = (*Content)(nil)

// Sheets prints the sheets `wbtool print` asks for, in each language: a
// scenario's map, one deck's sheet (as the build prints it: the deck
// sheet, its cards, its Reference cards), or every card.
func (c *Content) Sheets(_ context.Context, req ruleset.SheetRequest) (ruleset.SheetSet, error) {
	cat := c.Catalog
	// the set's version, as the build prints it; wbtool's is the creator
	base := wbcards.Options{SheetOptions: render.SheetOptions{Paper: req.Paper, Bleed: req.Bleed, BackOffset: render.Pt{X: req.BackOffsetX, Y: req.BackOffsetY},
		Version: cat.Set.Version, Tool: req.Tool, Date: req.Date}, Layouts: c.cardLayouts()}
	var jobs []SheetJob
	for _, l := range pipeline.Langs(req.Langs) {
		o := base
		o.Lang = l
		switch {
		case req.Map != "":
			sc := cat.Scenario(req.Map)
			if sc == nil {
				return ruleset.SheetSet{}, ruleset.Requestf("--map %q: no such scenario (scenarios: %s)", req.Map, ids(cat.Scenarios, func(s *wbcatalog.Scenario) string { return s.ID }))
			}
			jobs = append(jobs, MapJob(sc, o, req.HexSize))
		case req.Deck != "":
			d := cat.Deck(req.Deck)
			if d == nil {
				return ruleset.SheetSet{}, ruleset.Requestf("--deck %q: no such deck (decks: %s)", req.Deck, ids(cat.Decks, func(d *wbcatalog.Deck) string { return d.ID }))
			}
			jobs = append(jobs, DeckJob(cat, d, o))
		default:
			jobs = append(jobs, SheetJob{Path: pipeline.CardsSheet(l), Opts: o})
		}
	}
	files, err := Sheets(cat, jobs)
	if err != nil {
		return ruleset.SheetSet{}, err
	}
	set := ruleset.SheetSet{Files: files}
	for _, j := range jobs {
		set.Paths = append(set.Paths, j.Path)
	}
	return set, nil
}

// ids lists the ids of a catalog collection, for a message.
func ids[T any](s []T, id func(*T) string) string {
	out := make([]string, len(s))
	for i := range s {
		out[i] = id(&s[i])
	}
	return strings.Join(out, ", ")
}
