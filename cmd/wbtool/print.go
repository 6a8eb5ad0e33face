package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

const printDoc = `Print writes print-and-play PDF card sheets under the output folder:

  print/cards-<lang>.pdf         every card (without --deck)
  print/decks/<deck>-<lang>.pdf  one deck, a copy of each card per deck list entry
  print/calibrate-<paper>.pdf    the duplex calibration sheet (--calibrate)
  print/maps/<scenario>-<paper>-<lang>.pdf  a scenario's map (--map): an
                                 overview page, then the board at play size
                                 tiled over pages with assembly marks

Cards are poker size (63 x 88 mm), 3 x 3 per page, with crop marks in the
margins. Each page of fronts is followed by its page of backs, mirrored for
double-sided printing that flips on the long edge.

Home printers often shift the back side by a millimetre or two. Print the
calibration sheet double-sided once, read the offset it shows, then pass it
with --back-offset X,Y (mm, X to the right and Y down as seen on the back).
Printing the calibration sheet again with that offset should read 0,0.

PDF dates come from SOURCE_DATE_EPOCH when it is set, else a fixed date, so
two runs give byte-identical files.

Examples:
  wbtool print                               # all cards, English and French
  wbtool print --deck raiders-strike --lang fr
  wbtool print --paper letter --bleed 3mm
  wbtool print --calibrate --paper letter
  wbtool print --deck raiders-strike --back-offset 1.5,-0.5
  wbtool print --map salvage-field --hex-size 25mm --paper letter`

type printFlags struct {
	deck       string
	lang       string
	paper      string
	bleed      string
	backOffset string
	calibrate  bool
	mapID      string
	hexSize    string
}

func newPrintCmd(g *globalFlags) *cobra.Command {
	var f printFlags
	cmd := &cobra.Command{
		Use:   "print",
		Short: "Write print-and-play PDF card sheets (all cards, one deck, or the duplex calibration sheet)",
		Long:  printDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPrint(cmd, g, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.deck, "deck", "", "print the deck with this `ID` (default: every card)")
	fl.StringVar(&f.lang, "lang", "", "`LANG` of the sheets: en or fr (default: both)")
	fl.StringVar(&f.paper, "paper", "a4", "`PAPER` size: a4 or letter")
	fl.StringVar(&f.bleed, "bleed", "0", "background printed beyond each cut line, e.g. 3mm (0 to 3 mm)")
	fl.StringVar(&f.backOffset, "back-offset", "0,0", "shift of the back pages `X,Y` in mm, as measured with --calibrate")
	fl.BoolVar(&f.calibrate, "calibrate", false, "write the duplex calibration sheet instead of cards")
	fl.StringVar(&f.mapID, "map", "", "write the map of the scenario with this `ID` instead of cards")
	addHexSizeFlag(cmd, &f.hexSize)
	addOutFlag(cmd, g)
	return cmd
}

// addHexSizeFlag adds --hex-size, the size of the scenario maps' hexes.
func addHexSizeFlag(cmd *cobra.Command, v *string) {
	cmd.Flags().StringVar(v, "hex-size", "", fmt.Sprintf("hex size of the scenario maps across flats, e.g. 25mm (%g to %g mm; default %g mm: the game's miniatures on 25 mm bases)",
		render.MinHexSize, render.MaxHexSize, render.DefaultHexSize))
}

// parseHexSize reads --hex-size; "" gives 0 (the default size).
func parseHexSize(s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	v, err := parseMM("hex-size", s)
	if err != nil {
		return 0, err
	}
	if v < render.MinHexSize || v > render.MaxHexSize {
		return 0, usagef("--hex-size %s: want %g to %g mm across flats", s, render.MinHexSize, render.MaxHexSize)
	}
	return v, nil
}

// parseMM reads a length in millimetres: "3", "3mm", "2.5 mm".
func parseMM(flag, s string) (float64, error) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "mm"))
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return 0, usagef("--%s %q: want a length in millimetres, e.g. 3mm", flag, s)
	}
	return v, nil
}

