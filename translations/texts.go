package translations

import (
	"slices"
	"sync"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// Texts are a loaded tree's texts as its game gives them: what coverage
// counts and lists, and what the lock tracks.
type Texts struct {
	// Count is the number of texts written in every language that
	// coverage counts (a text missing a language counts too).
	Count int
	// Missing are the texts a draft load filled with a placeholder, in
	// the order coverage lists them.
	Missing []lang.MissingText
	// Chapters are the rules chapters, one file per language.
	Chapters []Chapter
	// All lists every text written in every language, sorted by path;
	// Effects those that describe an engine effect, sorted by path. Each
	// is called once, when needed (a tree with no lock lists none); nil
	// lists none.
	All     func() []lang.TextAt
	Effects func() []Effect
	// Positions are the positions of the texts in each language, keyed
	// by lang.TextKey (where a translator edits the text); a text not
	// there is at its TextAt.Pos.
	Positions map[string]diag.Pos
	// Layout, when set, is the game's card layout in a language, for
	// the exchange files' limits and "prints on" comments (exchange.go).
	Layout func(l lang.Lang) Layout
	// Glossary is the game's glossary, exported as TBX (tbx.go).
	Glossary []lang.Term
	// Langs are the content's languages (nil: lang.Langs): English and
	// French, then those the content declares, in draft (Drafts).
	Langs []lang.Lang
	// Extra are the texts in the declared languages beyond lang.Langs,
	// by lang.TextKey; a text not there is not translated yet.
	Extra map[string]string

	once    sync.Once
	all     []lang.TextAt
	effects []Effect
}

// Effect is a text that describes an engine effect, with the fingerprint
// of that effect (Fingerprint of its data): a text that changed
// while its effect did not may no longer match it.
type Effect struct {
	lang.TextAt
	Effect string
}

// Chapter is a rules chapter in one language: its file as positions show
// it ("content/rules/en/1-intro.md"); chapters of the same base name are
// one chapter's languages.
type Chapter struct {
	Lang lang.Lang
	Path string
}

func (t *Texts) list() {
	t.once.Do(func() {
		if t.All != nil {
			t.all = t.All()
		}
		if t.Effects != nil {
			t.effects = t.Effects()
		}
	})
}

// List is every text (All), listed once.
func (t *Texts) List() []lang.TextAt {
	t.list()
	return t.all
}

// EffectList is every text with an effect (Effects), listed once.
func (t *Texts) EffectList() []Effect {
	t.list()
	return t.effects
}

// Languages are the content's languages: English and French, then the
// declared ones.
func (t *Texts) Languages() []lang.Lang {
	if t.Langs == nil {
		return lang.Langs
	}
	return t.Langs
}

// Draft reports whether l is a language in draft: declared by the
// content beyond lang.Langs, translated as far as it goes, printed
// nowhere yet; its missing texts are listed, never errors.
func (t *Texts) Draft(l lang.Lang) bool {
	return !slices.Contains(lang.Langs, l) && slices.Contains(t.Languages(), l)
}

// In is text x in language l: its lang.Text for English and French, its
// Extra text for a declared language ("" untranslated).
func (t *Texts) In(x lang.TextAt, l lang.Lang) string {
	if slices.Contains(lang.Langs, l) {
		return x.Text.In(l)
	}
	return t.Extra[lang.TextKey(x.Path, l)]
}

// Pos is the position of the text at path in language l, or fallback
// when it is not known.
func (t *Texts) Pos(path []string, l lang.Lang, fallback diag.Pos) diag.Pos {
	if p, ok := t.Positions[lang.TextKey(path, l)]; ok {
		return p
	}
	return fallback
}
