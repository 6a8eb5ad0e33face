// Package build is wbtool's one build. Every command that reads content —
// validate, build, print, check, watch, serve and the pre-commit hook —
// runs the same named stages, in order, through [Run]:
//
//	load    the content, checked against the rules schema (package schema)
//	errata  with --since (or set.errataSince): what changed since an
//	        earlier version, and the cards to reprint (a game's
//	        ruleset.Errata: Warbound's)
//	checks  the designers' check games, played by the rules engine
//	layout  every card laid out in both languages (text fit, fonts)
//	site    the bilingual site, in memory (rules pages, links, anchors);
//	        with CheckSite only checked, its pages not made (site.Check)
//	data    the engine data, data/catalog.json
//	print   the print-and-play sheets, print/*.pdf
//	export  card images and Tabletop Simulator decks, export/... (only
//	        when Options.Export asks for them: a game's ruleset.Exporter,
//	        Warbound's)
//
// Each stage returns files and diagnostics (package diag). The stages up
// to site are the verdict: `wbtool validate` runs them and writes nothing,
// so content that validates always builds. data and print only encode what
// the verdict stages accepted. The plan (plan.go) owns every output path,
// of every game; writing the files is the caller's (package internal/dist).
//
// The stages are the same for every game: Run reads the game a content
// tree declares and runs that game's stages through the ruleset seam
// (package build/ruleset). Package build knows no game: Warbound's stages
// are in package build/warbound, Warstuff's in package build/warstuff,
// each registered by importing its package.
package build

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/build/ruleset"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/schema"
)

// Stage names a step of the build.
type Stage string

// The stages, in the order they run.
const (
	Load   Stage = "load"
	Errata Stage = "errata"
	Checks Stage = "checks"
	Layout Stage = "layout"
	Site   Stage = "site"
	Data   Stage = "data"
	Print  Stage = "print"
	Export Stage = "export"
)

// Stages lists every stage in order.
var Stages = []Stage{Load, Errata, Checks, Layout, Site, Data, Print, Export}

// Verdict are the stages that decide whether content is valid: validate
// runs exactly these.
var Verdict = []Stage{Load, Errata, Checks, Layout, Site}

// Options say what to build from which content. They are the same for
// every game; what one game needs beyond them is its own options, given
// with its rules in Rules or Games (Warbound's: warbound.Options).
type Options struct {
	// Content is the content tree, Root the prefix shown before file
	// names in positions ("content", or the --content folder as given).
	Content fs.FS
	Root    string
	// Draft lets missing translations through with a visible placeholder.
	Draft bool
	// Extra are content files outside the tree (check games or a deck
	// file given on the command line).
	Extra []schema.File
	// Stages are the stages to run (nil: all of them). Stages after the
	// verdict run only when the verdict has no error.
	Stages []Stage
	// Strict turns warnings into errors.
	Strict bool
	// CheckFilter, when set, selects the check games to play by id.
	CheckFilter func(id string) bool

	// Version is wbtool's version (the sheets' creator).
	Version string
	// SetVersion is the set's version when the content gives none
	// (ruleset.LoadOptions.SetVersion): the CLI passes what `git
	// describe` says of the content folder.
	SetVersion string
	// Since is the earlier version the errata compare with (a git
	// revision or a folder, --since; ruleset.LoadOptions.Since); a game
	// whose content has no errata stage (ruleset.Errata) refuses it.
	Since string
	// Date pins the PDF dates (zero: render.DefaultDate).
	Date time.Time
	// BaseURL is the address the site is published at (sitemap.xml).
	BaseURL string
	// Preview builds a site with no links to the sheets (serve has none).
	Preview bool
	// CheckSite makes the site stage check the site without making its
	// pages (site.Check: the same diagnostics, no files): for commands
	// that run the verdict and write nothing (validate, check). Ignored
	// when an output stage runs (data, print, export).
	CheckSite bool
	// Export asks for the exports for other tools after the print stage
	// (wbtool build --export): the content makes them (ruleset.Exporter);
	// a game whose content makes none refuses it.
	Export bool

	// Rules, when set, are the rules to build with, and the content's
	// game.cue is not read: content loaded elsewhere (ruleset.Loaded:
	// watch and serve load in a budgeted child process), or a game's
	// rules holding what was loaded and the caches of incremental
	// rebuilds (watch: warbound.New with warbound.Options.Catalog).
	Rules ruleset.Ruleset
	// Games are rules configured for this build, by game: a tree that
	// declares one of their games is built with them instead of the
	// registered ones (the CLI gives Warbound's with its errata history,
	// hex size and exports).
	Games []ruleset.Ruleset
	// OnChecked is called once the check games are played, before the
	// layout, site and outputs, so that a watcher can report early.
	OnChecked func(*Result)
	// Emit, when set, is handed each output file as soon as its stage
	// makes it, by top-level output folder and slash path in it: the
	// site's pages and images as the site stage draws them, the data and
	// the sheets when their stage ends (a copy of the sheets for the
	// site's print folder too). It is called from several goroutines,
	// before the verdict is known, and a file may be handed twice: the
	// outputs are still Result.Outputs, Emit only lets the caller start
	// writing them (cmd/wbtool: a dist.Prestage, which a publication of
	// the outputs takes over).
	Emit func(dir, rel string, data []byte)
	// OneShot says the process runs this one build (the CLI's one-shot
	// commands), for a leaner peak of memory: the content is evaluated in
	// units of files, one after another (schema.OneShotUnitSize), and
	// the memory of its evaluation is returned to the system once it is
	// loaded (debug.FreeOSMemory: a collection of a few live MiB), so that
	// the stages after it start from a small footprint instead of adding
	// theirs to pages the collector has not returned yet (1,202 cards:
	// validate's peak RSS 144 → 125 MiB, CPU unchanged; issue 13). The load
	// runs with the collector at oneShotLoadGC unless GOGC is set. Not for
	// a long-lived process (watch, serve, the tests), whose other live
	// memory a forced collection would mark.
	OneShot bool
}

