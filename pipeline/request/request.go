// Package request reads what the output commands ask of the pipeline's
// print and export stages from their flags (`wbtool print`, `wbtool
// export png|tts`, `wbtool build --export`), for every game: a
// ruleset.SheetRequest or ruleset.ExportRequest, which the pipeline hands
// to the game's capability (ruleset.Sheets, ruleset.Exporter). It also
// publishes what those stages made into the output folder, and says so.
// A flag the request cannot take is a *ruleset.RequestError: a usage
// error, in the flag's words.
package request

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// PrintFlags are `wbtool print`'s flags, as given.
type PrintFlags struct {
	Deck, Lang, Paper, Bleed, BackOffset, Map, HexSize string
	Calibrate                                          bool
}

// Sheets reads the print flags into a sheet request, with wbtool's
// version tool and the PDFs' date.
func Sheets(f PrintFlags, tool string, date time.Time) (ruleset.SheetRequest, error) {
	req := ruleset.SheetRequest{Deck: f.Deck, Map: f.Map, Tool: tool, Date: date}
	req.Paper = strings.ToLower(f.Paper)
	if req.Paper != "a4" && req.Paper != "letter" {
		return req, ruleset.Requestf("--paper %q: want a4 or letter", f.Paper)
	}
	var err error
	if req.Bleed, err = MM("bleed", f.Bleed); err != nil {
		return req, err
	}
	if req.Bleed < 0 || req.Bleed > render.MaxBleed {
		return req, ruleset.Requestf("--bleed %s: want 0 to %gmm", f.Bleed, render.MaxBleed)
	}
	xs, ys, ok := strings.Cut(f.BackOffset, ",")
	if !ok {
		return req, ruleset.Requestf("--back-offset %q: want X,Y in millimetres, e.g. 1.5,-0.5", f.BackOffset)
	}
	if req.BackOffsetX, err = MM("back-offset", xs); err != nil {
		return req, err
	}
	if req.BackOffsetY, err = MM("back-offset", ys); err != nil {
		return req, err
	}
	if x, y := req.BackOffsetX, req.BackOffsetY; x < -10 || x > 10 || y < -10 || y > 10 {
		return req, ruleset.Requestf("--back-offset %q: each value must be between -10 and 10 mm", f.BackOffset)
	}
	if req.Langs, err = Langs(f.Lang); err != nil {
		return req, err
	}
	if req.HexSize, err = HexSize(f.HexSize); err != nil {
		return req, err
	}
	if f.HexSize != "" && f.Map == "" {
		return req, ruleset.Requestf("--hex-size sizes the scenario maps: use it with --map SCENARIO")
	}
	if f.Map != "" && (f.Deck != "" || f.Calibrate) {
		return req, ruleset.Requestf("--map prints a scenario's map only: drop --deck and --calibrate")
	}
	if f.Calibrate && f.Deck != "" {
		return req, ruleset.Requestf("--calibrate prints no cards: drop --deck")
	}
	return req, nil
}

// Langs reads --lang: "" is every language (nil). Any language code
// (two or three lower-case letters) is read here; whether the content
// publishes it is known once it is loaded (pipeline.Options.Langs
// refuses the others).
func Langs(asked string) ([]lang.Lang, error) {
	if asked == "" {
		return nil, nil
	}
	if !lang.IsCode(asked) {
		return nil, ruleset.Requestf("--lang %q: want a language code such as en, fr or de", asked)
	}
	return []lang.Lang{lang.Lang(asked)}, nil
}

// HexSize reads --hex-size; "" gives 0 (the default size).
func HexSize(s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	v, err := MM("hex-size", s)
	if err != nil {
		return 0, err
	}
	if v < render.MinHexSize || v > render.MaxHexSize {
		return 0, ruleset.Requestf("--hex-size %s: want %g to %g mm across flats", s, render.MinHexSize, render.MaxHexSize)
	}
	return v, nil
}

// HexSizeUsage is the help of --hex-size.
func HexSizeUsage() string {
	return fmt.Sprintf("hex size of the scenario maps across flats, e.g. 25mm (%g to %g mm; default %g mm: the game's miniatures on 25 mm bases)",
		render.MinHexSize, render.MaxHexSize, render.DefaultHexSize)
}

