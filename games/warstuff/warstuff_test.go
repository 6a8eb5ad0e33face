package warstuff_test

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/games/warstuff"
	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// starterTree is the embedded Warstuff starter tree, with the check games
// that still wait in the engine's testdata (until they move into it).
func starterTree(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(wsstarter.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(wsstarter.FS, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("wsengine/testdata/checks/*.cue")
	for _, f := range more {
		if _, dup := m["scenarios/checks/"+filepath.Base(f)]; dup {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m["scenarios/checks/engine-"+filepath.Base(f)] = &fstest.MapFile{Data: b}
	}
	return m
}

// TestStarterVerdict: the Warstuff starter goes through pipeline.Run like
// Warbound's: no diagnostics, its check games played by the engine, data
// written.
func TestStarterVerdict(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: starterTree(t), Root: "games/warstuff/starter", Stages: []pipeline.Stage{pipeline.Load, pipeline.Checks, pipeline.Data}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		t.Fatalf("diagnostics:\n%s", res.Diagnostics.Text())
	}
	if _, ok := res.Content.(*warstuff.Content); res.Game != "warstuff" || !ok {
		t.Fatalf("game %q, content %T", res.Game, res.Content)
	}
	passed, failed := res.CheckCounts()
	if passed == 0 || failed != 0 {
		t.Errorf("check games: %d passed, %d failed", passed, failed)
	}
	if !strings.Contains(res.Summary(), "13 profiles") {
		t.Errorf("summary %q", res.Summary())
	}
	if b := res.Outputs[pipeline.DataDir][pipeline.CatalogFile]; !strings.Contains(string(b), `"cost": 19`) {
		t.Errorf("data/catalog.json lacks the Storm Seer's cost")
	}
}

// TestFailingCheck: a check game the engine refuses is an error at the
// check, and counts as failed.
func TestFailingCheck(t *testing.T) {
	m := starterTree(t)
	m["scenarios/checks/broken.cue"] = &fstest.MapFile{Data: []byte("package warstuff\n\nchecks: broken: {rules: [\"WS-QUAL-2\"], figures: [{id: \"a\", side: \"red\", profile: \"nobody\", at: [1, 1]}], script: []}\n")}
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: m, Root: "ws", Stages: []pipeline.Stage{pipeline.Load, pipeline.Checks}})
	if err != nil {
		t.Fatal(err)
	}
	if _, failed := res.CheckCounts(); failed == 0 && !res.Diagnostics.HasErrors(false) {
		t.Fatalf("a broken check game passed: %s", res.Diagnostics.Text())
	}
	if !strings.Contains(res.Diagnostics.Text(), "ws/scenarios/checks/broken.cue:3:") {
		t.Errorf("error not at the check game:\n%s", res.Diagnostics.Text())
	}
}

// TestSheets: every starter card fits in both languages; the sheets hold
// every profile's name and cost, and every band's total.
func TestSheets(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: starterTree(t), Root: "games/warstuff/starter", Stages: []pipeline.Stage{pipeline.Load, pipeline.Layout, pipeline.Print}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		t.Fatalf("diagnostics:\n%s", res.Diagnostics.Text())
	}
	for _, name := range []string{"cards-en.pdf", "cards-fr.pdf", "bands-en.pdf", "bands-fr.pdf"} {
		b := res.Outputs[pipeline.PrintDir][name]
		if !strings.HasPrefix(string(b), "%PDF-") {
			t.Errorf("%s: not a PDF", name)
		}
	}
	testtool.Require(t, "pdftotext")
	dir := t.TempDir()
	text := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, res.Outputs[pipeline.PrintDir][name], 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", "-layout", p, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	cards, bands := text("cards-fr.pdf"), text("bands-en.pdf")
	for _, want := range []string{"Devin des orages", "Lance-flammes", "Giga-zol", "Sprotch"} {
		if !strings.Contains(cards, want) {
			t.Errorf("cards-fr.pdf lacks %q", want)
		}
	}
	for _, want := range []string{"Storm Vanguard", "50 / 50 pts", "98 / 100 pts"} {
		if !strings.Contains(bands, want) {
			t.Errorf("bands-en.pdf lacks %q", want)
		}
	}
}

