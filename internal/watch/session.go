package watch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/site"
)

// Loader loads the content for one rebuild, with its budget: the content
// of any game (package pipeline/ruleset), whole or as the game's preload,
// which the session hands to the game's rules to finish
// (ruleset.LoadOptions.Preloaded).
type Loader interface {
	LoadContent(ctx context.Context) (budget.Loaded, error)
}

// InProcess loads the content in this process, through the rules of the
// game its game.cue names, with no time budget: use it for tests and
// benchmarks, and Worker for designers' content. With no FS it loads
// Config.ContentFS.
type InProcess struct {
	FS    fs.FS
	Root  string
	Draft bool
}

// LoadContent implements Loader: the content is loaded by the session
// itself (Session.load).
func (l InProcess) LoadContent(ctx context.Context) (budget.Loaded, error) {
	return budget.Loaded{}, nil
}

// Child loads the content in a child process with a budget.
type Child struct {
	Runner  *budget.Runner
	Request budget.Request
}

// LoadContent implements Loader.
func (l Child) LoadContent(ctx context.Context) (budget.Loaded, error) {
	ld, _, err := l.Runner.Load(ctx, l.Request)
	return ld, err
}

// Worker loads the content in a long-lived child process with a budget
// per load, which keeps each file's evaluation between loads: after a
// save, only the saved file is evaluated again (budget.Worker). It is what
// watch and serve use, for every game.
type Worker struct{ W *budget.Worker }

// LoadContent implements Loader.
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
	// CUE files (the translations lock, the art); nil: none.
	ContentFS fs.FS
	// Root is the prefix of positions in the content.
	Root    string
	Outputs Outputs
	// Version is wbtool's version (print footers, cache keys); Salt
	// tells apart two builds of the same version (e.g. two "dev"
	// binaries): cached pieces are reused only under equal Version and
	// Salt, never across wbtool versions.
	Version, Salt string
	// BaseURL is the address the site is published at (sitemap.xml).
	BaseURL string
	// Preview builds a site without links to the sheets (serve).
	Preview bool
	// Date is the date printed on the sheets.
	Date time.Time
	// SetVersion, when set, is the set's version when the content gives
	// none, asked at every rebuild (the CLI: what git describes of the
	// content folder, which a commit or a save changes), as build does.
	SetVersion func() string
	// Since is the earlier version the errata compare with (--since; ""
	// takes the content's own), as in pipeline.Options; Versions read it
	// (the session keeps one Versions, so each revision is read once: a
	// branch name that moves is read again by the next session). Game
	// are the options the games take (the maps' hex size).
	Since    string
	Versions *ruleset.Versions
	Game     ruleset.GameOptions
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

// Session is a sequence of rebuilds of one content tree. For a game
// whose content is incremental (ruleset.Incremental) it keeps what the
// last rebuild made, keyed by what the game says each item reads, and
// redoes only what a change affects: the check games whose key changed,
// the card layouts and images of changed cards, the PDF holding one, and
// on disk only the files whose bytes changed. Another game's rebuild
// makes every output again and writes only the files whose bytes
// changed. The session holds nothing else between rebuilds (no CUE
// value), so its memory stays flat.
type Session struct {
	cfg Config
	seq int

	images map[string]cardImages // by card key
	checks map[string]checkEntry // by check id
	made   map[string]string     // output path -> key it was made under (Memo.Made)
	kept   map[string]kept       // Memo.Keep, by name
	shared map[string]any        // Memo.Shared, by name
	// written maps output files (slash paths under Out) to the hash of
	// the bytes last written there.
	written map[string][32]byte
	// sums are the SHA-256 of the bytes each output was last made of,
	// by the slice they were in (weakly: the session keeps no output
	// alive): an output made again from the very same slice (a page the
	// game kept, a card image of the memo) is not hashed again.
	sums map[string]sliceSum
	out  *dist.Dir // opened at the first write
	// lastGood is the key of the last content that built: the game's
	// (ruleset.Incremental.Key), else the sum of what the child loaded.
	lastGood string
	// prev is the last content that loaded, and its game: the next
	// save's changes are told against it.
	prev     ruleset.Content
	prevGame string
	disk     *diskCache
	pruned   bool // the disk cache was pruned after a full site build
}

type cardImages struct{ front, back []byte }

// NewSession starts a session.
func NewSession(cfg Config) *Session {
	return &Session{cfg: cfg, images: map[string]cardImages{}, checks: map[string]checkEntry{},
		made: map[string]string{}, kept: map[string]kept{}, shared: map[string]any{},
		written: map[string][32]byte{},
		disk:    openDiskCache(cfg.CacheDir, cfg.Version, cfg.Salt)}
}

