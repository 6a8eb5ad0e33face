package warbound

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// The errata stage: with `wbtool build --since REV` (pipeline.Options.Since), or
// the content's own `set: errataSince:`, the build compares the content
// with that earlier version (package changes) and adds the site's errata
// page, each card page's history and the reprint sheets (ReprintSheet):
// only the cards whose printed faces changed, per language.

// Since is an earlier version of the content.
type Since struct {
	// Version names it on the errata page and the reprint sheets: its
	// set's version, or what git describes of the revision.
	Version string
	Catalog *wbcatalog.Catalog

	once    sync.Once
	layouts *wbcards.Layouts // Catalog's cards laid out, once (watch compares with it at every save)
}

// laidOut is the earlier version's cards, laid out at the first call.
func (s *Since) laidOut() *wbcards.Layouts {
	s.once.Do(func() { s.layouts = wbcards.NewLayouts(s.Catalog) })
	return s.layouts
}

// sinceRev is the earlier version the build compares with, and where it
// was asked for: the --since flag, else the content's set.errataSince.
func (c *Content) sinceRev() (string, diag.Pos) {
	if c.since != "" {
		return c.since, diag.Pos{}
	}
	set := c.Catalog.Set
	if set.ErrataSincePos.File != "" {
		return set.ErrataSince, set.ErrataSincePos
	}
	return set.ErrataSince, set.Pos
}

// outsideContent says why the content's errataSince v names no folder
// it may name, "" when it may: a folder the content names is one of the
// content folder, named from it (the CLI reads it through the content's
// os.Root, and refuses a link out of it). A git revision never starts
// with "/" nor has a ".." path element.
func outsideContent(v string) string {
	switch p := path.Clean(filepath.ToSlash(v)); {
	case path.IsAbs(p) || filepath.IsAbs(v):
		return "an absolute path"
	case p == ".." || strings.HasPrefix(p, "../"):
		return "a path leading out of the content folder"
	}
	return ""
}

// errata runs the errata stage: nil and no diagnostic when no earlier
// version is asked for.
func (c *Content) errata() (*changes.Errata, diag.List) {
	opts, cat := c.opts, c.Catalog
	rev, pos := c.sinceRev()
	if rev == "" {
		return nil, nil
	}
	fail := func(format string, args ...any) diag.List {
		msg := fmt.Sprintf(format, args...)
		if c.since != "" {
			return diag.List{diag.Errorf(pos, "", "--since %s: %s", rev, msg)}
		}
		return diag.List{diag.Errorf(pos, "set.errataSince", "errata since %s: %s", rev, msg)}
	}
	if why := outsideContent(rev); why != "" && c.since == "" {
		return nil, fail("%s: errataSince names a git revision of the repository holding the content (such as v0.1), or a folder inside the content folder, named from it (such as _v0.1: a name starting with _ keeps its cards out of the content); wbtool build --since can name any folder", why)
	}
	if opts.LoadSince == nil {
		return nil, fail("this command cannot read an earlier version of the content")
	}
	since, err := opts.LoadSince(rev)
	if err != nil {
		return nil, fail("%v", err)
	}
	e, err := CompareSince(since, cat, c.cardLayouts())
	if err != nil {
		return nil, fail("%v", err)
	}
	var d diag.List
	if w, ok := sameVersion(e, cat); ok {
		d = append(d, w)
	}
	if opts.History != nil {
		var skipped []string
		e.Steps, skipped = history(since, opts.History(rev), cat, opts.LoadSince)
		for _, v := range skipped {
			d = append(d, diag.Warnf(pos, "", "errata since %s: version %s does not load: the cards' histories show its changes with the next version", rev, v))
		}
	}
	return e, d
}

// MaxHistory bounds the versions the card pages' histories walk
// (ruleset.MaxHistory).
const MaxHistory = ruleset.MaxHistory

// SinceLoader reads an earlier version of a Warbound tree from vs
// (Options.LoadSince): named by its set's version, else what git
// describes of the revision, else as given.
func SinceLoader(vs *ruleset.Versions) func(rev string) (*Since, error) {
	return func(rev string) (*Since, error) {
		// kept by vs: watch and serve read (and lay out) each earlier
		// version once per session
		s, err := vs.Keep(ruleset.DefaultGame+" "+rev, func() (any, error) { return loadSince(vs, rev) })
		if err != nil {
			return nil, err
		}
		return s.(*Since), nil
	}
}

// loadSince reads version rev of a Warbound tree from vs.
func loadSince(vs *ruleset.Versions, rev string) (*Since, error) {
	cat, name, err := ruleset.LoadVersion(vs, ruleset.DefaultGame, rev, func(fsys fs.FS, root string) (*wbcatalog.Catalog, error) {
		return wbschema.Load(fsys, wbschema.Options{Root: root, Draft: true})
	})
	if err != nil {
		return nil, err
	}
	version := cat.Set.Version
	if version == "" {
		version = name
	}
	return &Since{Version: version, Catalog: cat}, nil
}