// TestCardTooLong: a reminder too long for the card is a layout error at
// the profile, in the language that overflows.
func TestCardTooLong(t *testing.T) {
	m := starterTree(t)
	src := string(m["i18n/reminders.cue"].Data)
	long := strings.Repeat("Très longue règle. ", 80)
	src = strings.Replace(src, `fr: "1 dé de bonus pour toucher."`, `fr: "`+long+`"`, 1)
	m["i18n/reminders.cue"] = &fstest.MapFile{Data: []byte(src)}
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: m, Root: "ws", Stages: []pipeline.Stage{pipeline.Load, pipeline.Layout}})
	if err != nil {
		t.Fatal(err)
	}
	got := res.Diagnostics.Text()
	if !strings.Contains(got, "ws/cards/profiles.cue:7:2: profile storm-seer (FR): the text needs") || strings.Contains(got, "(EN)") {
		t.Errorf("want the Storm Seer's French card reported, got\n%s", got)
	}
}

// TestSite: the Warstuff site in both languages: rules chapters, a page
// per profile with its card and its cost part by part, the profile
// database with its search, the glossary of every special rule, the bands.
func TestSite(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: starterTree(t), Root: "games/warstuff/starter", Stages: []pipeline.Stage{pipeline.Load, pipeline.Site}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		t.Fatalf("diagnostics:\n%s", res.Diagnostics.Text())
	}
	site := res.Outputs[pipeline.SiteDir]
	page := func(p string) string {
		b, ok := site[p]
		if !ok {
			t.Fatalf("no %s", p)
		}
		return string(b)
	}
	for _, tt := range []struct{ path, want string }{
		{"en/profiles/storm-seer.html", "Piercing: 2"},
		{"fr/profiles/storm-seer.html", "Devin des orages"},
		{"fr/profiles/storm-seer.html", "Psyker\u00a0: 6"},
		{"en/profiles/index.html", `data-id="storm-seer"`},
		{"en/search-index.js", `"name":"Storm Seer"`},
		{"fr/rules/building.html", `href="playing.html#WS-QUAL-1"`},
		{"en/profiles/storm-seer.html", `href="../glossary.html#term-`},
		{"en/profiles/index.html", "assets/search.js"},
		{"fr/glossary.html", `id="term-reinforced_armour"`},
		{"fr/glossary.html", "Armure renforcée"},
		{"fr/glossary.html", `<dt id="term-glossary-stunned">sonnée`},
		{"en/rules/playing.html", `<a class="gloss" href="../glossary.html#term-glossary-wound-token">wound token</a>`},
		{"fr/rules/playing.html", `#term-glossary-overwatch">état d’alerte</a>`},
		{"en/bands.html", "50 / 50 pts"},
		{"fr/rules/building.html", "<table>"},
		{"en/index.html", "rules/playing.html"},
		{"fr/index.html", "L’invasion"},
		{"en/bandbuilder.html", "'wasm-unsafe-eval'; connect-src 'self';"}, // the streamed module
		// what the script reveals keeps its room (no layout shift)
		{"en/profiles/index.html", `<form id="filters" class="filters reserve" method="get" role="search" hidden`},
		{"en/bandbuilder.html", `<p id="bb-filter-field" class="bb-filter reserve" hidden>`},
	} {
		if got := page(tt.path); !strings.Contains(got, tt.want) {
			t.Errorf("%s lacks %q", tt.path, tt.want)
		}
	}
	if !strings.HasPrefix(page("en/profiles/giga-zol.svg"), "<svg") {
		t.Error("no card image for the giga-zol")
	}
	// French typography: a no-break space before the colon.
	if !strings.Contains(page("fr/rules/playing.html"), "\u00a0:") {
		t.Error("French rules page without French spacing")
	}
	var n int
	for p := range site {
		if strings.HasPrefix(p, "en/profiles/") && strings.HasSuffix(p, ".html") && p != "en/profiles/index.html" {
			n++
		}
	}
	if n != 20 {
		t.Errorf("%d profile pages, want 13 profiles + 7 creatures", n)
	}
}

