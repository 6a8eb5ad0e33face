// Package export writes the card images other tools take, for any game:
// one PNG per card face for a print-on-demand service (PNG), and Tabletop
// Simulator saved objects with their card sheets (TTS). A game lays its
// cards out (render.Face) and says which saved objects hold which cards
// (its ruleset.Exporter); this package draws the faces with the raster
// backend (render.Face.Image, render.Sheet) after the safe-zone
// preflight, and the paths come from the build plan.
package export

import (
	"context"
	"maps"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// Card is one card laid out in one language (its faces' Lang), with
// where it is declared, for the preflight's problems.
type Card struct {
	Front, Back *render.Face
	// Pos is where the card is declared, Path its path in the content
	// ("cards.ash-seer").
	Pos  diag.Pos
	Path string
}

// PNGOptions say how to write card images.
type PNGOptions struct {
	Profile render.Profile
	// Force writes the images even when the preflight finds text or an
	// icon outside the safe zone: its problems become warnings.
	Force bool
}

// PNG renders one image per face (front and back) of every card, for
// o.Profile, after a preflight of the safe zone. Files are keyed relative
// to pipeline.ExportDir. Problems come back as a sorted diag.List: errors
// (nothing to write) unless o.Force.
func PNG(ctx context.Context, cards []Card, o PNGOptions) (dist.Files, diag.List, error) {
	if err := o.Profile.Check(); err != nil {
		return nil, nil, err
	}
	type job struct {
		face *render.Face
		side string
	}
	var jobs []job
	var problems diag.List
	for _, c := range cards {
		problems = append(problems, c.Front.Preflight(o.Profile, "front", c.Pos, c.Path)...)
		problems = append(problems, c.Back.Preflight(o.Profile, "back", c.Pos, c.Path)...)
		jobs = append(jobs, job{c.Front, "front"}, job{c.Back, "back"})
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
			_, rel := pipeline.InDir(pipeline.CardPNG(o.Profile.Name, j.face.Lang, j.face.Card, j.side))
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

// Unique keeps the first of each id, in order.
func Unique(ids []string) []string {
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

// Images are the card images of every print profile req names (PNG),
// of the cards that cards lays out in each language req asks, into out's
// files and problems. A profile wbtool does not know is a request error.
func Images(ctx context.Context, req ruleset.ExportRequest, out *ruleset.Exports, cards func(l lang.Lang) ([]Card, error)) error {
	for _, name := range req.Profiles {
		p, ok := render.ProfileNamed(name)
		if !ok {
			return ruleset.Requestf("--profile %q: no such print profile", name)
		}
		var all []Card
		for _, l := range pipeline.Langs(req.Langs) {
			cs, err := cards(l)
			if err != nil {
				return err
			}
			all = append(all, cs...)
		}
		files, problems, err := PNG(ctx, all, PNGOptions{Profile: p, Force: req.Force})
		if err != nil {
			return err
		}
		maps.Copy(out.Files, files)
		out.Problems = append(out.Problems, problems...)
	}
	return nil
}
