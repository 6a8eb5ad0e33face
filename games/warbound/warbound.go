// Package warbound is Warbound's rules behind the ruleset seam (package
// pipeline/ruleset): its schema (package wbschema), catalog (package catalog),
// card layouts and sheets (package render, sheets.go), site chapters
// (package site), engine and check-game runner (package engine, checks.go),
// errata (errata.go) and translations lock (i18n.go). Package pipeline runs
// its stages like any game's; importing this package registers it.
//
// Warbound's stages take options of their own for one build (Options: the
// errata history, the maps' hex size, and watch's caches and
// the catalog its budgeted worker loaded): [New] gives the rules with them,
// for pipeline.Options.Games (or pipeline.Options.Rules). The registered rules
// have none. [Of] is Warbound's view of a build's result: the catalog, the
// check games played and the errata.
package warbound

import (
	"fmt"
	"io/fs"
	"sync"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/games/warbound/wbsite"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/translations"
)

func init() { ruleset.Register(New(Options{})) }

// Options are Warbound's own options for one build, beyond the seam's
// (ruleset.LoadOptions, SiteOptions, PrintOptions). The zero value builds
// from the content alone.
type Options struct {
	// LoadSince reads the earlier version the errata compare with
	// (ruleset.LoadOptions.Since, or the content's set.errataSince). Nil:
	// read from ruleset.LoadOptions.Versions (SinceLoader), and without
	// those the errata stage reports that this command cannot read one.
	LoadSince func(rev string) (*Since, error)
	// History, when set, lists the versions between the Since revision
	// and now, oldest first (the CLI: the git tags in between, at most
	// MaxHistory): each card page's history then tells what changed at
	// each of them, read with LoadSince. Nil: LoadOptions.Versions's.
	History func(rev string) []string
	// HexSize is the hex size of the scenario maps, mm across flats (0:
	// render.DefaultHexSize).
	HexSize float64
	// Catalog, when set, is used instead of loading the content (watch
	// and serve load in a budgeted child process).
	Catalog *wbcatalog.Catalog
	// Incremental rebuilds (watch) are the pipeline with a cache: these
	// replace a stage's work by one that reuses earlier results. Nil: do
	// the work.
	PlayChecks   func(cat *wbcatalog.Catalog, games []*wbcatalog.CheckGame) []wbengine.CheckResult
	RenderSheets func(cat *wbcatalog.Catalog, jobs []SheetJob) (dist.Files, error)
	// CardImages, when set, replaces wbcards.SVG for the site's card
	// images (watch serves them from its cache).
	CardImages func(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) (front, back []byte, err error)
	// Pages keeps the site's card pages between builds (wbsite.PageCache).
	Pages *wbsite.PageCache
	// NewLayouts, when set, makes the build's card layouts (watch: with
	// the cards of the last build that did not change, Layouts.Keep).
	NewLayouts func(cat *wbcatalog.Catalog) *wbcards.Layouts
}

// rules is Warbound's [ruleset.Ruleset] with the options of one build.
type rules struct{ opts Options }

// New is Warbound's rules with opts.
func New(opts Options) ruleset.Ruleset { return rules{opts} }

// Game is "warbound".
func (rules) Game() string { return ruleset.DefaultGame }

// DataVersion is the schema version of Warbound's engine data.
func (rules) DataVersion() int { return wbcatalog.SchemaVersion }

