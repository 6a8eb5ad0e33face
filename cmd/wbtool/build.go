package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

const buildDoc = `Build validates the content and writes every output under the output folder
(dist/ by default):

  dist/data/catalog.json        the engine data: the whole catalog as versioned JSON
  dist/print/cards-<lang>.pdf   print-and-play sheets of every card, English and French
  dist/print/decks/<deck>-<lang>.pdf   the sheets of each content deck
  dist/site/index.html          the bilingual site: rules, card database, decks, glossary

Nothing is written when the content has errors, and the output folders are
swapped in together, so a failed or interrupted build leaves the previous
outputs intact. wbtool replaces only the folders it wrote (it keeps a record
in dist/.wbtool/): it refuses to replace a data, print or site folder that
holds anything else, a symbolic link, or an output folder that overlaps the
content folder.
Builds are deterministic: the same content gives byte-identical files.

Examples:
  wbtool build                       # embedded starter content into dist/
  wbtool build --content ~/my-cards --out /tmp/out
  wbtool build --draft               # missing translations show a placeholder`

func newBuildCmd(g *globalFlags) *cobra.Command {
	var baseURL string
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Validate the content and write engine data, card sheets and the site to dist/",
		Long:  buildDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := openOut(g)
			if err != nil {
				return err
			}
			cat, err := loadCatalog(cmd, g)
			if err != nil {
				return err
			}
			outputs, err := buildOutputs(cat, baseURL)
			if err != nil {
				var ue usageError
				if errors.As(err, &ue) {
					return err
				}
				// Card texts that do not fit, unknown icons or card
				// references: content errors, one per line.
				fmt.Fprintln(cmd.ErrOrStderr(), err)
				return errReported
			}
			var updates []dist.Update
			for _, o := range outputs {
				updates = append(updates, dist.Update{Dir: o.dir, Files: o.files})
			}
			if _, err := out.Publish(updates...); err != nil {
				return err
			}
			for _, o := range outputs {
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %s/%s (%d files)\n", g.out, o.dir, len(o.files))
			}
			return nil
		},
	}
	addOutFlag(cmd, g)
	cmd.Flags().StringVar(&baseURL, "base-url", "", "absolute `URL` the site will be published at (used in sitemap.xml)")
	return cmd
}

func addOutFlag(cmd *cobra.Command, g *globalFlags) {
	cmd.Flags().StringVar(&g.out, "out", "dist", "output `DIR`; wbtool writes nowhere else")
}

// output is one output folder of a build, relative to --out.
type output struct {
	dir   string
	files dist.Files
}

// buildOutputs computes every output in memory; nothing is written until
// all of them succeeded.
func buildOutputs(cat *catalog.Catalog, baseURL string) ([]output, error) {
	data, err := cat.JSON()
	if err != nil {
		return nil, err
	}
	date, err := render.SourceDateEpoch(os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		return nil, usagef("%v", err)
	}
	sheets, err := render.BuildSheets(cat, render.BuildOptions{Version: version, Date: date})
	if err != nil {
		return nil, err
	}
	opts := siteOptions()
	opts.BaseURL = baseURL
	pages, err := site.Build(cat, opts)
	if err != nil {
		return nil, err
	}
	return []output{
		{"data", dist.Files{"catalog.json": data}},
		{"print", subtree(sheets, "print/")},
		{"site", dist.Files(pages)},
	}, nil
}

// subtree keeps the files under prefix, relative to it.
func subtree(files map[string][]byte, prefix string) dist.Files {
	out := dist.Files{}
	for rel, b := range files {
		if r, ok := strings.CutPrefix(rel, prefix); ok {
			out[r] = b
		}
	}
	return out
}
