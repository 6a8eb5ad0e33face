package watch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// Loader loads the content for one rebuild.
type Loader interface {
	Load(ctx context.Context) (*wbcatalog.Catalog, error)
}

// InProcess loads the content in this process with wbschema.Load (a fresh
// CUE context each time). It has no time budget: use it for tests and
// benchmarks, and Child for designers' content.
type InProcess struct {
	FS    fs.FS
	Root  string
	Draft bool
}

// Load implements Loader.
func (l InProcess) Load(ctx context.Context) (*wbcatalog.Catalog, error) {
	return wbschema.Load(l.FS, wbschema.Options{Root: l.Root, Draft: l.Draft})
}

// Child loads the content in a child process with a budget.
type Child struct {
	Runner  *budget.Runner
	Request budget.Request
}

// Load implements Loader.
func (l Child) Load(ctx context.Context) (*wbcatalog.Catalog, error) {
	cat, _, err := l.Runner.Load(ctx, l.Request)
	return cat, err
}

// ContentLoader is a Loader that loads a tree of any game (package
// pipeline/ruleset) with its budget: Warbound's catalog, or another game's
// content. Worker is one; a Loader that is not loads other games' trees
// in the rebuild, in this process.
type ContentLoader interface {
	LoadContent(ctx context.Context) (budget.Loaded, error)
}

// Worker loads the content in a long-lived child process with a budget
// per load, which keeps each file's evaluation between loads: after a
// save, only the saved file is evaluated again (budget.Worker). It is what
// watch and serve use, for every game.
type Worker struct{ W *budget.Worker }

// Load implements Loader.
func (l Worker) Load(ctx context.Context) (*wbcatalog.Catalog, error) {
	cat, _, err := l.W.Load(ctx)
	return cat, err
}

// LoadContent implements ContentLoader.
func (l Worker) LoadContent(ctx context.Context) (budget.Loaded, error) {
	ld, _, err := l.W.LoadContent(ctx)
	return ld, err
}

// Outputs selects what a session builds.
type Outputs struct {
	Data  bool // data/catalog.json
	Site  bool // site/...
	Print bool // print/cards-<lang>.pdf
}

// AllOutputs builds everything.
var AllOutputs = Outputs{Data: true, Site: true, Print: true}

// Config configures a Session.
type Config struct {
	Loader Loader
	// Out is the output folder; "" keeps the outputs in memory only (as
	// `wbtool serve` does). wbtool owns the folders it writes there and
	// nothing else (package dist).
	Out string
	// Content is the content folder on disk ("" for embedded content):
	// an output folder overlapping it is refused.
	Content string
	// ContentFS is the content tree as the pipeline reads it besides the
	// CUE files (the translations lock); nil: none.
	ContentFS fs.FS
	// Root is the prefix of positions in the content (another game's tree
	// is loaded here, see rebuildGame).
	Root    string
	Outputs Outputs
	// Version is wbtool's version (print footers, cache keys); Salt
	// tells apart two builds of the same version (e.g. two "dev"
	// binaries): cached pieces are reused only under equal Version and
	// Salt, never across wbtool versions.
	Version, Salt string
	// Site are the options of the site build: its BaseURL, and its
	// CardImages function (wbcards.SVG when nil, as in site.Build), called
	// only for the cards whose images changed.
	Site site.Options
	// Preview builds a site without links to the sheets (serve).
	Preview bool
	// Date is the date printed on the sheets.
	Date time.Time
	// SetVersion, when set, is the set's version when the content gives
	// none, asked at every rebuild (the CLI: what git describes of the
	// content folder, which a commit or a save changes), as build does.
	SetVersion func() string
	// Since is the earlier version the errata compare with (--since; ""
	// takes the content's set.errataSince), LoadSince reads it, as in
	// pipeline.Options. The session reads each revision once and keeps it:
	// a branch name that moves is read again by the next session.
	Since     string
	LoadSince func(rev string) (*warbound.Since, error)
	// History lists the versions between Since and now (pipeline.Options).
	History func(rev string) []string
	// Draft says the loader lets missing translations through: the
	// sheets and card images then tag the stale translations, as a
	// draft build does.
	Draft bool
	// CacheDir, when set, keeps rendered card images on disk across
	// sessions (in a folder per wbtool version and build); `wbtool watch`
	// uses <out>/.wbtool/cache.
	CacheDir string
	// OnChecked, when set, is called once per rebuild as soon as the head
	// of the report is known (content loaded or refused, checks played),
	// before the outputs are built.
	OnChecked func(*Report)
}