func (o Options) runs(s Stage) bool { return o.Stages == nil || slices.Contains(o.Stages, s) }

// oneShotLoadGC is the collector's GOGC during a one-shot load (then
// back to the process's): evaluated unit by unit, the load keeps little
// alive, so collecting less often costs little memory. validate of the
// 1,202-card tree, 12 rounds interleaved with GOGC set for the whole
// process (the same as for the load alone in an earlier run), load 11-14:
// GOGC 100 / 125 / 150: CPU 670 / 620 / 605 ms, peak RSS 106 / 113 / 114
// MiB (cue vet -c: 81 MiB); 200: 125 MiB, over the 1.5 times cue vet of
// issue 13. With a CUE context per unit (schema's evalUnit), 10 rounds
// paired, load 14-17: GOGC 100 → 150: 600 → 570 ms, 65 → 72 MiB; 150 →
// 250: 615 → 595 ms, 70 → 92 MiB.
const oneShotLoadGC = 150

// oneShotCheckGC is the collector's GOGC for the whole of a one-shot run
// that makes no output (validate, check), under a soft memory limit of
// oneShotCheckMemoryLimit, unless GOGC or GOMEMLIMIT is set. With the
// plain-data fast path of the schema the load keeps little alive, and the
// collector was a fifth of validate's CPU. validate of the 1,202-card
// tree, 6 rounds interleaved, load 6: GOGC 150 for the load only, then
// 100: 237 ms, 59 MiB; 800 for the whole run: 185 ms, 67 MiB (cue vet -c:
// 81 MiB); without the FreeOSMemory after the load: 185 ms, 121 MiB.
// 4 rounds, load 5-6, 1,202 cards / starter content (whose check games
// CUE evaluates): 400: 195 / 310 ms, 64 / 77 MiB; 800: 202 / 300 ms,
// 67 / 125 MiB. The memory limit bounds what a much larger tree may take
// before the collector works harder.
const (
	oneShotCheckGC          = 400
	oneShotCheckMemoryLimit = 256 << 20
)

// checkOnly reports whether the run makes no output (validate, check):
// the site is checked, not built, and no card is drawn.
func (o Options) checkOnly() bool {
	return o.CheckSite && !o.runs(Data) && !o.runs(Print) && !o.runs(Export)
}

