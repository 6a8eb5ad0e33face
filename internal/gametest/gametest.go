// Package gametest is the conformance suite every registered game passes
// (issue 27; OpenSpiel runs the same API tests over every registered
// game): the same tests, through the pipeline's package-level API
// (pipeline.Run, as cmd/wbtool's validate, build and check call it), over
// each game's starter tree and mutations of it.
//
// [Run] tests one game: its starter is valid and builds; validate, build
// and check give the same verdict on mutated content, with the refusal at
// the designer's file; draft mode lets a missing translation through with
// a placeholder; two builds write byte-identical files; empty, minimal and
// odd trees never panic; and what the seam offers (the load alone, the
// check filter, Portable content, the refusal of a capability the game
// lacks, a cancelled build) works. Each game runs [Run] from its own
// folder (games/<game>/conformance_test.go; internal/deps checks that
// every game folder does), so that an edit in one game runs that game's
// suite alone. [Games] lists the registered games of a test binary, each
// of which must describe itself ([Describer]): the tiny test-only game.
//
// The default cost is small: the game's own mutations and a handful of
// builds. WBTOOL_CONFORMANCE=N adds N generic mutations per game (a line
// removed, a number out of range, a word changed), seeded.
package gametest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// Game is what the suite needs of one game beyond the seam.
type Game struct {
	// Name is the game's registered name (ruleset.Lookup).
	Name string
	// Starter is its starter tree, Root the prefix shown before its file
	// names in positions ("games/warstuff/starter").
	Starter fs.FS
	Root    string
	// ChecksDir is the starter's folder of check games: the check run
	// gives them as extra files, as `wbtool check DIR` does ("" : the
	// check run keeps them in the tree).
	ChecksDir string
	// Mutations are edits of the starter that the verdict must refuse,
	// each with a text of its refusal; a few per game: a required field
	// deleted, a number out of range, a broken reference, a check game
	// that fails.
	Mutations []Mutation
	// Draft removes a translation: refused, but accepted in draft mode
	// with a placeholder.
	Draft Mutation
	// Edit is a valid edit of the starter, for watch's incremental
	// rebuilds (incremental.go); its Want is a text of the `changed:`
	// lines it makes. Required of a game whose content is
	// ruleset.Incremental.
	Edit Mutation
	// Exported, when set, checks what the game promises of its export:
	// it is given the starter's content and the files of the suite's
	// export (a print profile's images and the TTS objects, in English),
	// so that a game's own test of them needs no export of its own.
	Exported func(t *testing.T, content ruleset.Content, files dist.Files)
}

// Mutation is one edit of a starter file: the first Old replaced by New.
// Old must occur in File, so that a mutation that no longer applies to
// the starter fails instead of testing nothing.
type Mutation struct {
	Name, File, Old, New string
	// Want is a text the verdict's errors hold.
	Want string
	// Line, when given, is the line of File an error is at (a failing
	// check game: the step's line); otherwise any line of File.
	Line int
}

// Describer is a registered game that describes itself to the suite.
type Describer interface {
	Conformance() Game
}

// Games are the games registered in the test binary (ruleset.Games),
// each described by itself. A registered game that does not describe
// itself fails the test: a test that runs the suite over every game it
// links leaves none out.
func Games(t *testing.T) []Game {
	t.Helper()
	var out []Game
	for _, name := range ruleset.Games() {
		rs, ok := ruleset.Lookup(name)
		if !ok {
			continue // the default game, listed though this binary does not link it
		}
		d, ok := rs.(Describer)
		if !ok {
			t.Errorf("game %s is registered but does not describe itself: implement gametest.Describer", name)
			continue
		}
		g := d.Conformance()
		if g.Name != name {
			t.Errorf("game %s describes itself as %q", name, g.Name)
		}
		out = append(out, g)
	}
	return out
}

