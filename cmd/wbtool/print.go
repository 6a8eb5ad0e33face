package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/request"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

const printDoc = `Print writes print-and-play PDF card sheets under the output folder:

  print/cards-<lang>.pdf         every card (without --deck)
  print/decks/<deck>-<lang>.pdf  one deck, a copy of each card per deck list entry
  print/calibrate-<paper>.pdf    the duplex calibration sheet (--calibrate)
  print/maps/<scenario>-<paper>-<lang>.pdf  a scenario's map (--map): an
                                 overview page, then the board at play size
                                 tiled over pages with assembly marks
  print/rules-<lang>.pdf         the rulebook, an A4 reading copy (--rules)
  print/rules-<lang>-a5-booklet.pdf  the rulebook as an A5 booklet imposed on
                                 A4 (--rules): print double-sided, flipping
                                 on the short edge, fold and staple
  print/rules-<lang>-letter.pdf, print/rules-<lang>-half-letter-booklet.pdf
                                 the same on letter (--rules --paper letter)

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
  wbtool print --map salvage-field --hex-size 25mm --paper letter
  wbtool print --rules --lang fr`

func newPrintCmd(g *globalFlags) *cobra.Command {
	var f request.PrintFlags
	var rules bool
	cmd := &cobra.Command{
		Use:   "print",
		Short: "Write print-and-play PDF card sheets (all cards, one deck, or the duplex calibration sheet)",
		Long:  printDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			date, err := sourceDate()
			if err != nil {
				return err
			}
			if rules {
				return printRules(cmd, g, f, date)
			}
			req, err := request.Sheets(f, version, date)
			if err != nil {
				return err
			}
			if f.Calibrate {
				set, err := request.Calibration(f, req)
				return publishSheets(cmd, g, set, err)
			}
			note, warn, err := request.Bleed(f, req, g.strict)
			if err != nil {
				return err
			}
			if note != "" {
				fmt.Fprintln(cmd.ErrOrStderr(), note)
			}
			warn.Print(cmd.ErrOrStderr())
			if warn.HasErrors(false) {
				return errReported
			}
			res, err := runBuild(cmd, g, pipeline.Options{Stages: pipeline.PrintStages, CheckSite: true, Sheets: &req})
			if err != nil {
				return err
			}
			return publishSheets(cmd, g, request.PrintedSheets(res), nil)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.Deck, "deck", "", "print the deck with this `ID` (default: every card)")
	fl.StringVar(&f.Lang, "lang", "", "`LANG` of the sheets: en, fr or a language the content declares (default: every language it publishes)")
	fl.StringVar(&f.Paper, "paper", "a4", "`PAPER` size: a4 or letter")
	fl.StringVar(&f.Bleed, "bleed", "0", "background printed beyond each cut line, e.g. 3mm (0 to 3 mm; on every edge: fewer cards a sheet where the paper has no room for 3 × 3)")
	fl.StringVar(&f.BackOffset, "back-offset", "0,0", "shift of the back pages `X,Y` in mm, as measured with --calibrate")
	fl.BoolVar(&f.Calibrate, "calibrate", false, "write the duplex calibration sheet instead of cards")
	fl.StringVar(&f.Map, "map", "", "write the map of the scenario with this `ID` instead of cards")
	fl.StringVar(&f.HexSize, "hex-size", "", request.HexSizeUsage())
	fl.BoolVar(&rules, "rules", false, "write the rulebook (A4 reading copy and A5 booklet) instead of cards")
	addOutFlag(cmd, g)
	return cmd
}

// printRules writes the rulebooks (print --rules).
func printRules(cmd *cobra.Command, g *globalFlags, f request.PrintFlags, date time.Time) error {
	for _, name := range []string{"deck", "map", "hex-size", "calibrate", "bleed", "back-offset"} {
		if cmd.Flags().Changed(name) {
			return ruleset.Requestf("--rules prints the rulebook (a reading copy and a booklet): drop --%s", name)
		}
	}
	paper := strings.ToLower(f.Paper)
	if paper != "a4" && paper != "letter" {
		return ruleset.Requestf("--paper %q: want a4 or letter", f.Paper)
	}
	langs, err := request.Langs(f.Lang)
	if err != nil {
		return err
	}
	res, err := runBuild(cmd, g, pipeline.Options{Stages: pipeline.PrintStages, CheckSite: true, Version: version, Date: date, Rulebook: &pipeline.RulebookRequest{Langs: langs, Paper: paper}})
	if err != nil {
		return err
	}
	return publishSheets(cmd, g, request.PrintedSheets(res), nil)
}

// publishSheets adds the sheets made to the print folder and says so.
func publishSheets(cmd *cobra.Command, g *globalFlags, set ruleset.SheetSet, err error) error {
	if err != nil {
		return err
	}
	dir, err := openOut(g)
	if err != nil {
		return err
	}
	return request.PublishSheets(cmd.OutOrStdout(), dir, g.out, set)
}