// Result is what a build found and made.
type Result struct {
	// Game is the content's game ("warbound", "warstuff") and Content
	// the content it loaded, behind the ruleset seam (package
	// build/ruleset); Content is nil when the content could not load.
	// A game's own view of it is its package's (warbound.Of).
	Game    string
	Content ruleset.Content
	// gamePassed and gameFailed count the check games played.
	gamePassed, gameFailed int
	// Diagnostics are every error and warning, sorted.
	Diagnostics diag.List
	// Outputs are the files made, by top-level output folder ("data",
	// "print", "site"); empty when the verdict has errors.
	Outputs map[string]dist.Files
	// Times are the stages run, with their duration.
	Times []Timing
	// replace are the export folders written whole
	// (ruleset.Exports.Replace).
	replace []string
}

// Timing is the duration of one stage.
type Timing struct {
	Stage Stage
	Took  time.Duration
}

// OK reports whether the build has no error (strict: no warning either).
func (r *Result) OK(strict bool) bool { return !r.Diagnostics.HasErrors(strict) }

// Updates are the outputs as dist updates, in folder order.
func (r *Result) Updates() []dist.Update {
	var out []dist.Update
	for _, dir := range []string{DataDir, PrintDir, SiteDir} {
		if files, ok := r.Outputs[dir]; ok {
			out = append(out, dist.Update{Dir: dir, Files: files})
		}
	}
	if files, ok := r.Outputs[ExportDir]; ok {
		// other exports (another print profile) are kept
		u := dist.Update{Dir: ExportDir, Files: files, Keep: true}
		for _, p := range r.replace {
			_, rel := InDir(p)
			u.Replace = append(u.Replace, rel)
		}
		out = append(out, u)
	}
	return out
}

// Run builds the content: the stages of opts in order, stopping before
// the output stages when the verdict has an error. Content problems are
// in the result's diagnostics; the error is for everything else (the
// content folder unreadable, ctx cancelled).
//
// Run is the same for every game: it reads the game the content declares
// (game.go) and runs that game's stages through the ruleset seam
// (package build/ruleset).
//
// A panic in a stage is an error too: its report is written to a file
// that the error, a *crash.Reported, names with the stage (package
// internal/crash), so that every caller shows it as one diagnostic.
func Run(ctx context.Context, opts Options) (*Result, error) {
	r, err := runStages(ctx, opts)
	var ce *crash.Error
	if errors.As(err, &ce) {
		err = crash.Report(ce)
	}
	return r, err
}