// Run runs the suite on game g.
func Run(t *testing.T, g Game) {
	rs, ok := ruleset.Lookup(g.Name)
	if !ok {
		t.Fatalf("game %s is not registered", g.Name)
	}
	base := testtool.CopyFS(t, g.Starter)
	s := &suite{g: g, rs: rs}

	var built *pipeline.Result
	ok = t.Run("starter", func(t *testing.T) {
		v, b := s.agree(t, base, false)
		if !v.OK(false) {
			t.Fatalf("the starter does not validate:\n%s", v.Diagnostics.Text())
		}
		if v.Game != g.Name || v.Summary() == "" {
			t.Errorf("game %q, summary %q", v.Game, v.Summary())
		}
		if p, f := v.CheckCounts(); p == 0 || f != 0 {
			t.Errorf("check games: %d passed, %d failed; the starter's must all pass", p, f)
		}
		built = b
		// The starter's loads above were cold, through the real path;
		// the suite's other runs of this game share one cache of each
		// file's evaluation (a mutation changes a file or two; the
		// games' schema tests compare a cached load with a cold one).
		s.cache = schema.NewCache()
		for _, dir := range []string{pipeline.DataDir, pipeline.PrintDir, pipeline.SiteDir} {
			if len(built.Outputs[dir]) == 0 {
				t.Errorf("the starter's build makes no %s", dir)
			}
		}
	})
	if ok && built == nil { // the starter's tests are filtered out (-run)
		built = s.build(t, base, false)
	}
	if built == nil || !built.OK(false) {
		return
	}

	t.Run("players' words", func(t *testing.T) { noToolWords(t, built.Outputs[pipeline.SiteDir]) })

	t.Run("deterministic", func(t *testing.T) {
		if testing.Short() {
			// one build fewer: incremental's first rebuild is a second
			// build of the starter, compared with this one byte for byte
			t.Skip("-short: the incremental test compares a second build")
		}
		again := s.build(t, base, false)
		a, b := t.TempDir(), t.TempDir()
		publish(t, a, built)
		publish(t, b, again)
		n := sameTrees(t, a, b)
		if n == 0 {
			t.Fatal("the build wrote no file")
		}
		t.Logf("%d files, byte-identical", n)
	})

	t.Run("mutations", func(t *testing.T) {
		if len(g.Mutations) == 0 {
			t.Fatal("the game gives no mutations")
		}
		for _, m := range g.Mutations {
			t.Run(m.Name, func(t *testing.T) {
				// At the default size (loads cost), the check run only on
				// the check games' mutations: elsewhere it differs from
				// validate's run only in how the check games are given.
				withCheck := generic() > 0 || g.ChecksDir == "" || strings.HasPrefix(m.File, g.ChecksDir+"/")
				_, r := s.agreeOn(t, mutate(t, base, m), false, withCheck)
				s.refusedAt(t, r, m)
			})
		}
		if n := generic(); n > 0 {
			s.generic(t, base, n)
		}
	})

	t.Run("draft", func(t *testing.T) {
		if g.Draft.File == "" {
			t.Fatal("the game gives no draft mutation (a translation removed)")
		}
		fsys := mutate(t, base, g.Draft)
		s.refusedAt(t, s.verdict(t, fsys, false), g.Draft) // the mutations test validate = build = check on refusals
		// -short: validate = build in draft mode, without the check run
		// (the starter's test runs it on the same check games)
		_, r := s.agreeOn(t, fsys, true, !testing.Short())
		if !r.OK(false) {
			t.Fatalf("draft mode refuses a missing translation:\n%s", r.Diagnostics.Text())
		}
		if len(r.Outputs[pipeline.SiteDir]) == 0 {
			t.Errorf("the draft build makes no site")
		}
		if _, ok := r.Content.(ruleset.Drafter); ok {
			file := path.Join(g.Root, g.Draft.File)
			found := false
			for _, d := range r.Drafts() {
				found = found || d.Pos.File == file
			}
			if !found {
				t.Errorf("the draft build lists no placeholder in %s: %v", file, r.Drafts())
			}
		}
	})

	t.Run("odd trees", func(t *testing.T) {
		for _, tree := range oddTrees(base) {
			t.Run(tree.name, func(t *testing.T) {
				_, r := s.agree(t, tree.fsys, false)
				for _, d := range r.Diagnostics {
					if d.Pos.File == "" {
						t.Errorf("a problem without a file: %s", d)
					}
				}
				if tree.name == "odd .cue" {
					sameWords(t, r.Diagnostics)
				}
			})
		}
	})

	t.Run("seam", func(t *testing.T) { s.seam(t, base, built) })

	t.Run("matches", func(t *testing.T) { s.matches(t, built) })
	t.Run("sheets and exports", func(t *testing.T) { s.onDemand(t, base, built) })
	t.Run("versions", func(t *testing.T) { s.versions(t, base) }) // versions.go
	t.Run("exchange", func(t *testing.T) { s.exchange(t, base) }) // exchange.go
	t.Run("incremental", func(t *testing.T) { s.incremental(t, base, &incrementalStart{built.Content, built}) })
}

