package build

import (
	"context"
	"io/fs"
	"sync"

	"wbtool.dev/wbtool/build/ruleset"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/site"
)

// Warbound's rules behind the ruleset seam: its schema (package schema),
// catalog (package catalog), card layouts and sheets (package render,
// plan.go), site chapters (package site), engine and check-game runner
// (package engine), errata (errata.go) and translations lock (i18n.go).
//
// Warbound's stages take more than the seam's options: watch's caches
// (Options.PlayChecks, RenderSheets, CardImages, Pages, NewLayouts, a
// loaded Catalog), the set's version, the errata and the exports. Run
// binds Warbound's Ruleset to the build's Options (warbound.bind), and its
// Content fills the Result's Warbound view (Catalog, Checks, Errata).

func init() { ruleset.Register(warbound{}) }

// warbound is Warbound's [ruleset.Ruleset]. Unbound (opts nil), it loads
// with the seam's options alone.
type warbound struct {
	opts *Options
	res  *Result
}

// bind is Warbound's ruleset for one build.
func (warbound) bind(opts *Options, res *Result) ruleset.Ruleset {
	return warbound{opts: opts, res: res}
}

// Game is "warbound".
func (warbound) Game() string { return schema.DefaultGame }

// Load loads a Warbound tree (or takes Options.Catalog, loaded by watch's
// budgeted worker), with the set's version of Options.SetVersion when the
// content gives none.
func (w warbound) Load(fsys fs.FS, lo ruleset.LoadOptions) (ruleset.Content, error) {
	opts, res := w.opts, w.res
	if opts == nil {
		opts = &Options{Content: fsys, Root: lo.Root, Draft: lo.Draft, Extra: lo.Extra}
	}
	if res == nil {
		res = &Result{}
	}
	cat := opts.Catalog
	if cat == nil {
		var err error
		so := schema.Options{Root: lo.Root, Draft: lo.Draft, Extra: lo.Extra}
		if opts.OneShot {
			so.UnitSize = schema.OneShotUnitSize // one unit's evaluation in memory at a time
		}
		cat, err = schema.Load(fsys, so)
		if err != nil {
			return nil, err
		}
	}
	if cat.Set.Version == "" && opts.SetVersion != "" {
		c := *cat // the caller's catalog stays as it was
		c.Set.Version = opts.SetVersion
		cat = &c
	}
	if !cat.HasArtReader() && fsys != nil {
		// a catalog loaded elsewhere (another process) refers to its art
		// files: the drawers read them from the content folder
		c := *cat
		c.SetArtReader(schema.ArtFiles(fsys))
		cat = &c
	}
	// the translations lock: its warnings are the checks stage's, the
	// stale translations it finds are marked by the site and tagged by
	// draft printing (i18n.go)
	var lock *LockReport
	if opts.Content != nil {
		lock = CheckLock(cat, opts.Content, opts.Root)
		cat = WithStale(cat, lock, opts.Draft)
	}
	res.Catalog = cat
	// every card laid out once per language, for the layout check, the
	// site's card images and the sheets
	layouts := render.NewLayouts(cat)
	if opts.checkOnly() {
		layouts.CheckOnly() // nothing draws the cards
	}
	if opts.NewLayouts != nil {
		layouts = opts.NewLayouts(cat)
	}
	return &warboundContent{opts: opts, res: res, cat: cat, lock: lock, layouts: layouts}, nil
}

// warboundContent is a loaded Warbound tree.
type warboundContent struct {
	opts    *Options
	res     *Result
	cat     *catalog.Catalog
	lock    *LockReport // nil: no content tree to read the lock from
	layouts *render.Layouts
}

func (c *warboundContent) Summary() string { return Summary(c.cat) }

func (c *warboundContent) Warnings() diag.List { return c.cat.Warnings }

func (c *warboundContent) Drafts() []catalog.MissingText { return c.cat.Draft }

// Errata compares with the earlier version asked for (errata.go).
func (c *warboundContent) Errata() (diag.List, bool) {
	if rev, _ := sinceRev(*c.opts, c.cat); rev == "" {
		return nil, false
	}
	e, d := errata(*c.opts, c.cat, c.layouts)
	c.res.Errata = e
	return d, true
}

// Checks plays the check games (Options.PlayChecks stands in for
// PlayChecks when set); its diagnostics also hold the card texts the
// engine cannot play and the translations lock's.
func (c *warboundContent) Checks(keep func(id string) bool) ruleset.CheckReport {
	cat := c.cat
	var games []*catalog.CheckGame
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
	c.res.Checks = checks // read by Run's caller only after the verdict
	d := append(CheckDiagnostics(checks), MissingEffects(cat)...)
	if c.lock != nil {
		d = append(d, c.lock.Diagnostics()...) // stale translations, text/effect drift (i18n.go)
	}
	passed, failed := CheckCounts(checks)
	return ruleset.CheckReport{Passed: passed, Failed: failed, Diagnostics: d}
}

// Layout lays out every card in both languages at once.
func (c *warboundContent) Layout() diag.List {
	lists := make([]diag.List, len(catalog.Langs))
	var wg sync.WaitGroup
	for i, l := range catalog.Langs {
		wg.Go(func() { lists[i] = c.layouts.Check(l) })
	}
	wg.Wait()
	var d diag.List
	for _, l := range lists {
		d = append(d, l...)
	}
	return d
}

// Site is the site (package site), with the errata and the card images
// of Options.CardImages when set; only checked (site.Check) when
// CheckOnly.
func (c *warboundContent) Site(so ruleset.SiteOptions) (dist.Files, error) {
	opts := *c.opts
	opts.BaseURL, opts.Preview = so.BaseURL, so.Preview
	o := SiteOptions(opts)
	if o.CardImages == nil {
		o.CardImages = c.layouts.SVG
	}
	o.Errata = c.res.Errata
	if so.CheckOnly {
		return nil, site.Check(c.cat, o)
	}
	files, err := site.Build(c.cat, o)
	if err != nil {
		return nil, err
	}
	return dist.Files(files), nil
}

// Data is data/catalog.json.
func (c *warboundContent) Data() (dist.Files, error) {
	b, err := c.cat.JSON()
	if err != nil {
		return nil, err
	}
	return dist.Files{CatalogFile: b}, nil
}

// Print is every sheet of the plan and the reprint sheets of the errata
// (Options.RenderSheets stands in for Sheets when set).
func (c *warboundContent) Print(po ruleset.PrintOptions) (dist.Files, error) {
	sheets := c.opts.RenderSheets
	if sheets == nil {
		sheets = Sheets
	}
	cat := c.cat
	base := render.SheetOptions{Version: cat.Set.Version, Tool: po.Version, Date: po.Date, Layouts: c.layouts, Kit: render.Kit{HexSize: c.opts.HexSize}}
	return sheets(cat, append(SheetJobs(cat, base), ReprintJobs(cat, c.res.Errata, base)...))
}

// Export runs Options.Exports.
func (c *warboundContent) Export(ctx context.Context) (dist.Files, diag.List, error) {
	return c.opts.Exports.Run(ctx, c.cat)
}
