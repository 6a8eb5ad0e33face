package watch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/engine"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/site"
)

// Loader loads the content for one rebuild.
type Loader interface {
	Load(ctx context.Context) (*catalog.Catalog, error)
}

// InProcess loads the content in this process with schema.Load (a fresh
// CUE context each time). It has no time budget: use it for tests and
// benchmarks, and Child for designers' content.
type InProcess struct {
	FS    fs.FS
	Root  string
	Draft bool
}

// Load implements Loader.
func (l InProcess) Load(ctx context.Context) (*catalog.Catalog, error) {
	return schema.Load(l.FS, schema.Options{Root: l.Root, Draft: l.Draft})
}

// Child loads the content in a child process with a budget.
type Child struct {
	Runner  *budget.Runner
	Request budget.Request
}

// Load implements Loader.
func (l Child) Load(ctx context.Context) (*catalog.Catalog, error) {
	cat, _, err := l.Runner.Load(ctx, l.Request)
	return cat, err
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
	Outputs Outputs
	// Version is wbtool's version (print footers, cache keys); Salt
	// tells apart two builds of the same version (e.g. two "dev"
	// binaries): cached pieces are reused only under equal Version and
	// Salt, never across wbtool versions.
	Version, Salt string
	// Site are the options of the site build. Its CardImages function
	// (render.SVG when nil, as in site.Build) is called only for the
	// cards whose images changed.
	Site  site.Options
	Print render.BuildOptions
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
	disk     *diskCache
	pruned   bool // the disk cache was pruned after a full site build
}

type cardImages struct{ front, back []byte }

type checkEntry struct {
	key    string
	result engine.CheckResult
}

// NewSession starts a session.
func NewSession(cfg Config) *Session {
	return &Session{cfg: cfg, images: map[string]cardImages{}, checks: map[string]checkEntry{},
		pdfs: map[string]string{}, written: map[string][32]byte{},
		disk: openDiskCache(cfg.CacheDir, cfg.Version, cfg.Salt)}
}

// Rebuild runs one rebuild for the changed files and reports it.
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
	cat, err := s.cfg.Loader.Load(ctx)
	r.stage("load", t)
	if err != nil {
		var list schema.Errors
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
	r.Summary = summary(cat)
	r.Drafts = len(cat.Draft)

	t = time.Now()
	ix := newIndex(cat)
	r.stage("index", t)

	t = time.Now()
	s.runChecks(cat, ix, r)
	r.stage("checks", t)
	head()

	catHash := hashOf(mustJSON(cat), rulesSource(cat), []byte(s.cfg.Version+"\x00"+s.cfg.Salt))
	if catHash == s.lastGood && !changedEverything(changed) {
		r.Unchanged = true
		return r
	}
	files, err := s.buildOutputs(cat, ix, r)
	if err != nil {
		r.OutputErrors = append(r.OutputErrors, splitErrors(err)...)
		return r
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

func changedEverything(changed []string) bool {
	return len(changed) == 1 && changed[0] == Everything
}

func rulesSource(cat *catalog.Catalog) []byte {
	var b bytes.Buffer
	for _, p := range cat.Rules {
		fmt.Fprintf(&b, "%s\x00%s\x00%d\x00", p.Lang, p.Path, len(p.Source))
		b.Write(p.Source)
	}
	return b.Bytes()
}

// runChecks plays the check games whose key changed, on all cores, and
// reuses the other results.
func (s *Session) runChecks(cat *catalog.Catalog, ix *index, r *Report) {
	salt := s.cfg.Version + "\x00" + s.cfg.Salt
	next := make(map[string]checkEntry, len(cat.Checks))
	var todo []int
	keys := make([]string, len(cat.Checks))
	for i := range cat.Checks {
		c := &cat.Checks[i]
		prev, ok := s.checks[c.ID]
		keys[i] = ix.checkKey(salt, c.ID, prev.result.Cards)
		if ok && prev.key == keys[i] {
			next[c.ID] = prev
			continue
		}
		todo = append(todo, i)
	}
	results := make([]engine.CheckResult, len(todo))
	var wg sync.WaitGroup
	work := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				results[j] = engine.RunCheck(cat, &cat.Checks[todo[j]])
			}
		}()
	}
	for j := range todo {
		work <- j
	}
	close(work)
	wg.Wait()
	for _, res := range results {
		// The key may name more cards now that the run listed them: key
		// it with those, so that the next rebuild compares like with like.
		next[res.ID] = checkEntry{key: ix.checkKey(salt, res.ID, res.Cards), result: res}
	}
	s.checks = next
	r.Checks.Rerun = len(todo)
	r.Checks.Reused = len(cat.Checks) - len(todo)
	for i := range cat.Checks {
		res := next[cat.Checks[i].ID].result
		switch {
		case res.Err != nil:
			r.Checks.Failed++
			r.Checks.Failures = append(r.Checks.Failures, fmt.Sprintf("%s: check %s: %s", res.Err.Pos, res.ID, res.Err.Msg))
		case res.Failure != nil:
			r.Checks.Failed++
			f := res.Failure
			r.Checks.Failures = append(r.Checks.Failures, fmt.Sprintf("%s: check %s: step %d (%s): %s", f.Pos, res.ID, f.Step, f.What, f.Msg))
		default:
			r.Checks.Passed++
		}
	}
}

