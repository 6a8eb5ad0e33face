package main

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/export"
	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
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

type exportFlags struct {
	deck, lang, profile, baseURL string
	force                        bool
}

func newExportPNGCmd(g *globalFlags) *cobra.Command {
	var f exportFlags
	var names []string
	for _, p := range render.Profiles() {
		names = append(names, fmt.Sprintf("  %-4s %s: %d x %d px at %g dpi, bleed %g px, safe zone %g px from the edge", p.Name, p.Title, p.W, p.H, p.DPI, p.Bleed, p.Safe))
	}
	cmd := &cobra.Command{
		Use:   "png",
		Short: "Write one PNG per card face for a print-on-demand service, after a safe-zone preflight",
		Long: `Export png writes one RGB PNG per card face, named
export/png/<profile>/<lang>/<card>-<lang>-<front|back>.png, at the size and
resolution (written in the PNG) of a print profile:

` + strings.Join(names, "\n") + `

Cards are drawn at true size, centred on the service's cut; the bleed
repeats the card's own. Nothing is written when a text or an icon reaches
outside the profile's safe zone (exit 1); --force writes anyway and reports
those as warnings.

Examples:
  wbtool export png --profile tgc --deck raiders-strike --force
  wbtool export png --profile mpc --deck raiders-strike --lang fr --force`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, ok := render.ProfileNamed(f.profile)
			if !ok {
				return usagef("--profile %q: want one of %s", f.profile, profileNames())
			}
			langs, err := exportLangs(f.lang)
			if err != nil {
				return err
			}
			if err := contentLacks(cmd.CommandPath(), ruleset.CapExports, g); err != nil {
				return err
			}
			res, err := runBuild(cmd, g, pipeline.Options{Stages: pipeline.Verdict, CheckSite: true})
			if err != nil {
				return err
			}
			cat := warbound.Of(res).Catalog
			o := export.PNGOptions{Profile: p, Langs: langs, Force: f.force}
			if f.deck != "" {
				d, err := exportDeck(cat, f.deck)
				if err != nil {
					return err
				}
				o.Cards = append(append([]string{}, d.Cards...), render.DeckReferences(cat, d)...)
			}
			files, problems, err := export.PNG(cmd.Context(), cat, o)
			if err != nil {
				return err
			}
			if err := reportProblems(cmd, g, problems); err != nil {
				return err
			}
			// exporting every card replaces the images written before
			var replace []string
			for _, l := range langs {
				if f.deck == "" {
					replace = append(replace, pipeline.CardPNGFolder(p.Name, l))
				}
			}
			return publishExport(cmd, g, files, replace, fmt.Sprintf("%d card images (%s)", len(files), p.Title), "png/"+p.Name)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.profile, "profile", "tgc", "print `PROFILE`: "+profileNames())
	fl.StringVar(&f.deck, "deck", "", "export the cards of the deck with this `ID` (default: every card)")
	fl.StringVar(&f.lang, "lang", "", "`LANG`: en or fr (default: both)")
	fl.BoolVar(&f.force, "force", false, "write the images even when text or icons leave the safe zone")
	addOutFlag(cmd, g)
	return cmd
}

func newExportTTSCmd(g *globalFlags) *cobra.Command {
	var f exportFlags
	cmd := &cobra.Command{
		Use:   "tts",
		Short: "Write Tabletop Simulator saved objects: one per deck and language, with card sheets",
		Long: `Export tts writes, for each language, a folder export/tts/<lang>/ holding one
Tabletop Simulator saved object per content deck (<deck>.json: the deck's
cards, its Leaders and its Reference cards as separate decks) and per
Objective deck (objectives-<format>.json), with its card sheets (at most
10 x 7 cards and 4096 x 4096 px each), backs and a thumbnail. Copy the folder
into TTS's "Saved Objects" folder and each deck appears there.

Images are linked as file:/// URLs of the output folder, which only this
computer can load; publish export/tts somewhere and pass its URL with
--base-url so that other players see the cards.

Examples:
  wbtool export tts
  wbtool export tts --deck raiders-strike --lang en
  wbtool export tts --base-url https://example.org/warbound/tts`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			langs, err := exportLangs(f.lang)
			if err != nil {
				return err
			}
			base, err := ttsBaseURL(g, "--base-url", f.baseURL)
			if err != nil {
				return err
			}
			if err := contentLacks(cmd.CommandPath(), ruleset.CapExports, g); err != nil {
				return err
			}
			res, err := runBuild(cmd, g, pipeline.Options{Stages: pipeline.Verdict, CheckSite: true})
			if err != nil {
				return err
			}
			cat := warbound.Of(res).Catalog
			o := export.TTSOptions{Langs: langs, BaseURL: base}
			if f.deck != "" {
				if _, err := exportDeck(cat, f.deck); err != nil {
					return err
				}
				o.Decks = []string{f.deck}
			}
			files, err := export.TTS(cmd.Context(), cat, o)
			if err != nil {
				return err
			}
			var replace []string
			for _, l := range langs {
				if f.deck == "" {
					replace = append(replace, pipeline.TTSFolder(l))
				}
			}
			return publishExport(cmd, g, files, replace, diag.Plural(len(files), "file"), "tts")
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.deck, "deck", "", "export the deck with this `ID` only (default: every deck and the Objective decks)")
	fl.StringVar(&f.lang, "lang", "", "`LANG`: en or fr (default: both)")
	fl.StringVar(&f.baseURL, "base-url", "", "http:// or https:// `URL` where export/tts is published (default: file:/// URLs of the output folder)")
	addOutFlag(cmd, g)
	return cmd
}