// onDemand runs `wbtool print` and `wbtool export` as the CLI does, for a
// game with the capabilities (ruleset.Sheets, ruleset.Exporter): every
// card's sheets, a deck's on letter with a bleed and a back offset, the
// card images of a print profile and the TTS saved objects (of its first
// deck when it has decks), each twice, byte-identical (once in -short:
// the deterministic test compares two builds), and a deck it does not
// have refused as a request error (a usage error). built is the
// starter's build, whose sheets print's must be (in -short, its English
// ones only).
func (s *suite) onDemand(t *testing.T, base fstest.MapFS, built *pipeline.Result) {
	content := built.Content // what the capabilities are asked of
	deck := ""
	if dc, ok := content.(ruleset.DeckChecker); ok {
		if ids := dc.DeckIDs(""); len(ids) > 0 {
			deck = ids[0]
		}
	}
	en := pipeline.Langs(nil)[:1] // English
	twice := func(what string, opts pipeline.Options, dir string) (*pipeline.Result, dist.Files) {
		t.Helper()
		opts.Content, opts.Root, opts.Version, opts.CheckSite, opts.Cache = base, s.g.Root, "test", true, s.cache
		var files []dist.Files
		var r *pipeline.Result
		for range runs() {
			var err error
			r, err = pipeline.Run(context.Background(), opts)
			if err != nil || !r.OK(false) {
				t.Fatalf("%s: %v %s", what, err, r.Diagnostics.Text())
			}
			files = append(files, r.Outputs[dir])
		}
		if len(files[0]) == 0 || !sameFiles(files[0], files[len(files)-1]) {
			t.Errorf("%s: %d files, not the same bytes run to run", what, len(files[0]))
		}
		return r, files[0]
	}
	unknown := func(what string, opts pipeline.Options) {
		t.Helper()
		opts.Content, opts.Root, opts.CheckSite, opts.Cache = base, s.g.Root, true, s.cache
		_, err := pipeline.Run(context.Background(), opts)
		var re *ruleset.RequestError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), "no-such-deck") {
			t.Errorf("%s of a deck the game lacks: %v, want a request error naming it", what, err)
		}
	}
	if _, ok := content.(ruleset.Sheets); ok {
		all := ruleset.SheetRequest{Paper: "a4", Tool: "test"}
		if testing.Short() {
			all.Langs = en // -short: the build's sheets in English only
		}
		for _, req := range []ruleset.SheetRequest{all, {Deck: deck, Langs: en, Paper: "letter", Bleed: 2, BackOffsetX: 1, BackOffsetY: -0.5}} {
			r, files := twice("print "+req.Deck, pipeline.Options{Stages: pipeline.PrintStages, Sheets: &req}, pipeline.PrintDir)
			if len(r.Sheets) != len(files) || len(r.Sheets) != len(pipeline.Langs(req.Langs)) {
				t.Errorf("print %q: sheets %v, %d files: want one per language", req.Deck, r.Sheets, len(files))
			}
			for _, p := range r.Sheets {
				if _, rel := pipeline.InDir(p); !bytes.HasPrefix(files[rel], []byte("%PDF-")) {
					t.Errorf("print %q: %s is no PDF", req.Deck, p)
				}
			}
			if req.Deck == "" {
				// One verdict, one file: a sheet `wbtool print` writes is
				// the very sheet the build writes at the same path.
				for rel, b := range files {
					if bb, ok := built.Outputs[pipeline.PrintDir][rel]; !ok || !bytes.Equal(b, bb) {
						t.Errorf("print writes %s/%s (%d bytes), the build %d bytes at that path: two different sheets", pipeline.PrintDir, rel, len(b), len(bb))
					}
				}
			}
		}
		unknown("print", pipeline.Options{Stages: pipeline.PrintStages, Sheets: &ruleset.SheetRequest{Deck: "no-such-deck", Paper: "a4"}})
	}
	if _, ok := content.(ruleset.Exporter); ok {
		req := ruleset.ExportRequest{Profiles: []string{"tgc"}, TTS: true, BaseURL: "https://example.org/tts", Deck: deck, Langs: en}
		r, files := twice("export", pipeline.Options{Stages: pipeline.ExportStages, Exports: &req}, pipeline.ExportDir)
		var png, tts int
		for p, b := range files {
			switch {
			case strings.HasPrefix(p, "png/tgc/en/") && bytes.HasPrefix(b, []byte("\x89PNG")):
				png++
			case strings.HasPrefix(p, pipeline.TTSDir+"/en/") && strings.HasSuffix(p, ".json"):
				tts++
			}
		}
		if png == 0 || png%2 != 0 || tts == 0 {
			t.Errorf("export: %d card images (a front and a back each), %d saved objects, of %d files", png, tts, len(files))
		}
		if s.g.Exported != nil {
			s.g.Exported(t, r.Content, files)
		}
		unknown("export", pipeline.Options{Stages: pipeline.ExportStages, Exports: &ruleset.ExportRequest{TTS: true, Deck: "no-such-deck"}})
	}
}

