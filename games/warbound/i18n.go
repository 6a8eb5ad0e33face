package warbound

import (
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/translations"
)

// Warbound's texts for `wbtool i18n` and the translations lock (package
// translations): every bilingual text of the catalog, the card texts with
// an engine effect, the rules chapters.

// LockFile and MaxLockSize are the translations lock's path and bound
// (package translations), for watch, which reads the lock itself.
const (
	LockFile    = translations.LockFile
	MaxLockSize = translations.MaxLockSize
)

var _ ruleset.Translations = (*Content)(nil)

// Texts are the catalog's texts.
func (c *Content) Texts() *translations.Texts { return texts(c.Catalog) }

// texts are cat's texts, listed when the lock asks for them.
func texts(cat *wbcatalog.Catalog) *translations.Texts {
	t := &translations.Texts{
		Count:   cat.Texts,
		Missing: cat.Draft,
		All:     cat.BilingualTexts,
		Effects: func() []translations.Effect {
			var out []translations.Effect
			for _, e := range cat.EffectTexts() {
				out = append(out, translations.Effect{TextAt: e.TextAt, Effect: wbcatalog.EffectFingerprint(e.Effect)})
			}
			return out
		},
		Positions: cat.TextPositions,
	}
	for _, p := range cat.Rules {
		t.Chapters = append(t.Chapters, translations.Chapter{Lang: p.Lang, Path: p.Path})
	}
	return t
}

// WithStale is cat with the stale translations of the lock report in its
// Stale set (a copy: the caller's catalog stays as it was), for the site
// to mark them; draft asks the card faces to tag them too (MarkStale:
// draft printing, wbcards.Drafted). cat itself when nothing is stale.
func WithStale(cat *wbcatalog.Catalog, rep *translations.LockReport, draft bool) *wbcatalog.Catalog {
	if cat == nil || rep == nil || len(rep.Stale) == 0 {
		return cat
	}
	c := *cat
	c.Stale = make(map[string]bool, len(rep.Stale))
	for _, s := range rep.Stale {
		c.Stale[wbcatalog.TextKey(s.Path, s.Lang)] = true
	}
	c.MarkStale = draft
	return &c
}