// Session is a sequence of rebuilds of one content tree. It keeps what the
// last rebuild made, keyed by content hashes, and redoes only what a
// change affects: the card images of changed cards, the check games whose
// cards, boards or text changed, the PDF of a language only when one of
// its cards changed, and on disk only the files whose bytes changed. It
// holds nothing else between rebuilds (no CUE value, no catalog), so its
// memory stays flat.
type Session struct {
	cfg Config
	seq int

	images map[string]cardImages // by card key
	checks map[string]checkEntry // by check id
	pdfs   map[string]string     // print output -> key of its last render
	// written maps output files (slash paths under Out) to the hash of
	// the bytes last written there.
	written map[string][32]byte
	out     *dist.Dir // opened at the first write
	// lastGood is the hash of the last catalog that built.
	lastGood string
	// lastGoodGame is the sum of the last other game's content that built
	// (rebuildGame).
	lastGoodGame [32]byte
	// prev is the last catalog that loaded: the next save's changes are
	// told against it (package changes).
	prev   *wbcatalog.Catalog
	disk   *diskCache
	pruned bool // the disk cache was pruned after a full site build
	// since are the earlier versions read for the errata, by revision
	since map[string]*warbound.Since
	// pages are the site's card pages of the last build, by what each
	// reads: only those whose inputs changed are rendered again.
	pages *site.PageCache
	// layouts are the cards laid out by the last build, layoutKeys the
	// keys they were laid out under (layoutKeys).
	layouts    *wbcards.Layouts
	layoutKeys map[string]string
	// sheetPages are the compressed pages of the last sheets printed:
	// a sheet printed again compresses only its pages that changed.
	sheetPages *render.PageCache
}

type cardImages struct{ front, back []byte }

type checkEntry struct {
	key    string
	result wbengine.CheckResult
}

// NewSession starts a session.
func NewSession(cfg Config) *Session {
	return &Session{cfg: cfg, images: map[string]cardImages{}, checks: map[string]checkEntry{},
		pdfs: map[string]string{}, written: map[string][32]byte{}, since: map[string]*warbound.Since{},
		disk: openDiskCache(cfg.CacheDir, cfg.Version, cfg.Salt), pages: site.NewPageCache(),
		sheetPages: render.NewPageCache()}
}

