package main

import (
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/schema"
)

const deckCheckDoc = `Check reports whether a deck is legal under the deck-building rules
R-DECK-1..7: its size, its Leaders and Upgrades, one card per name, and
every attachment (one Equipment and one Formation per Character, gear
icons, faction-specific Upgrades).

DECK is a deck id of the content, or a .cue file holding one or more decks
(` + "`decks: my-deck: {...}`" + `), checked against the content's cards.

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

func runDeckCheck(cmd *cobra.Command, g *globalFlags, arg string) error {
	var ids []string
	opts := *g
	var extra []schema.File
	if strings.HasSuffix(arg, ".cue") {
		src, err := readArgFile(arg)
		if err != nil {
			return usagef("deck file: %v", err)
		}
		extra = append(extra, schema.File{Name: arg, Src: src})
	} else {
		ids = []string{arg}
	}
	cat, err := loadCatalog(cmd, &opts, extra...)
	if err != nil {
		return err
	}
	if ids == nil {
		for _, d := range cat.Decks {
			if d.Pos.File == arg {
				ids = append(ids, d.ID)
			}
		}
		if len(ids) == 0 {
			return usagef("%s declares no deck: expected `decks: my-deck: {...}`", arg)
		}
	}
	for _, id := range ids {
		d := cat.Deck(id)
		if d == nil {
			return usagef("unknown deck %q: the content has %s", id, deckList(cat))
		}
		// The loader already refused illegal decks, so d is legal here.
		counts := map[catalog.Kind]int{}
		for _, c := range d.Cards {
			counts[cat.KindOf(c)]++
		}
		say(cmd, g, "%s: deck %s (%s) is legal: %s: %s, %s, %s",
			d.Pos, d.ID, d.Format, diag.Plural(len(d.Cards), "card"), diag.Plural(counts[catalog.KindLeader], "Leader"),
			diag.Plural(counts[catalog.KindCharacter], "Character"),
			diag.Plural(counts[catalog.KindEquipment]+counts[catalog.KindFormation]+counts[catalog.KindVocation], "Upgrade"))
	}
	return nil
}

func deckList(cat *catalog.Catalog) string {
	var ids []string
	for _, d := range cat.Decks {
		ids = append(ids, d.ID)
	}
	if len(ids) == 0 {
		return "no decks"
	}
	return "decks " + strings.Join(ids, ", ")
}