// loaded is what a rebuild's load stage gave.
type loaded struct {
	game    string
	content ruleset.Content
	// sum is the key of the child's answer ("" when it loaded here).
	sum string
}

// load loads the content: in the loader's child, then through the game's
// rules here (a game's preload from the child, or a tree an InProcess
// loader leaves to the session).
func (s *Session) load(ctx context.Context) (loaded, error) {
	fsys, root, draft := s.cfg.ContentFS, s.cfg.Root, s.cfg.Draft
	var ld budget.Loaded
	if ip, ok := s.cfg.Loader.(InProcess); ok {
		if ip.FS != nil {
			fsys, root, draft = ip.FS, ip.Root, ip.Draft || draft
		}
	} else {
		var err error
		if ld, err = s.cfg.Loader.LoadContent(ctx); err != nil {
			return loaded{}, err
		}
		if ld.Content != nil {
			return loaded{game: ld.Game, content: ld.Content, sum: hex.EncodeToString(ld.Sum[:])}, nil
		}
	}
	game := ld.Game
	if ld.Preloaded == nil && fsys != nil {
		g, pos, err := ruleset.GameOf(fsys, root)
		if err != nil {
			return loaded{}, err
		}
		if _, known := ruleset.Lookup(g); !known {
			return loaded{}, ruleset.Unknown(g, pos)
		}
		game = g
	}
	if game == "" {
		game = ruleset.DefaultGame
	}
	rs, ok := ruleset.Lookup(game)
	if !ok {
		return loaded{}, fmt.Errorf("this program has no rules for the %s game", ruleset.Title(game))
	}
	lo := ruleset.LoadOptions{Root: root, Draft: draft, Since: s.cfg.Since, Versions: s.cfg.Versions, Game: s.cfg.Game}
	if ld.Preloaded != nil {
		// the child evaluated the tree; the game finishes the load here,
		// reading the files beside the content from the session's folder
		lo.Preloaded = ld.Preloaded
		fsys = s.cfg.ContentFS
	}
	if s.cfg.SetVersion != nil {
		lo.SetVersion = s.cfg.SetVersion()
	}
	c, err := rs.Load(fsys, lo)
	if err != nil {
		return loaded{}, err
	}
	out := loaded{game: game, content: c}
	if ld.Preloaded != nil {
		out.sum = hex.EncodeToString(ld.Sum[:])
	}
	return out, nil
}

// maxChangeLines bounds the changes a rebuild lists.
const maxChangeLines = 12