// Load loads a Warbound tree (or takes Options.Catalog, or finishes the
// load Preload made of it in another process, lo.Preloaded), with the set's version of lo.SetVersion when the
// content gives none. Its content also reads the translations lock of
// fsys. The options of lo.Game fill those Options leaves unset.
func (w rules) Load(fsys fs.FS, lo ruleset.LoadOptions) (ruleset.Content, error) {
	w.opts.fill(lo.Game)
	cat := w.opts.Catalog
	if cat == nil && lo.Preloaded != nil {
		var err error
		if cat, err = preloaded(lo.Preloaded); err != nil {
			return nil, err
		}
	}
	if cat == nil {
		var err error
		so := wbschema.Options{Root: lo.Root, Draft: lo.Draft, Extra: lo.Extra, Cache: lo.Cache}
		if lo.OneShot {
			so.UnitSize = wbschema.OneShotUnitSize // one unit's evaluation in memory at a time
		}
		cat, err = wbschema.Load(fsys, so)
		if err != nil {
			return nil, err
		}
	}
	if cat.Set.Version == "" && lo.SetVersion != "" {
		c := *cat // the caller's catalog stays as it was
		c.Set.Version = lo.SetVersion
		cat = &c
	}
	if !cat.HasArtReader() && fsys != nil {
		// a catalog loaded elsewhere (another process) refers to its art
		// files: the drawers read them from the content folder
		c := *cat
		c.SetArtReader(wbschema.ArtFiles(fsys))
		cat = &c
	}
	// the translations lock: its warnings are the checks stage's, the
	// stale translations it finds are marked by the site and tagged by
	// draft printing (i18n.go)
	keyCat := cat
	var lock *translations.LockReport
	var lockBytes []byte
	if fsys != nil {
		lock = translations.CheckLock(texts(cat), fsys, lo.Root)
		cat = WithStale(cat, lock, lo.Draft)
		lockBytes, _ = contentfs.ReadFile(fsys, LockFile, MaxLockSize) // none: the lock's report says why
	}
	// every card laid out once per language, for the layout check, the
	// site's card images and the sheets
	layouts := wbcards.NewLayouts(cat)
	if lo.CheckOnly {
		layouts.CheckOnly() // nothing draws the cards
	}
	layouts.OneShot() // watch's are made by incremental.go (Layouts.Keep)
	if w.opts.NewLayouts != nil {
		layouts = w.opts.NewLayouts(cat)
	}
	opts := w.opts
	if opts.LoadSince == nil && lo.Versions != nil {
		opts.LoadSince = SinceLoader(lo.Versions)
	}
	if opts.History == nil && lo.Versions != nil {
		opts.History = lo.Versions.History
	}
	return &Content{opts: opts, since: lo.Since, Catalog: cat, lock: lock, layouts: layouts,
		keyCat: keyCat, draft: lo.Draft, lockBytes: lockBytes, idx: &lazyIndex{}}, nil
}

// fill sets the options left unset from the build's game options.
func (o *Options) fill(g ruleset.GameOptions) {
	if o.HexSize == 0 {
		o.HexSize = g.HexSize
	}
}

// Content is a loaded Warbound tree, and what its stages found.
type Content struct {
	opts  Options
	since string // ruleset.LoadOptions.Since
	// Catalog is the loaded content.
	Catalog *wbcatalog.Catalog
	// Played are the results of the check games played, in content
	// order (set by the checks stage).
	Played []wbengine.CheckResult
	// Changes are the changes since an earlier version, when the build
	// was asked for them (set by the errata stage, errata.go).
	Changes *changes.Errata
	lock    *translations.LockReport // nil: no content tree to read the lock from
	layouts *wbcards.Layouts

	// keyCat is the catalog before the translations lock marks its stale
	// texts, draft and lockBytes what the keys of incremental rebuilds
	// read besides (incremental.go); memo is their memo, when set.
	keyCat    *wbcatalog.Catalog
	draft     bool
	lockBytes []byte
	memo      ruleset.Memo
	idx       *lazyIndex
	// keyed makes the card keys of an incremental rebuild and readies
	// layouts (nil: not incremental); see cardLayouts.
	keyed func()
}

// WarboundCatalog is the loaded catalog, for the commands that still
// read Warbound's catalog without a capability of the seam (i18n,
// balance, play, print, export).
func (c *Content) WarboundCatalog() *wbcatalog.Catalog { return c.Catalog }

// Coverage lists the card texts the engine cannot execute and the cards
// without a check game (check --coverage), after the checks stage.
func (c *Content) Coverage() (untested []string, summary string) {
	u := wbengine.Untested(c.Catalog, c.Played)
	for _, x := range u {
		untested = append(untested, fmt.Sprintf("%s: %s %s: %s", x.Pos, x.Kind, x.ID, x.Why))
	}
	return untested, fmt.Sprintf("coverage: %s the engine cannot execute, %s without a check game", diag.Plural(len(wbengine.Manual(c.Catalog)), "card text"), diag.Plural(len(u), "card"))
}

// Of is Warbound's view of a build's result: its content, nil when the
// content could not load or is another game's.
func Of(r *pipeline.Result) *Content {
	c, _ := r.Content.(*Content)
	return c
}

func (c *Content) Summary() string { return Summary(c.Catalog) }

func (c *Content) Warnings() diag.List { return c.Catalog.Warnings }

func (c *Content) Drafts() []wbcatalog.MissingText { return c.Catalog.Draft }

// Errata compares with the earlier version asked for (errata.go).
func (c *Content) Errata() (diag.List, bool) {
	if rev, _ := c.sinceRev(); rev == "" {
		return nil, false
	}
	e, d := c.errata()
	c.Changes = e
	return d, true
}

