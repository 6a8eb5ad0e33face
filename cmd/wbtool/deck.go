package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

const deckCheckDoc = `Check reports whether a deck is legal under the deck-building rules
R-DECK-1..7: its size, its Leaders and Upgrades, one card per name, and
every attachment (one Equipment and one Formation per Character, gear
icons, faction-specific Upgrades).

DECK is a deck id of the content, or a .cue file holding one or more decks
(` + "`decks: my-deck: {...}`" + `), checked against the content's cards.

On a Warstuff tree DECK is a band (` + "`bands: my-band: {...}`" + `), checked
against its format's points and figure count (WS-BUILD-58, WS-BIG-1):
` + "`wbtool deck check vanguard --content games/warstuff/starter`" + `.
An illegal deck or band is reported at its place, exit status 1.

Examples:
  wbtool deck check raiders-strike
  wbtool deck check ./my-deck.cue --content ~/my-cards`

func newDeckCmd(g *globalFlags) *cobra.Command {
	deck := &cobra.Command{
		Use:   "deck",
		Short: "Work with decks",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	check := &cobra.Command{
		Use:   "check DECK",
		Short: "Report whether a deck (an id or a deck file) is legal",
		Long:  deckCheckDoc,
		Args:  exactArgs(1, "one deck id or deck file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDeckCheck(cmd, g, args[0])
		},
	}
	addFormatFlag(check, g)
	deck.AddCommand(check)
	return deck
}

// runDeckCheck checks a deck (a band on Warstuff) through the game's
// deck checker (ruleset.DeckChecker): a deck of the content by id, or
// every deck a deck file declares, loaded with the content. An illegal
// deck is a content error (exit 1): the load refuses it at its place.
func runDeckCheck(cmd *cobra.Command, g *globalFlags, arg string) error {
	var ids []string
	var extra []schema.File
	file := ""
	if strings.HasSuffix(arg, ".cue") {
		src, err := readArgFile(arg)
		if err != nil {
			return usagef("deck file: %v", err)
		}
		extra = append(extra, schema.File{Name: arg, Src: src})
		file = arg
	} else {
		ids = []string{arg}
	}
	res, err := runBuild(cmd, g, pipeline.Options{Stages: []pipeline.Stage{pipeline.Load}, Extra: extra})
	if err != nil {
		return err
	}
	decks, ok := res.Content.(ruleset.DeckChecker)
	if !ok {
		return ruleset.Missing(cmd.CommandPath(), res.Game, ruleset.CapDecks)
	}
	noun, section := decks.DeckNoun()
	if ids == nil {
		if ids = decks.DeckIDs(file); len(ids) == 0 {
			return usagef("%s declares no %s: expected `%s: my-%[2]s: {...}`", arg, noun, section)
		}
	}
	var problems diag.List
	for _, id := range ids {
		r, ok := decks.CheckDeck(id)
		if !ok {
			return usagef("unknown %s %q: the content has %s", noun, id, deckList(section, decks.DeckIDs("")))
		}
		if len(r.Problems) > 0 {
			problems = append(problems, r.Problems...)
			continue
		}
		say(cmd, g, "%s: %s", r.Pos, r.Legal)
	}
	if len(problems) > 0 {
		e := cmd.ErrOrStderr()
		printDiagnostics(e, g, problems, nil)
		fmt.Fprintln(e, problems.Summary())
		return errReported
	}
	return nil
}

// deckList names the content's decks (many: "armies") for an unknown
// deck's message.
func deckList(many string, ids []string) string {
	if len(ids) == 0 {
		return "no " + many
	}
	return many + " " + strings.Join(ids, ", ")
}
