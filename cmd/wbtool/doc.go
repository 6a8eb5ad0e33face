package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema/designref"
)

const docDoc = `Doc prints the reference for designers of the content's game, made from
the game's schema: without NAME, the list of pages; with NAME, one page.
A page of a kind of entry (character, skill, scenario…; the section's name,
characters, works too) lists every field with its type, range, default,
what the schema says of it and an example taken from the game's starter.
The definitions the fields use have pages too (Warbound's effect, trigger,
condition and op are the effect vocabulary), and so has the card markup
with its icons (markup). Plain text, wrapped at --width columns.

The game is the content tree's (found from the current folder upward, or
--content), or --game.

Examples:
  wbtool doc                    # the list of pages
  wbtool doc character          # every field of a Character
  wbtool doc effect             # what a skill's effect is made of
  wbtool doc --game warstuff profile`

func newDocCmd(g *globalFlags) *cobra.Command {
	var game string
	width := 80
	cmd := &cobra.Command{
		Use:   "doc [NAME]",
		Short: "Print the reference for designers: every field of every kind, the effect vocabulary, the markup",
		Long:  docDoc,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("%s takes one page name at most, got %q", cmd.CommandPath(), args)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if width < 40 {
				return usagef("--width %d: at least 40 columns", width)
			}
			ref, err := reference(g, game)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				fmt.Fprint(out, ref.Index(width))
				return nil
			}
			d, note, ok := ref.Page(args[0])
			if !ok {
				return usagef("no page %q in the %s reference%s (wbtool doc lists them)", args[0], ref.Game, suggest.Hint(args[0], ref.Names()))
			}
			fmt.Fprint(out, ref.Text(d, note, width))
			return nil
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "the game whose reference to print (default: the content tree's)")
	cmd.Flags().IntVar(&width, "width", width, "wrap the text at `N` columns")
	return cmd
}

// reference is the reference for designers of game, or of the content
// tree's game (named on the error stream, as every content command does).
func reference(g *globalFlags, game string) (*designref.Reference, error) {
	if game == "" {
		fsys, root, err := contentSource(g)
		if err != nil {
			return nil, err
		}
		if game, _, err = ruleset.GameOf(fsys, root); err != nil {
			game = ruleset.DefaultGame
		}
	}
	rs, ok := ruleset.Lookup(game)
	if !ok {
		return nil, usagef("--game %q: expected %s", game, diag.OrList(ruleset.Games()))
	}
	r, ok := rs.(ruleset.Reference)
	if !ok {
		return nil, ruleset.Missing("wbtool doc", game, ruleset.CapReference)
	}
	ref, err := r.Reference()
	if err != nil {
		return nil, fmt.Errorf("the %s reference: %w", ruleset.Title(game), err)
	}
	return ref, nil
}