// MM reads a length in millimetres given with --flag: "3", "3mm", "2.5 mm".
func MM(flag, s string) (float64, error) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "mm"))
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return 0, ruleset.Requestf("--%s %q: want a length in millimetres, e.g. 3mm", flag, s)
	}
	return v, nil
}

func (f PrintFlags) options(req ruleset.SheetRequest) render.SheetOptions {
	return render.SheetOptions{Paper: req.Paper, Bleed: req.Bleed, BackOffset: render.Pt{X: req.BackOffsetX, Y: req.BackOffsetY},
		Version: req.Tool, Tool: req.Tool, Date: req.Date}
}

// Bleed says what the sheets do with the bleed asked (--bleed): a note
// when a sheet holds fewer than 3 × 3 cards so that every edge of every
// card gets the whole bleed (render.SheetGrid), "" otherwise; and the
// warning (an error when strict) when the paper has no room for all of
// it even so (render.EffectiveBleed), none when the sheets keep it all.
func Bleed(f PrintFlags, req ruleset.SheetRequest, strict bool) (string, diag.List, error) {
	o := f.options(req)
	across, along, err := render.EffectiveBleed(o)
	if err != nil {
		return "", nil, ruleset.Requestf("--bleed %s: %v", f.Bleed, err)
	}
	cols, rows, _ := render.SheetGrid(o)
	note := ""
	if cols*rows < render.CardsPerSheet {
		note = fmt.Sprintf("--bleed %s on %s paper: %d cards a sheet (%d across, %d down) instead of %d, so that every edge of every card gets the whole bleed",
			f.Bleed, o.Paper, cols*rows, cols, rows, render.CardsPerSheet)
	}
	const eps = 1e-9
	if across >= o.Bleed-eps && along >= o.Bleed-eps {
		return note, nil, nil
	}
	d := diag.Warnf(diag.Pos{File: "--bleed " + f.Bleed}, "",
		"reduced to fit %s paper: %s kept left and right of each card, %s top and bottom (%s asked)",
		o.Paper, mm(across), mm(along), mm(o.Bleed))
	if strict {
		d.Severity = diag.Error
	}
	return note, diag.List{d}, nil
}

// mm writes a length in millimetres to the hundredth, without trailing
// zeros: "3 mm", "2.98 mm".
func mm(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) + " mm"
}

// Calibration is the duplex calibration sheet (--calibrate) in the
// language asked (English when every language is), with the built-in
// texts of every game.
func Calibration(f PrintFlags, req ruleset.SheetRequest) (ruleset.SheetSet, error) {
	o := f.options(req)
	o.Lang = pipeline.Langs(req.Langs)[0]
	if len(req.Langs) == 0 {
		o.Lang = lang.English
	}
	if !slices.Contains(lang.Langs, o.Lang) {
		return ruleset.SheetSet{}, ruleset.Requestf("--lang %s: the calibration sheet is written in en and fr only: ask for one of them", o.Lang)
	}
	pdf, err := render.Calibration(o, nil)
	if err != nil {
		return ruleset.SheetSet{}, err
	}
	path := pipeline.CalibrationSheet(req.Paper)
	_, rel := pipeline.InDir(path)
	return ruleset.SheetSet{Paths: []string{path}, Files: dist.Files{rel: pdf}}, nil
}

// PrintedSheets are the sheets a print build made (pipeline.Options.Sheets).
func PrintedSheets(res *pipeline.Result) ruleset.SheetSet {
	return ruleset.SheetSet{Paths: res.Sheets, Files: res.Outputs[pipeline.PrintDir]}
}

// PublishSheets adds sheets to the print folder of dir, keeping its other
// sheets, and says what it wrote to w, the output folder named out.
func PublishSheets(w io.Writer, dir *dist.Dir, out string, set ruleset.SheetSet) error {
	if _, err := dir.Publish(dist.Update{Dir: pipeline.PrintDir, Files: set.Files, Keep: true}); err != nil {
		return err
	}
	for _, p := range set.Paths {
		_, rel := pipeline.InDir(p)
		fmt.Fprintf(w, "wrote %s/%s (%d KB)\n", out, p, (len(set.Files[rel])+1023)/1024)
	}
	return nil
}
