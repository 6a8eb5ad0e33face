// Package pipeline is wbtool's one build. Every command that reads content —
// validate, build, print, check, watch, serve and the pre-commit hook —
// runs the same named stages, in order, through [Run]:
//
//	load    the content, checked against its game's schema (the loader kit, package schema)
//	errata  with --since (or set.errataSince): what changed since an
//	        earlier version, and the cards to reprint (a game's
//	        ruleset.Errata: Warbound's)
//	checks  the designers' check games, played by the rules engine
//	layout  every card laid out in both languages (text fit, fonts)
//	site    the bilingual site, in memory (rules pages, links, anchors);
//	        with CheckSite only checked, its pages not made (site.Check)
//	data    the engine data, data/catalog.json
//	print   the print-and-play sheets, print/*.pdf: the build's, or those
//	        Options.Sheets asks for (wbtool print: a game's
//	        ruleset.Sheets); and the printed rulebooks of a game with
//	        rules pages (ruleset.Rulebook, package booklet), or only them
//	        (Options.Rulebook: wbtool print --rules)
//	export  card images and Tabletop Simulator decks, export/... (only
//	        when Options.Exports asks for them: a game's ruleset.Exporter)
//
// Each stage returns files and diagnostics (package diag). The stages up
// to site are the verdict: `wbtool validate` runs them and writes nothing,
// so content that validates always builds. data and print only encode what
// the verdict stages accepted. The plan (plan.go) owns every output path,
// of every game; writing the files is the caller's (package internal/dist).
//
// The stages are the same for every game: Run reads the game a content
// tree declares and runs that game's stages through the ruleset seam
// (package pipeline/ruleset). Package pipeline knows no game: Warbound's stages
// are in package games/warbound, Warstuff's in package games/warstuff,
// each registered by importing its package.
package pipeline

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/booklet"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline/ruleset"
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

// PrintStages are the verdict and the print stage: `wbtool print` runs
// them, with Options.Sheets.
var PrintStages = []Stage{Load, Errata, Checks, Layout, Site, Print}

// ExportStages are the verdict and the export stage: `wbtool export`
// runs them, with Options.Exports.
var ExportStages = []Stage{Load, Errata, Checks, Layout, Site, Export}

// Options say what to build from which content. They are the same for
// every game; what some games take beyond them is in Game.
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
	// Versions read the earlier versions (ruleset.LoadOptions.Versions).
	Versions *ruleset.Versions
	// Date pins the PDF dates (zero: render.DefaultDate).
	Date time.Time
	// BaseURL is the address the site is published at (sitemap.xml).
	BaseURL string
	// Preview builds a site with no links to the sheets (serve has none).
	Preview bool
	// CheckSite makes the site stage check the site without making its
	// pages (site.Check: the same diagnostics, no files): for commands
	// that write no site (validate, check, print, export).
	CheckSite bool
	// Exports asks for the exports for other tools after the print stage
	// (wbtool export, build --export): the content makes them
	// (ruleset.Exporter); a game whose content makes none refuses them.
	Exports *ruleset.ExportRequest
	// Sheets, when set, makes the print stage print the sheets it asks
	// for instead of the build's (wbtool print): the content prints them
	// (ruleset.Sheets); a game whose content prints none refuses them.
	Sheets *ruleset.SheetRequest
	// Rulebook, when set, makes the print stage print the rulebooks
	// only (wbtool print --rules); without it and without Sheets, the
	// print stage prints the content's sheets and its rulebooks (a game
	// whose content has rules pages: ruleset.Rulebook).
	Rulebook *RulebookRequest

	// Rules, when set, are the rules to build with, and the content's
	// game.cue is not read: content loaded elsewhere (ruleset.Loaded:
	// watch and serve load in a budgeted child process), or a game's
	// rules holding what was loaded and the caches of incremental
	// rebuilds.
	Rules ruleset.Ruleset
	// Games are rules configured for this build, by game: a tree that
	// declares one of their games is built with them instead of the
	// registered ones.
	Games []ruleset.Ruleset
	// Game are the options the commands give whatever game the tree
	// declares (ruleset.GameOptions: the errata history, the maps' hex
	// size, the exports); passed to its Load.
	Game ruleset.GameOptions
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
	// the outputs takes over). It reports whether it took the file
	// (dist.Prestage.Take): a stage may then drop the bytes, and the
	// outputs hold the path with nil bytes, published as written (a site
	// builder writing its pages as it makes them holds none: issue 35).
	Emit func(dir, rel string, data []byte) (taken bool)
	// OneShot says the process runs this one build (the CLI's one-shot
	// commands), for a leaner peak of memory: the content is evaluated in
	// units of files, one after another (wbschema.OneShotUnitSize), and
	// the memory of its evaluation is returned to the system once it is
	// loaded (debug.FreeOSMemory: a collection of a few live MiB), so that
	// the stages after it start from a small footprint instead of adding
	// theirs to pages the collector has not returned yet (1,202 cards:
	// validate's peak RSS 144 → 125 MiB, CPU unchanged; issue 13); a
	// build that makes no output (CheckOnly) only collects it, and its
	// checks reuse those pages (runtime.GC). Not
	// for a long-lived process (watch, serve, the tests), whose other live
	// memory a forced collection would mark. The collector's pace is the
	// process's policy, the caller's (cmd/wbtool: oneShotGC, with Loaded).
	OneShot bool
	// Cache, when set, keeps each content file's evaluation between
	// loads (ruleset.LoadOptions.Cache): runs of one game on trees that
	// differ in a file or two (the conformance suite's -short runs).
	Cache *schema.Cache
	// Loaded, when set, is called once the load stage ends, whether or
	// not the content loaded, before any other stage starts: the caller
	// changes its process policy there (cmd/wbtool: the collector's pace
	// for the load, then back).
	Loaded func()
}

