package warstuff

import (
	"io/fs"
	"sort"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
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
		Count:     len(all),
		Missing:   cat.Draft,
		All:       func() []wbcatalog.TextAt { return all },
		Positions: c.textPositions,
	}
	for _, p := range cat.Pages {
		t.Chapters = append(t.Chapters, translations.Chapter{Lang: p.Lang, Path: p.Pos.File})
	}
	return t
}

// contentTexts are the content's texts, sorted by path; a text with no
// entity position is at its own (positions, by wbcatalog.TextKey).
func contentTexts(cat *ws.Catalog, positions map[string]wbcatalog.Pos) []wbcatalog.TextAt {
	var out []wbcatalog.TextAt
	add := func(pos ws.Pos, t ws.Text, path ...string) {
		out = append(out, wbcatalog.TextAt{Path: path, Text: t, Pos: pos})
	}
	for _, p := range cat.Profiles {
		add(p.Pos, p.Name, "profiles", p.ID, "name")
	}
	for _, p := range cat.Creatures {
		add(p.Pos, p.Name, "creatures", p.ID, "name")
	}
	for _, h := range cat.Hordes {
		add(h.Pos, h.Name, "hordes", h.ID, "name")
		add(h.Pos, h.Entries, "hordes", h.ID, "entries")
	}
	for _, b := range cat.Bands {
		add(b.Pos, b.Name, "bands", b.ID, "name")
	}
	for _, s := range cat.Scenarios {
		add(s.Pos, s.Name, "scenarios", s.ID, "name")
		add(s.Pos, s.Summary, "scenarios", s.ID, "summary")
	}
	for _, r := range cat.Rules {
		if r.Reminder != (ws.Text{}) {
			add(ws.Pos{}, r.Reminder, "reminders", r.ID)
		}
	}
	for _, g := range cat.Glossary {
		add(ws.Pos{}, g.Term, "glossary", g.ID, "term")
		add(ws.Pos{}, g.Definition, "glossary", g.ID, "definition")
	}
	for _, s := range cat.Strings {
		add(ws.Pos{}, s.Text, "strings", s.ID)
	}
	for i := range out {
		if out[i].Pos.File == "" { // no entity position: the text's own
			for _, l := range wbcatalog.Langs {
				if p, ok := positions[wbcatalog.TextKey(out[i].Path, l)]; ok {
					out[i].Pos = p
					break
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
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