// Rebuild runs one rebuild for the changed files and reports it. The
// rebuild is `wbtool build`'s pipeline (package pipeline) on the catalog the
// loader returns, with this session's caches standing in for the work of
// the check games, the card images and the sheets that did not change.
func (s *Session) Rebuild(ctx context.Context, changed []string) *Report {
	s.seq++
	r := &Report{Seq: s.seq, Changed: changed}
	start := time.Now()
	headDone := false
	head := func() {
		r.Checked = time.Since(start)
		headDone = true
		if s.cfg.OnChecked != nil {
			s.cfg.OnChecked(r)
		}
	}
	defer func() {
		r.Total = time.Since(start)
		if !headDone {
			head()
		}
	}()

	t := time.Now()
	var cat *wbcatalog.Catalog
	var err error
	if cl, ok := s.cfg.Loader.(ContentLoader); ok {
		var ld budget.Loaded
		ld, err = cl.LoadContent(ctx)
		if err == nil && ld.Other != nil {
			r.stage("load", t)
			s.rebuildGame(ctx, r, &ld, changed)
			return r
		}
		cat = ld.Catalog
	} else {
		if s.cfg.ContentFS != nil {
			if game, _, err := ruleset.GameOf(s.cfg.ContentFS, s.cfg.Root); err != nil || game != ruleset.DefaultGame {
				s.rebuildGame(ctx, r, nil, changed)
				return r
			}
		}
		cat, err = s.cfg.Loader.Load(ctx)
	}
	r.stage("load", t)
	if err != nil {
		var list diag.List
		var ex *budget.ExceededError
		switch {
		case ctx.Err() != nil:
			r.Canceled = true
		case errors.As(err, &list):
			for _, d := range list {
				r.Errors = append(r.Errors, d.String())
			}
			r.ErrorSummary = list.Summary()
		case errors.As(err, &ex):
			r.Budget = ex
		default:
			r.Errors = []string{err.Error()}
		}
		return r
	}
	if !cat.HasArtReader() && s.cfg.ContentFS != nil {
		// a catalog from the budgeted child refers to its art files:
		// the drawers read them from the content folder
		cat.SetArtReader(wbschema.ArtFiles(s.cfg.ContentFS))
	}
	if s.cfg.SetVersion != nil && cat.Set.Version == "" {
		// before the keys: the images print the version
		if v := s.cfg.SetVersion(); v != "" {
			c := *cat
			c.Set.Version = v
			cat = &c
		}
	}
	r.Summary = summary(cat)
	r.Drafts = len(cat.Draft)
	t = time.Now()
	r.Changes = s.changes(cat)
	r.stage("changes", t)

	t = time.Now()
	ix := newIndex(cat)
	salt := s.cfg.Version + "\x00" + s.cfg.Salt
	// The translations lock says which translations are stale: the site
	// marks them, and draft sheets and images tag them.
	lock := s.lockBytes()
	if s.cfg.Draft {
		salt += "\x00" + hashOf(lock)
	}
	catHash := hashOf(mustJSON(cat), artHashes(cat), rulesSource(cat), []byte(salt), lock, []byte(s.cfg.Since))
	r.stage("index", t)

	// The same catalog as the last good build: its layout, site and
	// outputs are those already written.
	unchanged := catHash == s.lastGood && !changedEverything(changed)
	stages := []pipeline.Stage{pipeline.Load, pipeline.Errata, pipeline.Checks}
	if !unchanged {
		stages = append(stages, pipeline.Layout, pipeline.Site)
		if s.cfg.Outputs.Data {
			stages = append(stages, pipeline.Data)
		}
		if s.cfg.Outputs.Print {
			stages = append(stages, pipeline.Print)
		}
	}
	keys := s.cardKeys(cat, ix, salt)
	lkeys := layoutKeys(cat, keys)
	var layouts *wbcards.Layouts
	checkDiags := map[string]bool{}
	images := &imageCounts{}
	rules := warbound.New(warbound.Options{
		Catalog:   cat,
		LoadSince: s.loadSince,
		History:   s.cfg.History,
		PlayChecks: func(cat *wbcatalog.Catalog, games []*wbcatalog.CheckGame) []wbengine.CheckResult {
			return s.playChecks(cat, ix, salt, games, r)
		},
		CardImages: s.cardImages(keys, images),
		Pages:      s.pages,
		NewLayouts: func(cat *wbcatalog.Catalog) *wbcards.Layouts {
			layouts = wbcards.NewLayouts(cat)
			layouts.Keep(s.layouts, func(l wbcatalog.Lang, id string) bool {
				k, ok := lkeys[id]
				return ok && s.layoutKeys[id] == k
			})
			return layouts
		},
		RenderSheets: func(cat *wbcatalog.Catalog, jobs []warbound.SheetJob) (dist.Files, error) {
			return s.renderSheets(cat, ix, keys, jobs, r)
		},
	})
	res, err := pipeline.Run(ctx, pipeline.Options{
		Content: s.cfg.ContentFS,
		Rules:   rules,
		Stages:  stages,
		Version: s.cfg.Version,
		Date:    s.cfg.Date,
		BaseURL: s.cfg.Site.BaseURL,
		Preview: s.cfg.Preview,
		Draft:   s.cfg.Draft,
		Since:   s.cfg.Since,
		OnChecked: func(res *pipeline.Result) {
			played := warbound.Of(res).Played
			for _, d := range warbound.CheckDiagnostics(played) {
				checkDiags[d.String()] = true
				r.Checks.Failures = append(r.Checks.Failures, d.String())
			}
			r.Checks.Passed, r.Checks.Failed = warbound.CheckCounts(played)
			r.stageAt("checks", time.Time{}, res.Times[len(res.Times)-1].Took)
			head()
		},
	})
	if err != nil {
		if ctx.Err() != nil {
			r.Canceled = true
		} else {
			r.OutputErrors = append(r.OutputErrors, err.Error())
		}
		return r
	}
	if layouts != nil {
		// what a card's layout reads is in its key: kept even when the
		// build has errors (a card laid out with a diagnostic is not)
		s.layouts, s.layoutKeys = layouts, lkeys
	}
	for _, tm := range res.Times[1:] {
		if tm.Stage != pipeline.Checks {
			r.stageAt(string(tm.Stage), time.Time{}, tm.Took)
		}
	}
	for _, d := range res.Diagnostics {
		switch {
		case checkDiags[d.String()]:
		case d.Severity == diag.Warning:
			r.Warnings = append(r.Warnings, d.String())
		default:
			r.OutputErrors = append(r.OutputErrors, d.String())
		}
	}
	if unchanged {
		r.Unchanged = true
		return r
	}
	if !res.OK(false) {
		return r
	}
	r.Images.Rendered, r.Images.Reused, r.Images.FromDisk = images.rendered, images.reused, images.fromDisk
	r.Pages.Rendered, r.Pages.Reused = s.pages.Rendered, s.pages.Reused
	s.images = images.used
	if !s.pruned && s.cfg.Outputs.Site {
		s.disk.prune(images.used)
		s.pruned = true
	}
	files := outputFiles(res)
	if s.cfg.Outputs.Site {
		r.Site = site.Files(res.Outputs[pipeline.SiteDir])
	} else {
		for p := range files {
			if strings.HasPrefix(p, pipeline.SiteDir+"/") {
				delete(files, p)
			}
		}
	}
	if s.cfg.Out == "" && r.Site != nil {
		r.Outputs = append(r.Outputs, fmt.Sprintf("site (%d files, in memory)", len(r.Site)))
	}
	if s.cfg.Out != "" {
		t = time.Now()
		if err := s.write(files, r); err != nil {
			r.OutputErrors = append(r.OutputErrors, err.Error())
			return r
		}
		r.stage("write", t)
	}
	s.lastGood = catHash
	return r
}