func runPrint(cmd *cobra.Command, g *globalFlags, f printFlags) error {
	paper := strings.ToLower(f.paper)
	if paper != "a4" && paper != "letter" {
		return usagef("--paper %q: want a4 or letter", f.paper)
	}
	bleed, err := parseMM("bleed", f.bleed)
	if err != nil {
		return err
	}
	if bleed < 0 || bleed > render.MaxBleed {
		return usagef("--bleed %s: want 0 to %gmm", f.bleed, render.MaxBleed)
	}
	xs, ys, ok := strings.Cut(f.backOffset, ",")
	if !ok {
		return usagef("--back-offset %q: want X,Y in millimetres, e.g. 1.5,-0.5", f.backOffset)
	}
	x, err := parseMM("back-offset", xs)
	if err != nil {
		return err
	}
	y, err := parseMM("back-offset", ys)
	if err != nil {
		return err
	}
	if x < -10 || x > 10 || y < -10 || y > 10 {
		return usagef("--back-offset %q: each value must be between -10 and 10 mm", f.backOffset)
	}
	langs := wbcatalog.Langs
	switch f.lang {
	case "":
	case "en", "fr":
		langs = []wbcatalog.Lang{wbcatalog.Lang(f.lang)}
	default:
		return usagef("--lang %q: want en or fr", f.lang)
	}
	date, err := sourceDate()
	if err != nil {
		return err
	}
	opts := render.SheetOptions{Paper: paper, Bleed: bleed, BackOffset: render.Pt{X: x, Y: y}, Version: version, Tool: version, Date: date}
	if !f.calibrate {
		if err := warnBleed(cmd, g, f.bleed, opts); err != nil {
			return err
		}
	}

	hexSize, err := parseHexSize(f.hexSize)
	if err != nil {
		return err
	}
	if f.hexSize != "" && f.mapID == "" {
		return usagef("--hex-size sizes the scenario maps: use it with --map SCENARIO")
	}
	if f.mapID != "" && (f.deck != "" || f.calibrate) {
		return usagef("--map prints a scenario's map only: drop --deck and --calibrate")
	}

	if f.calibrate {
		if f.deck != "" {
			return usagef("--calibrate prints no cards: drop --deck")
		}
		opts.Lang = langs[0]
		if f.lang == "" {
			opts.Lang = wbcatalog.English
		}
		pdf, err := render.Calibration(nil, opts)
		if err != nil {
			return err
		}
		return publishSheets(cmd, g, []string{pipeline.CalibrationSheet(paper)}, dist.Files{}, pdf)
	}
	if err := contentLacks(cmd.CommandPath(), ruleset.CapSheets, g); err != nil {
		return err
	}
	res, err := runBuild(cmd, g, pipeline.Options{Stages: pipeline.Verdict, CheckSite: true})
	if err != nil {
		return err
	}
	cat := warbound.Of(res).Catalog
	opts.Version = cat.Set.Version // the set's, as the build prints it
	var jobs []warbound.SheetJob
	for _, l := range langs {
		o := opts
		o.Lang = l
		if f.mapID != "" {
			sc := cat.Scenario(f.mapID)
			if sc == nil {
				return usagef("--map %q: no such scenario (scenarios: %s)", f.mapID, ids(cat.Scenarios, func(s *wbcatalog.Scenario) string { return s.ID }))
			}
			jobs = append(jobs, warbound.MapJob(sc, o, hexSize))
			continue
		}
		if f.deck == "" {
			jobs = append(jobs, warbound.SheetJob{Path: pipeline.CardsSheet(l), Opts: o})
			continue
		}
		d := cat.Deck(f.deck)
		if d == nil {
			return usagef("--deck %q: no such deck (decks: %s)", f.deck, ids(cat.Decks, func(d *wbcatalog.Deck) string { return d.ID }))
		}
		// The same sheet as the build's: deck sheet, cards, Reference cards.
		jobs = append(jobs, warbound.DeckJob(cat, d, o))
	}
	files, err := warbound.Sheets(cat, jobs)
	if err != nil {
		return err
	}
	var paths []string
	for _, j := range jobs {
		paths = append(paths, j.Path)
	}
	return publishSheets(cmd, g, paths, files, nil)
}

// ids lists the ids of a catalog collection, for a message.
func ids[T any](s []T, id func(*T) string) string {
	out := make([]string, len(s))
	for i := range s {
		out[i] = id(&s[i])
	}
	return strings.Join(out, ", ")
}

// publishSheets adds sheets to the print folder, keeping its other
// sheets, and says what it wrote. files are keyed under the print folder;
// one, when set, is the content of the only path.
func publishSheets(cmd *cobra.Command, g *globalFlags, paths []string, files dist.Files, one []byte) error {
	if one != nil {
		_, rel := pipeline.InDir(paths[0])
		files[rel] = one
	}
	dir, err := openOut(g)
	if err != nil {
		return err
	}
	if _, err := dir.Publish(dist.Update{Dir: pipeline.PrintDir, Files: files, Keep: true}); err != nil {
		return err
	}
	for _, p := range paths {
		_, rel := pipeline.InDir(p)
		fmt.Fprintf(cmd.OutOrStdout(), "wrote %s/%s (%d KB)\n", g.out, p, (len(files[rel])+1023)/1024)
	}
	return nil
}

// warnBleed says, as a warning (an error under --strict), how much of the
// asked bleed the sheets keep when the paper has no room for all of it
// (render.EffectiveBleed).
func warnBleed(cmd *cobra.Command, g *globalFlags, asked string, o render.SheetOptions) error {
	across, along, err := render.EffectiveBleed(o)
	if err != nil {
		return usagef("--bleed %s: %v", asked, err)
	}
	const eps = 1e-9
	if across >= o.Bleed-eps && along >= o.Bleed-eps {
		return nil
	}
	d := diag.Warnf(wbcatalog.Pos{File: "--bleed " + asked}, "",
		"reduced to fit %s paper: %s kept left and right of each card, %s top and bottom (%s asked)",
		o.Paper, mm(across), mm(along), mm(o.Bleed))
	if g.strict {
		d.Severity = diag.Error
	}
	diag.List{d}.Print(cmd.ErrOrStderr())
	if g.strict {
		return errReported
	}
	return nil
}

// mm writes a length in millimetres to the hundredth, without trailing
// zeros: "3 mm", "2.98 mm".
func mm(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) + " mm"
}