// runs is how many times onDemand runs each request: twice, to compare
// the bytes, or once in -short.
func runs() int {
	if testing.Short() {
		return 1
	}
	return 2
}

type suite struct {
	g  Game
	rs ruleset.Ruleset
	// cache, once the starter's cold loads are done, is shared by the
	// suite's loads of the game (pipeline.Options.Cache).
	cache *schema.Cache
}

// run runs the pipeline with opts and fails on a panic or an error that
// is not a content problem.
func (s *suite) run(t *testing.T, opts pipeline.Options) (r *pipeline.Result) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("pipeline.Run panics: %v", p)
		}
	}()
	if opts.Cache == nil {
		opts.Cache = s.cache
	}
	r, err := pipeline.Run(context.Background(), opts)
	if err != nil {
		t.Fatalf("pipeline.Run: %v", err)
	}
	return r
}

// verdict is what `wbtool validate` runs.
func (s *suite) verdict(t *testing.T, fsys fs.FS, draft bool) *pipeline.Result {
	t.Helper()
	return s.run(t, pipeline.Options{Content: fsys, Root: s.g.Root, Draft: draft, Version: "test", Stages: pipeline.Verdict, CheckSite: true})
}

// build is what `wbtool build` runs.
func (s *suite) build(t *testing.T, fsys fs.FS, draft bool) *pipeline.Result {
	t.Helper()
	return s.run(t, pipeline.Options{Content: fsys, Root: s.g.Root, Draft: draft, Version: "test"})
}

// check is what `wbtool check DIR` runs: the verdict, with the check
// games given as extra files and a filter that keeps them all.
func (s *suite) check(t *testing.T, fsys fstest.MapFS, draft bool) *pipeline.Result {
	t.Helper()
	tree := fstest.MapFS{}
	var extra []schema.File
	for p, f := range fsys {
		if s.g.ChecksDir != "" && strings.HasPrefix(p, s.g.ChecksDir+"/") {
			extra = append(extra, schema.File{Name: path.Join(s.g.Root, p), Src: f.Data})
			continue
		}
		tree[p] = f
	}
	sort.Slice(extra, func(i, j int) bool { return extra[i].Name < extra[j].Name })
	return s.run(t, pipeline.Options{Content: tree, Root: s.g.Root, Draft: draft, Version: "test", Stages: pipeline.Verdict, CheckSite: true,
		Extra: extra, CheckFilter: func(string) bool { return true }})
}

// agree runs validate, build and check on fsys and fails when their
// verdicts or errors differ, or when refused content made outputs. It
// returns validate's and build's results.
func (s *suite) agree(t *testing.T, fsys fstest.MapFS, draft bool) (verdict, built *pipeline.Result) {
	t.Helper()
	return s.agreeOn(t, fsys, draft, true)
}