// rebuildGame rebuilds a tree of another game than Warbound (its
// game.cue names it, package pipeline/ruleset) with the same pipeline: on the
// content the loader's budgeted child loaded (ld), or, with a loader that
// loads Warbound only (ld nil), loading it here. The same content as the
// last good build (equal sums of the child's answer) plays the check games
// again and keeps the outputs already written; otherwise the outputs are
// made again and only the files whose bytes changed are written. Its
// report is that of a Warbound rebuild.
func (s *Session) rebuildGame(ctx context.Context, r *Report, ld *budget.Loaded, changed []string) {
	unchanged := ld != nil && ld.Sum == s.lastGoodGame && !changedEverything(changed)
	stages := []pipeline.Stage{pipeline.Load, pipeline.Checks}
	if !unchanged {
		stages = append(stages, pipeline.Layout, pipeline.Site)
		if s.cfg.Outputs.Data {
			stages = append(stages, pipeline.Data)
		}
		if s.cfg.Outputs.Print {
			stages = append(stages, pipeline.Print)
		}
	}
	opts := pipeline.Options{Content: s.cfg.ContentFS, Root: s.cfg.Root, Stages: stages, Draft: s.cfg.Draft,
		Version: s.cfg.Version, Date: s.cfg.Date, BaseURL: s.cfg.Site.BaseURL, Preview: s.cfg.Preview,
		Since: s.cfg.Since, Games: []ruleset.Ruleset{warbound.New(warbound.Options{LoadSince: s.cfg.LoadSince})}}
	if ld != nil {
		opts.Rules = ld.Other
	}
	res, err := pipeline.Run(ctx, opts)
	if err != nil {
		if ctx.Err() != nil {
			r.Canceled = true
		} else {
			r.OutputErrors = append(r.OutputErrors, err.Error())
		}
		return
	}
	for _, tm := range res.Times {
		if ld == nil || tm.Stage != pipeline.Load { // else timed as the child's
			r.stageAt(string(tm.Stage), time.Time{}, tm.Took)
		}
	}
	if res.Content == nil {
		for _, d := range res.Diagnostics {
			r.Errors = append(r.Errors, d.String())
		}
		r.ErrorSummary = res.Diagnostics.Summary()
		return
	}
	r.Summary = res.Summary()
	r.Drafts = len(res.Drafts())
	r.Checks.Passed, r.Checks.Failed = res.CheckCounts()
	for _, d := range res.Diagnostics {
		if d.Severity == diag.Warning {
			r.Warnings = append(r.Warnings, d.String())
		} else {
			r.OutputErrors = append(r.OutputErrors, d.String())
		}
	}
	if unchanged {
		r.Unchanged = true
		return
	}
	if !res.OK(false) {
		return
	}
	files := outputFiles(res)
	if s.cfg.Outputs.Site {
		r.Site = site.Files(res.Outputs[pipeline.SiteDir])
	}
	if s.cfg.Out == "" && r.Site != nil {
		r.Outputs = append(r.Outputs, fmt.Sprintf("site (%d files, in memory)", len(r.Site)))
	}
	if s.cfg.Out != "" {
		t := time.Now()
		if err := s.write(files, r); err != nil {
			r.OutputErrors = append(r.OutputErrors, err.Error())
			return
		}
		r.stage("write", t)
	}
	if ld != nil {
		s.lastGoodGame = ld.Sum
	}
}