// buildOutputs computes the outputs in memory: the catalog JSON, the site
// (with cached card images) and the print sheets of the languages whose
// cards changed, site and sheets in parallel.
func (s *Session) buildOutputs(cat *catalog.Catalog, ix *index, r *Report) (dist.Files, error) {
	files := dist.Files{}
	salt := s.cfg.Version + "\x00" + s.cfg.Salt
	if s.cfg.Outputs.Data {
		t := time.Now()
		data, err := cat.JSON()
		if err != nil {
			return nil, err
		}
		files["data/catalog.json"] = data
		r.stage("data", t)
	}

	// Card keys, once per card and language.
	var ids []string
	for _, k := range catalog.Kinds {
		ids = append(ids, cat.CardIDs(k)...)
	}
	keys := map[catalog.Lang]map[string]string{}
	for _, l := range catalog.Langs {
		keys[l] = make(map[string]string, len(ids))
		for _, id := range ids {
			keys[l][id] = ix.cardKey(salt, id, l)
		}
	}

	var wg sync.WaitGroup
	var siteFiles site.Files
	var siteErr, printErr error
	var rendered, reused, fromDisk int
	if s.cfg.Outputs.Site {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			siteFiles, rendered, reused, fromDisk, siteErr = s.buildSite(cat, keys)
			r.stageAt("site", t, time.Since(t))
		}()
	}
	var pdfs map[string][]byte
	if s.cfg.Outputs.Print {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			pdfs, printErr = s.buildPrint(cat, ids, keys, ix, r)
			r.stageAt("print", t, time.Since(t))
		}()
	}
	wg.Wait()
	if err := errors.Join(siteErr, printErr); err != nil {
		return nil, err
	}
	r.Images.Rendered, r.Images.Reused, r.Images.FromDisk = rendered, reused, fromDisk
	for p, b := range siteFiles {
		files["site/"+p] = b
	}
	r.Site = siteFiles
	for p, b := range pdfs {
		files[p] = b
	}
	return files, nil
}

// buildSite builds the site with the card images of unchanged cards taken
// from the cache (memory, then disk).
func (s *Session) buildSite(cat *catalog.Catalog, keys map[catalog.Lang]map[string]string) (files site.Files, rendered, reused, fromDisk int, err error) {
	var mu sync.Mutex
	used := map[string]cardImages{}
	opts := s.cfg.Site
	inner := opts.CardImages
	if inner == nil {
		inner = render.SVG // what site.Build uses when CardImages is nil
	}
	opts.CardImages = func(c *catalog.Catalog, id string, l catalog.Lang) ([]byte, []byte, error) {
		key := keys[l][id]
		if key == "" {
			return inner(c, id, l)
		}
		mu.Lock()
		img, ok := s.images[key]
		if !ok {
			img, ok = used[key]
		}
		mu.Unlock()
		counter := &reused
		if !ok {
			if img, ok = s.disk.get(key); ok {
				counter = &fromDisk
			}
		}
		if !ok {
			front, back, err := inner(c, id, l)
			if err != nil {
				return nil, nil, err
			}
			img = cardImages{front, back}
			s.disk.put(key, img)
			counter = &rendered
		}
		mu.Lock()
		*counter++
		used[key] = img
		mu.Unlock()
		return img.front, img.back, nil
	}
	files, err = site.Build(cat, opts)
	if err != nil {
		return nil, 0, 0, 0, err
	}
	// Keep only the images of the current cards: the cache never grows
	// past one site's worth (on disk, from the first full build on).
	s.images = used
	if !s.pruned {
		s.disk.prune(used)
		s.pruned = true
	}
	return files, rendered, reused, fromDisk, nil
}