// agreeOn is agree, with the check run only when withCheck.
func (s *suite) agreeOn(t *testing.T, fsys fstest.MapFS, draft, withCheck bool) (verdict, built *pipeline.Result) {
	t.Helper()
	v, b, c := s.verdict(t, fsys, draft), s.build(t, fsys, draft), (*pipeline.Result)(nil)
	if !withCheck {
		c = v
	} else {
		c = s.check(t, fsys, draft)
	}
	if v.OK(false) != b.OK(false) || v.OK(false) != c.OK(false) {
		t.Fatalf("validate ok %v, build ok %v, check ok %v:\nvalidate:\n%s\nbuild:\n%s\ncheck:\n%s",
			v.OK(false), b.OK(false), c.OK(false), v.Diagnostics.Text(), b.Diagnostics.Text(), c.Diagnostics.Text())
	}
	ve, be, ce := v.Diagnostics.Errors().Text(), b.Diagnostics.Errors().Text(), c.Diagnostics.Errors().Text()
	if ve != be || ve != ce {
		t.Errorf("validate, build and check disagree:\nvalidate:\n%s\nbuild:\n%s\ncheck:\n%s", ve, be, ce)
	}
	if vp, _ := v.CheckCounts(); v.OK(false) {
		if cp, _ := c.CheckCounts(); cp != vp {
			t.Errorf("validate plays %d check games, check %d", vp, cp)
		}
	}
	if !b.OK(false) && len(b.Outputs) != 0 {
		t.Errorf("refused content made %d output folders", len(b.Outputs))
	}
	return v, b
}

// refusedAt fails unless r is refused with m.Want at m's file.
func (s *suite) refusedAt(t *testing.T, r *pipeline.Result, m Mutation) {
	t.Helper()
	if r.OK(false) {
		t.Fatalf("%s: the content is accepted, want a refusal with %q", m.Name, m.Want)
	}
	text := r.Diagnostics.Errors().Text()
	if !strings.Contains(text, m.Want) {
		t.Errorf("%s: the refusal lacks %q:\n%s", m.Name, m.Want, text)
	}
	file := path.Join(s.g.Root, m.File)
	for _, d := range r.Diagnostics.Errors() {
		if d.Pos.File == file && d.Pos.Line > 0 && (m.Line == 0 || d.Pos.Line == m.Line) {
			t.Logf("refused: %s", d)
			return
		}
	}
	at := "a line of " + file
	if m.Line > 0 {
		at = fmt.Sprintf("%s:%d", file, m.Line)
	}
	t.Errorf("%s: no error at %s:\n%s", m.Name, at, text)
}

// seam tries what the seam offers on the starter.
func (s *suite) seam(t *testing.T, base fstest.MapFS, built *pipeline.Result) {
	ctx := context.Background()
	load := s.run(t, pipeline.Options{Content: base, Root: s.g.Root, Stages: []pipeline.Stage{pipeline.Load}})
	if load.Content == nil || len(load.Outputs) != 0 {
		t.Fatalf("the load alone: content %v, %d output folders", load.Content != nil, len(load.Outputs))
	}
	content := load.Content
	if rep := content.Checks(func(string) bool { return false }); rep.Passed+rep.Failed != 0 {
		t.Errorf("a filter that keeps no check game plays %d", rep.Passed+rep.Failed)
	}
	if d := content.Layout(); d.HasErrors(false) {
		t.Errorf("Layout of the starter:\n%s", d.Text())
	}
	data, err := content.Data()
	if err != nil || !sameFiles(data, built.Outputs[pipeline.DataDir]) {
		t.Errorf("Data of the loaded content (%v) is not the build's data", err)
	}

	// Content that travels between processes comes back the same: the
	// same summary, data and checks, whole (Portable) or finished here
	// from the game's preload (Preloader).
	var back ruleset.Content
	if pre, ok := s.rs.(ruleset.Preloader); ok {
		b, err := pre.Preload(base, ruleset.LoadOptions{Root: s.g.Root})
		if err != nil {
			t.Fatalf("Preload: %v", err)
		}
		if back, err = s.rs.Load(base, ruleset.LoadOptions{Root: s.g.Root, Preloaded: b}); err != nil {
			t.Fatalf("Load of the preload: %v", err)
		}
	} else if p, ok := s.rs.(ruleset.Portable); ok {
		b, err := p.Marshal(content)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		if back, err = p.Unmarshal(b); err != nil {
			t.Fatalf("Unmarshal: %v", err)
		}
	} else {
		t.Errorf("%s content is neither Portable nor a Preloader (package pipeline/ruleset): watch and serve cannot load it in their evaluation process", s.g.Name)
	}
	if back != nil {
		d2, err := back.Data()
		if err != nil || back.Summary() != content.Summary() || !sameFiles(d2, data) {
			t.Errorf("the content changed on its way between processes: %q, %q, %v", back.Summary(), content.Summary(), err)
		}
		if a, b := back.Checks(nil), content.Checks(nil); a.Passed != b.Passed || a.Failed != b.Failed {
			t.Errorf("checks after the way between processes: %d/%d, before %d/%d", a.Passed, a.Failed, b.Passed, b.Failed)
		}
	}

	// A capability the game lacks is refused in one line naming the game.
	refuse := func(what string, opts pipeline.Options) {
		opts.Content, opts.Root, opts.Cache = base, s.g.Root, s.cache
		_, err := pipeline.Run(ctx, opts)
		name := strings.ToUpper(s.g.Name[:1]) + s.g.Name[1:]
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), name) {
			t.Errorf("%s on a game without it: %v, want one line naming %s", what, err, name)
		}
	}
	if _, ok := content.(ruleset.Errata); ok {
		if _, ran := content.(ruleset.Errata).Errata(); ran {
			t.Errorf("the errata stage ran with no earlier version asked for")
		}
	} else {
		refuse("--since", pipeline.Options{Since: "v0"})
	}
	if _, ok := content.(ruleset.Exporter); !ok {
		refuse("--export", pipeline.Options{Exports: &ruleset.ExportRequest{}})
		refuse("export", pipeline.Options{Stages: pipeline.ExportStages, Exports: &ruleset.ExportRequest{TTS: true}})
	}
	if _, ok := content.(ruleset.Sheets); !ok {
		refuse("print", pipeline.Options{Stages: pipeline.PrintStages, Sheets: &ruleset.SheetRequest{Paper: "a4"}})
	}

	// A cancelled build stops with the context's error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := pipeline.Run(cctx, pipeline.Options{Content: base, Root: s.g.Root, Cache: s.cache}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled build: %v", err)
	}
}

