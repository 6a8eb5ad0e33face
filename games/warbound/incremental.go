package warbound

import (
	"bytes"
	"fmt"
	"sync"
	"wbtool.dev/wbtool/games/warbound/wbcards"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
	"wbtool.dev/wbtool/games/warbound/wbsite"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// Warbound's incremental rebuilds (ruleset.Incremental, for watch and
// serve): its items are its cards, keyed per language by what their
// images show (keys.go), and its check games, keyed by everything they
// read, positions included. A rebuild replays the check games whose key
// changed, lays out and draws the cards whose key changed, and prints
// again only the sheets holding one of them; the memo (package
// internal/watch) keeps the rest.

// The names of what Warbound keeps in a ruleset.Memo.
const (
	memoLayouts    = "warbound layouts"
	memoPages      = "warbound site pages"
	memoSheetPages = "warbound sheet pages"
)

// WatchedFiles are the files besides .cue and .md whose change rebuilds:
// the translations lock.
func (rules) WatchedFiles() []string { return []string{LockFile} }

// Brief is the summary of a watch report.
func (c *Content) Brief() string {
	cat := c.keyCat
	return fmt.Sprintf("%d Characters, %d Leaders, %d Upgrades, %d Objectives, %d skills, %d scenarios, %d decks, %d check games, %d rules pages",
		len(cat.Characters), len(cat.Leaders), len(cat.Equipment)+len(cat.Formations)+len(cat.Vocations),
		len(cat.Objectives), len(cat.Skills), len(cat.Scenarios), len(cat.Decks), len(cat.Checks), len(cat.Rules))
}

// ChangedSince is the changes since prev, as `wbtool diff` tells them.
func (c *Content) ChangedSince(prev ruleset.Content, max int) []string {
	p, ok := prev.(*Content)
	if !ok {
		return nil
	}
	rep, err := Compare(p.keyCat, c.keyCat)
	if err != nil {
		return []string{"changes: " + err.Error()}
	}
	return rep.Lines(max)
}

// salted is salt with, in draft mode, the translations lock: it says
// which translations are stale, which draft sheets and images tag.
func (c *Content) salted(salt string) string {
	if c.draft {
		salt += "\x00" + hashOf(c.lockBytes)
	}
	return salt
}

// lazyIndex is the content's keys, made at the first call.
type lazyIndex struct {
	once sync.Once
	ix   *index
}

// index is the content's keys, made once.
func (c *Content) index() *index {
	c.idx.once.Do(func() { c.idx.ix = newIndex(c.keyCat) })
	return c.idx.ix
}

// Key hashes the catalog, its art and rules pages, the translations lock
// and the errata's revision.
func (c *Content) Key(salt string) string {
	c.index()
	cat := c.keyCat
	return hashOf(mustJSON(cat), artHashes(cat), rulesSource(cat), []byte(c.salted(salt)), c.lockBytes, []byte(c.since))
}

// Incrementally is the content with its check games, card layouts, card
// images, site pages and sheets taken from m when their keys did not
// change.
func (c *Content) Incrementally(m ruleset.Memo) ruleset.Content {
	ix := c.index()
	salt := c.salted(m.Salt())
	n := *c
	n.memo = m
	// The cards' keys are made when a stage after the check games first
	// needs them (the layout, a card image, a sheet): a save's check
	// games are reported without waiting for them (issue 35).
	var keys map[wbcatalog.Lang]map[string]string
	layouts := wbcards.NewLayouts(n.Catalog)
	n.layouts = layouts
	n.keyed = sync.OnceFunc(func() {
		keys = cardKeys(c.keyCat, ix, salt)
		lkeys := layoutKeys(c.Catalog, keys)
		if prev, pkeys := m.Kept(memoLayouts); prev != nil {
			layouts.Keep(prev.(*wbcards.Layouts), func(l wbcatalog.Lang, id string) bool {
				k, ok := lkeys[id]
				return ok && pkeys[id] == k
			})
		}
		m.Keep(memoLayouts, layouts, lkeys)
	})
	o := &n.opts
	o.PlayChecks = func(cat *wbcatalog.Catalog, games []*wbcatalog.CheckGame) []wbengine.CheckResult {
		byID := make(map[string]*wbcatalog.CheckGame, len(games))
		ids := make([]string, len(games))
		for i, g := range games {
			ids[i], byID[g.ID] = g.ID, g
		}
		runs := m.Checks(ids, func(id string, reads []string) string { return ix.checkKey(salt, id, reads) },
			func(todo []string) []ruleset.CheckRun {
				play := make([]*wbcatalog.CheckGame, len(todo))
				for i, id := range todo {
					play[i] = byID[id]
				}
				var out []ruleset.CheckRun
				for _, res := range PlayChecks(cat, play) {
					out = append(out, ruleset.CheckRun{ID: res.ID, Reads: res.Cards, Result: res})
				}
				return out
			})
		out := make([]wbengine.CheckResult, len(runs))
		for i, r := range runs {
			out[i] = r.Result.(wbengine.CheckResult)
		}
		return out
	}
	o.CardImages = func(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) ([]byte, []byte, error) {
		n.keyed()
		key := keys[l][id]
		if key == "" {
			return wbcards.SVG(cat, id, l)
		}
		return m.CardImages(key, func() ([]byte, []byte, error) { return wbcards.SVG(cat, id, l) })
	}
	o.Pages = m.Shared(memoPages, func() any { return wbsite.NewPageCache() }).(*wbsite.PageCache)
	o.RenderSheets = func(cat *wbcatalog.Catalog, jobs []SheetJob) (dist.Files, error) {
		n.keyed()
		return renderSheets(m, cat, ix, keys, jobs)
	}
	return &n
}

// cardLayouts are the content's card layouts; in an incremental rebuild,
// with the last rebuild's layouts of unchanged cards moved in first.
func (c *Content) cardLayouts() *wbcards.Layouts {
	if c.keyed != nil {
		c.keyed()
	}
	return c.layouts
}

// countPages reports the site's card pages drawn and reused.
func (c *Content) countPages() {
	if c.memo != nil && c.opts.Pages != nil {
		c.memo.Count(ruleset.CountPagesRendered, c.opts.Pages.Rendered)
		c.memo.Count(ruleset.CountPagesReused, c.opts.Pages.Reused)
	}
}

// cardKeys are the keys of every card in every language.
func cardKeys(cat *wbcatalog.Catalog, ix *index, salt string) map[wbcatalog.Lang]map[string]string {
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

func rulesSource(cat *wbcatalog.Catalog) []byte {
	var b bytes.Buffer
	for _, p := range cat.Rules {
		fmt.Fprintf(&b, "%s\x00%s\x00%d\x00", p.Lang, p.Path, len(p.Source))
		b.Write(p.Source)
	}
	return b.Bytes()
}

// renderSheets prints the sheets whose cards changed (a sheet's key
// hashes the keys of its cards, in order) and takes the others from the
// memo (the output folder, where the last rebuild wrote them).
func renderSheets(m ruleset.Memo, cat *wbcatalog.Catalog, ix *index, keys map[wbcatalog.Lang]map[string]string, jobs []SheetJob) (dist.Files, error) {
	pages := m.Shared(memoSheetPages, func() any { return render.NewPageCache() }).(*render.PageCache)
	var todo []SheetJob
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
		parts := [][]byte{[]byte(fmt.Sprintf("print\x00%s\x00%s\x00%+v", m.Salt(), j.Path, j.Opts)), []byte(ix.render[l])}
		for _, id := range cards {
			parts = append(parts, []byte(id+"\x00"+keys[l][id]))
		}
		key := hashOf(parts...)
		current[j.Path] = key
		if b, ok := m.Output(j.Path, key); ok {
			_, rel := pipeline.InDir(j.Path)
			out[rel] = b
			continue
		}
		j.Opts.Pages = pages
		todo = append(todo, j)
	}
	files, err := Sheets(cat, todo)
	m.Count(ruleset.CountSheetCompressed, pages.Compressed)
	m.Count(ruleset.CountSheetReused, pages.Reused)
	pages.Sweep() // what these sheets did not use
	if err != nil {
		return nil, err
	}
	for _, j := range todo {
		m.Made(j.Path, current[j.Path])
		_, rel := pipeline.InDir(j.Path)
		out[rel] = files[rel]
	}
	return out, nil
}
