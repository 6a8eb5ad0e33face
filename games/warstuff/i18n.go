package warstuff

import (
	"io/fs"
	"slices"
	"sort"
	"strings"

	"wbtool.dev/wbtool/diag"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/translations"
)

// Warstuff's texts for `wbtool i18n` and the translations lock (package
// translations): the names of profiles, creatures, hordes, bands and
// scenarios, the hordes' entries and the scenarios' summaries, the special
// rules' reminders, the glossary and the interface strings, each at its
// content path ("profiles/scout/name", "reminders/deadly"); and the rules
// chapters. The rules' names are the schema's, not the content's.

var _ ruleset.Translations = (*Content)(nil)

// Texts are the catalog's texts.
func (c *Content) Texts() *translations.Texts {
	cat := c.Catalog
	all := contentTexts(cat, c.textPositions)
	t := &translations.Texts{
		Extra:     c.extra,
		Count:     len(all),
		Missing:   cat.Draft,
		All:       func() []lang.TextAt { return all },
		Positions: c.textPositions,
		Layout:    func(l lang.Lang) translations.Layout { return newCardLayout(cat, l) },
	}
	if len(c.drafts) > 0 {
		t.Langs = append(slices.Clone(lang.Langs), c.drafts...)
	}
	for _, g := range cat.Glossary {
		t.Glossary = append(t.Glossary, lang.Term{ID: g.ID, Term: g.Term, Definition: g.Definition})
	}
	for _, p := range cat.Pages {
		t.Chapters = append(t.Chapters, translations.Chapter{Lang: p.Lang, Path: p.Pos.File})
	}
	return t
}