func (o Options) runs(s Stage) bool { return o.Stages == nil || slices.Contains(o.Stages, s) }

// CheckOnly reports whether the run makes no output (validate, check):
// the site is checked, not built, and no card is drawn.
func (o Options) CheckOnly() bool {
	return o.CheckSite && !o.runs(Data) && !o.runs(Print) && !o.exports()
}

// exports reports whether the run makes the exports.
func (o Options) exports() bool { return o.Exports != nil && o.runs(Export) }

// Result is what a build found and made.
type Result struct {
	// Game is the content's game ("warbound", "warstuff") and Content
	// the content it loaded, behind the ruleset seam (package
	// pipeline/ruleset); Content is nil when the content could not load.
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
	// Sheets are the plan paths of the sheets Options.Sheets asked for,
	// in order (ruleset.SheetSet.Paths).
	Sheets []string
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
// (package pipeline/ruleset).
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
	b := &run{ctx: ctx, opts: opts, res: &Result{Outputs: map[string]dist.Files{}}}
	err := b.stages()
	return b.res.finish(opts), err
}

// run is one build: its options, the content's rules and content, and
// the result the stages fill in, one stage after another.
type run struct {
	ctx  context.Context
	opts Options
	res  *Result

	content    ruleset.Content
	exporter   ruleset.Exporter // the content's exports, nil when it makes none
	sheets     ruleset.Sheets   // the content's sheets on demand, nil when it prints none
	errataOf   ruleset.Errata   // the content's errata, nil when it has none
	linked     []string         // the export folders the site links to
	linkedSite dist.Files       // the site's copies of linked files, when they differ
}

// stages runs the stages in order: load, errata, then the verdict
// (checks, layout, site) with the outputs (data, print) started beside
// it and kept only when it has no error, then the exports and the site's
// copies of what it links to.
func (b *run) stages() error {
	if err := b.load(); err != nil || b.content == nil {
		return err
	}
	if err := b.refuse(); err != nil {
		return err
	}
	if err := b.errata(); err != nil {
		return err
	}
	if err := b.ctx.Err(); err != nil {
		return err
	}
	v := b.startVerdict()
	outs := b.startOutputs()
	if err := b.verdict(v); err != nil {
		outs.group.Wait()
		return err
	}
	if b.res.Diagnostics.HasErrors(b.opts.Strict) {
		// what the outputs made is dropped, but for a panic: a bug to report
		return panicOf(outs.group.Wait())
	}
	if v.siteFiles != nil {
		b.res.Outputs[SiteDir] = v.siteFiles
	}
	if err := b.ctx.Err(); err != nil {
		outs.group.Wait()
		return err
	}
	kept, err := b.outputs(outs)
	if panicOf(err) != nil {
		return err
	}
	if err == nil && b.opts.exports() && kept {
		err = b.exports()
	}
	b.linkSite()
	return err
}

// timed runs stage s, unless ctx is done, and records its time.
func (b *run) timed(s Stage, f func() error) error {
	if err := b.ctx.Err(); err != nil {
		return err
	}
	t := time.Now()
	err := f()
	b.res.Times = append(b.res.Times, Timing{s, time.Since(t)})
	return err
}

