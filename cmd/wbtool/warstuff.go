package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/build"
	buildws "wbtool.dev/wbtool/build/warstuff"
	"wbtool.dev/wbtool/catalog"
	ws "wbtool.dev/wbtool/catalog/warstuff"
	"wbtool.dev/wbtool/diag"
	engws "wbtool.dev/wbtool/engine/warstuff"
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
	return res.Catalog, nil, nil
}

// wsGame is what a Warstuff play or sim is about: a scenario, the bands
// (A,B; the first is the attacker, or the heroes' bands of an invasion)
// and the invasion's horde.
type wsGame struct {
	scenario, bands, horde, bot string
}

// setup resolves the defaults (the standard scenario, the first two sample
// bands of its format, the first horde) and sets the game up.
func (o *wsGame) setup(cat *ws.Catalog) (*engws.Game, engws.LogHeader, error) {
	h := engws.LogHeader{Scenario: o.scenario, Horde: o.horde, Bot: o.bot}
	if h.Scenario == "" {
		h.Scenario = "standard"
	}
	var sc *ws.Scenario
	for i := range cat.Scenarios {
		if cat.Scenarios[i].ID == h.Scenario {
			sc = &cat.Scenarios[i]
		}
	}
	if sc == nil {
		return nil, h, usagef("--scenario: no scenario %q in the content", h.Scenario)
	}
	if o.bands != "" {
		for _, b := range strings.Split(o.bands, ",") {
			h.Bands = append(h.Bands, strings.TrimSpace(b))
		}
	} else {
		n := 2
		if sc.Kind == engws.Invasion {
			n = 1
		}
		for _, b := range cat.Bands {
			if b.Format == sc.Format && len(h.Bands) < n {
				h.Bands = append(h.Bands, b.ID)
			}
		}
	}
	if sc.Kind == engws.Invasion && h.Horde == "" && len(cat.Hordes) > 0 {
		h.Horde = cat.Hordes[0].ID
	}
	g, err := engws.GameFromCatalog(cat, h.Scenario, h.Bands, h.Horde)
	if err != nil {
		return nil, h, usagef("%v", err)
	}
	data, _ := json.Marshal(cat)
	sum := sha256.Sum256(data)
	h.Content = hex.EncodeToString(sum[:8])
	return g, h, nil
}

func wsBots(kind string, seed uint64) ([2]engws.Bot, error) {
	return botPair(engws.NewBot, kind, seed)
}

func wsResult(h engws.LogHeader, r engws.Result) string {
	sides := h.Bands
	if h.Scenario == engws.Invasion || len(sides) < 2 {
		sides = []string{"the heroes", "the " + h.Horde}
	}
	switch r.Winner {
	case 0, 1:
		return sides[r.Winner] + " win"
	case -1:
		return "draw"
	}
	return "unfinished"
}

// playWarstuff is `wbtool play` on a Warstuff tree.
func playWarstuff(cmd *cobra.Command, cat *ws.Catalog, o wsGame, seed uint64, logFile, replay string, quiet bool) error {
	out := cmd.OutOrStdout()
	if replay != "" {
		data, err := readArgFile(replay)
		if err != nil {
			return err
		}
		l, err := engws.ReadLog(data)
		if err != nil {
			return fmt.Errorf("%s: %v", replay, err)
		}
		o = wsGame{scenario: l.Header.Scenario, bands: strings.Join(l.Header.Bands, ","), horde: l.Header.Horde}
		g, _, err := o.setup(cat)
		if err != nil {
			return err
		}
		if err := engws.Replay(g, l); err != nil {
			return fmt.Errorf("%s: %v", replay, err)
		}
		fmt.Fprintf(out, "%s: replayed %s, identical\n", replay, diag.Plural(len(l.Steps), "step"))
		return nil
	}
	g, h, err := o.setup(cat)
	if err != nil {
		return err
	}
	bots, err := wsBots(o.bot, seed)
	if err != nil {
		return err
	}
	l := &engws.Log{Header: h}
	r, _, err := engws.Play(g, seed, bots, l, 100000)
	if err != nil {
		return err
	}
	if err := writeLogOf(logFile, l); err != nil {
		return err
	}
	if !quiet {
		l.Account(out)
	}
	fmt.Fprintf(out, "%s on %s, seed %d: %s (%d–%d VP, %d turns, %s)\n", strings.Join(h.Bands, " vs "), h.Scenario, seed,
		wsResult(h, r), r.VP[0], r.VP[1], r.Turns, diag.Plural(r.Steps, "decision"))
	return nil
}

// simWarstuff is `wbtool sim` on a Warstuff tree: games on all cores, game
// i with seed+i, the counts summed in seed order.
func simWarstuff(cmd *cobra.Command, cat *ws.Catalog, o wsGame, games int, seed uint64) error {
	g, h, err := o.setup(cat)
	if err != nil {
		return err
	}
	if _, err := wsBots(o.bot, 0); err != nil {
		return err
	}
	results := make([]engws.Result, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				bots, _ := wsBots(o.bot, seed+uint64(i))
				results[i], _, errs[i] = engws.Play(g, seed+uint64(i), bots, nil, 100000)
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	var wins [3]int
	var vp [2]int
	turns := 0
	for i, r := range results {
		if errs[i] != nil {
			return fmt.Errorf("seed %d: %v", seed+uint64(i), errs[i])
		}
		switch r.Winner {
		case 0, 1:
			wins[r.Winner]++
		default:
			wins[2]++
		}
		vp[0] += r.VP[0]
		vp[1] += r.VP[1]
		turns += r.Turns
	}
	w := cmd.OutOrStdout()
	n := float64(games)
	sides := h.Bands
	if len(sides) < 2 {
		sides = []string{"heroes", h.Horde}
	}
	fmt.Fprintf(w, "%s on %s, %d games, bot %s\n", strings.Join(h.Bands, " vs "), h.Scenario, games, o.bot)
	fmt.Fprintf(w, "  %s wins %.1f %%, %s wins %.1f %%, draws or unfinished %.1f %%\n",
		sides[0], 100*float64(wins[0])/n, sides[1], 100*float64(wins[1])/n, 100*float64(wins[2])/n)
	fmt.Fprintf(w, "  average VP %.1f–%.1f, average length %.1f turns\n", float64(vp[0])/n, float64(vp[1])/n, float64(turns)/n)
	return nil
}

// isWarstuffLog reports whether data is a Warstuff game log.
func isWarstuffLog(data []byte) bool {
	_, err := engws.ReadLog(data)
	return err == nil
}