// ttsBaseURL is the address the TTS images are linked at: the URL given
// with flag, or file:/// URLs of the output folder.
func ttsBaseURL(g *globalFlags, flag, base string) (string, error) {
	if base == "" {
		abs, err := filepath.Abs(filepath.Join(g.out, filepath.FromSlash(pipeline.ExportDir+"/tts")))
		if err != nil {
			return "", err
		}
		return "file:///" + strings.TrimPrefix(filepath.ToSlash(abs), "/"), nil
	}
	if err := checkBaseURL(flag, base); err != nil {
		return "", err
	}
	return base, nil
}

// buildExports are the exports `build --export` names: print profiles
// (card images) and "tts", made in the build's pipeline.
func buildExports(g *globalFlags, names []string, baseURL string) (*warbound.Exports, error) {
	if len(names) == 0 {
		return nil, nil
	}
	var profiles []render.Profile
	tts := false
	for _, n := range names {
		if n == "tts" {
			tts = true
			continue
		}
		p, ok := render.ProfileNamed(n)
		if !ok {
			return nil, usagef("--export %q: want tts or a print profile (%s)", n, profileNames())
		}
		profiles = append(profiles, p)
	}
	base, err := ttsBaseURL(g, "--tts-base-url", baseURL)
	if err != nil {
		return nil, err
	}
	e := &warbound.Exports{TTS: tts}
	for _, l := range wbcatalog.Langs {
		for _, p := range profiles {
			e.Replace = append(e.Replace, pipeline.CardPNGFolder(p.Name, l))
		}
		if tts {
			e.Replace = append(e.Replace, pipeline.TTSFolder(l))
		}
	}
	e.Run = func(ctx context.Context, cat *wbcatalog.Catalog) (dist.Files, diag.List, error) {
		out := dist.Files{}
		var problems diag.List
		for _, p := range profiles {
			files, pr, err := export.PNG(ctx, cat, export.PNGOptions{Profile: p})
			if err != nil {
				return nil, nil, err
			}
			maps.Copy(out, files)
			problems = append(problems, pr...)
		}
		if tts {
			files, err := export.TTS(ctx, cat, export.TTSOptions{BaseURL: base})
			if err != nil {
				return nil, nil, err
			}
			maps.Copy(out, files)
		}
		return out, problems, nil
	}
	return e, nil
}

func profileNames() string {
	var names []string
	for _, p := range render.Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

func exportLangs(lang string) ([]wbcatalog.Lang, error) {
	switch lang {
	case "":
		return wbcatalog.Langs, nil
	case "en", "fr":
		return []wbcatalog.Lang{wbcatalog.Lang(lang)}, nil
	}
	return nil, usagef("--lang %q: want en or fr", lang)
}

func exportDeck(cat *wbcatalog.Catalog, id string) (*wbcatalog.Deck, error) {
	if d := cat.Deck(id); d != nil {
		return d, nil
	}
	var ids []string
	for _, d := range cat.Decks {
		ids = append(ids, d.ID)
	}
	return nil, usagef("--deck %q: no such deck (decks: %s)", id, strings.Join(ids, ", "))
}

// reportProblems prints the preflight's problems; errors (or warnings
// under --strict) stop the export.
func reportProblems(cmd *cobra.Command, g *globalFlags, problems diag.List) error {
	if len(problems) == 0 {
		return nil
	}
	problems.Print(cmd.ErrOrStderr())
	if problems.HasErrors(g.strict) {
		fmt.Fprintln(cmd.ErrOrStderr(), problems.Summary())
		return errReported
	}
	return nil
}

// publishExport adds files to the export folder, keeping its other files
// except, under the folders replace (plan paths), those wbtool wrote
// before and no longer makes.
func publishExport(cmd *cobra.Command, g *globalFlags, files dist.Files, replace []string, what, under string) error {
	dir, err := openOut(g)
	if err != nil {
		return err
	}
	u := dist.Update{Dir: pipeline.ExportDir, Files: files, Keep: true}
	for _, p := range replace {
		_, rel := pipeline.InDir(p)
		u.Replace = append(u.Replace, rel)
	}
	if _, err := dir.Publish(u); err != nil {
		return err
	}
	size := 0
	for _, b := range files {
		size += len(b)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "wrote %s under %s/%s/%s (%d KB)\n", what, g.out, pipeline.ExportDir, under, (size+1023)/1024)
	return nil
}