// outputFiles are a build's outputs by slash path under the output folder.
func outputFiles(res *pipeline.Result) dist.Files {
	files := dist.Files{}
	for dir, fs := range res.Outputs {
		for p, b := range fs {
			files[dir+"/"+p] = b
		}
	}
	return files
}

// maxChangeLines bounds the changes a rebuild lists.
const maxChangeLines = 12

// changes are what this catalog changed since the last one that loaded,
// as `wbtool diff` tells them, one line each.
func (s *Session) changes(cat *wbcatalog.Catalog) []string {
	prev := s.prev
	s.prev = cat
	if prev == nil {
		return nil
	}
	rep, err := warbound.Compare(prev, cat)
	if err != nil {
		return []string{"changes: " + err.Error()}
	}
	return rep.Lines(maxChangeLines)
}

func changedEverything(changed []string) bool {
	return len(changed) == 1 && changed[0] == Everything
}

// loadSince reads an earlier version for the errata once per session
// (Config.LoadSince): its catalog and its laid-out cards are kept.
func (s *Session) loadSince(rev string) (*warbound.Since, error) {
	if since, ok := s.since[rev]; ok {
		return since, nil
	}
	if s.cfg.LoadSince == nil {
		return nil, errors.New("this command cannot read an earlier version of the content")
	}
	since, err := s.cfg.LoadSince(rev)
	if err != nil {
		return nil, err
	}
	s.since[rev] = since
	return since, nil
}