// load is the load stage: it reads the game the content declares and
// loads the content with that game's rules. The content is nil when it
// could not load: its problems are the result's diagnostics.
func (b *run) load() error {
	opts, r := b.opts, b.res
	rs, problems, err := gameOf(opts)
	if rs == nil {
		r.Diagnostics = problems.InStage(string(Load))
		return err
	}
	r.Game = rs.Game()
	loadsHere := opts.Rules == nil
	var content ruleset.Content
	err = b.timed(Load, func() (err error) {
		defer crash.Recover(string(Load), &err)
		crash.Trigger(string(Load))
		c, err := rs.Load(opts.Content, ruleset.LoadOptions{Root: opts.Root, Draft: opts.Draft, Extra: opts.Extra,
			SetVersion: opts.SetVersion, Since: opts.Since, Versions: opts.Versions, CheckOnly: opts.CheckOnly(), OneShot: opts.OneShot, Game: opts.Game, Cache: opts.Cache})
		if list, ok := err.(diag.List); ok {
			r.Diagnostics = append(r.Diagnostics, list.InStage(string(Load))...)
			return nil
		}
		content = c
		return err
	})
	if opts.Loaded != nil {
		opts.Loaded()
	}
	if err != nil || content == nil {
		return err
	}
	if opts.OneShot && loadsHere {
		if opts.CheckOnly() {
			// collected, not returned: the checks reuse the load's
			// pages (faulting returned pages in again was a tenth of
			// validate's CPU on 1,202 cards; peak RSS 67 → 74 MiB)
			runtime.GC()
		} else {
			debug.FreeOSMemory()
		}
	}
	b.content = content
	r.Content = content
	r.Diagnostics = append(r.Diagnostics, content.Warnings().InStage(string(Load))...)
	return nil
}

// refuse refuses what opts ask of content that cannot make it: sheets,
// exports, errata (ruleset.Missing). The refusal of sheets and exports
// names no command (the caller does); that of an option names it.
func (b *run) refuse() error {
	opts := b.opts
	b.sheets, _ = b.content.(ruleset.Sheets)
	if opts.Sheets != nil && opts.runs(Print) && b.sheets == nil {
		return ruleset.Missing("", b.res.Game, ruleset.CapSheets)
	}
	if _, ok := b.content.(ruleset.Rulebook); opts.Rulebook != nil && opts.runs(Print) && !ok {
		return ruleset.Missing("", b.res.Game, ruleset.CapRulebook)
	}
	b.exporter, _ = b.content.(ruleset.Exporter)
	if opts.exports() && b.exporter == nil {
		cmd := "" // wbtool export
		if opts.runs(Data) {
			cmd = "--export" // wbtool build --export
		}
		return ruleset.Missing(cmd, b.res.Game, ruleset.CapExports)
	}
	if err := b.refuseLangs(); err != nil {
		return err
	}
	b.errataOf, _ = b.content.(ruleset.Errata)
	if opts.Since != "" && opts.runs(Errata) && b.errataOf == nil {
		return ruleset.Missing("--since", b.res.Game, ruleset.CapErrata)
	}
	return nil
}

// errata is the errata stage, for content that has one: the site and the
// print stage show them.
func (b *run) errata() error {
	if b.errataOf == nil || !b.opts.runs(Errata) {
		return nil
	}
	t := time.Now()
	var d diag.List
	var ran bool
	err := func() (err error) {
		defer crash.Recover(string(Errata), &err)
		crash.Trigger(string(Errata))
		d, ran = b.errataOf.Errata()
		return nil
	}()
	if err != nil {
		return err
	}
	if ran {
		b.res.Diagnostics = append(b.res.Diagnostics, d.InStage(string(Errata))...)
		b.res.Times = append(b.res.Times, Timing{Errata, time.Since(t)})
	}
	return b.ctx.Err()
}

// outcome is what a stage run on its own goroutine found.
type outcome struct {
	stage Stage
	diags diag.List
	took  time.Duration
	ran   bool
	err   error // a panic of the stage (crash.Error)
}

// verdictStages are the verdict stages running: checks, layout and site.
type verdictStages struct {
	group    errgroup.Group
	outcomes []*outcome // in stage order
	// siteFiles are the site's pages, siteErr the site stage's error
	// that is not the content's.
	siteFiles dist.Files
	siteErr   error
}