func runStages(ctx context.Context, opts Options) (*Result, error) {
	r := &Result{Outputs: map[string]dist.Files{}}
	rs, problems, err := gameOf(opts)
	if rs == nil {
		r.Diagnostics = problems
		return r.finish(opts), err
	}
	r.Game = rs.Game()
	timed := func(s Stage, f func() error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		t := time.Now()
		err := f()
		r.Times = append(r.Times, Timing{s, time.Since(t)})
		return err
	}

	// load
	var content ruleset.Content
	loadsHere := opts.Rules == nil
	gc := -1
	checkGC := opts.OneShot && loadsHere && opts.checkOnly() && os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == ""
	if checkGC {
		prev, prevLimit := debug.SetGCPercent(oneShotCheckGC), debug.SetMemoryLimit(oneShotCheckMemoryLimit)
		defer func() {
			debug.SetGCPercent(prev)
			debug.SetMemoryLimit(prevLimit)
		}()
	} else if opts.OneShot && loadsHere && os.Getenv("GOGC") == "" {
		gc = debug.SetGCPercent(oneShotLoadGC)
	}
	err = timed(Load, func() (err error) {
		defer crash.Recover(string(Load), &err)
		crash.Trigger(string(Load))
		c, err := rs.Load(opts.Content, ruleset.LoadOptions{Root: opts.Root, Draft: opts.Draft, Extra: opts.Extra,
			SetVersion: opts.SetVersion, Since: opts.Since, CheckOnly: opts.checkOnly(), OneShot: opts.OneShot})
		if list, ok := err.(diag.List); ok {
			r.Diagnostics = append(r.Diagnostics, list...)
			return nil
		}
		content = c
		return err
	})
	if gc >= 0 {
		debug.SetGCPercent(gc)
	}
	if err != nil || content == nil {
		return r.finish(opts), err
	}
	if opts.OneShot && loadsHere {
		debug.FreeOSMemory()
	}
	r.Content = content
	r.Diagnostics = append(r.Diagnostics, content.Warnings()...)
	exporter, _ := content.(ruleset.Exporter)
	if opts.Export && opts.runs(Export) && exporter == nil {
		return r.finish(opts), fmt.Errorf("wbtool cannot export %s content (exports are made for Warbound's cards only)", gameName(r.Game))
	}
	errataOf, _ := content.(ruleset.Errata)
	if opts.Since != "" && opts.runs(Errata) && errataOf == nil {
		return r.finish(opts), fmt.Errorf("--since: wbtool cannot compare %s content with an earlier version (errata are made for Warbound's cards only)", gameName(r.Game))
	}

	// errata: the site and the print stage show them
	if errataOf != nil && opts.runs(Errata) {
		t := time.Now()
		var d diag.List
		var ran bool
		err := func() (err error) {
			defer crash.Recover(string(Errata), &err)
			crash.Trigger(string(Errata))
			d, ran = errataOf.Errata()
			return nil
		}()
		if err != nil {
			return r.finish(opts), err
		}
		if ran {
			r.Diagnostics = append(r.Diagnostics, d...)
			r.Times = append(r.Times, Timing{Errata, time.Since(t)})
		}
		if err := ctx.Err(); err != nil {
			return r.finish(opts), err
		}
	}

	// The verdict stages read the content only: checks, layout and site
	// run at once, each with its own diagnostics and time, gathered in
	// stage order.
	type outcome struct {
		stage Stage
		diags diag.List
		took  time.Duration
		ran   bool
		err   error // a panic of the stage (crash.Error)
	}
	verdict := []*outcome{{stage: Checks}, {stage: Layout}, {stage: Site}}
	var siteFiles dist.Files
	var g errgroup.Group
	run := func(o *outcome, f func() diag.List) {
		if !opts.runs(o.stage) {
			return
		}
		g.Go(func() error {
			defer crash.Recover(string(o.stage), &o.err)
			crash.Trigger(string(o.stage))
			t := time.Now()
			o.diags = f()
			o.took, o.ran = time.Since(t), true
			return nil
		})
	}
	if err := ctx.Err(); err != nil {
		return r.finish(opts), err
	}
	run(verdict[0], func() diag.List {
		start := time.Now()
		rep := content.Checks(opts.CheckFilter)
		r.gamePassed, r.gameFailed = rep.Passed, rep.Failed // read by Run's caller only after Wait
		if opts.OnChecked != nil {
			opts.OnChecked(&Result{Game: r.Game, Content: content,
				Diagnostics: rep.Diagnostics, gamePassed: rep.Passed, gameFailed: rep.Failed,
				Times: []Timing{{Checks, time.Since(start)}}})
		}
		return rep.Diagnostics
	})
	if opts.OnChecked != nil {
		// A watcher reports the check games as soon as they are played:
		// they have the cores to themselves, then the other stages start.
		g.Wait()
	}
	run(verdict[1], content.Layout)
	var siteErr error
	run(verdict[2], func() diag.List {
		so := ruleset.SiteOptions{BaseURL: opts.BaseURL, Preview: opts.Preview, CheckOnly: opts.checkOnly()}
		if opts.Emit != nil && !so.CheckOnly {
			so.Emit = func(rel string, data []byte) { opts.Emit(SiteDir, rel, data) }
		}
		files, err := content.Site(so)
		if list, ok := err.(diag.List); ok {
			return list
		}
		siteFiles, siteErr = files, err
		return nil
	})
	// data and print encode the content the verdict reads: they start
	// with it, on the cores it leaves idle, and what they made is kept
	// only when the verdict has no error.
	var outs errgroup.Group
	var dataTook, printTook time.Duration
	var dataFiles, printFiles dist.Files
	if opts.runs(Data) {
		outs.Go(func() (err error) {
			defer crash.Recover(string(Data), &err)
			t := time.Now()
			defer func() { dataTook = time.Since(t) }()
			crash.Trigger(string(Data))
			files, err := content.Data()
			dataFiles = files
			emit(opts, DataDir, files)
			return err
		})
	}
	if opts.runs(Print) {
		outs.Go(func() (err error) {
			defer crash.Recover(string(Print), &err)
			t := time.Now()
			defer func() { printTook = time.Since(t) }()
			crash.Trigger(string(Print))
			files, err := content.Print(ruleset.PrintOptions{Version: opts.Version, Date: opts.Date})
			printFiles = files
			if err == nil {
				emit(opts, PrintDir, files)
				if opts.runs(Site) && !opts.Preview {
					emit(opts, SiteDir, files, PrintDir+"/") // the site's copy, below
				}
			}
			return err
		})
	}
	g.Wait()
	for _, o := range verdict {
		if o.err != nil {
			outs.Wait()
			return r.finish(opts), o.err
		}
		if o.ran {
			r.Diagnostics = append(r.Diagnostics, o.diags...)
			r.Times = append(r.Times, Timing{o.stage, o.took})
		}
	}
	if siteErr != nil {
		outs.Wait()
		return r.finish(opts), siteErr
	}
	if r.Diagnostics.HasErrors(opts.Strict) {
		// what it made is dropped, but for a panic: a bug to report
		return r.finish(opts), panicOf(outs.Wait())
	}
	if siteFiles != nil {
		r.Outputs[SiteDir] = siteFiles
	}
	if err := ctx.Err(); err != nil {
		outs.Wait()
		return r.finish(opts), err
	}

	err = outs.Wait()
	if err := panicOf(err); err != nil {
		return r.finish(opts), err
	}
	if dataFiles != nil {
		r.Outputs[DataDir] = dataFiles
	}
	if printFiles != nil && err == nil {
		r.Outputs[PrintDir] = printFiles
	}
	if opts.runs(Data) {
		r.Times = append(r.Times, Timing{Data, dataTook})
	}
	if opts.runs(Print) {
		r.Times = append(r.Times, Timing{Print, printTook})
	}
	if list, ok := err.(diag.List); ok {
		// Layout accepted every card: a sheet that fails is a bug, but
		// it is reported like content, never written half.
		r.Diagnostics = append(r.Diagnostics, list...)
		r.Outputs = map[string]dist.Files{}
		err = nil
	}
	var linked []string // export folders the site links to
	if err == nil && opts.Export && opts.runs(Export) && len(r.Outputs) > 0 {
		err = timed(Export, func() (err error) {
			defer crash.Recover(string(Export), &err)
			crash.Trigger(string(Export))
			ex, err := exporter.Export(ctx)
			r.Diagnostics = append(r.Diagnostics, ex.Problems...)
			if err != nil || ex.Problems.HasErrors(opts.Strict) {
				return err
			}
			r.Outputs[ExportDir] = ex.Files
			r.replace, linked = ex.Replace, ex.Linked
			return nil
		})
	}
	// The site links to the sheets: it holds a copy of them, so that the
	// site folder published alone is whole.
	if site, sheets := r.Outputs[SiteDir], r.Outputs[PrintDir]; site != nil && sheets != nil && !opts.Preview {
		for rel, b := range sheets {
			site[PrintDir+"/"+rel] = b
		}
	}
	// and of the exports it links to (Warbound's Tabletop Simulator decks)
	if site, exports := r.Outputs[SiteDir], r.Outputs[ExportDir]; site != nil && exports != nil && !opts.Preview {
		for rel, b := range exports {
			for _, dir := range linked {
				if strings.HasPrefix(rel, dir+"/") {
					site[ExportDir+"/"+rel] = b
				}
			}
		}
	}
	return r.finish(opts), err
}

// panicOf is err when it is a stage's panic (crash.Error), else nil.
func panicOf(err error) error {
	var ce *crash.Error
	if errors.As(err, &ce) {
		return err
	}
	return nil
}

// emit hands files of output folder dir to Options.Emit, their paths
// under prefix.
func emit(opts Options, dir string, files dist.Files, prefix ...string) {
	if opts.Emit == nil {
		return
	}
	p := strings.Join(prefix, "")
	for rel, b := range files {
		opts.Emit(dir, p+rel, b)
	}
}

// finish sorts the diagnostics, strict or not.
func (r *Result) finish(opts Options) *Result {
	d := r.Diagnostics
	if opts.Strict {
		d = d.Strict()
	}
	r.Diagnostics = d.Sorted()
	if r.Diagnostics.HasErrors(false) {
		r.Outputs = map[string]dist.Files{}
	}
	return r
}