// TestSiteCheckIsBuild: validate's site check (pipeline.Options.CheckSite)
// and build's site say the same about the same rules chapters — nothing
// on the starter; each problem at its file:line:col otherwise: a link to
// a missing page, chapter or WS-… anchor, a rule number no chapter
// anchors, an unknown [[profile]].
func TestSiteCheckIsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	for _, tc := range []struct {
		name, file, old, new, want string
	}{
		{"starter", "", "", "", ""},
		{"missing page", "rules/en/1-playing.md", "Each figure has", "See [the maps](maps.html). Each figure has", "rules/en/1-playing.md:7:15: link to \"maps.html\": the site has no such page"},
		{"missing anchor", "rules/fr/2-building.md", "(1-playing.md#WS-QUAL-1)", "(1-playing.md#WS-QUAL-9)", "rules/fr/2-building.md:14:"},
		{"missing chapter", "rules/en/2-building.md", "(1-playing.md#WS-QUAL-1)", "(3-missing.md)", "link to 3-missing.md: there is no such rules file"},
		{"rule without anchor", "rules/en/1-playing.md", "Each figure has", "Measure as WS-GEOM-3 says. Each figure has", "rules/en/1-playing.md:7:12: rule WS-GEOM-3: no rules page of this language gives it an anchor"},
		{"unknown profile", "rules/en/1-playing.md", "Each figure has", "A [[storm-sear]] is a psyker. Each figure has", "unknown profile \"storm-sear\" in [[storm-sear]]"},
		{"profile link", "rules/en/1-playing.md", "Each figure has", "A [[storm-seer]] is a psyker. Each figure has", ""},
		// validate and check draw only the chapters: links to the pages they
		// make as data, to the root and to the frame's files still resolve
		{"links to undrawn pages", "rules/en/1-playing.md", "Each figure has", "See [a seer](../profiles/storm-seer.html), [the bands](../bands.html), [the builder](../bandbuilder.html), [home](../../index.html), [styles](../../assets/style.css). Each figure has", ""},
		{"missing profile page", "rules/fr/1-playing.md", "Chaque figurine a", "Voir [un voyant](../profiles/storm-sear.html). Chaque figurine a", "link to \"../profiles/storm-sear.html\": the site has no such page"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := starterTree(t)
			if tc.file != "" {
				src := string(m[tc.file].Data)
				if !strings.Contains(src, tc.old) {
					t.Fatalf("%s lacks %q", tc.file, tc.old)
				}
				m[tc.file] = &fstest.MapFile{Data: []byte(strings.Replace(src, tc.old, tc.new, 1))}
			}
			var verdicts []string
			for _, check := range []bool{true, false} {
				stages := []pipeline.Stage{pipeline.Load, pipeline.Site}
				res, err := pipeline.Run(context.Background(), pipeline.Options{Content: m, Stages: stages, CheckSite: check})
				if err != nil {
					t.Fatal(err)
				}
				verdicts = append(verdicts, res.Diagnostics.Text())
				if !check && tc.want == "" && len(res.Outputs[pipeline.SiteDir]) == 0 {
					t.Error("no site built")
				}
			}
			if verdicts[0] != verdicts[1] {
				t.Errorf("check says\n%s\nbuild says\n%s", verdicts[0], verdicts[1])
			}
			if tc.want == "" && verdicts[1] != "" || !strings.Contains(verdicts[1], tc.want) {
				t.Errorf("got\n%s\nwant %q", verdicts[1], tc.want)
			}
		})
	}
}

// TestLoadKeepsCache: the ruleset hands LoadOptions.Cache (watch's worker
// keeps one) to the loader: the same tree again evaluates nothing and
// gives the same catalog; a saved profile file evaluates one unit.
func TestLoadKeepsCache(t *testing.T) {
	tree := starterTree(t)
	rs, ok := ruleset.Lookup("warstuff")
	if !ok {
		t.Fatal("warstuff is not registered")
	}
	cache := schema.NewCache()
	first, err := rs.Load(tree, ruleset.LoadOptions{Root: "content", Cache: cache})
	if err != nil {
		t.Fatal(err)
	}
	if cache.Whole || cache.Evaluated < 10 {
		t.Fatalf("cold: %d units evaluated, whole %v (%s)", cache.Evaluated, cache.Whole, cache.Reason())
	}
	again, err := rs.Load(tree, ruleset.LoadOptions{Root: "content", Cache: cache})
	if err != nil {
		t.Fatal(err)
	}
	if cache.Evaluated != 0 || !reflect.DeepEqual(first, again) {
		t.Errorf("the same tree again: %d units evaluated, same content %v", cache.Evaluated, reflect.DeepEqual(first, again))
	}
	src := string(tree["cards/profiles.cue"].Data)
	tree["cards/profiles.cue"] = &fstest.MapFile{Data: []byte(strings.Replace(src, `en: "Trooper"`, `en: "Soldier"`, 1))}
	if _, err := rs.Load(tree, ruleset.LoadOptions{Root: "content", Cache: cache}); err != nil || cache.Evaluated != 1 {
		t.Errorf("one profile renamed: %d units evaluated (%v)", cache.Evaluated, err)
	}
}