// buildPrint renders the sheets `wbtool build` writes — every card per
// language, and every deck per language — but only those whose cards
// changed (a sheet's key hashes the keys of its cards, in order).
func (s *Session) buildPrint(cat *catalog.Catalog, ids []string, keys map[catalog.Lang]map[string]string, ix *index, r *Report) (map[string][]byte, error) {
	type job struct {
		name string
		key  string
		opts render.SheetOptions
	}
	var jobs []job
	current := map[string]string{}
	o := s.cfg.Print
	for _, l := range catalog.Langs {
		base := render.SheetOptions{Lang: l, Version: s.cfg.Version, Date: o.Date, Paper: o.Paper, Bleed: o.Bleed}
		add := func(name string, cards []string, so render.SheetOptions) {
			parts := [][]byte{[]byte(fmt.Sprintf("print\x00%s\x00%s\x00%s\x00%+v", s.cfg.Version, s.cfg.Salt, name, o)), []byte(ix.render[l])}
			for _, id := range cards {
				parts = append(parts, []byte(id+"\x00"+keys[l][id]))
			}
			key := hashOf(parts...)
			current[name] = key
			if s.pdfs[name] != key {
				jobs = append(jobs, job{name, key, so})
			}
		}
		add("print/cards-"+string(l)+".pdf", ids, base)
		for _, d := range cat.Decks {
			so := base
			so.Cards = append([]string{}, d.Cards...)
			add(render.DeckSheetPath(d.ID, l), d.Cards, so)
		}
	}
	out := map[string][]byte{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	var errs []error
	work := make(chan job)
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				pdf, err := render.Sheets(cat, j.opts)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					out[j.name] = pdf
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	if len(errs) > 0 {
		// The same card error shows in every sheet holding the card.
		return nil, errors.Join(dedupErrors(errs)...)
	}
	for _, j := range jobs {
		s.pdfs[j.name] = j.key
	}
	// Sheets of decks that no longer exist.
	for name := range s.pdfs {
		if _, ok := current[name]; !ok {
			delete(s.pdfs, name)
			r.removePrint = append(r.removePrint, name)
		}
	}
	return out, nil
}

// dedupErrors drops errors whose text repeats an earlier one.
func dedupErrors(errs []error) []error {
	seen := map[string]bool{}
	var out []error
	for _, e := range errs {
		for _, line := range splitErrors(e) {
			if !seen[line] {
				seen[line] = true
				out = append(out, errors.New(line))
			}
		}
	}
	return out
}

// write puts the outputs on disk as one new generation of the output
// folder (see package dist): only the folders whose files changed are
// published, and unchanged files are shared with the current ones, so a
// one-card edit rewrites a handful of files. A kill at any moment leaves
// the outputs of one rebuild.
func (s *Session) write(files dist.Files, r *Report) error {
	if s.out == nil {
		d, err := dist.Open(s.cfg.Out, s.cfg.Content)
		if err != nil {
			return err
		}
		s.out = d
	}
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
	// Data and site are built whole each time; print holds only the
	// sheets that changed, except on the first write of the session.
	for dir, f := range folders {
		f.full = dir != "print" || !s.wrote("print/")
	}
	for p := range s.written {
		dir, _, _ := strings.Cut(p, "/")
		if f := folders[dir]; f != nil && f.full {
			if _, ok := hashes[p]; !ok {
				f.removed = append(f.removed, p)
			}
		}
	}
	for _, p := range r.removePrint {
		if _, ok := s.written[p]; ok {
			get("print").removed = append(get("print").removed, p)
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

// splitErrors turns a joined error into its lines.
func splitErrors(err error) []string {
	var out []string
	for _, line := range strings.Split(err.Error(), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// summary is the one-line description of a loaded catalog (as `wbtool
// validate` prints it, shorter).
func summary(cat *catalog.Catalog) string {
	return fmt.Sprintf("%d Characters, %d Leaders, %d Upgrades, %d Objectives, %d skills, %d scenarios, %d decks, %d check games, %d rules pages",
		len(cat.Characters), len(cat.Leaders), len(cat.Equipment)+len(cat.Formations)+len(cat.Vocations),
		len(cat.Objectives), len(cat.Skills), len(cat.Scenarios), len(cat.Decks), len(cat.Checks), len(cat.Rules))
}