// lockBytes are the bytes of the content's translations lock, nil when
// there is none (or it cannot be read: the build reports why).
func (s *Session) lockBytes() []byte {
	if s.cfg.ContentFS == nil {
		return nil
	}
	b, err := contentfs.ReadFile(s.cfg.ContentFS, warbound.LockFile, warbound.MaxLockSize)
	if err != nil {
		return nil
	}
	return b
}

func rulesSource(cat *wbcatalog.Catalog) []byte {
	var b bytes.Buffer
	for _, p := range cat.Rules {
		fmt.Fprintf(&b, "%s\x00%s\x00%d\x00", p.Lang, p.Path, len(p.Source))
		b.Write(p.Source)
	}
	return b.Bytes()
}

// playChecks plays the check games whose key changed, on all cores, and
// reuses the other results.
func (s *Session) playChecks(cat *wbcatalog.Catalog, ix *index, salt string, games []*wbcatalog.CheckGame, r *Report) []wbengine.CheckResult {
	next := make(map[string]checkEntry, len(games))
	var todo []*wbcatalog.CheckGame
	keys := make(map[string]string, len(games))
	for _, c := range games {
		prev, ok := s.checks[c.ID]
		keys[c.ID] = ix.checkKey(salt, c.ID, prev.result.Cards)
		if ok && prev.key == keys[c.ID] {
			next[c.ID] = prev
			continue
		}
		todo = append(todo, c)
	}
	for _, res := range warbound.PlayChecks(cat, todo) {
		// The key may name more cards now that the run listed them: key
		// it with those, so that the next rebuild compares like with like.
		next[res.ID] = checkEntry{key: ix.checkKey(salt, res.ID, res.Cards), result: res}
	}
	s.checks = next
	r.Checks.Rerun = len(todo)
	r.Checks.Reused = len(games) - len(todo)
	out := make([]wbengine.CheckResult, len(games))
	for i, c := range games {
		out[i] = next[c.ID].result
	}
	return out
}

// cardKeys are the cache keys of every card in every language.
func (s *Session) cardKeys(cat *wbcatalog.Catalog, ix *index, salt string) map[wbcatalog.Lang]map[string]string {
	var ids []string
	for _, k := range wbcatalog.Kinds {
		ids = append(ids, cat.CardIDs(k)...)
	}
	keys := map[wbcatalog.Lang]map[string]string{}
	for _, l := range wbcatalog.Langs {
		keys[l] = make(map[string]string, len(ids))
		for _, id := range ids {
			keys[l][id] = ix.cardKey(salt, id, l)
		}
	}
	return keys
}

// artHashes lists the hashes of the cards' art, which the catalog's JSON
// leaves out: new bytes under the same file name change the outputs.
func artHashes(cat *wbcatalog.Catalog) []byte {
	var b []byte
	for _, a := range cat.ArtFields() {
		if *a != nil {
			b = append(append(b, (*a).Hash...), 0)
		} else {
			b = append(b, 1)
		}
	}
	return b
}

// layoutKeys are the keys of the cards' layouts: the card's keys in both
// languages (a draft build shows a missing translation in the other
// language) and its art's format (its bytes are in the keys).
func layoutKeys(cat *wbcatalog.Catalog, keys map[wbcatalog.Lang]map[string]string) map[string]string {
	out := map[string]string{}
	for id := range keys[wbcatalog.Langs[0]] {
		k := ""
		for _, l := range wbcatalog.Langs {
			k += keys[l][id] + "\x00"
		}
		if a := cat.CardArt(id); a != nil {
			k += a.Hash + "\x00" + a.Format
		}
		out[id] = k
	}
	return out
}

// imageCounts counts the card images of one rebuild by where they came
// from, and keeps those used.
type imageCounts struct {
	mu                         sync.Mutex
	rendered, reused, fromDisk int
	used                       map[string]cardImages
}