// startVerdict starts the verdict stages, which read the content only:
// checks, layout and site run at once, each with its own diagnostics and
// time, gathered in stage order by verdict. With Options.OnChecked the
// check games are played first, alone.
func (b *run) startVerdict() *verdictStages {
	opts, r, content := b.opts, b.res, b.content
	v := &verdictStages{outcomes: []*outcome{{stage: Checks}, {stage: Layout}, {stage: Site}}}
	run := func(o *outcome, f func() diag.List) {
		if !opts.runs(o.stage) {
			return
		}
		v.group.Go(func() error {
			defer crash.Recover(string(o.stage), &o.err)
			crash.Trigger(string(o.stage))
			t := time.Now()
			o.diags = f()
			o.took, o.ran = time.Since(t), true
			return nil
		})
	}
	run(v.outcomes[0], func() diag.List {
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
		v.group.Wait()
	}
	run(v.outcomes[1], func() diag.List {
		d := content.Layout()
		if opts.CheckOnly() {
			// the rulebook is part of the verdict: validate and check
			// lay it out for its problems (a build's print stage
			// reports them)
			_, probs, err := b.rulebooks(nil, "", true)
			if err != nil {
				probs = append(probs, diag.Diagnostic{Msg: "rulebook: " + err.Error()})
			}
			d = append(d, probs...)
		}
		return d
	})
	run(v.outcomes[2], func() diag.List {
		so := ruleset.SiteOptions{BaseURL: opts.BaseURL, Preview: opts.Preview, CheckOnly: opts.CheckSite}
		if opts.exports() && !so.CheckOnly {
			so.Exports = opts.Exports // the pages may link to them
		}
		if opts.Emit != nil && !so.CheckOnly {
			so.Emit = func(rel string, data []byte) bool { return opts.Emit(SiteDir, rel, data) }
		}
		files, err := content.Site(so)
		if list, ok := err.(diag.List); ok {
			return list
		}
		v.siteFiles, v.siteErr = files, err
		return nil
	})
	return v
}

// verdict waits for the verdict stages and adds their diagnostics and
// times to the result, in stage order. Its error is a stage's panic or
// the site's error that is not the content's.
func (b *run) verdict(v *verdictStages) error {
	v.group.Wait()
	for _, o := range v.outcomes {
		if o.err != nil {
			return o.err
		}
		if o.ran {
			b.res.Diagnostics = append(b.res.Diagnostics, o.diags.InStage(string(o.stage))...)
			b.res.Times = append(b.res.Times, Timing{o.stage, o.took})
		}
	}
	return v.siteErr
}

// outputStages are the output stages running: data and print.
type outputStages struct {
	group               errgroup.Group
	dataTook, printTook time.Duration
	dataFiles           dist.Files
	printFiles          dist.Files
	sheetPaths          []string // Options.Sheets: the sheets asked for
	// bookProblems are the rulebooks' problems (the print stage's)
	bookProblems diag.List
}

// startOutputs starts the data and print stages. They encode the content
// the verdict reads: they start with it, on the cores it leaves idle, and
// what they made is kept (outputs) only when the verdict has no error.
func (b *run) startOutputs() *outputStages {
	opts, content := b.opts, b.content
	o := &outputStages{}
	if opts.runs(Data) {
		o.group.Go(func() (err error) {
			defer crash.Recover(string(Data), &err)
			t := time.Now()
			defer func() { o.dataTook = time.Since(t) }()
			crash.Trigger(string(Data))
			files, err := content.Data()
			o.dataFiles = files
			emit(opts, DataDir, files)
			return err
		})
	}
	if opts.runs(Print) {
		o.group.Go(func() (err error) {
			defer crash.Recover(string(Print), &err)
			t := time.Now()
			defer func() { o.printTook = time.Since(t) }()
			crash.Trigger(string(Print))
			var files dist.Files
			switch {
			case opts.Sheets != nil:
				var set ruleset.SheetSet
				set, err = b.sheets.Sheets(b.ctx, *opts.Sheets)
				files, o.sheetPaths = set.Files, set.Paths
			case opts.Rulebook != nil:
				files, o.bookProblems, err = b.rulebooks(opts.Rulebook.Langs, opts.Rulebook.Paper, false)
				for _, l := range Langs(opts.Rulebook.Langs) {
					for _, f := range booklet.Formats(opts.Rulebook.Paper) {
						if _, ok := files[strings.TrimPrefix(RulesBook(l, f), PrintDir+"/")]; ok {
							o.sheetPaths = append(o.sheetPaths, RulesBook(l, f))
						}
					}
				}
			default:
				var books dist.Files
				var g errgroup.Group
				g.Go(func() (err error) {
					defer crash.Recover(string(Print), &err)
					books, o.bookProblems, err = b.rulebooks(nil, "", false)
					if err != nil {
						return err
					}
					aids, err := b.aidSheets()
					for k, v := range aids {
						if books == nil {
							books = dist.Files{}
						}
						books[k] = v
					}
					return err
				})
				files, err = content.Print(ruleset.PrintOptions{Version: opts.Version, Date: opts.Date})
				if berr := g.Wait(); err == nil {
					err = berr
				}
				if err == nil && len(books) > 0 {
					// the content's sheets are its own map: the books
					// join a copy
					all := make(dist.Files, len(files)+len(books))
					for k, v := range files {
						all[k] = v
					}
					for k, v := range books {
						all[k] = v
					}
					files = all
				}
			}
			o.printFiles = files
			if err == nil {
				emit(opts, PrintDir, files)
				if opts.runs(Site) && !opts.Preview {
					emit(opts, SiteDir, files, PrintDir+"/") // the site's copy, below
				}
			}
			return err
		})
	}
	return o
}

// outputs waits for the data and print stages and keeps what they made
// (kept is false when it drops them). Its error is theirs: a panic, or an
// error that is not the content's; a sheet that fails on content is
// reported like content, and no output is kept.
func (b *run) outputs(o *outputStages) (kept bool, err error) {
	err = o.group.Wait()
	if panicOf(err) != nil {
		return false, err
	}
	r := b.res
	if o.dataFiles != nil {
		r.Outputs[DataDir] = o.dataFiles
	}
	if o.printFiles != nil && err == nil {
		r.Outputs[PrintDir] = o.printFiles
		r.Sheets = o.sheetPaths
	}
	if b.opts.runs(Data) {
		r.Times = append(r.Times, Timing{Data, o.dataTook})
	}
	if b.opts.runs(Print) {
		r.Times = append(r.Times, Timing{Print, o.printTook})
	}
	if len(o.bookProblems) > 0 {
		r.Diagnostics = append(r.Diagnostics, o.bookProblems.InStage(string(Print))...)
	}
	if list, ok := err.(diag.List); ok {
		// Layout accepted every card: a sheet that fails is a bug, but
		// it is reported like content, never written half.
		r.Diagnostics = append(r.Diagnostics, list.InStage(string(Print))...)
		r.Outputs = map[string]dist.Files{}
		return false, nil
	}
	return err == nil, err
}

// exports is the export stage: the exports for other tools, made by the
// content's Exporter.
func (b *run) exports() error {
	r := b.res
	return b.timed(Export, func() (err error) {
		defer crash.Recover(string(Export), &err)
		crash.Trigger(string(Export))
		req := *b.opts.Exports
		req.SiteBaseURL = b.opts.BaseURL
		if rb, ok := b.content.(ruleset.Rulebook); ok && req.TTS && req.Deck == "" {
			if src := rb.Rulebook(); len(src.Aids) > 0 {
				req.Rulebook = &src // the aids' deck (export.TTSOptions.Rulebook)
			}
		}
		ex, err := b.exporter.Export(b.ctx, req)
		r.Diagnostics = append(r.Diagnostics, ex.Problems.InStage(string(Export))...)
		if err != nil || ex.Problems.HasErrors(b.opts.Strict) {
			return err
		}
		aids, err := b.aidImages(req)
		if err != nil {
			return err
		}
		if len(aids) > 0 {
			files := make(dist.Files, len(ex.Files)+len(aids))
			maps.Copy(files, ex.Files)
			maps.Copy(files, aids)
			ex.Files = files
		}
		r.Outputs[ExportDir] = ex.Files
		r.replace, b.linked, b.linkedSite = append(exportFolders(req), ex.Replace...), ex.Linked, ex.Site
		return nil
	})
}

// linkSite copies into the site what it links to, so that the site
// folder published alone is whole: the sheets, and the exports it links
// to (Warbound's Tabletop Simulator decks).
func (b *run) linkSite() {
	if b.opts.Preview {
		return
	}
	site := b.res.Outputs[SiteDir]
	if site == nil {
		return
	}
	for rel, data := range b.res.Outputs[PrintDir] {
		site[PrintDir+"/"+rel] = data
	}
	for rel, data := range b.res.Outputs[ExportDir] {
		for _, dir := range b.linked {
			if strings.HasPrefix(rel, dir+"/") {
				if c, ok := b.linkedSite[rel]; ok {
					data = c // the site's own copy: no local path
				}
				site[ExportDir+"/"+rel] = data
			}
		}
	}
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