// contentTexts are the content's texts, sorted by path; a text with no
// entity position is at its own (positions, by lang.TextKey).
func contentTexts(cat *ws.Catalog, positions map[string]diag.Pos) []lang.TextAt {
	var out []lang.TextAt
	eachText(cat, func(pos ws.Pos, t *ws.Text, path ...string) {
		out = append(out, lang.TextAt{Path: path, Text: *t, Pos: pos})
	})
	for i := range out {
		if out[i].Pos.File == "" { // no entity position: the text's own
			for _, l := range lang.Langs {
				if p, ok := positions[lang.TextKey(out[i].Path, l)]; ok {
					out[i].Pos = p
					break
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
}

// eachText calls fn with every text of the content at its path (in the
// catalog: fn may rewrite it) and its entity's position, if any.
func eachText(cat *ws.Catalog, fn func(pos ws.Pos, t *ws.Text, path ...string)) {
	for _, k := range []struct {
		kind string
		ps   []ws.Profile // the catalog's: fn writes into it
	}{{"profiles", cat.Profiles}, {"creatures", cat.Creatures}} {
		for i := range k.ps {
			p := &k.ps[i]
			fn(p.Pos, &p.Name, k.kind, p.ID, "name")
		}
	}
	for i := range cat.Hordes {
		h := &cat.Hordes[i]
		fn(h.Pos, &h.Name, "hordes", h.ID, "name")
		fn(h.Pos, &h.Entries, "hordes", h.ID, "entries")
	}
	for i := range cat.Bands {
		b := &cat.Bands[i]
		fn(b.Pos, &b.Name, "bands", b.ID, "name")
	}
	for i := range cat.Scenarios {
		s := &cat.Scenarios[i]
		fn(s.Pos, &s.Name, "scenarios", s.ID, "name")
		fn(s.Pos, &s.Summary, "scenarios", s.ID, "summary")
	}
	for i := range cat.Rules {
		if r := &cat.Rules[i]; !r.Reminder.IsZero() {
			fn(ws.Pos{}, &r.Reminder, "reminders", r.ID)
		}
	}
	for i := range cat.Glossary {
		g := &cat.Glossary[i]
		fn(ws.Pos{}, &g.Term, "glossary", g.ID, "term")
		fn(ws.Pos{}, &g.Definition, "glossary", g.ID, "definition")
	}
	for i := range cat.Strings {
		s := &cat.Strings[i]
		fn(ws.Pos{}, &s.Text, "strings", s.ID)
	}
}

// lockReport reads the translations lock of the tree (nil without a
// tree): its stale translations are warnings of the checks stage, as
// Warbound's.
func lockReport(c *Content, fsys fs.FS, root string) *translations.LockReport {
	if fsys == nil {
		return nil
	}
	return translations.CheckLock(c.Texts(), fsys, root)
}

// cardLayout is Warstuff's profile cards for the translators' limits
// (translations.Layout): a profile's or creature's name prints on its
// card, a special rule's reminder on every card that has the rule; a text
// fits when those cards still lay out (ProfileCard) with it.
type cardLayout struct {
	cat   *ws.Catalog // a copy whose rules Fits rewrites
	l     ws.Lang
	cards map[string][]*ws.Profile // text key → the cards that print it
}

func newCardLayout(src *ws.Catalog, l ws.Lang) *cardLayout {
	cat := *src
	cat.Rules = slices.Clone(src.Rules)
	ly := &cardLayout{cat: &cat, l: l, cards: map[string][]*ws.Profile{}}
	add := func(kind string, ps []ws.Profile) {
		for i := range ps {
			p := &ps[i]
			ly.cards[kind+"/"+p.ID+"/name"] = append(ly.cards[kind+"/"+p.ID+"/name"], p)
			for _, id := range ruleIDs(p) {
				ly.cards["reminders/"+id] = append(ly.cards["reminders/"+id], p)
			}
		}
	}
	add("profiles", src.Profiles)
	add("creatures", src.Creatures)
	return ly
}

// Cards are the ids of the cards that print the text at key.
func (ly *cardLayout) Cards(key string) []string {
	var ids []string
	for _, p := range ly.cards[key] {
		ids = append(ids, p.ID)
	}
	return ids
}

// Fits lays out the cards (those printing key when nil) with text in
// its place.
func (ly *cardLayout) Fits(key, text string, cards []string) bool {
	set := func(t *ws.Text) { *t = t.With(ly.l, text) }
	var r *ws.Rule
	if id, ok := strings.CutPrefix(key, "reminders/"); ok {
		if r = ly.cat.Rule(id); r == nil {
			return false
		}
		old := r.Reminder
		set(&r.Reminder)
		defer func() { r.Reminder = old }()
	}
	for _, p := range ly.cards[key] {
		if cards != nil && !slices.Contains(cards, p.ID) {
			continue
		}
		card := *p
		if r == nil {
			set(&card.Name)
		}
		if _, err := ProfileCard(ly.cat, &card, ly.l, 0, 0); err != nil {
			return false
		}
	}
	return len(ly.cards[key]) > 0
}

// readDrafts reads the texts of the languages in draft (declared in
// `languages` beyond en and fr): the schema lets them through, and the
// catalog keeps English and French only, so they are read from the
// content files' string literals (schema.TextIndex), each at its place.
// Content that declares none reads nothing.
func (c *Content) readDrafts(fsys fs.FS, root string, declared []string) error {
	for _, l := range declared {
		if l := lang.Lang(l); !slices.Contains(lang.Langs, l) && !slices.Contains(c.drafts, l) {
			c.drafts = append(c.drafts, l)
		}
	}
	if len(c.drafts) == 0 || fsys == nil {
		return nil
	}
	files, _, _, err := schema.ListFiles(fsys)
	if err != nil {
		return err
	}
	ix, _, _, err := translations.IndexFiles(files, root, func(rel string) ([]byte, error) { return fs.ReadFile(fsys, rel) })
	if err != nil {
		return err
	}
	c.extra = map[string]string{}
	for _, t := range contentTexts(c.Catalog, c.textPositions) {
		for _, l := range c.drafts {
			if sites := ix.Strings[t.Key()+"/"+string(l)]; len(sites) == 1 {
				k := lang.TextKey(t.Path, l)
				c.extra[k] = sites[0].Value
				if c.textPositions != nil {
					c.textPositions[k] = sites[0].Pos
				}
			}
		}
	}
	return nil
}

// langs are the languages the outputs publish (cards, sheets, exports,
// site, booklet): English and French, and in a draft build (`--draft`)
// the declared languages in draft, in the order game.cue declares them.
func (c *Content) langs() []lang.Lang {
	if !c.draft || len(c.drafts) == 0 {
		return lang.Langs
	}
	return append(slices.Clone(lang.Langs), c.drafts...)
}

// publishDrafts puts the languages in draft into the catalog's texts for
// a draft build (their translations, read by readDrafts), a text not
// translated yet showing its English (the source); any other build keeps
// English and French only (its outputs are those of a content without
// drafts, byte for byte).
func (c *Content) publishDrafts() {
	if !c.draft || len(c.drafts) == 0 {
		return
	}
	eachText(c.Catalog, func(_ ws.Pos, t *ws.Text, path ...string) {
		for _, l := range c.drafts {
			if s := c.extra[lang.TextKey(path, l)]; s != "" {
				*t = t.With(l, s)
			}
		}
	})
	for _, l := range c.drafts {
		lang.Fill(c.Catalog, l, func(t lang.Text) string { return t.EN })
	}
}

// Languages are the languages the outputs publish (ruleset.Languages).
func (c *Content) Languages() []lang.Lang { return c.langs() }

// asked are the languages a request asks for (nil: every language the
// outputs publish).
func (c *Content) asked(ls []lang.Lang) []lang.Lang {
	if len(ls) == 0 {
		return c.langs()
	}
	return ls
}