// cardImages is the site's card image function with the images of
// unchanged cards taken from the cache (memory, then disk).
func (s *Session) cardImages(keys map[wbcatalog.Lang]map[string]string, n *imageCounts) func(*wbcatalog.Catalog, string, wbcatalog.Lang) ([]byte, []byte, error) {
	n.used = map[string]cardImages{}
	inner := s.cfg.Site.CardImages
	if inner == nil {
		inner = wbcards.SVG // what site.Build uses when CardImages is nil
	}
	return func(c *wbcatalog.Catalog, id string, l wbcatalog.Lang) ([]byte, []byte, error) {
		key := keys[l][id]
		if key == "" {
			return inner(c, id, l)
		}
		n.mu.Lock()
		img, ok := s.images[key]
		if !ok {
			img, ok = n.used[key]
		}
		n.mu.Unlock()
		counter := &n.reused
		if !ok {
			if img, ok = s.disk.get(key); ok {
				counter = &n.fromDisk
			}
		}
		if !ok {
			front, back, err := inner(c, id, l)
			if err != nil {
				return nil, nil, err
			}
			img = cardImages{front, back}
			s.disk.put(key, img)
			counter = &n.rendered
		}
		n.mu.Lock()
		*counter++
		n.used[key] = img
		n.mu.Unlock()
		return img.front, img.back, nil
	}
}

// renderSheets renders the sheets whose cards changed (a sheet's key
// hashes the keys of its cards, in order) and reads the others back from
// the output folder, where the last rebuild wrote them (the site keeps a
// copy of every sheet, so the print stage returns them all). A sheet that
// cannot be read back is rendered again.
func (s *Session) renderSheets(cat *wbcatalog.Catalog, ix *index, keys map[wbcatalog.Lang]map[string]string, jobs []warbound.SheetJob, r *Report) (dist.Files, error) {
	var todo []warbound.SheetJob
	current := map[string]string{}
	out := dist.Files{}
	for _, j := range jobs {
		l := j.Opts.Lang
		cards := j.Cards
		if cards == nil {
			for _, k := range wbcatalog.Kinds {
				cards = append(cards, cat.CardIDs(k)...)
			}
		}
		parts := [][]byte{[]byte(fmt.Sprintf("print\x00%s\x00%s\x00%s\x00%+v", s.cfg.Version, s.cfg.Salt, j.Path, j.Opts)), []byte(ix.render[l])}
		for _, id := range cards {
			parts = append(parts, []byte(id+"\x00"+keys[l][id]))
		}
		key := hashOf(parts...)
		current[j.Path] = key
		if s.pdfs[j.Path] == key && s.cfg.Out != "" {
			if b, err := s.readBack(j.Path); err == nil {
				_, rel := pipeline.InDir(j.Path)
				out[rel] = b
				continue
			}
		}
		j.Opts.Pages = s.sheetPages
		todo = append(todo, j)
	}
	files, err := warbound.Sheets(cat, todo)
	r.SheetPages.Compressed, r.SheetPages.Reused = s.sheetPages.Compressed, s.sheetPages.Reused
	s.sheetPages.Sweep() // what these sheets did not use
	if err != nil {
		return nil, err
	}
	for _, j := range todo {
		s.pdfs[j.Path] = current[j.Path]
		_, rel := pipeline.InDir(j.Path)
		out[rel] = files[rel]
	}
	for name := range s.pdfs {
		if _, ok := current[name]; !ok {
			delete(s.pdfs, name) // a deck that is gone
		}
	}
	return out, nil
}

// readBack reads an output file the session wrote, checking that its
// bytes are still those it wrote.
func (s *Session) readBack(p string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(s.cfg.Out, filepath.FromSlash(p)))
	if err != nil {
		return nil, err
	}
	if h, ok := s.written[p]; !ok || h != sha256.Sum256(b) {
		return nil, fmt.Errorf("%s changed since it was written", p)
	}
	return b, nil
}