// Checks plays the check games (Options.PlayChecks stands in for
// PlayChecks when set); its diagnostics also hold the card texts the
// engine cannot play and the translations lock's.
func (c *Content) Checks(keep func(id string) bool) ruleset.CheckReport {
	cat := c.Catalog
	var games []*wbcatalog.CheckGame
	for i := range cat.Checks {
		if keep == nil || keep(cat.Checks[i].ID) {
			games = append(games, &cat.Checks[i])
		}
	}
	play := c.opts.PlayChecks
	if play == nil {
		play = PlayChecks
	}
	checks := play(cat, games)
	c.Played = checks // read by Run's caller only after the verdict
	d := append(CheckDiagnostics(checks), MissingEffects(cat)...)
	if c.lock != nil {
		d = append(d, c.lock.Diagnostics()...) // stale translations, text/effect drift (i18n.go)
	}
	passed, failed := CheckCounts(checks)
	return ruleset.CheckReport{Passed: passed, Failed: failed, Diagnostics: d}
}

// Layout lays out every card in both languages at once.
func (c *Content) Layout() diag.List {
	lists := make([]diag.List, len(wbcatalog.Langs))
	var wg sync.WaitGroup
	var panics crash.Catcher // a panic is handed to the layout stage
	for i, l := range wbcatalog.Langs {
		wg.Go(func() {
			defer panics.Catch()
			lists[i] = c.cardLayouts().Check(l)
		})
	}
	wg.Wait()
	panics.Rethrow()
	var d diag.List
	for _, l := range lists {
		d = append(d, l...)
	}
	return d
}

// Site is the site (package site), with the errata and the card images
// of Options.CardImages when set; only checked (wbsite.Check) when
// CheckOnly.
func (c *Content) Site(so ruleset.SiteOptions) (dist.Files, error) {
	o := c.siteOptions(so)
	if o.CardImages == nil {
		o.CardImages = c.cardLayouts().SVG
	}
	o.Errata = c.Changes
	if so.CheckOnly {
		return nil, wbsite.Check(c.Catalog, o)
	}
	files, err := wbsite.Build(c.Catalog, o)
	if err != nil {
		return nil, err
	}
	c.countPages()
	return dist.Files(files), nil
}

// siteOptions are the site's options: links to the sheets the print stage
// writes beside the site, and to the Tabletop Simulator decks the export
// stage writes.
func (c *Content) siteOptions(so ruleset.SiteOptions) wbsite.Options {
	// the rules pages may link to the sheets, in a preview too: one
	// verdict (the published site holds them)
	o := wbsite.Options{BaseURL: so.BaseURL, CardImages: c.opts.CardImages, Pages: c.opts.Pages, Emit: so.Emit, Sheets: c.sheetPaths()}
	if !so.CheckOnly {
		// the designers' pages are made from the schema, not the
		// content: a check renders no page, and making the reference
		// was 14 % of validate's CPU on 1,200 cards (issue 35)
		o.Reference = siteReference()
	}
	if !so.Preview {
		o.DeckPDF, o.ReprintPDF = pipeline.DeckSheet, pipeline.ReprintSheet
		if hasCards(c.Catalog) { // else no sheet of every card (SheetJobs)
			o.CardsPDF = pipeline.CardsSheet
		}
		if so.Exports != nil && so.Exports.TTS {
			o.DeckTTS = func(id string, l wbcatalog.Lang) string { return pipeline.TTSObject(l, id) }
		}
	}
	return o
}

// sheetPaths reports whether a file of the site is a sheet the build
// copies into it (pipeline.Run: the print stage's files), for the links of
// the rules pages (wbsite.Options.Sheets); the sheets are listed at the
// first call.
func (c *Content) sheetPaths() func(p string) bool {
	var once sync.Once
	var paths map[string]bool
	return func(p string) bool {
		once.Do(func() {
			paths = map[string]bool{}
			for _, j := range append(SheetJobs(c.Catalog, wbcards.Options{}), ReprintJobs(c.Catalog, c.Changes, wbcards.Options{})...) {
				paths[j.Path] = true
			}
		})
		return paths[p]
	}
}

// Data is data/catalog.json.
func (c *Content) Data() (dist.Files, error) {
	b, err := c.Catalog.JSON()
	if err != nil {
		return nil, err
	}
	return dist.Files{pipeline.CatalogFile: b}, nil
}

// Print is every sheet of the plan and the reprint sheets of the errata
// (Options.RenderSheets stands in for Sheets when set).
func (c *Content) Print(po ruleset.PrintOptions) (dist.Files, error) {
	sheets := c.opts.RenderSheets
	if sheets == nil {
		sheets = Sheets
	}
	cat := c.Catalog
	base := wbcards.Options{SheetOptions: render.SheetOptions{Version: cat.Set.Version, Tool: po.Version, Date: po.Date}, Layouts: c.cardLayouts(), Kit: wbcards.Kit{HexSize: c.opts.HexSize}}
	return sheets(cat, append(SheetJobs(cat, base), ReprintJobs(cat, c.Changes, base)...))
}
