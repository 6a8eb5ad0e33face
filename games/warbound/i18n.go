package warbound

import (
	"encoding/json"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/lang"
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
				out = append(out, translations.Effect{TextAt: e.TextAt, Effect: effectFingerprint(e.Effect)})
			}
			return out
		},
		Positions: cat.TextPositions,
		Layout:    func(l lang.Lang) translations.Layout { return newCardLayout(cat, l) },
	}
	for _, g := range cat.Glossary {
		t.Glossary = append(t.Glossary, lang.Term{ID: g.ID, Term: g.Term, Definition: g.Definition})
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

// cardLayout is Warbound's card layout for the translators' limits
// (translations.Layout): a text prints on the cards whose layout reads its
// entity (the incremental keys' closure: a Character's card reads its
// skills and faction), and fits when those cards still lay out with it.
type cardLayout struct {
	cat   *wbcatalog.Catalog // an owned copy, whose texts Fits rewrites
	l     wbcatalog.Lang
	texts map[string]*wbcatalog.Text
	cards map[string][]string // entity id → the cards that read it
}

func newCardLayout(src *wbcatalog.Catalog, l wbcatalog.Lang) *cardLayout {
	cat := wbcards.Owned(src)
	ly := &cardLayout{cat: cat, l: l, texts: map[string]*wbcatalog.Text{}, cards: map[string][]string{}}
	cat.EachText(func(at wbcatalog.TextAt, t *wbcatalog.Text) { ly.texts[at.Key()] = t })
	ix := newIndex(src)
	for _, k := range wbcatalog.Kinds {
		for _, id := range cat.CardIDs(k) {
			seen := map[string]bool{}
			for _, e := range ix.closure([]string{id}) {
				if !seen[e.id] {
					seen[e.id] = true
					ly.cards[e.id] = append(ly.cards[e.id], id)
				}
			}
		}
	}
	return ly
}

// Cards are the cards that print the text at key: those that read its
// entry. Interface strings print on many cards through labels and are
// left out.
func (ly *cardLayout) Cards(key string) []string {
	path := strings.Split(key, "/")
	if len(path) < 2 || path[0] == "strings" || ly.texts[key] == nil {
		return nil
	}
	return ly.cards[path[1]]
}

// Fits lays out the cards (those printing key when nil) with text in
// its place.
func (ly *cardLayout) Fits(key, text string, cards []string) bool {
	t := ly.texts[key]
	if t == nil {
		return false
	}
	old := *t
	if ly.l == wbcatalog.French {
		t.FR = text
	} else {
		t.EN = text
	}
	defer func() { *t = old }()
	if cards == nil {
		cards = ly.Cards(key)
	}
	return wbcards.Fits(ly.cat, ly.l, cards)
}

// effectFingerprint is the fingerprint of an effect's catalog JSON (what
// the lock records of a text's engine effect).
func effectFingerprint(e *wbcatalog.Effect) string {
	b, err := json.Marshal(e)
	if err != nil {
		return ""
	}
	return translations.Fingerprint(string(b))
}