// write puts the outputs on disk as one new generation of the output
// folder (see package dist): only the folders whose files changed are
// published, and unchanged files are shared with the current ones, so a
// one-card edit rewrites a handful of files. A kill at any moment leaves
// the outputs of one rebuild.
//
// When another process (a build in another terminal) has written the
// output folder since the last rebuild, every folder is published again,
// so the outputs never mix two commands' folders.
func (s *Session) write(files dist.Files, r *Report) error {
	if s.out == nil {
		d, err := dist.Open(s.cfg.Out, s.cfg.Content)
		if err != nil {
			return err
		}
		d.PublishesChangesOnly()
		s.out = d
	}
	err := s.publish(files, r)
	if errors.Is(err, dist.ErrWrittenElsewhere) {
		err = s.publish(files, r) // s.written is empty: every folder
	}
	return err
}

// publish publishes the folders whose files changed since s.written.
func (s *Session) publish(files dist.Files, r *Report) error {
	type folder struct {
		files   dist.Files
		changed []string
		removed []string
		full    bool // files are the whole folder
	}
	folders := map[string]*folder{}
	get := func(dir string) *folder {
		if folders[dir] == nil {
			folders[dir] = &folder{files: dist.Files{}}
		}
		return folders[dir]
	}
	hashes := map[string][32]byte{}
	for p, b := range files {
		dir, rel, _ := strings.Cut(p, "/")
		f := get(dir)
		f.files[rel] = b
		h := sha256.Sum256(b)
		hashes[p] = h
		if old, ok := s.written[p]; !ok || old != h {
			f.changed = append(f.changed, p)
		}
	}
	// Every folder is built whole each time.
	for _, f := range folders {
		f.full = true
	}
	for p := range s.written {
		dir, _, _ := strings.Cut(p, "/")
		if f := folders[dir]; f != nil && f.full {
			if _, ok := hashes[p]; !ok {
				f.removed = append(f.removed, p)
			}
		}
	}
	var updates []dist.Update
	var dirs []string
	for dir, f := range folders {
		if len(f.changed)+len(f.removed) == 0 && s.wrote(dir+"/") {
			continue
		}
		u := dist.Update{Dir: dir, Files: f.files, Keep: !f.full}
		for _, p := range f.removed {
			u.Remove = append(u.Remove, strings.TrimPrefix(p, dir+"/"))
		}
		updates = append(updates, u)
		dirs = append(dirs, dir)
	}
	if len(updates) == 0 {
		return nil
	}
	hadSite := s.wrote("site/")
	if _, err := s.out.Publish(updates...); err != nil {
		// The next rebuild writes everything again.
		s.written = map[string][32]byte{}
		return err
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		f := folders[dir]
		for _, p := range f.removed {
			delete(s.written, p)
		}
		for _, p := range f.changed {
			s.written[p] = hashes[p]
		}
		sort.Strings(f.changed)
		sort.Strings(f.removed)
		if dir == "site" {
			if !hadSite {
				r.Outputs = append(r.Outputs, fmt.Sprintf("site (%d files)", len(f.files)))
			} else {
				r.Outputs = append(r.Outputs, fmt.Sprintf("site (%d of %d files)", len(f.changed)+len(f.removed), len(f.files)))
			}
			continue
		}
		r.Outputs = append(r.Outputs, f.changed...)
		for _, p := range f.removed {
			r.Outputs = append(r.Outputs, "removed "+p)
		}
	}
	return nil
}

// wrote reports whether the session has written files under prefix.
func (s *Session) wrote(prefix string) bool {
	for p := range s.written {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// summary is the one-line description of a loaded catalog (as `wbtool
// validate` prints it, shorter).
func summary(cat *wbcatalog.Catalog) string {
	return fmt.Sprintf("%d Characters, %d Leaders, %d Upgrades, %d Objectives, %d skills, %d scenarios, %d decks, %d check games, %d rules pages",
		len(cat.Characters), len(cat.Leaders), len(cat.Equipment)+len(cat.Formations)+len(cat.Vocations),
		len(cat.Objectives), len(cat.Skills), len(cat.Scenarios), len(cat.Decks), len(cat.Checks), len(cat.Rules))
}
