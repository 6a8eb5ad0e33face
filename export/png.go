// Package export writes the card images other tools take: one PNG per card
// face for a print-on-demand service (PNG), and Tabletop Simulator saved
// objects with their card sheets (TTS). Both draw the layout model with the
// raster backend (render.Face.Image, render.Sheet); the paths come from
// the build plan.
package export

import (
	"context"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/render"
)

// PNGOptions say which card images to write.
type PNGOptions struct {
	Profile render.Profile
	Langs   []wbcatalog.Lang // default: every language
	// Cards are the card ids to export (repeats are written once); nil
	// exports every card.
	Cards []string
	// Force writes the images even when the preflight finds text or an
	// icon outside the safe zone: its problems become warnings.
	Force bool
}

// PNG renders one image per face (front and back) of every card asked, in
// each language, for o.Profile, after a preflight of the safe zone. Files
// are keyed relative to pipeline.ExportDir. Problems come back as a sorted
// diag.List: errors (nothing to write) unless o.Force.
func PNG(ctx context.Context, cat *wbcatalog.Catalog, o PNGOptions) (dist.Files, diag.List, error) {
	if err := o.Profile.Check(); err != nil {
		return nil, nil, err
	}
	langs := o.Langs
	if len(langs) == 0 {
		langs = wbcatalog.Langs
	}
	type job struct {
		face *render.Face
		side string
		lang wbcatalog.Lang
	}
	var jobs []job
	var problems diag.List
	for _, l := range langs {
		var cards []render.Card
		var err error
		if o.Cards == nil {
			cards, err = render.Layout(cat, l)
		} else {
			cards, err = render.LayoutCards(cat, l, unique(o.Cards))
		}
		if err != nil {
			return nil, nil, err
		}
		for i := range cards {
			c := &cards[i]
			pos, path := render.CardPos(cat, c.ID)
			problems = append(problems, c.Front.Preflight(o.Profile, "front", pos, path)...)
			problems = append(problems, c.Back.Preflight(o.Profile, "back", pos, path)...)
			jobs = append(jobs, job{&c.Front, "front", l}, job{&c.Back, "back", l})
		}
	}
	if o.Force {
		for i := range problems {
			problems[i].Severity = diag.Warning
		}
	}
	problems = problems.Sorted()
	if len(problems.Errors()) > 0 {
		return nil, problems, nil
	}
	out := dist.Files{}
	var mu sync.Mutex
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	var panics crash.Catcher // a panic is handed to the export stage
	for _, j := range jobs {
		g.Go(func() error {
			defer panics.Catch()
			if err := ctx.Err(); err != nil {
				return err
			}
			b, err := j.face.PNG(o.Profile)
			if err != nil {
				return err
			}
			_, rel := pipeline.InDir(pipeline.CardPNG(o.Profile.Name, j.lang, j.face.Card, j.side))
			mu.Lock()
			out[rel] = b
			mu.Unlock()
			return nil
		})
	}
	err := g.Wait()
	panics.Rethrow()
	if err != nil {
		return nil, nil, err
	}
	return out, problems, nil
}

// unique keeps the first of each id, in order.
func unique(ids []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
