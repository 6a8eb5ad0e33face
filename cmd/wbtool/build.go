package main

import (
	"os"
	"time"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/request"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

const buildDoc = `Build runs every check validate runs, then writes every output under the
output folder (dist/ by default):

  dist/data/catalog.json        the engine data: the whole catalog as versioned JSON
  dist/print/cards-<lang>.pdf   print-and-play sheets of every card, English and French
  dist/print/decks/<deck>-<lang>.pdf   the sheets of each content deck
  dist/print/maps/<scenario>-<paper>-<lang>.pdf  each scenario's map (--hex-size)
  dist/site/index.html          the bilingual site: rules, card database, decks, glossary
  dist/export/...               with --export: card images per print profile
                                (export/png/<profile>/<lang>/) and Tabletop
                                Simulator decks (export/tts/<lang>/), as
                                wbtool export writes them

Nothing is written when the content has errors, and the output folders are
swapped in together, so a failed or interrupted build leaves the previous
outputs intact. wbtool replaces only the folders it wrote (it keeps a record
in dist/.wbtool/): it refuses to replace a data, print or site folder that
holds anything else, a symbolic link, or an output folder that overlaps the
content folder.
Builds are deterministic: the same content gives byte-identical files.

--since REV (or "errataSince" in the content's set entry) compares the
content with an earlier version — a git revision of the repository that
holds the content folder, or a folder — and adds the errata: a page of the
site listing what changed since then (site/<lang>/errata/), each changed
card's history on its page (version by version, through the git tags
between REV and now), and reprint sheets holding only the cards
whose print changed, per language (print/reprint-<lang>.pdf). In a git
repository, "wbtool build --since v0.1" gives the errata since tag v0.1.

Examples:
  wbtool build                       # ./content (or the starter content) into dist/
  wbtool build --content ~/my-cards --out public
  wbtool build --draft               # missing translations show a placeholder
  wbtool build --hex-size 25mm       # smaller scenario maps (default 30 mm hexes)
  wbtool build --export tgc,tts      # also card images and TTS decks`

func newBuildCmd(g *globalFlags) *cobra.Command {
	var baseURL, since, hexSize, ttsBase string
	var exports []string
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Validate the content and write engine data, card sheets and the site to dist/",
		Long:  buildDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkBaseURL("--base-url", baseURL); err != nil {
				return err
			}
			if err := checkBaseURL("--tts-base-url", ttsBase); err != nil {
				return err
			}
			out, err := openOut(g)
			if err != nil {
				return err
			}
			date, err := sourceDate()
			if err != nil {
				return err
			}
			hex, err := request.HexSize(hexSize)
			if err != nil {
				return err
			}
			if ttsBase == "" && baseURL != "" {
				// the site holds a copy of export/tts: the decks link
				// their images there, not at this machine's disk
				ttsBase = site.BaseURL(baseURL) + pipeline.ExportDir + "/" + pipeline.TTSDir
			}
			base, err := ttsBaseURL(g, "--tts-base-url", ttsBase)
			if err != nil {
				return err
			}
			ex, err := request.Build(exports, base)
			if err != nil {
				return err
			}
			// the outputs are written into a fresh output folder's stage
			// while the build still draws them; Publish takes them over
			pre := out.Prestage(pipeline.DataDir, pipeline.PrintDir, pipeline.SiteDir)
			defer pre.Abort()
			res, err := runBuild(cmd, g, pipeline.Options{BaseURL: baseURL, Date: date, Since: since, Exports: ex, Emit: pre.Take,
				Game: ruleset.GameOptions{HexSize: hex}})
			if err != nil {
				return err
			}
			updates := res.Updates()
			if _, err := out.Publish(updates...); err != nil {
				return err
			}
			for _, u := range updates {
				say(cmd, g, "wrote %s/%s (%s)", g.out, u.Dir, diag.Plural(len(u.Files), "file"))
			}
			return nil
		},
	}
	addOutFlag(cmd, g)
	addFormatFlag(cmd, g)
	cmd.Flags().StringVar(&baseURL, "base-url", "", "absolute http:// or https:// `URL` the site will be published at (sitemap.xml, robots.txt, canonical, hreflang and Open Graph links; without it no sitemap)")
	cmd.Flags().StringVar(&since, "since", "", "add the errata and reprint sheets since `REV` (a git revision or a folder)")
	cmd.Flags().StringVar(&hexSize, "hex-size", "", request.HexSizeUsage())
	cmd.Flags().StringSliceVar(&exports, "export", nil, "also write these exports, comma-separated: tts (Tabletop Simulator decks, linked from the site's deck pages) and print profiles ("+request.ProfileNames()+") for card images")
	cmd.Flags().StringVar(&ttsBase, "tts-base-url", "", "http:// or https:// `URL` where export/tts is published, for --export tts (default: the site's copy at --base-url, else file:/// URLs of the output folder; the site's copy never links this machine's disk)")
	return cmd
}

func addOutFlag(cmd *cobra.Command, g *globalFlags) {
	cmd.Flags().StringVar(&g.out, "out", "dist", "output `DIR`; wbtool writes nowhere else")
}

// sourceDate is the date printed in PDFs: SOURCE_DATE_EPOCH, or a fixed
// date, so that builds are reproducible.
func sourceDate() (time.Time, error) {
	date, err := render.SourceDateEpoch(os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		return date, usagef("%v", err)
	}
	return date, nil
}