// Rebuild runs one rebuild for the changed files and reports it. The
// rebuild is `wbtool build`'s pipeline (package pipeline) on the content
// the loader returns, with this session's memo standing in for the work
// that did not change (for an incremental game).
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
	ld, err := s.load(ctx)
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
	content := ld.content
	r.Summary = content.Summary()
	key := ld.sum
	var m *memo
	if inc, ok := content.(ruleset.Incremental); ok {
		r.Summary = inc.Brief()
		t = time.Now()
		if s.prev != nil && s.prevGame == ld.game {
			r.Changes = inc.ChangedSince(s.prev, maxChangeLines)
		}
		r.stage("changes", t)
		t = time.Now()
		salt := s.cfg.Version + "\x00" + s.cfg.Salt
		key = inc.Key(salt)
		m = newMemo(s, salt)
		content = inc.Incrementally(m)
		r.stage("index", t)
	}
	s.prev, s.prevGame = ld.content, ld.game
	if d, ok := content.(ruleset.Drafter); ok {
		r.Drafts = len(d.Drafts())
	}

	// The same content as the last good build: its layout, site and
	// outputs are those already written.
	unchanged := key != "" && key == s.lastGood && !changedEverything(changed)
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
	failures := map[string]bool{}
	res, err := pipeline.Run(ctx, pipeline.Options{
		Content: s.cfg.ContentFS,
		Root:    s.cfg.Root,
		Rules:   ruleset.Loaded{GameName: ld.game, Content: content},
		Stages:  stages,
		Version: s.cfg.Version,
		Date:    s.cfg.Date,
		BaseURL: s.cfg.BaseURL,
		Preview: s.cfg.Preview,
		Draft:   s.cfg.Draft,
		Since:   s.cfg.Since,
		OnChecked: func(res *pipeline.Result) {
			for _, d := range res.Diagnostics {
				if d.Stage == string(pipeline.Checks) && d.Severity == diag.Error {
					failures[d.String()] = true
					r.Checks.Failures = append(r.Checks.Failures, d.String())
				}
			}
			r.Checks.Passed, r.Checks.Failed = res.CheckCounts()
			if m != nil {
				r.Checks.Rerun, r.Checks.Reused = m.rerun, m.unchanged
			} else {
				r.Checks.Rerun = r.Checks.Passed + r.Checks.Failed // every one, every time
			}
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
	if m != nil {
		// what an item reads is in its key: kept even when the build has
		// errors (a card laid out with a diagnostic is not)
		m.ran()
	}
	for _, tm := range res.Times[1:] {
		if tm.Stage != pipeline.Checks {
			r.stageAt(string(tm.Stage), time.Time{}, tm.Took)
		}
	}
	for _, d := range res.Diagnostics {
		switch {
		case failures[d.String()]:
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
	if m != nil {
		r.Images.Rendered, r.Images.Reused, r.Images.FromDisk = m.rendered, m.reused, m.fromDisk
		r.Pages.Rendered, r.Pages.Reused = m.counts[ruleset.CountPagesRendered], m.counts[ruleset.CountPagesReused]
		r.SheetPages.Compressed, r.SheetPages.Reused = m.counts[ruleset.CountSheetCompressed], m.counts[ruleset.CountSheetReused]
		s.images = m.used
		if !s.pruned && s.cfg.Outputs.Site {
			s.disk.prune(m.used)
			s.pruned = true
		}
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
	s.lastGood = key
	return r
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

func changedEverything(changed []string) bool {
	return len(changed) == 1 && changed[0] == Everything
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
		sums    map[string][32]byte // by rel, for dist: hashed once
		changed []string
		removed []string
		full    bool // files are the whole folder
	}
	folders := map[string]*folder{}
	get := func(dir string) *folder {
		if folders[dir] == nil {
			folders[dir] = &folder{files: dist.Files{}, sums: map[string][32]byte{}}
		}
		return folders[dir]
	}
	hashes, _ := s.hashOutputs(files)
	for p, b := range files {
		dir, rel, _ := strings.Cut(p, "/")
		f := get(dir)
		f.files[rel] = b
		h := hashes[p]
		f.sums[rel] = h
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
		u := dist.Update{Dir: dir, Files: f.files, Keep: !f.full, Sums: f.sums}
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

// sliceSum is the SHA-256 of an output's bytes and the slice they were
// in: its first byte, weakly, and its length.
type sliceSum struct {
	sum [32]byte
	at  weak.Pointer[byte]
	n   int
}

// hashOutputs is the SHA-256 of every file, by path: the one of the last
// rebuild for a file made of the very same slice (outputs never change
// once made), the others hashed on every core; hashed is how many were. A
// one-card edit of the 1,202-card tree hashed all of its 110 MB of
// outputs on every save, and the publication hashed them again (issue 35).
func (s *Session) hashOutputs(files dist.Files) (sums map[string][32]byte, hashed int) {
	refs := make(map[string]sliceSum, len(files))
	var todo []string
	for p, b := range files {
		r := sliceSum{n: len(b)}
		if len(b) > 0 {
			r.at = weak.Make(&b[0])
		}
		if old, ok := s.sums[p]; ok && len(b) > 0 && old.at == r.at && old.n == r.n {
			r.sum = old.sum
		} else {
			todo = append(todo, p)
		}
		refs[p] = r
	}
	// a file published twice (the print folder's PDFs and the site's
	// copy of them) is the same slice: hashed once
	type slice struct {
		at weak.Pointer[byte]
		n  int
	}
	firsts := make(map[slice]int, len(todo))
	copyOf := make([]int, len(todo)) // the first path of the same slice, or -1
	for i, p := range todo {
		r := refs[p]
		k := slice{r.at, r.n}
		copyOf[i] = -1
		if j, ok := firsts[k]; ok && r.n > 0 {
			copyOf[i] = j
		} else {
			firsts[k] = i
		}
	}
	got := make([][32]byte, len(todo))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(todo); i = int(next.Add(1) - 1) {
				if copyOf[i] < 0 {
					got[i] = sha256.Sum256(files[todo[i]])
				}
			}
		})
	}
	wg.Wait()
	hashed = len(todo)
	for i, j := range copyOf {
		if j >= 0 {
			got[i] = got[j]
			hashed--
		}
	}
	for i, p := range todo {
		r := refs[p]
		r.sum = got[i]
		refs[p] = r
	}
	s.sums = refs
	sums = make(map[string][32]byte, len(refs))
	for p, r := range refs {
		sums[p] = r.sum
	}
	return sums, hashed
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