// generic runs n seeded mutations of any text file: the three verdicts
// agree, whatever they are.
func (s *suite) generic(t *testing.T, base fstest.MapFS, n int) {
	var files []string
	for p := range base {
		if b := base[p].Data; len(b) > 0 && !bytes.ContainsRune(b, 0) && strings.Contains(p, ".") && !strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".png") {
			files = append(files, p)
		}
	}
	sort.Strings(files)
	rng := rand.New(rand.NewPCG(27, uint64(len(s.g.Name))))
	ops := []struct {
		name string
		f    func(string) string
	}{
		{"a removed line", func(src string) string {
			lines := strings.Split(src, "\n")
			i := rng.IntN(len(lines))
			return strings.Join(append(lines[:i:i], lines[i+1:]...), "\n")
		}},
		{"a number out of range", func(src string) string { return replaceOne(rng, src, number, "99999") }},
		{"a word changed", func(src string) string { return replaceOne(rng, src, word, "${0}-nosuch") }},
	}
	for i := range n {
		op, file := ops[rng.IntN(len(ops))], files[rng.IntN(len(files))]
		t.Run(fmt.Sprintf("%d %s in %s", i, op.name, file), func(t *testing.T) {
			fsys := clone(base)
			fsys[file] = &fstest.MapFile{Data: []byte(op.f(string(base[file].Data)))}
			s.agree(t, fsys, false)
		})
	}
}

var (
	number = regexp.MustCompile(`\b[0-9]+\b`)
	word   = regexp.MustCompile(`\b[a-z][a-z0-9_-]{2,}\b`)
)

func replaceOne(rng *rand.Rand, src string, re *regexp.Regexp, repl string) string {
	locs := re.FindAllStringIndex(src, -1)
	if len(locs) == 0 {
		return src
	}
	l := locs[rng.IntN(len(locs))]
	return src[:l[0]] + re.ReplaceAllString(src[l[0]:l[1]], repl) + src[l[1]:]
}

// generic is the number of generic mutations asked for
// (WBTOOL_CONFORMANCE).
func generic() int {
	n, _ := strconv.Atoi(os.Getenv("WBTOOL_CONFORMANCE"))
	return n
}

type tree struct {
	name string
	fsys fstest.MapFS
}

// kitWords are the schema kit's words (schema.ContentFile) for the odd
// content files: every game says the same about the same broken file.
var kitWords = map[string]string{
	"odd/empty.cue":  "file is empty: expected `package ",
	"odd/crlf.cue":   "file is empty: expected `package ",
	"odd/binary.cue": "file is not valid UTF-8 text: save it as UTF-8 (this byte is not)",
}

