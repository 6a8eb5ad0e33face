package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	buildws "wbtool.dev/wbtool/games/warstuff"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	wsmatch "wbtool.dev/wbtool/games/warstuff/wsmatch"
	"wbtool.dev/wbtool/pipeline"
)

// loadGame loads the content: Warbound's catalog, or a Warstuff tree's.
func loadGame(cmd *cobra.Command, g *globalFlags) (*wbcatalog.Catalog, *ws.Catalog, error) {
	res, err := runBuild(cmd, g, pipeline.Options{Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		return nil, nil, err
	}
	if c, ok := res.Content.(*buildws.Content); ok {
		return nil, c.Catalog, nil
	}
	return warbound.Of(res).Catalog, nil, nil
}

// wsOptions are the flags of a Warstuff play or sim.
type wsOptions struct {
	scenario, decks, horde, bot string
	variants                    []string
}

// wsMatch resolves the flags against a Warstuff catalog; options the
// content or the rules refuse are usage errors.
func wsMatch(cat *ws.Catalog, o wsOptions) (*wsmatch.Match, error) {
	mo := wsmatch.Options{Scenario: o.scenario, Horde: o.horde, Bot: o.bot, Variants: o.variants}
	if o.decks != "" {
		mo.Bands = strings.Split(o.decks, ",")
	}
	m, err := wsmatch.New(cat, mo)
	var oe *wsmatch.OptionError
	if errors.As(err, &oe) {
		return nil, usagef("%v", err)
	}
	return m, err
}

// playWarstuff is `wbtool play` on a Warstuff tree.
func playWarstuff(cmd *cobra.Command, cat *ws.Catalog, o wsOptions, seed uint64, logFile, replay string, quiet bool) error {
	out := cmd.OutOrStdout()
	if replay != "" {
		data, err := readArgFile(replay)
		if err != nil {
			return err
		}
		l, warning, err := wsmatch.ReplayLog(cat, data)
		if warning != "" {
			printLine(cmd.ErrOrStderr(), "warning: %s was %s", replay, warning)
		}
		if err != nil {
			return fileError(replay, err)
		}
		printLine(out, "%s: replayed %s, identical", replay, diag.Plural(len(l.Steps), "step"))
		return nil
	}
	m, err := wsMatch(cat, o)
	if err != nil {
		return err
	}
	r, l, err := m.Play(seed, true)
	if err != nil {
		return err
	}
	if err := writeLogOf(logFile, l); err != nil {
		return err
	}
	if !quiet {
		l.Account(out)
	}
	for _, line := range m.Report(seed, r, l.Header) {
		fmt.Fprintln(out, line)
	}
	return nil
}

// simWarstuff is `wbtool sim` on a Warstuff tree.
func simWarstuff(cmd *cobra.Command, cat *ws.Catalog, o wsOptions, games int, seed uint64) error {
	m, err := wsMatch(cat, o)
	if err != nil {
		return err
	}
	st, err := m.Sim(games, seed)
	if err != nil {
		return err
	}
	m.Write(cmd.OutOrStdout(), st, rate) // with 95 % Wilson intervals, as Warbound's
	seatAlert(cmd.OutOrStdout(), st.Seat[0], st.Seat[1])
	return nil
}

// warstuffOnly refuses the Warstuff flags on a Warbound tree, which
// would otherwise be ignored.
func warstuffOnly(cmd *cobra.Command) error {
	for _, f := range []string{"horde", "variant"} {
		if cmd.Flags().Changed(f) {
			return usagef("--%s: a Warstuff invasion option; this tree is Warbound's (give --content content/warstuff)", f)
		}
	}
	return nil
}

// wsVariantUsage is the help of play's and sim's --variant.
const wsVariantUsage = "Warstuff invasion: variants (WS-VAR) `V,…`: " + wsmatch.VariantUsage
