package main

import (
	"errors"
	"fmt"
	"strings"
	"wbtool.dev/wbtool/build/warbound"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/build"
	buildws "wbtool.dev/wbtool/build/warstuff"
	"wbtool.dev/wbtool/catalog"
	ws "wbtool.dev/wbtool/catalog/warstuff"
	"wbtool.dev/wbtool/diag"
	engws "wbtool.dev/wbtool/engine/warstuff"
	wsmatch "wbtool.dev/wbtool/engine/warstuff/match"
)

// loadGame loads the content: Warbound's catalog, or a Warstuff tree's.
func loadGame(cmd *cobra.Command, g *globalFlags) (*catalog.Catalog, *ws.Catalog, error) {
	res, err := runBuild(cmd, g, build.Options{Stages: []build.Stage{build.Load}})
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
		l, err := engws.ReadLog(data)
		if err == nil {
			if h, _ := wsmatch.ContentHash(cat); l.Header.Content != "" && l.Header.Content != h {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s was played with content %s, this content is %s\n", replay, l.Header.Content, h)
			}
			err = wsmatch.Replay(cat, l)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", replay, err)
		}
		fmt.Fprintf(out, "%s: replayed %s, identical\n", replay, diag.Plural(len(l.Steps), "step"))
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
	h := l.Header
	if len(h.Seats) > 0 {
		seats := make([]string, len(h.Seats))
		for i, s := range m.Sides() {
			seats[i] = s + " " + h.Seats[i]
		}
		fmt.Fprintf(out, "seats rolled (WS-BIG-5): %s\n", strings.Join(seats, ", "))
	}
	on := h.Scenario
	if len(h.Variants) > 0 {
		on += " (" + strings.Join(h.Variants, ", ") + ")"
	}
	fmt.Fprintf(out, "%s on %s, seed %d: %s (%s VP, %d turns, %s)\n", m.Title(), on, seed,
		m.Describe(r), m.VP(r), r.Turns, diag.Plural(r.Steps, "decision"))
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
	if a, ok := balance.SeatAlert(balance.NewRate(st.Seat[0], st.Seat[0]+st.Seat[1]), balance.DefaultThresholds); ok {
		fmt.Fprintf(cmd.OutOrStdout(), "alert: %s\n", a.Text)
	}
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

// isWarstuffLog reports whether data is a Warstuff game log.
func isWarstuffLog(data []byte) bool {
	_, err := engws.ReadLog(data)
	return err == nil
}

// wsVariantUsage is the help of play's and sim's --variant.
const wsVariantUsage = "Warstuff invasion: variants (WS-VAR) `V,…`: " + wsmatch.VariantUsage