func sameWords(t *testing.T, ds diag.List) {
	t.Helper()
	for file, want := range kitWords {
		if !slices.ContainsFunc(ds, func(d diag.Diagnostic) bool {
			return strings.HasSuffix(d.Pos.File, file) && strings.HasPrefix(d.Msg, want)
		}) {
			t.Errorf("%s: no problem saying %q (the schema kit's words); got:\n%s", file, want, ds.Text())
		}
	}
}

// oddTrees are trees no designer means to write: empty, one starter file
// alone, and odd files (empty, binary, unterminated, very long, deep,
// a folder named like a file) beside the starter's game.cue, for every
// kind of file the starter has.
func oddTrees(base fstest.MapFS) []tree {
	gameFile := fstest.MapFS{}
	if f, ok := base[schema.GameFile]; ok {
		gameFile[schema.GameFile] = f
	}
	with := func(files map[string]string) fstest.MapFS {
		m := clone(gameFile)
		for p, s := range files {
			m[p] = &fstest.MapFile{Data: []byte(s)}
		}
		return m
	}
	out := []tree{{"empty", clone(gameFile)}}
	var smallest string
	exts := map[string]bool{}
	for p, f := range base {
		if p == schema.GameFile {
			continue
		}
		if smallest == "" || len(f.Data) < len(base[smallest].Data) || len(f.Data) == len(base[smallest].Data) && p < smallest {
			smallest = p
		}
		if e := path.Ext(p); e != "" && e != ".png" && e != ".jpg" {
			exts[e] = true
		}
	}
	if smallest != "" {
		m := clone(gameFile)
		m[smallest] = base[smallest]
		out = append(out, tree{"minimal " + smallest, m})
	}
	var sorted []string
	for e := range exts {
		sorted = append(sorted, e)
	}
	sort.Strings(sorted)
	for _, e := range sorted {
		out = append(out, tree{"odd " + e, with(map[string]string{
			"odd/empty" + e:        "",
			"odd/binary" + e:       "\x00\xff\xfe\x01garbage\x00",
			"odd/unterminated" + e: "{ \"",
			"odd/long" + e:         strings.Repeat("a", 200_000),
			"odd/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/deep" + e: "x",
			"odd/dir" + e + "/inside" + e:                  "x",
			"odd/crlf" + e:                                 "\r\n\r\n\t\t\r\n",
			"odd/" + strings.Repeat("n", 200) + e:          "",
			"odd/control\x1b[31m" + e:                      "\x1b[2J",
		})})
	}
	return out
}

func mutate(t *testing.T, base fstest.MapFS, m Mutation) fstest.MapFS {
	t.Helper()
	f, ok := base[m.File]
	if !ok {
		t.Fatalf("%s: the starter has no %s", m.Name, m.File)
	}
	src := string(f.Data)
	if !strings.Contains(src, m.Old) {
		t.Fatalf("%s: %s no longer holds %q: update the mutation", m.Name, m.File, m.Old)
	}
	fsys := clone(base)
	fsys[m.File] = &fstest.MapFile{Data: []byte(strings.Replace(src, m.Old, m.New, 1))}
	return fsys
}

func clone(m fstest.MapFS) fstest.MapFS {
	out := fstest.MapFS{}
	for p, f := range m {
		out[p] = f
	}
	return out
}

// publish writes a build's outputs into the folder out, as the CLI does.
func publish(t *testing.T, out string, r *pipeline.Result) {
	t.Helper()
	d, err := dist.Open(out, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Publish(r.Updates()...); err != nil {
		t.Fatal(err)
	}
}

// sameTrees compares every file of two output folders (but wbtool's
// record of them) and returns how many there are.
func sameTrees(t *testing.T, a, b string) int {
	t.Helper()
	ta, err := testtool.Tree(a, dist.StateDir)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := testtool.Tree(b, dist.StateDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(ta, "\n") {
		if strings.HasPrefix(l, "f ") {
			n++
		}
	}
	if ta != tb {
		t.Errorf("the two builds wrote different files (path, sha256):\nfirst:\n%s\nsecond:\n%s", only(ta, tb), only(tb, ta))
	}
	return n
}

// only are the lines of listing a that b lacks.
func only(a, b string) string {
	lines := strings.Split(b, "\n")
	var out []string
	for _, l := range strings.Split(a, "\n") {
		if !slices.Contains(lines, l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func sameFiles(a, b dist.Files) bool {
	if len(a) != len(b) {
		return false
	}
	for p, x := range a {
		if !bytes.Equal(x, b[p]) {
			return false
		}
	}
	return true
}
