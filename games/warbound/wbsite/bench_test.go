package wbsite

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/site/sitecheck"

	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/testtool"
)

// generated loads a generated content tree of n cards (Characters and
// Upgrades) with the starter rules pages that need no starter card.
func generated(tb testing.TB, characters, upgrades int) *wbcatalog.Catalog {
	tb.Helper()
	fsys := fstest.MapFS{}
	for p, data := range wbgen.Tree(wbgen.Options{Characters: characters, Upgrades: upgrades}) {
		fsys[p] = &fstest.MapFile{Data: data}
	}
	cat, err := wbschema.Load(fsys, wbschema.Options{Root: "content"})
	if err != nil {
		tb.Fatalf("load generated content: %v", err)
	}
	// Rules pages of the usual size, so that Markdown is part of the cost.
	for _, l := range wbcatalog.Langs {
		for p, src := range fixtureRules {
			if p[len("rules/"):len("rules/fr")] == string(l) {
				src = strings.NewReplacer("[[copp]]", "[[gen-char-0000]]", "[[howler]]", "[[gen-char-0001]]").Replace(src)
				cat.Rules = append(cat.Rules, wbcatalog.RulesPage{Lang: l, Path: p, Source: []byte(src)})
			}
		}
	}
	cat.Sort()
	return cat
}

func benchBuild(b *testing.B, cat *wbcatalog.Catalog, opts Options) {
	b.Helper()
	b.ReportAllocs()
	pages := 0
	cpu0 := testtool.CPUTime()
	for b.Loop() {
		files, err := Build(cat, opts)
		if err != nil {
			b.Fatal(err)
		}
		pages = sitecheck.HTMLPages(files)
	}
	// CPU time per build: on a busy machine wall time says little.
	b.ReportMetric(float64((testtool.CPUTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64(pages)*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkBuildStarter: the whole bilingual site of the starter content
// (after loading).
func BenchmarkBuildStarter(b *testing.B) { benchBuild(b, starter(b), Options{}) }

// BenchmarkBuild1000Cards: 1,000 cards (800 Characters, 200 Upgrades) in
// both languages (after loading). Aim: under 2 s.
func BenchmarkBuild1000Cards(b *testing.B) {
	cat := generated(b, 800, 200)
	if n := len(cat.Characters) + len(cat.Equipment) + len(cat.Vocations); n < 1000 {
		b.Fatalf("generated only %d cards", n)
	}
	benchBuild(b, cat, Options{})
}

// BenchmarkBuild1000CardsNoImages is the same without the card images
// (wbcards.SVG), to tell the site's own cost from the renderer's.
func BenchmarkBuild1000CardsNoImages(b *testing.B) {
	benchBuild(b, generated(b, 800, 200), Options{CardImages: stubImages})
}

// TestGeneratedSiteLinks: a generated site of 300 cards has no broken
// link either (the 1,000-card one is the benchmark's).
func TestGeneratedSiteLinks(t *testing.T) {
	files := mustBuild(t, generated(t, 240, 60))
	if n := sitecheck.HTMLPages(files); n < 600 {
		t.Errorf("only %d pages", n)
	}
	sitecheck.CheckLinks(t, files)
}

// BenchmarkBuild1000CardsOneEdit: the 1,000-card site rebuilt after one
// card's text changed, with the page cache of the build before (watch and
// serve; their card images come from their own cache: here drawn once
// before the clock and served from memory).
func BenchmarkBuild1000CardsOneEdit(b *testing.B) {
	cat := generated(b, 800, 200)
	var mu sync.Mutex // the languages build in parallel
	images := map[string][2][]byte{}
	ls := wbcards.NewLayouts(cat)
	cached := func(c *wbcatalog.Catalog, id string, l wbcatalog.Lang) ([]byte, []byte, error) {
		k := string(l) + "/" + id
		mu.Lock()
		img, ok := images[k]
		mu.Unlock()
		if ok {
			return img[0], img[1], nil
		}
		f, bk, err := ls.SVG(cat, id, l)
		mu.Lock()
		images[k] = [2][]byte{f, bk}
		mu.Unlock()
		return f, bk, err
	}
	cache := NewPageCache()
	if _, err := Build(cat, Options{CardImages: cached, Pages: cache}); err != nil {
		b.Fatal(err)
	}
	c := &cat.Equipment[0]
	i := 0
	b.ReportAllocs()
	cpu0 := testtool.CPUTime()
	for b.Loop() {
		i++
		c.Text.EN = fmt.Sprintf("Edited %d.", i)
		if _, err := Build(cat, Options{CardImages: cached, Pages: cache}); err != nil {
			b.Fatal(err)
		}
		if cache.Rendered != 2 {
			b.Fatalf("%d pages rendered, want 2", cache.Rendered)
		}
	}
	b.ReportMetric(float64((testtool.CPUTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
}
