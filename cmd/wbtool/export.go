package main

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/export"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/request"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

func newExportCmd(g *globalFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write card images for print-on-demand services (png) and Tabletop Simulator decks (tts)",
		Args:  noArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newExportPNGCmd(g), newExportTTSCmd(g))
	return cmd
}

func newExportPNGCmd(g *globalFlags) *cobra.Command {
	var f request.ExportFlags
	cmd := &cobra.Command{
		Use:   "png",
		Short: "Write one PNG per card face for a print-on-demand service, after a safe-zone preflight",
		Long: `Export png writes one RGB PNG per card face, named
export/png/<profile>/<lang>/<card>-<lang>-<front|back>.png, at the size and
resolution (written in the PNG) of a print profile:

` + request.ProfileHelp() + `

Cards are drawn at true size, centred on the service's cut; the bleed
repeats the card's own. Nothing is written when a text or an icon reaches
outside the profile's safe zone (exit 1); --force writes anyway and reports
those as warnings. On a Warstuff tree the cards are the profile cards, and
--deck names a band.

Examples:
  wbtool export png --profile tgc --deck raiders-strike --force
  wbtool export png --profile mpc --deck raiders-strike --lang fr --force`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			req, p, err := request.PNG(f)
			if err != nil {
				return err
			}
			return runExport(cmd, g, req, func(n int) string { return diag.Plural(n, "card image") + " (" + p.Title + ")" }, "png/"+p.Name)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.Profile, "profile", "tgc", "print `PROFILE`: "+request.ProfileNames())
	fl.StringVar(&f.Deck, "deck", "", "export the cards of the deck (or band) with this `ID` (default: every card)")
	fl.StringVar(&f.Lang, "lang", "", "`LANG`: en, fr or a language the content declares (default: every language it publishes)")
	fl.BoolVar(&f.Force, "force", false, "write the images even when text or icons leave the safe zone")
	addOutFlag(cmd, g)
	return cmd
}

func newExportTTSCmd(g *globalFlags) *cobra.Command {
	var f request.ExportFlags
	var baseURL string
	cmd := &cobra.Command{
		Use:   "tts",
		Short: "Write Tabletop Simulator saved objects: one per deck and language, with card sheets",
		Long: `Export tts writes, for each language, a folder export/tts/<lang>/ holding one
Tabletop Simulator saved object per content deck (<deck>.json: the deck's
cards, its Leaders and its Reference cards as separate decks) and per
Objective deck (objectives-<format>.json), with its card sheets (at most
10 x 7 cards and 4096 x 4096 px each), backs and a thumbnail. On a Warstuff
tree there is one saved object per band (<band>.json: its profile cards).
Copy the folder into TTS's "Saved Objects" folder and each deck appears
there.

Images are linked as file:/// URLs of the output folder, which only this
computer can load; publish export/tts somewhere and pass its URL with
--base-url so that other players see the cards.

Examples:
  wbtool export tts
  wbtool export tts --deck raiders-strike --lang en
  wbtool export tts --base-url https://example.org/warbound/tts`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			base, err := ttsBaseURL(g, "--base-url", baseURL)
			if err != nil {
				return err
			}
			req, err := request.TTS(f, base)
			if err != nil {
				return err
			}
			return runExport(cmd, g, req, func(n int) string { return diag.Plural(n, "file") }, pipeline.TTSDir)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.Deck, "deck", "", "export the deck (or band) with this `ID` only (default: every deck and the Objective decks)")
	fl.StringVar(&f.Lang, "lang", "", "`LANG`: en, fr or a language the content declares (default: every language it publishes)")
	fl.StringVar(&baseURL, "base-url", "", "http:// or https:// `URL` where export/tts is published (default: file:/// URLs of the output folder)")
	addOutFlag(cmd, g)
	return cmd
}

// runExport runs the verdict and the export stage for req, and publishes
// what it made under the export folder's folder under.
func runExport(cmd *cobra.Command, g *globalFlags, req ruleset.ExportRequest, what func(n int) string, under string) error {
	res, err := runBuild(cmd, g, pipeline.Options{Stages: pipeline.ExportStages, CheckSite: true, Exports: &req})
	if err != nil {
		return err
	}
	dir, err := openOut(g)
	if err != nil {
		return err
	}
	return request.PublishExports(cmd.OutOrStdout(), dir, g.out, res, what, under)
}

// ttsBaseURL is the address the TTS images are linked at: the URL given
// with flag, or file:/// URLs of the output folder.
func ttsBaseURL(g *globalFlags, flag, base string) (string, error) {
	if base == "" {
		abs, err := filepath.Abs(filepath.Join(g.out, filepath.FromSlash(pipeline.ExportDir+"/"+pipeline.TTSDir)))
		if err != nil {
			return "", err
		}
		return export.FileURL(abs), nil
	}
	if err := checkBaseURL(flag, base); err != nil {
		return "", err
	}
	return base, nil
}
