package warstuff_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbsite"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/games/warstuff"
	"wbtool.dev/wbtool/games/warstuff/wsgen"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// BenchmarkProfileCardsPDF: the Warstuff sheets (every profile and creature
// card in both languages, and the band sheets), reported as cards per
// second, against BenchmarkWarboundCardsPDF, Warbound's starter card sheets
// in both languages, in the same run.
func BenchmarkProfileCardsPDF(b *testing.B) {
	c, err := warstuff.Ruleset{}.Load(starterTree(b), ruleset.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	cat := c.(*warstuff.Content).Catalog
	cards := 2 * (len(cat.Profiles) + len(cat.Creatures))
	for b.Loop() {
		if _, err := c.Print(ruleset.PrintOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cards*b.N)/b.Elapsed().Seconds(), "cards/s")
}

func BenchmarkWarboundCardsPDF(b *testing.B) {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		b.Fatal(err)
	}
	cards, err := wbcards.Layout(cat, wbcatalog.English)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, l := range wbcatalog.Langs {
			if _, err := wbcards.Sheets(cat, wbcards.Options{SheetOptions: render.SheetOptions{Lang: l}}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(2*len(cards)*b.N)/b.Elapsed().Seconds(), "cards/s")
}

// BenchmarkWarstuffSite: the Warstuff starter's whole site (both
// languages: chapters, profile pages with their card images, search
// index, glossary, bands, band builder), reported as pages per second,
// against BenchmarkWarboundSite, Warbound's starter site with stub card
// images, in the same run.
func BenchmarkWarstuffSite(b *testing.B) {
	c, err := warstuff.Ruleset{}.Load(starterTree(b), ruleset.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	pages := 0
	for b.Loop() {
		files, err := c.Site(ruleset.SiteOptions{BaseURL: "https://warstuff.example/"})
		if err != nil {
			b.Fatal(err)
		}
		pages = htmlPages(files)
	}
	b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
}

func BenchmarkWarboundSite(b *testing.B) {
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		b.Fatal(err)
	}
	stub := func(*wbcatalog.Catalog, string, wbcatalog.Lang) ([]byte, []byte, error) {
		return []byte("<svg/>"), nil, nil
	}
	pages := 0
	for b.Loop() {
		files, err := wbsite.Build(cat, wbsite.Options{BaseURL: "https://warbound.example/", CardImages: stub})
		if err != nil {
			b.Fatal(err)
		}
		pages = htmlPages(files)
	}
	b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
}

// htmlPages counts the pages of a site.
func htmlPages[F ~map[string][]byte](files F) int {
	n := 0
	for p := range files {
		if strings.HasSuffix(p, ".html") {
			n++
		}
	}
	return n
}

// BenchmarkVerdict1000Profiles is what `wbtool validate` runs on 1,000
// generated profiles (wsgen.Tree): the load, the checks and the site
// checked without drawing its pages, in CPU milliseconds per verdict.
//
//	go test ./games/warstuff -run '^$' -bench Verdict1000Profiles -benchtime 3x -cpuprofile cpu.out
func BenchmarkVerdict1000Profiles(b *testing.B) {
	m := fstest.MapFS{}
	for name, src := range wsgen.Tree(1000) {
		m[name] = &fstest.MapFile{Data: src}
	}
	cpu := testtool.CPUTime()
	for b.Loop() {
		res, err := pipeline.Run(context.Background(), pipeline.Options{Content: m, Root: "content", Version: "bench", Stages: pipeline.Verdict, CheckSite: true, OneShot: true})
		if err != nil || !res.OK(false) {
			b.Fatalf("%v %s", err, res.Diagnostics.Text())
		}
	}
	b.ReportMetric(float64((testtool.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// BenchmarkRandomGames: whole random-bot games (and greedy-bot games) through each game's match
// (`wbtool sim --bot random --games N --seed 1`, on one core with -cpu 1), Warstuff's starter
// (its default bands on the standard scenario, and two 100-point bands
// on the big game, most of a balance run's games) paired with Warbound's
// starter (its first deck pairing) in the same run, reported as games per
// second and per CPU-second (the figure that other programs on the
// machine do not change); issue 35 asks Warstuff within 3× of Warbound.
// The -greedy pairs play the same games with the greedy bot, the -mcts1
// pairs with the engine kit's search (--bot mcts:1).
//
//	go test -run XXX -bench RandomGames -cpu 1 ./games/warstuff
func BenchmarkRandomGames(b *testing.B) {
	ws, err := warstuff.Ruleset{}.Load(starterTree(b), ruleset.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	wb, err := warbound.New(warbound.Options{}).Load(content.FS, ruleset.LoadOptions{Root: "content"})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		c    ruleset.Content
		o    ruleset.MatchOptions
	}{
		{"warstuff", ws, ruleset.MatchOptions{Bot: "random"}},
		{"warstuff-100-point", ws, ruleset.MatchOptions{Bot: "random", Scenario: "big-game", Decks: "iron-column,warp-host"}},
		{"warbound", wb, ruleset.MatchOptions{Bot: "random"}},
		{"warstuff-greedy", ws, ruleset.MatchOptions{Bot: "greedy"}},
		{"warbound-greedy", wb, ruleset.MatchOptions{Bot: "greedy"}},
		{"warstuff-mcts1", ws, ruleset.MatchOptions{Bot: "mcts:1"}},
		{"warbound-mcts1", wb, ruleset.MatchOptions{Bot: "mcts:1"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			m, err := c.c.(ruleset.Matches).NewMatch(c.o)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu := testtool.CPUTime()
			if _, _, err := m.Sim(io.Discard, b.N, 1, nil, func(k, n int) string { return "" }); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			if cpu := (testtool.CPUTime() - cpu).Seconds(); cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu, "games/cpu-s")
			}
		})
	}
}