// history walks the versions revs (oldest first, between since and cat)
// and returns what changed at each step, oldest first, the steps where
// nothing changed left out; nil when there is no version in between.
// Only two catalogs are held at a time (watch's LoadSince keeps what it
// read). A version that does not load is skipped: its changes show with
// the next one.
func history(since *Since, revs []string, cat *wbcatalog.Catalog, load func(string) (*Since, error)) (steps []changes.Step, skipped []string) {
	if len(revs) == 0 || load == nil {
		return nil, nil
	}
	prev, prevV := since.Catalog, since.Version
	step := func(next *wbcatalog.Catalog, v string) {
		rep, err := Compare(prev, next)
		if err == nil && len(rep.Changes) > 0 {
			steps = append(steps, changes.Step{From: prevV, To: v, Changes: rep.Changes})
		}
		prev, prevV = next, v
	}
	for _, r := range revs {
		s, err := load(r)
		if err != nil {
			skipped = append(skipped, r)
			continue
		}
		step(s.Catalog, s.Version)
	}
	step(cat, cat.Set.Version)
	return steps, skipped
}

// CompareSince compares an earlier version with cat: every change (package
// changes), and in each language the cards whose printed faces differ
// (wbcards.Layouts.Printed; a renamed card is compared with its old self,
// an added card is reprinted, and so is a card whose number changed: card
// numbers are written on the cards and move only when the designer moves
// them, wbcatalog.Numbered).
// layouts are cat's cards laid out (nil: laid out here).
func CompareSince(since *Since, cat *wbcatalog.Catalog, layouts *wbcards.Layouts) (*changes.Errata, error) {
	if !layouts.For(cat) {
		layouts = wbcards.NewLayouts(cat)
	}
	before := since.laidOut()
	rep, err := Compare(since.Catalog, cat)
	if err != nil {
		return nil, err
	}
	from := map[string]string{} // new id → old id
	for _, c := range rep.Changes {
		if c.Change == changes.Renamed && c.IsCard() {
			from[c.ID] = c.From
		}
	}
	e := &changes.Errata{From: since.Version, To: cat.Set.Version, Changes: rep.Changes, Reprint: map[wbcatalog.Lang][]string{}}
	var ids []string
	for _, k := range wbcatalog.Kinds {
		ids = append(ids, cat.CardIDs(k)...)
	}
	oldNum, curNum := wbcards.CardNumbers(since.Catalog), wbcards.CardNumbers(cat)
	reprint := make([][]string, len(wbcatalog.Langs))
	var wg sync.WaitGroup
	var panics crash.Catcher // a panic is handed to the errata stage
	for i, l := range wbcatalog.Langs {
		wg.Go(func() {
			defer panics.Catch()
			old, cur := before.Printed(l), layouts.Printed(l)
			for _, id := range ids {
				was := id
				if f, ok := from[id]; ok {
					was = f
				}
				if o, ok := old[was]; !ok || o != cur[id] || oldNum[was] != curNum[id] {
					reprint[i] = append(reprint[i], id)
				}
			}
		})
	}
	wg.Wait()
	panics.Rethrow()
	for i, l := range wbcatalog.Langs {
		if len(reprint[i]) > 0 {
			e.Reprint[l] = reprint[i]
		}
	}
	return e, nil
}

// ReprintJobs are the reprint sheets of the errata, for base's paper and
// bleed: in each language with a card to reprint, those cards.
func ReprintJobs(cat *wbcatalog.Catalog, e *changes.Errata, base wbcards.Options) []SheetJob {
	if e == nil {
		return nil
	}
	var jobs []SheetJob
	for _, l := range wbcatalog.Langs {
		ids := e.Reprint[l]
		if len(ids) == 0 {
			continue
		}
		o := base
		o.Lang = l
		o.Cards = append([]string{}, ids...)
		o.Title = fmt.Sprintf("%s %s", cat.Label("print.reprint", l), render.VersionLabel(e.From))
		jobs = append(jobs, SheetJob{Path: pipeline.ReprintSheet(l), Opts: o, Cards: o.Cards})
	}
	return jobs
}

// sameVersion is the warning of a build whose cards changed since an
// earlier version that has the set's version: reprinted cards could not
// be told from the old ones. One warning, at the set's version.
func sameVersion(e *changes.Errata, cat *wbcatalog.Catalog) (diag.Diagnostic, bool) {
	if e.From == "" || e.From != e.To {
		return diag.Diagnostic{}, false
	}
	cards := 0
	for _, c := range e.Changes {
		if c.IsCard() {
			cards++
		}
	}
	reprint := 0
	for _, ids := range e.Reprint {
		reprint = max(reprint, len(ids))
	}
	if cards == 0 && reprint == 0 {
		return diag.Diagnostic{}, false
	}
	pos := cat.Set.VersionPos
	if pos.File == "" {
		pos = cat.Set.Pos
	}
	raise := "raise `version:` in the set"
	if next := nextVersion(e.To); next != "" {
		raise += fmt.Sprintf(" (to %q, say)", next)
	}
	return diag.Warnf(pos, "set.version", "%s changed since version %s, but the set's version is still %s: %s so that the reprinted cards can be told from the old ones", diag.Plural(max(cards, reprint), "card"), e.From, e.To, raise), true
}

// nextVersion is v with its last number raised by one ("0.1" → "0.2",
// "v1.9" → "v1.10"), or "" when v does not end in a number.
func nextVersion(v string) string {
	i := len(v)
	for i > 0 && v[i-1] >= '0' && v[i-1] <= '9' {
		i--
	}
	n, err := strconv.Atoi(v[i:])
	if err != nil {
		return ""
	}
	return v[:i] + strconv.Itoa(n+1)
}
